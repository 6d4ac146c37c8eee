"""Document metadata: title, document type, document date and an agreement's parties."""

from __future__ import annotations

import re
from collections.abc import Sequence

from domain import lexicon
from ingest._document import LocatedLine
from ingest._structure import _ABBREVIATIONS, sentence_spans

_MONTHS = {m: i + 1 for i, m in enumerate(lexicon().months)}
_MONTH_ABBR = {m[:3]: n for m, n in _MONTHS.items()} | {"sept": 9}
_MON = r"(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
_DATE_PATTERNS = [
    # January 1, 2020 / January 1st, 2020
    re.compile(rf"\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?\s*,?\s+(\d{{4}})\b", re.IGNORECASE),
    # 1st day of January, 2020 / 1 January 2020
    re.compile(
        rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?{_MON},?\s+(\d{{4}})\b", re.IGNORECASE
    ),
    re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"),
    re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"),
]
# Anchors in priority order: the first one followed closely by a date wins.
_DATE_ANCHORS = [
    r"entered\s+into\s+(?:and\s+)?(?:effective\s+)?(?:as\s+of|on)",
    r"made\s+(?:and\s+entered\s+into\s+)?(?:effective\s+)?(?:as\s+of|on)",
    r"effective\s+(?:as\s+of|date|on)",
    r"dated\s+(?:as\s+of)?",
    r"executed\s+(?:on|as\s+of)",
    r"date\s+of\s+report",
    r"filed\s+(?:on|with)",
    r"as\s+of",
    r"fiscal\s+(?:year|quarter|period)\s+ended",
    r"(?:quarterly\s+)?period\s+ended",
]
_ANCHOR_WINDOW = 120


def _iso(match: re.Match[str], kind: int) -> str | None:
    try:
        if kind == 0:
            month = _MONTH_ABBR[match.group(1).lower().rstrip(".")[:4].rstrip("t")[:3]]
            day, year = int(match.group(2)), int(match.group(3))
        elif kind == 1:
            month = _MONTH_ABBR[match.group(2).lower().rstrip(".")[:3]]
            day, year = int(match.group(1)), int(match.group(3))
        elif kind == 2:
            year, month, day = (int(g) for g in match.groups())
        else:
            month, day, year = (int(g) for g in match.groups())
    except (KeyError, ValueError):
        return None
    if not (1 <= month <= 12 and 1 <= day <= 31 and 1800 <= year <= 2200):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def find_dates(text: str) -> list[tuple[int, str]]:
    """Every date in the text as (offset, ISO date), in order of appearance."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in enumerate(_DATE_PATTERNS):
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            iso = _iso(m, kind)
            if iso:
                found.append((m.start(), iso))
                taken.append((m.start(), m.end()))
    return sorted(found)


_FILING_ANCHORS = _DATE_ANCHORS[5:7] + _DATE_ANCHORS[8:] + _DATE_ANCHORS[:5] + _DATE_ANCHORS[7:8]


def document_date(head: str, document_type: str = "other") -> str | None:
    """The document's date from its first pages: anchored phrases first, then the first date."""
    dates = find_dates(head)
    if not dates:
        return None
    anchors = _FILING_ANCHORS if document_type == "filing" else _DATE_ANCHORS
    for anchor in anchors:
        for m in re.finditer(anchor, head, re.IGNORECASE):
            for offset, iso in dates:
                if m.end() <= offset <= m.end() + _ANCHOR_WINDOW:
                    return iso
    return dates[0][1]


# ----------------------------------------------------------------------------- title and type


def title_of(lines: Sequence[LocatedLine], body_size: float) -> str | None:
    """The largest text near the top of the first page with text, else its first heading."""
    if not lines:
        return None
    first_page = lines[0].page
    page = [ln for ln in lines if ln.page == first_page][:40]
    biggest = max(ln.font_size for ln in page)
    if biggest >= 1.2 * body_size:
        picked: list[str] = []
        for ln in page:
            if ln.font_size >= biggest - 0.5:
                picked.append(ln.text)
            elif picked:
                break
        return " ".join(picked)[:200]
    for ln in page:
        letters = [c for c in ln.text if c.isalpha()]
        if (
            ln.is_heading or (len(letters) >= 4 and all(c.isupper() for c in letters))
        ) and not re.match(r"^(exhibit|schedule|annex)\s+\S+$", ln.text, re.IGNORECASE):
            return ln.text[:200]
    return page[0].text[:200]


_TYPE_RULES: list[tuple[str, str]] = [
    ("press_release", r"\bpress release\b|\bfor immediate release\b|\bnews release\b"),
    (
        "filing",
        r"\bform\s+(?:10-k|10-q|8-k|20-f|s-1|s-4|def\s*14a|6-k|40-f)\b|"
        r"securities and exchange commission|pursuant to section 13 or 15\(d\)",
    ),
    ("amendment", r"\bamendment\b"),
    ("certificate", r"\bcertificate of\b|\bcertificate\b"),
    ("bylaws", r"\bby-?laws\b"),
    ("minutes", r"\bminutes of\b|\bminutes\b"),
    ("memo", r"\bmemorandum\b(?! of understanding)|\bmemo\b"),
    (
        "financial_statement",
        r"\bfinancial statements?\b|\bbalance sheets?\b|\bstatements? of (?:operations|income|cash flows)\b",
    ),
    ("presentation", r"\bpresentation\b|\binvestor day\b|\bearnings call\b"),
    ("schedule", r"^schedule\b"),
    (
        "agreement",
        r"\bagreement\b|\bcontract\b|\blease\b|\bindenture\b|\bmemorandum of understanding\b|"
        r"\bterm sheet\b|\bletter of intent\b|\bnote purchase\b|\blicen[cs]e\b",
    ),
    ("letter", r"^dear\b|\bsincerely\b|\byours truly\b"),
    ("report", r"\breport\b|\bearnings\b|\bresults\b"),
]


def classify(title: str | None, first_page: str, landscape_share: float) -> str:
    """Rule-based document type over the title, then the first page's text."""
    t = (title or "").lower()
    for kind, rule in _TYPE_RULES:
        if re.search(rule, t, re.MULTILINE):
            if kind == "amendment" and not re.search(r"agreement|bylaws|certificate|charter", t):
                continue
            return kind
    if landscape_share >= 0.6:
        return "presentation"
    head = first_page.lower()[:3000]
    if re.search(
        r"\bthis\b[^.]{0,100}\b(?:agreement|contract|lease|indenture)\b", head
    ) and not re.search(r"\bform\s+(?:10-k|10-q|8-k|20-f)\b", head):
        return "agreement"
    for kind, rule in _TYPE_RULES:
        if kind in ("amendment", "certificate", "minutes", "schedule", "report", "memo"):
            # too common in passing on a first page; trust them only in the title
            continue
        if re.search(rule, head, re.MULTILINE):
            return kind
    if re.search(r"^\s*to:.*\n(?:.*\n)?\s*from:", head, re.MULTILINE):
        return "memo"
    if re.search(r"\breport\b", head):
        return "report"
    return "other"


# ----------------------------------------------------------------------------- parties

_PREAMBLE = re.compile(r"\b(?:by\s+and\s+)?(?:between|among)\b\s*:?\s*", re.IGNORECASE)
_STOP = re.compile(r"\b(?:WITNESSETH|RECITALS|WHEREAS|NOW,?\s+THEREFORE|BACKGROUND)\b")
_DESCRIPTOR = re.compile(
    r",?\s+(?:an?|the)\s+(?:[\w.\-]+\s+){0,6}?"
    r"(?:corporation|company|partnership|limited|entity|bank|association|individual|trust|"
    r"organization|organisation|society|institution|firm|llc|l\.l\.c\.|lp|plc|gmbh|"
    r"state|resident|citizen|person|agency|authority|municipality|university|foundation)\b.*$",
    re.IGNORECASE | re.DOTALL,
)
_OPERATIVE = re.compile(
    r"entered\s+into|is\s+made|made\s+and\s+entered|dated\s+as\s+of|\bthis\b[^.]{0,80}\b(?:agreement|contract|lease)",
    re.IGNORECASE,
)
_PAREN = re.compile(r"\([^()]*\)")
_SPLIT = re.compile(r";\s*(?:and\s+)?|,?\s+and\s+(?=[A-Z])")


_DEFINED_TERM = re.compile(
    r"\(\s*(?:the\s+|each\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?|herein\s+)?"
    r"[\"“”'‘][^()]{1,60}?[\"“”'’][^()]{0,60}\)"
)
_NAME_END = re.compile(
    r",\s+(?=[a-z(])|,\s+(?:an?|the)\s|\s+\(|\s+(?:with|having|whose|located|organized|incorporated|"
    r"acting|represented|doing)\b|,?\s+(?:a|an)\s+(?=[A-Z][a-z]+\s+(?:corporation|company|limited|"
    r"general|banking|national|state))"
)
_LEAD = re.compile(r"^(?:\W|\d\)|and\b|party\s+[a-z0-9]\s*:)+", re.IGNORECASE)
_AND_NAME = re.compile(r"(?:,\s*|\s+)and\s+(?=[A-Z])")
_COMMA_NAME = re.compile(r",\s+(?=[A-Z])")
_NOT_NAME = re.compile(r"\b(?:is|are|shall|will|agree|agrees|hereby|referred)\b")


def _parties_by_defined_terms(rest: str) -> tuple[str, ...]:
    """Names that precede a defined-term parenthetical: 'Acme, Inc., a ... ("Supplier")'."""
    parties: list[str] = []
    start = 0
    for m in _DEFINED_TERM.finditer(rest):
        segment = re.sub(r"\s+", " ", rest[start : m.start()])
        start = m.end()
        if parties:
            # after the first party, a segment carries that party's trailing descriptors
            # ("an Arkansas corporation, and Beta Co.") before the next name
            segment = _AND_NAME.split(segment)[-1]
            if not _LEAD.sub("", segment.strip())[:1].isupper():
                segment = _COMMA_NAME.split(segment, maxsplit=1)[-1]
        segment = _LEAD.sub("", segment.strip()).strip()
        end = _NAME_END.search(segment)
        name = (segment[: end.start()] if end else segment).strip(" ,;:\"'“”")
        if (
            name
            and name[0].isupper()
            and len(name.split()) <= 12
            and not _NOT_NAME.search(name)
            and name not in parties
        ):
            parties.append(name)
        if len(parties) >= 6:
            break
    return tuple(parties)


def preamble_parties(text: str) -> tuple[str, ...]:
    """Parties of an agreement's preamble ('by and between X, a ... ("A"), and Y')."""
    matches = list(_PREAMBLE.finditer(text[:6000]))
    if not matches:
        return ()
    # the operative preamble ("... is entered into ... between") beats a cover page's "between"
    m = next(
        (x for x in matches if _OPERATIVE.search(text[max(0, x.start() - 300) : x.start()])),
        matches[0],
    )
    rest = text[m.end() : m.end() + 1500]
    stop = _STOP.search(rest)
    if stop:
        rest = rest[: stop.start()]
    spans = sentence_spans(rest)
    if spans:
        rest = rest[: spans[0][1]]
    by_terms = _parties_by_defined_terms(rest)
    if by_terms:
        return by_terms
    rest = _PAREN.sub(" ", _PAREN.sub(" ", rest))
    rest = re.sub(r"\s+", " ", rest)
    parties: list[str] = []
    for chunk in _SPLIT.split(rest):
        name = _DESCRIPTOR.sub("", chunk)
        # an address or other trailing detail after the name
        name = re.split(r",\s+(?:with|having|whose|located|organized|incorporated)\b", name)[0]
        name = re.sub(r"^(?:and\s+|the\s+)", "", name.strip(" ,;:\"'“”"), flags=re.IGNORECASE)
        name = re.split(r"\s+(?:dated|as\s+of|effective|hereinafter|for\s+the\s+purpose)\b", name)[
            0
        ]
        name = name.strip(" ,;:\"'“”")
        if (
            name.endswith(".")
            and name.rsplit(None, 1)[-1].lower().rstrip(".") not in _ABBREVIATIONS
        ):
            name = name.rstrip(".")
        if (
            name
            and name[0].isupper()
            and 2 <= len(name) <= 120
            and len(name.split()) <= 12
            and name not in parties
        ):
            parties.append(name)
        if len(parties) >= 6:
            break
    return tuple(parties)
