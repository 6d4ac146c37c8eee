"""A figure question's quarter matched to the cells of a company's 10-Qs (issue 35).

A 10-Q's columns are spans of months ended on a date ("Three Months Ended July 29, 2023":
"3M:2023-07-29") and balances at dates ("July 29, 2023", "January 28, 2023"); which fiscal
quarter a date closes depends on the company's fiscal year end, which its 10-K states (the
cover's "For the fiscal year ended ..." binding, else the end dates of the 10-K's own year
columns). Cells that are the quarter asked are relabelled with the question's period ("Q2
FY2024", "6M to Q2 FY2024", "end of Q2 FY2024"), so that the figure reader matches them as it
matches a fiscal year's. Nothing is inferred for a company whose fiscal year end no filing
states, nor for a fiscal year's column: a quarter asked of a 10-K-only company finds nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import date

from domain import QuarterAsked, StatementCell, fiscal_quarter_of, lexicon

_SPANS = (3, 6, 9)
_DATE = re.compile(r"\b([A-Za-z]+)\.?\s+(\d{1,2}),?\s+((?:19|20)\d{2})\b")


def stated_year_end(texts: Iterable[str]) -> tuple[int, int] | None:
    """The (month, day) of the first date of `texts` (a 10-K cover's "fiscal year ended"
    values, "December 31, 2020"), or None when none reads as one."""
    for text in texts:
        m = _DATE.search(text)
        month = lexicon().month_number(m.group(1)) if m else None
        if m and month is not None and 1 <= int(m.group(2)) <= 31:
            return month, int(m.group(2))
    return None


def annual_year_end(cells: Sequence[tuple[str, StatementCell]]) -> tuple[int, int] | None:
    """The (month, day) the fiscal years of the annual filings among `cells` end on: the
    most frequent end date of their year columns (a filing with a column of 3, 6 or 9 months
    is a 10-Q, whose dated columns are mostly quarter ends, and is left out)."""
    quarterly = {d for d, c in cells if c.months in _SPANS}
    ends = Counter(
        (int(c.period_end[5:7]), int(c.period_end[8:10]))
        for d, c in cells
        if d not in quarterly and c.period.startswith("FY") and c.period_end
    )
    if not ends:
        return None
    return max(sorted(ends), key=lambda k: ends[k])


def quarter_cells(
    cells: Sequence[tuple[str, StatementCell]],
    asked: QuarterAsked,
    year_end: tuple[int, int] | None,
    *,
    balance: bool,
) -> list[tuple[str, StatementCell]]:
    """The cells of the 10-Qs among `cells` that are the period `asked`, relabelled with its
    label: for a flow (`balance` False) a column of `asked.months` months that ends the
    quarter asked; for a balance, a dated column with no span at that quarter's end. A
    quarter named by its fiscal year needs `year_end`; one named by its end date does not."""
    label = asked.label(balance)
    quarterly = {d for d, c in cells if c.months in _SPANS}
    out = []
    for d, c in cells:
        if d not in quarterly or c.period_end is None:
            continue
        if balance != (c.months is None) or (not balance and c.months != asked.months):
            continue
        try:
            end = date.fromisoformat(c.period_end)
        except ValueError:
            continue
        if asked.end is not None:
            hit = end == asked.end
        else:
            hit = year_end is not None and fiscal_quarter_of(end, year_end) == (
                asked.fiscal_year,
                asked.quarter,
            )
        if hit:
            out.append((d, replace(c, period=label)))
    return out


def periods_found(cells: Sequence[tuple[str, StatementCell]]) -> str:
    """The periods `cells` hold, as a refusal names them ("FY2020, FY2019", "3M:2023-07-29")."""
    periods = sorted({c.period for _, c in cells}, reverse=True)
    return ", ".join(periods) if periods else "none"


def year_cells(
    cells: Sequence[tuple[str, StatementCell]],
    every: Sequence[tuple[str, StatementCell]],
    year_end: tuple[int, int] | None,
) -> list[tuple[str, StatementCell]]:
    """`cells` less the balances a 10-Q prints at its quarter's end, and the columns of an
    annual filing's table of quarters. Ingestion names a dated column with no span a fiscal
    year's ("July 29, 2023": FY2023); one of a filing whose
    spans (among `every`, all its cells) end on that date is a quarter's balance, never the
    year's, when the fiscal year end (`year_end`) places that date at the end of its first,
    second or third quarter: a 10-K's quarterly note prints spans ending with the year, and
    a flow's year column is dated too. Nothing is left out when no fiscal year end is known.
    """
    span_ends = {(d, c.period_end) for d, c in every if c.months in _SPANS and c.period_end}

    def quarters(cell: StatementCell) -> bool:
        if year_end is None or cell.period_end is None:
            return False
        try:
            closes = fiscal_quarter_of(date.fromisoformat(cell.period_end), year_end)
        except ValueError:
            return False
        return closes is not None and closes[1] != 4

    # An annual filing's table with columns ending on the first to third quarter's end is a
    # table of quarters (a 10-K's "quarterly financial data" note, its columns headed "For
    # the Quarters Ended December 31, 2019  September 30, 2019 ..." with no span): none of
    # its columns is a fiscal year's, its fourth quarter's either.
    quarterly = {d for d, _ in span_ends}
    tables = {
        (d, c.page, c.caption)
        for d, c in every
        if d not in quarterly and c.months is None and c.period.startswith("FY") and quarters(c)
    }
    return [
        (d, c)
        for d, c in cells
        if not (c.months is None and (d, c.period_end) in span_ends and quarters(c))
        and not (c.months is None and (d, c.page, c.caption) in tables)
    ]
