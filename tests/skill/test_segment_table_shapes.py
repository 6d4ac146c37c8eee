"""Two more shapes of a segment note's table (issue 35): the segment's name as the heading of
its own line items ("North America" over "Net sales" and "Operating income", as Amazon prints
its segments), and a table of two segments and their total alone on a page of prose (four
table rows with its row of years, as Best Buy prints "Revenue by reportable segment"). Each
is read for the segment asked, with the segment word or without it ("Marlow's North America
net sales"), never the company's own figure; a name that heads no table's rows, or a name
written after the item ("net sales in North America"), reads no segment."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

MARLOW = "MARLOW OUTFITTERS, INC."


def _marlow() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net sales", 0, ("9,000", "8,000")),
            ("Operating income", 0, ("700", "600")),
            ("Net income", 0, ("450", "400")),
        ),
    )
    headed = StatementTable(
        "NOTE 11. SEGMENT INFORMATION",
        "Information on reportable segments is as follows (in millions):",
        ("2020", "2019"),
        (
            ("North America", 0, ()),
            ("Net sales", 15, ("6,100", "5,300")),
            ("Operating expenses", 15, ("5,600", "4,900")),
            ("Operating income", 15, ("500", "400")),
            ("Europe", 0, ()),
            ("Net sales", 15, ("2,900", "2,700")),
            ("Operating expenses", 15, ("2,700", "2,500")),
            ("Operating income", 15, ("200", "200")),
            ("Consolidated", 0, ()),
            ("Net sales", 15, ("9,000", "8,000")),
            ("Operating income", 15, ("700", "600")),
        ),
    )
    # two segments and their total: with its row of years, four table rows on its page
    small = StatementTable(
        "NOTE 12. REVENUE BY REPORTABLE SEGMENT",
        "Reportable segment revenue was as follows ($ in millions):",
        ("2020", "2019"),
        (
            ("Revenue by reportable segment", 0, ()),
            ("Domestic", 0, ("7,400", "6,600")),
            ("Overseas", 0, ("1,600", "1,400")),
            ("Total revenue", 0, ("9,000", "8,000")),
        ),
    )
    return statement_pdf(ten_k_cover(MARLOW, "57-0000035"), [income, headed, small])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "segment-table-shapes", [("m.pdf", _marlow())])


_FIGURES = [
    ("net sales", "North America", "2020", "USD 6,100 million"),
    ("operating income", "Europe", "2019", "USD 200 million"),
    ("revenue", "Domestic", "2020", "USD 7,400 million"),
    ("revenue", "Overseas", "2019", "USD 1,400 million"),
    ("net sales", "Europe", "2020", "USD 2,900 million"),
    ("operating income", "North America", "2019", "USD 400 million"),
]
_ASKS = [
    "What were Marlow Outfitters' {segment} segment {item} in FY{year}, in USD millions?",
    "What was Marlow Outfitters's {segment} {item} in {year}?",
    "what was marlow outfitters' {lower} {item} in fiscal {year}?",
    "What was the {item} of Marlow Outfitters' {segment} segment in fiscal {year}?",
    "How much {item} did Marlow Outfitters carry in its {segment} segment in FY{year}?",
    "Marlow Outfitters's {segment} segment {item} FY{year}?",
]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (ask.format(item=item, segment=segment, lower=segment.lower(), year=year), value)
        for i, (item, segment, year, value) in enumerate(_FIGURES)
        for ask in _ASKS[i % 3 :: 3]
    ],
)
def test_a_segments_figure_in_either_table_shape(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [value], answer.conclusion.answer
    assert answer.sufficient
    # cited on the segment note's page, never the statement of operations' (page 2)
    assert {e.source_location.page for e in answer.evidence} <= {3, 4}


@pytest.mark.parametrize(
    ("question", "value"),
    [
        # the company's own figure: no name before the item, or the consolidated heading
        ("What were Marlow Outfitters' net sales in FY2020?", "USD 9,000 million"),
        ("What was Marlow Outfitters' consolidated net sales in 2020?", "USD 9,000 million"),
        ("What was Marlow Outfitters's operating income in 2019?", "USD 600 million"),
    ],
)
def test_the_companys_figure_stays_the_companys(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [value], answer.conclusion.answer


@pytest.mark.parametrize(
    "question",
    [
        # a segment no table prints, with and without the segment word
        "What were Marlow Outfitters' Asia Pacific segment net sales in FY2020?",
        # a year no column prints
        "What was Marlow Outfitters's North America net sales in 2017?",
        "What was Marlow Outfitters' Domestic segment revenue in fiscal 2016?",
    ],
)
def test_no_segment_figure_without_its_row(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
    values = [v.value for v in answer.conclusion.values]
    # never the company's own figure read for the segment
    assert not any(v in ("USD 9,000 million", "USD 8,000 million") for v in values), values
