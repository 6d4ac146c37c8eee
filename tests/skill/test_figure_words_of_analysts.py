"""Figure questions as analysts write them (issue 35, the development filings' second set of
questions): "R&D" (a closed phrase with "&", never a name's word, though a name the knowledge
base knows opens with its "D"), "How many shares did X use to compute diluted net income per
share?" (a count of shares, never the figure per share its words name), and "cash dividends
declared per share" (a figure per share of its own, never EPS nor the dollars paid)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import ingested_runtime

EDGES = (480.0, 560.0)


def _corvath() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions, except per share data)",
        ("2020", "2019"),
        (
            ("Revenue", 0, ("6,000", "5,500")),
            ("Research and development", 0, ("500", "450")),
            ("Operating income", 0, ("1,100", "1,000")),
            ("Net income", 0, ("840", "770")),
            ("Diluted net income per share", 0, ("4.00", "3.50")),
            ("Shares used to compute basic net income per share", 0, ("205", "215")),
            ("Shares used to compute diluted net income per share", 0, ("210", "220")),
            ("Cash dividends declared per common share", 0, ("1.20", "1.10")),
        ),
        edges=EDGES,
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net income", 0, ("840", "770")),
            ("Net cash provided by operating activities", 0, ("1,300", "1,200")),
            ("Dividends paid", 0, ("(250)", "(240)")),
            ("Net cash used in financing activities", 0, ("(250)", "(240)")),
        ),
        edges=EDGES,
    )
    return statement_pdf(ten_k_cover("CORVATH INSTRUMENTS, INC.", "57-0000341"), [income, cash])


def _d_ashby() -> bytes:
    # a known name whose first word is "D": the "D" of "R&D" opens it
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (("Revenue", 0, ("900", "800")), ("Net income", 0, ("90", "80"))),
        edges=EDGES,
    )
    return statement_pdf(ten_k_cover("D ASHBY HOLDINGS, INC.", "57-0000342"), [income])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory, "analyst-figure-words", [("c.pdf", _corvath()), ("d.pdf", _d_ashby())]
    )


_ASKED = [
    ("What was Corvath Instruments' R&D expense in FY2020?", "USD 500 million"),
    ("what was corvath's r&d expense in fiscal 2019, in usd millions?", "USD 450 million"),
    ("What was Corvath Instruments's R&D for the year ended December 31, 2020?", "USD 500 million"),
    ("How much did CORVATH INSTRUMENTS spend on R & D in FY2019?", "USD 450 million"),
    (
        "How many shares did Corvath Instruments use to compute diluted net income per share in"
        " FY2020?",
        "210 million shares",
    ),
    (
        "how many shares did corvath use to compute basic net income per share in fiscal 2019?",
        "215 million shares",
    ),
    ("What was Corvath's diluted net income per share in FY2020?", "USD 4.00 per share"),
    (
        "What were Corvath Instruments' cash dividends declared per share in FY2020?",
        "USD 1.20 per share",
    ),
    ("what was corvath's dividend per share in fiscal 2019?", "USD 1.10 per share"),
    ("What were Corvath's dividends declared per common share in 2020?", "USD 1.20 per share"),
    ("How much did Corvath Instruments pay in dividends in FY2020?", "USD 250 million"),
]


@pytest.mark.parametrize(("question", "value"), _ASKED)
def test_analysts_words_read_the_figure_asked(runtime: Any, question: str, value: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value for v in answer.conclusion.values][:1] == [value]


def test_a_count_asked_with_no_basic_or_diluted_word_is_no_figure_per_share(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb", "How many shares did Corvath use to compute net income per share in FY2020?"
    )
    # never a figure per share concluded ("USD 4.00 per share"); the rows may be quoted
    assert not [v.value for v in answer.conclusion.values if v.value.startswith("USD")]
