"""A non-compete said through the verb of doing business a negation governs (issue 34; class
found on cuad-train's training contracts, Non-Compete): "X shall not, directly or indirectly,
sell, offer for sale, market or promote any product which is competitive with the Products",
"neither X nor its affiliates shall manufacture ... products similar to the Products", "X
agrees not to develop ... any competing product". The competing thing is the verb's object,
in the same clause; a duty or a right to do business with competing things, or a negation of
a restriction ("shall not be prevented from selling"), is no restriction. Generated over
parties, verbs, objects, asides and case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "the Distributor", "Licensee", "O'Brien & Sons"]
_VERBS = [
    "sell, offer for sale, market or promote",
    "manufacture or distribute",
    "develop, produce or commercialize",
    "participate in the formation of",
]
_OBJECTS = [
    "any product which is competitive with the Products",
    "any products similar to the Products",
    "any business that competes with the Company",
    "any products that compete directly or indirectly with the Products",
]
_HEADS = [
    "{p} shall not, directly or indirectly, {v} {o}.",
    "During the Term, {p} will not {v} {o} in the Territory.",
    "{p} agrees not to {v} {o} during the term of this Agreement.",
    "Neither {p} nor any of its affiliates shall {v} {o}.",
    "{p} must not, without the prior written consent of the Company, {v} {o}.",
]


def _sentence(head: str, party: str, verb: str, obj: str) -> str:
    text = head.format(p=party, v=verb, o=obj)
    return text[0].upper() + text[1:]


_CASES = [
    _sentence(h, p, v, o)
    for (h, p), v, o in itertools.product(
        zip(_HEADS, itertools.cycle(_PARTIES), strict=False), _VERBS, _OBJECTS
    )
]


@pytest.mark.parametrize("sentence", _CASES)
@pytest.mark.parametrize("upper", [False, True])
def test_a_prohibited_business_in_competing_things_is_a_non_compete(
    sentence: str, upper: bool
) -> None:
    sentence = sentence.upper() if upper else sentence
    assert holds("non_compete", sentence) is True, sentence


@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize(
    "head",
    [
        # a duty, a right, a restriction negated: no restriction on competing
        "{p} shall develop sufficient knowledge of the industry and of products competitive "
        "with the Products.",
        "{p} is entitled to publish or distribute content competitive with the Content.",
        "{p} shall not be prevented from selling products that compete with the Products.",
    ],
)
def test_doing_business_with_competing_things_otherwise_is_no_non_compete(
    party: str, head: str
) -> None:
    sentence = head.format(p=party)
    sentence = sentence[0].upper() + sentence[1:]
    assert holds("non_compete", sentence) is not True, sentence


# the competing thing in another clause: after a comma and a conjunction with a new subject,
# in a relative clause after a comma, or "competitive" of a price or a quality (review of
# issue 34): no non-compete from the verb. Generated over parties, verbs and case.
_OTHER_CLAUSE_HEADS = [
    "{p} shall not {v} the Products outside the Territory, and the Company may appoint "
    "competing distributors elsewhere.",
    "{p} will not {v} the Products outside the Territory, but the Company may sell through "
    "competitors.",
    "{p} shall not {v} the Products below the prices in Schedule B, which the Company sets to "
    "be competitive.",
    "{p} shall not {v} the Products below competitive prices.",
    "{p} agrees not to {v} the Products at prices that are not competitive in the market.",
]


@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize("verb", ["sell", "market or distribute"])
@pytest.mark.parametrize("head", _OTHER_CLAUSE_HEADS)
@pytest.mark.parametrize("upper", [False, True])
def test_competing_in_another_clause_or_a_competitive_price_is_no_non_compete(
    head: str, party: str, verb: str, upper: bool
) -> None:
    sentence = head.format(p=party, v=verb)
    sentence = sentence[0].upper() + sentence[1:]
    sentence = sentence.upper() if upper else sentence
    assert holds("non_compete", sentence) is not True, sentence


# "competitive" of a business, a post or a thing stays competing (as on main): only a price,
# a rate or a quality is excluded
@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize(
    "head",
    [
        "{p} shall not accept competitive employment during the Term.",
        "{p} shall not work for any competitive firm or organization during the Term.",
        "{p} shall not, directly or indirectly, own or operate a competitive concern.",
        "{p} shall not carry any product line that is competitive.",
        "{p} shall not sell any Competitive Products in the Territory.",
    ],
)
def test_competitive_of_a_business_or_a_thing_is_a_non_compete(party: str, head: str) -> None:
    sentence = head.format(p=party)
    sentence = sentence[0].upper() + sentence[1:]
    assert holds("non_compete", sentence) is True, sentence
