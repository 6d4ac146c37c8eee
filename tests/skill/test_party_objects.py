"""Two classes of question about two parties (issue 33, issue 34):

- a question in its own words whose object is the other party ("Is Quarry Hill Mills required
  to indemnify Brantley & Sons?") looked for a sentence naming that party after the verb, and
  was "Not stated" where the agreement says "Supplier shall indemnify Buyer": a sentence names
  a party by its role, so the verb is the action and the claim's actor decides;
- a question in sentence case, its names in lower case ("Is quarry hill mills required to
  indemnify brantley & sons?", "Audit rights brantley & sons quarry hill mills") read only the
  names that stand where a party is named; a question all in lower case read every known name
  written whole. The capital that opens a sentence is no name's: both are read alike.

Generated over verbs, question forms and name forms; controls: the other party as the actor
(not stated, never Yes), an unknown party, a name the knowledge base does not hold."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from skill import SubjectClassError
from tests.skill.conftest import ingested_runtime
from tests.skill.flour_agreements import haulage_pdf, supply_pdf_with

SUPPLY = supply_pdf_with(
    [
        "1. Indemnity. Supplier shall indemnify Buyer against all Losses arising from defective "
        "flour.",
        "2. Recalls. Supplier shall notify Buyer of any recall of the flour within two days.",
        "3. Payment. Buyer shall pay Supplier each invoice within thirty days of its date.",
        "4. Records. Buyer may audit the books and records of Supplier once in each year.",
        "5. Law. This Agreement shall be governed by the laws of the State of Vermont.",
    ],
)
HAULAGE = haulage_pdf()


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory, "party-objects", [("supply.pdf", SUPPLY), ("haulage.pdf", HAULAGE)]
    )


SUPPLIER = ("Quarry Hill Mills", "Quarry Hill Mills, Inc.", "quarry hill mills")
BUYER = ("Brantley & Sons", "Brantley and Sons Ltd.", "brantley & sons")
# (the verb asked of one party with the other as its object, the actor, the quoted words)
ACTIONS = [
    ("indemnify", "supplier", "Supplier shall indemnify Buyer"),
    ("notify", "supplier", "Supplier shall notify Buyer"),
    ("pay", "buyer", "Buyer shall pay Supplier"),
]
FORMS = ("Is {a} required to {verb} {b}?", "Must {a} {verb} {b}?", "Does {a} have to {verb} {b}?")


def _names(actor: str, i: int) -> tuple[str, str]:
    return (SUPPLIER[i], BUYER[i]) if actor == "supplier" else (BUYER[i], SUPPLIER[i])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("action", "form", "i"), list(itertools.product(ACTIONS, FORMS, range(len(SUPPLIER))))
)
def test_the_other_party_as_the_object_is_named_by_its_role(
    runtime: Any, action: tuple[str, str, str], form: str, i: int
) -> None:
    verb, actor, quoted = action
    a, b = _names(actor, i)
    question = form.format(a=a, verb=verb, b=b)
    if i == len(SUPPLIER) - 1:
        question = question[:1].upper() + question[1:]  # sentence case, the names in lower
    answer = runtime.skill.ask("kb", question)
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes —"), (question, text)
    assert any(quoted in (e.quote or "") for e in answer.evidence), (question, text)
    assert all(e.source_location.document == "supply.pdf" for e in answer.evidence)


@pytest.mark.slow
@pytest.mark.parametrize(("action", "i"), list(itertools.product(ACTIONS, range(2))))
def test_the_other_party_acting_is_not_stated(
    runtime: Any, action: tuple[str, str, str], i: int
) -> None:
    verb, actor, _ = action
    b, a = _names(actor, i)  # the actions' objects as their actors
    answer = runtime.skill.ask("kb", f"Is {a} required to {verb} {b}?")
    text = answer.conclusion.answer or ""
    assert not text.startswith("Yes"), text
    assert (answer.sufficiency or {}).get("decision") != "SUPPORTED", text


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Audit rights brantley & sons quarry hill mills",
        "Audit rights quarry hill mills brantley and sons",
        "Does the supply agreement allow brantley & sons to audit quarry hill mills?",
    ],
)
def test_a_question_in_sentence_case_reads_its_lower_case_names(
    runtime: Any, question: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", question
    parties = {p.casefold().replace(" and ", " & ") for p in answer.subject_class.parties}
    assert {"quarry hill mills", "brantley & sons"} <= parties, (question, parties)
    assert any("audit the books" in (e.quote or "") for e in answer.evidence), question


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    ["Audit rights brantley & sons tolland grain", "Audit rights quarry hill tolland grain"],
)
def test_a_sentence_case_question_with_an_unknown_name_is_not_answered_for_the_known(
    runtime: Any, question: str
) -> None:
    try:
        answer = runtime.skill.ask("kb", question)
    except SubjectClassError:
        return  # refused as naming no subject the knowledge base holds: never the known alone
    assert not any("audit the books" in (e.quote or "") for e in answer.evidence), question
