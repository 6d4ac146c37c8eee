"""An NDA's exclusion of information that comes to the recipient from a source named as "a
person", "an entity" or "an individual" ("does not include any information which becomes
available to you on a non-confidential basis from a Person who is not known by you to be bound
by a confidentiality agreement") lets the recipient acquire such information from third parties,
as "from a third party" or "from a source" already did: the source had been read as no one.
Generated over exclusion lead-ins, recipients, verbs of coming, the source's noun and case.
Outside an exclusion, a duty not to obtain or acquire something "from any person" (a standstill's
securities) still says nothing of the claim."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

EXCLUSIONS = [
    'The term "Confidential Information" does not include any information which',
    "Confidential Information shall not include information that",
    "The obligations of this Agreement shall not apply to information which",
    "This Agreement imposes no obligation with respect to information that: (c)",
]
RECIPIENTS = ["you or your Representatives", "the Recipient", "Acme & Co.", "the receiving party"]
COMINGS = [
    "becomes available to {r} on a non-confidential basis from",
    "is lawfully obtained by {r} from",
    "is rightfully received by {r} from",
]
SOURCES = [
    "a Person who is not known by {r} to be bound by a confidentiality agreement",
    "any person or entity not under an obligation of confidentiality",
    "an individual who is not prohibited from disclosing it",
]
# no exclusion: a duty not to take something from any person is no receipt of information
NOT_AN_EXCLUSION = [
    "{r} shall not obtain any information from any person in breach of this Agreement.",
    "{r} shall not acquire any securities of the Company from any person.",
]


@pytest.mark.parametrize(("exclusion", "recipient"), itertools.product(EXCLUSIONS, RECIPIENTS))
def test_information_from_a_person_not_bound_is_excluded(exclusion: str, recipient: str) -> None:
    for coming, source in itertools.product(COMINGS, SOURCES):
        sentence = f"{exclusion} {coming.format(r=recipient)} {source.format(r=recipient)}."
        assert holds("third_party_acquisition", sentence) is True, sentence
        assert holds("third_party_acquisition", sentence.lower()) is True, sentence
    for frame in NOT_AN_EXCLUSION:
        sentence = capitalized(frame.format(r=recipient))
        assert holds("third_party_acquisition", sentence) is None, sentence
