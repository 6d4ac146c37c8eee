"""Metrics asked in FinanceBench's templates, answered from a generated 10-K's cells (issue
35): a metric named inside a longer one ("EBITDA % margin", "EBITDA less capex") is the
longer one, never the shorter's figure; a payout asked with no percent is a ratio, over the
net income attributable to the company's shareholders; a table of deferred taxes names line
items but prints their tax effects, never the line items' figures; "Interest, net" is an
interest expense only where its heading's sign makes it one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import QuestionReader
from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

HOLLYHOCK, JUNIPER = "HOLLYHOCK FOODS, INC.", "JUNIPER SOFTWARE CORP."


def _filing() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions, except per share data)",
        ("2020", "2019"),
        (
            ("Net sales", 0, ("20,000", "18,000")),
            ("Cost of sales", 0, ("(12,000)", "(11,000)")),
            ("Operating income", 0, ("4,000", "3,000")),
            ("Other income (expense):", 0, ()),
            ("Interest, net", 9, ("(120)", "(100)")),
            ("Income before income taxes", 0, ("3,400", "2,600")),
            ("Income tax expense", 0, ("(800)", "(600)")),
            ("Net income", 0, ("2,600", "2,000")),
            ("Net income attributable to non-controlling interests", 0, ("(40)", "(30)")),
            ("Net income attributable to Hollyhock Foods, Inc.", 0, ("2,560", "1,970")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("1,500", "1,300")),
            ("Total current assets", 0, ("6,000", "5,500")),
            ("Total assets", 0, ("30,000", "28,000")),
            ("Accounts payable", 0, ("2,100", "2,000")),
            ("Short-term debt", 0, ("50", "40")),
            ("Current portion of long-term debt", 0, ("30", "25")),
            ("Total current liabilities", 0, ("4,000", "3,800")),
            ("Long-term debt", 0, ("2,000", "2,100")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net income", 0, ("2,600", "2,000")),
            ("Depreciation, amortization and accretion", 0, ("800", "700")),
            ("Net cash provided by operating activities", 0, ("5,000", "4,400")),
            ("Purchases of property and equipment", 0, ("(1,000)", "(900)")),
            ("Dividends paid", 0, ("(1,024)", "(1,000)")),
        ),
    )
    # the tax effects of temporary differences, under the line items' own names
    taxes = StatementTable(
        "NOTE 9. Income Taxes",
        "Deferred tax assets and liabilities (In millions)",
        ("2020", "2019"),
        (
            ("Accrued liabilities", 0, ("120", "110")),
            ("Receivables", 0, ("9", "8")),
            ("Inventories", 0, ("15", "12")),
            ("Depreciation and amortization", 0, ("(67)", "(50)")),
            ("Leases", 0, ("(129)", "(118)")),
            ("Net deferred tax liabilities", 0, ("(52)", "(38)")),
        ),
    )
    return statement_pdf(ten_k_cover(HOLLYHOCK, "53-0000003"), [income, balance, cash, taxes])


def _juniper() -> bytes:
    # net interest income: its cash earns more than its debt costs
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("5,000", "4,500")),
            ("Cost of revenue", 0, ("(2,000)", "(1,900)")),
            ("Operating income", 0, ("900", "800")),
            ("Other income (expense):", 0, ()),
            ("Interest, net", 9, ("45", "30")),
            ("Income before income taxes", 0, ("945", "830")),
            ("Net income", 0, ("750", "660")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("800", "700")),
            ("Accounts receivable, net", 0, ("600", "500")),
            ("Inventories", 0, ("300", "260")),
            ("Total current assets", 0, ("1,700", "1,460")),
            ("Accounts payable", 0, ("400", "360")),
            ("Total current liabilities", 0, ("900", "800")),
        ),
    )
    return statement_pdf(ten_k_cover(JUNIPER, "54-0000004"), [income, balance])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("hollyhock.pdf", _filing()), ("juniper.pdf", _juniper())]
    yield from ingested_runtime(tmp_path_factory, "metric-forms", files)


def test_an_ebitda_margin_is_no_ebitda(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What is the FY2020 unadjusted EBITDA % margin for Hollyhock Foods? Calculate "
        "unadjusted EBITDA using unadjusted operating income and D&A (from cash flow "
        "statement). Answer in units of percents and round to one decimal place.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert (
        answer.conclusion.answer == "ebitda margin FY2020: ((4,000 + 800) / 20,000) x 100 = 24.0%"
    )


def test_an_ebitda_less_capex(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What is the FY2020 unadjusted EBITDA less capex for Hollyhock Foods? Define unadjusted "
        "EBITDA as unadjusted operating income + depreciation and amortization from the cash "
        "flow statement. Answer in USD millions.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.values[0].value == "USD 3,800.00 million"


def test_a_dollar_metric_asked_in_percent_is_not_computed(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What is Hollyhock Foods' FY2020 free cash flow, in percent, rounded to one decimal place?",
    )
    assert not answer.sufficient and answer.conclusion.values == []


def test_depreciation_amortization_and_accretion_is_the_cash_flow_row(runtime: Any) -> None:
    answer = concluded(
        runtime, "What is Hollyhock Foods' FY2020 depreciation and amortization in USD millions?"
    )
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == ["USD 800 million"]


def test_a_deferred_tax_table_gives_no_line_item(runtime: Any) -> None:
    answer = concluded(runtime, "What were Hollyhock Foods' inventories at year end FY2020?")
    assert not answer.sufficient and answer.conclusion.values == []


def test_a_payout_ratio_asked_with_no_percent_is_a_ratio_over_the_shareholders_income(
    runtime: Any,
) -> None:
    answer = concluded(
        runtime,
        "What is Hollyhock Foods' FY2020 dividend payout ratio (using total cash dividends paid "
        "and net income attributable to shareholders)? Round answer to two decimal places.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == "payout ratio FY2020: 1,024 / 2,560 = 0.40"
    answer = concluded(
        runtime,
        "What was Hollyhock Foods' FY2020 dividend payout ratio? Answer in percent, rounded to "
        "one decimal place.",
    )
    assert answer.conclusion.values[0].value == "40.0%"


def test_a_retention_ratio(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What is Hollyhock Foods' FY2020 retention ratio (using total cash dividends paid and "
        "net income attributable to shareholders)? Round answer to two decimal places.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == "retention ratio FY2020: 1 - (1,024 / 2,560) = 0.60"


@pytest.mark.parametrize(
    "question",
    [
        "What is Hollyhock Foods' FY2020 free cash flow (from the cash flow statement)?",
        "What were Hollyhock Foods' FY2020 dividends paid (per the statement of cash flows)?",
        "What is Hollyhock Foods' FY2020 EBITDA (operating income + depreciation and "
        "amortization from the cash flows statement)?",
    ],
)
def test_a_statements_name_holds_no_party(question: str) -> None:
    # "Cash" is a name the knowledge base knows (a product's): in "the cash flow
    # statement" it is the statement's word
    reader = QuestionReader(["Hollyhock Foods, Inc.", "Hollyhock Foods", "Cash"])
    subject = reader.read(question)
    assert (subject.type, subject.name) == ("legal_entity", "Hollyhock Foods")


def test_the_change_in_a_margin_is_in_percentage_points(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What is the FY2019 - FY2020 change in unadjusted operating income % margin for "
        "Hollyhock Foods? Answer in units of percents and round to one decimal place.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "operating margin FY2019-FY2020: FY2019: (3,000 / 18,000) x 100 = 16.67%; FY2020: "
        "(4,000 / 20,000) x 100 = 20.00%; 20.00% - 16.67% = 3.3 percentage points"
    )
    # a change relative to the earlier margin leaves its base open: not computed
    answer = concluded(
        runtime,
        "What is the percentage change in Hollyhock Foods' operating margin from FY2019 to FY2020?",
    )
    assert not answer.sufficient


def test_a_compound_annual_growth_rate(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What is the 1 year net sales CAGR from FY2019 to FY2020 for Hollyhock Foods? Answer "
        "in units of percents and round to one decimal place.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "revenue cagr FY2019-FY2020: FY2019: 18,000; FY2020: 20,000; "
        "(20,000 / 18,000) ^ (1 / 1) - 1 = 11.1%"
    )
    # two years named, three stated: which the question means is open
    answer = concluded(
        runtime,
        "What is the 3 year net sales CAGR from FY2019 to FY2020 for Hollyhock Foods?",
    )
    assert not answer.sufficient


@pytest.mark.parametrize(
    "question",
    [
        "What is the 1-year net sales CAGR of Hollyhock Foods, issuer of 5 year notes, from "
        "FY2019 to FY2020?",
        "What is the net sales CAGR from FY2019 to FY2020 for Hollyhock Foods (a 2 year old "
        "credit line aside)?",
    ],
)
def test_a_count_of_years_of_something_else_is_no_span_of_the_metric(
    runtime: Any, question: str
) -> None:
    # "5 year notes" is the notes' term, not the years the growth is compounded over
    answer = concluded(runtime, question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert answer.conclusion.answer == (
        "revenue cagr FY2019-FY2020: FY2019: 18,000; FY2020: 20,000; "
        "(20,000 / 18,000) ^ (1 / 1) - 1 = 11.1%"
    )


@pytest.mark.parametrize(
    "question",
    [
        "What is the three-year net sales CAGR from FY2019 to FY2020 for Hollyhock Foods?",
        "What was Hollyhock Foods' net sales CAGR over the last 3 years, FY2019 to FY2020?",
    ],
)
def test_a_span_of_the_metric_other_than_the_years_named_stays_open(
    runtime: Any, question: str
) -> None:
    assert not concluded(runtime, question).sufficient, question


def test_a_net_interest_row_is_an_expense_only_by_its_headings_sign(runtime: Any) -> None:
    question = (
        "What was {}'s FY2020 interest coverage ratio (operating income / net interest "
        "expense)? Round to two decimal places."
    )
    answer = concluded(runtime, question.format("Hollyhock Foods"))
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == "interest coverage FY2020: 4,000 / 120 = 33.33"
    # under "Other income (expense)" a positive "Interest, net" is income: no expense to
    # cover, and no coverage
    answer = concluded(runtime, question.format("Juniper Software"))
    assert not answer.sufficient and answer.conclusion.values == []
    answer = concluded(
        runtime, "What was Juniper Software's FY2020 interest expense in USD millions?"
    )
    assert not answer.sufficient and answer.conclusion.values == []


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Hollyhock Foods' FY2020 income tax expense in USD millions?", "USD 800 million"),
        (
            "What was Hollyhock Foods' net interest expense in FY2020, in USD millions?",
            "USD 120 million",
        ),
    ],
)
def test_an_expense_printed_as_a_deduction_is_its_magnitude(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]


@pytest.mark.parametrize(
    ("definition", "value"),
    [
        # none given: DPO over cost of sales
        ("", "21.90 days"),
        (
            " CCC is defined as DIO + DSO - DPO. DPO is defined as 365 * (average accounts "
            "payable between FY2019 and FY2020) / (FY2020 COGS + change in inventory between "
            "FY2019 and FY2020).",
            "23.26 days",
        ),
    ],
)
def test_a_cash_conversion_cycle(runtime: Any, definition: str, value: str) -> None:
    answer = concluded(
        runtime,
        f"What is Juniper Software's FY2020 cash conversion cycle?{definition} Round your "
        "answer to two decimal places.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]


def test_total_debt_is_computed_only_as_the_question_defines_it(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What was Hollyhock Foods' total debt at the end of FY2020, defined as long-term debt "
        "+ short-term debt + current portion of long-term debt? Answer in USD millions.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "total debt FY2020: (2,000 + 50) + 30 = USD 2,080.00 million"
    )
    # which debts it sums, the question leaves open: never one row of them
    answer = concluded(runtime, "What was Hollyhock Foods' total debt at the end of FY2020?")
    assert not answer.sufficient and answer.conclusion.values == []


def test_a_definition_over_line_items_is_arithmetic_not_its_first_item(runtime: Any) -> None:
    # net debt is no metric of the registry: its definition's first line item is not it
    answer = concluded(
        runtime,
        "What was Hollyhock Foods' FY2020 net debt, defined as long-term debt - cash and cash "
        "equivalents? Answer in USD millions.",
    )
    assert not answer.sufficient and answer.conclusion.values == []
