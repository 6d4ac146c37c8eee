"""A prohibition of sharing with those of the employees who lack the ground for it ("shall not
disclose ... to any employee not having a need to know", "to its employees who do not need to
know it") leaves sharing with the others allowed: NDAs say the permission this way as
often as they say it outright. It had been read as a prohibition of sharing with employees,
a holds <-> does-not swap. The lexicon's `modality.lacking` names the phrases; generated over
actors, modal verbs, the employees' nouns, the phrases and case. A prohibition with no such
phrase, or of others than employees, is unchanged."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

ACTORS = ["The Recipient", "The Receiving Party", "The Company", "Each party", "Either party"]
MODALS = ["shall not", "will not", "may not", "agrees not to", "must not"]
NOUNS = ["employee", "employees", "personnel", "officers", "staff members"]
LACKING = [
    "not having a need to know such information",
    "not having reasonable need for access to such information",
    "who do not need to know it",
    "who does not have a need to know the Confidential Information",
    "who have no need to know it",
    "without a need to know",
    "with no legitimate need to know",
]
# words that name no need to know ("not involved in the Project") limit nothing: the
# prohibition still forbids (issue 34's review)
NOT_A_NEED = [
    "not directly involved in the Project",
    "who are not involved in the evaluation of the Transaction",
]


@pytest.mark.parametrize(("actor", "modal"), itertools.product(ACTORS, MODALS))
@pytest.mark.parametrize("noun", NOUNS)
def test_forbidden_to_employees_lacking_a_need_is_allowed_to_the_others(
    actor: str, modal: str, noun: str
) -> None:
    for lacking in LACKING:
        sentence = (
            f"{actor} {modal} disclose any Confidential Information to any {noun} of the "
            f"Disclosing Party's counterparty {lacking}."
        )
        assert holds("sharing_with_employees", sentence) is True, sentence
        assert holds("sharing_with_employees", sentence.lower()) is True, sentence
        assert holds("sharing_with_employees", sentence, negated=True) is False, sentence


@pytest.mark.parametrize("lacking", LACKING)
@pytest.mark.parametrize(
    "frame",
    [
        "{a} shall refrain from disclosing the Confidential Information to its employees {l}.",
        "You shall not disclose the Evaluation Material to your employees {l}.",
        "{a} shall not disclose Confidential Information to anyone outside its organisation, "
        "or to any employee {l}, unless the Disclosing Party consents in writing.",
        "Confidential Information shall not be disclosed by {a} to any of its personnel {l}.",
    ],
)
def test_other_frames_of_the_same_prohibition(frame: str, lacking: str) -> None:
    sentence = frame.format(a="the Recipient", l=lacking)
    sentence = sentence[0].upper() + sentence[1:]
    assert holds("sharing_with_employees", sentence) is True, sentence


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "sentence",
    [
        "{a} shall not disclose Confidential Information to its employees.",
        "{a} shall not disclose Confidential Information to any of its employees without the "
        "prior written consent of the Disclosing Party.",
        "{a} shall not disclose Confidential Information to its employees who need to know it "
        "without consent.",
    ],
)
def test_a_prohibition_without_a_lacking_phrase_still_forbids(actor: str, sentence: str) -> None:
    assert holds("sharing_with_employees", sentence.format(a=actor)) is False


@pytest.mark.parametrize("phrase", NOT_A_NEED)
@pytest.mark.parametrize("noun", NOUNS)
def test_a_phrase_naming_no_need_to_know_leaves_the_prohibition(phrase: str, noun: str) -> None:
    sentence = f"The Recipient shall not disclose Confidential Information to any {noun} {phrase}."
    assert holds("sharing_with_employees", sentence) is False, sentence


@pytest.mark.parametrize("lacking", LACKING[:4])
def test_others_lacking_a_need_are_no_employees_of_the_advisors_claim(lacking: str) -> None:
    """The employees lacking a need say nothing of advisors."""
    sentence = (
        f"The Recipient shall not disclose Confidential Information to any employee {lacking}."
    )
    assert holds("sharing_with_advisors", sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "I will be given a password to access student or employee or other confidential "
        "information.",
        "The Recipient may access employee records only as the Purpose requires.",
        "The undersigned or such Representative, as the case may be, may disclose such "
        "Information as is legally required.",
    ],
)
def test_an_employee_named_as_a_kind_of_thing_or_an_actor_is_none_shared_with(
    sentence: str,
) -> None:
    """A singular employee is one shared with only after "any", "an", "each" or "every":
    "employee information" is a kind of information, "such Representative" the actor."""
    assert holds("sharing_with_employees", sentence) is None
