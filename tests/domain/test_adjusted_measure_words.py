"""A qualifier names a company-defined measure only where a measure follows it (review D4 of
session 38): "adjusted EBITDA", "organic growth"; never a word of a company's name, a
clause about drivers, or "adjusted to conform"."""

from __future__ import annotations

import pytest

from domain import adjusted_measure_asked

_COMPANIES = ["3M", "Acme Corp", "acme & sons", "Best Buy Co., Inc."]


@pytest.mark.parametrize("company", _COMPANIES)
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("What was {c}'s FY2022 adjusted EBITDA?", "adjusted"),
        ("What was the adjusted diluted EPS of {c} in FY2021?", "adjusted"),
        ("What was {c}'s organic revenue growth in FY2022?", "organic"),
        ("What was {c}'s non-GAAP operating income in FY2022?", "non gaap"),
        ("What was {c}'s pro forma net income in FY2019?", "pro forma"),
        ("what was {c}'s constant currency revenue growth in fy2022?", "constant currency"),
    ],
)
def test_a_qualifier_before_a_measure_names_a_company_defined_measure(
    company: str, question: str, word: str
) -> None:
    assert adjusted_measure_asked(question.format(c=company)) == word


@pytest.mark.parametrize(
    "question",
    [
        "What was {c}'s total revenue in FY2018, and what were the underlying drivers?",
        "What was the net income of {c} Organic Foods in FY2019?",
        "What was the revenue of {c} Underlying Holdings in FY2019?",
        "What was {c}'s total revenue in FY2018, with prior periods adjusted to conform?",
        "What was {c}'s operating income in FY2020 and the underlying reasons for its change?",
    ],
)
@pytest.mark.parametrize("company", _COMPANIES)
def test_a_qualifier_that_qualifies_no_measure_names_none(company: str, question: str) -> None:
    asked = question.format(c=company)
    assert adjusted_measure_asked(asked) is None
    assert adjusted_measure_asked(asked.lower()) is None


@pytest.mark.parametrize("company", _COMPANIES)
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("What was {c}'s revenue growth in constant currency in FY2020?", "constant currency"),
        ("What was {c}'s sales growth on an organic basis in FY2021?", "organic"),
        ("What was {c}'s net income on a pro forma basis in FY2019?", "pro forma"),
    ],
)
def test_a_qualifier_said_after_its_measure_still_names_it(
    company: str, question: str, word: str
) -> None:
    assert adjusted_measure_asked(question.format(c=company)) == word
