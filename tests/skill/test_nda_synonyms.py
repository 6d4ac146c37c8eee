"""NDA claims said in other words than the rules knew (issue 34, the ContractNLI bench's
development half): business kinds of information in a list ("technical, business, financial,
pricing and product development plans") are not technical information only; information
surrendered or delivered back when the agreement ends is returned. Generated variants (actors, lists, order, modals); a notice
delivered is no return."""

from __future__ import annotations

import pytest

from domain import lexicon
from tests.skill.claim_reading import holds as _holds

_ENTRIES = {p.name: p for p in lexicon().propositions}


@pytest.mark.parametrize("term", ["Proprietary Information", "Confidential Information"])
@pytest.mark.parametrize(
    "kinds",
    [
        "other technical, business, financial, pricing and product development plans",
        "the operations, business, affairs and personnel of the Discloser",
        "technical, marketing, sales, operating and cost information",
    ],
)
def test_business_kinds_in_a_list_are_not_technical_only(term: str, kinds: str) -> None:
    sentence = f"{term} shall mean, without limitation, computer programs, code, and {kinds}."
    assert _holds("technical_information_only", sentence) is False


@pytest.mark.parametrize("actor", ["The Recipient", "Attendee", "each party"])
@pytest.mark.parametrize(
    "sentence",
    [
        "Upon termination of this Agreement, {a} shall deliver to the Discloser all documents "
        "containing Confidential Information.",
        "All materials containing Confidential Information will be promptly surrendered by {a} "
        "upon the completion of the Project.",
        "Upon expiration of this Agreement, all copies of the Information will be delivered by "
        "{a} to the Discloser.",
        "upon termination {a} shall redeliver all Evaluation Material to the Company.",
    ],
)
def test_information_surrendered_or_delivered_back_is_returned(actor: str, sentence: str) -> None:
    assert _holds("return_on_termination", sentence.format(a=actor)) is True


@pytest.mark.parametrize(
    "sentence",
    [
        "A notice shall be effective upon expiration of the period below: if delivered "
        "personally, when it is delivered.",
        "Upon termination of this Agreement, any notice delivered by either party shall be in "
        "writing.",
    ],
)
def test_a_notice_delivered_is_no_return(sentence: str) -> None:
    assert _holds("return_on_termination", sentence) is None
