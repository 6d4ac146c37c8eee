"""A question's period inside a fiscal year, and the fiscal quarter a date closes.

A 10-Q's figures are of a quarter ("Q2 of FY2023", "the second quarter of fiscal 2024", "the
quarter ended July 29, 2023"), of the span from the fiscal year's start to a quarter's end
("the six months ended ...", "first half", "Q3 FY2024 year-to-date"), or a balance at a
quarter's end ("as of Q2 FY2024 close"). The words are financial.yaml's `fiscal_periods`. A
quarter's dates depend on the company: its fiscal year end (a 10-K states it) places the
quarter in the calendar (`fiscal_quarter_of`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from domain._financial import FINANCIAL_FILE, _loaded, without_report_dates
from domain._lexicon import LEXICON_DIR, LexiconError, lexicon

# a 52/53-week fiscal year ends on a weekday near a date, not on it: its ends drift by days
_WEEK = 7
_QUARTER_DAYS = 365.25 / 4


@dataclass(frozen=True, slots=True)
class QuarterAsked:
    """The part of a fiscal year a question names: the `quarter` (1..4) the period ends
    with, in `fiscal_year`, or the `end` date it names; `months` of flow it spans (3 for a
    quarter, 6 or 9 for a year-to-date span); `instant` when it asks for a balance at the
    period's end in words ("as of", "close"); `on_date` when it names only that date ("as of
    July 29, 2023": a quarter's end, or a fiscal year's, which the company's year end tells)."""

    fiscal_year: int | None
    quarter: int | None
    months: int
    end: date | None
    instant: bool
    on_date: bool = False
    # a span from the fiscal year's start to the date `end` ("year-to-date through July 29,
    # 2023"): its months are the quarters the company's year end places before that date
    to_date: bool = False

    def label(self, balance: bool) -> str:
        """The period as an answer names it: a flow's ("Q2 FY2024", "6M to Q2 FY2024",
        "3M:2023-07-29", as ingestion names a column of some months ended on a date) or a
        balance's at its end ("end of Q2 FY2024", "at 2023-07-29")."""
        if self.end is not None:
            return f"at {self.end.isoformat()}" if balance else f"{self.months}M:{self.end}"
        quarter = f"Q{self.quarter} FY{self.fiscal_year}"
        if balance:
            return f"end of {quarter}"
        return quarter if self.months == 3 else f"{self.months}M to {quarter}"


@dataclass(frozen=True, slots=True)
class _PeriodWords:
    names: dict[str, int]
    ordinals: dict[str, int]
    nouns: tuple[str, ...]
    spans: dict[str, int]
    year_to_date: tuple[str, ...]
    instant: tuple[str, ...]
    through: tuple[str, ...] = ()
    sequential: tuple[str, ...] = ()
    bases: tuple[str, ...] = ()
    not_sequential_before: tuple[str, ...] = ()


@functools.cache
def _period_words(path: Path | None = None) -> _PeriodWords:
    source = path or LEXICON_DIR / FINANCIAL_FILE
    body: Any = (_loaded(source) or {}).get("fiscal_periods")
    keys = ("quarter_names", "quarter_ordinals", "quarter_nouns", "spans")
    if not isinstance(body, dict) or not all(body.get(k) for k in keys):
        raise LexiconError(f"{source.name}: `fiscal_periods` has non-empty {', '.join(keys)}")
    return _PeriodWords(
        names={str(k).lower(): int(v) for k, v in body["quarter_names"].items()},
        ordinals={str(k).lower(): int(v) for k, v in body["quarter_ordinals"].items()},
        nouns=tuple(str(w).lower() for w in body["quarter_nouns"]),
        spans={str(k).lower(): int(v) for k, v in body["spans"].items()},
        year_to_date=tuple(str(w).lower() for w in body.get("year_to_date") or ()),
        instant=tuple(str(w).lower() for w in body.get("instant_words") or ()),
        through=tuple(str(w).lower() for w in body.get("through_words") or ()),
        sequential=tuple(str(w).lower() for w in body.get("sequential_words") or ()),
        bases=tuple(str(w).lower() for w in body.get("sequential_bases") or ()),
        not_sequential_before=tuple(
            str(w).lower() for w in body.get("sequential_not_before") or ()
        ),
    )


def _alternatives(words: Iterable[str]) -> str:
    """One regex alternation of `words`, longest first, a space or hyphen matching either."""
    ordered = sorted(words, key=lambda w: (-len(w), w))
    return "|".join(re.sub(r"\\[ -]", r"[\\s-]+", re.escape(w)) for w in ordered)


_FISCAL_YEAR = re.compile(r"\b(?:FY\s?|fiscal\s+(?:year\s+)?)((?:19|20)\d{2})\b", re.IGNORECASE)
_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")


# a fiscal year written with two digits: "FY19", "FY 19", "FY'19", "FY-19", "fiscal '19"
# (an apostrophe says "fiscal 19" is a year, not a count)
# (a count or a form's name after the digits says they are none: "FY 12 months", "FY 10-K";
# the count words are financial.yaml's `fiscal_periods.count_words`); "FY" may follow a
# quarter's name written together ("Q4FY19")
@functools.cache
def _short_fiscal_year() -> re.Pattern[str]:
    body: Any = (_loaded(LEXICON_DIR / FINANCIAL_FILE) or {}).get("fiscal_periods") or {}
    counts = [str(w).lower() for w in body.get("count_words") or ()]
    if not counts:
        raise LexiconError(f"{FINANCIAL_FILE}: `fiscal_periods` has a non-empty `count_words`")
    count = rf"(?!\s+(?:{_alternatives(counts)})\b)"
    return re.compile(
        rf"(?:(?<![A-Za-z0-9])|(?<=\b[Qq][1-4]))(FY)(?:\s?['\u2019]|[\s-])?(\d{{2}})\b(?![.,]?\d)"
        rf"(?!-[A-Za-z]){count}"
        r"|\b(fiscal(?:\s+year)?\s+)['\u2019](\d{2})\b",
        re.IGNORECASE,
    )


# a two-digit year below this is of the 2000s, else of the 1900s
_CENTURY_PIVOT = 70


def full_fiscal_years(text: str) -> str:
    """`text` with each fiscal year written with two digits written with four: "FY19" and
    "FY'19" become "FY2019", "Q2 FY24" "Q2 FY2024", "fiscal '18" "fiscal 2018"; four-digit
    years and other numbers ("FY 2019", "12 months") as they are."""

    def four(match: re.Match[str]) -> str:
        lead = match.group(1) or match.group(3)
        short = int(match.group(2) or match.group(4))
        year = 2000 + short if short < _CENTURY_PIVOT else 1900 + short
        return f"{lead}{year}"

    return _short_fiscal_year().sub(four, text)


def sequential_asked(text: str) -> bool:
    """Does `text` ask for a change over the quarter just before ("quarter-over-quarter",
    "sequential", "from the prior quarter"; financial.yaml `sequential_words`, and
    `sequential_bases` unless `sequential_not_before` follows)?"""
    words = _period_words()
    if words.sequential and re.search(
        rf"\b(?:{_alternatives(words.sequential)})\b", text, re.IGNORECASE
    ):
        return True
    if not words.bases:
        return False
    # the quarter just before as the base, never "the quarter before last year"
    unless = (
        rf"(?!\s+(?:{_alternatives(words.not_sequential_before)})\b)"
        if words.not_sequential_before
        else ""
    )
    return bool(re.search(rf"\b(?:{_alternatives(words.bases)})\b{unless}", text, re.IGNORECASE))


def quarter_asked(text: str, flows: bool = False) -> QuarterAsked | None:
    """The quarter, year-to-date span or quarter's end `text` names, or None when it names
    none (a fiscal year's question). A filing's date ("as reported on February 8, 2023",
    "the filing dated on March 17, 2023") is no period asked. `flows`: the question asks
    for flows only (no balance): a date said as an instant ("at", "on", "as of" December
    31, 2022) beside a fiscal year named apart from it ("operating income for FY2022 at
    December 31, 2022") is a balance's date, and the fiscal year holds."""
    text = without_report_dates(text)
    words = _period_words()
    lowered = text.lower()
    quarter = None
    ordinal = re.search(
        rf"\b({_alternatives(words.ordinals)})\s+(?:fiscal\s+)?(?:{_alternatives(words.nouns)})s?\b",
        lowered,
    )
    name = re.search(rf"\b({_alternatives(words.names)})\b", lowered)
    if ordinal:
        quarter = words.ordinals[re.sub(r"[\s-]+", " ", ordinal.group(1))]
    elif name:
        quarter = words.names[name.group(1)]
    span = re.search(rf"\b({_alternatives(words.spans)})\b", lowered)
    months = words.spans[re.sub(r"[\s-]+", " ", span.group(1))] if span else None
    year_to_date = bool(words.year_to_date) and bool(
        re.search(rf"(?<![\w-])(?:{_alternatives(words.year_to_date)})(?![\w-])", lowered)
    )
    book = lexicon()
    ended = re.search(
        rf"\b(?:{_alternatives(words.nouns)}|months?|period)\s+end(?:ed|ing)\s+"
        rf"({book.month})\s+(\d{{1,2}}),?\s+((?:19|20)\d{{2}})\b",
        text,
        re.IGNORECASE,
    )
    on_date = False
    to_date = False
    if ended is None and year_to_date and months is None and quarter is None and words.through:
        # "year-to-date revenue through July 29, 2023" (or "as of" it): the span the date
        # closes
        ended = re.search(
            rf"(?<![\w-])(?:{_alternatives((*words.through, *words.instant))})\s+"
            rf"({book.month})\s+(\d{{1,2}}),?\s+((?:19|20)\d{{2}})\b",
            text,
            re.IGNORECASE,
        )
        to_date = ended is not None
    if ended is None and words.instant:
        # "cash and cash equivalents as of July 29, 2023": a balance on a date
        ended = re.search(
            rf"(?<![\w-])(?:{_alternatives(words.instant)})\s+"
            rf"({book.month})\s+(\d{{1,2}}),?\s+((?:19|20)\d{{2}})\b",
            text,
            re.IGNORECASE,
        )
        on_date = ended is not None and quarter is None and months is None
        if on_date and flows and ended is not None:
            rest = text[: ended.start()] + text[ended.end() :]
            if _FISCAL_YEAR.search(rest) or _YEAR.search(rest):
                return None
    end = None
    if ended:
        month = book.month_number(ended.group(1))
        if month is not None:
            try:
                end = date(int(ended.group(3)), month, int(ended.group(2)))
            except ValueError:
                end = None
    if quarter is None and months is None and end is None:
        return None
    if months is None:
        months = 3 * quarter if (year_to_date and quarter) else 3
    if quarter is None and end is None:
        # "the first half of FY2024", "the nine months of fiscal 2023": the span ends with
        # the quarter its months close
        quarter = months // 3
    years = _FISCAL_YEAR.findall(text) or _YEAR.findall(text)
    fiscal_year = int(years[0]) if years and end is None else None
    if end is None and fiscal_year is None:
        return None
    instant = any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", lowered) for w in words.instant)
    return QuarterAsked(
        fiscal_year,
        quarter if end is None else None,
        months,
        end,
        instant and not to_date,
        on_date and instant,
        to_date and end is not None,
    )


def _on(year: int, month_day: tuple[int, int]) -> date:
    month, day = month_day
    while True:
        try:
            return date(year, month, day)
        except ValueError:  # February 29 of a common year
            day -= 1


def fiscal_year_label(year_end: date) -> int:
    """The fiscal year a year ending on `year_end` is named: its calendar year, the year
    before for a 52/53-week year ending in January's first week (as ingestion names its
    columns)."""
    if year_end.month == 1 and year_end.day <= _WEEK:
        return year_end.year - 1
    return year_end.year


def fiscal_quarter_of(end: date, year_end: tuple[int, int]) -> tuple[int, int] | None:
    """(fiscal year, quarter) that closes on `end` for a company whose fiscal year ends on
    (month, day) `year_end`, within a week (52/53-week years); None when `end` closes no
    quarter."""
    closing = next(
        d
        for d in (_on(end.year + k, year_end) for k in (-1, 0, 1, 2))
        if d >= end - timedelta(days=_WEEK)
    )
    opening = _on(closing.year - 1, year_end)
    elapsed = (end - opening).days
    quarter = round(elapsed / _QUARTER_DAYS)
    if not 1 <= quarter <= 4 or abs(elapsed - quarter * _QUARTER_DAYS) > 2 * _WEEK:
        return None
    return fiscal_year_label(closing), quarter
