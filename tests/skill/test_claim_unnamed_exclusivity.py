"""Exclusivity said without the word (issue 34): a party appointed as the only or sole one of
its kind ("Distributor shall be the only distributor appointed by NETGEAR in the Territory"),
or a party's promise not to appoint another ("NETGEAR's agreement not to appoint additional
distributors"), says the relationship is exclusive; "sole" of a cost, a remedy or an agent for
service of process says nothing of it. Generated over parties, roles and phrasings."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

PARTIES = [
    ("Acme", "Beta"),
    ("NETGEAR", "Ingram Micro"),
    ("O'Brien & Sons", "Smith-Jones LLC"),
    ("Licensor", "Distributor"),
]
ROLES = ["distributor", "supplier", "reseller", "sales agent", "partner"]
ONLY = [
    "{b} shall be the only {role} appointed by {a} in the Territory.",
    "During the Term, {b} will be {a}'s sole {role} of the Products.",
    "{a} appoints {b} as its sole authorized {role} for the Products in Canada.",
    "{a} agrees not to appoint any other {role}s in the Territory.",
    "{a}'s agreement not to appoint additional {role}s in the Territory is predicated upon "
    "{b} performing the Marketing Plan.",
    "{a} shall not appoint another {role} for the Products during the Term.",
]
CASES = list(itertools.product(PARTIES, ROLES, ONLY))[::4]


@pytest.mark.parametrize(("parties", "role", "form"), CASES)
def test_an_only_or_sole_appointment_is_exclusive(
    parties: tuple[str, str], role: str, form: str
) -> None:
    a, b = parties
    sentence = form.format(a=a, b=b, role=role)
    assert holds("exclusive", sentence) is True
    assert holds("exclusive", sentence.lower()) is True
    # asked as the negation ("Is the relationship non-exclusive?"): No
    assert holds("exclusive", sentence, negated=True) is False


@pytest.mark.parametrize(
    "sentence",
    [
        "Acme hereby appoints CT Corporation as its sole agent for service of process.",
        "Beta shall designate one person as its sole agent to receive notices hereunder.",
        "The Company shall bear the sole cost of any audit.",
        "The Distributor's sole remedy shall be the replacement of the Products.",
        "Licensor may appoint other distributors in the Territory.",
        "Acme is the sole owner of the Licensed Marks.",
    ],
)
def test_sole_of_something_else_says_nothing_of_exclusivity(sentence: str) -> None:
    assert holds("exclusive", sentence) is None
    assert holds("exclusive", sentence.lower()) is None


# (session 33 review) a role of any errand (an agent, representative, partner, provider,
# source) is a commercial appointment only where appointed, in a territory or market, or of /
# for products; never one for communications, notices, payments or instructions, nor another
# engaged to perform the services (subcontracting)
ERRANDS = [
    "{a} shall designate its sole representative for communications under this Agreement.",
    "{a} shall designate its sole representative for notices hereunder.",
    "The Project Manager shall be {a}'s only representative authorized to give instructions "
    "to {b}.",
    "{a}'s sole agent for the receipt of payments shall be its bank.",
    "{a} shall be {b}'s sole source of payment under this Agreement.",
    "{b} shall not engage any other providers of services to perform the Services without "
    "{a}'s consent.",
    "{b} shall not engage any other suppliers to perform the Services without {a}'s consent.",
]
APPOINTED_ERRANDS = [
    "{b} shall be {a}'s sole representative in the Territory.",
    "{a} appoints {b} as its sole agent for the Products.",
    "{b} shall be the only agent appointed by {a}.",
    "{a} shall not appoint any other representatives in the Territory.",
]


@pytest.mark.parametrize(("parties", "form"), list(itertools.product(PARTIES, ERRANDS))[::2])
def test_a_sole_errand_is_no_exclusivity(parties: tuple[str, str], form: str) -> None:
    a, b = parties
    sentence = form.format(a=a, b=b)
    assert holds("exclusive", sentence) is None
    assert holds("exclusive", sentence.lower()) is None


@pytest.mark.parametrize(
    ("parties", "form"), list(itertools.product(PARTIES, APPOINTED_ERRANDS))[1::2]
)
def test_an_errand_appointed_for_a_territory_or_products_is_exclusive(
    parties: tuple[str, str], form: str
) -> None:
    a, b = parties
    sentence = form.format(a=a, b=b)
    assert holds("exclusive", sentence) is True
    assert holds("exclusive", sentence.lower()) is True
