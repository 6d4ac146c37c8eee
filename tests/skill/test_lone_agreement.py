"""A lone agreement of a kind answers to its kind (issue 33, item 3): a knowledge base whose one
NDA is titled "Confidentiality Agreement" (or "Mutual Non-Disclosure Agreement", ...) answers
"the NDA", "the non-disclosure agreement", "the confidentiality agreement", "the agreement" and
"the contract" about it, through the lexicon's type equivalents; "the loan agreement" names no
agreement it holds. Generated: each title a knowledge base of its own, each phrasing asked."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

TITLES = ["CONFIDENTIALITY AGREEMENT", "MUTUAL NON-DISCLOSURE AGREEMENT", "NONDISCLOSURE AGREEMENT"]
KINDS = ["NDA", "non-disclosure agreement", "confidentiality agreement", "agreement", "contract"]


def _nda(title: str) -> bytes:
    return clauses_pdf(
        title,
        [
            f"This {title.title()} is entered into as of June 1, 2022 by and between Larchmont "
            "Analytics, Inc., a Delaware corporation, and Oakhurst Capital LLC, a New York "
            "limited liability company.",
            "1. Confidential Information. The Receiving Party shall hold the Disclosing Party's "
            "Confidential Information in confidence.",
            "2. Law. This Agreement shall be governed by the laws of the State of New York.",
        ],
    )


@pytest.fixture(scope="module", params=TITLES)
def runtime(request: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    title = request.param
    yield from ingested_runtime(
        tmp_path_factory, "lone-" + title.split()[0].lower(), [("nda.pdf", _nda(title))]
    )


@pytest.mark.parametrize("kind", KINDS)
def test_the_lone_agreement_answers_to_its_kind(runtime: Any, kind: str) -> None:
    for question in (
        f"What is the governing law of the {kind}?",
        f"what law governs the {kind.lower()}",
    ):
        answer = runtime.skill.ask("kb", question)
        assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
        assert "New York" in (answer.conclusion.answer or ""), question


def test_another_kind_is_not_the_lone_agreement(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", "What is the governing law of the loan agreement?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
