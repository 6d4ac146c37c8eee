"""A row label read under its heading, answered from a generated 10-K's cells: a heading that
names a concept itself ("Property and equipment, net of accumulated depreciation:") has that
concept's components below it, never further observations of its total ("Land" is no
ppe_net: the total is the row that names it); a heading that names none ("Long-term liabilities:") still gives its label a
concept ("Debt" there is the long-term debt). And return on average equity ("ROAE") is the
return on equity over average equity."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

HAWTHORN = "HAWTHORN FOUNDRY, INC."


def _hawthorn() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("8,000", "7,000")),
            ("Operating income", 0, ("1,300", "1,100")),
            ("Income before income taxes and equity in earnings:", 0, ()),
            ("Domestic", 9, ("700", "600")),
            ("Foreign", 9, ("500", "400")),
            ("Income before income taxes and equity in earnings", 0, ("1,200", "1,000")),
            ("Income tax expense", 0, ("300", "250")),
            ("Net income", 0, ("900", "750")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("600", "500")),
            ("Accounts receivable, net of allowances:", 0, ()),
            ("Trade", 9, ("450", "400")),
            ("Other", 9, ("50", "40")),
            ("Accounts receivable, net", 0, ("500", "440")),
            ("Total current assets", 0, ("2,000", "1,800")),
            ("Property and equipment, net of accumulated depreciation:", 0, ()),
            ("Land", 9, ("300", "300")),
            ("Buildings", 9, ("1,200", "1,100")),
            ("Property and equipment, net", 0, ("1,500", "1,400")),
            ("Total assets", 0, ("9,000", "8,500")),
            ("Long-term liabilities:", 0, ()),
            ("Debt", 9, ("2,100", "2,300")),
            ("Total liabilities", 0, ("4,500", "4,500")),
            ("Total shareholders' equity", 0, ("4,500", "4,000")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net income", 0, ("900", "750")),
            ("Depreciation and amortization of:", 0, ()),
            ("Property and equipment", 9, ("260", "240")),
            ("Intangible assets", 9, ("40", "35")),
            ("Depreciation and amortization", 0, ("300", "275")),
            ("Net cash provided by operating activities", 0, ("1,400", "1,200")),
        ),
    )
    return statement_pdf(ten_k_cover(HAWTHORN, "57-0000007"), [income, balance, cash])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("hawthorn.pdf", _hawthorn())]
    yield from ingested_runtime(tmp_path_factory, "statement-headings", files)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "What was Hawthorn Foundry's net property and equipment at the end of FY2020?",
            "USD 1,500 million",
        ),
        (
            "What was Hawthorn Foundry's income before income taxes in FY2020?",
            "USD 1,200 million",
        ),
        (
            "What was Hawthorn Foundry's depreciation and amortization in FY2020?",
            "USD 300 million",
        ),
        (
            "What were Hawthorn Foundry's accounts receivable at the end of FY2020?",
            "USD 500 million",
        ),
        # a heading that names no concept still reads its label: the long-term debt
        (
            "What was Hawthorn Foundry's long-term debt at the end of FY2020?",
            "USD 2,100 million",
        ),
    ],
)
def test_a_component_under_a_heading_is_no_observation_of_its_total(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [value], answer.conclusion.answer
    assert answer.sufficient and answer.conflicts == [], answer.conclusion.answer


@pytest.mark.parametrize(
    "question",
    [
        "What is Hawthorn Foundry's FY2020 return on average equity? Answer in percent, "
        "rounded to one decimal place.",
        "What was Hawthorn Foundry's FY2020 ROAE? Answer in percent, rounded to one decimal place.",
        "What is Hawthorn Foundry's FY2020 return on average shareholders' equity? Answer in "
        "percent, rounded to one decimal place.",
    ],
)
def test_return_on_average_equity_divides_by_average_equity(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert answer.conclusion.answer == (
        "return on equity FY2020: (900 / ((4,500 + 4,000) / 2)) x 100 = 21.2%"
    )
