"""Concepts and label variants analysts ask for, answered from a generated 10-K's cells (issue
35): short-term investments and marketable securities; return on equity as the question
defines it (over average or ending equity; left open, INSUFFICIENT with the cells); "How
capital intensive is X?" read as a judgement, its figures cited; and the row labels the
development filings print that the lexicon lacked (pretax income "and equity in income of
affiliates", common shareholders' equity, "Depreciation of property and equipment ... and
other amortization", "Debt" under "Long-term liabilities:", "Purchase of treasury shares" in
dollars, not a count of shares)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

LARKSPUR, MARIGOLD = "LARKSPUR TOOLS, INC.", "MARIGOLD RETAIL CORP."


def _larkspur() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Earnings",
        "(In millions, except per share amounts)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("10,000", "9,000")),
            ("Cost of sales", 0, ("6,000", "5,500")),
            ("Operating income", 0, ("1,500", "1,300")),
            (
                "Earnings before income tax expense and equity in income of affiliates",
                0,
                (
                    "1,400",
                    "1,200",
                ),
            ),
            ("Income tax expense", 0, ("350", "300")),
            ("Net earnings", 0, ("1,050", "900")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions, except share data)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("900", "800")),
            ("Short-term investments", 0, ("1,250", "1,100")),
            ("Total current assets", 0, ("4,000", "3,600")),
            ("Property and equipment, net", 0, ("2,000", "1,900")),
            ("Total assets", 0, ("12,000", "11,000")),
            ("Current liabilities:", 0, ()),
            ("Debt", 9, ("400", "—")),
            ("Total current liabilities", 0, ("3,000", "2,800")),
            ("Long-term liabilities:", 0, ()),
            ("Debt", 9, ("2,500", "2,900")),
            ("Total liabilities", 0, ("6,000", "6,000")),
            ("Total common shareholders' equity", 0, ("6,000", "5,000")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net earnings", 0, ("1,050", "900")),
            (
                "Depreciation of property and equipment and other amortization, including "
                "capitalized content costs",
                0,
                ("700", "650"),
            ),
            ("Net cash provided by operating activities", 0, ("2,200", "2,000")),
            ("Purchases of property and equipment", 0, ("(800)", "(700)")),
            ("Cash flows from financing activities:", 0, ()),
            ("Purchase of treasury shares", 9, ("(221)", "(143)")),
        ),
    )
    return statement_pdf(ten_k_cover(LARKSPUR, "55-0000005"), [income, balance, cash])


def _marigold() -> bytes:
    balance = StatementTable(
        "Consolidated Balance Sheet",
        "(Dollars in millions)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("2,853", "3,053")),
            ("Marketable securities — current", 0, ("380", "1,076")),
            ("Total current assets", 0, ("13,709", "14,277")),
            ("Marketable securities — non-current", 0, ("37", "27")),
            ("Total assets", 0, ("36,500", "37,987")),
        ),
    )
    # its operating expenses printed as deductions, depreciation among them
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(Dollars in millions)",
        ("2020", "2019"),
        (
            ("Net sales", 0, ("8,000", "7,500")),
            ("Cost of sales", 0, ("(5,000)", "(4,800)")),
            ("Depreciation and amortization", 0, ("(500)", "(450)")),
            ("Operating income", 0, ("1,200", "1,100")),
        ),
    )
    return statement_pdf(ten_k_cover(MARIGOLD, "56-0000006"), [income, balance])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("larkspur.pdf", _larkspur()), ("marigold.pdf", _marigold())]
    yield from ingested_runtime(tmp_path_factory, "statement-concepts", files)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "What were Larkspur Tools' short-term investments at the end of FY2020?",
            "USD 1,250 million",
        ),
        (
            "How much did Marigold Retail hold in marketable securities at year end FY2020, in "
            "USD millions?",
            "USD 380 million",
        ),
        (
            "What was Marigold Retail's balance of current marketable securities at the end of "
            "FY2019, in USD millions?",
            "USD 1,076 million",
        ),
        # the label variants
        ("What was Larkspur Tools' FY2020 income before income taxes?", "USD 1,400 million"),
        (
            "What was Larkspur Tools' total shareholders' equity at the end of FY2020?",
            "USD 6,000 million",
        ),
        (
            "What was Larkspur Tools' FY2019 depreciation and amortization per the cash flow "
            "statement?",
            "USD 650 million",
        ),
        ("What was Larkspur Tools' long-term debt at the end of FY2020?", "USD 2,500 million"),
        (
            "How much did Larkspur Tools spend on share repurchases in FY2020, in USD millions?",
            "USD 221 million",
        ),
    ],
)
def test_a_concept_read_from_its_row(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]


def test_a_non_current_marketable_security_is_no_short_term_investment(runtime: Any) -> None:
    # the current row alone is the concept: the non-current one's 37 never disputes it
    answer = concluded(
        runtime, "What were Marigold Retail's marketable securities at the end of FY2020?"
    )
    assert [v.value for v in answer.conclusion.values] == ["USD 380 million"]
    assert all("non-current" not in e.quote for e in answer.evidence)


def test_a_current_debt_row_is_no_long_term_debt(runtime: Any) -> None:
    answer = concluded(runtime, "What was Larkspur Tools' long-term debt at the end of FY2019?")
    assert [v.value for v in answer.conclusion.values] == ["USD 2,900 million"]


@pytest.mark.parametrize(
    ("question", "arithmetic"),
    [
        (
            "What is Larkspur Tools' FY2020 return on equity, defined as net income / average "
            "total shareholders' equity between FY2019 and FY2020? Answer in percent, rounded "
            "to one decimal place.",
            "return on equity FY2020: (1,050 / ((6,000 + 5,000) / 2)) x 100 = 19.1%",
        ),
        (
            "What was Larkspur Tools' FY2020 ROE, using net income over ending shareholders' "
            "equity? Answer in percent, rounded to one decimal place.",
            "return on equity FY2020: (1,050 / 6,000) x 100 = 17.5%",
        ),
        (
            "What was Larkspur Tools' effective tax rate in FY2020? Answer in percent.",
            "effective tax rate FY2020: (350 / 1,400) x 100 = 25.0%",
        ),
        (
            "What is Larkspur Tools' FY2020 debt-to-equity ratio, using long-term debt over "
            "total shareholders' equity? Round to two decimal places.",
            "debt to equity FY2020: 2,500 / 6,000 = 0.42",
        ),
    ],
)
def test_a_metric_over_the_new_concepts(runtime: Any, question: str, arithmetic: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == arithmetic


def test_a_return_on_equity_left_open_is_insufficient_with_its_cells(runtime: Any) -> None:
    answer = concluded(
        runtime, "What is Larkspur Tools' FY2020 return on equity? Answer in percent."
    )
    assert not answer.sufficient and answer.conclusion.values == []
    assert answer.conclusion.answer.startswith(
        "return on equity FY2020 not computed: the question leaves its definition open "
        "(net_income / avg(shareholders_equity); net_income / shareholders_equity)"
    )
    quotes = " ".join(e.quote for e in answer.evidence)
    assert "1,050" in quotes and "6,000" in quotes


@pytest.mark.parametrize(
    "question",
    [
        "How capital intensive is Larkspur Tools?",
        "How capital-intensive is Larkspur Tools in FY2020?",
    ],
)
def test_how_capital_intensive_is_a_judgement_with_its_figures_cited(
    runtime: Any, question: str
) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
    assert answer.conclusion.answer == (
        "capex to revenue FY2020: (800 / 10,000) x 100 = 8.0%; ppe to total assets FY2020: "
        "(2,000 / 12,000) x 100 = 16.7%; whether that is capital-intensive is not a figure the "
        "statements give"
    )
    assert answer.evidence


def test_how_much_asks_for_a_figure_not_a_judgement(runtime: Any) -> None:
    answer = concluded(
        runtime, "How much did Larkspur Tools spend on capital expenditure in FY2020?"
    )
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == ["USD 800 million"]


def test_an_expense_printed_as_a_deduction_is_its_magnitude(runtime: Any) -> None:
    answer = concluded(runtime, "What was Marigold Retail's FY2020 depreciation and amortization?")
    assert [v.value for v in answer.conclusion.values] == ["USD 500 million"]
    answer = concluded(
        runtime,
        "What is Marigold Retail's FY2020 EBITDA (operating income + depreciation and "
        "amortization)? Answer in USD millions.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == "ebitda FY2020: 1,200 + 500 = USD 1,700.00 million"


def test_a_holding_named_beside_the_short_term_investments_is_its_own_row(runtime: Any) -> None:
    # the non-current securities are their own row, never the current one's figure
    answer = concluded(
        runtime,
        "What were Marigold Retail's non-current marketable securities at the end of FY2020?",
    )
    assert [v.value for v in answer.conclusion.values] == ["USD 37 million"]
    # cash and short-term investments together: a sum no row prints, never one of its parts
    answer = concluded(
        runtime, "What were Larkspur Tools' cash and short-term investments at the end of FY2020?"
    )
    assert not answer.sufficient and answer.conclusion.values == []
