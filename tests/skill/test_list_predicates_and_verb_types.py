"""Two readings that refused questions about agreements the knowledge base holds (issue 33):

- a list of parties with an aside, then the question's predicate ("Can someone who did not
  sign the deal between A and B, such as an affiliate, hold them to it?"): the aside was taken
  out as a role phrase and the predicate read as a third party ("hold them to it"), which no
  agreement has: SUBJECT_NOT_FOUND;
- an agreement type's word used as a verb ("Can B sell or license to whoever it picks before
  offering A the deal?"): "license" was read as the agreement's type, a license
  agreement, which the parties do not have: SUBJECT_NOT_FOUND.

(Left: a predicate with no pronoun, "rely on the terms", and two type words joined, "lease
or license out", are still read as a party and as a type.) Generated over predicates, verbs, the parties' name forms and their order; controls: a real
third name in the list is still a party (refused), and the type word used as a noun ("the
license agreement between A and B") still asks for that type."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.skill.conftest import ingested_runtime
from tests.skill.flour_agreements import haulage_pdf, supply_pdf

NAMES = [
    ("Quarry Hill Mills", "Brantley & Sons"),
    ("Brantley and Sons", "Quarry Hill Mills, Inc."),
    ("quarry hill mills", "brantley & sons"),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "predicates",
        [("supply.pdf", supply_pdf()), ("haulage.pdf", haulage_pdf())],
    )


PREDICATES = ("hold them to it", "enforce it", "sue them under it", "bring a claim against them")


@pytest.mark.slow
@pytest.mark.parametrize("predicate", PREDICATES)
@pytest.mark.parametrize(("a", "b"), NAMES)
def test_a_predicate_after_an_aside_is_no_party(
    runtime: Any, a: str, b: str, predicate: str
) -> None:
    question = (
        f"Can someone who did not sign the deal between {a} and {b}, such as an affiliate, "
        f"{predicate}?"
    )
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.subject_class.parties)
    assert len(answer.subject_class.parties) == 2, answer.subject_class.parties


def test_a_third_name_in_the_list_is_still_a_party(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb",
        "Can someone who did not sign the deal between Quarry Hill Mills, Brantley & Sons and "
        "Orvieto Grain, such as an affiliate, enforce it?",
    )
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"


VERB_USES = (
    "Can {b} sell or license to whoever it picks before offering {a} the deal?",
    "May {b} license to others without offering {a} the rights first?",
    "Can {b} license out the mill's equipment without {a}'s say?",
    "can {b} sublicense or license to anybody it wants under its deal with {a}",
)


@pytest.mark.slow
@pytest.mark.parametrize("form", VERB_USES)
@pytest.mark.parametrize(("a", "b"), NAMES)
def test_a_type_word_used_as_a_verb_is_no_agreement_type(
    runtime: Any, form: str, a: str, b: str
) -> None:
    question = form.format(a=a, b=b)
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.subject_class.document_type)
    assert answer.subject_class.document_type is None


@pytest.mark.parametrize(
    "question",
    [
        "Does the license agreement between Quarry Hill Mills and Brantley & Sons renew?",
        "Can Brantley & Sons terminate its license with Quarry Hill Mills?",
    ],
)
def test_the_type_word_as_a_noun_still_asks_for_that_type(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.subject_class.document_type == "license_agreement"
