"""A party that is a group named by its members, as generated variants typeset to real PDFs
and parsed. CUAD's development contracts (bench/parties --misses) showed an agency agreement
made with "(a) a contractual joint venture comprised of GA Retail, Inc. ("GA") and Tiger
Capital Group, LLC ("Tiger" ...)": the member after "comprised of" read as a name in passing
(the "of" of "a subsidiary of"), no party bound. Each member after the lexicon's member leads
("comprised of", "consisting of", "composed of", "made up of") is a party, with or without its
defined term, in either case, "&" in the names, either order; a name after "of" that is no
member ("the assets of Harrow Holdings, Inc.") stays no party."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms

_MEMBERS = [
    ("GA Retail, Inc.", "Tiger Capital Group, LLC"),
    ("HARROW & VALE MEDIA LLC", "KESTREL PARTNERS, L.P."),
    ("Orvandi Labs GmbH", "Larkspur Data Systems Corporation"),
]
_LEADS = ["comprised of", "consisting of", "composed of", "made up of"]


@pytest.mark.parametrize(("one", "two"), _MEMBERS)
@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("termed", [False, True])
@pytest.mark.parametrize("reordered", [False, True])
def test_the_members_of_a_group_party_are_parties(
    one: str, two: str, lead: str, termed: bool, reordered: bool
) -> None:
    first, second = (two, one) if reordered else (one, two)
    # each member's term its first word ("GA", "Tiger"), or one term for the group
    a, b = (n.split()[0] for n in (first, second))
    named = (
        [f'{first} ("{a}") and {second} ("{b}" and', f'collectively with {a}, the "Agent"),']
        if termed
        else [f"{first} and {second}", '(collectively, the "Agent"),']
    )
    result = _bind_lines(
        "AGENCY AGREEMENT",
        [
            "This Agency Agreement is made as of April 18, 2018, by and between Corvel Brands,",
            f'Inc. ("Merchant"), on the one hand, and a contractual joint venture {lead}',
            *named,
            "on the other hand.",
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", one, two}
    if termed:
        assert _terms(result)[a] == first


@pytest.mark.parametrize("lead", _LEADS)
def test_a_name_after_of_that_is_no_member_is_no_party(lead: str) -> None:
    result = _bind_lines(
        "ASSET PURCHASE AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Seller") and Kestrel',
            f'LLC ("Buyer"), for a portfolio {lead} the assets of Harrow Holdings, Inc. (the',
            '"Portfolio").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Kestrel LLC"}
