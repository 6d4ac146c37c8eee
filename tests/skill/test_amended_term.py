"""An amendment that extends "the Term" supersedes the expiration the agreement stated, though
the agreement's own sentence never names "the Term" (issue 16, the lexicon's `amended_as`).

Two real PDFs through the real pipeline: the base agreement states a two-year term, Amendment
No. 1 (naming the base by its type, date and parties) extends the Term to a date. The answer
gives the date in force, cites the amending sentence, and lists the replaced value."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

QUESTION = "When does the agreement between Quillon Dynamics and Marrowfield Ventures expire?"
_PARTIES = (
    "Quillon Dynamics, Inc., a Delaware corporation (\u201cProvider\u201d), and Marrowfield "
    "Ventures LLC, a Texas limited liability company (\u201cClient\u201d)"
)


def _document(title: str, opening: str, *clauses: str) -> bytes:
    """A one-page agreement: its title, its opening sentence, its clauses."""
    return make_pdf(
        [
            [
                Line(title, size=16, bold=True, x=120),
                *paragraph(opening, gap=14),
                *(line for clause in clauses for line in paragraph(clause, gap=14)),
            ]
        ]
    )


def _base() -> bytes:
    return _document(
        "SERVICES AGREEMENT",
        f"This Services Agreement is entered into as of March 1, 2020 by and between {_PARTIES}.",
        "1. Services. Provider shall provide the consulting services of Exhibit A.",
        "2. Duration. This Agreement shall continue in effect for two (2) years from the date "
        "hereof, unless earlier terminated as provided herein.",
        "3. Response Times. Provider shall answer each support request within four (4) business "
        "hours of its receipt.",
    )


def _amendment() -> bytes:
    return _document(
        "AMENDMENT NO. 1 TO SERVICES AGREEMENT",
        f"This Amendment No. 1 is entered into as of June 1, 2021 by and between {_PARTIES}, "
        "who are parties to that certain Services Agreement dated as of March 1, 2020 (the "
        "\u201cAgreement\u201d).",
        "1. The Term of the Agreement is hereby extended to March 31, 2024 unless sooner "
        "terminated as provided for in the Agreement.",
        "2. Section 3 of the Agreement is hereby deleted in its entirety and replaced with the "
        "following: Provider shall answer each support request within one (1) business hour of "
        "its receipt.",
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "amended-term",
        [("services.pdf", _base()), ("amendment_1.pdf", _amendment())],
    )


@pytest.mark.slow
def test_an_extended_term_is_the_expiration_in_force(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", QUESTION)
    assert answer.conflicts == []
    assert [v.value for v in answer.conclusion.values] == ["2024-03-31"]
    assert "superseded_value" in answer.risk_signals
    (supersession,) = answer.supersessions
    assert supersession.document == "amendment_1.pdf"
    assert supersession.change is not None
    assert "extended to March 31, 2024" in supersession.change["quote"]
    (old,) = supersession.history
    assert old.value == "2 years from the date hereof"
    assert old.documents == ["services.pdf"]


@pytest.mark.slow
def test_a_replaced_section_is_quoted_as_amended_with_the_original_as_history(
    runtime: Any,
) -> None:
    """A topic answer (no attribute covers response times) quotes the amendment's new text of
    Section 3 in force, cites the original Section 3 as history, and says so."""
    answer = runtime.skill.ask(
        "kb",
        "What does the agreement between Quillon Dynamics and Marrowfield Ventures say about "
        "response times for support requests?",
    )
    cited = {e.evidence_id: e for e in answer.evidence}
    in_force = [cited[i] for v in answer.conclusion.values for i in v.evidence_ids]
    assert {e.source_location.document for e in in_force} == {"amendment_1.pdf"}
    assert any("one (1) business hour" in " ".join(e.quote.split()) for e in in_force)
    assert "superseded_value" in answer.risk_signals
    (supersession,) = answer.supersessions
    assert supersession.change is not None and supersession.change["clause"] == "3"
    old = [cited[i] for h in supersession.history for i in h.evidence_ids]
    assert any("four (4) business hours" in " ".join(e.quote.split()) for e in old)
    assert {e.source_location.document for e in old} == {"services.pdf"}
    assert "Section 3 as amended by amendment_1.pdf" in (answer.conclusion.answer or "")
