"""Document metadata: title, document type, document date and an agreement's parties."""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from typing import Any

from domain import lexicon, sentence_spans
from ingest._document import DatedLine, LocatedLine, ParsedDocument, UnexecutedMark

_LEXICON = lexicon()
_ABBREVIATIONS = _LEXICON.abbreviations
_MON = f"({_LEXICON.month})"
_DATE_PATTERNS = [
    # January 1, 2020 / January 1st, 2020
    # (also "March 1,1996": typed without the space after the comma)
    re.compile(rf"\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:\s*,\s*|\s+)(\d{{4}})\b", re.IGNORECASE),
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
            month = _LEXICON.month_number(match.group(1)) or 0
            day, year = int(match.group(2)), int(match.group(3))
        elif kind == 1:
            month = _LEXICON.month_number(match.group(2)) or 0
            day, year = int(match.group(1)), int(match.group(3))
        elif kind == 2:
            year, month, day = (int(g) for g in match.groups())
        else:
            month, day, year = (int(g) for g in match.groups())
    except ValueError:
        return None
    if not (1 <= month <= 12 and 1 <= day <= 31 and 1800 <= year <= 2200):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def date_spans(text: str) -> list[tuple[int, int, str]]:
    """Every date in the text as (start, end, ISO date), in order of appearance."""
    found: list[tuple[int, int, str]] = []
    for kind, pattern in enumerate(_DATE_PATTERNS):
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e, _ in found):
                continue
            iso = _iso(m, kind)
            if iso:
                found.append((m.start(), m.end(), iso))
    return sorted(found)


def find_dates(text: str) -> list[tuple[int, str]]:
    """Every date in the text as (offset, ISO date), in order of appearance."""
    return [(start, iso) for start, _, iso in date_spans(text)]


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


# ----------------------------------------------------------------------------- dates that hold


_DOCS: Mapping[str, Any] = lexicon().documents
_DATES: Mapping[str, Any] = _DOCS.get("dates", {})
_SHORT_DATE = re.compile(r"\b(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})\b")


def _compiled(key: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in _DATES.get(key, ()))


_AGREEMENT = _compiled("agreement")
_MEETING = _compiled("meeting")
_CONSENT = _compiled("consent")
_EFFECTIVE = _compiled("effective")
_LABEL = re.compile(_DATES.get("label", r"^dated?\s*:"), re.IGNORECASE)
_EFFECTIVE_LABEL = re.compile(
    _DATES.get("effective_label", r"^effective\s+date\s*:"), re.IGNORECASE
)
# "entered into as of the Effective Date": the agreement's date is its labelled effective date
_AS_OF_EFFECTIVE = re.compile(
    r"\b(?:entered\s+into|made|dated|executed)\s+(?:and\s+\w+\s+(?:into\s+)?)?(?:effective\s+)?"
    r"as\s+of\s+the\s+effective\s+date\b",
    re.IGNORECASE,
)


class _Text:
    """Content lines joined with single spaces, and the way back from an offset to a line."""

    def __init__(self, lines: Sequence[LocatedLine], limit: int) -> None:
        self.lines: list[LocatedLine] = []
        self.starts: list[int] = []
        parts: list[str] = []
        at = 0
        for line in lines:
            if at >= limit:
                break
            self.lines.append(line)
            self.starts.append(at)
            parts.append(line.text)
            at += len(line.text) + 1
        self.text = " ".join(parts)
        self.dates = find_dates(self.text)

    def line_at(self, offset: int) -> LocatedLine:
        return self.lines[max(0, bisect.bisect_right(self.starts, offset) - 1)]

    def cite(self, offset: int, iso: str, basis: str) -> DatedLine:
        line = self.line_at(offset)
        return DatedLine(iso, basis, line.page, line.line_no, line.text)

    def after(
        self,
        anchors: Sequence[re.Pattern[str]],
        basis: str,
        window: int = _ANCHOR_WINDOW,
        *,
        recitals: bool = True,
    ) -> DatedLine | None:
        """The first date within `window` characters after the first anchor that has one;
        with `recitals` False, not in a recital ("WHEREAS, A and B have previously entered
        into the Agreement dated ...": the date of another document)."""
        for anchor in anchors:
            for m in anchor.finditer(self.text):
                if not recitals and self.in_recital(m.start()):
                    continue
                for offset, iso in self.dates:
                    if m.end() <= offset <= m.end() + window:
                        return self.cite(offset, iso, basis)
        return None

    def in_recital(self, offset: int) -> bool:
        """Whether `offset` is in a recital sentence: one that opens with WHEREAS (or says
        "previously") within 300 characters before, with no sentence end between (a period
        after a legal form, "Inc." or "Corp.", ends no sentence)."""
        lo = max(0, offset - 300)
        ends = [m.end() for m in _SENTENCE_END.finditer(self.text, lo, offset)]
        return _RECITAL.search(self.text, max([lo, *ends]), offset) is not None


_SENTENCE_END = re.compile(
    r"(?<!\b[A-Z])(?<!\bInc)(?<!\bCorp)(?<!\bCo)(?<!\bLtd)(?<!\bNo)[.;](?=\s+[A-Z])"
)
_RECITAL = re.compile(r"\bWHEREAS\b|\bWhereas\b|\bpreviously\b|\bRECITALS?\b")


def _signed_on(lines: Sequence[LocatedLine]) -> DatedLine | None:
    """The date an agreement was signed: the latest of its signature blocks' "Date:" fields
    (the agreement is made when the last party signs: "Date: 1/26/2020 | Date: 1/27/2020"),
    else the latest "Place, date" line ("Hamburg, November 19th, 2012")."""
    dated = _all_labelled(lines, _LABEL, "signature")
    if dated:
        # the first signature blocks' dates: those on the page of the first, a few lines
        # apart (an appendix further on has dates of its own)
        first = dated[0]
        dated = [
            d for d in dated if d.page == first.page and d.line_no - first.line_no <= _BLOCK_LINES
        ]
    else:
        dated = [
            DatedLine(found[0][1], "signature", ln.page, ln.line_no, ln.text)
            for ln in lines
            if _PLACE_DATE.match(ln.text) and len(found := find_dates(ln.text)) == 1
        ]
    return max(dated, key=lambda d: (d.date, -d.page, -d.line_no)) if dated else None


_BLOCK_LINES = 15
# "Hamburg, November 19th, 2012": a place and a date, and nothing else on the line.
_PLACE_DATE = re.compile(r"^\s*[A-Z][A-Za-z.'’-]+(?:\s+[A-Z][A-Za-z.'’-]+){0,2},\s*\S.{4,24}$")


def _all_labelled(
    lines: Sequence[LocatedLine], label: re.Pattern[str], basis: str
) -> list[DatedLine]:
    """Every date a `label` introduces, one or several per line ("Date: A | Date: B")."""
    out: list[DatedLine] = []
    for line in lines:
        for m in label.finditer(line.text):
            dated = _date_at(line, line.text[m.end() :], basis)
            if dated is not None:
                out.append(dated)
    return out


def _date_at(line: LocatedLine, rest: str, basis: str) -> DatedLine | None:
    """The date `rest` opens with (long or short form), cited at `line`."""
    found = find_dates(rest[:40])
    if found and found[0][0] <= 2:
        return DatedLine(found[0][1], basis, line.page, line.line_no, line.text)
    short = _SHORT_DATE.match(rest.strip())
    if short:
        month, day, year = (int(g) for g in short.groups())
        if year < 100:
            year += 1900 if year >= 50 else 2000
        if 1 <= month <= 12 and 1 <= day <= 31:
            iso = f"{year:04d}-{month:02d}-{day:02d}"
            return DatedLine(iso, basis, line.page, line.line_no, line.text)
    return None


def _labelled(lines: Sequence[LocatedLine], label: re.Pattern[str], basis: str) -> DatedLine | None:
    """The first line that starts with `label` and goes on with a date (long or short form)."""
    for line in lines:
        m = label.search(line.text)
        if not m:
            continue
        dated = _date_at(line, line.text[m.end() :], basis)
        if dated is not None:
            return dated
    return None


def _date_line(lines: Sequence[LocatedLine]) -> DatedLine | None:
    """A line near the top of the first page that is a date and little else (a letter's or
    notice's date line, "PITTSBURGH, May 7, 2024", "As of December 31, 2023"); a labelled
    field ("Effective Date: ...") is not one."""
    if not lines:
        return None
    first = lines[0].page
    for line in [ln for ln in lines if ln.page == first][:25]:
        found = find_dates(line.text)
        if len(found) != 1 or len(line.text) > 40 or re.search(r"[:\"“”]", line.text):
            continue
        rest = _DATE_TEXT.sub(" ", line.text)
        if len(re.findall(r"[A-Za-z]{2,}", rest)) <= 2:
            return DatedLine(found[0][1], "date_line", line.page, line.line_no, line.text)
    return None


def _month_line(lines: Sequence[LocatedLine]) -> DatedLine | None:
    """A report dated by its month only ("Industry Report - March 2024" under the title): the
    month, "2024-03", with the line. Only a short line near the top that ends with it."""
    if not lines:
        return None
    first = lines[0].page
    top = [ln for ln in lines if ln.page == first][:12]
    for i, line in enumerate(top):
        text = line.text
        if i + 1 < len(top) and re.fullmatch(r"\s*(?:19|20)\d\d\s*", top[i + 1].text):
            text = f"{text} {top[i + 1].text.strip()}"  # "... - March" / "2024"
        m = _MONTH_YEAR.search(text)
        if m and len(text) <= 80:
            month = _LEXICON.month_number(m.group(1))
            if month:
                iso = f"{int(m.group(2)):04d}-{month:02d}"
                return DatedLine(iso, "date_line", line.page, line.line_no, line.text)
    return None


_MONTH_YEAR = re.compile(rf"\b({_LEXICON.month})\.?\s+((?:19|20)\d\d)\s*$", re.IGNORECASE)
_DATE_TEXT = re.compile("|".join(p.pattern for p in _DATE_PATTERNS), re.IGNORECASE)


def dated_statements(
    lines: Sequence[LocatedLine], document_type: str = "other"
) -> tuple[DatedLine | None, DatedLine | None]:
    """(the document's own date, its effective date), each with the line that states it.

    An agreement's own date is the one its preamble gives ("entered into as of", "made this
    ... day of", "This Agreement, dated ..."), else its date line, else the date by its
    signatures; a date another document is cited with ("letter agreements, dated ...") is
    not the document's. Minutes take the meeting's date; written consents theirs. The
    effective date is read apart: "effective as of", "(the "Effective Date")", "Effective
    Date: ...". A document with no such statement falls back to its first date, marked so.
    """
    # a rule of dashes is no content ("made this 1st day of / --- / November, 2003")
    content = [ln for ln in lines if not ln.is_furniture and _WORD.search(ln.text)]
    text = _Text(content, _HEAD_LIMIT)
    effective = (
        text.after(_EFFECTIVE, "effective", window=60)
        or _effective_defined(text)
        or _labelled(text.lines, _EFFECTIVE_LABEL, "effective_label")
    )
    signed = _signed_on(content)
    if not text.dates and signed is None:
        month = _month_line(text.lines) if document_type in ("presentation", "report") else None
        return month, effective
    found: DatedLine | None = None
    if document_type == "minutes":
        found = text.after(_MEETING, "meeting", window=80) or _date_line(text.lines)
    elif document_type == "written_consent":
        found = text.after(_CONSENT, "consent", window=60) or _date_line(text.lines)
    elif document_type == "filing":
        found = _legacy(text, _FILING_ANCHORS, "filing")
    elif document_type in ("presentation", "report"):
        # slides and reports are full of data dates ("as of December 31"): only a date line
        # or a statement of the document's own date counts
        return (
            _date_line(text.lines)
            or text.after(_AGREEMENT, "preamble", window=30)
            or _month_line(text.lines)
        ), effective
    elif document_type in ("letter", "notice", "memo", "press_release"):
        found = _date_line(text.lines) or text.after(_AGREEMENT, "preamble", window=_STRONG_WINDOW)
    else:
        found = text.after(_AGREEMENT, "preamble", window=_STRONG_WINDOW, recitals=False)
        if found is None and effective is not None and _AS_OF_EFFECTIVE.search(text.text):
            found = DatedLine(
                effective.date, "preamble", effective.page, effective.line_no, effective.quote
            )
        found = (
            found
            or _date_line(text.lines)
            or _legacy(text, _PREAMBLE_ANCHORS, "preamble")
            or (effective if effective is not None and effective.basis == "effective" else None)
            or signed
            or effective
            or _legacy(text, _LATER_ANCHORS, "preamble")
        )
    if found is None and text.dates:
        offset, iso = text.dates[0]
        found = text.cite(offset, iso, "first_date")
    return found, effective


def _legacy(text: _Text, anchors: Sequence[str], basis: str) -> DatedLine | None:
    return text.after([re.compile(a, re.IGNORECASE) for a in anchors], basis)


_DEFINED_EFFECTIVE = re.compile(
    r"\(\s*(?:the\s+)?[\"“”']?(?:[A-Z]\w+\s+)?Effective\s+Date[\"“”']?\s*\)"
)


def _effective_defined(text: _Text) -> DatedLine | None:
    """A date just before a defined '(the "Effective Date")'."""
    for m in _DEFINED_EFFECTIVE.finditer(text.text):
        before = [(o, iso) for o, iso in text.dates if m.start() - 40 <= o < m.start()]
        if before:
            offset, iso = before[-1]
            return text.cite(offset, iso, "effective")
    return None


_HEAD_LIMIT = 8000
_WORD = re.compile(r"\w")
# an effective date is not the signature date: it is read after the signatures' dates
# and "dated" alone is how other documents are cited ("the Agreement dated ...")
_PREAMBLE_ANCHORS = [a for a in _DATE_ANCHORS[:5] if not a.startswith(("effective", "dated"))]
_LATER_ANCHORS = [a for a in _DATE_ANCHORS if a not in _PREAMBLE_ANCHORS]
_STRONG_WINDOW = 30  # the date follows "entered into as of" at once


def kind_headings(lines: Sequence[LocatedLine], title: str | None) -> tuple[str, ...]:
    """The first page's heading lines right under the title (a company's name is often the
    title and the document's kind the line below it): up to three, capitals or headings."""
    if not lines:
        return ()
    first = lines[0].page
    found: list[str] = []
    for line in [ln for ln in lines if ln.page == first][:8]:
        letters = [c for c in line.text if c.isalpha()]
        if line.text == title or (title and line.text in title):
            continue
        if line.is_heading or (len(letters) >= 4 and all(c.isupper() for c in letters)):
            found.append(line.text)
            if len(found) == 3:
                break
    return tuple(found)


def document_statements(doc: ParsedDocument) -> dict[str, Any]:
    """What the catalog keeps of a document's own statements: the line its date came from,
    its effective date and, for a draft or an unsigned copy, the mark that shows it."""
    out: dict[str, Any] = {}
    for key, found in (
        ("date_statement", doc.date_statement),
        ("effective_date", doc.effective_date),
    ):
        if found is not None:
            out[key] = {
                "date": found.date,
                "basis": found.basis,
                "page": found.page,
                "line": found.line_no,
                "quote": found.quote,
            }
    if doc.unexecuted is not None:
        out["unexecuted"] = {
            "reason": doc.unexecuted.reason,
            "page": doc.unexecuted.page,
            "line": doc.unexecuted.line_no,
            "quote": doc.unexecuted.quote,
        }
    return out


_UNEXECUTED: Mapping[str, Any] = _DOCS.get("unexecuted", {})
_DRAFT_MARKS = tuple(re.compile(p, re.IGNORECASE) for p in _UNEXECUTED.get("marks", ()))
_SIGNATURE_LINE = re.compile(_UNEXECUTED.get("signature_line", r"^\s*by\s*:"), re.IGNORECASE)
_SIGNED = re.compile(re.escape(_UNEXECUTED.get("signed", "/s/")), re.IGNORECASE)


def unexecuted_mark(lines: Sequence[LocatedLine]) -> UnexecutedMark | None:
    """A DRAFT mark on the first page or in a running header or footer, else signature blocks
    left empty; None for a document that reads as executed (or states nothing either way)."""
    if not lines:
        return None
    first = lines[0].page
    for line in lines:
        if (line.page == first or line.is_furniture) and any(
            m.search(line.text.strip()) for m in _DRAFT_MARKS
        ):
            return UnexecutedMark("draft", line.page, line.line_no, line.text)
    blocks = [ln for ln in lines if _SIGNATURE_LINE.search(ln.text)]
    if not blocks or any(_SIGNED.search(ln.text) for ln in lines):
        return None
    for line in blocks:
        # "Name: Maria Okafor" (also two blocks on one line): a name after a label
        for part in re.split(_SIGNATURE_LINE.pattern.lstrip("^"), line.text, flags=re.IGNORECASE):
            if re.search(r"[A-Za-z]{2,}", part.replace("_", " ")):
                return None
    line = blocks[0]
    return UnexecutedMark("empty_signatures", line.page, line.line_no, line.text)


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
    headings: list[tuple[int, str]] = []
    for i, ln in enumerate(page):
        letters = [c for c in ln.text if c.isalpha()]
        if (
            ln.is_heading or (len(letters) >= 4 and all(c.isupper() for c in letters))
        ) and not re.match(r"^(exhibit|schedule|annex)\s+\S+$", ln.text, re.IGNORECASE):
            headings.append((i, ln.text))
    # A heading that names an agreement is its title, not a legend above it ("... HAS BEEN
    # EXCLUDED FROM THIS EXHIBIT ...") or a party's name ("CISCO SYSTEMS, INC."); a heading
    # right above it that ends in a joining word begins it ("AMENDMENT NO. 3 TO THE
    # NONEXCLUSIVE / VALUE ADDED DISTRIBUTOR AGREEMENT").
    for k, (i, text) in enumerate(headings):
        if _OTHER_TITLE.search(text) and not _LEGEND.search(text):
            break  # a document of another kind: its first heading, as before
        if (
            len(text) <= _TITLE_CHARS
            and _AGREEMENT_TITLE.search(text)
            and not _LEGEND.search(text)
            and not _NUMBERED.match(text)
        ):
            before = headings[k - 1][1] if k > 0 and headings[k - 1][0] == i - 1 else ""
            if before[:1].isupper() and _ENDS_JOINED.search(before) and not _LEGEND.search(before):
                text = f"{before} {text}"
            return text[:200]
    if headings:
        return headings[0][1][:200]
    return page[0].text[:200]


_NUMBERED = re.compile(r"^\(?\d+(?:\.\d+)*[.)]?\s")  # "11.6. COUNTERPARTS. This Agreement ..."
_LEGEND = re.compile(
    "|".join(rf"\b{w}\b" for w in lexicon().legend_words) or r"(?!x)x", re.IGNORECASE
)
# "AMENDMENT NO. 3 TO THE NONEXCLUSIVE", "AMENDED AND RESTATED": a line that ends in a
# joining word or opens an amendment's title; not a party's name above the title ("BANK OF
# AMERICA, N.A.").
_ENDS_JOINED = re.compile(
    r"(?i)\b(?:to|of|and|for|the|between)\s*$"
    r"|^\s*(?:\w+\s+)?(?:amendment|amended|addendum|supplement(?:al)?)\b"
)


_TITLE_CHARS = 120
_AGREEMENT_TITLE = re.compile(
    r"\b(?:"
    + "|".join(
        (
            *lexicon().agreement_words,
            *(w.replace("{of_complement}", "") for w in lexicon().instruments),
        )
    )
    + r")\b",
    re.IGNORECASE,
)
# The title of a document that is no agreement ("MINUTES OF A MEETING ...", "CERTIFICATE OF
# INCORPORATION"): a heading under it that names an agreement is not its title.
_OTHER_TITLE = re.compile(
    "|".join(rf"\b{w}\b" for w in lexicon().other_titles) or r"(?!x)x", re.IGNORECASE
)


# "Form 10-K": a filing names its form by number (vocabulary.yaml documents.filing_forms).
_FILING_FORM = lexicon().filing_form


def _type_rule(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace("{filing_form}", _FILING_FORM), re.IGNORECASE | re.MULTILINE)


_TYPES: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None, bool], ...] = tuple(
    (name, _type_rule(title), _type_rule(first_page) if first_page else None, heading)
    for name, title, first_page, heading in lexicon().document_types
)


def classify(
    title: str | None,
    first_page: str,
    landscape_share: float,
    headings: Sequence[str] = (),
) -> str:
    """Rule-based document type (the lexicon's `documents.types`) over the title, then the
    headings under it ("HALCYON ROBOTICS, INC." over "MINUTES OF A MEETING ..."), then the
    first page's text for the types that a first page states plainly."""
    for kind, rule, _, _ in _TYPES:
        if rule.search(title or ""):
            return kind
    for text in headings:
        for kind, rule, _, heading in _TYPES:
            if heading and rule.search(text):
                return kind
    if landscape_share >= 0.6:
        return "presentation"
    head = first_page[:3000]
    if re.search(
        r"\bthis\b[^.]{0,100}\b(?:agreement|contract|lease|indenture)\b", head, re.IGNORECASE
    ) and not re.search(_FILING_FORM, head):
        return "agreement"
    for kind, _, first, _ in _TYPES:
        # minutes, amendments, certificates ... are named in passing on many first pages:
        # they are trusted in the title only
        if first is not None and first.search(head):
            return kind
    if re.search(r"^\s*to:.*\n(?:.*\n)?\s*from:", head, re.MULTILINE | re.IGNORECASE):
        return "memo"
    if re.search(r"\breport\b", head, re.IGNORECASE):
        return "report"
    return "other"


# ----------------------------------------------------------------------------- parties

_PREAMBLE = re.compile(r"\b(?:by\s+and\s+)?(?:between|among)\b\s*:?\s*", re.IGNORECASE)
_STOP = re.compile(r"\b(?:WITNESSETH|RECITALS|WHEREAS|NOW,?\s+THEREFORE|BACKGROUND)\b")
# What follows a party's name in a preamble and is cut from it (", a Delaware corporation",
# ", an individual resident of ..."): the nouns that describe a party, a few legal forms among
# them. Not the legal-form list (vocabulary.yaml legal_forms): people and bodies too, and
# only the forms a descriptor ends in.
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
