"""A signing lead names the party where no legal form does ("For and on behalf of Korea
Telecom / By: ____", issue 33). CUAD's development contracts (bench/parties --misses) showed a
consortium whose preamble names its parties "the Parties signatory hereto" and whose blocks
sign "For and on behalf of China Telecom", "... of The Communications Authority of Thailand",
"... of TT dotCom Sdn Bhd": the blocks of names with a legal form were read, those without
none. Generated variants: names with no legal form (two words, "&", "of", a word in lower case
with a capital inside, capitals), the lexicon's leads in any case, the block of a name with a
legal form before or after; controls: a role, a defined term, a board or the shareholders
after the lead make no party. The product is sampled (every third case)."""

from __future__ import annotations

import itertools

import pytest

from domain import base_key
from tests.ingest.test_signature_parties import _agreement

_BARE = [
    "Korea Telecom",
    "Harrow & Vale Media",
    "The Communications Authority of Kestria",
    "Orvandi Broadcasting Network",
    "KT dotCom Sdn Bhd",
    "Larkspur Telecom",
]
_LEADS = [
    "For and on behalf of ",
    "FOR AND ON BEHALF OF ",
    "On behalf of ",
    "for and on behalf of ",
]
_FORMED = ["Corvel Brands, Inc.", "Quillmark Systems Ltd."]

_PREAMBLE = (
    "This Agreement is made on 1 May 2019 between and among the Parties signatory hereto "
    '(collectively called the "Parties"), which Parties are identified in Schedule A.'
)
_WITNESS = "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the date above."

_CASES = [
    (name, lead, upper, formed_first)
    for name, lead, upper, formed_first in itertools.product(
        _BARE, _LEADS, [False, True], [False, True]
    )
][::3]


def _key(name: str) -> str:
    return base_key(name.removeprefix("The ").removeprefix("THE "))


@pytest.mark.parametrize(("name", "lead", "upper", "formed_first"), _CASES)
def test_a_name_with_no_legal_form_after_a_signing_lead_is_a_party(
    name: str, lead: str, upper: bool, formed_first: bool
) -> None:
    written = name.upper() if upper else name
    formed = _FORMED[len(name) % 2]
    heads = [lead + formed, lead + written]
    if not formed_first:
        heads = heads[::-1]
    parties = _agreement(_PREAMBLE, heads, _WITNESS)
    assert {_key(p) for p in parties} == {_key(written), base_key(formed)}


# Controls: what a lead may name that is no party (a role, a defined term, a board, the
# shareholders): only the block of the name with a legal form, and with one party no binding.
@pytest.mark.parametrize(
    "head",
    [
        "For and on behalf of Licensee",
        "On behalf of the Board of Directors",
        "For and on behalf of the Shareholders",
        "FOR AND ON BEHALF OF THE COMPANY",
        "On behalf of itself",
        # a person, a department, a group, a capacity (issue 33 review): no legal entity
        "For and on behalf of Mr. John Smith",
        "on behalf of JOHN W. SMITH",
        "For and on behalf of the Sales Department",
        "FOR AND ON BEHALF OF THE TRUSTEES",
        "On behalf of the Guarantors",
        "For and on behalf of the Joint Venture",
        "On behalf of Its General Partner",
        "for and on behalf of the Lenders",
    ],
)
def test_a_role_or_a_body_after_a_signing_lead_is_no_party(head: str) -> None:
    parties = _agreement(_PREAMBLE, ["For and on behalf of Corvel Brands, Inc.", head], _WITNESS)
    assert parties == set()
