"""A party slot that describes a party named elsewhere ("RECEIVING PARTY IDENTIFIED IN ANNEXURE
A", "the Recipient named in Schedule 1", "THE PARTY SET OUT ON THE SIGNATURE PAGE") binds no
party and no alias: the description is no name. The named party beside it is bound as before.
Generated over descriptions, case, order and role terms, typeset to PDFs and parsed."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _parties, _terms

_DESCRIBED = [
    "RECEIVING PARTY IDENTIFIED IN ANNEXURE A",
    "the Recipient named in Schedule 1",
    "THE PARTY SET OUT ON THE SIGNATURE PAGE",
    "Company Listed in Exhibit B",
    "the Investor specified below",
    "THE COUNTERPARTY DESCRIBED HEREIN",
    "the Supplier referred to in Appendix 2",
]
_NAMED = [
    ("ACME HOLDINGS LIMITED", "ACME HOLDINGS LIMITED"),
    ("Bramble & Vale Trading Co., Ltd.", "Bramble & Vale Trading Co., Ltd."),
    ("Orvandi Micro Systems, Inc., a Delaware corporation", "Orvandi Micro Systems, Inc."),
]
_TERMS = [("Disclosing Party", "Receiving Party"), ("Company", "Recipient")]


@pytest.mark.parametrize("described", _DESCRIBED)
@pytest.mark.parametrize("named_first", [True, False])
def test_a_described_party_binds_nothing(described: str, named_first: bool) -> None:
    k = len(described) % len(_NAMED)
    written, name = _NAMED[k]
    named_term, described_term = _TERMS[len(described) % 2]
    a = f'{written} (the "{named_term}")'
    b = f'{described} (the "{described_term}")'
    first, second = (a, b) if named_first else (b, a)
    preamble = (
        'This Mutual Non-Disclosure Agreement (the "Agreement") is made on 1 May 2021 '
        f"between {first} and {second}."
    )
    result = _bind("MUTUAL NON-DISCLOSURE AGREEMENT", [preamble, _RECITAL], 90)
    assert _parties(result) == {name}, _parties(result)
    terms = _terms(result)
    assert terms.get(named_term) == name, terms
    assert described_term not in terms, terms
