"""A company's figures from its filings under the name it had before (issue 35): Finch
Systems Incorporated became Finch Inc.; both 10-K covers state one employer number, so
"Finch" is one company and an FY2019 figure only the older filing prints is its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import ingested_runtime


def _filing(
    name: str, number: str, years: tuple[str, str], figures: dict[str, tuple[str, str]]
) -> bytes:
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(in thousands)",
        years,
        (
            ("Net cash provided by operating activities", 0, figures["operations"]),
            ("Purchases of property and equipment", 0, figures["capex"]),
            *(("Other, net", 0, ("12", "8")) for _ in range(4)),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(in thousands)",
        years,
        (
            ("Total current assets", 0, figures["current_assets"]),
            ("Total current liabilities", 0, figures["current_liabilities"]),
            *(("Other, net", 0, ("12", "8")) for _ in range(4)),
        ),
    )
    return statement_pdf(ten_k_cover(name, number), [cash, balance])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    older = _filing(
        "FINCH SYSTEMS INCORPORATED",
        "77-0019522",
        ("2019", "2018"),
        {
            "operations": ("1,469,502", "1,287,482"),
            "capex": ("(184,936)", "(148,332)"),
            "current_assets": ("3,115,233", "3,012,000"),
            "current_liabilities": ("2,213,556", "2,494,435"),
        },
    )
    newer = _filing(
        "FINCH INC.",
        "77-0019522",
        ("2021", "2020"),
        {
            "operations": ("7,230,000", "5,727,000"),
            "capex": ("(348,000)", "(419,000)"),
            "current_assets": ("8,000,000", "7,000,000"),
            "current_liabilities": ("6,000,000", "5,500,000"),
        },
    )
    files = [("finch-2019.pdf", older), ("finch-2021.pdf", newer)]
    yield from ingested_runtime(tmp_path_factory, "former-names", files)


def test_a_figure_of_the_filing_under_the_former_name(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb",
        "What is the FY2019 operating cash flow ratio for Finch? Operating cash flow ratio is "
        "defined as: cash from operations / total current liabilities. Round your answer to "
        "two decimal places.",
    )
    assert answer.terminal_state == "CONCLUDED" and answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "operating cash flow ratio FY2019: 1,469,502 / 2,213,556 = 0.66"
    )
    assert {e.source_location.document for e in answer.evidence} == {"finch-2019.pdf"}
