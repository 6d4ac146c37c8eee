"""A restriction lifted is no restriction (issue 34): words that lift a noun's own restriction
from its holder ("Beta shall release Acme from its obligation not to compete", "Acme will not
be restricted by any covenant not to compete", "Acme shall cease to be bound by its undertaking
not to solicit") say the restriction does not hold for the holder (False; a condition such as
"Upon Closing" is carried, so no plain Yes), never that it holds; another party's lifted
restriction says nothing of the one asked. A negation before the verb of freeing keeps the
restriction standing ("Termination shall not relieve Acme of its obligation not to compete").
Generated over parties (names, short names, "&", roles), modals, verbs and phrases of lifting,
nouns, claims, conditions and lower case."""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import Claim, ClauseReader
from tests.skill.claim_reading import holds

_ENTRIES = {p.name: p for p in lexicon().propositions}
# (holder, other party)
_PARTIES = [
    ("Acme", "Beta"),
    ("Halcyon Health", "Northgate"),
    ("Smith-Jones LLC", "O'Brien & Sons"),
    ("Licensee", "Licensor"),
    ("Executive", "Company"),
]
# the words that lift the noun {n} of the holder {h}, spoken by {o} or by the holder
_LIFTS = [
    "{o} shall release {h} from its {n}",
    "{o} hereby releases {h} from its {n}",
    "{o} will discharge {h} from its {n}",
    "{o} agrees to relieve {h} of its {n}",
    "{o} shall free {h} from its {n}",
    "{o} waives {h}'s {n}",
    "{h} is hereby released from its {n}",
    "{h} shall be discharged from its {n}",
    "{h} will be relieved of its {n}",
    "{h} shall be released by {o} from its {n}",
    "{h} will not be restricted by any {n}",
    "{h} shall not be bound by its {n}",
    "{h} is not subject to any {n}",
    "{h} shall no longer be bound by its {n}",
    "{h} shall cease to be bound by its {n}",
    "{h} will not be limited by any {n}",
]
_NOUNS = ["obligation", "covenant", "undertaking", "restriction"]
_ACTIONS = {
    "non_compete": "not to compete with {o} in the Territory",
    "non_solicitation": "not to solicit any employee of {o}",
}


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


_CASES = [
    (
        claim,
        holder,
        other,
        _cap(f"{lift.format(h=holder, o=other, n=noun)} {_ACTIONS[claim].format(o=other)}."),
    )
    for claim in _ACTIONS
    for ((holder, other), lift), noun in zip(
        zip(itertools.cycle(_PARTIES), _LIFTS * len(_NOUNS), strict=False),
        [n for n in _NOUNS for _ in _LIFTS],
        strict=True,
    )
]
_CONDITIONS = ["Upon Closing, ", "If the Merger is consummated, ", "upon the Effective Date, "]


def _read(claim: str, sentence: str, actor: str, other: str) -> tuple[bool | None, tuple[str, ...]]:
    reader = ClauseReader(Claim(_ENTRIES[claim], False, actor, (other,)))
    reading, _ = reader.read(sentence)
    return (None, ()) if reading is None else (reading.holds, reading.conditions)


@pytest.mark.parametrize(("claim", "holder", "other", "sentence"), _CASES)
@pytest.mark.parametrize("lower", [False, True])
def test_a_lifted_restriction_does_not_hold_for_its_holder(
    claim: str, holder: str, other: str, sentence: str, lower: bool
) -> None:
    text = sentence.lower() if lower else sentence
    assert holds(claim, text, holder, (other,)) is False, text


@pytest.mark.parametrize(("claim", "holder", "other", "sentence"), _CASES)
@pytest.mark.parametrize("lower", [False, True])
def test_a_lifted_restriction_is_no_yes_for_the_other_party(
    claim: str, holder: str, other: str, sentence: str, lower: bool
) -> None:
    text = sentence.lower() if lower else sentence
    assert holds(claim, text, other, (holder,)) is not True, text


@pytest.mark.parametrize(
    ("claim", "holder", "other", "sentence", "condition"),
    [
        (*case, condition)
        for case, condition in zip(_CASES, itertools.cycle(_CONDITIONS), strict=False)
    ],
)
def test_a_restriction_lifted_on_a_condition_carries_it(
    claim: str, holder: str, other: str, sentence: str, condition: str
) -> None:
    text = condition + sentence[0].lower() + sentence[1:]
    value, conditions = _read(claim, text, holder, other)
    assert value is not True, text
    assert value is None or conditions, text


# the restriction kept standing, and the restriction itself (controls: passed before)
_KEPT = [
    "Termination shall not relieve {h} of its {n} {a}.",
    "Nothing herein shall release {h} from its {n} {a}.",
    "{o} shall not waive {h}'s {n} {a}.",
    "{o} may not release {h} from its {n} {a}.",
    "{h} shall not be released from its {n} {a}.",
    "The {n} of {h} {a} shall survive termination.",
]


@pytest.mark.parametrize(
    ("claim", "holder", "other", "sentence"),
    [
        (claim, h, o, _cap(kept.format(h=h, o=o, n=n, a=_ACTIONS[claim].format(o=o))))
        for claim in _ACTIONS
        for (h, o), kept, n in zip(
            itertools.cycle(_PARTIES), _KEPT * 2, itertools.cycle(_NOUNS[:3]), strict=False
        )
    ],
)
@pytest.mark.parametrize("lower", [False, True])
def test_a_restriction_kept_standing_holds(
    claim: str, holder: str, other: str, sentence: str, lower: bool
) -> None:
    text = sentence.lower() if lower else sentence
    assert holds(claim, text, holder, (other,)) is True, text


@pytest.mark.parametrize(("holder", "other"), _PARTIES)
@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("non_compete", "{h} shall not compete with {o} in the Territory."),
        ("non_compete", "{h} agrees not to compete with {o} in the Territory."),
        ("non_solicitation", "{h} will not solicit any employee of {o}."),
    ],
)
def test_the_restriction_itself_holds(claim: str, sentence: str, holder: str, other: str) -> None:
    text = sentence.format(h=holder, o=other)
    assert holds(claim, text, holder, (other,)) is True, text


@pytest.mark.parametrize(("holder", "other"), _PARTIES)
@pytest.mark.parametrize(
    "sentence",
    [
        # a noun of freeing, not a verb; a relative clause's words
        "Upon release of the Product, {h}'s obligation not to compete with {o} shall continue.",
        "After the release date, the obligation of {h} not to compete with {o} shall survive.",
        "{h}, which is not subject to any other agreement, agrees to the covenant not to compete"
        " with {o}.",
    ],
)
def test_words_of_freeing_that_lift_nothing_leave_the_restriction(
    sentence: str, holder: str, other: str
) -> None:
    text = sentence.format(h=holder, o=other)
    assert holds("non_compete", text, holder, (other,)) is True, text
