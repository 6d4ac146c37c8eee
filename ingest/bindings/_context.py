"""The context the binding rules share while they read one document.

`TextFlow` is the document's content lines as one text (spans map back to cited lines);
`BindingContext` carries what the rules found so far and the shared work: scanning near
keywords, resolving names and defined terms, emitting bindings and aliases with their
locations.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar
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
    lexicon,
)
from ingest._document import LocatedLine, ParsedDocument
from ingest.bindings._names import (
    _INITIAL,
    _PARENT,
    _PWORD,
    COMPANY,
    NamedEntity,
    _company,
    _person,
    described_party,
)

_TITLE_LINE = re.compile(
    r"^\s*(?:(?:[A-Z0-9][A-Za-z0-9&,'’\-/#.]*|and|of|the|for|to|on|in)\s+){0,10}?(?:AGREEMENT|CONTRACT|LEASE|INDENTURE|"
    r"AMENDMENT(?:\s+(?:NO\.?\s*\d+|#\s*\d+))?|GUARANTY|GUARANTEE|NOTE|Agreement|Contract|"
    r"Amendment|Lease|Indenture|POWER\s+OF\s+ATTORNEY|Power\s+of\s+Attorney)\b[A-Za-z0-9 &,'’\-#.()]*$"
)


# A table row cites the lines from the title naming the table's owner down to the row, so
# that its quote states both ends of the binding; a row far below its title cites itself.
_TABLE_QUOTE_LINES = 25


# How far either side of a rule's keyword its match may reach (see BindingContext.scan).
_REACH = 1200


class TextFlow:
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
        """The index of the line holding text offset `pos`."""
        return max(0, bisect.bisect_right(self.starts, pos) - 1)

    def lines_for(self, start: int, end: int) -> tuple[LocatedLine, ...]:
        """The lines the text span [start, end) covers."""
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


# How far an agreement's preamble may run, in characters, unless a caller says otherwise.
PREAMBLE_CHARS = 4000


@dataclass
class BindingContext:
    """What the binding rules share while they read one document.

    Built from the document (`BindingContext(doc, group)`): its content lines as one text
    (`flow`), and what the rules found so far, which later rules read: the defined terms
    (`terms`, alias key -> entity), the agreement's parties, the entities signature blocks
    sign for. Rules emit into it (`emit`, `add_alias`, `emit_party`, `emit_agreement`) and
    resolve names through it (`resolve`, `term`, `who`, `sole_company`); `scan` runs a
    rule's pattern only near its keywords.
    """

    doc: ParsedDocument
    # the independence group every binding of this document carries
    group: str = ""
    # how far an agreement's preamble may run, in characters
    preamble_chars: int = PREAMBLE_CHARS
    flow: TextFlow = field(init=False, repr=False)
    bindings: dict[str, Binding] = field(default_factory=dict, init=False, repr=False)
    # alias key -> alias
    aliases: dict[str, Alias] = field(default_factory=dict, init=False, repr=False)
    # alias key -> entity
    terms: dict[str, NamedEntity] = field(default_factory=dict, init=False, repr=False)
    parties: list[tuple[NamedEntity, str | None, int, int]] = field(
        default_factory=list, init=False, repr=False
    )
    # Each defined term's definition the document's text gives, in text order: (entity, terms,
    # where its name starts, where its bracket ends); a term defined again is listed again.
    definitions: list[tuple[NamedEntity, list[str], int, int]] = field(
        default_factory=list, init=False, repr=False
    )
    # The entities signature blocks sign for, with each block's span, in text order.
    signers: list[tuple[NamedEntity, tuple[int, int]]] = field(
        default_factory=list, init=False, repr=False
    )

    windows: dict[str, list[tuple[int, int]]] = field(default_factory=dict, init=False, repr=False)
    surnames: dict[str, NamedEntity | None] = field(default_factory=dict, init=False, repr=False)
    # `named_in_full`'s answers, by the short name
    in_full: dict[str, NamedEntity | None] = field(default_factory=dict, init=False, repr=False)

    # The pattern of a company's name (a legal form or an organisation's head noun ends it).
    company_pattern: ClassVar[str] = COMPANY

    def __post_init__(self) -> None:
        self.flow = TextFlow(self.doc)

    @staticmethod
    def company(raw: str) -> NamedEntity | None:
        """The company a matched span names ("Austin-based Velo Robotics, Inc." -> "Velo
        Robotics, Inc."), or None where the span is no company's name."""
        return _company(raw)

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
        """The key of this document's own agreement entity."""
        return f"agreement:{self.doc.document_id[:16]}"

    def location(self, lines: Sequence[LocatedLine]) -> SourceLocation:
        """Where `lines` stand: page, section, lines, characters and box on the first page."""
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
        subject: NamedEntity,
        parent: NamedEntity | None,
        binding_type: BindingType,
        span: tuple[int, int],
        attributes: dict[str, str] | None = None,
    ) -> None:
        """Records a binding stated at the text span `span` (once per id; never an entity
        bound to itself)."""
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

    def add_alias(
        self,
        term: str,
        entity: NamedEntity,
        span: tuple[int, int],
        kind: str,
        *,
        lines: Sequence[LocatedLine] | None = None,
    ) -> None:
        """Records `term` as an alias of `entity` (first definition wins), stated at `span`
        (or on `lines`, which may be a running footer's). A document-scoped other name
        (`Alias.document_scoped`) is no defined term the later rules resolve names by."""
        key = entity_key(term)
        if not key or key == entity.key or key in self.aliases or described_party(entity.name):
            return
        if lines is None:
            lines = self.flow.lines_for(*span)
        alias = Alias(
            alias=term,
            alias_key=key,
            entity_name=entity.name,
            entity_key=entity.key,
            document_id=self.doc.document_id,
            kind=kind,
            location=self.location(lines) if lines else None,
        )
        self.aliases[key] = alias
        if not alias.document_scoped:
            self.terms.setdefault(key, entity)

    def resolve(self, raw: str) -> NamedEntity | None:
        """A company name, or a defined term of this document that names one.

        The parent slot of the rules matches any capitalised phrase (so the patterns stay the
        same for every document and compile once); only a phrase that is a company name or a
        defined term, whole, resolves. Leading words before a "the" are dropped ("Annual
        Report The Company's" -> "The Company"), never trailing ones ("Acme Holdings" is not
        "Acme")."""
        ent = _company(raw)
        if ent is not None:
            return ent
        found = self.term(raw)
        if found is None:
            tm = re.search(r"\s(?=[Tt]he\s)", raw.strip())
            if tm:
                found = self.term(raw.strip()[tm.end() :])
        if found is None and raw.strip():
            # the company a defined term names, called by its name less its legal form
            # ("Amazon.com" for "Amazon.com, Inc."): one such company only
            short = {
                e.key: e
                for e in self.terms.values()
                if e.subject_type == SubjectType.LEGAL_ENTITY
                and base_key(e.name) == entity_key(raw.strip(" ,.;:"))
                and base_key(e.name) != entity_key(e.name)
            }
            if len(short) == 1:
                found = next(iter(short.values()))
        if found is None:
            found = self.named_in_full(raw)
        return found

    def named_in_full(self, raw: str) -> NamedEntity | None:
        """The company this document names in full whose name less its legal form is `raw`
        ("co-founder and Chief Executive Officer of Halcyon Robotics" in a release whose "About"
        paragraph writes "Halcyon Robotics, Inc."): the full name written right after those
        words, never a longer name ("Halcyon Robotics Canada Ltd." is another company). Where
        two legal forms follow the words ("Halcyon Robotics, Inc." and its subsidiary
        "Halcyon Robotics GmbH"), the one the document writes most often, if one is; a tie
        resolves nothing."""
        short = " ".join(raw.strip(" ,.;:").split())
        if not short[:1].isupper() or _company(short) is not None:
            return None
        if short not in self.in_full:
            words = r"\s+".join(map(re.escape, short.split()))
            named: dict[str, tuple[int, NamedEntity]] = {}
            for m in re.finditer(
                rf"(?<![\w&.\-]){words},?[ \t]+(?:{lexicon().legal_form_cased})\.?(?![\w&\-])",
                self.flow.text,
            ):
                ent = _company(m.group(0))
                if ent is not None:
                    count, first = named.get(ent.key, (0, ent))
                    named[ent.key] = (count + 1, first)
            ranked = sorted(named.values(), key=lambda ce: (-ce[0], ce[1].key))
            most = (
                ranked[0] if ranked and (len(ranked) == 1 or ranked[0][0] > ranked[1][0]) else None
            )
            self.in_full[short] = most[1] if most else None
        return self.in_full[short]

    def term(self, raw: str) -> NamedEntity | None:
        """The company a defined term of this document names ("the Company", "Acme's"), or None."""
        term = re.sub(r"^(?i:the)\s+", "", raw.strip(" ,.;:"))
        term = re.sub(r"(?:'s|’s)$", "", term)
        found = self.terms.get(entity_key(term))
        if found is not None and found.subject_type == SubjectType.LEGAL_ENTITY:
            return found
        return None

    def parent_pattern(self) -> str:
        """The parent slot of the rules: a company name or a capitalised phrase (a defined
        term when `resolve` finds it among this document's terms)."""
        return _PARENT

    def sole_company(self, pos: int) -> NamedEntity | None:
        """The company a certificate or filing is about: the entity its "Corporation" /
        "Company" defined term names (only when exactly one such term resolves)."""
        found = {
            ent.key: ent
            for key, ent in self.terms.items()
            if key in {"corporation", "company", "registrant"}
            and ent.subject_type == SubjectType.LEGAL_ENTITY
        }
        if len(found) == 1:
            return next(iter(found.values()))
        return None

    def who(self, raw: str) -> NamedEntity | None:
        """A person: a full name, "Mr./Ms./Dr. Surname" when exactly one person of this
        document has that surname, or a defined term naming a person ("the Executive")."""
        person = _person(raw)
        if person is not None:
            return person
        text = raw.strip()
        hm = re.fullmatch(r"(?:Mr|Mrs|Ms|Dr)\.?\s+([A-Z][\w'’\-]+)", text)
        if hm:
            return self.by_surname(hm.group(1))
        found = self.terms.get(entity_key(re.sub(r"^(?i:the)\s+", "", text)))
        if found is not None and found.subject_type == SubjectType.INDIVIDUAL:
            return found
        return None

    def by_surname(self, surname: str) -> NamedEntity | None:
        """The one person of this document with `surname` (None when none or several)."""
        if surname not in self.surnames:
            people: dict[str, NamedEntity] = {}
            for m in re.finditer(
                rf"(?<![\w.'’\-]){_PWORD}(?:[ \t]+{_INITIAL})?[ \t]+{re.escape(surname)}\b",
                self.flow.text,
            ):
                person = _person(m.group(0))
                if person is not None:
                    people[person.key] = person
            for ent in self.terms.values():
                if ent.subject_type == SubjectType.INDIVIDUAL and ent.name.split()[-1] == surname:
                    people[ent.key] = ent
            # Two people share the surname: "Mr. Smith" names neither.
            self.surnames[surname] = next(iter(people.values())) if len(people) == 1 else None
        return self.surnames[surname]

    def agreement_title(self, preamble_start: int) -> str | None:
        """The agreement's title: the document's, a title line above the preamble that opens at
        `preamble_start`, or the "This ... Agreement" it opens with."""
        if self.doc.title and re.search(
            r"(?i)agreement|contract|amendment|lease|\bpowers?\s+of\s+attorney\b|\bindenture\b"
            r"|\bdeed\b|\bmemorandum\s+of\s+understanding\b",
            self.doc.title,
        ):
            return self.doc.title.strip()
        first = self.flow.line_index(preamble_start)
        for line in self.flow.lines[max(0, first - 12) : first]:
            t = line.text.strip()
            if (
                len(t) <= 120
                and _TITLE_LINE.match(t)
                and not t.lower().startswith(("this ", "the "))
                and not re.match(r"\(?\d+(?:\.\d+)*[.)]?\s", t)  # "11.6. COUNTERPARTS. ..."
            ):
                return re.sub(r"\s+", " ", t)
        m = re.search(
            r"(?:This|THIS)\s+((?:[A-Z][\w\-&']*\s+){0,8}(?:Agreement|AGREEMENT|Contract|CONTRACT|Amendment|AMENDMENT))",
            self.flow.text[preamble_start : preamble_start + 400],
        )
        if m and m.group(1).strip().lower() not in {"agreement", "contract", "amendment"}:
            return re.sub(r"\s+", " ", m.group(1))
        return None

    def emit_party(
        self,
        ent: NamedEntity,
        agreement: NamedEntity,
        span: tuple[int, int],
        attrs: dict[str, str],
        role: str | None,
    ) -> None:
        """One party of the agreement, recorded as the document's party."""
        self.emit(
            role="party",
            subject=ent,
            parent=agreement,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            span=span,
            attributes=attrs,
        )
        self.parties.append((ent, role, *span))

    def emit_agreement(
        self,
        agreement: NamedEntity,
        names: Sequence[str],
        span: tuple[int, int],
        date: str | None,
    ) -> None:
        """The agreement itself: its title, its parties in order and its date when known."""
        attrs = {"title": agreement.name, "parties": "; ".join(names)}
        if date:
            attrs["date"] = date
        self.emit(
            role="agreement",
            subject=agreement,
            parent=None,
            binding_type=BindingType.CONTRACTUAL_ROLE,
            span=span,
            attributes=attrs,
        )

    def table_quote_start(self, owner_line: int | None, row: int) -> int:
        """Where a table row's quote starts: at the line naming the table's owner when it
        stands close above on the same page, else at the row."""
        lines = self.flow.lines
        if (
            owner_line is not None
            and 0 <= row - owner_line <= _TABLE_QUOTE_LINES
            and lines[owner_line].page == lines[row].page
        ):
            return self.flow.starts[owner_line]
        return self.flow.starts[row]
