"""A quarter-over-quarter change (issue 35): "quarter-over-quarter", "sequential", "QoQ",
"from the prior quarter" ask for a growth over the quarter just before (Q2 over Q1, read from
the two 10-Qs' three-month columns), never over the same quarter a year before; a quarter
whose previous one no filing prints, a fiscal year or a year-to-date span asked so is
INSUFFICIENT, never answered with a year-over-year figure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain import sequential_asked
from tests.pdfs import StatementTable, statement_pdf, ten_k_cover, ten_q_cover
from tests.skill.conftest import concluded, ingested_runtime

PINE = "PINE LABS & CO."
_NUMBER = "64-0000004"
_FOUR = (350.0, 420.0, 490.0, 560.0)
_TWO = (480.0, 560.0)


def _ten_k() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("8,000", "7,000")),
            ("Cost of revenue", 0, ("4,800", "4,300")),
            ("Gross profit", 0, ("3,200", "2,700")),
            ("Net income", 0, ("900", "800")),
        ),
    )
    return statement_pdf(ten_k_cover(PINE, _NUMBER, "December 31, 2020"), [income])


def _rows(figures: dict[str, tuple[str, ...]]) -> tuple[tuple[str, float, tuple[str, ...]], ...]:
    return tuple((label, 0.0, values) for label, values in figures.items())


def _first_quarter() -> bytes:
    income = StatementTable(
        "Condensed Consolidated Statements of Operations",
        "(In millions; unaudited)",
        ("2021", "2020"),
        _rows(
            {
                "Revenue": ("2,000", "1,700"),
                "Cost of revenue": ("1,200", "1,000"),
                "Gross profit": ("800", "700"),
                "Net income": ("200", "190"),
            }
        ),
        header=(((450.0, "Three Months Ended"),), tuple((e - 45, "March 31,") for e in _TWO)),
        edges=_TWO,
    )
    return statement_pdf(ten_q_cover(PINE, _NUMBER, "March 31, 2021"), [income])


def _second_quarter() -> bytes:
    income = StatementTable(
        "Condensed Consolidated Statements of Operations",
        "(In millions; unaudited)",
        ("2021", "2020", "2021", "2020"),
        _rows(
            {
                "Revenue": ("2,300", "1,800", "4,300", "3,500"),
                "Cost of revenue": ("1,300", "1,100", "2,500", "2,100"),
                "Gross profit": ("1,000", "700", "1,800", "1,400"),
                "Net income": ("260", "200", "460", "390"),
            }
        ),
        header=(
            ((300.0, "Three Months Ended"), (440.0, "Six Months Ended")),
            tuple((e - 45, "June 30,") for e in _FOUR),
        ),
        edges=_FOUR,
    )
    return statement_pdf(ten_q_cover(PINE, _NUMBER, "June 30, 2021"), [income])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        ("pine-10k-2020.pdf", _ten_k()),
        ("pine-10q-q1.pdf", _first_quarter()),
        ("pine-10q-q2.pdf", _second_quarter()),
    ]
    yield from ingested_runtime(tmp_path_factory, "sequential", files)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Pine Labs' quarter-over-quarter revenue growth in Q2 FY2021?", "15.0%"),
        (
            "What was Pine Labs' sequential revenue growth in the second quarter of fiscal 2021?",
            "15.0%",
        ),
        (
            "What was Pine Labs & Co.'s QoQ revenue growth for the three months ended June 30, "
            "2021?",
            "15.0%",
        ),
        ("what was pine labs's q2 fy2021 revenue growth quarter on quarter?", "15.0%"),
        (
            "What was the percent change in Pine Labs' gross profit in Q2 FY2021 from the prior "
            "quarter?",
            "25.0%",
        ),
        # "Q/Q", "q-o-q": abbreviations of a period, never a name
        ("What was Pine Labs' Q/Q revenue growth in Q2 FY2021?", "15.0%"),
        ("what was pine labs's q/q revenue growth in q2 fy2021?", "15.0%"),
        ("What was Pine Labs & Co.'s Q-O-Q revenue growth in Q2 FY2021?", "15.0%"),
        ("What was Pine Labs' Q2 FY2021 gross profit growth, Q/Q?", "25.0%"),
        (
            "What was the revenue growth of Pine Labs in Q2 FY2021 over the quarter before?",
            "15.0%",
        ),
    ],
)
def test_a_sequential_growth_reads_the_quarter_before(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]
    assert "Q1 FY2021" in answer.conclusion.answer
    assert {e.source_location.document for e in answer.evidence} == {
        "pine-10q-q1.pdf",
        "pine-10q-q2.pdf",
    }


def test_a_year_over_year_growth_still_reads_the_quarter_a_year_before(runtime: Any) -> None:
    answer = concluded(runtime, "What was Pine Labs' year-over-year revenue growth in Q2 FY2021?")
    assert answer.sufficient and [v.value for v in answer.conclusion.values] == ["27.8%"]


@pytest.mark.parametrize(
    "question",
    [
        # the fourth quarter of FY2020 is printed by no filing (the 10-K has no quarterly note)
        "What was Pine Labs' quarter-over-quarter revenue growth in Q1 FY2021?",
        # a fiscal year, a year-to-date span: no quarter before them
        "What was Pine Labs' sequential revenue growth in FY2020?",
        "What was Pine Labs' quarter-over-quarter revenue growth for the six months ended "
        "June 30, 2021?",
    ],
)
def test_a_sequential_growth_with_no_quarter_before_is_insufficient(
    runtime: Any, question: str
) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []


@pytest.mark.parametrize(
    "question",
    [
        "What was Pine Labs' revenue growth in Q2 FY2021 over the quarter before last year?",
        "What was Pine Labs' revenue growth in Q2 FY2021 over the same quarter the year before?",
    ],
)
def test_a_quarter_before_a_year_is_not_sequential(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert "Q1 FY2021" not in (answer.conclusion.answer or ""), answer.conclusion.answer
    assert "15.0%" not in [v.value for v in answer.conclusion.values]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Q/Q revenue growth in Q2 FY2021", True),
        ("q/q growth", True),
        ("revenue growth, q-o-q", True),
        ("Q-o-Q revenue growth", True),
        ("QoQ growth", True),
        ("revenue grew sequentially in Q2", True),
        ("revenue grew sequentially last quarter", True),
        ("quarter-over-quarter growth last year", True),
        ("growth over the quarter before", True),
        ("growth over the quarter before?", True),
        ("growth over the quarter before, in Q2 FY2021", True),
        ("growth in Q2 FY2021 from the prior quarter", True),
        ("change from the immediately preceding quarter in Q3", True),
        ("growth over the previous quarter in fiscal 2021", True),
        # another base: a year before, or two quarters before
        ("growth over the quarter before last year", False),
        ("growth over the Quarter Before Last Year", False),
        ("growth over the quarter before last", False),
        ("growth over the same quarter the year before", False),
        ("growth over the quarter a year before", False),
        ("growth over the previous quarter last year", False),
        ("growth from the prior quarter the year before", False),
        ("year-over-year revenue growth in Q2", False),
        ("Y/Y revenue growth in Q2", False),
    ],
)
def test_the_words_that_ask_a_sequential_change(text: str, asked: bool) -> None:
    assert sequential_asked(text) is asked


@pytest.mark.parametrize(
    "question",
    [
        # a change asked with a verb or a sequential word: never the period's own figure
        "How much did Pine Labs' revenue grow sequentially in Q2 FY2021?",
        "how much did pine labs's revenue grow in fy2020?",
        "By how much has Pine Labs & Co.'s net income grown in FY2020?",
        "How much did Pine Labs' gross profit rise quarter on quarter in Q2 FY2021?",
        "What was Pine Labs' sequential revenue in Q2 FY2021?",
        "What was Pine Labs' Q/Q gross profit in the second quarter of fiscal 2021?",
    ],
)
def test_a_change_asked_is_never_one_periods_figure(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    values = [v.value for v in answer.conclusion.values]
    assert not any(v.startswith("USD") for v in values), (question, answer.conclusion.answer)
