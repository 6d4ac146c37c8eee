"""Figures of a company whose two 10-Ks print the same year at two precisions ("in
thousands", then "in millions") and whose earnings are partly its noncontrolling
interests' (issue 35): one figure, read from the finer cell, never two that disagree; the
shareholders' net income is the row attributable to the company, never the noncontrolling
interests' nor the consolidated one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

WREN = "WREN STORES, INC."


def _filing(scale: str, years: tuple[str, str], rows: dict[str, tuple[str, str]]) -> bytes:
    income = StatementTable(
        "Consolidated Statements of Earnings",
        f"(in {scale}, except per share amounts)",
        years,
        (
            ("Revenue", 0, rows["revenue"]),
            ("Net earnings including noncontrolling interests", 0, rows["consolidated"]),
            ("Net earnings attributable to noncontrolling interests", 0, rows["nci"]),
            ("Net earnings attributable to Wren Stores, Inc. shareholders", 0, rows["own"]),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        f"(in {scale})",
        years,
        (
            ("Net cash provided by operating activities", 0, rows["operations"]),
            ("Purchases of property and equipment", 0, rows["capex"]),
            # enough rows for the page to be read as a table
            *(("Other, net", 0, ("12", "8")) for _ in range(4)),
        ),
    )
    return statement_pdf(ten_k_cover(WREN, "53-0000003"), [income, cash])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    earlier = _filing(
        "thousands",
        ("2020", "2019"),
        {
            "revenue": ("43,638,112", "42,879,004"),
            "consolidated": ("1,545,200", "1,466,000"),
            "nci": ("(4,100)", "(2,000)"),
            "own": ("1,541,100", "1,464,000"),
            "operations": ("1,469,502", "1,287,482"),
            "capex": ("(743,100)", "(819,000)"),
        },
    )
    later = _filing(
        "millions",
        ("2021", "2020"),
        {
            "revenue": ("47,262", "43,638"),
            "consolidated": ("1,800", "1,545.2"),
            "nci": ("(5)", "(4.1)"),
            "own": ("1,795", "1,541.1"),
            "operations": ("1,703.4", "1,469.5"),
            "capex": ("(760)", "(743)"),
        },
    )
    files = [("wren-2020.pdf", earlier), ("wren-2021.pdf", later)]
    yield from ingested_runtime(tmp_path_factory, "restated-scales", files)


def test_a_year_printed_at_two_precisions_is_one_figure_read_from_the_finer(
    runtime: Any,
) -> None:
    answer = concluded(
        runtime, "What is the FY2020 cash from operations of Wren Stores (in USD millions)?"
    )
    assert answer.sufficient and not answer.conflicts, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == ["USD 1,469.5 million"]
    # the cell read is the one in thousands; the rounded one is not a second figure
    assert {e.source_location.document for e in answer.evidence} == {"wren-2020.pdf"}
    # a metric's operand too: 1,469,502 - 743,100 (thousands), not "the cells disagree"
    fcf = concluded(runtime, "What is the FY2020 free cash flow of Wren Stores in USD millions?")
    assert fcf.sufficient, fcf.conclusion.answer
    assert fcf.conclusion.values[0].value == "USD 726.40 million"


def test_a_different_figure_for_the_same_year_still_disagrees(runtime: Any) -> None:
    # capex FY2020: (743,100) in thousands and (743) in millions round alike; revenue's
    # 43,638,112 thousands is 43,638 millions: agreeing too; an FY2019 asked of one filing
    # only is its own figure
    answer = concluded(runtime, "What is the FY2019 revenue of Wren Stores in USD millions?")
    assert answer.sufficient
    assert [v.value for v in answer.conclusion.values] == ["USD 42,879 million"]


def test_the_shareholders_net_income_is_the_row_attributable_to_the_company(
    runtime: Any,
) -> None:
    answer = concluded(
        runtime,
        "What is the FY2021 net income attributable to shareholders of Wren Stores "
        "(in USD millions)?",
    )
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values] == ["USD 1,795 million"]
