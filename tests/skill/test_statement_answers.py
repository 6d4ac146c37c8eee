"""Figures and metrics answered from the statement cells of a generated 10-K (issue 35):
a single figure cited on its cell; a metric computed from cited cells with its arithmetic
shown; a period the statements do not have, and a metric whose definition the question
leaves open, INSUFFICIENT with the cells found; another company's figures never used."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import ingested_runtime

BRAMBLE, CORVID = "BRAMBLE UTILITIES, INC.", "CORVID RAIL CORP."
NUMBERS = {BRAMBLE: "51-0000001", CORVID: "52-0000002"}


def _filing(
    name: str,
    revenue: tuple[str, str],
    capex: tuple[str, str],
    mentions: tuple[str, ...] = (),
    more_cash: tuple[tuple[str, float, tuple[str, ...]], ...] = (),
) -> bytes:
    cover: list[Line | Row] = [
        *ten_k_cover(name, NUMBERS[name]),
        *(Line(text) for text in mentions),
    ]
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions, except per share data)",
        ("2020", "2019"),
        (
            ("Revenue", 0, revenue),
            ("Cost of sales", 0, ("20,100", "18,400")),
            ("Gross profit", 0, ("12,665", "11,600")),
            ("Operating income", 0, ("4,100", "3,900")),
            ("Income before income taxes", 0, ("3,800", "3,500")),
            ("Provision for income taxes", 0, ("(760)", "(700)")),
            ("Net income", 0, ("3,040", "2,800")),
        ),
    )
    # a text layer that splits a word of the caption, as 3M's 10-K does
    balance = StatementTable(
        "Consolidated Balance Shee t",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Current assets", 0, ()),
            ("Cash and cash equivalents", 9, ("2,000", "1,800")),
            ("Accounts receivable, net", 9, ("3,100", "2,900")),
            ("Inventories", 9, ("2,400", "2,200")),
            ("Total current assets", 0, ("7,500", "6,900")),
            ("Property, plant and equipment, net", 0, ("9,000", "8,800")),
            ("Total assets", 0, ("40,000", "38,000")),
            ("Accounts payable", 0, ("2,600", "2,400")),
            ("Total current liabilities", 0, ("5,000", "4,600")),
            ("Total shareholders' equity", 0, ("15,000", "14,000")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net cash provided by operating activities", 0, ("5,200", "4,800")),
            ("Purchases of property, plant and equipment", 0, capex),
            ("Dividends paid", 0, ("(900)", "(850)")),
            ("Acquisitions, net of cash acquired", 0, ("(120)", "(40)")),
            *more_cash,
            ("Other, net", 0, ("12", "8")),
        ),
    )
    note = StatementTable(
        "NOTE 7. Supplemental Balance Sheet Information",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Land", 0, ("1,000", "1,000")),
            ("Buildings", 0, ("11,000", "10,500")),
            ("Less: accumulated depreciation", 0, ("(3,000)", "(2,700)")),
            ("Property, plant and equipment, net", 0, ("9,000", "8,800")),
            ("Other, net", 0, ("12", "8")),
        ),
    )
    return statement_pdf(cover, [income, balance, cash, note])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        ("bramble.pdf", _filing(BRAMBLE, ("32,765", "30,000"), ("(1,577)", "(1,373)"))),
        # Corvid's filing names Bramble, its customer, and prints a row Bramble's does not
        (
            "corvid.pdf",
            _filing(
                CORVID,
                ("9,999", "9,000"),
                ("(444)", "(333)"),
                mentions=(
                    "Our largest customer, Bramble Utilities, Inc., recorded stock-based",
                    "compensation of $77 million and revenue of $50,000 million in 2020.",
                ),
                more_cash=(("Stock-based compensation", 0, ("55", "44")),),
            ),
        ),
    ]
    yield from ingested_runtime(tmp_path_factory, "statements", files)


def _ask(runtime: Any, question: str) -> Any:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    return answer


def test_a_single_figure_is_its_cell(runtime: Any) -> None:
    answer = _ask(
        runtime, "What is the FY2020 capital expenditure of Bramble Utilities in USD millions?"
    )
    assert answer.sufficient and [v.value for v in answer.conclusion.values] == [
        "USD 1,577 million"
    ]
    assert {e.source_location.document for e in answer.evidence} == {"bramble.pdf"}


def test_a_metric_is_computed_from_cited_cells_with_its_arithmetic(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the FY2020 capex as a % of revenue of Bramble Utilities? Round to one decimal place.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == "capex to revenue FY2020: (1,577 / 32,765) x 100 = 4.8%"
    (value,) = answer.conclusion.values
    assert value.value == "4.8%" and value.details["metric"] == ["capex_to_revenue"]
    quotes = sorted(e.quote for e in answer.evidence)
    assert len(quotes) == 2 and any("(1,577)" in q for q in quotes)
    assert {e.source_location.document for e in answer.evidence} == {"bramble.pdf"}


def test_averages_of_two_period_ends(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the FY2020 days payable outstanding (DPO) of Bramble Utilities? Round to two decimals.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "days payable FY2020: (365 x ((2,600 + 2,400) / 2)) / 20,100 = 45.40 days"
    )


def test_a_period_the_statements_do_not_have_is_insufficient(runtime: Any) -> None:
    answer = _ask(runtime, "What is the FY2017 gross margin of Bramble Utilities?")
    assert not answer.sufficient and answer.conclusion.values == []
    assert "not computed" in (answer.conclusion.answer or "")


def test_a_definition_left_open_is_insufficient_with_the_cells_found(runtime: Any) -> None:
    answer = _ask(runtime, "What is the FY2020 quick ratio of Bramble Utilities?")
    assert not answer.sufficient and answer.conclusion.values == []
    assert "definition open" in (answer.conclusion.answer or "")
    assert answer.evidence and all(e.value is None for e in answer.evidence)


def test_another_companys_figures_are_never_used(runtime: Any) -> None:
    answer = _ask(runtime, "What is the FY2020 free cash flow of Corvid Rail in USD millions?")
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.values[0].value == "USD 4,756.00 million"
    assert {e.source_location.document for e in answer.evidence} == {"corvid.pdf"}


def test_cells_are_read_again_only_when_asked(runtime: Any) -> None:
    # read at ingestion: nothing left to read; `again` (the reader changed) reads them all
    assert runtime.ingestor.read_statements("kb") == {}
    again = runtime.ingestor.read_statements("kb", again=True)
    assert sorted(again) == ["bramble.pdf", "corvid.pdf"] and all(again.values())
    answer = _ask(runtime, "What is the FY2020 capital expenditure of Bramble Utilities?")
    assert answer.sufficient


def test_a_metric_named_only_in_a_definition_is_not_the_one_asked(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the FY2020 defensive interval of Bramble Utilities? It is defined with the "
        "current ratio and days sales outstanding (DSO).",
    )
    assert not answer.sufficient and not any(
        v.details.get("metric") for v in answer.conclusion.values
    )
    # the cash conversion cycle (the registry's since) is what is asked, not the DSO its
    # definition names
    answer = _ask(
        runtime,
        "What is the FY2020 cash conversion cycle of Bramble Utilities? It is defined as "
        "DIO + days sales outstanding (DSO) - DPO.",
    )
    assert {m for v in answer.conclusion.values for m in v.details.get("metric", [])} == {
        "cash_conversion_cycle"
    }


def test_an_n_year_average_of_a_metric(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the FY2019 - FY2020 2 year average net profit margin (as a %) of Bramble "
        "Utilities? Round to one decimal place.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "net margin FY2019-FY2020: FY2019: (2,800 / 30,000) x 100 = 9.33%; "
        "FY2020: (3,040 / 32,765) x 100 = 9.28%; (9.33% + 9.28%) / 2 = 9.3%"
    )
    # a stated count that is not the range's is no average asked
    answer = _ask(
        runtime,
        "What is the FY2019 - FY2020 3 year average net profit margin of Bramble Utilities?",
    )
    assert not answer.sufficient


def test_the_statement_is_cited_though_its_caption_is_split(runtime: Any) -> None:
    answer = _ask(runtime, "What is the FY2020 net PP&E of Bramble Utilities in USD millions?")
    assert answer.sufficient and answer.conclusion.values[0].value == "USD 9,000 million"
    # the balance sheet (page 3), its caption read "Balance Shee t", beside the note's table
    assert 3 in {e.source_location.page for e in answer.evidence}


def test_a_ratio_metric_asked_in_dollars_is_not_computed(runtime: Any) -> None:
    answer = _ask(runtime, "What is the FY2020 gross margin of Bramble Utilities in USD millions?")
    assert not any("%" in v.value for v in answer.conclusion.values)


def test_net_income_is_the_shareholders_when_no_part_is_noncontrolling(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the FY2020 net income attributable to shareholders of Bramble Utilities "
        "(in USD millions)?",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == ["USD 3,040 million"]


def test_working_capital_and_cogs_as_a_percent_of_revenue(runtime: Any) -> None:
    answer = _ask(
        runtime, "What is the FY2020 working capital of Bramble Utilities in USD millions?"
    )
    assert answer.sufficient, answer.conclusion.answer
    assert (
        answer.conclusion.answer == "working capital FY2020: 7,500 - 5,000 = USD 2,500.00 million"
    )
    answer = _ask(
        runtime,
        "What is the FY2020 COGS as a % of revenue of Bramble Utilities? Round to one decimal place.",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.values[0].value == "61.3%"


def test_an_adjusted_ebitda_is_not_computed(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb", "What was the FY2020 adjusted EBITDA of Bramble Utilities in USD millions?"
    )
    assert not any(v.details.get("metric") for v in answer.conclusion.values)


def test_the_growth_of_any_concept_asked_in_percent(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the year-over-year change in net income of Bramble Utilities from FY2019 to "
        "FY2020 (in units of percents and round to one decimal place)?",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "net income growth FY2020: ((3,040 - 2,800) / 2,800) x 100 = 8.6%"
    )
    # the base year named after "compared to / with" is the growth's base, no judgement
    for asked in (
        "What was the net income growth of Bramble Utilities in FY2020 compared to FY2019, "
        "in percent?",
        "what was bramble utilities' net income growth in fy2020 compared with fy2019 in %",
    ):
        answer = _ask(runtime, asked)
        assert answer.sufficient, (asked, answer.conclusion.answer)
        assert answer.conclusion.answer.endswith("= 8.6%"), answer.conclusion.answer
    # "how does ... compare" asks for a judgement: no metric's value is concluded
    answer = _ask(
        runtime, "How does the net income of Bramble Utilities in FY2020 compare to FY2019?"
    )
    assert not any(v.details.get("metric") for v in answer.conclusion.values)
    # a change asked in dollars is no growth: the later figure less the earlier one
    answer = _ask(
        runtime,
        "What is the change in net income of Bramble Utilities from FY2019 to FY2020 in USD "
        "millions?",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.values[0].value.startswith("USD 240"), answer.conclusion.answer


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "By how much did Bramble Utilities' inventories change from FY2019 to FY2020 (USD "
            "millions)?",
            "USD 200",
        ),
        ("by how much did bramble utilities' revenue change from fy2019 to fy2020?", "USD 2,765"),
        (
            "What was the change in total current liabilities of Bramble Utilities between "
            "FY2019 and FY2020, in USD millions?",
            "USD 400",
        ),
        (
            "How much did Bramble Utilities' accounts payable change from FY2019 to FY2020?",
            "USD 200",
        ),
    ],
)
def test_a_line_items_change_in_dollars(runtime: Any, question: str, value: str) -> None:
    answer = _ask(runtime, question)
    assert answer.sufficient, (question, answer.conclusion.answer)
    assert answer.conclusion.values[0].value.startswith(value), answer.conclusion.answer
    assert {e.source_location.document for e in answer.evidence} == {"bramble.pdf"}


@pytest.mark.parametrize(
    "question",
    [
        "By how much did Bramble Utilities' inventories and accounts payable change from FY2019 "
        "to FY2020?",
        "What is the change in bramble utilities' inventories from FY2019 to FY2020 divided by "
        "its total assets?",
        "What was the change in Bramble Utilities' inventories from FY2019 to FY2020 in basis "
        "points?",
    ],
)
def test_no_dollar_change_of_two_items_or_of_a_ratio(runtime: Any, question: str) -> None:
    # fixfin30: a change in dollars is one item's, never set against another figure
    answer = runtime.skill.ask("kb", question)
    metrics = [str(v.details.get("metric", "")) for v in answer.conclusion.values]
    assert not any(m.endswith("_change") for m in metrics), (question, metrics)


def test_a_companys_figures_come_from_its_own_filings_only(runtime: Any) -> None:
    # issue 33: Corvid's filing names Bramble, its customer, with figures of Bramble's and a
    # row Bramble's statements do not print; a mention in another registrant's filing is
    # never evidence about Bramble
    answer = runtime.skill.ask(
        "kb", "What was Bramble Utilities' stock-based compensation in FY2020 (USD millions)?"
    )
    assert not answer.sufficient and answer.conclusion.values == [], answer.conclusion.answer
    assert all(e.source_location.document == "bramble.pdf" for e in answer.evidence)
    answer = _ask(runtime, "What was Bramble Utilities' revenue in FY2020 (USD millions)?")
    assert [v.value for v in answer.conclusion.values] == ["USD 32,765 million"]
    assert {e.source_location.document for e in answer.evidence} == {"bramble.pdf"}
    # the registrant's own row is read from its own filing
    answer = _ask(runtime, "What was Corvid Rail's stock-based compensation in FY2020?")
    assert [v.value for v in answer.conclusion.values] == ["USD 55 million"]
    assert {e.source_location.document for e in answer.evidence} == {"corvid.pdf"}


def test_an_n_year_average_of_a_line_item(runtime: Any) -> None:
    answer = _ask(
        runtime,
        "What is the FY2019 - FY2020 2 year average capital expenditure of Bramble Utilities "
        "in USD millions?",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "capital expenditure average FY2019-FY2020: FY2019: 1,373 = USD 1,373.00 million; "
        "FY2020: 1,577 = USD 1,577.00 million; (USD 1,373.00 million + USD 1,577.00 million) "
        "/ 2 = USD 1,475.00 million"
    )


# Two items asked where one is a row's one word ("cash and total assets": both, each cited,
# in the order asked), and a cash flow asked with the company inside its phrase (session 38)
@pytest.mark.parametrize(
    ("question", "values"),
    [
        (
            "What were Bramble Utilities' cash and total assets in FY2020?",
            ["USD 2,000 million", "USD 40,000 million"],
        ),
        (
            "what were bramble's total assets and cash in fiscal 2019?",
            ["USD 38,000 million", "USD 1,800 million"],
        ),
        (
            "How much cash did operating activities at Bramble Utilities provide in FY2020?",
            ["USD 5,200 million"],
        ),
        (
            "how much cash did operating activities of bramble generate in fiscal 2019?",
            ["USD 4,800 million"],
        ),
    ],
)
def test_a_listed_word_item_and_a_flow_with_the_company_inside(
    runtime: Any, question: str, values: list[str]
) -> None:
    answer = _ask(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == values
    cited = {i for v in answer.conclusion.values for i in v.evidence_ids}
    assert len(cited) == len(values)
    assert {e.source_location.document for e in answer.evidence} == {"bramble.pdf"}


# A qualifier inside a cash flow's phrase is no company's name (review of fb38, D4): "operating
# activities of discontinued operations" is no figure of the company's statement; only the
# company's names (a run of their words) are read through
@pytest.mark.parametrize(
    "question",
    [
        "How much cash did operating activities of discontinued operations provide at Bramble "
        "Utilities in FY2020?",
        "how much cash did bramble's operating activities of the joint venture generate in "
        "fiscal 2019?",
    ],
)
def test_a_qualified_flow_is_no_company_figure(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
