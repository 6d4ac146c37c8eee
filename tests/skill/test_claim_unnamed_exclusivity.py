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
