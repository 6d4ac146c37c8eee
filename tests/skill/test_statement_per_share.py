"""Per-share rows and "attributable to" owners answered from generated 10-Ks' cells (issue 35):
earnings per share asked with no basic/diluted word (one figure when the filing prints one or
the two agree; INSUFFICIENT with both cited when they differ; the word in the question picks
one); a per-share question naming a line item ("net income attributable to common
shareholders per share") never answered with the line item's dollars; the rows of a
continuing-operations split under an EPS heading never the EPS; the noncontrolling interests'
share of net income never the company's; the investing and financing totals; a diluted share
count read with its heading; a metric named in the plural, and free cash flow conversion
left open."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

ASTER, BRACKEN = "ASTER LABS, INC.", "BRACKEN & SONS CORP."
CALLOW, DUNLIN = "CALLOW MINING CO.", "DUNLIN FOODS, INC."
EAGLE = "EAGLE WORKS, INC."


def _aster() -> bytes:
    # basic and diluted printed under headings, differing in 2020 and equal in 2019; a
    # continuing-operations split under each; noncontrolling interests
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions, except per share amounts)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("9,000", "8,000")),
            ("Total costs and expenses", 0, ("7,500", "6,700")),
            ("Operating income", 0, ("1,500", "1,300")),
            ("Other expense (income), net:", 0, ()),
            ("Interest income", 9, ("(40)", "(25)")),
            ("Net income including noncontrolling interests", 0, ("1,020", "900")),
            ("Less: Net income attributable to noncontrolling interests", 0, ("(20)", "(14)")),
            ("Net income attributable to common shareholders", 0, ("1,000", "886")),
            ("Basic earnings per share:", 0, ()),
            ("Continuing operations", 9, ("4.80", "4.10")),
            ("Discontinued operations", 9, ("0.20", "0.33")),
            ("Net income attributable to common shareholders", 9, ("5.00", "4.43")),
            ("Diluted earnings per share:", 0, ()),
            ("Continuing operations", 9, ("4.70", "4.10")),
            ("Discontinued operations", 9, ("0.20", "0.33")),
            ("Net income attributable to common shareholders", 9, ("4.90", "4.43")),
            ("Weighted-average number of shares outstanding:", 0, ()),
            ("Basic", 9, ("200", "200")),
            ("Diluted", 9, ("204", "200")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net cash provided by operating activities", 0, ("1,800", "1,600")),
            ("Purchases of property and equipment", 0, ("(400)", "(350)")),
            ("Other investing activities", 0, ("10", "(5)")),
            ("Net cash provided by (used in) investing activities", 0, ("(390)", "(355)")),
            ("Dividends paid", 0, ("(300)", "(280)")),
            ("Net cash used in financing activities", 0, ("(1,100)", "(900)")),
        ),
    )
    return statement_pdf(ten_k_cover(ASTER, "57-0000007"), [income, cash])


def _bracken() -> bytes:
    # one per-share row for both (no dilutive securities), no noncontrolling interests
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions, except per share amounts)",
        ("2020", "2019"),
        (
            ("Net sales", 0, ("5,000", "4,600")),
            ("Gross profit", 0, ("2,000", "1,900")),
            ("Net income", 0, ("600", "550")),
            ("Net income per share - basic and diluted", 0, ("3.00", "2.75")),
        ),
    )
    return statement_pdf(ten_k_cover(BRACKEN, "58-0000008"), [income])


def _callow() -> bytes:
    # a loss year with a tax benefit, on a row naming the benefit in parentheses; the
    # noncontrolling interests' share a loss
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("5,000", "4,000")),
            ("Income (loss) before income taxes", 0, ("(200)", "900")),
            ("Provision for (benefit from) income taxes", 0, ("(84)", "180")),
            ("Net income (loss)", 0, ("(116)", "720")),
            ("Net loss attributable to noncontrolling interests", 0, ("(6)", "(4)")),
        ),
    )
    return statement_pdf(ten_k_cover(CALLOW, "59-0000009"), [income])


def _dunlin() -> bytes:
    # the expense named in parentheses: a figure in parentheses is the expense
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("3,000", "2,800")),
            # a dash: no amount (the base-14 font has no em dash; "-" is the ASCII dash)
            ("Research and development", 0, ("-", "120")),
            ("Interest expense", 0, ("(35)", "(30)")),
            ("Income before income taxes", 0, ("1,000", "800")),
            ("Income tax (expense) benefit", 0, ("(250)", "40")),
            ("Net income", 0, ("750", "840")),
        ),
    )
    return statement_pdf(ten_k_cover(DUNLIN, "60-0000010"), [income])


def _eagle() -> bytes:
    # a loss year's rows named by the loss and the benefit alone, printed plain in one year
    # and in parentheses in the other; a sales and marketing expense beside the revenue
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("3,000", "2,800")),
            ("Sales and marketing", 0, ("400", "380")),
            ("Loss before income taxes", 0, ("100", "(50)")),
            ("Income tax benefit", 0, ("20", "(10)")),
            ("Net loss", 0, ("(80)", "(40)")),
        ),
    )
    return statement_pdf(ten_k_cover(EAGLE, "61-0000011"), [income])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        ("aster.pdf", _aster()),
        ("bracken.pdf", _bracken()),
        ("callow.pdf", _callow()),
        ("dunlin.pdf", _dunlin()),
        ("eagle.pdf", _eagle()),
    ]
    yield from ingested_runtime(tmp_path_factory, "statement-per-share", files)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # the word in the question picks the row under its heading
        ("What was Aster Labs' diluted EPS in fiscal 2020?", "USD 4.90 per share"),
        (
            "What was Aster Labs' net income attributable to common shareholders per share, "
            "diluted, for the year ended December 31, 2020?",
            "USD 4.90 per share",
        ),
        ("What were Aster Labs' net earnings per basic share in FY 2020?", "USD 5.00 per share"),
        # no word, the two agree: one figure
        ("What were Aster Labs' earnings per share in 2019?", "USD 4.43 per share"),
        # one row for both
        ("What was Bracken & Sons' EPS in FY2020?", "USD 3.00 per share"),
        (
            "What was Bracken & Sons' diluted net income per share in fiscal 2019?",
            "USD 2.75 per share",
        ),
        # a known label with a revenue word reads as it did (issue 35's controls)
        ("What were Bracken & Sons' net sales in FY2020?", "USD 5,000 million"),
        ("What were Bracken & Sons' sales in fiscal 2019?", "USD 4,600 million"),
        # the minority's share, its magnitude (a deduction)
        (
            "What was Aster Labs' net income attributable to noncontrolling interests in 2020?",
            "USD 20 million",
        ),
        (
            "What was Aster Labs' net income attributable to common shareholders in FY2020?",
            "USD 1,000 million",
        ),
        # the investing and financing totals, as printed
        (
            "What was Aster Labs' net cash flow from investing activities in FY2020?",
            "USD -390 million",
        ),
        (
            "What was Aster Labs' net cash used in financing activities in fiscal 2019?",
            "USD -900 million",
        ),
        # the operating expenses' total and interest income (a deduction's magnitude)
        ("What were Aster Labs' operating expenses in FY2020?", "USD 7,500 million"),
        ("What was Aster Labs' interest income in fiscal 2019?", "USD 25 million"),
        # a count read with its heading, never the diluted EPS
        (
            "What was Aster Labs' weighted-average number of diluted shares outstanding in "
            "FY2020, in millions?",
            "204 million shares",
        ),
    ],
)
def test_a_figure_read_from_its_row(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]


@pytest.mark.parametrize(
    "question",
    [
        "What were Aster Labs' earnings per share in 2020?",
        "What was Aster Labs' EPS for fiscal 2020?",
        "What was Aster Labs' net income attributable to common shareholders per share in FY2020?",
        "What was Aster Labs' net income per share in the year ended December 31, 2020?",
    ],
)
def test_an_eps_asked_with_no_word_where_basic_and_diluted_differ(
    runtime: Any, question: str
) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.values == []
    quotes = " ".join(e.quote for e in answer.evidence)
    # both figures cited, and never the continuing-operations rows or the dollars
    assert "5.00" in quotes and "4.90" in quotes, quotes
    assert "Continuing operations" not in quotes and "1,000" not in quotes, quotes


def test_a_question_on_the_minority_share_is_never_net_income(runtime: Any) -> None:
    answer = concluded(
        runtime,
        "What was Bracken & Sons' net income attributable to noncontrolling interests in 2020?",
    )
    assert not answer.sufficient
    assert all("600" not in v.value for v in answer.conclusion.values)


def test_free_cash_flow_conversion_left_open_cites_the_cells(runtime: Any) -> None:
    answer = concluded(
        runtime, "Does Aster Labs have an improving free cash flow conversion as of FY2020?"
    )
    assert not answer.sufficient
    assert any("operating activities" in e.quote for e in answer.evidence)


@pytest.mark.parametrize(
    "question",
    [
        "Are Aster Labs' operating margins historically consistent?",
        "Has Aster Labs' operating margin been stable?",
        "Is Aster Labs' operating margin fluctuating from year to year?",
    ],
)
def test_a_metrics_steadiness_cites_its_course(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient
    assert "whether that is consistent" in (answer.conclusion.answer or ""), question
    quotes = " ".join(e.quote for e in answer.evidence)
    assert "Operating income" in quotes and "Revenue" in quotes, quotes


@pytest.mark.parametrize(
    ("question", "values"),
    [
        # a dollar item asked beside EPS is asked too (issue 35): each item its own claim,
        # answered with its own value from its own cell, in the order asked
        (
            "What were Aster Labs' net income and diluted EPS in FY2020?",
            ["USD 1,020 million", "USD 4.90 per share"],
        ),
        (
            "What were Aster Labs' revenue as well as diluted earnings per share in fiscal 2020?",
            ["USD 9,000 million", "USD 4.90 per share"],
        ),
        (
            "what were aster labs' diluted EPS & revenue for 2020?",
            ["USD 4.90 per share", "USD 9,000 million"],
        ),
        (
            "Aster Labs: operating income, revenue and net income for FY 2020?",
            ["USD 1,500 million", "USD 9,000 million", "USD 1,020 million"],
        ),
        # "basic and diluted": both, each from its row
        (
            "What were Aster Labs' basic and diluted EPS in FY2020?",
            ["USD 5.00 per share", "USD 4.90 per share"],
        ),
        (
            "What were Aster Labs' basic EPS and diluted EPS for 2020?",
            ["USD 5.00 per share", "USD 4.90 per share"],
        ),
        # a never-word of another item rules out no item; interest income its magnitude
        (
            "What were Aster Labs' interest income and net income in FY2020?",
            ["USD 40 million", "USD 1,020 million"],
        ),
        # a line item named again outside a longer item's phrase is asked too
        (
            "What were Aster Labs' net income and net income attributable to common "
            "shareholders in FY2020?",
            ["USD 1,020 million", "USD 1,000 million"],
        ),
        # fiscal years listed: each year's figure, never a change between them
        (
            "What was Aster Labs' revenue in FY2019 and FY2020?",
            ["USD 8,000 million", "USD 9,000 million"],
        ),
        # ... in the order the question lists them
        (
            "What were Aster Labs' revenue and net income for fiscal 2020 and 2019?",
            [
                "USD 9,000 million",
                "USD 8,000 million",
                "USD 1,020 million",
                "USD 900 million",
            ],
        ),
        (
            "what was aster labs' revenue in FY2020 and FY2019?",
            ["USD 9,000 million", "USD 8,000 million"],
        ),
        ("Aster Labs revenues, 2020 & 2019?", ["USD 9,000 million", "USD 8,000 million"]),
        # a filing's year is no period asked: the years listed are
        (
            "What was Eagle Works' revenue for fiscal 2020 and 2019 as reported in the 2020 10-K?",
            ["USD 3,000 million", "USD 2,800 million"],
        ),
        (
            "eagle works' net sales for FY2019 and FY2020, per its 2020 annual report?",
            ["USD 2,800 million", "USD 3,000 million"],
        ),
        (
            "Aster Labs' capital expenditures and dividends paid, 2019 & 2020 (in USD millions)?",
            ["USD 350 million", "USD 400 million", "USD 280 million", "USD 300 million"],
        ),
    ],
)
def test_several_items_asked_are_each_answered(
    runtime: Any, question: str, values: list[str]
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert not answer.conflicts, question
    got = [v.value for v in answer.conclusion.values]
    assert got == values, (question, got)
    # each value cites its own cells, and no other item's
    by_id = {e.evidence_id: e for e in answer.evidence}
    for value in answer.conclusion.values:
        cited = {by_id[i].claim_id for i in value.evidence_ids}
        assert len(cited) == 1, (question, value)
        assert all(by_id[i].value == value.value for i in value.evidence_ids)


@pytest.mark.parametrize(
    ("question", "found", "missing"),
    [
        # an item the statements do not print: the others' values shown, nothing concluded
        (
            "What were Aster Labs' revenue and inventories in FY2020?",
            ["USD 9,000 million"],
            "inventories",
        ),
        ("What was Aster Labs' revenue in FY2020 and FY2021?", ["USD 9,000 million"], "FY2021"),
        # basic and diluted differing, asked with no word beside another item: left open
        (
            "What were Aster Labs' revenue and earnings per share in 2020?",
            ["USD 9,000 million"],
            "differ",
        ),
        # no item answered: each one's reason
        (
            "What were Aster Labs' inventories and earnings per share in 2020?",
            [],
            "inventories, FY2020, eps, FY2020 (not concluded",
        ),
        (
            "What was Aster Labs' revenue in FY2021 and FY2022?",
            [],
            "revenue, FY2021, revenue, FY2022",
        ),
    ],
)
def test_an_item_not_found_leaves_several_items_insufficient(
    runtime: Any, question: str, found: list[str], missing: str
) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == found, question
    assert missing in (answer.conclusion.answer or ""), answer.conclusion.answer


@pytest.mark.parametrize(
    "question",
    [
        "What was the difference in Aster Labs' revenue for FY2019 and FY2020?",
        "What was Aster Labs' total revenue for 2019 and 2020 combined?",
        "what was the sum of aster labs' net income in FY2019 and FY2020?",
        "What was the total of Aster Labs' capital expenditures for 2019 and 2020?",
        "Aster Labs: revenue and operating income in FY2020, added together?",
        "What were Aster Labs' cumulative dividends paid in fiscal 2019 & 2020?",
    ],
)
def test_a_sum_or_difference_of_the_figures_is_never_the_figures(
    runtime: Any, question: str
) -> None:
    # the arithmetic is not computed: nothing concluded, the cells of each figure quoted
    answer = concluded(runtime, question)
    assert not answer.sufficient, (question, answer.conclusion.answer)
    assert answer.conclusion.values == [], (question, answer.conclusion.answer)
    assert len(answer.evidence) >= 2, question
    assert "not computed" in (answer.conclusion.answer or ""), answer.conclusion.answer


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # an item whose name holds "and"/"&" is one item, never the revenue "sales" names
        ("What was Eagle Works' sales & marketing expense in FY2020?", "USD 400 million"),
        ("what was eagle works' sales and marketing expense in 2020?", "USD 400 million"),
        (
            "What were Eagle Works' selling and marketing expenses for fiscal 2019?",
            "USD 380 million",
        ),
        ("What was Eagle Works' S&M expense in FY 2019?", "USD 380 million"),
    ],
)
def test_an_item_named_with_and_is_one_item(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert [v.value for v in answer.conclusion.values] == [value], question


@pytest.mark.parametrize(
    "question",
    [
        "What was Bracken & Sons' sales and marketing expense in FY2020?",
        "what were bracken and sons' selling & marketing expenses for 2020?",
    ],
)
def test_an_item_the_statements_lack_is_never_anothers_figure(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient, (question, answer.conclusion.answer)
    # never the net sales of the same statement
    assert "5,000" not in " ".join(v.value for v in answer.conclusion.values), question


@pytest.mark.parametrize(
    "question",
    [
        "What was the change in Aster Labs' revenue from FY2019 to FY2020?",
        "What was Aster Labs' revenue between 2019 and 2020?",
        "What was Aster Labs' revenue in FY2020 versus FY2019?",
    ],
)
def test_years_not_listed_are_no_several_items(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not (answer.sufficient and len(answer.conclusion.values) > 1), (
        question,
        answer.conclusion.answer,
    )


@pytest.mark.parametrize(
    "question",
    [
        "What was Aster Labs' revenue per share in FY2020?",
        "What was Aster Labs' operating cash flow per share in fiscal 2020?",
    ],
)
def test_another_item_per_share_is_never_eps(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
    # never the earnings per share
    values = " ".join(v.value for v in answer.conclusion.values)
    assert "4.90" not in values and "5.00" not in values, (question, values)


@pytest.mark.parametrize(
    ("question", "value", "said"),
    [
        # a benefit: a negative expense, said so
        (
            "What was Callow Mining's provision for income taxes in FY2020?",
            "USD -84 million",
            "a benefit",
        ),
        ("what was callow mining's income tax expense in 2019?", "USD 180 million", None),
        # the expense in parentheses: its figure in parentheses is the expense
        (
            "What was Dunlin Foods' income tax expense in fiscal 2020?",
            "USD 250 million",
            "the expense, in parentheses",
        ),
        ("Dunlin Foods' tax expense for FY 2019?", "USD -40 million", "a benefit"),
        # a benefit named alone: a benefit however printed, never an expense
        ("What was Eagle Works' income tax expense in FY2020?", "USD -20 million", "a benefit"),
        ("eagle works' provision for income taxes in 2019?", "USD -10 million", "a benefit"),
        # a loss named alone before income taxes: negative however printed
        ("What was Eagle Works' pretax income in FY2020?", "USD -100 million", "a loss"),
        (
            "What was Eagle Works' income before income taxes for fiscal 2019?",
            "USD -50 million",
            "a loss",
        ),
        # a loss: negative, said so
        ("What was Callow Mining's net income in FY2020?", "USD -116 million", "negative"),
        (
            "What was Callow Mining's net income attributable to noncontrolling interests in 2020?",
            "USD -6 million",
            "a loss",
        ),
        # an expense printed in parentheses (a deduction): its magnitude, said so
        (
            "What was Dunlin Foods' interest expense in FY2020?",
            "USD 35 million",
            "read as its magnitude",
        ),
    ],
)
def test_a_figures_sign_is_read_and_stated(
    runtime: Any, question: str, value: str, said: str | None
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert [v.value for v in answer.conclusion.values] == [value], question
    text = answer.conclusion.answer or ""
    if said is None:
        assert "signs:" not in text, text
    else:
        assert said in text, text


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # a tax expense read through its row's parentheses is an operand: never unread
        ("What was Dunlin Foods' effective tax rate in FY2020?", "25.0%"),
        ("What was Dunlin Foods' effective tax rate in FY2019?", "-5.0%"),
        # a benefit on a loss: a positive rate, whichever way each row is printed
        ("What was Eagle Works' effective tax rate in FY2020?", "20.0%"),
        ("what was eagle works' effective tax rate for 2019?", "20.0%"),
    ],
)
def test_a_signed_tax_row_is_an_operand(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert [v.value for v in answer.conclusion.values] == [value], question


@pytest.mark.parametrize(
    "question",
    [
        "What was Dunlin Foods' research and development expense in FY2020?",
        "What was Dunlin Foods' R&D as a percentage of revenue in FY2020?",
        "what were dunlin foods' revenue and research and development expenses for 2020?",
        "What was Dunlin Foods' research and development expense in FY2019 and FY2020?",
    ],
)
def test_a_dash_is_no_amount_never_zero(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient, (question, answer.conclusion.answer)
    # never a zero, nor a ratio computed from one
    values = [v.value for v in answer.conclusion.values]
    assert not any(v in ("USD 0 million", "0.0%", "USD 0") for v in values), (question, values)
    assert "dash" in (answer.conclusion.answer or ""), answer.conclusion.answer


def test_the_year_a_row_prints_a_figure_is_answered(runtime: Any) -> None:
    answer = concluded(
        runtime, "What was Dunlin Foods' research and development expense in FY2019?"
    )
    assert answer.sufficient and [v.value for v in answer.conclusion.values] == ["USD 120 million"]


# Issue 35: a line item no concept's labels name, written with a revenue word ("sales
# commissions", "sales tax expense"), is never answered with revenue's (or income tax's)
# figure: no figure, never SUPPORTED.
@pytest.mark.parametrize(
    "question",
    [
        ask.format(c=company, y=year, i=item)
        for ask, item in (
            ("What were {c} {i} in {y}?", "sales commissions"),
            ("What was {c} {i} in {y}?", "sales and distribution expense"),
            ("What was {c} {i} for {y}?", "Sales Tax Expense"),
            ("How much {i} did {c} report in {y}?", "sales & general expenses"),
            ("What were {c} {i} in {y}?", "net sales returns and allowances"),
        )
        for company, year in (("Bracken & Sons'", "FY2020"), ("Aster Labs'", "fiscal 2019"))
    ],
)
def test_an_item_the_lexicon_lacks_is_never_another_figure(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
    # no figure read as the item's (a passage the answer cites is no figure)
    assert not [v.value for v in answer.conclusion.values if v.value.startswith("USD")]
