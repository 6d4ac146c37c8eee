"""Sentences read as a right to terminate without cause, or as automatic renewal, that are
none (issue 34; classes found on cuad-train's training contracts, probe of sentences outside
every Termination For Convenience / Renewal Term span):

- a right that is what ends: "Upon termination of this Agreement for any reason, the
  Franchisee's right to use the Marks shall terminate" ("right to" governs "use"; "shall"
  governs the ending) gives no right to terminate;
- a condition said by an inverted "should": "may be terminated by either party should
  Smith's employment terminate for any reason" is a right an event triggers, like "if";
- a time limit extended by a delay: "such period shall automatically be extended by the
  number of days taken for the arbitration" is no renewal of the agreement;
- "Evergreen" as a name ("Evergreen Gateway") is no evergreen term.

Generated over parties (names, short names, "&", roles), modal verbs, wordings, lower and upper
case; the rights and renewals beside them still read."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

_PARTIES = ["Acme", "the Franchisee", "Licensee", "O'Brien & Sons", "Halcyon Health"]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _cases(sentence: str) -> list[str]:
    return [sentence, sentence.lower(), sentence.upper()]


_RIGHT_ENDS = [
    "Upon termination of this Agreement for any reason, {p}'s right to use the Marks {m} "
    "terminate.",
    "Upon expiration or termination for any reason of this Agreement, the right of {p} to "
    "distribute the Products {m} terminate.",
    "On termination of this Agreement at any time, all rights of {p} to sell the Products {m} "
    "automatically terminate.",
    "If this Agreement ends for any reason, {p}'s license and right to use the Software {m} "
    "terminate immediately.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_RIGHT_ENDS, _PARTIES, ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_a_right_that_ends_is_no_right_to_terminate(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is not True, sentence


_SHOULD = [
    "This Agreement may, with written notice, be terminated by either party should {p}'s "
    "employment with the Company terminate for any reason.",
    "{p} may terminate this Agreement at any time should the other party cease to do business.",
    "Should the Offering be abandoned for any reason, {p} may terminate this Agreement upon "
    "notice.",
    "Either party may terminate this Agreement at any time, should any regulatory approval be "
    "withdrawn, by notice to {p}.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party in itertools.product(_SHOULD, _PARTIES)
        # (a name in capitals is read after "should" only as a possessive)
        for case in [_cap(head.format(p=party)), _cap(head.format(p=party)).upper()]
        if party != "Halcyon Health" or case[:1] != "T" or not case.isupper()
    ],
)
def test_a_right_an_inverted_should_triggers_is_no_termination_for_convenience(
    sentence: str,
) -> None:
    assert holds("termination_without_cause", sentence) is None, sentence


_RIGHTS = [
    "{p} {r} terminate this Agreement at any time upon thirty (30) days' written notice.",
    "{p} {r} terminate this Agreement for any reason upon notice, and should promptly return "
    "all materials.",
    "At any time and for any reason, {p} {r} terminate this Agreement.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, right in itertools.product(
            _RIGHTS, _PARTIES, ["may", "shall have the right to", "will be entitled to"]
        )
        for case in _cases(_cap(head.format(p=party, r=right)))
    ],
)
def test_rights_to_terminate_still_read(sentence: str) -> None:
    assert holds("termination_without_cause", sentence) is True, sentence


_DELAYS = [
    "Such period {m} automatically be extended by the number of days taken for the "
    "determination of that matter by the arbitrator.",
    "The delivery date {m} be extended automatically for a period equal to the delay caused by "
    "{p}.",
    "Any time limit for {p}'s performance {m} automatically be extended for the duration of "
    "the force majeure event.",
    "Where the last day falls on a holiday, the period {m} automatically be extended to the "
    "next business day.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_DELAYS, _PARTIES, ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_a_time_limit_extended_by_a_delay_is_no_renewal(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None, sentence


@pytest.mark.parametrize("party", _PARTIES)
def test_evergreen_as_a_name_is_no_renewal(party: str) -> None:
    # a name only as written: in lower or upper case the word is the term's
    sentence = f"Payments by {party} go into Evergreen Gateway accounts and are paid out weekly."
    assert holds("automatic_renewal", sentence) is None, sentence


_RENEWALS = [
    "This Agreement {m} automatically renew for successive one-year periods unless {p} gives "
    "notice of non-renewal.",
    "The Term {m} automatically be extended for additional one-year periods.",
    "This Agreement {m} renew automatically for additional terms of one year each, and the "
    "deadline for payment by {p} shall be extended to the next business day.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        case
        for head, party, modal in itertools.product(_RENEWALS, _PARTIES, ["shall", "will"])
        for case in _cases(_cap(head.format(p=party, m=modal)))
    ],
)
def test_renewals_still_read(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is True, sentence
