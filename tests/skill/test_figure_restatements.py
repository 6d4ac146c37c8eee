"""A figure a later filing of the company prints otherwise is restated (issue 35, item 4):
the later figure answers, the earlier one is cited as the value it superseded (never
dropped), in the supersession shape an amendment has; a later fiscal year's 10-K restates an
earlier 10-K's year (higher or lower, a flow, a balance, a per-share figure, whichever file
name sorts first), a 10-K restates the year-end balance a 10-Q printed, and a metric reads the
restated operand. Two tables of one filing that disagree stay a disagreement; a figure
printed again unchanged is no restatement."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain import StatementCell
from skill import RestatedFigures
from tests.pdfs import StatementTable, statement_pdf, ten_k_cover, ten_q_cover
from tests.skill.conftest import concluded, ingested_runtime

LARCH, MAPLE, OAK = "LARCH TOOLS, INC.", "MAPLE & SONS CORP.", "OAK FREIGHT CO."
ELM = "ELM CHEMICALS INC."
NUMBERS = {LARCH: "61-0000001", MAPLE: "62-0000002", OAK: "63-0000003", ELM: "65-0000005"}
_TWO = (480.0, 560.0)


def _ten_k(
    name: str,
    years: tuple[str, str],
    rows: dict[str, tuple[str, str]],
    *,
    year_ended: str,
    again: dict[str, tuple[str, str]] | None = None,
    quarters: tuple[tuple[str, str], dict[str, tuple[str, str]]] | None = None,
) -> bytes:
    """A 10-K: operations and balance sheet of `rows`; `again`: a second statement of
    operations of other figures (one filing's two tables); `quarters`: a note of its last
    two quarters ((their end dates), rows)."""

    def income(title: str, figures: dict[str, tuple[str, str]]) -> StatementTable:
        return StatementTable(
            title,
            "(In millions, except per share amounts)",
            years,
            (
                ("Revenue", 0, figures["revenue"]),
                ("Cost of revenue", 0, figures["cost"]),
                ("Gross profit", 0, figures["gross"]),
                ("Net income", 0, figures["net"]),
                ("Diluted earnings per share", 0, figures["eps"]),
            ),
        )

    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        years,
        (
            ("Cash and cash equivalents", 0, rows["cash"]),
            ("Total current assets", 0, ("9,000", "8,000")),
            ("Total assets", 0, rows["assets"]),
            ("Total current liabilities", 0, ("4,000", "4,100")),
        ),
    )
    tables = [income("Consolidated Statements of Operations", rows), balance]
    if again is not None:
        tables.append(income("Consolidated Statements of Operations (Recast)", again))
    if quarters is not None:
        dates, figures = quarters
        tables.append(
            StatementTable(
                "Quarterly Financial Data (unaudited)",
                "(In millions)",
                (years[0], years[0]),
                tuple((label, 0.0, figures[label]) for label in figures),
                header=(((350.0, "Three Months Ended"),), ((345.0, dates[0]), (425.0, dates[1]))),
            )
        )
    return statement_pdf(ten_k_cover(name, NUMBERS[name], year_ended), tables)


def _ten_q(name: str, period_ended: str, assets: tuple[str, str]) -> bytes:
    """A first quarter's 10-Q: its three months, and its balance sheet at the quarter's end
    and at the prior fiscal year's end (December 31, 2021)."""
    income = StatementTable(
        "Condensed Consolidated Statements of Operations",
        "(In millions; unaudited)",
        ("2022", "2021"),
        (
            ("Revenue", 0, ("2,600", "2,400")),
            ("Cost of revenue", 0, ("1,300", "1,250")),
            ("Net income", 0, ("400", "380")),
        ),
        header=(
            ((450.0, "Three Months Ended"),),
            ((_TWO[0] - 45, "March 31,"), (_TWO[1] - 45, "March 31,")),
        ),
        edges=_TWO,
    )
    balance = StatementTable(
        "Condensed Consolidated Balance Sheets",
        "(In millions; unaudited)",
        ("2022", "2021"),
        (
            ("Cash and cash equivalents", 0, ("950", "900")),
            ("Total current assets", 0, ("9,100", "9,000")),
            ("Total assets", 0, assets),
            ("Total current liabilities", 0, ("4,000", "4,100")),
        ),
        header=(((_TWO[0] - 45, "March 31,"), (_TWO[1] - 60, "December 31,")),),
        edges=_TWO,
    )
    return statement_pdf(ten_q_cover(name, NUMBERS[name], period_ended), [income, balance])


_LARCH_2020 = {
    "revenue": ("10,000", "9,000"),
    "cost": ("6,000", "5,500"),
    "gross": ("4,000", "3,500"),
    "net": ("1,200", "1,000"),
    "eps": ("1.10", "0.95"),
    "cash": ("2,000", "1,800"),
    "assets": ("20,000", "18,000"),
}
_LARCH_2021 = {
    # FY2020's revenue, gross profit, per-share figure and total assets restated; its cost
    # of revenue and net income printed again unchanged
    "revenue": ("11,000", "10,250"),
    "cost": ("6,500", "6,000"),
    "gross": ("4,500", "4,250"),
    "net": ("1,300", "1,200"),
    "eps": ("1.20", "1.15"),
    "cash": ("2,500", "2,000"),
    "assets": ("21,000", "19,500"),
}
_MAPLE = {
    "revenue": ("5,000", "4,000"),
    "cost": ("3,000", "2,500"),
    "gross": ("2,000", "1,500"),
    "net": ("600", "500"),
    "eps": ("2.00", "1.70"),
    "cash": ("700", "600"),
    "assets": ("8,000", "7,000"),
}
_OAK = {
    "revenue": ("10,400", "9,600"),
    "cost": ("5,300", "5,000"),
    "gross": ("5,100", "4,600"),
    "net": ("1,500", "1,350"),
    "eps": ("3.00", "2.70"),
    "cash": ("900", "800"),
    "assets": ("13,000", "12,300"),
}


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        # the later filing's name sorts first: the order of the filings is their periods'
        (
            "a-larch-annual.pdf",
            _ten_k(LARCH, ("2021", "2020"), _LARCH_2021, year_ended="December 31, 2021"),
        ),
        (
            "b-larch-annual.pdf",
            _ten_k(LARCH, ("2020", "2019"), _LARCH_2020, year_ended="December 31, 2020"),
        ),
        # one filing, two statements of operations that disagree on FY2021's revenue
        (
            "maple-10k.pdf",
            _ten_k(
                MAPLE,
                ("2021", "2020"),
                _MAPLE,
                year_ended="December 31, 2021",
                again={**_MAPLE, "revenue": ("5,100", "4,000"), "gross": ("2,100", "1,500")},
            ),
        ),
        # a 10-Q's balance at the prior fiscal year's end, then the next 10-K that prints
        # that year's balance otherwise
        ("oak-10q.pdf", _ten_q(OAK, "March 31, 2022", ("12,500", "12,000"))),
        ("oak-10k.pdf", _ten_k(OAK, ("2022", "2021"), _OAK, year_ended="December 31, 2022")),
        # a 10-K, then a 10-Q that prints the year-end balance otherwise: a quarterly report
        # restates nothing
        (
            "elm-10k.pdf",
            _ten_k(
                ELM,
                ("2021", "2020"),
                {**_OAK, "assets": ("30,000", "29,000")},
                year_ended="December 31, 2021",
            ),
        ),
        ("elm-10q.pdf", _ten_q(ELM, "March 31, 2022", ("31,000", "30,600"))),
    ]
    yield from ingested_runtime(tmp_path_factory, "restatements", files)


_RESTATED = [
    (
        "What was Larch Tools' revenue in FY2020 (in USD millions), as restated?",
        "What was Larch Tools' revenue in FY2020 (in USD millions)?",
        "USD 10,250 million",
        "USD 10,000 million",
    ),
    (
        "what was larch's restated fy2020 revenue?",
        "what was larch's fy2020 revenue?",
        "USD 10,250 million",
        "USD 10,000 million",
    ),
    (
        "What were Larch Tools, Inc.'s total assets at the end of FY2020 as recast?",
        "What were Larch Tools, Inc.'s total assets at the end of FY2020?",
        "USD 19,500 million",
        "USD 20,000 million",
    ),
    (
        "What was Larch Tools' restated diluted EPS for fiscal 2020?",
        "What was Larch Tools' diluted EPS for fiscal 2020?",
        "USD 1.15 per share",
        "USD 1.10 per share",
    ),
    (
        "What were Oak Freight's total assets as of December 31, 2021, as restated?",
        "What were Oak Freight's total assets as of December 31, 2021?",
        "USD 12,300 million",
        "USD 12,000 million",
    ),
]


def _shown(answer: Any, value: str, earlier: str) -> None:
    """The restatement as a supersession: the later figure, the earlier one its history,
    both cited."""
    assert "restated" in answer.conclusion.answer and earlier in answer.conclusion.answer
    assert "superseded_value" in answer.risk_signals
    (supersession,) = answer.supersessions
    assert supersession.relation == "restated" and supersession.value == value
    (history,) = supersession.history
    assert history.value == earlier
    # the superseded figure is cited, never dropped
    cited = {e.evidence_id: e for e in answer.evidence}
    assert set(history.evidence_ids) <= set(cited)
    assert set(supersession.evidence_ids) <= set(cited)
    assert {cited[i].source_location.document for i in history.evidence_ids} == {
        history.documents[0]
    }
    assert supersession.document != history.documents[0]


@pytest.mark.parametrize(("question", "_", "value", "earlier"), _RESTATED)
def test_a_figure_asked_as_restated_is_the_later_filings(
    runtime: Any, question: str, _: str, value: str, earlier: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient and not answer.conflicts, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]
    _shown(answer, value, earlier)
    (supersession,) = answer.supersessions
    assert set(supersession.evidence_ids) == {
        i for v in answer.conclusion.values for i in v.evidence_ids
    }


@pytest.mark.parametrize(("_", "question", "value", "earlier"), _RESTATED)
def test_a_restated_figure_asked_plainly_is_shown_not_concluded(
    runtime: Any, _: str, question: str, value: str, earlier: str
) -> None:
    # the question leaves open whether it asks for the figure as originally reported or as
    # restated: both cited, the restatement shown, nothing concluded
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conflicts
    assert {v.value for v in answer.conclusion.values} == {value, earlier}
    _shown(answer, value, earlier)
    assert "as restated" in answer.suggested_next_actions[0]


@pytest.mark.parametrize(
    ("question", "shown", "disagreeing"),
    [
        # a restated item beside others: each other item's figure shown, the restated one
        # with both its cells
        (
            "What were Larch Tools' revenue and cost of revenue in FY2020?",
            ["USD 6,000 million"],
            ["USD 10,250 million", "USD 10,000 million"],
        ),
        (
            "what were larch's net income, revenue & diluted EPS for fiscal 2020?",
            ["USD 1,200 million"],
            ["USD 10,250 million", "USD 10,000 million", "USD 1.15 per share"],
        ),
        (
            "What was Larch Tools' cost of revenue for FY2020 and FY2021?",
            ["USD 6,000 million", "USD 6,500 million"],
            [],
        ),
        # two tables of one filing that disagree on one item
        (
            "What were Maple & Sons' net income and revenue in FY2021?",
            ["USD 600 million"],
            ["USD 5,000 million", "USD 5,100 million"],
        ),
    ],
)
def test_one_items_disagreement_hides_no_other_item(
    runtime: Any, question: str, shown: list[str], disagreeing: list[str]
) -> None:
    answer = concluded(runtime, question)
    text = answer.conclusion.answer or ""
    values = [v.value for v in answer.conclusion.values]
    for value in [*shown, *disagreeing]:
        assert value in values and value in text, (question, value, text)
    if disagreeing:
        assert not answer.sufficient and "disagree" in text, text
    else:
        assert answer.sufficient, text


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # printed again unchanged: one figure, both filings cited, nothing superseded
        ("What was Larch Tools' cost of revenue in FY2020?", "USD 6,000 million"),
        ("What was Larch's net income in FY2020?", "USD 1,200 million"),
    ],
)
def test_a_figure_printed_again_unchanged_is_no_restatement(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient and [v.value for v in answer.conclusion.values] == [value]
    assert answer.supersessions == [] and "restated" not in (answer.conclusion.answer or "")
    assert {e.source_location.document for e in answer.evidence} == {
        "a-larch-annual.pdf",
        "b-larch-annual.pdf",
    }


@pytest.mark.parametrize(
    "question",
    [
        "What was Maple & Sons' revenue in FY2021?",
        "What was Maple and Sons Corp's FY2021 gross profit (in USD millions)?",
    ],
)
def test_two_tables_of_one_filing_that_disagree_stay_a_disagreement(
    runtime: Any, question: str
) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.supersessions == [], answer.conclusion.answer
    assert "restated" not in (answer.conclusion.answer or "")
    assert len({e.value for e in answer.evidence if e.value is not None}) == 2


def test_a_quarterly_report_printing_a_year_otherwise_restates_nothing(runtime: Any) -> None:
    answer = concluded(runtime, "What were Elm Chemicals' total assets as of December 31, 2021?")
    assert not answer.sufficient and answer.supersessions == [], answer.conclusion.answer
    assert answer.conflicts
    assert {e.value for e in answer.evidence} == {"USD 30,000 million", "USD 30,600 million"}


def test_a_metric_reads_the_restated_operand(runtime: Any) -> None:
    plain = concluded(runtime, "What was Larch Tools' gross margin in FY2020?")
    assert not plain.sufficient and "restates" in plain.conclusion.answer
    answer = concluded(runtime, "What was Larch Tools' restated gross margin in FY2020?")
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == ["41.5%"]
    assert "restated" in answer.conclusion.answer
    # the restated cells are quoted, not operands
    quoted = {e.source_location.document for e in answer.evidence if e.value is None}
    assert quoted == {"b-larch-annual.pdf"}


def _cell(
    period: str,
    amount: float,
    caption: str = "Consolidated Balance Sheets",
    label: str = "Total assets",
) -> StatementCell:
    return StatementCell(
        page=2,
        line_no=5,
        line_text=label,
        char_start=0,
        char_end=10,
        bbox=(0.0, 0.0, 1.0, 1.0),
        caption=caption,
        row_label=label,
        parents=(),
        column=period,
        period=period,
        period_end=None,
        months=None,
        text=f"{amount:,.0f}",
        value=amount,
        scale=1,
        unit="USD",
    )


@pytest.mark.parametrize(
    ("stated", "kept"),
    [
        # the later filing's figure, either order, higher or lower
        ([("k20", 100.0), ("k21", 105.0)], {"k21"}),
        ([("k21", 95.0), ("k20", 100.0)], {"k21"}),
        # the same figure: nothing set aside
        ([("k20", 100.0), ("k21", 100.0)], {"k20", "k21"}),
        # one filing that disagrees with itself: nothing is restated
        ([("k21", 100.0), ("k21", 101.0), ("k20", 100.0)], {"k21", "k20"}),
        # two filings of one period that disagree: nothing is restated
        ([("k21", 100.0), ("k21b", 101.0)], {"k21", "k21b"}),
        # a filing placed after the annual report by a market risk table's future years,
        # and no annual report itself: nothing is restated
        ([("k21", 100.0), ("notes", 101.0)], {"k21", "notes"}),
        # the later filing no annual report: nothing is restated
        ([("k20", 100.0), ("q21", 105.0)], {"k20", "q21"}),
    ],
)
def test_the_cells_in_force(stated: list[tuple[str, float]], kept: set[str]) -> None:
    every = [
        ("k20", _cell("FY2020", 1.0)),
        ("k21", _cell("FY2021", 1.0)),
        ("k21b", _cell("FY2021", 1.0)),
        ("q21", _cell("FY2021", 1.0)),
        # an annual report is placed by its cover, never a table of future maturities
        ("k20", _cell("FY2025", 1.0, caption="Contractual Obligations")),
        ("k20", _cell("FY2024", 1.0, caption="Consolidated Statements of Operations data")),
        ("notes", _cell("FY2030", 1.0, caption="Contractual Obligations")),
    ]
    covers = {"k20": "2020-12-31", "k21": "2021-12-31", "k21b": "2021-12-31"}
    restated = RestatedFigures.of_filings(every, (12, 31), covers)
    pairs = [(d, _cell("FY2020", a)) for d, a in stated]
    assert {d for d, _ in restated.cells(pairs, "positive")} == kept


def _sign_restater() -> RestatedFigures:
    every = [("k20", _cell("FY2020", 1.0)), ("k21", _cell("FY2021", 1.0))]
    return RestatedFigures.of_filings(every, (12, 31), {"k20": "2020-12-31", "k21": "2021-12-31"})


@pytest.mark.parametrize("sign", ["expense", "outflow"])
@pytest.mark.parametrize(
    ("label", "stated"),
    [
        # a cost printed in parentheses in one table and plain in the other: one figure,
        # whichever filing prints the parentheses
        ("Cost of revenue", [("k20", -4300.0), ("k21", 4300.0)]),
        ("Cost of revenue", [("k20", 4300.0), ("k21", -4300.0)]),
        ("cost of goods sold", [("k21", -4_300_000.0), ("k20", 4_300_000.0)]),
        ("Purchases of property & equipment", [("k20", -12.5), ("k21", 12.5)]),
    ],
)
def test_a_sign_convention_is_no_restatement(
    sign: str, label: str, stated: list[tuple[str, float]]
) -> None:
    pairs = [(d, _cell("FY2020", a, label=label)) for d, a in stated]
    assert {d for d, _ in _sign_restater().cells(pairs, sign)} == {"k20", "k21"}


@pytest.mark.parametrize(
    ("sign", "stated", "kept"),
    [
        # a cost restated: its magnitude changed, whichever sign convention prints it
        ("expense", [("k20", -4300.0), ("k21", 4400.0)], {"k21"}),
        ("outflow", [("k20", 4300.0), ("k21", -4200.0)], {"k21"}),
        # a concept whose sign is its figure's (a net income turned a loss) is restated
        ("positive", [("k20", -4300.0), ("k21", 4300.0)], {"k21"}),
        ("net", [("k20", 4300.0), ("k21", -4300.0)], {"k21"}),
    ],
)
def test_a_figure_restated_across_sign_conventions(
    sign: str, stated: list[tuple[str, float]], kept: set[str]
) -> None:
    pairs = [(d, _cell("FY2020", a, label="Cost of revenue")) for d, a in stated]
    assert {d for d, _ in _sign_restater().cells(pairs, sign)} == kept
