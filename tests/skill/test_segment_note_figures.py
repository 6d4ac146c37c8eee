"""A segment's figure read from a note's table of the segments (issue 35): "How much goodwill
did Juniper Tools carry in its Outdoor Power segment at the end of fiscal 2020?" is the
"Outdoor Power" row of the table whose rows are the segments and whose total, after them, is
the item asked ("Goodwill", "Total revenue"), of the year asked; never the company's own
figure, never a row of another table printed on the same page under the same caption
("Total subscription revenue" closes the table above), never a segment no table prints."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

JUNIPER = "JUNIPER TOOLS, INC."


def _juniper() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (("Revenue", 0, ("5,000", "4,600")), ("Net income", 0, ("500", "460"))),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (("Goodwill", 0, ("3,300", "3,000")), ("Total assets", 0, ("9,000", "8,500"))),
    )
    goodwill = StatementTable(
        "NOTE 8. GOODWILL",
        "(in millions)",
        ("2020", "2019"),
        (
            ("Outdoor Power", 0, ("2,100", "1,900")),
            ("Hand Tools", 0, ("1,150", "1,050")),
            ("Storage Systems", 0, ("50", "50")),
            ("Goodwill", 0, ("3,300", "3,000")),
        ),
    )
    revenue = StatementTable(
        "NOTE 12. SEGMENT INFORMATION",
        "(in millions)",
        ("2020", "2019"),
        (
            # a table of subscriptions above the revenue's, under the same caption
            ("Outdoor Power", 0, ("700", "640")),
            ("Hand Tools", 0, ("300", "280")),
            ("Total subscription revenue", 0, ("1,000", "920")),
            ("Outdoor Power", 0, ("3,200", "2,900")),
            ("Hand Tools", 0, ("1,800", "1,700")),
            ("Total revenue", 0, ("5,000", "4,600")),
        ),
    )
    cash_flow = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net cash provided by operating activities", 0, ("900", "850")),
            ("Purchases of property and equipment", 0, ("(210)", "(190)")),
        ),
    )
    # an outflow's segments printed in parentheses, as the cash flow statement prints it
    capex = StatementTable(
        "NOTE 13. CAPITAL EXPENDITURES BY SEGMENT",
        "(in millions)",
        ("2020", "2019"),
        (
            ("Outdoor Power", 0, ("(120)", "(110)")),
            ("Hand Tools", 0, ("(80)", "(70)")),
            ("Storage Systems", 0, ("(10)", "(10)")),
            ("Total capital expenditures", 0, ("(210)", "(190)")),
        ),
    )
    return statement_pdf(
        ten_k_cover(JUNIPER, "57-0000021"), [income, balance, cash_flow, goodwill, revenue, capex]
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "segment-note-figures", [("j.pdf", _juniper())])


_SEGMENTS = [
    ("goodwill", "Outdoor Power", "2020", "USD 2,100 million"),
    ("goodwill", "Hand Tools", "2019", "USD 1,050 million"),
    ("revenue", "Outdoor Power", "2020", "USD 3,200 million"),
    ("revenue", "Hand Tools", "2019", "USD 1,700 million"),
    # an outflow's segment row signed as the company's concept is: its magnitude
    ("capital expenditures", "Outdoor Power", "2020", "USD 120 million"),
    ("capital expenditures", "Hand Tools", "2019", "USD 70 million"),
]
_ASKS = [
    "How much {item} did Juniper Tools carry in its {segment} segment at the end of fiscal"
    " {year} (USD millions)?",
    "What was the {item} of Juniper Tools's {segment} segment in FY{year}?",
    "what was juniper tools' {lower} segment's {item} in fiscal {year}?",
    "What was the FY{year} {item} of Juniper Tools' {segment} division?",
]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (ask.format(item=item, segment=segment, lower=segment.lower(), year=year), value)
        for i, (item, segment, year, value) in enumerate(_SEGMENTS)
        for ask in _ASKS[i % 2 :: 2]
    ],
)
def test_a_segments_figure_is_its_row_in_the_table_of_segments(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [value], answer.conclusion.answer
    assert answer.sufficient


@pytest.mark.parametrize(
    "question",
    [
        # a segment no table prints
        "What was the revenue of Juniper Tools's Garden Care segment in FY2020?",
        # the segment's row of a table whose total is another item (subscriptions) only
        "What was the net income of Juniper Tools's Outdoor Power segment in FY2020?",
        # a year no column prints
        "What was the goodwill of Juniper Tools's Outdoor Power segment in FY2017?",
    ],
)
def test_no_segment_figure_without_its_table(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
    # never the company's own figure read for the segment
    values = [v.value for v in answer.conclusion.values]
    assert not any(
        v in ("USD 5,000 million", "USD 500 million", "USD 3,300 million") for v in values
    )


# a segment's item with a qualifier between the segment's name and the concept's words
# ("Adobe's Digital Experience subscription revenue", s37-adbe-02): the segment's row of the
# table whose total row totals that qualified item ("Total subscription revenue"), never the
# segment's row of the revenue table below it, nor the company's figure (session 38)
@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "What was Juniper Tools' Outdoor Power subscription revenue in FY2020?",
            "USD 700 million",
        ),
        (
            "what was juniper tools's hand tools subscription revenue in fiscal 2019?",
            "USD 280 million",
        ),
        (
            "What was the Outdoor Power subscription revenue of Juniper Tools in FY2019, in USD"
            " millions?",
            "USD 640 million",
        ),
    ],
)
def test_a_segments_qualified_item_is_its_row_in_the_table_that_totals_it(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == [value]
