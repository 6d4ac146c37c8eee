"""A figure asked of a company whose filings hold no statement cells is read from prose (issue
34): a passage that names the figure only inside a phrase of another sense ("revenue" in
"Internal Revenue Code") is no answer: said not stated, with no value, never the passage quoted
as the answer; a passage that states the figure in prose ("net income in FY21 was ...", "$0.45
per diluted share") stays the answer. Generated phrasings of the questions; two 8-K-like PDFs
through the real pipeline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

_PARACHUTE = (
    "(a) Any payment or benefit under this letter agreement that would constitute an excess "
    "parachute payment within the meaning of Section 280G of the Internal Revenue Code of 1986 "
    "shall be reduced to the extent the Executive would retain a greater amount after tax."
)


def _current_report() -> bytes:
    return clauses_pdf(
        "FORM 8-K",
        [
            "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
            "CURRENT REPORT Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934",
            "HARROWGATE HOLDINGS, INC.",
            "(Exact name of registrant as specified in its charter)",
            "Item 5.02. On August 1, 2022 the Company entered into a letter agreement with its "
            "Executive Chairman.",
            _PARACHUTE,
            "(b) You and the Employer intend that your level of services during the Transition "
            "Term will exceed twenty percent of your prior services, so that no separation from "
            "service occurs under Section 409A of the Internal Revenue Code.",
            "(c) This letter agreement shall be governed by the laws of the State of New York.",
            "(d) Your annual bonus opportunity for fiscal 2021 will be determined by the "
            "Compensation Committee under the Annual Incentive Plan.",
            "(e) Any amounts payable under this letter agreement are subject to applicable "
            "withholding taxes.",
        ],
    )


def _results_release() -> bytes:
    return clauses_pdf(
        "FORM 8-K",
        [
            "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
            "CURRENT REPORT Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934",
            "KESTREL RAIL SYSTEMS INC.",
            "(Exact name of registrant as specified in its charter)",
            "Item 2.02. Results of Operations and Financial Condition.",
            "Kestrel Rail Systems Inc. reported its results for the fiscal year ended December "
            "31, 2021.",
            "Total revenues for fiscal 2021 were $412.5 million, up 8% from the prior year.",
            "Net income in FY21 was $12.1 million, or $0.45 per diluted share.",
            "Deferred compensation payable in fiscal 2022 is subject to Section 409A of the "
            "Internal Revenue Code and its revenue rulings.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "weak-passages",
        [("harrowgate-8k.pdf", _current_report()), ("kestrel-8k.pdf", _results_release())],
    )


@pytest.mark.parametrize(
    "question",
    [
        "What was Harrowgate's revenue in FY2021?",
        "what was harrowgate's revenue in fy2021?",
        "What were Harrowgate Holdings' revenues for fiscal 2021?",
        "How much revenue did Harrowgate Holdings, Inc. report in FY2021?",
    ],
)
def test_a_passage_under_the_threshold_is_no_answer(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", answer.risk_signals
    assert not answer.sufficient
    assert answer.conclusion.values == []
    text = answer.conclusion.answer or ""
    assert "parachute" not in text and "409A" not in text, text
    assert "not_stated" in answer.risk_signals or "figure_not_named" in answer.risk_signals


@pytest.mark.parametrize(
    ("question", "stated"),
    [
        ("What was Kestrel's revenue in FY2021?", "412.5"),
        ("what were kestrel rail systems' total revenues for fiscal 2021?", "412.5"),
        ("What was Kestrel Rail Systems Inc.'s net income in FY2021?", "12.1"),
        ("What was Kestrel's diluted EPS in FY2021?", "0.45"),
    ],
)
def test_a_figure_stated_in_prose_stays_the_answer(
    runtime: Any, question: str, stated: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    quoted = " ".join(v.value for v in answer.conclusion.values)
    assert stated in quoted, (answer.conclusion.answer, answer.risk_signals)
    # the answer's text is the figure's passage, whatever other passage was set aside
    assert stated in (answer.conclusion.answer or ""), answer.conclusion.answer
    assert "figure_not_named" not in answer.risk_signals
