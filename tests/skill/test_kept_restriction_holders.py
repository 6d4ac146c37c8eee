"""A restriction kept standing is its holder's, not the party that does not weaken it (issue
34, review of the kept restrictions): "Acme shall not waive Beta's obligation not to compete",
"Acme may not release Beta from its covenant not to compete with Acme" keep Beta's restriction;
asked of Acme they are no Yes (nothing of Acme's own), asked of Beta the restriction holds.
Generated over parties (names, short names, "&", roles), the modal and its negation, verbs of
weakening, how the holder is named (possessive, "of", "from its"), nouns, claims, lower and
upper case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import (
    RESTRICTION_NOUNS,
    RESTRICTION_PARTIES,
    capitalized,
    holds,
)

_PARTIES = RESTRICTION_PARTIES
_MODALS = ["shall not", "will not", "may not", "cannot", "agrees not to"]
# (the verb and how it names the holder {h} of the noun {n})
_VERBS = [
    "waive {h}'s {n}",
    "release {h} from its {n}",
    "relieve {h} of its {n}",
    "terminate the {n} of {h}",
    "modify or limit {h}'s {n}",
]
_NOUNS = RESTRICTION_NOUNS
_ACTIONS = {
    "non_compete": "not to compete with {s} in the Territory",
    "non_solicitation": "not to solicit any employee of {s}",
}


_CASES = [
    (
        claim,
        speaker,
        holder,
        capitalized(f"{speaker} {m} {v.format(h=holder, n=n)} ")
        + _ACTIONS[claim].format(s=speaker)
        + ".",
    )
    for claim in _ACTIONS
    for (speaker, holder), m, v, n in zip(
        itertools.cycle(_PARTIES),
        itertools.cycle(_MODALS),
        _VERBS * len(_NOUNS),
        [n for n in _NOUNS for _ in _VERBS],
        strict=False,
    )
]


@pytest.mark.parametrize(("claim", "speaker", "holder", "sentence"), _CASES)
@pytest.mark.parametrize("case", ["as", "lower", "upper"])
def test_the_kept_restriction_is_not_the_speakers(
    claim: str, speaker: str, holder: str, sentence: str, case: str
) -> None:
    text = {"as": sentence, "lower": sentence.lower(), "upper": sentence.upper()}[case]
    assert holds(claim, text, speaker, (holder,)) is not True, text


@pytest.mark.parametrize(("claim", "speaker", "holder", "sentence"), _CASES)
@pytest.mark.parametrize("case", ["as", "lower", "upper"])
def test_the_kept_restriction_is_the_holders(
    claim: str, speaker: str, holder: str, sentence: str, case: str
) -> None:
    text = {"as": sentence, "lower": sentence.lower(), "upper": sentence.upper()}[case]
    assert holds(claim, text, holder, (speaker,)) is True, text


@pytest.mark.parametrize(("speaker", "holder"), _PARTIES)
def test_the_speakers_own_restriction_beside_still_holds(speaker: str, holder: str) -> None:
    text = f"{speaker} shall not compete with {holder}, and {speaker} shall not waive {holder}'s obligation not to compete."
    assert holds("non_compete", capitalized(text), speaker, (holder,)) is True
