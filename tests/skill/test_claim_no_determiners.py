""" "No" as a determiner of the clause's subject (issue 34): "No failure or delay by Beta in
enforcing any provision of this Agreement shall relieve Acme of its covenant not to compete"
negates the verb however long the subject runs (it was read only within five words of the
modal, so the unnegated "relieve" lifted the restriction: False), and "No waiver shall impair
Acme's obligation not to compete" has "waiver" as the subject's noun, "impair" as the verb the
negation governs (it had taken "waiver" for the verb: False). Never "no later than", "no less
than", "No. 3", nor a "no" whose modal a conjunction coordinates. Generated over subjects,
verbs, party names, nouns and case; a deterministic sample of the product."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import RESTRICTION_NOUNS, RESTRICTION_PARTIES, capitalized, holds

_SUBJECTS = [
    "no waiver",
    "no waiver by {y} of any breach",
    "no failure or delay by {y} in enforcing any provision of this Agreement",
    "no termination or expiration of this Agreement for any reason",
    "no amendment, waiver or release",
]
_VERBS = ["shall relieve {x} of", "will impair", "shall affect", "shall release {x} from"]
_PRODUCT = list(itertools.product(RESTRICTION_PARTIES, _SUBJECTS, _VERBS, RESTRICTION_NOUNS))


def _sentence(x: str, y: str, subject: str, verb: str, noun: str) -> str:
    held = f"its {noun}" if "{x}" in verb else f"the {noun} of {x}"
    text = f"{subject} {verb} {held} not to compete with {y} during the Term."
    return capitalized(text.format(x=x, y=y))


# every 12th combination (the whole product was checked once by hand), lower case every other
_CASES = [
    (x, y, text.lower() if i % 2 else text)
    for i, ((x, y), subject, verb, noun) in enumerate(_PRODUCT)
    if i % 12 == 0
    for text in [_sentence(x, y, subject, verb, noun)]
]


@pytest.mark.parametrize(("x", "y", "sentence"), _CASES)
def test_the_restriction_stands(x: str, y: str, sentence: str) -> None:
    assert holds("non_compete", sentence, x, (y,)) is True, sentence


@pytest.mark.parametrize(
    ("claim", "sentence", "expected"),
    [
        # a measure or a number is no negation
        (
            "termination_without_cause",
            "No later than 30 days after notice, either party may terminate this Agreement for convenience.",
            True,
        ),
        (
            "termination_without_cause",
            "No. 3 Either party may terminate this Agreement for convenience.",
            True,
        ),
        # a conjunction's modal is the predicate's, not the "no" phrase's
        (
            "termination_without_cause",
            "Acme gives no warranty as to fitness and may terminate this Agreement for convenience.",
            True,
        ),
        # a long subject that "no" determines
        (
            "termination_without_cause",
            "No party to this Agreement or any of its Affiliates may terminate this Agreement for convenience.",
            False,
        ),
        (
            "exclusive",
            "No rights granted to O'Brien & Sons under this Agreement shall be exclusive.",
            False,
        ),
    ],
)
def test_what_no_negates(claim: str, sentence: str, expected: bool) -> None:
    assert holds(claim, sentence) is expected, sentence


# (issue 34, review) a "no" in a condition a subordinator opens, one of a measure, or one whose
# subject stops at its own verb negates nothing of the main clause; generated over the
# condition, the main clause and the parties; every 4th of the product, lower case every other
_CONDITIONS = [
    "if no notice of breach is given within the cure period",
    "where no such notice is given by the end of the Term,",
    "if no agreement on pricing is reached within 30 days",
    "in case no replacement supplier has been found,",
    "so long as no payment default by {y} shall exist,",
    "provided no claim is pending,",
    "when no Products have been ordered for a year,",
    "upon no fewer than thirty days notice",
    "on no greater than ninety days prior written notice",
    "by giving no shorter than 30 days notice,",
]
_MAINS = [
    ("assignment_without_consent", "{x} may assign this Agreement without the consent of {y}"),
    ("non_compete", "{x} shall not compete with {y} in the Territory"),
]
_CONDITIONED = [
    (claim, x, y, text.lower() if i % 2 else text)
    for i, ((x, y), condition, (claim, main)) in enumerate(
        itertools.product(RESTRICTION_PARTIES, _CONDITIONS, _MAINS)
    )
    if i % 4 == 0
    for text in [capitalized(f"{condition} {main}.".format(x=x, y=y))]
]


@pytest.mark.parametrize(("claim", "x", "y", "sentence"), _CONDITIONED)
def test_a_conditions_no_is_not_the_main_clauses(claim: str, x: str, y: str, sentence: str) -> None:
    assert holds(claim, sentence, x, (y,)) is True, sentence


# two "no"s that and / or join are one negation
_JOINED = [
    "{x} represents that no Affiliate of {x} and no officer or director of {x} will compete with {y}.",
    "no employee of {x} or no agent of {x} shall compete with {y} in the Territory.",
    "{x} agrees that no Affiliate and no Representative of {x} will compete with {y}.",
]


@pytest.mark.parametrize(
    ("x", "y", "sentence"),
    [
        (x, y, capitalized(text.format(x=x, y=y)))
        for i, ((x, y), text) in enumerate(itertools.product(RESTRICTION_PARTIES, _JOINED))
        if i % 2 == 0
    ],
)
def test_joined_nos_are_one_negation(x: str, y: str, sentence: str) -> None:
    assert holds("non_compete", sentence, x, (y,)) is True, sentence


# the action as the verb of a condition after the main clause: the main clause's negation is
# not its ("No termination fee shall be payable if Acme terminates"); every 2nd of the product
_MAIN_CLAUSES = [
    "no termination fee or penalty of any kind shall be payable",
    "{y} shall not be liable for any damages",
    "no refund will be due",
]
_OPENERS = ["if", "where", "in the event that"]


@pytest.mark.parametrize(
    ("x", "y", "sentence"),
    [
        (
            x,
            y,
            capitalized(
                f"{main} {opener} {x} terminates this Agreement for convenience.".format(y=y)
            ),
        )
        for i, ((x, y), main, opener) in enumerate(
            itertools.product(RESTRICTION_PARTIES[:2], _MAIN_CLAUSES, _OPENERS)
        )
        if i % 2 == 0
    ],
)
def test_a_trailing_conditions_verb_is_not_negated(x: str, y: str, sentence: str) -> None:
    assert holds("termination_without_cause", sentence, x, (y,)) is None, sentence
