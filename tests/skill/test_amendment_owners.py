"""An amendment is evidence about the agreement it amends, and only that one: with two
agreements of one type sharing a party (Brackwell's services agreements with Quillon and with
Tarrant), an amendment between Brackwell and Quillon is never searched or cited for the
Brackwell-Tarrant agreement (issue 33, subject integrity: it had been attached to every
candidate of the question's parties)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

BRACKWELL = "Brackwell Systems, Inc., a Delaware corporation (\u201cProvider\u201d)"
QUILLON = "Quillon Dynamics LLC, a Texas limited liability company (\u201cClient\u201d)"
TARRANT = "Tarrant & Moss Ltd., an English private limited company (\u201cClient\u201d)"


def _agreement(other: str, state: str) -> bytes:
    return clauses_pdf(
        "SERVICES AGREEMENT",
        [
            f"This Services Agreement is entered into as of March 1, 2020 by and between "
            f"{BRACKWELL}, and {other}.",
            "1. Services. Provider will deliver the monthly reports by the fifth business day.",
            f"2. Law. This Agreement shall be governed by the laws of the State of {state}.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    amendment = clauses_pdf(
        "AMENDMENT NO. 1 TO SERVICES AGREEMENT",
        [
            "This AMENDMENT NO. 1 (this \u201cAmendment\u201d) is entered into as of June 1, 2021 "
            f"by and between {BRACKWELL}, and {QUILLON}.",
            "1. Non-Competition. During the term of the Agreement, Provider shall not provide "
            "services to any competitor of Client.",
            "2. Effect. Except as amended by this Amendment, the Agreement remains in full force.",
        ],
    )
    files = [
        ("quillon.pdf", _agreement(QUILLON, "Oregon")),
        ("tarrant.pdf", _agreement(TARRANT, "Nevada")),
        ("quillon_amendment.pdf", amendment),
    ]
    yield from ingested_runtime(tmp_path_factory, "amendment-owners", files)


@pytest.mark.parametrize(
    "question",
    [
        # only the party both agreements share is named: both are candidates
        "Does the Brackwell services agreement contain a non-compete?",
        "does brackwell's services agreement restrict competing?",
        "What is the governing law of the Brackwell services agreement?",
        "Is Brackwell Systems bound by a non-compete under its services agreement?",
    ],
)
def test_an_amendment_of_another_agreement_is_never_evidence(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    by_parties = {
        tuple(c.class_attributes["parties"]): c.class_attributes.get("amended_by") or []
        for c in answer.candidate_subjects
    }
    assert len(by_parties) == 2, by_parties
    amendment_id = runtime.catalog.list_documents("kb")[2].document_id
    for parties, amended_by in by_parties.items():
        owns = any(p.startswith("Quillon") for p in parties)
        assert (amendment_id in amended_by) == owns, (question, parties, amended_by)
    tarrant_text = (answer.conclusion.answer or "").split("tarrant.pdf")[1:]
    assert not any("quillon_amendment.pdf" in t.split(")")[0] for t in tarrant_text), question


@pytest.mark.parametrize(
    "question",
    [
        "Does the Brackwell services agreement with Quillon contain a non-compete?",
        "does the services agreement between quillon and brackwell restrict competing?",
    ],
)
def test_an_amendment_is_evidence_about_its_own_agreement(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    (candidate,) = answer.candidate_subjects
    assert candidate.class_attributes.get("amended_by"), candidate
