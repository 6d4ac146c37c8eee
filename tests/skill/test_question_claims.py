"""A yes/no question no proposition names is a claim of its own words (issue 34, item 1).

Generated questions (each shape of permission, prohibition and obligation, several actors,
verbs and objects, lower case) are read into a claim whose actor, modality and action the
clause reader then judges on generated sentences: the actor's defined role saying may, shall
or shall not of the verb and its object decides; another party's role, another object or a
sentence without the verb says nothing. Entitlements ("Is the Executive entitled to
severance?") are read by what the lexicon says gives the benefit. The cross products are
sampled (every k-th case); the issue's three questions run end to end on the data room."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import Claim, ClauseReader, QuestionKind, SubjectClass, question_claim, read_claim
from tests.conftest import IngestedKB

# (name in the question, the agreement's parties, the actor's defined role, the other's role)
ACTORS = [
    ("Halcyon", ["Halcyon Robotics, Inc.", "Keystone Capital LLC"], "Borrower", "Lender"),
    ("Brightline", ["Brightline Labs Ltd.", "Orbit & Sons"], "Licensee", "Licensor"),
    ("the Customer", ["Acme Corp.", "Northgate Logistics"], "Customer", "Supplier"),
]
# (asked: bare, gerund; the sentence's verb phrase; the same verb on another object)
ACTIONS = [
    ("prepay the loan", "prepaying the loan", "prepay the Term Loan", "prepay any fees"),
    # (paying dividends and auditing records are propositions of their own since session 35:
    # propositions.yaml paying_dividends, audit_rights)
    ("sell the equipment", "selling the equipment", "sell the Equipment", "sell any vehicles"),
    (
        "sublicense the software",
        "sublicensing the software",
        "sublicense the Licensed Software",
        "sublicense any trademarks",
    ),
    ("lease the equipment", "leasing the equipment", "lease the Equipment", "lease any vehicles"),
    (
        "relocate the warehouse",
        "relocating the warehouse",
        "relocate the Warehouse",
        "relocate any offices",
    ),
]
# (kind, question template: {a} actor, {v} bare action, {g} gerund action)
SHAPES = [
    ("permission", "Can {a} {v}?"),
    ("permission", "may {a} {v}?"),
    ("permission", "Is {a} allowed to {v}?"),
    ("permission", "Is {a} permitted to {v}?"),
    ("permission", "Does the agreement permit {a} to {v}?"),
    ("prohibition", "Is {a} prohibited from {g}?"),
    ("prohibition", "Does the agreement restrict {a} from {g}?"),
    ("obligation", "Must {a} {v}?"),
    ("obligation", "Is {a} required to {v}?"),
    ("obligation", "Does {a} have to {v}?"),
    ("obligation", "does the agreement require {a} to {v}?"),
]
# what the actor's sentence says, by the question's kind: (modality words, holds)
SAYS = {
    "permission": [("may", True), ("shall not", False), ("is entitled to", True)],
    "prohibition": [("shall not", True), ("may", False), ("is prohibited from", True)],
    "obligation": [("shall", True), ("shall not", False), ("is required to", True)],
}
PRODUCT = list(itertools.product(ACTORS, ACTIONS, SHAPES))
# every 5th case of the product (the whole product was checked once by hand)
SAMPLE = PRODUCT[::5]


def _subject(parties: list[str]) -> Any:
    return SubjectClass(
        type="agreement",
        attribute="topic",
        constraints={"parties": parties, "yes_no": True},
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
    )


def _read(question: str, parties: list[str], mine: str, theirs: str) -> Claim:
    asked = question_claim(question, _subject(parties))
    assert asked is not None, question
    claim, _ = asked
    return dataclasses.replace(claim, actor_terms=(mine,), other_terms=(theirs,))


def _holds(claim: Claim, sentence: str) -> bool | None:
    reading, _ = ClauseReader(claim).read(sentence)
    return None if reading is None else reading.holds


@pytest.mark.parametrize(("actor", "action", "shape"), SAMPLE)
def test_a_question_in_its_own_words_is_judged_on_the_actors_sentence(
    actor: tuple[str, list[str], str, str],
    action: tuple[str, str, str, str],
    shape: tuple[str, str],
) -> None:
    name, parties, mine, theirs = actor
    bare, gerund, said, elsewhere = action
    kind, template = shape
    question = template.format(a=name, v=bare, g=gerund)
    # no proposition of the lexicon names it: it is the question's own
    assert read_claim(question, _subject(parties)) is None
    claim = _read(question, parties, mine, theirs)
    assert claim.entry.kind == kind
    for words, holds in SAYS[kind]:
        verb_phrase = said
        if words.endswith(" from"):
            # "is prohibited from selling any Collateral"
            rest = said.partition(" ")[2]
            verb_phrase = f"{gerund.split()[0]} {rest}"
        sentence = f"The {mine} {words} {verb_phrase} in accordance with Section 4."
        assert _holds(claim, sentence) is holds, sentence
        # another party's role, another object, no verb: the sentence says nothing of it
        assert _holds(claim, f"The {theirs} {words} {verb_phrase}.") is None
        assert _holds(claim, f"The {mine} {words} {elsewhere}.") is None
    assert _holds(claim, f"The {mine} shall keep complete and accurate books.") is None


def test_the_shapes_are_read_lower_case_and_with_a_possessive_actor() -> None:
    parties = ["Halcyon Robotics, Inc.", "Keystone Capital LLC"]
    for question in (
        "can halcyon prepay the keystone loan?",
        "Can Halcyon Robotics prepay Keystone's loan?",
        "Does Halcyon have the right to prepay the loan?",
    ):
        claim = _read(question, parties, "Borrower", "Lender")
        assert claim.actor == "Halcyon Robotics, Inc."
        assert _holds(claim, "Borrower may prepay the Term Loan upon 30 days' notice.") is True
        assert _holds(claim, "The Term Loan may be prepaid by Borrower at any time.") is True


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        (
            "Without Lender's prior written consent, no Loan Party shall (a) incur any "
            "Indebtedness, (b) merge with any other person, or (d) pay any dividend or make "
            "any distribution on its capital stock.",
            True,
        ),
        ("Without the consent of Lender, Borrower shall not declare or pay dividends.", True),
        ("Borrower may pay dividends to its shareholders.", False),
        ("Lender shall not pay any dividend.", None),
        ("Borrower shall not pay any fees.", None),
    ],
)
def test_a_restriction_in_a_list_under_a_consent_is_the_actors(sentence: str, holds: bool) -> None:
    claim = _read(
        "Does the loan agreement restrict Halcyon from paying dividends?",
        ["Halcyon Robotics, Inc.", "Keystone Capital LLC"],
        "Borrower",
        "Lender",
    )
    assert _holds(claim, sentence) is holds


@pytest.mark.parametrize(
    ("question", "sentence", "holds"),
    [
        (
            "Is Daniel Reyes entitled to severance if he is terminated without cause?",
            "If the Company terminates the Executive's employment without Cause, the Company "
            "shall continue to pay the Executive's base salary for six (6) months.",
            True,
        ),
        (
            "Is Jane Smith entitled to severance?",
            "The Executive shall not be entitled to any severance payment.",
            False,
        ),
        (
            "is jane smith entitled to a bonus?",
            "The Executive shall be entitled to an annual bonus of up to 30% of salary.",
            True,
        ),
        (
            "Is Daniel Reyes entitled to indemnification?",
            "The Company shall indemnify and hold harmless the Executive to the fullest extent.",
            True,
        ),
        # the benefit's own words are not there: nothing of it
        (
            "Is Daniel Reyes entitled to severance?",
            "The Company shall pay the Executive's base salary in accordance with its payroll.",
            None,
        ),
        # a condition of the question's own the sentence does not say: nothing of it
        (
            "Is Daniel Reyes entitled to severance if he resigns?",
            "If the Company terminates the Executive's employment without Cause, the Company "
            "shall continue to pay the Executive's base salary for six (6) months.",
            None,
        ),
    ],
)
def test_an_entitlement_is_read_by_what_gives_the_benefit(
    question: str, sentence: str, holds: bool | None
) -> None:
    name = " ".join(question.split()[1:3]).title()
    asked = question_claim(
        question,
        SubjectClass(
            type="individual", name=name, attribute="topic", kind=QuestionKind.PERSON_ATTRIBUTE
        ),
    )
    assert asked is not None
    claim, subject = asked
    assert subject.type == "agreement" and subject.parties == [name]
    assert _holds(claim, sentence) is holds


@pytest.mark.parametrize(
    "question",
    [
        "Who is the Borrower under the loan agreement?",
        "Can Halcyon be required to prepay the loan?",
        "Is the loan agreement governed by New York law?",
        "Can it?",
    ],
)
def test_what_is_no_action_asked_of_a_party_is_no_claim(question: str) -> None:
    subject = _subject(["Halcyon Robotics, Inc.", "Keystone Capital LLC"])
    assert question_claim(question, subject) is None


# --- end to end on the data room --------------------------------------------------------------


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


@pytest.mark.parametrize(
    ("question", "opens", "quotes"),
    [
        ("Can Halcyon prepay the Keystone loan?", "Yes, with conditions —", "may prepay"),
        (
            "Does the loan agreement restrict Halcyon from paying dividends?",
            "Yes —",
            "pay any dividend",
        ),
        (
            "Is Daniel Reyes entitled to severance if he is terminated without cause?",
            "Yes, with conditions —",
            "continue to pay",
        ),
        # Borrower is Halcyon's role, not Keystone's
        ("Can Keystone prepay the loan?", "Not stated in", "may prepay"),
        # the Lender's consent does not make the restriction the Lender's (session 30 review)
        ("Can Keystone pay dividends?", "Not stated in", "pay any dividend"),
        # a negated question asks the negation; the benefit is the Customer's, not its duty
        ("Is Halcyon not required to maintain insurance?", "No —", "shall maintain"),
        ("Is Northgate entitled to indemnification?", "Yes —", "hold harmless Customer"),
    ],
)
def test_the_issues_questions_on_the_data_room(
    runtime: Any, question: str, opens: str, quotes: str
) -> None:
    answer = json.loads(runtime.skill.ask("halcyon", question).to_json())
    text = answer["conclusion"]["answer"]
    assert text.startswith(opens), text
    assert quotes in text
