"""Restated figures (issue 35, item 4): a later filing of the company that prints another
figure for the same concept and period restates the earlier one.

Two filings' cells of one concept and period that disagree are a conflict, surfaced and never
arbitrated, unless the filings are ordered: an annual report is placed at the fiscal year end
its cover states ("For the fiscal year ended December 31, 2019"), another filing at the latest
end of its columns of months (a 10-Q's quarter), else of its primary statements' columns
(never a market risk or maturity table's future years), and the filing placed latest states
the figure in force when
- it is placed strictly after every filing that prints another figure (a later fiscal
  year's 10-K, a 10-K after the 10-Q of one of its quarters), and
- it is an annual report (its cover states the fiscal year it reports: a 10-K): a 10-Q, an
  8-K's recast or an earnings release printing a period otherwise restates nothing (a recast
  for discontinued operations changes what a line item covers), and
- every filing placed there prints that one figure (two copies of one period's filing that
  disagree stay a conflict), and
- no filing prints two figures for it (two tables of one filing that disagree are a
  disagreement, whichever filing is later).
The figure in force is concluded only when the question asks for it as restated
(domain.restated_asked): a plain question leaves open whether it asks the figure as
originally reported (the filing of that period) or as restated, so both are cited and the
restatement shown, nothing concluded (skill/_skill.py). A figure printed again rounded
(millions beside thousands) is the same figure: the figure reader leaves it out before
(skill/_figures.py `matching_cells`). The earlier figure is never
dropped: its cells stay evidence, listed as the restated value's history, in the shape an
amendment's supersession has (skill/_answer.py `Supersession`, relation "restated").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Hashable, Mapping, Sequence

from domain import StatementCell
from skill._answer import EvidenceUnit, SupersededValue, Supersession
from skill._conclude import Grouped
from skill._figures import of_a_primary_statement, operand_amount

_FISCAL_YEAR = re.compile(r"^FY((?:19|20)\d{2})$")
_SPAN_END = re.compile(r"^\d+M:(\d{4}-\d{2}-\d{2})$")


def _period_end(cell: StatementCell, year_end: tuple[int, int] | None) -> str | None:
    """The ISO date the cell's period ends on: as its header prints it, else its fiscal
    year's end (the company's fiscal year end, December 31 when no filing states one)."""
    if cell.period_end and re.fullmatch(r"\d{4}-\d{2}-\d{2}", cell.period_end):
        return cell.period_end
    span = _SPAN_END.match(cell.period)
    if span:
        return span.group(1)
    year = _FISCAL_YEAR.match(cell.period)
    if year:
        month, day = year_end or (12, 31)
        return f"{year.group(1)}-{month:02d}-{day:02d}"
    return None


def filings_placed(
    cells: Sequence[tuple[str, StatementCell]],
    year_end: tuple[int, int] | None,
    covers: Mapping[str, str],
) -> dict[str, str]:
    """Each filing among `cells` (document id, cell pairs: all of its cells) placed at a
    date (ISO): an annual report at the fiscal year end its cover states (`covers`), another
    filing at the latest end of its columns of months, else of its primary statements'
    columns; a filing with none of these is not placed."""
    spans: dict[str, str] = {}
    statements: dict[str, str] = {}
    for document_id, cell in cells:
        end = _period_end(cell, year_end)
        if end is None:
            continue
        if cell.months is not None and end > spans.get(document_id, ""):
            spans[document_id] = end
        if of_a_primary_statement(cell) and end > statements.get(document_id, ""):
            statements[document_id] = end
    placed = {**statements, **spans}
    placed.update(covers)
    return placed


def in_force(
    stated: Sequence[tuple[str, Hashable]],
    placed: Mapping[str, str],
    annual: Collection[str],
) -> tuple[Hashable, frozenset[str]] | None:
    """The value in force among `stated` ((document id, value) pairs of one concept and
    period) and the documents whose values it restates, or None when there is no
    restatement: one value only, a filing not placed, a filing that states two values, the
    latest filings' values not one, or a latest filing not among the `annual` reports."""
    values: dict[str, set[Hashable]] = {}
    for document_id, value in stated:
        values.setdefault(document_id, set()).add(value)
    if len({v for vs in values.values() for v in vs}) < 2:
        return None
    if any(d not in placed for d in values) or any(len(vs) > 1 for vs in values.values()):
        return None
    latest = max(placed[d] for d in values)
    current = {v for d, vs in values.items() if placed[d] == latest for v in vs}
    if len(current) != 1 or any(placed[d] == latest and d not in annual for d in values):
        return None
    value = next(iter(current))
    return value, frozenset(d for d, vs in values.items() if value not in vs)


class RestatedFigures:
    """The restatement step of a figure answer: the values in force of each claim (its
    groups, as `ValueJudge.run` takes a superseder) and the supersessions, and the operand
    cells in force of a metric."""

    def __init__(self, placed: Mapping[str, str], annual: Collection[str]) -> None:
        self.placed = dict(placed)
        self.annual = frozenset(annual)

    @classmethod
    def of_filings(
        cls,
        cells: Sequence[tuple[str, StatementCell]],
        year_end: tuple[int, int] | None,
        covers: Mapping[str, str],
    ) -> RestatedFigures:
        """The step for the filings of `cells` (every cell of each), placed as
        `filings_placed` places them; `covers`: each annual report's fiscal year end as its
        cover states it (ISO), the annual reports being the only filings that restate."""
        return cls(filings_placed(cells, year_end, covers), covers.keys())

    def run(self, groups: Sequence[Grouped]) -> tuple[list[Grouped], list[Supersession]]:
        """Each group whose values a later filing restates, as its value in force, with the
        supersession recording what it replaced."""
        out: list[Grouped] = []
        records: list[Supersession] = []
        for group in groups:
            stated = [
                (u.source_location.document_id, value)
                for value, units in group.values
                for u in units
            ]
            found = in_force(stated, self.placed, self.annual)
            if found is None:
                out.append(group)
                continue
            value = str(found[0])
            current = next(units for v, units in group.values if v == value)
            out.append(Grouped(group.claim_id, ((value, current),)))
            records.append(self._record(group, value, current))
        return out, records

    def _record(self, group: Grouped, value: str, current: Sequence[EvidenceUnit]) -> Supersession:
        newest = max(current, key=lambda u: (self._at(u), u.evidence_id))
        document = newest.source_location.document
        on = self._at(newest)
        history = [
            SupersededValue(
                value=old,
                evidence_ids=sorted(u.evidence_id for u in units),
                documents=sorted({u.source_location.document for u in units}),
                date=max(self._at(u) for u in units) or None,
                superseded_by=document,
                superseded_on=on or None,
            )
            for old, units in group.values
            if old != value
        ]
        location = newest.source_location
        return Supersession(
            claim_id=group.claim_id,
            value=value,
            evidence_ids=sorted(u.evidence_id for u in current),
            document=document,
            relation="restated",
            number=None,
            effective_date=on or None,
            statement={
                "target_type": "filing",
                "target_date": max((h.date or "" for h in history), default="") or None,
                "page": location.page,
                "line": location.line_start,
                "quote": newest.quote,
            },
            change=None,
            history=sorted(history, key=lambda h: (h.date or "", h.value)),
        )

    def _at(self, unit: EvidenceUnit) -> str:
        return self.placed.get(unit.source_location.document_id, "")

    def cells(
        self, pairs: Sequence[tuple[str, StatementCell]], sign: str
    ) -> list[tuple[str, StatementCell]]:
        """`pairs` (one operand's cells, of a concept of `sign`: financial.yaml's sign
        conventions) less those a later filing restates. Cells are compared as the figures
        they stand for (skill/_figures.py `operand_amount`): a cost printed in parentheses
        in one filing and plain in another is one figure, never a restatement."""
        stated = [(d, operand_amount(c, sign)) for d, c in pairs]
        found = in_force(stated, self.placed, self.annual)
        if found is None:
            return list(pairs)
        return [(d, c) for d, c in pairs if d not in found[1]]


def restatement_note(supersessions: Sequence[Supersession]) -> str:
    """ " (as restated by <filing> (period to <date>), replacing <value> of <filings>)"."""
    notes = []
    for s in supersessions:
        replaced = "; ".join(
            f"{h.value} of {', '.join(h.documents)}" + (f" (to {h.date})" if h.date else "")
            for h in s.history
        )
        placed = f" (to {s.effective_date})" if s.effective_date else ""
        notes.append(f"as restated by {s.document}{placed}, replacing {replaced}")
    return f" ({'; '.join(notes)})" if notes else ""
