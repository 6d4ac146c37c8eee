"""NDA claims read by who does what (issue 34, generalization: written from common NDA
wording on generated sentences, not from the bench's documents):

- information acquired from a third party names the third party as its source ("received from",
  "disclosed to the Recipient by", "available through" a third party); a disclosure "to any
  third party", forbidden or allowed, is the recipient's sharing and says nothing of it, and
  "the Receiving Party" is a name, no receipt;
- a party named by its role in the exchange ("the Disclosing Party", "the Discloser", "the
  Providing Party") is a name: a sentence about its liability or warranties shares nothing,
  while a disclosure the recipient makes beside the name still counts;
- information kept "permanently and strictly confidential" (adverbs between the noun and
  "confidential") is a duty of confidence, no copy retained."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized
from tests.skill.claim_reading import holds as _holds

RECIPIENTS = ["The Receiving Party", "Recipient", "each party"]


def _cases(templates: list[str], actors: list[str]) -> list[str]:
    return [capitalized(t.format(a=a)) for t, a in itertools.product(templates, actors)]


SHARING_WITH_THIRD_PARTIES = [
    "{a} shall not disclose the Confidential Information to any third party.",
    "{a} may disclose Confidential Information to a third party with the prior written consent "
    "of the other party.",
    "{a} is entitled to disclose Confidential Information to third parties only as required by "
    "law.",
    "{a} shall not make the Confidential Information available to any third party, except to its "
    "advisors.",
    "Confidential Information shall not be disclosed by {a} to any third party without consent.",
]


@pytest.mark.parametrize("sentence", _cases(SHARING_WITH_THIRD_PARTIES, RECIPIENTS))
def test_a_disclosure_to_a_third_party_is_no_acquisition_from_one(sentence: str) -> None:
    assert _holds("third_party_acquisition", sentence) is None


ACQUIRED_FROM_A_THIRD_PARTY = [
    "This Agreement shall not apply to information that {a} receives from a third party without "
    "restriction.",
    "The obligations hereunder do not extend to information lawfully disclosed to {a} by a third "
    "party not bound by confidentiality.",
    "Confidential Information does not include information that becomes available to {a} "
    "through a third party having no duty of confidentiality.",
    "(c) is rightfully received by {a} from a third party without breach of this Agreement;",
]


@pytest.mark.parametrize(
    "sentence", _cases(ACQUIRED_FROM_A_THIRD_PARTY, ["the Receiving Party", "the recipient"])
)
def test_information_whose_source_is_a_third_party_is_acquired_from_one(sentence: str) -> None:
    assert _holds("third_party_acquisition", sentence) is True
    assert _holds("third_party_acquisition", sentence.lower()) is True


ROLE_NAMES = [
    "Neither the Disclosing Party nor any of its Representatives will have any liability to {a} "
    "resulting from the use of the Confidential Information.",
    "The disclosing party makes no warranty to {a} as to the accuracy of the information.",
    "The Discloser shall not be liable to {a} for any errors in the information.",
    "The Providing Party retains all rights in the information it furnishes to {a}.",
]


@pytest.mark.parametrize("claim", ["sharing_with_employees", "sharing_with_advisors"])
@pytest.mark.parametrize("sentence", _cases(ROLE_NAMES, ["the Receiving Party", "Recipient"]))
def test_a_party_named_by_its_role_shares_nothing(claim: str, sentence: str) -> None:
    assert _holds(claim, sentence) is None


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{a} may disclose the Disclosing Party's Confidential Information to its employees "
            "who need to know it.",
            "{a} shall not disclose the Discloser's information to anyone other than its "
            "employees who need to know.",
        ],
        ["The Receiving Party", "either party"],
    ),
)
def test_a_disclosure_beside_the_role_name_still_counts(sentence: str) -> None:
    assert _holds("sharing_with_employees", sentence) is True


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{a} shall keep the Confidential Information permanently and strictly confidential.",
            "{a} will hold all such information strictly and permanently confidential.",
            "{a} agrees to keep the Evaluation Material completely and entirely secret.",
        ],
        ["The Receiving Party", "the recipient"],
    ),
)
def test_information_kept_confidential_adverbs_between_is_no_copy_retained(sentence: str) -> None:
    assert _holds("retaining_copies", sentence) is not True


@pytest.mark.parametrize(
    "sentence",
    _cases(
        [
            "{a} may keep one copy of the Confidential Information in its legal files.",
            "{a} may retain one archival copy of the Confidential Information permanently.",
        ],
        ["The Receiving Party", "the recipient"],
    ),
)
def test_a_copy_kept_is_retained(sentence: str) -> None:
    assert _holds("retaining_copies", sentence) is True
