"""A line item the company's statements do not print (issue 35): research and development of
a retailer, inventories of a software company, dividends of a company that pays none. The
answer is INSUFFICIENT, never a guess, and cites the statement the item lives in, of the
period asked (each of its pages' first row read, quoted as printed, with no value): the page a reviewer opens
to see the row is not there. The answer says what the system knows, "no row read as <item> on
<statement> (page N)", never that the statement prints no row of it (the row may be printed
under a label the lexicon does not know: a "Product development" row of a software company),
and the page is cited as read under the statement's claim, never one of its cells quoted as
a value of the item asked. Asked as analysts ask ("FY2020", "fiscal 2020", "year ended
December 31, 2020", "as of ...", "in USD millions", lower case, short names)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import ingested_runtime

HALDANE = "HALDANE RETAIL GROUP, INC."
EDGES = (480.0, 560.0)
# the cover is page 1, each statement a page of its own after it
PAGES = {"income": 2, "balance": 3, "cash_flow": 4}


def _haldane() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions, except per share amounts)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("9,000", "8,400")),
            ("Cost of sales", 0, ("6,300", "5,900")),
            ("Selling, general and administrative expenses", 0, ("1,700", "1,600")),
            # a label the lexicon reads as no concept: R&D may be printed under it
            ("Product development", 0, ("300", "280")),
            ("Operating income", 0, ("1,000", "900")),
            ("Net income", 0, ("700", "650")),
        ),
        edges=EDGES,
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("1,200", "1,100")),
            ("Receivables, net", 0, ("800", "760")),
            ("Total current assets", 0, ("2,000", "1,860")),
            ("Total assets", 0, ("7,500", "7,100")),
            ("Accounts payable", 0, ("900", "850")),
            ("Total liabilities", 0, ("4,700", "4,500")),
            ("Total equity", 0, ("2,800", "2,600")),
            ("Total liabilities and equity", 0, ("7,500", "7,100")),
        ),
        edges=EDGES,
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net income", 0, ("700", "650")),
            ("Net cash provided by operating activities", 0, ("1,100", "1,000")),
            ("Capital expenditures", 0, ("(400)", "(380)")),
            ("Net cash used in investing activities", 0, ("(400)", "(380)")),
            ("Repurchase of common stock", 0, ("(600)", "(500)")),
            ("Net cash used in financing activities", 0, ("(600)", "(500)")),
            ("Cash and cash equivalents at end of year", 0, ("1,200", "1,100")),
        ),
        edges=EDGES,
    )
    return statement_pdf(ten_k_cover(HALDANE, "57-0000034"), [income, balance, cash])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "absent-line-items", [("h.pdf", _haldane())])


TITLES = {
    "income": "Consolidated Statements of Operations",
    "balance": "Consolidated Balance Sheets",
    "cash_flow": "Consolidated Statements of Cash Flows",
}
# (question, the statement the item lives in, the year asked)
_ABSENT = [
    ("What was Haldane Retail Group's research and development expense in FY2020?", "income", 2020),
    ("what was haldane retail's r&d expense in fiscal 2019, in usd millions?", "income", 2019),
    (
        "How much did Haldane spend on research and development for the year ended December 31,"
        " 2020?",
        "income",
        2020,
    ),
    ("What were Haldane Retail Group's inventories at the end of FY2020?", "balance", 2020),
    ("What were HALDANE RETAIL GROUP's inventories as of December 31, 2019?", "balance", 2019),
    (
        "How much did Haldane Retail Group pay in dividends in FY2020, in USD millions?",
        "cash_flow",
        2020,
    ),
    ("what were haldane's dividends paid in fiscal 2019?", "cash_flow", 2019),
]


@pytest.mark.parametrize(("question", "statement", "year"), _ABSENT)
def test_an_item_no_statement_prints_is_insufficient_citing_its_statement(
    runtime: Any, question: str, statement: str, year: int
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert f"FY{year}" in answer.conclusion.answer, answer.conclusion.answer
    assert not answer.sufficient, answer.conclusion.answer
    assert not [v for v in answer.conclusion.values if v.value.startswith("USD")]
    pages = {e.source_location.page for e in answer.evidence}
    assert pages == {PAGES[statement]}, (answer.conclusion.answer, pages)
    said = answer.conclusion.answer
    assert "prints no row" not in said, said
    assert (
        "no row read as " in said
        and f"on the {TITLES[statement]} (page {PAGES[statement]})" in said
    ), said
    for unit in answer.evidence:
        # the page cited as read: the statement's title, its claim, no value
        assert unit.value is None, unit
        assert unit.claim_id.endswith(f":statement_read:{statement}:FY{year}"), unit.claim_id
        assert unit.source_location.section == TITLES[statement], unit.source_location
        # the quote is the exact text of the one line cited (the page's first row read)
        assert unit.quote.strip(), unit
        assert unit.source_location.line_start == unit.source_location.line_end, unit


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Haldane Retail Group's revenue in FY2020?", "USD 9,000 million"),
        ("What were haldane's accounts payable as of December 31, 2019?", "USD 850 million"),
        (
            "What were Haldane Retail Group's capital expenditures in fiscal 2020?",
            "USD 400 million",
        ),
    ],
)
def test_an_item_the_statement_prints_is_read_as_ever(
    runtime: Any, question: str, value: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values][:1] == [value]
