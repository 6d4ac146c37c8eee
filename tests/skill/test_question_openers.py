"""A word that opens a subordinate clause is never a party's name: "Once the contract
terminates, is the recipient ...?" was refused as naming an unknown party "Once" (the words of
questions and the words that break a name knew "if", "when", "after", "upon", not "once",
"while", "unless" ...). Generated over openers, actors and cases; a known party in the same
question is still read. Adjectives that also open clauses ("following", "prior") are left out:
"the prior bylaws", "the following cap table" name a document's kind."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from skill import document_reference
from tests.skill.conftest import ingested_runtime
from tests.skill.flour_agreements import supply_pdf

OPENERS = ("Once", "While", "Whilst", "Unless", "Although", "Because", "Whenever", "Wherever")
ACTORS = ("Quarry Hill Mills", "quarry hill", "Brantley & Sons")


def test_the_openers_are_words_that_break_a_name() -> None:
    breaks = lexicon().question_words
    assert all(o.lower() in breaks for o in OPENERS)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "openers", [("supply.pdf", supply_pdf())])


@pytest.mark.slow
@pytest.mark.parametrize(("opener", "actor"), list(itertools.product(OPENERS, ACTORS)))
def test_a_subordinate_opening_names_no_party(runtime: Any, opener: str, actor: str) -> None:
    question = (
        f"{opener} the supply agreement is in force, is {actor} required to keep its books "
        "and records?"
    )
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", (question, answer.conclusion.answer)
    parties = [str(p).lower() for p in answer.subject_class.constraints.get("parties", [])]
    assert opener.lower() not in parties and not any(
        p.startswith(opener.lower() + " ") for p in parties
    ), (question, parties)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Summarize the prior bylaws.", "bylaws"),
        ("Summarize the following cap table.", "cap"),
        ("What did the prior board minutes approve?", "minutes"),
    ],
)
def test_an_adjective_before_a_document_kind_still_names_the_kind(question: str, kind: str) -> None:
    found = document_reference(question)
    assert found is not None and kind in str(found).lower(), (question, found)
