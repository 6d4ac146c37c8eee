"""A balance asked by "cash" alone before its date (issue 35: "What was Halcyon's cash as of
December 31, 2023?" quoted the auditor's opinion): the cash and cash equivalents' concept,
of the year of that date; "cash" before anything else ("cash at the beginning of 2018",
"cash generated from operating activities", "restricted cash", "non-cash compensation") is
another figure and reads no balance."""

from __future__ import annotations

from datetime import date

import pytest

from domain import concepts_asked, quarter_asked

_COMPANIES = ["Halcyon", "Halcyon Robotics, Inc.", "3M", "Smith & Nephew"]
_ASKED = [
    ("What was {c}'s cash as of December 31, 2023?", 2023),
    ("what was {c}'s cash as of dec 31, 2023?", 2023),
    ("How much was {c}'s cash as of June 30, 2022, in USD millions?", 2022),
    ("What was the cash as of December 31, 2021 of {c}?", 2021),
]


@pytest.mark.parametrize(
    ("question", "year"),
    [(ask.format(c=c), year) for i, c in enumerate(_COMPANIES) for ask, year in _ASKED[i % 2 :: 2]],
)
def test_cash_before_a_balance_date_is_the_balance(question: str, year: int) -> None:
    assert [c.name for c in concepts_asked(question)] == ["cash"], question
    assert str(year) in question


@pytest.mark.parametrize(
    "question",
    [
        "What was 3M's restricted cash as of December 31, 2018?",
        "What was 3M's cash at the beginning of 2018?",
        "How much cash did 3M generate from operating activities in FY2018?",
        "What was 3M's net change in cash in 2018?",
        "What was Best Buy's non-cash compensation in FY2019?",
    ],
)
def test_cash_before_anything_else_is_no_balance(question: str) -> None:
    assert "cash" not in [c.name for c in concepts_asked(question)], question


_ON_DATE = [
    "What were {c}'s total current liabilities at December 31, 2022?",
    "what was {c}'s goodwill on dec 31, 2022?",
    "What was {c}'s long-term debt as at December 31, 2022, in USD billions?",
    "What was {c}'s cash as of December 31, 2022?",
]


@pytest.mark.parametrize(
    "question", [ask.format(c=c) for i, c in enumerate(_COMPANIES) for ask in _ON_DATE[i % 2 :: 2]]
)
def test_a_balance_at_or_on_a_date_is_asked_on_that_date(question: str) -> None:
    # "at" / "on" a date as "as of": a 10-Q's dated column (Amcor's December 31, 2022 is its
    # second fiscal quarter's end), never the fiscal year the date's year names
    asked = quarter_asked(question)
    assert asked is not None and asked.on_date, question
    assert asked.end == date(2022, 12, 31)
