"""A line item asked by its printed name, answered from a generated 10-K's cells, whose words
include a name the knowledge base knows written in lower case ("Juniper Tools'
acquisitions, net of cash acquired": another filing's registrant is "Cash, Inc."): the word is
the item's, not a second party (the question was read as an agreement between Juniper Tools
and Cash, and its subject was not found). A name written in capitals inside the item stays a
name. And what a question asks was spent on an item ("How much did Juniper Tools spend on
...") is an outflow's size: the row's "(2,682)" is 2,682. A row's head joined to the rest of
its name by a period word ("Proceeds from issuance of long-term debt", "Payments for
contingent consideration") is read whole, never cut at "from" / "for"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

JUNIPER = "JUNIPER TOOLS, INC."
# another registrant whose name is a word of the line items asked
OTHER = "CASH, INC."


def _juniper() -> bytes:
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net income", 0, ("900", "750")),
            ("Net cash provided by operating activities", 0, ("1,400", "1,200")),
            ("Cash flows from investing activities:", 0, ()),
            ("Acquisitions, net of cash acquired", 9, ("(2,682)", "(410)")),
            ("Divestitures, net of cash sold", 9, ("55", "30")),
            ("Net cash used for investing activities", 0, ("(2,627)", "(380)")),
            ("Cash flows from financing activities:", 0, ()),
            ("Proceeds from issuance of long-term debt", 9, ("1,250", "400")),
            ("Payments for contingent consideration", 9, ("(310)", "(290)")),
            # rows whose printed names hold period words ("under") or run past eight words
            ("Proceeds from issuance of stock under employee plans", 9, ("75", "60")),
            (
                "Payments for taxes related to net share settlement of equity awards",
                9,
                ("(120)", "(95)"),
            ),
            ("Net increase in restricted deposits held by trustees", 9, ("(44)", "(33)")),
        ),
    )
    return statement_pdf(ten_k_cover(JUNIPER, "57-0000011"), [cash])


def _other() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (("Revenue", 0, ("3,000", "2,800")), ("Net income", 0, ("300", "280"))),
    )
    return statement_pdf(ten_k_cover(OTHER, "57-0000012"), [income])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("juniper.pdf", _juniper()), ("other.pdf", _other())]
    yield from ingested_runtime(tmp_path_factory, "statement-row-item-words", files)


_ITEMS = [
    ("acquisitions, net of cash acquired", "2020", "USD 2,682 million"),
    ("acquisitions net of cash acquired", "2019", "USD 410 million"),
    ("divestitures, net of cash sold", "2020", "USD 55 million"),
]
_ASKS = [
    "How much did Juniper Tools spend on {item} in FY{year}, in USD millions?",
    "How much did juniper tools spend on {item} in fiscal {year}?",
    "What were Juniper Tools' {item} in FY{year}?",
    "What was Juniper Tools's FY{year} {item}?",
]


_JOINED = [
    ("What were Juniper Tools' proceeds from issuance of long-term debt in FY2020?", "1,250"),
    ("What were juniper tools's FY2019 proceeds from issuance of long-term debt?", "400"),
    ("What were Juniper Tools' payments for contingent consideration in FY2020?", "310"),
    (
        "How much did Juniper Tools spend on payments for contingent consideration in fiscal 2019?",
        "290",
    ),
]


@pytest.mark.parametrize(("question", "value"), _JOINED)
def test_a_rows_head_joined_by_a_period_word_is_read_whole(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [f"USD {value} million"], (
        answer.conclusion.answer
    )
    assert answer.sufficient


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (ask.format(item=item, year=year), value)
        for i, (item, year, value) in enumerate(_ITEMS)
        for ask in _ASKS[i % 2 :: 2]
        if not (ask.startswith("How much") and item.startswith("divestitures"))
    ],
)
def test_a_known_name_in_lower_case_is_the_items_word(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.terminal_state == "CONCLUDED", answer.subject_class
    figure = value if "spend" in question or "divestitures" in question else f"USD -{value[4:]}"
    assert [v.value for v in answer.conclusion.values] == [figure], answer.conclusion.answer
    assert answer.sufficient


def test_a_name_in_capitals_inside_the_item_stays_a_name(runtime: Any) -> None:
    # "Cash, Inc." written as its name is a second party: never Juniper's row read for it
    answer = runtime.skill.ask(
        "kb", "How much did Juniper Tools spend on acquisitions of Cash, Inc. in FY2020?"
    )
    assert not answer.sufficient, answer.conclusion.answer
    parties = answer.subject_class.constraints.get("parties") or []
    assert any(p.casefold().startswith("cash") for p in parties), answer.subject_class


_LONG = [
    (
        "What were Juniper Tools' proceeds from issuance of stock under employee plans in FY2020?",
        "USD 75 million",
    ),
    (
        "what were juniper tools's fiscal 2019 proceeds from issuance of stock under employee"
        " plans (USD millions)?",
        "USD 60 million",
    ),
    (
        "How much did Juniper Tools spend on payments for taxes related to net share settlement"
        " of equity awards in FY2020?",
        "USD 120 million",
    ),
    (
        "What were Juniper Tools's FY2019 payments for taxes related to net share settlement of"
        " equity awards?",
        "USD 95 million",
    ),
    (
        "What was Juniper Tools' net increase in restricted deposits held by trustees in FY2020?",
        "USD -44 million",
    ),
]


@pytest.mark.parametrize(("question", "value"), _LONG)
def test_a_rows_name_holding_period_words_or_many_words_is_read_whole(
    runtime: Any, question: str, value: str
) -> None:
    # the longest name a statement's row prints is the item asked, though it holds a period
    # word ("under", "in", "by") or more than eight words
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [value], answer.conclusion.answer
    assert answer.sufficient


def test_a_reading_no_row_prints_is_not_answered(runtime: Any) -> None:
    # "proceeds from issuance of stock" read on to "... under executive plans": no row of
    # that name, and the shorter reading no row either
    answer = runtime.skill.ask(
        "kb",
        "What were Juniper Tools' proceeds from issuance of bonds under shelf plans in FY2020?",
    )
    assert not answer.sufficient, answer.conclusion.answer
