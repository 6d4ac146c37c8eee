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
from ingest._metadata import _Text

_DOCS: Mapping[str, Any] = lexicon().documents
_RELATIONS: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = tuple(
    (str(r["name"]), tuple(re.compile(p, re.IGNORECASE) for p in r["patterns"]))
    for r in _DOCS.get("relations", ())
)
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
    """The relation the document states to an earlier agreement (none for most documents)."""
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
    effective = doc.effective_date.date if doc.effective_date else doc.document_date
    return (
        DocumentRelation(
            relation=kind,
            target_type=target_type,
            target_date=target_date,
            number=_number(title, text.text),
            effective_date=effective,
            page=where.page,
            line_no=where.line_no,
            quote=where.text,
            changes=_changes(content),
        ),
    )
