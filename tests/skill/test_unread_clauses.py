"""A clause the classifier finds but whose value no extractor reads (issue 14).

Real PDFs (PyMuPDF) through the real pipeline (the packaged clause classifier and embedding
model, Qdrant Edge), asked through the skill: an expiration stated as a term from an anchor
is a typed value read from the clause; one stated by an event ("until the completion of the
Services") is no value, so the clause is cited with no value, the answer is not sufficient,
and it says so instead of asking for a document that states the term.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skill import render_answer
from tests.pdfs import Line, make_pdf, paragraph

QUESTION = "When does the agreement between Quillon Dynamics and Marrowfield Ventures expire?"
BY_EVENT = (
    "This Agreement shall remain in effect until the completion of the Services described in "
    "Exhibit A, unless earlier terminated as provided herein."
)
BY_TERM = (
    "This Agreement shall continue in effect for two years from the date hereof, unless "
    "earlier terminated as provided herein."
)


def _agreement(term: str) -> bytes:
    return make_pdf(
        [
            [
                Line("SERVICES AGREEMENT", size=16, bold=True, x=200),
                *paragraph(
                    "This Services Agreement is made by and between Quillon Dynamics, Inc., a "
                    'Delaware corporation ("Provider"), and Marrowfield Ventures LLC, a Texas '
                    'limited liability company ("Client").',
                    gap=14,
                ),
                Line("1. Services", bold=True, gap=14),
                *paragraph("Provider shall provide the consulting services of Exhibit A."),
                Line("2. Term", bold=True, gap=14),
                *paragraph(term),
                Line("3. Fees", bold=True, gap=14),
                *paragraph("Client shall pay the fees of Exhibit B within thirty days of invoice."),
            ]
        ]
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from app import Runtime, Settings

    data_dir: Path = tmp_path_factory.mktemp("unread") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        for kb, term in (("by-event", BY_EVENT), ("by-term", BY_TERM)):
            report = rt.ingestor.run(kb, [("services.pdf", _agreement(term))])
            assert not report.failed
        yield rt


@pytest.mark.slow
def test_a_clause_with_no_readable_value_is_cited_without_a_value(runtime: Any) -> None:
    answer = runtime.skill.ask("by-event", QUESTION)
    assert answer.terminal_state == "CONCLUDED"
    assert answer.sufficient is False
    assert answer.conclusion.values == []
    assert answer.conflicts == []
    # The clause is quoted, located, with no value and no verdict on a value.
    (unit,) = answer.evidence
    assert unit.value is None
    assert " ".join(unit.quote.split()) == BY_EVENT
    assert unit.source_location.section is not None and "Term" in unit.source_location.section
    assert answer.sufficiency is None
    assert "not_stated" not in answer.risk_signals
    assert answer.conclusion.answer == (
        "no expiration date read from the clause quoted from SERVICES AGREEMENT"
    )
    assert answer.suggested_next_actions[0].startswith("Read the quoted clause")
    assert not any(a.startswith("Request ") for a in answer.suggested_next_actions)
    text = render_answer(answer)
    assert "Citations:" in text and "until the completion of the Services" in text


@pytest.mark.slow
def test_a_term_from_an_anchor_is_read_as_the_expiration(runtime: Any) -> None:
    answer = runtime.skill.ask("by-term", QUESTION)
    assert answer.sufficient is True
    assert [v.value for v in answer.conclusion.values] == ["2 years from the date hereof"]
    (unit,) = answer.evidence
    assert " ".join(unit.quote.split()) == BY_TERM
