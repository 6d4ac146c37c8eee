"""A 10-Q's quarter and year-to-date figures (issue 35): the question's quarter ("Q2 FY2024",
"the second quarter of fiscal 2024", "the quarter ended July 29, 2023", "the six months
ended ...", "as of Q2 FY2024 close") placed by the company's fiscal year end, which its 10-K's
cover states, among the 10-Q's dated columns; fiscal years ending in January and in
September; a quarter's flow, a year-to-date span beside it, and a balance at the quarter's
end apart from the one at the prior fiscal year end; a quarter asked of a company with 10-Ks
only INSUFFICIENT, naming the periods found, never the year's figure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover, ten_q_cover
from tests.skill.conftest import concluded, ingested_runtime

ALDER, CEDAR, BIRCH = "ALDER ROBOTICS, INC.", "CEDAR FOODS CORP.", "BIRCH MINING, INC."
NUMBERS = {ALDER: "53-0000003", CEDAR: "54-0000004", BIRCH: "55-0000005"}
_FOUR = (350.0, 420.0, 490.0, 560.0)
_TWO = (480.0, 560.0)


def _ten_k(
    name: str,
    year_ended: str,
    years: tuple[str, str],
    assets: tuple[str, str],
    quarters: tuple[str, str] | None = None,
) -> bytes:
    """A 10-K; with `quarters` (the month and day its third and fourth quarters end), its
    balance sheet's columns dated at the year's end and a note of those two quarters."""
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions)",
        years,
        (
            ("Revenue", 0, ("27,000", "26,900")),
            ("Cost of revenue", 0, ("11,600", "9,400")),
            ("Gross profit", 0, ("15,400", "17,500")),
            ("Operating income", 0, ("4,200", "10,000")),
            ("Net income", 0, ("4,400", "9,700")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        years,
        (
            ("Cash and cash equivalents", 0, ("3,389", "1,990")),
            ("Accounts receivable, net", 0, ("3,800", "4,600")),
            ("Inventories", 0, ("5,100", "2,600")),
            ("Total current assets", 0, ("23,000", "28,800")),
            ("Total assets", 0, assets),
        ),
        header=(((400.0 - 55, quarters[1]), (480.0 - 55, quarters[1])),) if quarters else (),
    )
    tables = [income, balance]
    if quarters:
        tables.append(
            StatementTable(
                "Quarterly Financial Data (unaudited)",
                "(In millions)",
                (years[0], years[0]),
                (
                    *(
                        (label, 0.0, ("6,100", "7,300"))
                        for label in ("Revenue", "Gross profit", "Operating income", "Net income")
                    ),
                    ("Net income per share", 0.0, ("1.10", "1.32")),
                ),
                header=(
                    ((350.0, "Three Months Ended"),),
                    ((400.0 - 55, quarters[0]), (480.0 - 55, quarters[1])),
                ),
            )
        )
    return statement_pdf(ten_k_cover(name, NUMBERS[name], year_ended), tables)


def _ten_q(
    name: str,
    period_ended: str,
    dates: tuple[str, str],
    years: tuple[str, str],
    year_end: tuple[str, str],
) -> bytes:
    """A 10-Q: three and six months side by side (each span centred over its two columns),
    the balance sheet at the quarter's end and at the prior fiscal year end, the cash flows
    of the six months only."""
    income = StatementTable(
        "Condensed Consolidated Statements of Operations",
        "(In millions; unaudited)",
        (*years, *years),
        (
            ("Revenue", 0, ("13,507", "6,704", "20,699", "14,992")),
            ("Cost of revenue", 0, ("4,045", "3,789", "6,589", "6,646")),
            ("Gross profit", 0, ("9,462", "2,915", "14,110", "8,346")),
            ("Operating income", 0, ("6,800", "499", "8,940", "2,367")),
            ("Net income", 0, ("6,188", "656", "8,231", "2,274")),
        ),
        header=(
            ((300.0, "Three Months Ended"), (440.0, "Six Months Ended")),
            tuple((e - 45, dates[i % 2]) for i, e in enumerate(_FOUR)),
        ),
        edges=_FOUR,
    )
    balance = StatementTable(
        "Condensed Consolidated Balance Sheets",
        "(In millions; unaudited)",
        (years[0], year_end[1]),
        (
            ("Cash and cash equivalents", 0, ("5,783", "3,389")),
            ("Accounts receivable, net", 0, ("7,066", "3,827")),
            ("Inventories", 0, ("4,319", "5,159")),
            ("Total current assets", 0, ("30,020", "23,073")),
            ("Total assets", 0, ("49,555", "41,182")),
            ("Total current liabilities", 0, ("15,010", "11,500")),
        ),
        header=(((_TWO[0] - 45, dates[0]), (_TWO[1] - 60, year_end[0])),),
        edges=_TWO,
    )
    cash = StatementTable(
        "Condensed Consolidated Statements of Cash Flows",
        "(In millions; unaudited)",
        years,
        (
            ("Net income", 0, ("8,231", "2,274")),
            ("Depreciation and amortization", 0, ("744", "688")),
            ("Net cash provided by operating activities", 0, ("9,000", "3,000")),
            ("Purchases of property, plant and equipment", 0, ("(400)", "(600)")),
            ("Dividends paid", 0, ("(199)", "(199)")),
        ),
        header=(
            ((450.0, "Six Months Ended"),),
            tuple((e - 45, d) for e, d in zip(_TWO, dates, strict=True)),
        ),
        edges=_TWO,
    )
    return statement_pdf(ten_q_cover(name, NUMBERS[name], period_ended), [income, balance, cash])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        # a 52/53-week year ending late in January: fiscal 2024's second quarter ends in July
        # 2023
        (
            "alder-10k.pdf",
            _ten_k(ALDER, "January 28, 2023", ("2023", "2022"), ("41,182", "44,187")),
        ),
        (
            "alder-10q.pdf",
            _ten_q(
                ALDER,
                "July 29, 2023",
                ("July 29,", "July 30,"),
                ("2023", "2022"),
                ("January 28,", "2023"),
            ),
        ),
        # a year ending in September: fiscal 2024's second quarter ends in March 2024
        (
            "cedar-10k.pdf",
            _ten_k(
                CEDAR,
                "September 30, 2023",
                ("2023", "2022"),
                ("41,182", "44,187"),
                ("June 30,", "September 30,"),
            ),
        ),
        (
            "cedar-10q.pdf",
            _ten_q(
                CEDAR,
                "March 31, 2024",
                ("March 31,", "March 31,"),
                ("2024", "2023"),
                ("September 30,", "2023"),
            ),
        ),
        ("birch-10k.pdf", _ten_k(BIRCH, "December 31, 2020", ("2020", "2019"), ("9,000", "8,000"))),
    ]
    yield from ingested_runtime(tmp_path_factory, "quarters", files)


def _values(answer: Any) -> list[str]:
    assert answer.sufficient, answer.conclusion.answer
    return [v.value for v in answer.conclusion.values]


@pytest.mark.parametrize(
    "question",
    [
        "What is Alder Robotics' revenue in Q2 FY2024 (in USD millions)?",
        "What was Alder Robotics' revenue for the second quarter of fiscal 2024?",
        "What was Alder Robotics' revenue for the quarter ended July 29, 2023?",
    ],
)
def test_a_quarter_is_its_three_month_column(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert _values(answer) == ["USD 13,507 million"]
    assert {e.source_location.document for e in answer.evidence} == {"alder-10q.pdf"}


@pytest.mark.parametrize(
    "question",
    [
        "What was Alder Robotics' revenue for the six months ended July 29, 2023?",
        "What was Alder Robotics' revenue in the first half of FY2024?",
        "What was Alder Robotics' Q2 FY2024 year-to-date revenue?",
        # a year-to-date span through a date: the quarters the company's year end places
        # before it, never the fiscal year its calendar year names
        "What was Alder Robotics' year-to-date revenue through July 29, 2023?",
        "alder robotics's ytd revenue to july 29, 2023, in USD millions?",
        "What was Alder Robotics' revenue year to date as of July 29, 2023?",
    ],
)
def test_a_year_to_date_span_is_its_six_month_column(runtime: Any, question: str) -> None:
    assert _values(concluded(runtime, question)) == ["USD 20,699 million"]


def test_the_prior_years_quarter_is_that_years_quarter(runtime: Any) -> None:
    # "July 30, 2022" under "Three Months Ended" centred over both columns: fiscal 2023's Q2
    assert _values(concluded(runtime, "What was Alder Robotics' net income in Q2 of FY2023?")) == [
        "USD 656 million"
    ]


def test_a_fiscal_year_ending_in_september(runtime: Any) -> None:
    answer = concluded(
        runtime, "What was Cedar Foods' revenue in the second quarter of fiscal 2024?"
    )
    assert _values(answer) == ["USD 13,507 million"]
    assert {e.source_location.document for e in answer.evidence} == {"cedar-10q.pdf"}


def test_a_balance_at_the_quarters_end(runtime: Any) -> None:
    answer = concluded(runtime, "What were Alder Robotics' total assets as of Q2 FY2024 close?")
    assert _values(answer) == ["USD 49,555 million"]


def test_a_balance_at_the_prior_fiscal_year_end_is_not_the_quarters(runtime: Any) -> None:
    # the 10-Q prints both; only the fiscal year end's column is the year's, and it agrees
    # with the 10-K's
    answer = concluded(runtime, "What were Alder Robotics' total assets at the end of FY2023?")
    assert set(_values(answer)) == {"USD 41,182 million"}
    assert {e.source_location.document for e in answer.evidence} == {
        "alder-10k.pdf",
        "alder-10q.pdf",
    }


def test_a_quarter_the_cash_flows_do_not_print_is_insufficient(runtime: Any) -> None:
    # a 10-Q's cash flows are year-to-date only: the quarter's capital expenditure is not
    # there, and the six months' is never given as the quarter's
    answer = concluded(
        runtime, "What was Alder Robotics' capital expenditure in Q2 FY2024 (in USD millions)?"
    )
    assert not answer.sufficient and answer.conclusion.values == []
    assert "Q2 FY2024" in answer.conclusion.answer
    assert "6M:2023-07-29" in answer.conclusion.answer
    six = concluded(
        runtime,
        "What was Alder Robotics' capital expenditure for the six months ended July 29, 2023?",
    )
    assert _values(six) == ["USD 400 million"]


def test_a_quarter_of_a_company_with_10ks_only_is_insufficient(runtime: Any) -> None:
    answer = concluded(runtime, "What was Birch Mining's revenue in Q2 FY2020?")
    assert not answer.sufficient and answer.conclusion.values == []
    assert "FY2020" in answer.conclusion.answer and "Q2 FY2020" in answer.conclusion.answer
    assert all(e.value is None for e in answer.evidence)


def test_a_quarter_no_10q_covers_is_insufficient(runtime: Any) -> None:
    answer = concluded(runtime, "What was Alder Robotics' revenue in Q3 FY2024?")
    assert not answer.sufficient and answer.conclusion.values == []


def test_a_10ks_fourth_quarter_note_leaves_its_year_end_balance_the_years(runtime: Any) -> None:
    # Cedar's 10-K prints a quarterly note whose fourth quarter ends on its balance sheet's
    # date: that balance is the year's, as the 10-Q's column at the same date is
    answer = concluded(runtime, "What were Cedar Foods' total assets at the end of FY2023?")
    assert set(_values(answer)) == {"USD 41,182 million"}
    assert {e.source_location.document for e in answer.evidence} == {
        "cedar-10k.pdf",
        "cedar-10q.pdf",
    }


@pytest.mark.parametrize(
    ("question", "value", "documents"),
    [
        # a date that closes the second quarter: the 10-Q's balance at it, never FY2023's
        (
            "What were Alder Robotics' total assets as of July 29, 2023?",
            "USD 49,555 million",
            {"alder-10q.pdf"},
        ),
        (
            "What was Alder Robotics' cash and cash equivalents as of July 29 2023, in USD "
            "millions?",
            "USD 5,783 million",
            {"alder-10q.pdf"},
        ),
        # a date that ends a fiscal year: that year's balance, as the 10-K and the 10-Q print it
        (
            "What was Alder Robotics' cash and cash equivalents as of January 28, 2023?",
            "USD 3,389 million",
            {"alder-10k.pdf", "alder-10q.pdf"},
        ),
        (
            "What were Birch Mining's total assets as of December 31, 2020?",
            "USD 9,000 million",
            {"birch-10k.pdf"},
        ),
        (
            "What was Cedar Foods' accounts receivable as of March 31, 2024?",
            "USD 7,066 million",
            {"cedar-10q.pdf"},
        ),
    ],
)
def test_a_balance_on_a_date_is_the_quarters_or_the_years_its_date_ends(
    runtime: Any, question: str, value: str, documents: set[str]
) -> None:
    answer = concluded(runtime, question)
    assert set(_values(answer)) == {value}
    assert {e.source_location.document for e in answer.evidence} >= documents


def test_a_date_that_ends_no_period_printed_is_insufficient(runtime: Any) -> None:
    # Birch files 10-Ks only: June 30, 2020 closes its second quarter, which no filing prints
    answer = concluded(runtime, "What were Birch Mining's total assets as of June 30, 2020?")
    assert not answer.sufficient and answer.conclusion.values == []
    assert "2020-06-30" in answer.conclusion.answer


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # flows of the quarter's span
        ("What was Alder Robotics' gross margin in Q2 FY2024?", "70.1%"),
        ("What was Cedar Foods' gross margin in the second quarter of fiscal 2024?", "70.1%"),
        ("What was Alder Robotics' gross margin for the six months ended July 29, 2023?", "68.2%"),
        # a growth over the same quarter a year before (July 30, 2022: a 52/53-week year)
        (
            "What was Alder Robotics' year-over-year change in revenue for the three months "
            "ended July 29, 2023, in percent?",
            "101.5%",
        ),
        ("What was Alder Robotics' revenue growth in Q2 FY2024?", "101.5%"),
        # the base period named after "compared to / with": no judgement asked
        (
            "What was Alder Robotics' revenue growth in Q2 FY2024 compared to Q2 FY2023?",
            "101.5%",
        ),
        ("what was alder robotics' revenue growth in q2 fy2024 compared with q2 fy2023", "101.5%"),
        # balances at the quarter's end
        ("What was Alder Robotics' current ratio at the end of Q2 FY2024?", "2.00"),
        ("What was Alder Robotics' current ratio as of July 29, 2023?", "2.00"),
        ("What was Alder Robotics' working capital as of July 29, 2023?", "USD 15,010.00 million"),
    ],
)
def test_a_quarters_metric_is_computed_from_its_cells(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert _values(answer) == [value]
    assert {e.source_location.document for e in answer.evidence} <= {
        "alder-10q.pdf",
        "cedar-10q.pdf",
    }
    assert answer.conclusion.values[0].details["metric"]


@pytest.mark.parametrize(
    "question",
    [
        # an average of period ends, a constant of days, flows over balances: a year's
        # metric, which over a quarter would need annualising
        "What was Alder Robotics' inventory turnover in Q2 FY2024?",
        "What were Alder Robotics' days inventory outstanding in Q2 FY2024?",
        "What was Alder Robotics' asset turnover in Q2 FY2024?",
        # a quarter no 10-Q prints
        "What was Alder Robotics' gross margin in Q3 FY2024?",
    ],
)
def test_a_quarters_metric_needing_a_year_is_insufficient(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
