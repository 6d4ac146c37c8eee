"""What a document states it does to an earlier agreement, and the terms it changes.

An amendment, an amended and restated agreement, a supplement, a termination, an assignment
or a waiver names the agreement it acts on ("that certain Master Services Agreement dated as
of September 1, 2021"): its type words and its date, read here with the line that states
them. Clause-level changes ("Section 9.2 ... is hereby deleted in its entirety and replaced",
"the Cap shall be increased to ...", "Schedule A is hereby amended by adding ...") are read
with their lines too. The phrasings are the lexicon's (`documents.relations`, `number`,
`changes`); the target's grammar is a pattern here. Nothing here decides which value is in
force: the skill does, and only for a target that matches an earlier document by type, date
and parties (never by title similarity alone).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import lexicon
from ingest._document import LocatedLine, ParsedDocument
from ingest._metadata import _Text, dated_statements

_DOCS: Mapping[str, Any] = lexicon().documents
_RELATIONS: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = tuple(
    (str(r["name"]), tuple(re.compile(p, re.IGNORECASE) for p in r["patterns"]))
    for r in _DOCS.get("relations", ())
)
_NO_RELATIONS = frozenset(_DOCS.get("no_relations", ()))
# The earlier agreement, as a relation names it: its type words, then its date ("that certain
# Master Services Agreement dated as of September 1, 2021"); joining words inside its title
# ("Supply and Manufacturing Agreement"), its reference ("Number 12965", "ref. DS/C-3957/14
# Issue 7") and its parties ("between Heritage and Premier") may stand between the title and
# the date. Group 1 is the title. Grammar, not words: it stays a pattern, beside its one use.
_TARGET = re.compile(
    r"\b(?:[Tt]hat\s+certain(?:\s+fully\s+executed)?|[Tt]he|[Aa]n?|[Ss]aid|[Tt]heir|[Ii]ts|[Oo]ur)\s+"
    r"((?:[A-Z][\w&'-]*,?\s+(?:(?:and|of|for|&)\s+)?){0,8}?(?:Agreement|Contract|Lease|Indenture))"
    r"\s*,?\s*(?:\([^()]{0,40}\)\s*)?"
    r"(?:(?:[Nn]umber|[Nn]o\.|[Rr]ef\.)\s*[^\s,]+(?:\s+[A-Z][a-z]+\s+\d+)?\s*,?\s*)?"
    r'(?:(?:by\s+and\s+)?(?:between|among)\s+[^.;()"“]{3,120}?\s+)?'
    r"(?:dated|effective|made\s+and\s+entered\s+into|entered\s+into|made"
    r"|with\s+an\s+[Ee]ffective\s+[Dd]ate\s+of)\s+(?:as\s+of\s+|on\s+)?"
)
_NUMBER = re.compile(_DOCS.get("number", r"(?!x)x"), re.IGNORECASE)
_CHANGES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (str(c["kind"]), re.compile(c["pattern"], re.IGNORECASE)) for c in _DOCS.get("changes", ())
)
_ORDINALS = {
    w: i + 1
    for i, w in enumerate(
        [
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
        ]
    )
}
_HEAD = 6000  # the relation and its target are stated at the start


@dataclass(frozen=True, slots=True)
class StatedChange:
    """A change of one term of the earlier agreement: `kind` replaced, deleted, amended,
    added or changed_term; `clause` the section number ("9.2"), schedule ("A") or term
    ("Cap"); `section` the heading path of the stating line (the new text sits under it)."""

    kind: str
    clause: str
    page: int
    line_no: int
    quote: str
    section: str | None


@dataclass(frozen=True, slots=True)
class DocumentRelation:
    """`relation` (amends, amended_and_restated, supplements, terminates, assigns, waives) of
    this document to the agreement it names (`target_type`, `target_date`), with the
    amendment's `number` and `effective_date` when stated, the line naming the target and
    the clause-level changes."""

    relation: str
    target_type: str | None
    target_date: str | None
    number: int | None
    effective_date: str | None
    page: int
    line_no: int
    quote: str
    changes: tuple[StatedChange, ...] = ()
    # where its instrument begins (page, line): a PDF may print the last page of another
    # document before it, or several instruments one after another
    start: tuple[int, int] = (1, 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "relation": self.relation,
            "target_type": self.target_type,
            "target_date": self.target_date,
            "number": self.number,
            "effective_date": self.effective_date,
            "page": self.page,
            "line": self.line_no,
            "quote": self.quote,
            "changes": [
                {
                    "kind": c.kind,
                    "clause": c.clause,
                    "page": c.page,
                    "line": c.line_no,
                    "quote": c.quote,
                    "section": c.section,
                }
                for c in self.changes
            ],
            "start": {"page": self.start[0], "line": self.start[1]},
        }


def _relation_kind(title: str, head: str) -> str | None:
    for name, patterns in _RELATIONS:
        if any(p.search(title) for p in patterns):
            return name
    for name, patterns in _RELATIONS:
        if any(p.search(head) for p in patterns):
            return name
    return None


def _number(title: str, head: str) -> int | None:
    for text in (title, head[:1500]):
        m = _NUMBER.search(text)
        if m:
            return int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2).lower()]
    return None


def _changes(lines: Sequence[LocatedLine]) -> tuple[StatedChange, ...]:
    text = _Text(lines, 10**7)
    found: list[StatedChange] = []
    seen: set[tuple[str, str]] = set()
    for kind, pattern in _CHANGES:
        for m in pattern.finditer(text.text):
            named = m.groupdict()
            clause = (named.get("clause") or m.group(1)).strip()
            if named.get("part"):
                # "the section of Exhibit A entitled "X"": the part of the exhibit
                clause = f"{clause}: {named['part'].strip()}"
            if (kind, clause.lower()) in seen or any(
                c.clause.lower() == clause.lower() for c in found
            ):
                continue
            seen.add((kind, clause.lower()))
            line = text.line_at(m.start())
            found.append(
                StatedChange(kind, clause, line.page, line.line_no, line.text, line.section)
            )
    return tuple(sorted(found, key=lambda c: (c.page, c.line_no, c.kind)))


def document_relations(doc: ParsedDocument) -> tuple[DocumentRelation, ...]:
    """The relations the document states to an earlier agreement (none for most documents):
    its own, then those of later instruments bound into the same PDF (a filing that prints
    Amendment No. 1 and, after its signatures, Amendment #2), each with its own heading,
    number, effective date and changes."""
    if doc.document_type in _NO_RELATIONS:
        return ()
    content = [ln for ln in doc.lines if not ln.is_furniture]
    text = _Text(content, _HEAD)
    title = doc.title or ""
    kind = _relation_kind(title, text.text)
    if kind is None:
        return ()
    target_type = target_date = None
    where = content[0] if content else None
    where_at = 0  # its index in `content` (the head's lines are content's first lines)
    for m in _TARGET.finditer(text.text):
        dates = [(o, iso) for o, iso in text.dates if m.end() <= o <= m.end() + 4]
        if dates:
            target_type = " ".join(m.group(1).split())
            target_date = dates[0][1]
            where_at = bisect.bisect_right(text.starts, m.start()) - 1
            where = content[where_at]
            break
    if where is None:
        return ()
    later = _later_instruments(content, where_at)
    end = later[0][0] if later else len(content)
    effective = doc.effective_date.date if doc.effective_date else doc.document_date
    # a relation stated at the top of a later page opens its instrument there: the pages
    # before it are another document's (the last page of the agreement it amends)
    opens = (
        where.page > content[0].page
        and where.line_no <= _INSTRUMENT_OPENS
        # the pages before do not open the instrument ("FIRST AMENDMENT TO LOAN AGREEMENT"
        # over "This First Amendment ... is entered into ..." on page 1)
        and not any(_opens_instrument(ln.text) for ln in content if ln.page < where.page)
    )
    first = DocumentRelation(
        relation=kind,
        target_type=target_type,
        target_date=target_date,
        # its own number: not that of a later instrument the head also holds
        number=_number(title, _Text(content[:end], _HEAD).text if later else text.text),
        effective_date=effective,
        page=where.page,
        line_no=where.line_no,
        quote=where.text,
        changes=_changes(content[:end]),
        start=(where.page, 1) if opens else (content[0].page, content[0].line_no),
    )
    out = [first]
    for i, (start, at, relation, m_type, m_date) in enumerate(later):
        stop = later[i + 1][0] if i + 1 < len(later) else len(content)
        lines = content[start:stop]
        heading = " ".join(ln.text for ln in content[start:at])
        body = _Text(lines, _HEAD).text
        dated, stated = dated_statements(lines, "amendment")
        own = stated or dated
        out.append(
            DocumentRelation(
                relation=relation,
                target_type=m_type,
                target_date=m_date,
                number=_number(heading, body),
                effective_date=own.date if own else None,
                page=content[at].page,
                line_no=content[at].line_no,
                quote=content[at].text,
                changes=_changes(lines),
                start=(content[start].page, content[start].line_no),
            )
        )
    return tuple(out)


# the lines of a signature block: where one instrument ends and the next may begin
_SIGNATURE_LINE = re.compile(_DOCS.get("signature_block_line", r"(?!x)x"), re.IGNORECASE)
_INSTRUMENT_OPENS = 10  # a relation stated this near the top of its page opens its instrument
_BACK = 14  # lines a later instrument's heading and opening may take above its target


def _later_instruments(
    content: Sequence[LocatedLine], after: int
) -> list[tuple[int, int, str, str, str]]:
    """(first line, target line, relation, target type, target date) of each later
    instrument: a
    statement naming an earlier agreement by type and date that comes after a signature
    block, its instrument starting at the line after that block, under a heading that
    names an amendment or a supplement ("AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT"; not
    an exhibit's "AMENDED AND RESTATED SCHEDULE 2" or a guarantor's consent)."""
    full = _Text(content, 10**7)
    date_at = [o for o, _ in full.dates]
    signatures = [i for i, ln in enumerate(content) if _SIGNATURE_LINE.search(ln.text)]
    found: list[tuple[int, int, str, str, str]] = []
    last = after
    for m in _TARGET.finditer(full.text):
        k = bisect.bisect_left(date_at, m.end())
        if k == len(date_at) or date_at[k] > m.end() + 4:
            continue
        at = bisect.bisect_right(full.starts, m.start()) - 1
        if at <= last:
            continue
        # the last signature line between the previous instrument and this statement
        s = bisect.bisect_left(signatures, at) - 1
        if s < 0 or signatures[s] <= last or at - signatures[s] > _BACK:
            continue
        start = signatures[s] + 1
        kind = _heading_kind(" ".join(ln.text for ln in content[start:at]))
        if kind not in _LATER_KINDS:
            continue
        found.append((start, at, kind, " ".join(m.group(1).split()), full.dates[k][1]))
        last = at
    return found


_LATER_KINDS = ("amends", "supplements")
_OPENING = re.compile(
    r"^\s*(?:this|the)\s+(?:[\w#.]+\s+){0,4}?(?:amendment|addendum|supplement)\b.{0,80}?"
    r"\b(?:entered\s+into|made|dated)\b",
    re.IGNORECASE,
)


def _opens_instrument(line: str) -> bool:
    """A heading that names the relation ("FIRST AMENDMENT TO LOAN AGREEMENT"), or an
    opening sentence ("This First Amendment ... is entered into as of ...")."""
    short = len(line.split()) <= 12 and _relation_kind(line, "") is not None
    return short or _OPENING.match(line) is not None


def _heading_kind(heading: str) -> str | None:
    """The relation a later instrument's heading names, unless it heads an exhibit or a
    schedule of the instrument before it."""
    if re.match(r"\s*(?:exhibit|schedule|annex|appendix|attachment)\b", heading, re.IGNORECASE):
        return None
    return _relation_kind(heading, "")
