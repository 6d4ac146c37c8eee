"""Exclusivity in a sentence that also says "non-exclusive" of something else (issue 34; class
found on cuad-train's training contracts, Exclusivity spans read as "no"): "grants an exclusive
license under the Patents and a non-exclusive license under the Know-How", "exclusive as to the
products in paragraph 2, but nonexclusive as to all other products", "a non-exclusive right ...
except the Game, for which it shall have the exclusive right" grant exclusivity for one thing.
Alternatives named side by side ("exclusive or non-exclusive"), a state that turns non-exclusive
("shall become non-exclusive if"), and a negated grant ("nothing herein grants an exclusive
right") do not; nor does "solely and exclusively" (for "only"). Generated over parties, things
granted, order and case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = [("Xencor", "Aimmune"), ("the Licensor", "the Licensee"), ("AT&T", "O'Neil Labs")]
_THINGS = [("the Patents", "the Know-How"), ("the Products", "all other products")]


def _exclusive(sentence: str) -> bool | None:
    return holds("exclusive", sentence)


def _cap(sentence: str) -> str:
    return sentence[0].upper() + sentence[1:]


_MIXED = [
    _cap(sentence)
    for (a, b), (x, y) in itertools.product(_PARTIES, _THINGS)
    for sentence in (
        f"{a} hereby grants to {b} an exclusive, worldwide license under {x}, and a "
        f"non-exclusive license under {y}.",
        f"{a} hereby grants to {b} a non-exclusive license under {y} and an exclusive license "
        f"under {x}.",
        f"The license granted to {b} shall be exclusive as to {x}, but nonexclusive as to {y}.",
        f"{b} shall have the non-exclusive right to distribute {y}, except {x}, for which {b} "
        f"shall have the exclusive right and license.",
    )
]


@pytest.mark.parametrize("sentence", _MIXED)
@pytest.mark.parametrize("upper", [False, True])
def test_an_exclusive_grant_beside_a_non_exclusive_one_is_exclusive(
    sentence: str, upper: bool
) -> None:
    sentence = sentence.upper() if upper else sentence
    assert _exclusive(sentence) is True, sentence


_NOT_GRANTED = [
    _cap(sentence)
    for (a, b), (x, _) in itertools.product(_PARTIES, _THINGS[:1])
    for sentence in (
        f"The license to {b} is non-exclusive, and nothing herein grants {b} an exclusive right.",
        f"The exclusive appointment of {b} shall become non-exclusive if {b} fails to meet the "
        f"minimums.",
        f"The royalty depends on whether the license under {x} is exclusive or non-exclusive.",
        f"Each party shall list the licensed rights (exclusive or non-exclusive) it holds in {x}.",
        f"{b} shall have no exclusive territory and its appointment is non-exclusive.",
    )
]


@pytest.mark.parametrize("sentence", _NOT_GRANTED)
def test_alternatives_a_change_or_a_negation_grant_no_exclusivity(sentence: str) -> None:
    assert _exclusive(sentence) is not True, sentence


@pytest.mark.parametrize(("a", "b"), _PARTIES)
@pytest.mark.parametrize(
    "head",
    [
        "{a} grants to {b} a personal, non-exclusive license to use the Mark solely and "
        "exclusively as a component of {b}'s company name.",
        "All damages recovered shall belong solely and exclusively to {a}.",
        "This Agreement is solely and exclusively between {a} and {b}.",
    ],
)
def test_solely_and_exclusively_is_only(head: str, a: str, b: str) -> None:
    sentence = _cap(head.format(a=a, b=b))
    assert _exclusive(sentence) is not True, sentence


# "exclusive" beside a denial in another clause, a request or an option, a right kept, or
# another's (review of issue 34): the denial decides. Generated over parties, case and
# wording; the grant beside stays a grant only in the denial's clause, held by its grantee.
_NOT_HELD_HEADS = [
    "{b} is appointed on a non-exclusive basis; {a} may appoint other exclusive distributors "
    "in other territories.",
    "{b} is appointed on a non-exclusive basis: {a} may appoint other exclusive distributors.",
    "{b} acknowledges that the license is non-exclusive and that {a} has granted exclusive "
    "rights to others.",
    "the license to {b} is non-exclusive, and {a} may grant exclusive licenses elsewhere.",
    "the appointment of {b} is non-exclusive, provided that {b} may request exclusive status "
    "after two years.",
    "the appointment of {b} is non-exclusive, but {b} shall have an option to negotiate "
    "exclusive rights.",
    "{a} grants {b} a non-exclusive license and retains the exclusive right to sublicense.",
    "{a} grants {b} a nonexclusive license and reserves to itself exclusive rights in the Field.",
    "this license is non-exclusive; the exclusive distributor for Europe is Alpha GmbH.",
    "{b}'s license is non-exclusive and {a} may grant exclusive licenses to third parties.",
]


@pytest.mark.parametrize(("a", "b"), _PARTIES)
@pytest.mark.parametrize("head", _NOT_HELD_HEADS)
@pytest.mark.parametrize("upper", [False, True])
def test_exclusive_in_another_clause_a_request_or_anothers_right_is_no_grant(
    head: str, a: str, b: str, upper: bool
) -> None:
    sentence = _cap(head.format(a=a, b=b))
    sentence = sentence.upper() if upper else sentence
    assert _exclusive(sentence) is False, sentence


# an exclusive grant in a clause of its own before a denial of another thing in a later one
# (sub-distributors, sublicenses, another country): still a grant
_GRANTED_FIRST_HEADS = [
    "{a} hereby appoints {b} as its exclusive distributor in the Territory, and {b} may appoint "
    "non-exclusive sub-distributors.",
    "{a} hereby appoints {b} as its exclusive distributor in the Territory; {b} may appoint "
    "non-exclusive sub-distributors.",
    "{a} grants {b} an exclusive license to sell the Products in the Territory, and {b} may "
    "grant non-exclusive sublicenses.",
    "{b} shall have the exclusive right to sell the Products in the Territory, while it shall "
    "have a non-exclusive right in Canada.",
]


@pytest.mark.parametrize(("a", "b"), _PARTIES)
@pytest.mark.parametrize("head", _GRANTED_FIRST_HEADS)
@pytest.mark.parametrize("upper", [False, True])
def test_an_exclusive_grant_before_a_later_clauses_denial_is_exclusive(
    head: str, a: str, b: str, upper: bool
) -> None:
    sentence = _cap(head.format(a=a, b=b))
    sentence = sentence.upper() if upper else sentence
    assert _exclusive(sentence) is True, sentence
