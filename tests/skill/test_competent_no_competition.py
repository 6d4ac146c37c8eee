"""The words "competent", "competence", "competency" are not "compete" (issue 34; class
found on cuad-train's training contracts, sentences outside every Non-Compete span): "a court of
competent jurisdiction", "competent staff", "the competence required" say nothing of a
restriction on competing, neither that one holds nor that one fails. Generated over parties
(names, short names, "&", roles, possessives), modal verbs, lower and upper case; the
restrictions beside them still read."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "the Distributor", "Licensee", "O'Brien & Sons", "Halcyon Health"]
_MODALS = ["shall", "will"]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _cases(sentence: str) -> list[str]:
    return [sentence, sentence.lower(), sentence.upper()]


_OTHER_WORD = [
    "{p} {m} not disclose the Confidential Information except as required by a court of "
    "competent jurisdiction.",
    "{p} {m} not employ any person who is not competent to perform the Services.",
    "{p} {m} not assign personnel lacking the competence required for the Work.",
    "{p} {m} not submit any dispute to any tribunal other than a competent court in New York.",
    "Each party {m} submit to the jurisdiction of any court of competent jurisdiction over "
    "{p}'s obligations.",
    "{p} {m} maintain competent staff and the competencies needed for the Services.",
    "{p} {m} not be liable unless a competent authority so orders.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_OTHER_WORD, _PARTIES, _MODALS)
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_competent_is_no_competing(sentence: str) -> None:
    assert holds("non_compete", sentence) is None, sentence


_RESTRICTIONS = [
    "{p} {m} not compete with the Company in the Territory during the Term.",
    "{p} {m} not, directly or indirectly, engage in any business that competes with the "
    "Company, as determined by a court of competent jurisdiction.",
    "{p} {m} not sell any competing products in the Territory.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_RESTRICTIONS, _PARTIES, _MODALS)
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_restrictions_beside_them_still_read(sentence: str) -> None:
    assert holds("non_compete", sentence) is True, sentence
