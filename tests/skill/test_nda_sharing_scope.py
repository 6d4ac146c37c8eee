"""Sharing with employees and advisors (issue 34, nda-5 and nda-7): readings whose polarity the
sentence does not settle yield none, and a restriction of access to them reads as theirs.

Swaps of the development NDAs' own text, masked there by a carve-out read elsewhere (a swap on
an NDA whose carve-out is worded otherwise):
- the agreement's own existence or terms kept secret ("The existence of this Agreement cannot
  be disclosed to any third party") is the agreement's confidentiality, no denial of sharing
  the information;
- a restriction named as a noun ("not otherwise bound by restrictions on disclosure and use")
  binds someone, no one's act of sharing;
- a prohibition of sharing with "any third party" except persons the claim's words do not name
  ("except those of its Associates who need to know") leaves them unknown: no "no".
And a recall class: access, availability or disclosure restricted to employees or advisors,
whatever governs the verb ("restricting the information's availability to employees, agents or
consultants", a duty's list item). Generated over parties, verbs, nouns, case and order; the
plain prohibition ("shall not disclose ... to any third party") still denies advisors."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

PARTIES = ["the Recipient", "Acme & Sons", "O'Brien's company", "each party"]
AGREEMENT = [
    "The existence of this Agreement",
    "The existence and the terms of this NDA",
    "The fact that discussions are taking place",
    "The terms of the negotiations",
]
SECRET = ["cannot be disclosed to any third party", "shall not be revealed to any third parties"]


@pytest.mark.parametrize("subject", AGREEMENT)
def test_the_agreement_kept_secret_denies_no_sharing(subject: str) -> None:
    for claim, secret in itertools.product(
        ("sharing_with_advisors", "sharing_with_employees"), SECRET
    ):
        sentence = f"{subject} {secret}."
        assert holds(claim, sentence) is None, sentence
        assert holds(claim, sentence.lower()) is None, sentence
    for party in PARTIES:
        sentence = f"{party} shall not disclose to any third party the fact that discussions are taking place."
        assert holds("sharing_with_advisors", sentence) is None, sentence


RESTRICTION_NOUNS = [
    "restrictions on disclosure and use",
    "restrictions on the disclosure",
    "obligations as to disclosure",
    "limitations on use or disclosure",
]


@pytest.mark.parametrize("noun", RESTRICTION_NOUNS)
def test_a_restriction_named_as_a_noun_is_no_sharing(noun: str) -> None:
    for claim, party in itertools.product(
        ("sharing_with_advisors", "sharing_with_employees"),
        ("Representative", "employee", "consultant"),
    ):
        sentence = (
            f"4. To advise the Representatives of the confidential nature of the Information, "
            f"and if such {party} is not otherwise bound by {noun} similar to these, to have "
            f"such {party} agree to be bound by this NDA;"
        )
        assert holds(claim, sentence) is None, sentence


PERSONS = [
    "those of its Associates who are required to have the information",
    "to its Group's Staff who need to know",
    "its Group Companies",
    "to members of its Deal Team",
]
NOT_PERSONS = [
    "as required by law",
    "for the Purpose",
    "with the prior written consent of Acme",
    "to the extent required by a court",
]


@pytest.mark.parametrize(("party", "person"), itertools.product(PARTIES[:2], PERSONS))
def test_a_third_party_prohibition_excepting_unnamed_persons_is_no_denial(
    party: str, person: str
) -> None:
    for verb in ("disclose", "reveal"):
        sentence = f"{party} will not {verb} any Confidential Information to third parties except {person}."
        assert holds("sharing_with_advisors", sentence) is None, sentence
    # a case, not persons, excepted: the prohibition still denies advisors
    for case in NOT_PERSONS:
        sentence = (
            f"{party} shall not disclose Confidential Information to any third party except {case}."
        )
        assert holds("sharing_with_advisors", sentence) is False, sentence


# a duty's list item, no modal of its own: the gerund of restricting, what it restricts, to whom
GERUNDS = [
    "restricting the information's availability to",
    "limiting access to the Confidential Information to",
    "confining its disclosure to",
    "restricting the dissemination of such data to",
]
PERSONS_ALLOWED = [
    "employees, agents or consultants of the receiving party with a need to know,",
    "its officers, attorneys and accountants;",
]


@pytest.mark.parametrize(("lead", "persons"), itertools.product(GERUNDS, PERSONS_ALLOWED))
def test_access_restricted_to_them_is_theirs_to_have(lead: str, persons: str) -> None:
    for sentence in (f"{lead} {persons}", f"(b) {lead} {persons}"):
        assert holds("sharing_with_employees", sentence) is True, sentence
        assert holds("sharing_with_advisors", sentence) is True, sentence
        assert holds("sharing_with_advisors", sentence.upper()) is True, sentence
