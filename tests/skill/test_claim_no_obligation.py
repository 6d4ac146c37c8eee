"""A duty denied in the question's words asks the duty's negation: "Is the recipient under no
obligation to return ...?", "Is Acme not required to insure?", "Is Beta relieved of any
obligation to ...?" were read as asking the duty itself (only a proposition whose `asks_not`
named the words read them), so an NDA that requires the return was answered "Yes" to "is the
recipient under no obligation to return it?". propositions.yaml `question_no_obligation`
names the forms; a claim's own `asks_not` reading the same words does not negate it twice.
Generated over every obligation the lexicon holds, the denial forms, name forms and case."""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import parse_subject, read_claim

_SUBJECT = parse_subject(
    {
        "type": "agreement",
        "attribute": "governing_law",
        "constraints": {"parties": ["Quarry Hill Mills, Inc.", "Brantley & Sons Ltd."]},
    }
)
# each obligation of the lexicon, as an action a question asks of the party bound
ACTIONS = {
    "insurance_required": "carry liability insurance for {b}",
    "minimum_commitment": "purchase a minimum quantity of flour from {b}",
    "notice_of_compelled_disclosure": "notify {b} before disclosing its information under a "
    "court order",
    "return_on_termination": "return {b}'s confidential information when the agreement terminates",
    "return_or_destruction": "give back or destroy every copy of {b}'s confidential material",
}
AFFIRMED = ("Is {a} required to {act}?", "Must {a} {act}?", "Does {a} have to {act}?")
DENIED = (
    "Is {a} under no obligation to {act}?",
    "Is {a} not required to {act}?",
    "Is {a} not obliged to {act}?",
    "Is {a} relieved of any obligation to {act}?",
    "Is {a} exempt from the requirement to {act}?",
    "Does {a} not have to {act}?",
    "Does {a} have no duty to {act}?",
    "Is {a} no longer bound to {act}?",
)
NAMES = [
    ("Quarry Hill Mills", "Brantley & Sons"),
    ("Quarry Hill Mills, Inc.", "Brantley and Sons"),
]


def test_every_obligation_of_the_lexicon_is_asked_here() -> None:
    obligations = {p.name for p in lexicon().propositions if p.kind == "obligation"}
    assert obligations == set(ACTIONS)


def _read(form: str, proposition: str, a: str, b: str, lower: bool) -> tuple[str, bool] | None:
    question = form.format(a=a, act=ACTIONS[proposition].format(b=b))
    claim = read_claim(question.lower() if lower else question, _SUBJECT)
    return None if claim is None else (claim.entry.name, claim.negated)


@pytest.mark.parametrize(
    ("proposition", "form", "names", "lower"),
    list(itertools.product(ACTIONS, DENIED, NAMES, (False, True))),
)
def test_a_duty_denied_asks_its_negation(
    proposition: str, form: str, names: tuple[str, str], lower: bool
) -> None:
    assert _read(form, proposition, *names, lower) == (proposition, True)


@pytest.mark.parametrize(
    ("proposition", "form", "names"), list(itertools.product(ACTIONS, AFFIRMED, NAMES))
)
def test_a_duty_asked_is_the_claim_itself(
    proposition: str, form: str, names: tuple[str, str]
) -> None:
    assert _read(form, proposition, *names, False) == (proposition, False)


# a duty denied in a clause after the claim's own words is another action's
AFTER = (
    "Must {a} {act}, although it is not required to keep its mill open on Sundays?",
    "Must {a} {act} even where {b} is under no obligation to buy anything?",
    "Is {a} required to {act}, though it has no duty to store the flour?",
)


@pytest.mark.parametrize(
    ("proposition", "form", "names"), list(itertools.product(ACTIONS, AFTER, NAMES))
)
def test_a_duty_denied_in_a_later_clause_is_another_actions(
    proposition: str, form: str, names: tuple[str, str]
) -> None:
    a, b = names
    question = form.format(a=a, b=b, act=ACTIONS[proposition].format(b=b))
    claim = read_claim(question, _SUBJECT)
    assert claim is not None and (claim.entry.name, claim.negated) == (proposition, False)
