"""Figure questions as analysts write them (issue 35, the development filings' second set of
questions): "R&D" (a closed phrase with "&", never a name's word, though a name the knowledge
base knows opens with its "D"), "How many shares did X use to compute diluted net income per
share?" (a count of shares, never the figure per share its words name), and "cash dividends
declared per share" (a figure per share of its own, never EPS nor the dollars paid)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain import concepts_asked
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


# A count question that asks a figure per share too, past a joining word: both asked (the
# figure per share is dropped only where its words sit inside the count's phrase). Generated:
# the count's phrasing x the figure per share's x the joining words, with the basic / diluted
# word on either side, lower case.
_COUNTS = [
    ("How many shares were outstanding at year end", "common_shares_outstanding"),
    ("How many diluted shares did Adobe have", "shares_outstanding_diluted"),
    ("How many basic shares did Adobe have", "shares_outstanding_basic"),
    ("how many diluted shares did 3M use", "shares_outstanding_diluted"),
]
_PER_SHARE = [
    ("what was diluted EPS", "eps_diluted"),
    ("what was its basic earnings per share", "eps_basic"),
    ("its diluted net income per share", "eps_diluted"),
]
_JOINS = [" and ", ", and ", ", as well as "]


def _count_and_per_share() -> list[tuple[str, list[str]]]:
    cases = []
    for i, (count, counted) in enumerate(_COUNTS):
        for j, (per, figure) in enumerate(_PER_SHARE):
            join = _JOINS[(i + j) % len(_JOINS)]
            question = f"{count}{join}{per} in FY2020?"
            cases.append((question.lower() if (i + j) % 2 else question, [counted, figure]))
    return cases


@pytest.mark.parametrize(("question", "asked"), _count_and_per_share())
def test_a_count_and_a_figure_per_share_asked_together_are_both_asked(
    question: str, asked: list[str]
) -> None:
    assert sorted(c.name for c in concepts_asked(question)) == sorted(asked), question


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # the figure per share inside the count's phrase: the count's words, never asked
        (
            "How many shares did Adobe use to compute diluted net income per share?",
            ["shares_outstanding_diluted"],
        ),
        (
            "how many shares were used in computing basic earnings per share in fy2019?",
            ["shares_outstanding_basic"],
        ),
        (
            "How many diluted shares were used to calculate diluted EPS in FY2020?",
            ["shares_outstanding_diluted"],
        ),
        # a basic / diluted word of the figure per share past the join picks no count
        (
            "How many diluted shares did Adobe have, and what was its EPS?",
            ["eps", "shares_outstanding_diluted"],
        ),
        # a figure per share past the join that names no item is no EPS in a count question
        ("How many shares did Adobe repurchase in FY2020 and at what average price per share?", []),
    ],
)
def test_a_figure_per_share_inside_the_count_phrase_is_the_counts_words(
    question: str, asked: list[str]
) -> None:
    assert sorted(c.name for c in concepts_asked(question)) == sorted(asked), question


def test_a_count_and_diluted_eps_read_both_figures(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb",
        "How many shares did Corvath use to compute diluted net income per share, and what was"
        " its diluted EPS in FY2020?",
    )
    values = {v.value for v in answer.conclusion.values}
    assert {"210 million shares", "USD 4.00 per share"} <= values, answer.conclusion.answer
