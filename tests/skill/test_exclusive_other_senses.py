"""The word "exclusive" said of something else than the relationship (issue 34; classes found on
cuad-train's training contracts, probe of sentences outside every Exclusivity span):

- "exclusively" for "only" of what a thing relates to, comes from or is kept in ("information
  that is exclusively related to", "derived exclusively from", "located exclusively on");
- the only warranties or terms given ("the exclusive warranties", "are exclusive and in lieu
  of all other warranties", "the exclusive terms and conditions for Purchase Orders");
- an authority or a right to protect, prepare or seek registration of patents (as the existing
  rights to prosecute or defend).

None of these grants exclusivity (neither holds nor fails). Generated over parties (names,
short names, "&", roles), modal verbs, lower and upper case; the grants beside them still
read."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "the Supplier", "Licensee", "O'Brien & Sons", "Halcyon Health"]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _cases(sentence: str) -> list[str]:
    return [sentence, sentence.lower(), sentence.upper()]


_OTHER_SENSES = [
    "{p} {m} deliver the Information that is exclusively related to the Business.",
    '"Antibody" means a protein derived exclusively from an immunoglobulin supplied by {p}.',
    "{p} {m} offer a separate service resulting exclusively from the Developed Software.",
    "The master media {m} be located exclusively on a server controlled by {p}.",
    "The warranties in Section 6.1 are the exclusive warranties from {p}.",
    "The warranties set forth in this Section are exclusive and in lieu of all other warranties "
    "of {p}.",
    "These terms {m} be the exclusive terms and conditions for {p}'s Purchase Orders.",
    "{p} {m} have exclusive authority for the negotiation of all programming agreements.",
    "{p} {m} have the sole and exclusive right, but not the obligation, to protect, seek "
    "registration for, defend and enforce the Inventions.",
    "{p} {m} have the exclusive right to prepare, file, prosecute and maintain the Program "
    "Patents.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_OTHER_SENSES, _PARTIES, ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_exclusive_in_another_sense_grants_nothing(sentence: str) -> None:
    assert holds("exclusive", sentence) is None, sentence


# "exclusively" for "only" in further words: the forum with the adverb first, a possessor
# before the discretion, whose benefit a thing is for, what a thing is used or held for
_FURTHER_SENSES = [
    "Any dispute with {p} {m} exclusively be referred to and finally settled by the competent "
    "court in The Hague.",
    "Venue for any proceedings against {p} {m} exclusively lie in the state and federal courts "
    "of Broward County.",
    "The timing of any price change {m} be exclusively at {p}'s discretion.",
    "The terms of sale may be changed without notice, exclusively at {p}'s sole discretion.",
    "This agreement of indemnity {m} inure exclusively to {p}'s benefit.",
    "The insurance {m} be maintained for the exclusive benefit of {p}.",
    "All equipment situated upon and exclusively used in connection with {p}'s plant {m} "
    "transfer at Closing.",
    "The records {m} be held exclusively for use by {p} in the Business.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_FURTHER_SENSES, _PARTIES, ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_exclusively_for_only_grants_nothing(sentence: str) -> None:
    assert holds("exclusive", sentence) is None, sentence


_GRANTS = [
    "{p} {m} be the exclusive distributor of the Products in the Territory.",
    "The Company hereby appoints {p} as its exclusive agent, and the warranties of the Company "
    "are set out in Section 9.",
    "{p} {m} purchase the Products exclusively from the Company during the Term.",
    # a warranty of the grant, a duty to deal only with the other
    "The Company warrants that {p} {m} be the exclusive distributor of the Products.",
    "{p} {m} devote itself exclusively to the sale of the Company's Products.",
    "{p} {m} have the exclusive rights to maintain Regulatory Approval of, package, promote and "
    "market the Product in the Territory.",
    "{p} {m} sell the Products exclusively through the Company's stores.",
    "{p} {m} be the Company's exclusive agent, at its own discretion as to the means of sale.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_GRANTS, _PARTIES, ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_grants_beside_them_still_read(sentence: str) -> None:
    assert holds("exclusive", sentence) is True, sentence
