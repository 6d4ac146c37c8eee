"""A filing's date is no period asked, and an instant date is a balance's (issue 35 mend).

"As reported on February 8, 2023", "the filing dated on March 17, 2023", "the 10-K filed
August 18, 2022" name the day a filing was made: the fiscal year named beside it holds, the
date is neither a quarter's end nor a year asked. A date said as an instant ("at", "on", "as
of") is a balance's date: a balance is read on it (a 10-Q's dated column), flows asked of a
fiscal year named beside it are that fiscal year's."""

from __future__ import annotations

import itertools
import re
from datetime import date

import pytest

from domain import quarter_asked, without_report_years

_COMPANIES = ["3M", "Best Buy", "Smith & Nephew", "halcyon robotics, inc.", "Amcor plc"]
_FLOWS = ["operating income", "net income", "revenue", "capital expenditures"]
_BALANCES = ["total current liabilities", "goodwill", "cash and cash equivalents", "inventories"]
_LINKS = ["at", "on", "as of"]
_FILINGS = [
    "as reported on February 8, 2023",
    "based on the filing dated on March 17, 2023",
    "per the 10-K filed February 8, 2023",
    "as filed in March 2023",
    "according to the annual report released on Feb 8, 2023",
]
_FISCAL = ["in 2022", "for FY2022", "for fiscal 2022", "in fiscal year 2022"]


def _sample(pool: list[tuple[str, ...]], every: int) -> list[tuple[str, ...]]:
    return pool[::every]


_FLOW_FILED = _sample(list(itertools.product(_COMPANIES, _FLOWS, _FISCAL, _FILINGS)), 41)


@pytest.mark.parametrize(("company", "item", "fiscal", "filing"), _FLOW_FILED)
def test_a_filing_date_beside_a_fiscal_year_is_no_period(
    company: str, item: str, fiscal: str, filing: str
) -> None:
    question = f"What was {company}'s {item} {fiscal} {filing}?"
    for text in (question, question.lower()):
        assert quarter_asked(text) is None, text
        assert quarter_asked(text, flows=True) is None, text
        # the filing's year is no year asked either (one year, no arithmetic between two)
        assert re.findall(r"(?:19|20)\d{2}", without_report_years(text)) == ["2022"], text


_BALANCE_FILED = _sample(list(itertools.product(_COMPANIES, _BALANCES, _LINKS, _FILINGS)), 31)


@pytest.mark.parametrize(("company", "item", "link", "filing"), _BALANCE_FILED)
def test_a_balance_on_a_date_is_read_on_it_not_on_the_filing_date(
    company: str, item: str, link: str, filing: str
) -> None:
    question = f"What were {company}'s {item} {link} December 31, 2022, {filing}?"
    asked = quarter_asked(question)
    assert asked is not None and asked.on_date, question
    assert asked.end == date(2022, 12, 31), question


_FLOW_AT = _sample(list(itertools.product(_COMPANIES, _FLOWS, _LINKS, _FISCAL)), 23)


@pytest.mark.parametrize(("company", "item", "link", "fiscal"), _FLOW_AT)
def test_flows_of_a_fiscal_year_named_beside_an_instant_date_are_that_years(
    company: str, item: str, link: str, fiscal: str
) -> None:
    question = f"What was {company}'s {item} {fiscal} {link} December 31, 2022?"
    assert quarter_asked(question, flows=True) is None, question
    # a balance asked the same way is read on the date
    asked = quarter_asked(question)
    assert asked is not None and asked.end == date(2022, 12, 31), question


@pytest.mark.parametrize(("company", "link"), list(zip(_COMPANIES, itertools.cycle(_LINKS))))
def test_flows_on_a_date_alone_keep_the_date(company: str, link: str) -> None:
    # no fiscal year named apart from the date: the date is the period (a 10-Q's column, or
    # the fiscal year it ends, as the company's year end tells)
    question = f"What was {company}'s net income {link} December 31, 2022?"
    asked = quarter_asked(question, flows=True)
    assert asked is not None and asked.on_date and asked.end == date(2022, 12, 31), question
