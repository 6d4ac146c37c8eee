"""The financial concepts (domain/lexicon/financial.yaml): loaded, looked up by row label and
by a question's words."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from domain import (
    LexiconError,
    QuarterAsked,
    captions_another_entity,
    captions_another_measure,
    comparison_asked,
    computed_asked,
    concept_named,
    concept_of_label,
    concept_phrase_spans,
    concepts_asked,
    expense_row_sign,
    figure_period_named,
    financial_concepts,
    financial_metrics,
    fiscal_quarter_of,
    full_fiscal_years,
    growth_asked,
    growth_metric,
    label_count_words,
    line_item_asked,
    line_item_labels,
    line_item_readings,
    line_item_span,
    metric_asked,
    names_benefit_only,
    names_category_total,
    names_loss_only,
    names_share_amount,
    net_row_expense,
    quarter_asked,
    share_asked,
    share_metric,
    spending_asked,
    steadiness_asked,
    sum_asked,
    without_other_senses,
    without_report_years,
    years_listed,
)


def test_every_concept_is_complete() -> None:
    concepts = financial_concepts()
    assert len(concepts) >= 20
    assert len({c.name for c in concepts}) == len(concepts)
    assert all(c.labels and c.gaap and c.statement for c in concepts)


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("Purchases of property, plant and equipment (PP&E)", "capital_expenditure"),
        ("Merchandise inventories", "inventories"),
        ("Total current assets", "current_assets"),
        ("Net cash provided by (used in) operating activities", "cash_from_operations"),
        ("Total net sales", "revenue"),
        # a label's beginning: the company's name follows it
        (
            "Net earnings attributable to Wren Stores, Inc. shareholders",
            "net_income_to_shareholders",
        ),
        ("Net income (loss) attributable to Corvid Rail Corp.", "net_income_to_shareholders"),
        ("Net earnings including noncontrolling interests", "net_income"),
        ("Selling, general and administrative expenses", "sga"),
        ("Purchases of treasury stock", "share_repurchases"),
        ("Retained earnings (accumulated deficit)", "retained_earnings"),
        # labels the development filings print (bench/financebench_dev)
        ("Operating revenues", "revenue"),
        ("Interest, net", "net_interest"),
        ("Earnings per share attributable to 3M common shareholders — diluted", "eps_diluted"),
        ("Earnings per share attributable to 3M common shareholders — basic", "eps_basic"),
        ("Basic", "eps_basic"),
        (
            "Trade receivables, net of allowances for doubtful accounts of $23 and of $16",
            "accounts_receivable",
        ),
        ("Accounts receivable — net of allowances of $95 and $103", "accounts_receivable"),
        (
            "Purchase of property, plant, and equipment, and other intangible assets",
            "capital_expenditure",
        ),
        (
            "Additions to property and equipment, net of $35, $46 and $32, respectively, of "
            "non-cash capital expenditures",
            "capital_expenditure",
        ),
        (
            "Depreciation and amortization of property and equipment and capitalized content "
            "costs, operating lease assets, and other",
            "depreciation_amortization",
        ),
        # common US-GAAP wordings of the concepts (no development filing's own row needed)
        ("Net operating revenues", "revenue"),
        ("Cost of goods and services sold", "cost_of_revenue"),
        ("Net cash generated from operating activities", "cash_from_operations"),
        ("Payments for property, plant and equipment", "capital_expenditure"),
        ("Expenditures for property, plant and equipment", "capital_expenditure"),
        ("Payment of dividends", "dividends_paid"),
        ("Cash dividends paid to shareholders", "dividends_paid"),
        ("Accounts receivable - trade, net", "accounts_receivable"),
        ("Accounts payable - trade", "accounts_payable"),
        (
            "Property, plant and equipment, net of accumulated depreciation of $1,234",
            "ppe_net",
        ),
        ("Long-term debt, excluding current maturities", "long_term_debt"),
        ("Marketable securities — current", "short_term_investments"),
        ("Short-term investments", "short_term_investments"),
        ("Purchase of treasury shares", "share_repurchases"),
        ("Total common shareholders' equity", "shareholders_equity"),
        (
            "Earnings before income tax expense and equity in income of affiliates",
            "pretax_income",
        ),
    ],
)
def test_row_labels(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept


_OWNERS = ("Acme Corp.", "Wren & Sons", "the Company's", "ACME HOLDINGS PLC")
_HOLDERS = ("common shareholders", "common stockholders", "shareholders", "stockholders")


def _attributable(owner: str, holders: str) -> list[tuple[str, str]]:
    """Per-share and net income rows qualified by "attributable to <owner> <holders>", each
    shape with the qualifier before the measure or after it."""
    to = f"attributable to {owner} {holders}"
    rows = []
    for measure in (
        "Earnings per share",
        "Net earnings per share",
        "Net income per share",
        "Earnings per common share",
        "Net income per common share",
    ):
        for kind in ("diluted", "basic"):
            concept = f"eps_{kind}"
            rows += [
                (f"{measure} {to} - {kind}", concept),
                (f"{measure} {to} — {kind.capitalize()}", concept),
                (f"{measure} {to}: {kind}", concept),
                (f"{kind.capitalize()} {measure.lower()} {to}", concept),
            ]
    for measure in ("Net income", "Net earnings", "Net loss", "Net (loss) income"):
        for verb in ("attributable to", "available to", "applicable to"):
            rows.append((f"{measure} {verb} {owner} {holders}", "net_income_to_shareholders"))
    return rows


@pytest.mark.parametrize(
    ("label", "concept"),
    [row for owner in _OWNERS for holders in _HOLDERS for row in _attributable(owner, holders)],
)
def test_rows_attributable_to_the_owners_holders(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept, label


@pytest.mark.parametrize(
    "label",
    [
        "Net income attributable to noncontrolling interests",
        "Net loss attributable to noncontrolling interest",
        "Net income available to non-controlling interests",
    ],
)
def test_the_minority_holders_share_is_no_shareholders_net_income(label: str) -> None:
    found = concept_of_label(label)
    assert found is None or found.name == "net_income_to_noncontrolling", label


# the noncontrolling interests' share of net income, as filings print it: its own concept,
# never the company's net income nor its shareholders'
_MINORITY = [
    "noncontrolling interests",
    "noncontrolling interest",
    "non-controlling interests",
    "Noncontrolling Interests",
]


@pytest.mark.parametrize(
    "label",
    [
        f"{lead}{measure} attributable to {holders}"
        for lead in ("", "Less: ", "less ")
        for measure in ("Net income", "Net earnings", "net income")
        for holders in _MINORITY
    ],
)
def test_the_minority_holders_share_is_its_own_concept(label: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == "net_income_to_noncontrolling", label


@pytest.mark.parametrize(
    "question",
    [
        f"What was {company} net income attributable to {holders} in {year}?"
        for company in ("3M's", "Amcor plc's", "the Company's", "Smith & Nephew's")
        for holders in _MINORITY
        for year in ("FY2018", "fiscal 2018", "2018")
    ],
)
def test_a_question_on_the_minority_share_is_no_net_income(question: str) -> None:
    asked = [c.name for c in concepts_asked(question)]
    assert asked[:1] == ["net_income_to_noncontrolling"], (question, asked)
    assert "net_income" not in asked and "net_income_to_shareholders" not in asked


# EPS rows with no basic/diluted word (one figure for both, or a company with no dilution)
@pytest.mark.parametrize(
    "label",
    [
        "Earnings per share",
        "Net income per share",
        "net earnings per share",
        "Earnings per common share",
        "Net income per share - basic and diluted",
        "Basic and diluted earnings per share",
        "Net loss per share, basic and diluted",
        "Earnings per share attributable to 3M common shareholders",
        "Net income per share attributable to Acme Corp. stockholders",
    ],
)
def test_a_per_share_row_with_no_basic_or_diluted_word(label: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == "eps", label


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        (f"Earnings per share attributable to {owner} common shareholders {sep}{word}", concept)
        for owner in ("3M", "Best Buy Co., Inc.", "Smith & Nephew")
        for sep in ("— ", "- ", ", ")
        for word, concept in (("basic", "eps_basic"), ("diluted", "eps_diluted"))
    ],
)
def test_a_per_share_row_with_its_word_stays_basic_or_diluted(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept, label


_PER_SHARE_ASKS = [
    # (question, concept asked first): a figure per share, never the dollars it names
    ("What was {c} net income attributable to common shareholders per share in {y}?", "eps"),
    ("What was {c} net income per share in {y}?", "eps"),
    ("What were {c} earnings per share in {y}?", "eps"),
    ("What was {c} EPS in {y}?", "eps"),
    ("What was {c} net income per diluted share in {y}?", "eps_diluted"),
    ("What was {c} net income per share, diluted, in {y}?", "eps_diluted"),
    (
        "What was {c} net income attributable to common shareholders per share, diluted, {y}?",
        "eps_diluted",
    ),
    ("What were {c} net earnings per basic share in {y}?", "eps_basic"),
    ("What were {c} earnings per share (basic) for {y}?", "eps_basic"),
    ("What were {c} diluted earnings per share attributable to the company in {y}?", "eps_diluted"),
]


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        (q.format(c=company, y=year), concept)
        for q, concept in _PER_SHARE_ASKS
        for company in ("3M's", "American Water Works'", "Smith & Nephew's", "the company's")
        for year in ("FY2019", "fiscal 2019", "2019", "the year ended December 31, 2019")
    ],
)
def test_a_figure_asked_per_share(question: str, concept: str) -> None:
    asked = [c.name for c in concepts_asked(question)]
    assert asked[:1] == [concept], (question, asked)
    # the dollars of the line item named before "per share" are never asked
    assert not {"net_income", "net_income_to_shareholders"} & set(asked), (question, asked)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # dividends declared per share: a figure per share of its own (dividends_per_share)
        ("What was 3M's dividend per share in 2018?", ["dividends_per_share"]),
        ("What was the book value per share of 3M in FY2018?", []),
        ("What was Amcor's adjusted EPS in fiscal 2023?", []),
        (
            "What was Best Buy's dividends declared per common share in FY2023?",
            ["dividends_per_share"],
        ),
    ],
)
def test_another_figure_per_share_is_neither_eps_nor_dollars(
    question: str, asked: list[str]
) -> None:
    assert [c.name for c in concepts_asked(question)] == asked, question


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        (f"{lead} {kind} activities", f"cash_from_{kind}")
        for kind in ("investing", "financing")
        for lead in (
            "Net cash used in",
            "Net cash provided by (used in)",
            "Net cash (used in)/provided by",
            "Net cash used for",
            "Total cash used in",
            "Total cash provided by (used in)",
            "NET CASH FLOWS FROM",
            "Net cash provided by",
        )
    ],
)
def test_the_investing_and_financing_totals(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept, label


@pytest.mark.parametrize(
    "label",
    [
        "Other investing activities",
        "Other financing activities, net",
        "Cash flows from investing activities",
        "Proceeds from sales of investments",
    ],
)
def test_a_line_among_investing_or_financing_is_no_total(label: str) -> None:
    assert concept_of_label(label) is None, label


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        (f"What was {c} {phrase} in {y}?", f"cash_from_{kind}")
        for kind in ("investing", "financing")
        for phrase in (
            f"net cash used in {kind} activities",
            f"cash flow from {kind} activities",
            f"net cash provided by (used in) {kind} activities",
            f"{kind} cash flow",
        )
        for c in ("Amazon's", "AT&T's")
        for y in ("FY 2019", "2019")
    ],
)
def test_the_investing_and_financing_totals_asked(question: str, concept: str) -> None:
    assert [c.name for c in concepts_asked(question)][:1] == [concept], question


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("Weighted-average number of shares outstanding Diluted", "shares_outstanding_diluted"),
        ("Weighted average 3M common shares outstanding — diluted", "shares_outstanding_diluted"),
        ("Weighted average 3M common shares outstanding — basic", "shares_outstanding_basic"),
        ("Weighted-average common shares outstanding: Basic", "shares_outstanding_basic"),
        ("Shares used to compute diluted net income per share", "shares_outstanding_diluted"),
        (
            "Weighted-average shares used in computation of earnings per share: Diluted",
            "shares_outstanding_diluted",
        ),
        ("Goodwill", "goodwill"),
    ],
)
def test_share_counts_and_goodwill(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept, label


def test_a_label_of_no_concept() -> None:
    assert concept_of_label("Company pension and postretirement contributions") is None
    # a heading's word alone names nothing
    assert concept_of_label("Debt") is None


def test_a_non_current_investment_is_no_short_term_one() -> None:
    found = concept_of_label("Marketable securities — non-current")
    assert found is not None and found.name == "long_term_investments"
    # the beginning of the shareholders' net income, but a never-word's row: the minority's
    found = concept_of_label("Net income attributable to noncontrolling interests")
    assert found is not None and found.name == "net_income_to_noncontrolling"


def test_question_words_longest_first() -> None:
    asked = concepts_asked("What is the FY2019 net income attributable to shareholders?")
    # "net income" inside the longer phrase is not a second concept asked
    assert [c.name for c in asked] == ["net_income_to_shareholders"]
    # a one-word label names a row, not a question's concept: "cash dividends" is no cash
    assert [c.name for c in concepts_asked("How much did it pay in cash dividends?")] == [
        "dividends_paid"
    ]
    capex = concepts_asked("What is the FY2018 capital expenditure amount for 3M?")
    assert [c.name for c in capex] == ["capital_expenditure"]
    assert capex[0].sign == "outflow"


@pytest.mark.parametrize(
    ("question", "concepts"),
    [
        # a label's beginning asked as written, the company's name after it
        (
            "What was Amcor's net income attributable to Amcor plc for the six months?",
            ["net_income_to_shareholders"],
        ),
        (
            "net earnings attributable to Wren Stores, Inc. in FY2022",
            ["net_income_to_shareholders"],
        ),
        # ... never when its never-words stand around it
        (
            "net income attributable to noncontrolling interests in FY2022",
            ["net_income_to_noncontrolling"],
        ),
        ("diluted earnings per share attributable to 3M common shareholders", ["eps_diluted"]),
        ("earnings per share attributable to 3M common shareholders - basic", ["eps_basic"]),
    ],
)
def test_a_label_beginning_asked(question: str, concepts: list[str]) -> None:
    assert [c.name for c in concepts_asked(question)] == concepts


@pytest.mark.parametrize(
    ("question", "pair"),
    [
        (
            "What was research and development expense as a percentage of revenue in FY2022?",
            ("research_development", "revenue"),
        ),
        ("SG&A as a % of net sales in FY2020", ("sga", "revenue")),
        ("net income as a share of total assets", ("net_income", "total_assets")),
        # one concept on both sides, or none after: no share
        ("net income as a percentage of net income", None),
        ("revenue as a percentage of the total", None),
    ],
)
def test_a_share_asked(question: str, pair: tuple[str, str] | None) -> None:
    asked = share_asked(question)
    assert (None if asked is None else (asked[0].name, asked[1].name)) == pair
    if asked is not None:
        assert share_metric(*asked).formulas[0].expression == f"{pair[0]} / {pair[1]}"


def test_a_line_items_phrase_in_lower_case_is_spanned() -> None:
    text = "Best Buy's cash and cash equivalents, Cash & Cash equivalents, cash from operations"
    assert [text[a:b] for a, b in concept_phrase_spans(text)] == [
        "cash and cash equivalents",
        "cash from operations",
    ]


@pytest.mark.parametrize(
    ("caption", "another"),
    [
        ("Deed of Cross Guarantee Consolidated Statements of Income", True),
        ("Condensed Consolidating Balance Sheets - Guarantor Subsidiaries", True),
        ("Schedule I - Condensed Financial Information of Registrant (Parent Company Only)", True),
        ("Amcor plc and Subsidiaries Consolidated Statements of Income", False),
        ("Consolidated Balance Sheets", False),
    ],
)
def test_another_entitys_captions(caption: str, another: bool) -> None:
    assert captions_another_entity(caption) is another


@pytest.mark.parametrize(
    ("caption", "another"),
    [
        (
            "ADOBE INC. NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued) Deferred Tax "
            "Assets and Liabilities The tax effects of the temporary differences",
            True,
        ),
        ("Significant components of deferred tax assets and liabilities are as follows:", True),
        ("Consolidated Statements of Cash Flows (In millions)", False),
        ("NOTE 7. Supplemental Balance Sheet Information", False),
    ],
)
def test_another_measures_captions(caption: str, another: bool) -> None:
    assert captions_another_measure(caption) is another


def test_a_metrics_never_words_rule_it_out() -> None:
    ebitda = metric_asked("What is the FY2019 unadjusted EBITDA of 3M?")
    assert ebitda is not None and ebitda.name == "ebitda"
    assert metric_asked("What was the Adjusted Non GAAP EBITDA for FY 2023?") is None


def test_a_growth_asked_in_percent_only() -> None:
    assert growth_asked("What is the change in net income from FY2019 to FY2020 (in percent)?")
    assert growth_asked("What is the FY2019 operating income growth (%)?")
    assert not growth_asked("What is the change in net income from FY2019 to FY2020 in USD?")
    metric = growth_metric(concepts_asked("net income")[0])
    assert metric.unit == "%" and metric.formulas[0].operands() == (
        ("net_income", "this"),
        ("net_income", "prior"),
    )


def test_a_malformed_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "financial.yaml"
    bad.write_text("concepts:\n  revenue:\n    labels: [revenue]\n    statement: nowhere\n")
    with pytest.raises(LexiconError):
        financial_concepts(bad)


def test_every_metric_reads_concepts_of_the_file() -> None:
    metrics = {m.name: m for m in financial_metrics()}
    assert {"gross_margin", "current_ratio", "days_payable", "free_cash_flow"} <= set(metrics)
    dpo = metrics["days_payable"]
    assert ("accounts_payable", "avg") in dpo.formulas[-1].operands()
    # the quick ratio has no standard definition: a question must say which
    assert metrics["quick_ratio"].formula_for("What is the FY2020 quick ratio?") is None
    chosen = metrics["quick_ratio"].formula_for("quick ratio: current assets less inventories")
    assert chosen is not None and "inventories" in chosen.expression
    # a definition in parentheses chooses too
    chosen = dpo.formula_for("DPO = 365 * AP / (COGS + change in inventory)")
    assert chosen is not None and "prior(inventories)" in chosen.expression


@pytest.mark.parametrize(
    ("question", "metric"),
    [
        ("What is Amazon's FY2017 days payable outstanding (DPO)?", "days_payable"),
        ("What is the FY2016 working capital ratio?", "current_ratio"),
        ("capex as a % of revenue for FY2019", "capex_to_revenue"),
        ("year-over-year change in revenue from FY2016 to FY2017", "revenue_growth"),
    ],
)
def test_metric_asked(question: str, metric: str) -> None:
    found = metric_asked(question)
    assert found is not None and found.name == metric


@pytest.mark.parametrize(
    "expression", ["revenue ** 2", "open(revenue)", "prior(revenue, 2)", "turnover / revenue"]
)
def test_a_malformed_metric_is_refused(tmp_path: Path, expression: str) -> None:
    source = tmp_path / "financial.yaml"
    source.write_text(
        "concepts:\n  revenue:\n    labels: [revenue]\n    statement: income\n"
        f"metrics:\n  m:\n    question_words: [m]\n    unit: ratio\n"
        f"    formulas:\n      - expression: {expression}\n"
    )
    with pytest.raises(LexiconError):
        financial_metrics(source)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("What is revenue in Q2 of FY2023?", QuarterAsked(2023, 2, 3, None, False)),
        ("revenue for the second quarter of fiscal 2024", QuarterAsked(2024, 2, 3, None, False)),
        ("2Q FY2024 sales", QuarterAsked(2024, 2, 3, None, False)),
        ("the quarter ended July 29, 2023", QuarterAsked(None, None, 3, date(2023, 7, 29), False)),
        (
            "the six months ended July 29, 2023",
            QuarterAsked(None, None, 6, date(2023, 7, 29), False),
        ),
        ("net income in the first half of FY2024", QuarterAsked(2024, 2, 6, None, False)),
        ("Q3 FY2024 year-to-date revenue", QuarterAsked(2024, 3, 9, None, False)),
        ("total assets as of Q2 FY2024 close", QuarterAsked(2024, 2, 3, None, True)),
        # a date alone: a balance on it, a quarter's end or a fiscal year's
        (
            "Best Buy's cash and cash equivalents as of July 29, 2023",
            QuarterAsked(None, None, 3, date(2023, 7, 29), True, True),
        ),
        (
            "total assets as of Dec 31 2018",
            QuarterAsked(None, None, 3, date(2018, 12, 31), True, True),
        ),
        (
            "revenue for the six months ended July 29, 2023, as of July 29, 2023",
            QuarterAsked(None, None, 6, date(2023, 7, 29), True),
        ),
    ],
)
def test_a_quarter_asked(question: str, asked: QuarterAsked) -> None:
    assert quarter_asked(question) == asked


_THROUGH = date(2023, 7, 29)


@pytest.mark.parametrize(
    "question",
    [
        "What were Best Buy's year-to-date revenue and operating income through July 29, 2023?",
        "ytd net earnings to July 29, 2023",
        "year to date operating income ended July 29 2023",
        "Acme's revenue year-to-date as of July 29, 2023, in USD millions",
        "YTD cash from operations thru july 29, 2023?",
        "net sales for the year to date up to July 29, 2023",
    ],
)
def test_a_year_to_date_span_through_a_date(question: str) -> None:
    # the span from the fiscal year's start to the date: never a balance on it, nor the
    # fiscal year its calendar year names; its months are the company's (placed later)
    asked = quarter_asked(question)
    assert asked is not None and asked.to_date and asked.end == _THROUGH
    assert not asked.instant and not asked.on_date and asked.fiscal_year is None


@pytest.mark.parametrize(
    "question", ["What is 3M's FY2018 capital expenditure?", "revenue in fiscal 2023", "Q2 sales"]
)
def test_a_fiscal_year_or_no_year_is_no_quarter(question: str) -> None:
    assert quarter_asked(question) is None


@pytest.mark.parametrize(
    ("end", "year_end", "quarter"),
    [
        (date(2023, 6, 30), (12, 31), (2023, 2)),
        # a 52/53-week year ending late in January: named by the year it ends in
        (date(2023, 7, 29), (1, 28), (2024, 2)),
        (date(2023, 1, 28), (1, 29), (2023, 4)),
        # one ending in January's first week is the year before's
        (date(2020, 7, 4), (1, 2), (2020, 2)),
        (date(2024, 3, 30), (9, 28), (2024, 2)),
        (date(2023, 5, 15), (12, 31), None),
    ],
)
def test_the_fiscal_quarter_a_date_closes(
    end: date, year_end: tuple[int, int], quarter: tuple[int, int] | None
) -> None:
    assert fiscal_quarter_of(end, year_end) == quarter


@pytest.mark.parametrize(
    ("parents", "amount", "expense"),
    [
        (("Other income (expense):",), -395.0, 395.0),
        (("Other income (expense):",), 45.0, None),
        (("Other expense (income), net:",), 60.0, 60.0),
        (("Other expense (income), net:",), -60.0, None),
        # the nearest heading that says a direction decides
        (("Nonoperating items:", "Other income (expense):"), -12.0, 12.0),
        ((), -395.0, None),
    ],
)
def test_a_net_rows_expense_is_signed_by_its_heading(
    parents: tuple[str, ...], amount: float, expense: float | None
) -> None:
    assert net_row_expense(parents, amount) == expense


@pytest.mark.parametrize(
    ("label", "amount"),
    [
        ("Purchase of treasury shares", True),
        ("Proceeds from issuance of shares", True),
        ("Repurchases of common shares", True),
        ("Weighted-average shares outstanding", False),
        ("Diluted shares", False),
    ],
)
def test_a_row_naming_shares_in_dollars(label: str, amount: bool) -> None:
    assert names_share_amount(label) is amount


# --- what a figure question asks for: financial.yaml `figure_questions` ------------------

_COMPUTED_ASKS = [
    "What was the FY2019 gross margin?",
    "what is the operating MARGIN for fy2019",
    "What is the FY2018 current ratio?",
    "By how much did revenue increase in FY2019?",
    "Revenue increased by what amount in FY2019?",
    "How much did capital expenditure grow in FY2020?",
    "What share of revenue (%) was cost of goods sold in FY2019?",
    "What was revenue in FY2019, in per cent of FY2018's?",
    "What is net debt in FY2019, defined as long-term debt - cash?",
    "What is FY2019 free cash flow? FCF = cash from operations - capital expenditure.",
    "Days payable outstanding in FY2021?",
]
_ONE_CELL_ASKS = [
    "What were Kestrel's net sales in FY2018 (in USD millions)?",
    "What were total current assets as of December 31, 2019?",
    "What is the FY2019 net income, defined in the income statement?",
]


@pytest.mark.parametrize("question", _COMPUTED_ASKS)
def test_figure_question_asks_for_arithmetic(question: str) -> None:
    assert computed_asked(question)


@pytest.mark.parametrize("question", _ONE_CELL_ASKS)
def test_figure_question_asks_for_one_cell(question: str) -> None:
    assert not computed_asked(question)


@pytest.mark.parametrize(
    "question",
    [
        "Has the operating margin improved from FY2018 to FY2019?",
        "Did gross margin DECLINE in FY2020?",
        "How does FY2019 revenue compare to FY2018's?",
        "Is the margin consistent over the last three years?",
        "Is the cash ratio a useful measure for this company?",
        "revenue growth compared to FY2018, and how does it compare to peers?",
    ],
)
def test_figure_question_asks_for_a_judgement(question: str) -> None:
    assert comparison_asked(question)


@pytest.mark.parametrize(
    "question",
    [
        "What was revenue growth in Q2 FY2024 compared to Q2 FY2023?",
        "what was revenue growth in q2 fy2024 COMPARED WITH q2 fy2023?",
        "What was the FY2019 operating margin?",
    ],
)
def test_figure_question_names_a_base_period_not_a_judgement(question: str) -> None:
    assert not comparison_asked(question)


def _per_share_endings() -> list[tuple[str, str]]:
    """Per-share rows named by their ending: the measure, any owner, then the share it is per
    ("Net income attributable to common shareholders per diluted common share", "Earnings per
    diluted share", "Net income per share - assuming dilution")."""
    rows = []
    endings = {
        "eps_diluted": (
            "per diluted share",
            "per diluted common share",
            "per share - diluted",
            "per common share — diluted",
            "per share, assuming dilution",
            "per common share assuming dilution",
        ),
        "eps_basic": ("per basic share", "per basic common share", "per share - basic"),
    }
    for measure in (
        "Earnings",
        "Net earnings",
        "Net income",
        "Net income attributable to common shareholders",
        "Net earnings available to Wren & Sons stockholders",
        "Net income (loss)",
    ):
        for concept, words in endings.items():
            rows += [(f"{measure} {ending}", concept) for ending in words]
    return rows


@pytest.mark.parametrize(("label", "concept"), _per_share_endings())
def test_per_share_rows_by_their_ending(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept, label


@pytest.mark.parametrize(
    "label",
    [
        "Adjusted earnings per diluted share",
        "Dividends declared per diluted share",
        "Cash dividends per common share",
        "Book value per diluted share",
        "Free cash flow per diluted share",
        "Funds from operations per diluted share",
        "FFO per diluted share",
        "Net asset value per diluted share",
        "Excess tax benefit per diluted share",
        "Effect of the Tax Act per diluted share",
        "Revenue per diluted share",
        "Core earnings per diluted share",
        "Funds from operations per share - diluted",
        "Cash flow from operations per basic share",
        "Net income per share - basic and diluted",
        "Weighted-average shares used in computation of earnings per share: Diluted",
        "Weighted average number of shares outstanding per share - basic",
        "Income from continuing operations per diluted share",
        "Loss from discontinued operations per basic share",
    ],
)
def test_per_share_rows_of_no_eps(label: str) -> None:
    # an adjusted (non-GAAP) figure, a dividend or book value per share, a part of the
    # earnings (continuing operations) is no EPS; a row for both kinds at once names neither
    found = concept_of_label(label)
    assert found is None or found.name not in ("eps_diluted", "eps_basic"), label


@pytest.mark.parametrize(
    "label",
    [
        "Net income available to common shareholders used in diluted earnings per common share "
        "calculation",
        "Net income attributable to Wren & Sons used in basic earnings per share calculation",
    ],
)
def test_the_net_income_an_eps_is_computed_from_is_net_income(label: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == "net_income_to_shareholders", label


@pytest.mark.parametrize(
    ("sentence", "concept"),
    [
        (f"{lead} {phrase} {tail}", concept)
        for phrase, concept in (
            ("Internal Revenue Code", "revenue"),
            ("INTERNAL REVENUE SERVICE", "revenue"),
            ("revenue ruling", "revenue"),
            ("sales and use taxes", "revenue"),
            ("Sales Tax", "revenue"),
        )
        for lead, tail in (
            ("Payments are subject to the", "as amended in 2021."),
            ("the company must comply with the", "for fiscal 2021"),
        )
    ],
)
def test_a_line_items_word_in_another_sense_names_no_line_item(sentence: str, concept: str) -> None:
    # read as a passage: as a question, "sales tax" is an item of its own (issue 35)
    assert concept in {c.name for c in concepts_asked(sentence, as_question=False)}
    passage = without_other_senses(sentence)
    assert concept not in {c.name for c in concepts_asked(passage, as_question=False)}


@pytest.mark.parametrize(
    "sentence",
    [
        "Total revenue for fiscal 2021 was $412.5 million; the Internal Revenue Code applies.",
        "net sales rose 8% in FY2021, before sales tax",
        "Revenues, net of sales taxes, were $9.1 billion.",
    ],
)
def test_a_line_item_named_beside_another_sense_is_still_named(sentence: str) -> None:
    assert "revenue" in {c.name for c in concepts_asked(without_other_senses(sentence))}


@pytest.mark.parametrize(
    ("question", "metric"),
    [
        ("Are Best Buy's gross margins historically consistent?", "gross_margin"),
        ("What were 3M's operating margins in FY2017 and FY2018?", "operating_margin"),
        ("Have AT&T's net profit margins improved?", "net_margin"),
        ("Does Adobe have an improving free cashflow conversion as of FY2022?", "fcf_conversion"),
        ("What is Adobe's FCF conversion in fiscal 2022?", "fcf_conversion"),
    ],
)
def test_a_metric_named_in_the_plural_or_as_conversion(question: str, metric: str) -> None:
    found = metric_asked(question)
    assert found is not None and found.name == metric, question


def test_free_cash_flow_conversion_has_no_standard_definition() -> None:
    found = metric_asked("Does Adobe have an improving free cash flow conversion?")
    assert found is not None and found.formula_for("free cash flow conversion") is None
    using = "free cash flow conversion, using net income as the denominator"
    assert found.formula_for(using) is not None


@pytest.mark.parametrize(
    ("question", "steady"),
    [
        ("Are Best Buy's gross margins historically consistent?", True),
        ("Has 3M's operating margin been stable over the last three years?", True),
        ("Is Amcor's gross margin fluctuating?", True),
        ("Is Amcor's gross margin improving?", False),
        ("Was 3M's current ratio above 1.5?", False),
    ],
)
def test_a_steadiness_asked(question: str, steady: bool) -> None:
    assert steadiness_asked(question) is steady


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        (f"What were {c} {phrase} in {y}?", concept)
        for phrase, concept in (
            ("total operating expenses", "operating_expenses"),
            ("operating expenses", "operating_expenses"),
            ("total costs and expenses", "operating_expenses"),
            ("interest income", "interest_income"),
        )
        for c in ("Amazon's", "AT&T's", "the company's")
        for y in ("FY2019", "fiscal 2019", "2019")
    ],
)
def test_operating_expenses_and_interest_income_asked(question: str, concept: str) -> None:
    assert [c.name for c in concepts_asked(question)] == [concept], question


@pytest.mark.parametrize(
    "question",
    [
        "What were Amazon's other operating expenses in 2019?",
        "What were 3M's non-operating expenses in FY2018?",
        "What was the bank's net interest income in 2019?",
    ],
)
def test_another_line_beside_a_never_word_is_not_the_concept(question: str) -> None:
    asked = {c.name for c in concepts_asked(question)}
    assert not asked & {"operating_expenses", "interest_income"}, question


# Figure questions that name several items (issue 35, from the review): generated variants
# over companies ("&", possessives, case), item order, joining words and year forms.
_COMPANIES = ["Quill & Vane Corp.'s", "ORBITAL FOODS'", "the company's", "kestrel co's"]
_YEARS = ["in FY2021", "for fiscal 2021", "in the year ended June 30, 2021", "in 2021"]
_JOINERS = [" and ", " as well as ", ", ", " along with "]


def _pairs(first: str, second: str) -> list[str]:
    """Questions naming `first` and `second`, in both orders, with every joiner."""
    return [
        f"What were {company} {one}{joiner}{two} {year}?"
        for company, year in zip(_COMPANIES, _YEARS, strict=True)
        for joiner in _JOINERS
        for one, two in ((first, second), (second, first))
    ]


@pytest.mark.parametrize(
    ("dollars", "per_share", "expected"),
    [
        ("net income", "diluted EPS", {"net_income", "eps_diluted"}),
        ("revenue", "EPS", {"revenue", "eps"}),
        ("total revenues", "earnings per share", {"revenue", "eps"}),
        ("Net Sales", "basic earnings per share", {"revenue", "eps_basic"}),
        ("operating income", "diluted net income per share", {"operating_income", "eps_diluted"}),
    ],
)
def test_a_dollar_item_asked_beside_eps_is_asked_too(
    dollars: str, per_share: str, expected: set[str]
) -> None:
    for question in _pairs(dollars, per_share):
        assert {c.name for c in concepts_asked(question)} == expected, question


@pytest.mark.parametrize(
    "item",
    [
        "revenue",
        "net sales",
        "Total Revenues",
        "operating cash flow",
        "cash from operations",
        "net income attributable to noncontrolling interests",
        "free cash flow",
        "operating income",
    ],
)
@pytest.mark.parametrize("per", ["per share", "per diluted share", "per common share"])
def test_another_item_per_share_is_no_concept(item: str, per: str) -> None:
    for company, year in zip(_COMPANIES, _YEARS, strict=True):
        question = f"What was {company} {item} {per} {year}?"
        assert [c.name for c in concepts_asked(question)] == [], question


@pytest.mark.parametrize(
    ("item", "per", "expected"),
    [
        ("net income", "per share", "eps"),
        ("Net Earnings", "per diluted share", "eps_diluted"),
        ("net income attributable to common shareholders", "per share", "eps"),
        ("net income attributable to shareholders", "per basic share", "eps_basic"),
    ],
)
def test_earnings_per_share_is_eps(item: str, per: str, expected: str) -> None:
    for company, year in zip(_COMPANIES, _YEARS, strict=True):
        question = f"What was {company} {item} {per} {year}?"
        assert [c.name for c in concepts_asked(question)] == [expected], question


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("basic and diluted EPS", {"eps_basic", "eps_diluted"}),
        ("diluted & basic earnings per share", {"eps_basic", "eps_diluted"}),
        ("basic EPS and diluted EPS", {"eps_basic", "eps_diluted"}),
        ("EPS, basic and diluted,", {"eps_basic", "eps_diluted"}),
        ("net income per basic and diluted share", {"eps_basic", "eps_diluted"}),
        (
            "basic and diluted shares outstanding",
            {"shares_outstanding_basic", "shares_outstanding_diluted"},
        ),
        (
            "diluted as well as basic weighted average shares",
            {"shares_outstanding_basic", "shares_outstanding_diluted"},
        ),
    ],
)
def test_basic_and_diluted_asks_both(phrase: str, expected: set[str]) -> None:
    for company, year in zip(_COMPANIES, _YEARS, strict=True):
        question = f"What were {company} {phrase} {year}?"
        assert {c.name for c in concepts_asked(question)} == expected, question


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("interest income", "net income", {"interest_income", "net_income"}),
        (
            "net income attributable to shareholders",
            "net income attributable to noncontrolling interests",
            {"net_income_to_shareholders", "net_income_to_noncontrolling"},
        ),
        (
            "diluted EPS",
            "weighted average diluted share count",
            {"eps_diluted", "shares_outstanding_diluted"},
        ),
        ("operating expenses", "net interest expense", {"operating_expenses", "interest_expense"}),
    ],
)
def test_a_never_word_of_another_item_rules_nothing_out(
    first: str, second: str, expected: set[str]
) -> None:
    for question in _pairs(first, second):
        assert {c.name for c in concepts_asked(question)} == expected, question


@pytest.mark.parametrize(
    "question",
    [
        "What were {c} operating expenses {y} compared to other years?",
        "What were {c} operating expenses {y} versus other companies?",
        "What was {c} interest income {y} relative to net income?",
    ],
)
def test_a_never_word_past_a_joining_word_is_not_the_items(question: str) -> None:
    for company, year in zip(_COMPANIES, _YEARS, strict=True):
        text = question.format(c=company, y=year)
        assert concepts_asked(text), text


@pytest.mark.parametrize(
    "item",
    [
        "other operating expenses",
        "non-operating expenses",
        "net interest income",
        "adjusted EPS",
        "Adjusted diluted EPS",
        "diluted EPS from continuing operations",
        "pro forma earnings per share",
    ],
)
def test_a_never_word_attached_to_the_item_rules_it_out(item: str) -> None:
    for company, year in zip(_COMPANIES, _YEARS, strict=True):
        question = f"What was {company} {item} {year}?"
        assert [c.name for c in concepts_asked(question)] == [], question


@pytest.mark.parametrize(
    ("question", "computed"),
    [
        # a cost of capital is an average to take, never a count a statement prints
        ("What is Kestrel & Co's weighted average cost of capital in FY2021?", True),
        ("what was ORBITAL FOODS' weighted-average cost of capital for 2020?", True),
        ("What was the weighted-average number of diluted shares in 2020?", False),
        ("What were Quill & Vane's weighted average diluted shares in FY2021?", False),
        ("What was the weighted average basic share count in 2019?", False),
    ],
)
def test_a_weighted_average_is_a_count_only_of_shares(question: str, computed: bool) -> None:
    assert computed_asked(question) is computed, question


@pytest.mark.parametrize(
    ("question", "steady"),
    [
        ("Is Kestrel & Co's gross margin consistent with the industry average?", False),
        ("Are ORBITAL FOODS' margins stable compared to peers?", False),
        ("is quill & vane's operating margin consistent with its competitors'?", False),
        ("Are Kestrel & Co's gross margins historically consistent?", True),
        ("Has ORBITAL FOODS' operating margin been stable?", True),
        # a word of others only where it compares: after the steadiness word in its
        # sentence, or before it in a clause that compares
        ("In a cyclical industry, has Kestrel & Co's gross margin been stable?", True),
        ("Kestrel & Co is a sector leader. Has its operating margin been steady?", True),
        ("has orbital foods' margin been stable? its peers' margins were not.", True),
        ("Compared to peers, is ORBITAL FOODS' operating margin stable?", False),
        ("Relative to its industry, has Kestrel's gross margin been consistent?", False),
        ("Has quill & vane's margin been stable, unlike its competitors'?", False),
    ],
)
def test_consistency_with_others_is_no_steadiness(question: str, steady: bool) -> None:
    assert steadiness_asked(question) is steady, question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # words in parentheses name no item ...
        ("Which {c} segment did best (by top line) {y}?", []),
        ("Which {c} region grew most (by net sales) {y}?", []),
        # ... but pick one
        ("What was {c} earnings per share (diluted) {y}?", ["eps_diluted"]),
        ("What were {c} EPS (basic and diluted) {y}?", ["eps_basic", "eps_diluted"]),
    ],
)
def test_words_in_parentheses_pick_but_name_no_item(question: str, expected: list[str]) -> None:
    for company, year in zip(_COMPANIES, _YEARS, strict=True):
        text = question.format(c=company, y=year)
        assert [c.name for c in concepts_asked(text)] == expected, text


@pytest.mark.parametrize(
    ("question", "listed"),
    [
        ("What were revenue and net income for FY2018 and FY2019?", True),
        ("capex and depreciation for fy2018 and fy2019", True),
        ("What was Kestrel & Co's revenue in 2017, 2018 & 2019?", True),
        ("net sales for fiscal 2020 and 2019 (in USD millions)", True),
        ("What was revenue in FY 2019 as well as FY 2020?", True),
        ("What was the change in revenue from FY2018 to FY2019?", False),
        ("What was revenue between 2018 and 2019?", False),
        ("revenue in FY2019 versus FY2018", False),
        ("What was revenue in FY2019?", False),
        ("What was revenue in FY2019 and in what segment?", False),
    ],
)
def test_fiscal_years_written_as_a_list(question: str, listed: bool) -> None:
    assert years_listed(question) is listed, question


@pytest.mark.parametrize(
    "phrase",
    [
        "weighted average shares",
        "weighted-average shares",
        "Weighted-Average  Diluted",
        "weighted average-common",
        "WEIGHTED AVERAGE NUMBER",
    ],
)
def test_a_printed_count_in_any_spelling_is_no_arithmetic(phrase: str) -> None:
    assert not computed_asked(f"What were the {phrase} shares outstanding in FY2019?"), phrase
    assert computed_asked(f"What was the average revenue, {phrase} aside, in FY2019?")


@pytest.mark.parametrize(
    ("field", "value"),
    [("concept", "[epz]"), ("earnings", "[net_income, net_incom]")],
)
def test_a_per_share_entry_naming_no_concept_is_refused_at_load(
    tmp_path: Path, field: str, value: str
) -> None:
    source = tmp_path / "financial.yaml"
    other = {"concept": "earnings: [net_income]", "earnings": "concept: [net_income]"}[field]
    source.write_text(
        "concepts:\n  net_income:\n    labels: [net income]\n    statement: income\n"
        f"per_share_questions:\n  {field}: {value}\n  {other}\n"
    )
    with pytest.raises(LexiconError, match=f"per_share_questions.{field}"):
        financial_concepts(source)


@pytest.mark.parametrize(
    ("label", "sign"),
    [
        # a benefit word in parentheses: printed as the expense, parentheses a benefit
        ("Provision for (benefit from) income taxes", 1),
        ("(Benefit) provision for income taxes", 1),
        ("income tax expense (benefit)", 1),
        ("PROVISION (BENEFIT) FOR INCOME TAXES", 1),
        # the expense word in parentheses: a figure in parentheses is the expense
        ("Income tax (expense) benefit", -1),
        ("(Provision) benefit for income taxes", -1),
        ("Benefit (provision) for income taxes", -1),
        # a benefit named alone: its parentheses say nothing (names_benefit_only reads it)
        ("Income tax benefit", None),
        ("Benefit from income taxes", None),
        # both named, neither in parentheses: no sign to read
        ("Income tax expense/benefit", None),
        ("Provision or benefit for income taxes", None),
        # no benefit named: the magnitude is the expense
        ("Provision for income taxes", 0),
        ("Interest expense", 0),
        ("Less: Net income attributable to noncontrolling interests", 0),
    ],
)
def test_an_expense_rows_sign_is_read_from_its_parentheses(label: str, sign: int | None) -> None:
    assert expense_row_sign(label) == sign, label


@pytest.mark.parametrize(
    ("label", "concept", "loss"),
    [
        ("Net loss attributable to noncontrolling interests", "net_income_to_noncontrolling", True),
        (
            "Less: net losses attributable to non-controlling interests",
            "net_income_to_noncontrolling",
            True,
        ),
        ("Net loss", "net_income", True),
        ("Loss from operations", "operating_income", True),
        ("Net income (loss)", "net_income", False),
        (
            "Net (loss) income attributable to noncontrolling interests",
            "net_income_to_noncontrolling",
            False,
        ),
        (
            "Net income attributable to noncontrolling interests",
            "net_income_to_noncontrolling",
            False,
        ),
        ("Operating loss / income", "operating_income", False),
        # "income" inside "income taxes" names the tax: a loss before taxes is a loss
        ("Loss before income taxes", "pretax_income", True),
        ("LOSS BEFORE INCOME TAX EXPENSE", "pretax_income", True),
        ("loss before provision for income taxes", "pretax_income", True),
        ("Loss from continuing operations before income taxes", "pretax_income", True),
        ("Net loss before income tax", "pretax_income", True),
        ("Income (loss) before income taxes", "pretax_income", False),
        ("(Loss) income before income taxes", "pretax_income", False),
        ("Loss before income taxes and equity in income of affiliates", "pretax_income", False),
        # a balance net of losses is no loss
        ("Trade receivables, net of allowance for credit losses", "accounts_receivable", False),
        ("Accounts receivable, less allowances for losses", "accounts_receivable", False),
    ],
)
def test_a_row_naming_a_loss_only(label: str, concept: str, loss: bool) -> None:
    assert names_loss_only(label, concept_named(concept)) is loss, label


@pytest.mark.parametrize(
    ("label", "benefit"),
    [
        # a benefit named alone: a benefit however printed
        ("Income tax benefit", True),
        ("income taxes benefit", True),
        ("Benefit from income taxes", True),
        ("BENEFIT FOR INCOME TAXES", True),
        ("Income tax benefits", True),
        # an expense named too: its parentheses say which is which
        ("Provision for (benefit from) income taxes", False),
        ("Income tax (expense) benefit", False),
        ("Income tax expense/benefit", False),
        ("Provision for income taxes", False),
    ],
)
def test_a_row_naming_a_benefit_only(label: str, benefit: bool) -> None:
    assert names_benefit_only(label) is benefit, label


@pytest.mark.parametrize(
    "question",
    [
        "What was the difference in {c} revenue for FY2019 and FY2020?",
        "what was {c} total revenue for 2019 and 2020 combined?",
        "What was the sum of {c} net sales in FY2018 and FY2019?",
        "What was the total of {c} capital expenditures for 2017, 2018 and 2019?",
        "What were {c} cumulative capex in fiscal 2018 & 2019?",
        "{c} aggregate net income, FY2019 and FY2020?",
        "How much revenue did {c} earn in 2019 and 2020 in total?",
        "What is the difference between {c} revenue and net income in FY2019?",
    ],
)
def test_a_sum_or_difference_is_asked(question: str) -> None:
    for company in _COMPANIES:
        text = question.format(c=company)
        assert sum_asked(text), text


@pytest.mark.parametrize(
    "question",
    [
        "What was {c} total revenue in FY2019 and FY2020?",
        "What were {c} total assets for fiscal 2020 and 2019?",
        "What was {c} revenue and net income in 2019?",
        "What was {c} total net sales for FY2019?",
    ],
)
def test_a_total_line_item_is_no_sum(question: str) -> None:
    for company in _COMPANIES:
        text = question.format(c=company)
        assert not sum_asked(text), text


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("revenue for fiscal 2020 and 2019 as reported in the 2020 10-K", ["2020", "2019"]),
        ("net income in FY2019 as reported in its 2020 annual report?", ["2019"]),
        ("capex for 2018 and 2019 (per the 2019 Form 10-K)", ["2018", "2019"]),
        ("What was revenue in 2019 according to the 2021 10K?", ["2019"]),
        ("revenue in FY2019 and FY2018, from the fiscal 2019 filing", ["2019", "2018"]),
        ("What was revenue in 2019 and 2018?", ["2019", "2018"]),
    ],
)
def test_a_filings_year_is_no_period_asked(question: str, kept: list[str]) -> None:
    periods = without_report_years(question)
    assert len(periods) == len(question)
    assert re.findall(r"(?:19|20)\d{2}", periods) == kept, periods


def test_a_loss_concept_naming_no_concept_is_refused_at_load(tmp_path: Path) -> None:
    source = tmp_path / "financial.yaml"
    source.write_text(
        "concepts:\n  net_income:\n    labels: [net income]\n    statement: income\n"
        "signed_rows:\n  loss_concepts: [net_income, net_incme]\n"
    )
    with pytest.raises(LexiconError, match=r"signed_rows\.loss_concepts: net_incme"):
        financial_concepts(source)


@pytest.mark.parametrize(
    ("question", "names"),
    [
        (
            "What were Orrin Vale's net income and net income attributable to Orrin Vale plc "
            "for FY2021?",
            {"net_income", "net_income_to_shareholders"},
        ),
        (
            "kestrel & co: net income attributable to noncontrolling interests, and net income?",
            {"net_income", "net_income_to_noncontrolling"},
        ),
        (
            "Net income attributable to Kestrel & Co plc and net income, FY2020",
            {"net_income", "net_income_to_shareholders"},
        ),
        # the shorter phrase only inside the longer: one item
        (
            "What was net income attributable to shareholders in 2019?",
            {"net_income_to_shareholders"},
        ),
        (
            "What was ORBITAL FOODS' net income attributable to noncontrolling interests in 2020?",
            {"net_income_to_noncontrolling"},
        ),
    ],
)
def test_a_phrase_named_again_outside_a_longer_one_is_asked(question: str, names: set[str]) -> None:
    assert {c.name for c in concepts_asked(question)} == names, question


# Issue 35: a line item the lexicon lacks, named with a known item's word ("sales"), is no
# known item: "sales commissions" is no revenue, "sales tax expense" neither revenue nor
# income tax. Asked in many shapes, for many companies and years, in any case, "&" for "and".
_OTHER_ITEMS = [
    "sales and distribution expense",
    "sales and distribution expenses",
    "sales & distribution costs",
    "sales commissions",
    "sales commission expense",
    "sales and general expenses",
    "sales tax expense",
    "sales taxes",
    "sales returns",
    "sales returns and allowances",
    "sales discounts",
    "revenue reserves",
    "deferred revenue",
    "unearned revenue",
    "revenue fees",
    "commission revenue",
    "net sales allowances",
    "revenues payable",
    "income taxes payable",
    "interest payable",
    "payroll tax and sales tax expense",
    "distribution and sales expense",
]
_ITEM_ASKS = [
    "What was {c} {i} in {y}?",
    "What were {c} {i} for {y}?",
    "How much {i} did {c_bare} report in {y}?",
    "{c} {y} {i}",
    "In {y}, what was the {i} of {c_bare}?",
    "What is {c} {i} (in USD millions) for {y}?",
]
_COMPANIES = [
    ("3M's", "3M"),
    ("Best Buy's", "Best Buy"),
    ("AT&T's", "AT&T"),
    ("the company's", "the company"),
]
_YEARS = ["FY2022", "fiscal 2021", "2019", "the year ended December 31, 2020"]


def _item_questions(items: list[str]) -> list[tuple[str, int]]:
    """Each item asked in every shape, as written and in upper or title case, for one
    company and one year, both turning with the item (its index beside its question)."""
    return [
        (ask.format(c=c, c_bare=bare, i=text, y=year), n)
        for n, item in enumerate(items)
        for text in (item, item.upper() if n % 2 else item.title())
        for ask in _ITEM_ASKS
        for c, bare in _COMPANIES[n % 4 : n % 4 + 1]
        for year in _YEARS[n // 4 % 4 : n // 4 % 4 + 1]
    ]


@pytest.mark.parametrize("question", [q for q, _ in _item_questions(_OTHER_ITEMS)])
def test_an_item_the_lexicon_lacks_is_no_other_concept(question: str) -> None:
    assert [c.name for c in concepts_asked(question)] == [], question


# Controls: every known label keeps reading as it does, a joining word still parts two known
# items, and "X of sales" reads the item before it.
_KNOWN_ITEMS = [
    ("revenue", ["revenue"]),
    ("net sales", ["revenue"]),
    ("total net sales", ["revenue"]),
    ("sales", ["revenue"]),
    ("total revenues", ["revenue"]),
    ("cost of sales", ["cost_of_revenue"]),
    ("cost of goods sold", ["cost_of_revenue"]),
    ("selling, general and administrative expenses", ["sga"]),
    ("SG&A expense", ["sga"]),
    ("sales and marketing expense", ["sales_and_marketing"]),
    ("sales & marketing expenses", ["sales_and_marketing"]),
    ("research and development expense", ["research_development"]),
    ("R&D costs", ["research_development"]),
    ("income tax expense", ["income_tax"]),
    ("provision for income taxes", ["income_tax"]),
    ("interest expense", ["interest_expense"]),
    ("operating expenses", ["operating_expenses"]),
    ("depreciation and amortization expense", ["depreciation_amortization"]),
    ("accounts receivable", ["accounts_receivable"]),
    ("net income after tax", ["net_income"]),
    ("net sales and cost of sales", ["cost_of_revenue", "revenue"]),
    ("revenue and operating expenses", ["operating_expenses", "revenue"]),
    ("net sales and income tax expense", ["income_tax", "revenue"]),
    ("total revenue and net income", ["revenue", "net_income"]),
]


@pytest.mark.parametrize(
    ("question", "concepts"),
    [(q, _KNOWN_ITEMS[n][1]) for q, n in _item_questions([i for i, _ in _KNOWN_ITEMS])],
)
def test_a_known_item_reads_as_it_did(question: str, concepts: list[str]) -> None:
    assert [c.name for c in concepts_asked(question)] == concepts, question


# --- fiscal years written with two digits, line items asked by their printed names, capital
# expenditure asked as what is bought (issue 35, session 29) ---
_SHORT_YEAR_FORMS = ("FY{yy}", "FY {yy}", "FY'{yy}", "fy{yy}", "FY-{yy}", "FY\u2019{yy}")
_SHORT_YEARS = ((18, "2018"), (19, "2019"), (22, "2022"), (99, "1999"))
_SHORT_YEAR_CASES = [
    (form.format(yy=f"{yy:02d}"), full) for form in _SHORT_YEAR_FORMS for yy, full in _SHORT_YEARS
]


# the full product is 24 cases; every second one runs
@pytest.mark.parametrize(("written", "year"), _SHORT_YEAR_CASES[::2])
def test_a_two_digit_fiscal_year_is_read_as_four(written: str, year: str) -> None:
    text = full_fiscal_years(f"What was Acme's capex in {written} (USD millions)?")
    assert f"FY{year}" in text.replace("fy", "FY"), text


@pytest.mark.parametrize(
    "text",
    [
        "FY2019 revenue",
        "FY 2019 revenue",
        "12 months ended FY2019",
        "fiscal 19 stores",
        "FY19.5 units",
        "Q2 FY2024 revenue",
    ],
)
def test_other_numbers_stay_as_written(text: str) -> None:
    assert full_fiscal_years(text) == text


def test_a_quarters_two_digit_year_and_fiscal_with_an_apostrophe() -> None:
    assert full_fiscal_years("Q2 FY24 revenue") == "Q2 FY2024 revenue"
    assert full_fiscal_years("capex in fiscal '18") == "capex in fiscal 2018"


_ITEM_OWNERS = ("Acme's", "acme's", "Harbor Works'", "Smith & Co.'s", "ACME\u2019s")
_ITEMS = (
    ("unearned revenue", "unearned revenue"),
    ("product development expense", "product development expense"),
    ("principal repayments of finance leases", "principal repayments of finance leases"),
    ("Unredeemed Gift Card Liabilities", "unredeemed gift card liabilities"),
)
_ITEM_TAILS = (
    " as of December 31, 2019?",
    " in FY2019 (USD millions)?",
    " at the end of fiscal 2019?",
    " for the 2019 fiscal year, rounded to one decimal?",
)
_ITEM_CASES = [
    (f"What was {owner} {lead}{item}{tail}", key)
    for owner in _ITEM_OWNERS
    for item, key in _ITEMS
    for tail in _ITEM_TAILS
    for lead in ("", "FY2019 ")
]


# the full product is 160 cases; every eighth one runs
@pytest.mark.parametrize(("question", "item"), _ITEM_CASES[::8])
def test_a_line_item_asked_by_its_printed_name(question: str, item: str) -> None:
    assert line_item_asked(question) == item


@pytest.mark.parametrize(
    "question",
    [
        "What was Acme's year-over-year change in unearned revenue from FY2018 to FY2019?",
        "What is Acme's FY2019 interest coverage ratio?",
        "What drove Acme's margin in FY2019?",
        "How capital-intensive is Acme?",
        "What was the unearned revenue in FY2019?",
        "What was Acme's revenue per share in FY2019?",
        "What was Acme's unearned revenue as a percentage of total liabilities in FY2019?",
    ],
)
def test_no_line_item_where_the_words_name_no_figure(question: str) -> None:
    assert line_item_asked(question) is None


@pytest.mark.parametrize(
    ("item", "label"),
    [
        ("product development expense", "product development"),
        ("fulfillment expenses", "fulfillment"),
        ("deferred revenues", "deferred revenue"),
        ("deferred revenue", "deferred revenues"),
        ("unredeemed gift card liability", "unredeemed gift card liabilities"),
        ("inventory balance", "inventory"),
    ],
)
def test_a_line_items_row_labels(item: str, label: str) -> None:
    assert label in line_item_labels(item)


_CAPEX_VERBS = (
    "purchases of",
    "purchase of",
    "additions to",
    "spending on",
    "spent on",
    "payments for",
    "investments in",
)
_CAPEX_OBJECTS = (
    "PP&E",
    "PPE",
    "PP & E",
    "property and equipment",
    "property, plant and equipment",
)
_CAPEX_CASES = [f"{verb} {thing}" for verb in _CAPEX_VERBS for thing in _CAPEX_OBJECTS]


# the full product is 35 cases; every third one runs
@pytest.mark.parametrize("phrase", _CAPEX_CASES[::3])
def test_what_is_bought_is_the_capital_expenditure(phrase: str) -> None:
    question = f"How much were Acme's {phrase} (capex) in FY2019, in USD millions?"
    assert [c.name for c in concepts_asked(question)][:1] == ["capital_expenditure"]


def test_the_net_balance_stays_the_net_balance() -> None:
    assert [c.name for c in concepts_asked("What was Acme's net PP&E at FY2019 end?")] == [
        "ppe_net"
    ]


_QUALIFIERS = (
    "acquired under finance leases",
    "held for sale",
    "leased to others",
    "under finance leases",
    "acquired under capital leases",
)
_QUALIFIED_CASES = [
    f"What were {owner} {verb} {thing} {qualifier} in 2019?"
    for owner in ("Acme's", "acme's", "Smith & Co.'s")
    for verb in ("purchases of", "spending on", "additions to")
    for thing in ("property and equipment", "PP&E", "property, plant and equipment")
    for qualifier in _QUALIFIERS
]


# the full product is 135 cases; every ninth one runs
@pytest.mark.parametrize("question", _QUALIFIED_CASES[::9])
def test_a_qualifier_after_the_property_names_no_capex_nor_its_balance(question: str) -> None:
    names = [c.name for c in concepts_asked(question)]
    assert "capital_expenditure" not in names and "ppe_net" not in names, names


@pytest.mark.parametrize(
    "question",
    [
        "What were 3M's proceeds from sale of PP&E in FY2018?",
        "what were acme's proceeds from disposals of property and equipment in 2019?",
        "What was Acme's disposal of property, plant and equipment in FY19?",
    ],
)
def test_a_sale_of_the_property_is_no_net_balance(question: str) -> None:
    assert "ppe_net" not in [c.name for c in concepts_asked(question)]


@pytest.mark.parametrize(
    ("item", "bare"),
    [
        ("other expense", "other"),
        ("other costs", "other"),
        ("total cost", "total"),
        ("net expenses", "net"),
        ("other net expense", "other net"),
    ],
)
def test_a_generic_ending_is_kept_when_no_item_is_left(item: str, bare: str) -> None:
    labels = line_item_labels(item)
    assert item in labels and bare not in labels, labels


@pytest.mark.parametrize(
    ("definition", "expression"),
    [
        (
            "quick ratio, defined as (cash + receivables) / current liabilities, excluding "
            "short-term investments",
            "(cash + accounts_receivable) / current_liabilities",
        ),
        (
            "Quick ratio (cash and receivables over current liabilities, without short term "
            "investments)",
            "(cash + accounts_receivable) / current_liabilities",
        ),
        (
            "quick ratio: cash plus receivables other than marketable securities, over current "
            "liabilities",
            "(cash + accounts_receivable) / current_liabilities",
        ),
        (
            "quick ratio defined as current assets excluding inventories over current liabilities",
            "(current_assets - inventories) / current_liabilities",
        ),
        (
            "quick ratio = (cash + short-term investments + receivables) / current liabilities",
            "(cash + short_term_investments + accounts_receivable) / current_liabilities",
        ),
    ],
)
def test_an_operand_a_definition_excludes_is_left_out(definition: str, expression: str) -> None:
    metric = {m.name: m for m in financial_metrics()}["quick_ratio"]
    chosen = metric.formula_for(definition)
    assert chosen is not None and chosen.expression == expression


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acme's FY 10-K revenue", "Acme's FY 10-K revenue"),
        ("revenue over the FY 12 months", "revenue over the FY 12 months"),
        ("capex in FY 52 weeks", "capex in FY 52 weeks"),
        ("Q4FY19 revenue", "Q4FY2019 revenue"),
        ("q2fy24 sales", "q2fy2024 sales"),
    ],
)
def test_a_count_or_a_form_is_no_two_digit_year(text: str, expected: str) -> None:
    assert full_fiscal_years(text) == expected


@pytest.mark.parametrize(
    ("question", "item"),
    [
        (
            "How much did Adobe spend on acquisitions, net of cash acquired, in FY2021?",
            "acquisitions, net of cash acquired",
        ),
        (
            "what were adobe's acquisitions net of cash acquired in fiscal 2021?",
            "acquisitions net of cash acquired",
        ),
        (
            "What was Amcor's purchase of property & equipment in FY2023?",
            "purchase of property & equipment",
        ),
        ("What was Amazon's FY2019 unearned revenue?", "unearned revenue"),
    ],
)
def test_line_item_span_is_where_the_item_is_written(question: str, item: str) -> None:
    span = line_item_span(question)
    assert span is not None and question[span[0] : span[1]] == item


_CLAUSE_ASKS = [
    "is {a}'s liability to {b} limited?",
    "Is {a}'s liability under the contract with {b} capped?",
    "does {a}'s agreement with {b} contain a non-compete?",
    "may {a}'s counterparty {b} terminate without cause?",
]


@pytest.mark.parametrize(
    "question",
    [
        ask.format(a=a, b=b)
        for i, ask in enumerate(_CLAUSE_ASKS)
        for a, b in [("acme widgets", "cash"), ("Acme & Co", "beta corp")][i % 2 :: 2]
    ]
    # the words after a possessive with no fiscal year nor dollar scale named: no figure asked
    + ["What were Adobe's acquisitions, net of cash acquired?", "Is acme's fee 5 dollars?"],
)
def test_a_question_naming_no_figure_period_spans_no_line_item(question: str) -> None:
    # a clause question's words after a possessive are its parties' slots, never a line item
    assert not figure_period_named(question)
    assert line_item_span(question) is None


@pytest.mark.parametrize(
    "question",
    [
        "what were adobe's acquisitions net of cash acquired in FY21?",
        "What were Adobe's acquisitions, net of cash acquired, in fiscal year 2021?",
        "What were Adobe's acquisitions, net of cash acquired (in USD millions)?",
        "what were adobe's acquisitions, net of cash acquired, in $ billions?",
    ],
)
def test_a_fiscal_year_or_a_dollar_scale_names_a_figure_period(question: str) -> None:
    assert figure_period_named(question)
    assert line_item_span(question) is not None


@pytest.mark.parametrize(
    ("question", "spent"),
    [
        ("How much did Adobe spend on acquisitions in FY2021?", True),
        ("How much has Adobe spent on acquisitions in FY2021?", True),
        ("What was Adobe's spending on research in FY2021?", True),
        ("What were Adobe's acquisitions, net of cash acquired, in FY2021?", False),
        # words after the question mark ask nothing
        ("What were Adobe's acquisitions in FY2021? Base it on what was spent on them.", False),
    ],
)
def test_spending_asked(question: str, spent: bool) -> None:
    assert spending_asked(question) is spent


@pytest.mark.parametrize(
    ("question", "item"),
    [
        (
            "What were Adobe's proceeds from issuance of debt in FY2021?",
            "proceeds from issuance of debt",
        ),
        (
            "what were adobe's FY2021 Payments for contingent consideration?",
            "payments for contingent consideration",
        ),
        (
            "How much did Adobe spend on cash paid for income taxes for fiscal 2021?",
            "cash paid for income taxes",
        ),
        # "from" a period: the head's preposition is dropped, the period ends the item
        ("What were Adobe's proceeds from FY2020 sales?", "proceeds"),
        # "from" after any other word still ends the item
        ("What was Adobe's revenue from FY2018 to FY2019?", "revenue"),
    ],
)
def test_a_rows_head_joined_by_a_period_word(question: str, item: str) -> None:
    assert line_item_asked(question) == item


@pytest.mark.parametrize(
    ("question", "readings"),
    [
        (
            "What was Acme's net increase in restricted cash in FY2021?",
            ("net increase in restricted cash", "net increase"),
        ),
        (
            "what were acme's fiscal 2021 proceeds from issuance of stock under employee plans?",
            (
                "proceeds from issuance of stock under employee plans",
                "proceeds from issuance of stock",
            ),
        ),
        (
            "What were Acme & Co's taxes paid related to net share settlement of equity awards"
            " in FY21?",
            ("taxes paid related to net share settlement of equity awards",),
        ),
        # the words after a reading name no figure: "per share", "as a percentage"
        ("What was Acme's revenue per share in FY2021?", ("revenue per share",)),
        ("What was Acme's revenue in Europe in FY2021 as a percentage of sales?", ()),
        ("Is Acme's liability to beta limited?", ("liability to beta limited",)),
    ],
)
def test_line_item_readings_read_on_over_period_words(
    question: str, readings: tuple[str, ...]
) -> None:
    assert line_item_readings(question) == readings


# a category table's total column: a total's words open the header, and what follows is a
# total's, a qualifier's or a word all the other categories hold; the columns beside it
_TOTAL_HEADERS = [
    ("Total", ("Operating Leases", "Finance Leases")),
    ("Total Leases", ("Operating Leases", "Finance Leases")),
    ("Worldwide", ("Americas", "Europe, Middle East and Africa")),
    ("Consolidated Total", ("Domestic", "International")),
    ("Total Company", ("Americas", "Europe")),
    ("Totals", ("Level 1", "Level 2", "Level 3")),
]
_PART_HEADERS = [
    # a category's own total, a prefix that negates, a header that names two things
    ("Total Domestic", ("Domestic", "International")),
    ("Total Domestic", ("U.S.", "Canada", "International")),
    ("Total International", ("Domestic", "International")),
    ("Non-consolidated entities", ("Consolidated", "Parent")),
    ("Non-Consolidated", ("Parent", "Guarantors")),
    ("Un-consolidated", ("Parent", "Guarantors")),
    ("Intersegment Eliminations & Total", ("Americas", "Europe")),
    ("Eliminations and Consolidated", ("Americas", "Europe")),
    ("Subtotal", ("Americas", "Europe")),
]


def _header_variants(header: str) -> list[str]:
    return sorted({header, header.lower(), header.upper(), header.replace("&", "and")})


@pytest.mark.parametrize(
    ("header", "others"),
    [(v, o) for h, o in _TOTAL_HEADERS for v in _header_variants(h)[:2]],
)
def test_a_category_tables_total_column_is_named_whole_or_by_its_opening_words(
    header: str, others: tuple[str, ...]
) -> None:
    assert names_category_total(header, [*others, header])


@pytest.mark.parametrize(
    ("header", "others"),
    [(v, o) for h, o in _PART_HEADERS for v in _header_variants(h)[:2]],
)
def test_a_categorys_total_or_a_negated_total_is_not_the_tables_total(
    header: str, others: tuple[str, ...]
) -> None:
    assert not names_category_total(header, [*others, header])


def test_a_label_counts_nouns_each_name_their_own_unit() -> None:
    nouns, _, _ = label_count_words()
    assert nouns["shares"] == "shares"
    assert {u for n, u in nouns.items() if n != "shares"}.isdisjoint({"shares"})


@pytest.mark.parametrize(
    ("metric", "definition", "expression"),
    [
        # the year's end said after the operand, or before it
        (
            "return_on_assets",
            "Adobe's return on assets for fiscal 2022, net income divided by total assets at year end?",
            "net_income / total_assets",
        ),
        (
            "return_on_assets",
            "ROA (net income / total assets at the end of the year) for FY2022",
            "net_income / total_assets",
        ),
        ("return_on_assets", "roa using ending total assets, fy2022", "net_income / total_assets"),
        (
            "return_on_assets",
            "ROA for FY2022, net income over the average of total assets at year end 2021 and 2022",
            "net_income / avg(total_assets)",
        ),
        ("return_on_assets", "ROA on average assets in FY2022", "net_income / avg(total_assets)"),
        (
            "return_on_equity",
            "return on equity for FY2022 (net income / shareholders' equity at year end)",
            "net_income / shareholders_equity",
        ),
        (
            "return_on_equity",
            "ROE for fiscal 2022 using the average of stockholders' equity at year end 2021 and 2022",
            "net_income / avg(shareholders_equity)",
        ),
    ],
)
def test_a_returns_denominator_said_as_analysts_say_it(
    metric: str, definition: str, expression: str
) -> None:
    chosen = {m.name: m for m in financial_metrics()}[metric].formula_for(definition)
    assert chosen is not None and chosen.expression == expression


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        (
            "What were Amazon's cash, cash equivalents, and restricted cash at the end of FY2019?",
            "cash_and_restricted_cash",
        ),
        (
            "best buy's cash & cash equivalents and restricted cash, fiscal 2019",
            "cash_and_restricted_cash",
        ),
        (
            "Activision's cash and cash equivalents including restricted cash at year-end 2019",
            "cash_and_restricted_cash",
        ),
        (
            "How much cash, including restricted cash, did Acme hold in FY2020?",
            "cash_and_restricted_cash",
        ),
        (
            "How much restricted cash did Best Buy hold at the end of fiscal 2019?",
            "restricted_cash",
        ),
        ("Acme's restricted cash balance, FY2020", "restricted_cash"),
    ],
)
def test_cash_with_restricted_cash_and_restricted_cash_alone(question: str, concept: str) -> None:
    assert [c.name for c in concepts_asked(question)] == [concept]


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("CASH, CASH EQUIVALENTS, AND RESTRICTED CASH, END OF PERIOD", "cash_and_restricted_cash"),
        (
            "Cash and cash equivalents and restricted cash at end of period",
            "cash_and_restricted_cash",
        ),
        ("Total cash, cash equivalents and restricted cash", "cash_and_restricted_cash"),
        (
            "Cash, cash equivalents, restricted cash and restricted cash equivalents at end of year",
            "cash_and_restricted_cash",
        ),
        ("Restricted cash included in Other current assets", "restricted_cash"),
    ],
)
def test_rows_of_cash_with_restricted_cash(label: str, concept: str) -> None:
    found = concept_of_label(label)
    assert found is not None and found.name == concept
    # the period's opening balance is no figure of its end
    opening = label.lower().replace("end of period", "beginning of period")
    assert opening == label.lower() or concept_of_label(opening) is None
