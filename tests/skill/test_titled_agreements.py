"""A question may title an agreement more specifically than the agreement titles itself ("the
Stadium Naming Sponsorship Agreement between A and B" for a "SPONSORSHIP AGREEMENT" between A
and B): it is that agreement when the question names both of its parties, never on one party's
name alone, and an amendment asked by its title is not the agreement it amends (issue 14).
Asked through the skill over a knowledge base of two real PDFs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    sponsorship = clauses_pdf(
        "SPONSORSHIP AGREEMENT",
        [
            "This Sponsorship Agreement is entered into as of April 4, 2019 by and between "
            "Tidewater Arena LLC, a Florida limited liability company, and Bellcrest Beverages, "
            "Inc., a Georgia corporation.",
            "1. Term. The term of this Agreement is five (5) years from the date above.",
            "2. Law. This Agreement shall be governed by the laws of the State of Florida.",
        ],
    )
    other = clauses_pdf(
        "SUPPLY AGREEMENT",
        [
            "This Supply Agreement is entered into as of May 5, 2020 by and between Tidewater "
            "Arena LLC and Quayside Foods Corp., a Delaware corporation.",
            "1. Law. This Agreement shall be governed by the laws of the State of Delaware.",
        ],
    )
    yield from ingested_runtime(
        tmp_path_factory, "titled", [("sponsorship.pdf", sponsorship), ("supply.pdf", other)]
    )


@pytest.mark.parametrize(
    "title", ["Stadium Naming Sponsorship Agreement", "Jacksonville Arena Sponsorship Agreement"]
)
def test_a_more_specific_title_with_both_parties_is_the_agreement(runtime: Any, title: str) -> None:
    for a, b in (("Tidewater Arena", "Bellcrest Beverages"), ("Bellcrest", "Tidewater")):
        question = f"What is the governing law of the {title} between {a} and {b}?"
        answer = runtime.skill.ask("kb", question)
        assert answer.terminal_state == "CONCLUDED", question
        assert "Florida" in (answer.conclusion.answer or ""), question
        assert {e.source_location.document for e in answer.evidence} == {"sponsorship.pdf"}


def test_one_party_does_not_make_a_more_specific_title_the_agreement(runtime: Any) -> None:
    for question in (
        "What is the governing law of Tidewater Arena's Stadium Naming Sponsorship Agreement?",
        "What is the governing law of the Stadium Naming Sponsorship Agreement of Bellcrest?",
    ):
        answer = runtime.skill.ask("kb", question)
        assert answer.terminal_state == "SUBJECT_NOT_FOUND", question


def test_an_amendment_asked_by_its_title_is_not_the_agreement(runtime: Any) -> None:
    question = (
        "What is the governing law of the Amendment No. 2 Sponsorship Agreement between "
        "Tidewater Arena and Bellcrest Beverages?"
    )
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", question
