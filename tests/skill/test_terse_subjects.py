"""A terse query's subjects (issue 33, items 1, 2 and 5): the names an agent writes in a
keyword query with no question form, in lower case or not.

- A question all in lower case capitalises no name: a known name written whole (in full,
  without its legal form, "&" or "and") is a name wherever it stands ("brantley & sons audit
  rights quarry hill mills"); it was read as no subject at all, unless a party slot ("with",
  "between") stood before it.
- A capitalised name the knowledge base does not know, set against a known party ("audit
  rights against Tolland Grain") or listed in a terse query ("Brantley & Sons audit rights
  Tolland Grain"), was dropped, and the question answered from the known party's agreement
  with someone else ("Yes" from Brantley & Sons' supply agreement): it is an absent subject,
  refused. Only a run holding a word legal English never writes ("Tolland", "Orbis"): "against
  Losses" is the question's words.

Generated over name forms, word orders and topics; a party of another agreement, an unknown
name and a near miss swapped in are refused; controls keep the question's own capitalised
words."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from skill import SubjectClassError
from tests.skill.conftest import ingested_runtime
from tests.skill.flour_agreements import haulage_pdf, supply_pdf

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "terse-subjects",
        [("supply.pdf", supply_pdf()), ("haulage.pdf", haulage_pdf())],
    )


BUYER = ["brantley & sons", "brantley and sons", "brantley & sons ltd."]
SUPPLIER = ["quarry hill mills", "quarry hill mills, inc."]
TOPICS = ["audit rights", "governing law"]
ORDERS = ["{x} {t} {y}", "{t} {x} {y}", "{x} {y} {t}"]


def _lower_case() -> list[str]:
    out = []
    for (x, y), t, order in itertools.product(itertools.product(BUYER, SUPPLIER), TOPICS, ORDERS):
        out.append(order.format(x=x, y=y, t=t))
        out.append(order.format(x=y, y=x, t=t))
    return out[::3]


@pytest.mark.parametrize("question", _lower_case())
def test_a_lower_case_terse_query_names_its_parties(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    assert len(answer.subject_class.parties) == 2, (question, answer.subject_class.parties)
    assert answer.evidence and all(
        e.source_location.document == "supply.pdf" for e in answer.evidence
    ), question


# a party swapped in: of another agreement, unknown, a near miss of a known one
SWAPPED = ["Orbis Freight", "Tolland Grain", "Brantley & Sonz"]
REFUSED = [
    "Brantley & Sons audit rights {z}",
    "{z} audit rights Quarry Hill Mills",
    "Does Brantley & Sons have audit rights against {z}?",
    "Can Quarry Hill Mills claim against {z} under the supply agreement?",
    "Can Quarry Hill Mills sue {z} under the supply agreement?",
    "Does Quarry Hill Mills owe {z} anything under the supply agreement?",
]


# (Quarry Hill Mills and Orbis Freight are the haulage agreement's parties: not a swap)
@pytest.mark.parametrize(
    ("form", "swapped"),
    [
        (form, z)
        for form, z in itertools.product(REFUSED, SWAPPED)
        if not (z == "Orbis Freight" and "Quarry Hill" in form)
    ],
)
def test_a_party_swapped_in_is_refused(runtime: Any, form: str, swapped: str) -> None:
    question = form.format(z=swapped)
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", (
        question,
        answer.terminal_state,
        answer.conclusion.answer,
    )


@pytest.mark.parametrize(
    "question",
    [
        # a name the knowledge base does not know, in an all-lower-case query: no capital
        # marks it, so the known name alone is never answered for
        "brantley & sons audit rights tolland grain",
        "tolland grain audit rights quarry hill mills",
        "quarry hill mills brantley & sons orbis freight audit rights",
    ],
)
def test_a_lower_case_query_with_an_unknown_word_is_not_answered_for_one_party(
    runtime: Any, question: str
) -> None:
    try:
        answer = runtime.skill.ask("kb", question)
    except SubjectClassError:
        return  # refused: it names no subject the reader can tell
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", (question, answer.conclusion.answer)


@pytest.mark.parametrize(
    "question",
    [
        # a place, a scope or an instruction: the capitalised words are no party
        "Quarry Hill Mills exclusivity in Ecuador?",
        "Quarry Hill Mills audit rights in Vermont",
        "Summarize the audit rights of Brantley & Sons for sales in Ecuador",
    ],
)
def test_a_place_or_an_instruction_names_no_party(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", (question, answer.conclusion.answer)
    assert "Ecuador" not in answer.subject_class.parties, question


@pytest.mark.parametrize(
    "question",
    [
        "Is Brantley & Sons indemnified against Losses under the supply agreement?",
        "Is Brantley & Sons indemnified against all Losses by Quarry Hill Mills?",
        "Brantley & Sons indemnity against Losses Quarry Hill Mills",
    ],
)
def test_the_questions_own_capitalised_words_are_no_party(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    assert all(e.source_location.document == "supply.pdf" for e in answer.evidence), question
