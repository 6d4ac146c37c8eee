"""What every binding rule stands on: the shapes of names (companies, persons, titles,
jurisdictions), the document as one flow of lines, and the context a rule emits into.

`_Context.scan` runs a rule's pattern only near its keywords; `_company` and `_person` turn a
matched span into an entity (or refuse it); `_Context.emit` records a binding with the lines
that state it.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from uuid import NAMESPACE_URL, uuid5

from domain import (
    Alias,
    BBox,
    Binding,
    BindingType,
    PageLines,
    SourceLocation,
    SubjectType,
    base_key,
    entity_key,
    is_person_name,
    legal_form,
    lexicon,
    looks_like_company,
)
from ingest._document import LocatedLine, ParsedDocument

_SUFFIX = (
    # the legal forms (vocabulary.yaml legal_forms.written), then an organisation's head noun
    # ("... Bank", "... TRUST") when no capitalised word follows it
    "(?i:" + "|".join(lexicon().legal_forms_written) + ")"
    "|(?:"
    + "|".join(
        form
        for head in sorted(lexicon().organisation_heads)
        for form in (head.capitalize(), head.upper())
    )
    + r")(?![ \t]+[A-Z])"
)


_TOKEN = (
    r"(?:[A-Z0-9][\w'’\-.&/]*|[a-z][A-Z][\w'’\-.&/]*|[a-z][\w\-]*\.(?:com|net|org|io)"
    r"|\((?!(?:[A-Z][a-z]+er|[A-Z][a-z]+or|Company|Client|Customer|Buyer|Seller|Party)\))"
    r"[A-Z][A-Za-z]{1,15}\))"
)


_LINK = r"(?:of|and|&|de|du|do|da|des|für|the|for|la|le|y|e)"


# Lazy over name tokens; then one or more legal forms ("Group, Inc.", "GmbH & Co. KG").
# A superscript ordinal the PDF put inside a name ("Acme, th Incorporated" from a "15th"
# printed above the line) is debris between the name and its legal form.
_STRAY_ORDINAL = r"(?:(?:st|nd|rd|th)[ \t]*\n?[ \t]*)"


# A series of a trust or fund: "Owner Trust 2020-A", "Master Trust, Series 2019-1".
# The designation is a year and a short code, a number, or one to three capitals: never a
# date ("Family Trust 2019-06-30"), nor a word ("Series Trustee", "series The Notes").
_SERIES = (
    r"(?:,?[ \t]+(?:(?:Series|SERIES)[ \t]+)?\d{4}-[A-Z0-9]{1,4}(?![\w/\-])"
    r"|,?[ \t]+(?:Series|SERIES)[ \t]+(?:\d[\w\-]*|[A-Z]{1,3}(?:-?\d+)?)(?![\w\-]))"
)


COMPANY = (
    rf"(?<![\w.&'’\-]){_TOKEN}(?:(?:[ \t]+|[ \t]*\n[ \t]*)(?:{_LINK}\s+)?{_TOKEN}){{0,8}}?,?\s+"
    rf"{_STRAY_ORDINAL}?(?:{_SUFFIX})\b\.?"
    rf"(?:,?\s+(?:[A-Z][a-z]+\s+)?(?:{_SUFFIX})\b\.?)*{_SERIES}?"
)


_INITIAL = r"[A-Z]\."


_PWORD = r"(?:[A-Z][a-z'’\-]+(?:[A-Z][a-z]+)?|[A-Z][A-Z'’\-]+)"


PERSON = (
    rf"(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?(?:{_INITIAL}\s+)?{_PWORD}(?:\s+(?:{_INITIAL}|{_PWORD}|van|von|de|da|del|der|le|la))"
    rf"{{1,3}}(?:,?\s+(?:Jr\.|Sr\.|III|II|IV))?"
)


_LEAD_NOISE = re.compile(
    r"^(?:(?:WHEREAS|Whereas|THIS|This|THE|The|BETWEEN|Between|AND|And|By|BY|Among|AMONG|"
    r"Agreement|AGREEMENT|In|IN|Ladies|Gentlemen|Dear|To|TO|From|FROM|Re|RE|Each|EACH|"
    r"Both|BOTH|Either|Neither|Notwithstanding|If|Upon|When|As|For|With)\s+|"
    r"(?:[A-Z][A-Z]+\s+)+AGREEMENT\s+|"
    # "Minutes of Acme Inc.", "Subsidiaries of Acme Inc.": a document's title around a name.
    r"(?i:minutes|certificate|articles|by-?laws|report|subsidiaries|shareholders|stockholders|"
    r"members|directors|board\s+of\s+directors|meeting)\s+(?i:of)\s+(?:the\s+)?)+"
)


_GENERIC_BASE = frozenset(
    {
        "",
        "company",
        "such",
        "each",
        "said",
        "parent",
        "holding",
        "the",
        "any",
        "other",
        "operating",
        "federal",
        "investment",
    }
)


# Jurisdictions (domain/lexicon/vocabulary.yaml), as regex alternations in file order.
_US_STATES = "|".join(lexicon().us_states)


_COUNTRIES = "|".join(lexicon().countries)


JURISDICTION = rf"(?:{_US_STATES}|{_COUNTRIES}|{_US_STATES.upper()}|{_COUNTRIES.upper()})"


# Officer titles as documents write them (roles.yaml `title_pattern`), in the lexicon's order.
_OFFICER_TITLES: tuple[tuple[str, str], ...] = tuple(
    (role.name, role.title_pattern) for role in lexicon().roles if role.title_pattern
)


_TITLE_ALT = "|".join(f"(?:{p})" for _, p in _OFFICER_TITLES)


_TITLE_PARTS = [(role, re.compile(rf"^(?:{p})$")) for role, p in _OFFICER_TITLES]


def _title_roles(text: str) -> list[str]:
    """The officer roles in a title phrase ("President and CEO" -> ["president", "ceo"])."""
    roles: list[str] = []
    for part in re.split(r"\s*(?:,|\band\b|&|/)\s*", text.strip()):
        part = re.sub(r"\s+", " ", part).strip()
        for role, rx in _TITLE_PARTS:
            if part and rx.match(part):
                roles.append(role)
                break
    return roles


# How far either side of a rule's keyword its match may reach (see _Context.scan).
_REACH = 1200


@dataclass(frozen=True, slots=True)
class _Entity:
    name: str
    key: str
    subject_type: SubjectType


class _Flow:
    """The content lines joined with "\n"; maps spans of this text back to cited lines."""

    def __init__(self, doc: ParsedDocument) -> None:
        self.lines: tuple[LocatedLine, ...] = doc.content_lines()
        starts: list[int] = []
        parts: list[str] = []
        pos = 0
        for line in self.lines:
            starts.append(pos)
            parts.append(line.text)
            pos += len(line.text) + 1
        self.starts = starts
        self.text = "\n".join(parts)
        self._lower: str | None = None

    def keyword_finditer(self, keywords: str) -> Iterator[re.Match[str]]:
        """`re.finditer(keywords, text)`; a case-insensitive keyword list runs case-sensitively
        over the lower-cased text, about ten times faster in `re`, at the same offsets.

        That holds when `keywords` is one `(?i:...)` group whose body has no capital letter
        (so no `\\S`, `[A-Z]`) and lower-casing keeps every offset (it only ever lengthens
        a character, e.g. "İ"); otherwise the pattern runs as written."""
        body = keywords[4:-1] if keywords.startswith("(?i:") and keywords.endswith(")") else ""
        if body and body == body.lower() and _one_group(body):
            if self._lower is None:
                lower = self.text.lower()
                self._lower = lower if len(lower) == len(self.text) else ""
            if self._lower:
                return _compiled(body).finditer(self._lower)
        return _compiled(keywords).finditer(self.text)

    def line_index(self, pos: int) -> int:
        return max(0, bisect.bisect_right(self.starts, pos) - 1)

    def lines_for(self, start: int, end: int) -> tuple[LocatedLine, ...]:
        first = self.line_index(start)
        last = self.line_index(max(start, end - 1))
        return self.lines[first : last + 1]


# The rules' patterns, compiled once per process. `re`'s own cache holds 512 patterns and
# drops the oldest first; names escaped into one-off patterns elsewhere push these large
# ones (every legal form, jurisdiction and title) out of it, and recompiling them cost
# ~40% of binding extraction on filings. The rules are a fixed set of strings.
_compiled = functools.lru_cache(maxsize=None)(re.compile)


def _one_group(body: str) -> bool:
    """Whether "(?i:" + body + ")" is one group: `body`'s parentheses balance and never
    close below zero (so "a)|(?:b" is not taken for a body)."""
    depth = 0
    escaped = False
    for ch in body:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


@dataclass
class _Context:
    doc: ParsedDocument
    group: str
    flow: _Flow
    bindings: dict[str, Binding] = field(default_factory=dict)
    aliases: dict[str, Alias] = field(default_factory=dict)  # alias key -> alias
    terms: dict[str, _Entity] = field(default_factory=dict)  # alias key -> entity
    parties: list[tuple[_Entity, str | None, int, int]] = field(default_factory=list)
    # The entities signature blocks sign for, with each block's span, in text order.
    signers: list[tuple[_Entity, tuple[int, int]]] = field(default_factory=list)

    windows: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    surnames: dict[str, _Entity | None] = field(default_factory=dict)

    def scan(self, pattern: str, keywords: str) -> Iterable[re.Match[str]]:
        """`re.finditer(pattern, text)`, run only near the keywords every match contains.

        Most rules start with a company-name pattern that is costly to try at every position
        of a 500-page filing; a cheap keyword search finds the few places worth trying. The
        windows reach `_REACH` characters either side of each keyword (far more than any
        match spans), so no match is lost or cut, and matches come out in text order."""
        spans = self.windows.get(keywords)
        if spans is None:
            text = self.flow.text
            spans = []
            for km in self.flow.keyword_finditer(keywords):
                lo = text.rfind("\n", 0, max(0, km.start() - _REACH)) + 1
                hi = text.find("\n", min(len(text), km.end() + _REACH))
                hi = len(text) if hi < 0 else hi
                if spans and lo <= spans[-1][1]:
                    spans[-1] = (spans[-1][0], max(spans[-1][1], hi))
                else:
                    spans.append((lo, hi))
            self.windows[keywords] = spans
        rx = _compiled(pattern)
        last = -1
        for lo, hi in spans:
            for m in rx.finditer(self.flow.text, lo, hi):
                if m.start() >= last:
                    last = m.end()
                    yield m

    def unheaded(self, m: re.Match[str], group: str) -> str:
        """A matched name without the heading line it ran in from ("1. Organization\nAcme
        Inc." -> "Acme Inc."): a name never continues a heading."""
        raw = m.group(group)
        while "\n" in raw:
            line = self.flow.lines[self.flow.line_index(m.end(group) - len(raw))]
            if not line.is_heading:
                break
            raw = raw.split("\n", 1)[1]
        return raw

    @property
    def agreement_key(self) -> str:
        return f"agreement:{self.doc.document_id[:16]}"

    def location(self, lines: Sequence[LocatedLine]) -> SourceLocation:
        first, last = lines[0], lines[-1]
        on_first = [ln for ln in lines if ln.page == first.page]
        x0 = min(ln.bbox[0] for ln in on_first)
        y0 = min(ln.bbox[1] for ln in on_first)
        x1 = max(ln.bbox[2] for ln in on_first)
        y1 = max(ln.bbox[3] for ln in on_first)
        pages = sorted({ln.page for ln in lines})
        page_lines: tuple[PageLines, ...] = ()
        if len(pages) > 1:
            page_lines = tuple(
                PageLines(
                    page=p,
                    line_start=min(ln.line_no for ln in lines if ln.page == p),
                    line_end=max(ln.line_no for ln in lines if ln.page == p),
                )
                for p in pages
            )
        return SourceLocation(
            document=self.doc.name,
            document_id=self.doc.document_id,
            page=first.page,
            section=first.section,
            clause=first.clause,
            paragraph=first.paragraph,
            line_start=first.line_no,
            line_end=max(ln.line_no for ln in on_first),
            char_start=first.char_start,
            char_end=last.char_end,
            bbox=BBox(page=first.page, x0=x0, y0=y0, x1=x1, y1=y1),
            pages=page_lines,
        )

    def emit(
        self,
        *,
        role: str,
        subject: _Entity,
        parent: _Entity | None,
        binding_type: BindingType,
        span: tuple[int, int],
        attributes: dict[str, str] | None = None,
    ) -> None:
        if parent is not None and parent.key == subject.key:
            return
        lines = self.flow.lines_for(*span)
        if not lines:
            return
        loc = self.location(lines)
        parent_key = parent.key if parent else ""
        binding_id = str(
            uuid5(
                NAMESPACE_URL,
                f"{self.doc.document_id}:{role}:{subject.key}:{parent_key}:{loc.char_start}",
            )
        )
        if binding_id in self.bindings:
            return
        self.bindings[binding_id] = Binding(
            binding_id=binding_id,
            subject_name=subject.name,
            subject_key=subject.key,
            subject_type=subject.subject_type,
            role=role,
            parent_name=parent.name if parent else None,
            parent_key=parent.key if parent else None,
            binding_type=binding_type,
            attributes=dict(sorted((attributes or {}).items())),
            quote="\n".join(ln.text for ln in lines),
            location=loc,
            independence_group=self.group,
        )

    def add_alias(self, term: str, entity: _Entity, span: tuple[int, int], kind: str) -> None:
        key = entity_key(term)
        if not key or key == entity.key or key in self.aliases:
            return
        lines = self.flow.lines_for(*span)
        self.aliases[key] = Alias(
            alias=term,
            alias_key=key,
            entity_name=entity.name,
            entity_key=entity.key,
            document_id=self.doc.document_id,
            kind=kind,
            location=self.location(lines) if lines else None,
        )
        self.terms.setdefault(key, entity)


def _clean_name(raw: str) -> str:
    # A name may wrap onto the next line, but never continues a heading line above it.
    segments = [seg.strip() for seg in raw.split("\n")]
    kept = [segments[-1]]
    for seg in reversed(segments[:-1]):
        letters = [ch for ch in seg + kept[0] if ch.isalpha()]
        # A legal form alone on the next line ("Ridgeway Freight Systems,\nLLC") has no case
        # of its own to compare.
        bare_form = bool(legal_form("x " + kept[0])) and not base_key("x " + kept[0]).strip("x ")
        same_case = seg.isupper() == kept[0].isupper() or not letters or bare_form
        if not same_case or re.search(r"(?i)\b(?:agreement|exhibit|contract)\b|^\W*$", seg):
            break
        kept.insert(0, seg)
    name = re.sub(r"\s+", " ", " ".join(kept)).strip(" ,;:")
    prev = None
    while prev != name:
        prev = name
        name = _LEAD_NOISE.sub("", name)
    return name.strip(" ,;:")


_NO_DOT_FORMS = frozenset(
    [
        "llc",
        "plc",
        "gmbh",
        "lp",
        "llp",
        "lllp",
        "ag",
        "se",
        "kg",
        "bv",
        "nv",
        "sa",
        "sas",
        "na",
        "company",
        "corporation",
        "limited",
        "incorporated",
        "partnership",
        "trust",
        "bank",
        "fund",
        "association",
        "mhc",
    ]
)


_DESCRIPTOR = re.compile(r"^(?:[A-Z][\w.'’]*[ \t]+){0,3}[A-Z][\w.'’]*-(?:based|headquartered)\s+")


_GENERIC_LEAD = re.compile(
    r"^(?:the\s+)?(?:Company|Corporation|Registrant|Partnership|Borrower|Lender|Parent|Seller|"
    r"Buyer|Purchaser|Customer|Supplier|Licensor|Licensee|Provider)\s+(?:and|&)\s+(?=[A-Z])",
    re.IGNORECASE,
)


def _in_legal_form(words: Sequence[str], idx: int) -> bool:
    """Is words[idx] inside the legal form that ends the name (every word from a capitalised
    one before it on is the form: "Sp. z o.o.", not "a Delaware limited partnership")?"""
    for start in range(idx, 0, -1):
        if not words[start][0].isupper():
            continue
        tail = " ".join(words[start:])
        form = legal_form("x " + tail)
        if form and entity_key("x " + tail) == "x " + form:
            return True
    return False


def _company(raw: str) -> _Entity | None:
    name = _clean_name(raw)
    name = re.sub(rf",?\s+(?:st|nd|rd|th)\s+(?=(?:{_SUFFIX})\b)", ", ", name)
    series = re.search(rf"{_SERIES}$", name)
    if series is not None and series.start() > 0:
        stem = _company(name[: series.start()])
        # Only trusts and funds issue in series; "Acme Corp. Series A" is a class of stock.
        if stem is None or stem.key.rsplit(" ", 1)[-1] not in {"trust", "fund"}:
            return stem
        full = f"{stem.name}{series.group(0)}"
        return _Entity(full, entity_key(full), SubjectType.LEGAL_ENTITY)
    # "Pittsburgh-based Acme Inc.": a descriptor, not part of the name.
    name = _DESCRIPTOR.sub("", name)
    # "between the Company and Beta Inc.": a defined term joined to the next name.
    name = _GENERIC_LEAD.sub("", name)
    # "Jane Roe of Smith & Lane LLP": a person at the firm, the firm is the name.
    of = re.match(r"^(.+?)\s+of\s+(\S.*)$", name)
    if (
        of
        and is_person_name(of.group(1))
        and looks_like_company(of.group(2))
        # "John Deere of Canada Ltd." is one name: the part after "of" is only a place.
        and not re.fullmatch(rf"(?:{JURISDICTION})", base_key(of.group(2)), re.IGNORECASE)
    ):
        name = of.group(2)
    if re.fullmatch(rf"(?:an?\s+)?(?:{JURISDICTION})\s+\w+", name):  # "a Nevada Corporation"
        return None
    # "Chairman and Chief Executive Officer of Best Buy Co., Inc.": the company follows the title.
    tm = re.match(rf"^.*\b(?:{_TITLE_ALT}|Officers?|OFFICERS?)\s+(?:of|OF|at)\s+(\S.*)$", name)
    if tm:
        name = tm.group(1)
    # Addresses and list numbers run into names: "California 92618 and TrueLink, Inc.".
    words = name.split()
    for idx in range(len(words) - 1, -1, -1):
        # ... but a number right before the legal form is part of the name ("EWSD 1, LLC").
        numbered = (
            0 < idx == len(words) - 2
            and re.fullmatch(r"\d{1,3},?", words[idx]) is not None
            and bool(legal_form("x " + words[idx + 1]))
            and not re.search(r"\d", words[idx - 1])
        )
        if (re.fullmatch(r"[\d\-.,:]+", words[idx]) and not numbered) or (
            words[idx].rstrip(",").lower() in {"inc.", "inc", "ltd.", "llc"}
            and idx < len(words) - 2
        ):
            words = words[idx + 1 :]
            break
    while words and words[0].lower() in {"and", "of", "&", "or", "the"} and len(words) > 2:
        words = words[1:]
    name = " ".join(words)
    # A sentence's full stop after a legal form that is not an abbreviation ("... LLC.").
    last = name.rsplit(" ", 1)[-1]
    if last.endswith(".") and "." not in last[:-1] and last[:-1].lower() in _NO_DOT_FORMS:
        name = name[:-1]
    if not name or not looks_like_company(name) or len(name) > 120:
        return None
    # "... The Company": a reference to a defined term, not a name ending in a legal form.
    if re.search(
        r"(?i)(?:^|\s)the\s+(?:company|corporation|partnership|bank|trust|fund)\.?$", name
    ):
        return None
    key = entity_key(name)
    base = key.rsplit(" ", 1)[0] if " " in key else ""
    if not key or base in _GENERIC_BASE or key.split()[0] in {"such", "said", "each", "any"}:
        return None
    # A lower-case word other than a connector means the match ran into prose; a legal form
    # may be written in lower case ("Sp. z o.o.", "S.à r.l.").
    words = name.split()
    for idx, word in enumerate(words):
        if (
            word[0].islower()
            and not re.match(r"[a-z][A-Z]", word)
            and not legal_form("x " + word)
            and word.lower() not in {"of", "and", "de", "du", "do", "da", "des", "the", "for"}
            and not re.search(r"\.(?:com|net|org|io)", word)
            and not _in_legal_form(words, idx)
        ):
            return None
    return _Entity(name, key, SubjectType.LEGAL_ENTITY)


# How a signing capacity or an officer's position reads (the signature page, officer lists):
# "(Principal Executive Officer)" is the capacity in which an officer signs, no office; a
# director of the board, not a "Managing Director" (an officer's title); a board chair. The
# titles are the lexicon's (roles.yaml `title_pattern`; vocabulary.yaml `capacity_words`).
_PRINCIPAL = re.compile(r"(?i)principal\s+(?:executive|financial|accounting)\s+officer")
_DIRECTOR = re.compile(
    rf"(?<![Mm]anaging\s)(?<!MANAGING\s)\b(?:{lexicon().role('director').title_pattern})\b"
)
_CHAIR = re.compile(rf"\b(?:{lexicon().role('chair').title_pattern})\b")
_CAPACITY_WORDS = re.compile(
    r"\b(?:" + "|".join(lexicon().documents.get("capacity_words", ())) + r")\b"
)
_CELL = re.compile(r"\s*\|\s*")
# A person's name as a signature page or an officer list prints it, when the general person
# test doubts it ("Gregory R. Page", "Gérard Vittecoq", "Nicholas (Tom) Long"): the layout
# vouches that a person stands there.
_UPPER = "A-Z\u00c0-\u00de"
_NAME_WORD = rf"[{_UPPER}][a-z\u00df-\u00ff'’-]+(?:-[{_UPPER}][a-z\u00df-\u00ff'’-]+)?"
_LISTED_NAME = re.compile(
    rf"(?:[{_UPPER}]\.\s*)?{_NAME_WORD}(?:\s+\({_NAME_WORD}\))?"
    rf"(?:\s+(?:[{_UPPER}]\.|{_NAME_WORD}|Mc{_NAME_WORD})){{1,3}}(?:,?\s+(?:Jr\.?|Sr\.?|III|II|IV))?"
)


def _table_cells(text: str) -> list[str]:
    """A table row's cells as the parser joins them (" | "), each stripped (a left-to-right
    mark dropped)."""
    return [c.strip() for c in _CELL.split(text.replace("\u200e", "")) if c.strip()]


def _is_capacity(text: str) -> bool:
    """Does a cell state a capacity or a position ("Director", "Chairman of the Board",
    "(Principal Financial Officer)", "Senior Vice President, General Counsel")?"""
    t = re.sub(r"[()]", " ", text)
    return bool(
        _DIRECTOR.search(t)
        or _CHAIR.search(t)
        or _PRINCIPAL.search(t)
        or _CAPACITY_WORDS.search(t)
        or _title_roles(t)
    )


def _named_person(raw: str) -> _Entity | None:
    """A person's name, whole, where a layout vouches that a person stands (a signer, a row
    of an officer list): the general person test, else the looser shape of a name; never a
    capacity or a list's heading ("Executive Officers | 20" in a table of contents)."""
    text = re.sub(r"\s+", " ", raw).strip(" ,")
    if _is_capacity(text) or re.search(r"(?i)\b(?:officers?|directors?|board)\b", text):
        return None
    person = _person(text)
    if person is not None and person.name == text:
        return person
    if _LISTED_NAME.fullmatch(text):
        return _Entity(text, entity_key(text), SubjectType.INDIVIDUAL)
    return None


def _person(raw: str) -> _Entity | None:
    lines = raw.strip().split("\n")
    if len(lines) == 2 and len(lines[0].split()) == 1 and len(lines[1].split()) >= 2:
        # "... of Activision Blizzard\nRobert A. Kotick, Chief ...": the last word of the line
        # above ran into a full name on its own line.
        alone = _person(lines[1])
        if alone is not None:
            return alone
    name = _clean_name(raw)
    name = re.sub(r"^(?:Mr|Mrs|Ms|Dr)\.?\s+", "", name)
    # "/s/ Jane Roe" above "Jane Roe, Incorporator": the name read twice across the break.
    words = name.split()
    half = len(words) // 2
    if len(words) % 2 == 0 and half >= 2 and words[:half] == words[half:]:
        name = " ".join(words[:half])
    if not is_person_name(name):
        # "... of the Company\nJane Roe, counsel": the match began on the line above.
        if "\n" in raw.strip():
            return _person(raw.strip().rsplit("\n", 1)[1])
        return None
    return _Entity(name, entity_key(name), SubjectType.INDIVIDUAL)
