"""A restriction stated without the topic's own word (issue 34): "the Executive shall not engage
in or provide services to any business that designs or sells robots" restricts competing, the
more so right under a heading that names the topic ("5.2 Non-Competition."). Generated over
actors, verbs, businesses and headings; a deterministic sample of each product runs."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

ACTORS = ["the Executive", "Employee", "Acme", "O'Brien & Sons", "the consultant", "Smith-Jones"]
MODALS = ["shall not", "will not", "agrees not to", "may not"]
VERBS = [
    "engage in or provide services to",
    "own, manage, operate or control",
    "be employed by",
    "directly or indirectly, own an interest in, consult for, or have any other interest in",
    "participate in",
]
BUSINESSES = [
    "any business that designs or sells autonomous mobile robots",
    "any company engaged in the sale of pizza",
    "any entity which provides payroll software in North America",
    "any enterprise of the type carried on by the Company",
]
# a business of no described kind: a restriction on competing only under its heading
PLAIN = ["any entity", "any other business", "any company or firm", "another employer"]
TIMES = ["During employment and for twelve (12) months thereafter, ", "", "for two years, "]
HEADINGS = [
    "5.2 Non-Competition.",
    "Non-Compete.",
    "7. COVENANT NOT TO COMPETE.",
    "(b) Noncompetition.",
]
OTHER_HEADINGS = ["5.1 Confidentiality.", "Outside Activities.", "8. Notices."]


def _sample(product: list[tuple[str, ...]], k: int) -> list[tuple[str, ...]]:
    """Every k-th case of the product (the whole product was checked by hand)."""
    return product[::k]


DESCRIBED = _sample(list(itertools.product(ACTORS, MODALS, VERBS, BUSINESSES, TIMES)), 23)
PLAIN_CASES = _sample(list(itertools.product(ACTORS, MODALS, VERBS, PLAIN)), 17)


def _restriction(time: str, actor: str, modal: str, verb: str, business: str) -> str:
    return capitalized(f"{time}{actor} {modal} {verb} {business}.")


@pytest.mark.parametrize(("actor", "modal", "verb", "business", "time"), DESCRIBED)
def test_a_restriction_on_a_business_of_a_described_kind_is_a_non_compete(
    actor: str, modal: str, verb: str, business: str, time: str
) -> None:
    sentence = _restriction(time, actor, modal, verb, business)
    assert holds("non_compete", sentence) is True
    assert holds("non_compete", sentence.lower()) is True


@pytest.mark.parametrize(("actor", "modal", "verb", "business"), PLAIN_CASES)
def test_a_restriction_on_any_business_is_a_non_compete_under_its_heading(
    actor: str, modal: str, verb: str, business: str
) -> None:
    sentence = _restriction("", actor, modal, verb, business)
    heading = HEADINGS[len(actor) % len(HEADINGS)]
    other = OTHER_HEADINGS[len(verb) % len(OTHER_HEADINGS)]
    # alone, or under another topic's heading, it may be of anything ("shall not own any
    # company" of a shell); under the topic's heading it restricts competing
    assert holds("non_compete", sentence) is None
    assert holds("non_compete", f"{other} {sentence}") is None
    assert holds("non_compete", f"{heading} {sentence}") is True


@pytest.mark.parametrize(
    "sentence",
    [
        # a statement of fact, no restriction
        "Seller does not own any equity interest in any company that sells robots.",
        # a business of no kind, no heading
        "Borrower shall not engage in any business other than the Business.",
        # the heading two sentences up: the sentence right under it is its own
        "5.2 Non-Competition. The Executive acknowledges the Company's interests. "
        "The Executive shall not be employed by any entity.",
    ],
)
def test_no_restriction_on_competing_is_read_without_its_words(sentence: str) -> None:
    assert holds("non_compete", sentence) is None


@pytest.mark.parametrize(
    ("heading", "actor"),
    [
        ("5.3 Non-Solicitation.", "the Executive"),
        ("No Solicitation.", "Acme"),
        ("(c) Non-solicit.", "O'Brien & Sons"),
    ],
)
def test_a_restriction_on_soliciting_under_its_heading(heading: str, actor: str) -> None:
    sentence = (
        f"{heading} During the Term, {actor} shall not solicit or hire any employee of the Company."
    )
    assert holds("non_solicitation", sentence) is True


# an activity of whatever kind, no business named ("engage in the development of
# biocatalysts"): a restriction on competing right under the topic's heading only
ACTIVITY_MODALS = ["shall not", "will not itself or through third parties", "agrees not to"]
ACTIVITY_VERBS = [
    "engage in the development of",
    "develop, manufacture or sell",
    "market or distribute",
    "carry on the production of",
]
ACTIVITIES = ["biocatalysts for succinic acid", "payroll software", "frozen pizza in Ohio"]
ACTIVITY_CASES = _sample(
    list(itertools.product(ACTORS, ACTIVITY_MODALS, ACTIVITY_VERBS, ACTIVITIES)), 11
)


@pytest.mark.parametrize(("actor", "modal", "verb", "activity"), ACTIVITY_CASES)
def test_a_restricted_activity_is_a_non_compete_under_its_heading(
    actor: str, modal: str, verb: str, activity: str
) -> None:
    sentence = capitalized(f"{actor} {modal} {verb} {activity}.")
    heading = HEADINGS[len(actor + verb) % len(HEADINGS)]
    other = OTHER_HEADINGS[len(activity) % len(OTHER_HEADINGS)]
    assert holds("non_compete", f"{heading} {sentence}") is True
    assert holds("non_compete", f"{heading} {sentence}".lower()) is True
    assert holds("non_compete", f"{other} {sentence}") is None
    # the same activity allowed restricts nothing (under a heading of no verb: "7. COVENANT
    # NOT TO COMPETE." is read as a sentence of its own)
    allowed = capitalized(f"{actor} may {verb.split(' or ')[0].split(',')[0]} {activity}.")
    assert holds("non_compete", f"{HEADINGS[0]} {allowed}") is not True
