"""A negated verb of weakening before a noun's own restriction keeps it standing (issue 34;
negation counted across clauses): "Nothing herein shall impair X's obligations not to
compete", "Termination shall not relieve X of its covenant not to solicit" say the restriction
holds. The outer "nothing ... impair" preserves, it does not deny: only the noun's own "not
to" negates the action. Generated over parties (names, short names, "&", roles, possessives),
weakening verbs, nouns, the outer negation's wording, lower and upper case; the denials and
creations beside them keep their readings."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "the Distributor", "Licensee", "O'Brien & Sons", "Halcyon Health"]
_OUTER = [
    "Nothing herein shall {v}",
    "Nothing in this Agreement will be deemed to {v}",
    "No provision of this Agreement shall {v}",
    "Termination of this Agreement shall not {v}",
    "The expiration of the Term does not {v}",
]
# (verb, how it names its object: the possessive or "of")
_VERBS = [
    ("impair {p}'s {n}", "impair"),
    ("limit or affect {p}'s {n}", "limit"),
    ("relieve {p} of its {n}", "relieve"),
    ("diminish the {n} of {p}", "diminish"),
    ("prejudice {p}'s {n}", "prejudice"),
]
_NOUNS = ["obligations", "covenant", "undertaking"]
_ACTIONS = {
    "non_compete": "not to compete with the Company in the Territory",
    "non_solicitation": "not to solicit any employee of the Company",
}


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _sentences(claim: str) -> list[str]:
    out = []
    for (outer, party), (verb, _), noun in itertools.product(
        zip(_OUTER, itertools.cycle(_PARTIES), strict=False), _VERBS, _NOUNS
    ):
        text = outer.format(v=verb.format(p=party, n=noun)) + " " + _ACTIONS[claim] + "."
        out.append(_cap(text))
    return out


_KEPT = [(claim, s) for claim in _ACTIONS for s in _sentences(claim)]


@pytest.mark.parametrize(("claim", "sentence"), _KEPT)
@pytest.mark.parametrize("case", ["as", "lower", "upper"])
def test_a_restriction_kept_standing_holds(claim: str, sentence: str, case: str) -> None:
    text = {"as": sentence, "lower": sentence.lower(), "upper": sentence.upper()}[case]
    assert holds(claim, text) is True, text


_OTHERS = [
    # creating no restriction denies it, or says nothing; never a restriction held
    ("non_compete", "Nothing herein shall create any obligation of {p} not to compete."),
    (
        "non_compete",
        "Nothing in this Agreement shall be construed as a covenant of {p} not to compete.",
    ),
    (
        "non_solicitation",
        "Nothing herein shall impose on {p} any obligation not to solicit employees.",
    ),
]


@pytest.mark.parametrize(
    "claim,sentence",
    [(c, _cap(s.format(p=p))) for (c, s), p in itertools.product(_OTHERS, _PARTIES)],
)
def test_creating_none_is_no_restriction_held(claim: str, sentence: str) -> None:
    assert holds(claim, sentence) is not True, sentence


_PLAIN = [
    "{p}'s obligations not to compete with the Company shall survive termination.",
    "{p} agrees not to compete with the Company in the Territory.",
    "{p} shall not be relieved of its covenant not to compete with the Company.",
]


@pytest.mark.parametrize(
    "sentence", [_cap(s.format(p=p)) for s, p in itertools.product(_PLAIN, _PARTIES)]
)
def test_plain_restrictions_still_hold(sentence: str) -> None:
    assert holds("non_compete", sentence) is True, sentence
