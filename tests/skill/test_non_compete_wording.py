"""A non-compete that never says "compete": a party may not engage in, own, manage, operate,
be employed by or provide services to a business whose trade the sentence names ("any
business that designs or sells autonomous mobile robots"). The clause reader reads it as the
restriction (the sample data room's employment agreement was answered "no non-compete
confirmed"); a restriction on dealing with a named kind of counterparty, conduct that is no
business, or a freedom to engage says no such restriction. Generated over actors, modal verbs,
verbs, businesses and case."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader

_NON_COMPETE = next(p for p in lexicon().propositions if p.name == "non_compete")
ACTORS = ["The Executive", "Consultant", "Each Founder", "Brightline Components, Inc."]
MODALS = ["shall not", "will not", "may not", "agrees that it shall not"]
VERBS = [
    "engage in",
    "engage in or provide services to",
    "own, manage or operate",
    "be employed by",
    "render services for",
    "directly or indirectly own or control",
]
BUSINESSES = [
    "any business that designs or sells autonomous mobile robots",
    "any enterprise engaged in the manufacture of medical devices",
    "a company which develops logistics software",
    "any entity in the business of freight brokerage",
]


def _holds(sentence: str) -> bool | None:
    reading, _ = ClauseReader(Claim(_NON_COMPETE, False, None, ())).read(sentence)
    return None if reading is None else reading.holds


def _upper_too(sentences: list[str]) -> list[str]:
    return [v for s in sentences for v in (s, s.upper())]


RESTRICTED = _upper_too(
    [
        f"During the Term and for twelve (12) months thereafter, {actor} {modal} {verb} "
        f"{business} in North America."
        for actor in ACTORS
        for modal in MODALS
        for verb in VERBS
        for business in BUSINESSES
    ]
)


@pytest.mark.parametrize("sentence", RESTRICTED)
def test_a_restriction_naming_the_business_is_a_non_compete(sentence: str) -> None:
    assert _holds(sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _upper_too(
        [
            f"{actor} {modal} {verb} {what}."
            for actor in ACTORS
            for modal in ("shall not", "will not")
            for verb in ("provide services to", "engage in")
            for what in (
                "any company that is a customer of the Company",
                "any conduct that harms the reputation of the Company",
                "any activity prohibited by applicable law",
            )
        ]
    ),
)
def test_dealings_and_conduct_that_name_no_trade_are_no_non_compete(sentence: str) -> None:
    assert _holds(sentence) is not True


@pytest.mark.parametrize(
    "sentence",
    [
        f"After the Term, {actor} may {verb} {business}."
        for actor in ACTORS
        for verb in ("engage in", "own, manage or operate")
        for business in BUSINESSES[:2]
    ],
)
def test_a_freedom_to_engage_is_no_restriction(sentence: str) -> None:
    assert _holds(sentence) is not True
