"""The verb of weakening that keeps a restriction standing is the word the negation governs,
not a noun before it (issue 34, review): "The release date shall not affect the covenant of
Acme not to compete", "the waiver of any breach shall not affect its obligation not to
compete" keep Acme's restriction standing; "release" and "waiver" there are nouns, the verb is
"affect". Generated over parties (names, short names, "&", roles), subjects named by a noun of
weakening (release, waiver, limitation, discharge) or none (termination, expiry), modals and
their negation, verbs (affect, impair, relieve, release, limit), how the holder is named,
nouns, claims, lower case; the subjects no word of weakening names read as before."""

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
# a subject a noun of weakening names ({o}: the other party)
_NOUN_SUBJECTS = [
    "the release date",
    "the release of {o}",
    "any waiver of any breach by {o}",
    "the limitation of {o}'s liability",
    "a discharge of {o}'s debts",
    "{o}'s release of any claim",
]
# a subject no word of weakening names: read as before
_PLAIN_SUBJECTS = [
    "termination of this Agreement",
    "the expiry of the Term",
    "the closing",
]
_MODALS = ["shall not", "will not", "does not", "may not", "cannot"]
# (the verb and how it names the holder {h} of the noun {n})
_VERBS = [
    "affect the {n} of {h}",
    "impair {h}'s {n}",
    "relieve {h} of its {n}",
    "release {h} from its {n}",
    "limit or affect the {n} of {h}",
]
_NOUNS = RESTRICTION_NOUNS
_ACTIONS = {
    "non_compete": "not to compete with {o} in the Territory",
    "non_solicitation": "not to solicit any employee of {o}",
}


def _cases(subjects: list[str]) -> list[tuple[str, str, str, str]]:
    out = []
    for claim in _ACTIONS:
        for (holder, other), subject, modal, (i, verb) in zip(
            itertools.cycle(_PARTIES),
            itertools.cycle(subjects),
            itertools.cycle(_MODALS),
            enumerate(_VERBS * len(_NOUNS)),
            strict=False,
        ):
            body = verb.format(h=holder, n=_NOUNS[i // len(_VERBS)])
            text = f"{subject.format(o=other)} {modal} {body} {_ACTIONS[claim].format(o=other)}."
            out.append((claim, holder, other, capitalized(text)))
    return out


_NOUN_CASES = _cases(_NOUN_SUBJECTS)
_PLAIN_CASES = _cases(_PLAIN_SUBJECTS)


@pytest.mark.parametrize(("claim", "holder", "other", "sentence"), _NOUN_CASES + _PLAIN_CASES)
@pytest.mark.parametrize("case", ["as", "lower"])
def test_a_noun_of_weakening_is_not_the_verb(
    claim: str, holder: str, other: str, sentence: str, case: str
) -> None:
    text = sentence.lower() if case == "lower" else sentence
    assert holds(claim, text, holder, (other,)) is True, text


@pytest.mark.parametrize(("claim", "holder", "other", "sentence"), _NOUN_CASES + _PLAIN_CASES)
def test_the_kept_restriction_is_not_the_others(
    claim: str, holder: str, other: str, sentence: str
) -> None:
    assert holds(claim, sentence, other, (holder,)) is not True, sentence


@pytest.mark.parametrize(("holder", "other"), _PARTIES)
@pytest.mark.parametrize(
    "sentence",
    [
        "{h} acknowledges that the waiver of any breach shall not affect its obligation not to"
        " compete with {o}.",
        "{h} agrees that the release of any claim will not impair its covenant not to solicit any"
        " employee of {o}.",
    ],
)
def test_a_complement_clause_keeps_its_subjects_restriction(
    holder: str, other: str, sentence: str
) -> None:
    text = sentence.format(h=holder, o=other)
    claim = "non_compete" if "compete" in text else "non_solicitation"
    assert holds(claim, text, holder, (other,)) is True, text
