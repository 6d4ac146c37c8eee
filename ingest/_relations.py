"""What a document states it does to an earlier agreement, and the terms it changes.

An amendment, an amended and restated agreement, a supplement, a termination, an assignment
or a waiver names the agreement it acts on ("that certain Master Services Agreement dated as
of September 1, 2021"): its type words and its date, read here with the line that states
them. Clause-level changes ("Section 9.2 ... is hereby deleted in its entirety and replaced",
"the Cap shall be increased to ...", "Schedule A is hereby amended by adding ...") are read
with their lines too. The phrasings are the lexicon's (`documents.relations`, `target`,
`number`, `changes`). Nothing here decides which value is in force: the skill does, and only
for a target that matches an earlier document by type, date and parties (never by title
similarity alone).
"""

from __future__ import annotations

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
_TARGET = re.compile(_DOCS.get("target", r"(?!x)x"))
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
    for m in _TARGET.finditer(text.text):
        dates = [(o, iso) for o, iso in text.dates if m.end() <= o <= m.end() + 4]
        if dates:
            target_type = " ".join(m.group(1).split())
            target_date = dates[0][1]
            where = text.line_at(m.start())
            break
    if where is None:
        return ()
    later = _later_instruments(content, content.index(where) if where in content else 0)
    end = later[0][0] if later else len(content)
    effective = doc.effective_date.date if doc.effective_date else doc.document_date
    first = DocumentRelation(
        relation=kind,
        target_type=target_type,
        target_date=target_date,
        number=_number(title, text.text),
        effective_date=effective,
        page=where.page,
        line_no=where.line_no,
        quote=where.text,
        changes=_changes(content[:end]),
    )
    out = [first]
    for i, (start, at, m_type, m_date) in enumerate(later):
        stop = later[i + 1][0] if i + 1 < len(later) else len(content)
        lines = content[start:stop]
        heading = " ".join(ln.text for ln in content[start:at])
        body = _Text(lines, _HEAD).text
        relation = _relation_kind(heading, body)
        if relation is None:
            continue
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
            )
        )
    return tuple(out)


# the lines of a signature block: where one instrument ends and the next may begin
_SIGNATURE_LINE = re.compile(r"^\s*(?:by|name|title|date|its)\s*:|/s/", re.IGNORECASE)
_BACK = 14  # lines a later instrument's heading and opening may take above its target


def _later_instruments(
    content: Sequence[LocatedLine], after: int
) -> list[tuple[int, int, str, str]]:
    """(first line, target line, target type, target date) of each later instrument: a
    statement naming an earlier agreement by type and date that comes after a signature
    block, its instrument starting at the line after that block."""
    full = _Text(content, 10**7)
    found: list[tuple[int, int, str, str]] = []
    last = after
    for m in _TARGET.finditer(full.text):
        dates = [(o, iso) for o, iso in full.dates if m.end() <= o <= m.end() + 4]
        if not dates:
            continue
        line = full.line_at(m.start())
        at = content.index(line)
        if at <= last:
            continue
        signed = [i for i in range(last + 1, at) if _SIGNATURE_LINE.search(content[i].text)]
        if not signed or at - signed[-1] > _BACK:
            continue
        found.append((signed[-1] + 1, at, " ".join(m.group(1).split()), dates[0][1]))
        last = at
    return found
