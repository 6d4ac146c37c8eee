"""Two signature blocks side by side whose lines ran together (a joint filing agreement's
table read row by row: "UBS IMPACT FUND L.P. ONCOLOGY FUND (CAYMAN) MANAGEMENT L.P. / By: ...
By: ..."; a CUAD development contract): the left column's head, right before the right one's
with nothing but a blank between, is a party too, not only the head the "By:" follows; a head
that signs for another ("By: Acme GP LLC, its general partner") is no party. Generated
variants: names with "&", digits, places in brackets, legal forms in either case, the two heads
on one line or on two; sampled (every second case)."""

from __future__ import annotations

import itertools

import pytest

from domain import base_key
from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_LEFT = [
    "HARROW & VALE IMPACT FUND L.P.",
    "Kestrel 2020 Partners, L.P.",
    "ORVANDI Opportunity Fund (Cayman) Ltd.",
    "Quillmark 3 Capital Inc.",
]
_RIGHT = [
    "LARKSPUR BRIDGE (CAYMAN) MANAGEMENT L.P.",
    "Marlow Advisors GP, LLC",
    "TERN & OSPREY HOLDINGS II, LTD.",
]

_CASES = list(itertools.product(_LEFT, _RIGHT, [False, True]))[::2]


@pytest.mark.parametrize(("left", "right", "wrapped"), _CASES)
def test_both_heads_of_side_by_side_blocks_are_parties(
    left: str, right: str, wrapped: bool
) -> None:
    heads = [f"Dated: May 1, 2020 {left}", right] if wrapped else [f"{left} {right}"]
    lines = [
        "The undersigned hereby agree that the Schedule 13G is filed on behalf of each of them.",
        *heads,
        "By: /s/ Jane Roe By: /s/ John Poe",
        "Name: Jane Roe Name: John Poe",
        "Title: Manager Title: Director",
    ]
    parties = _parties(_bind_lines("JOINT FILING AGREEMENT", lines))
    assert {base_key(left), base_key(right)} <= {base_key(p) for p in parties}


@pytest.mark.parametrize("right", _RIGHT)
def test_an_entity_signing_for_the_head_is_no_party(right: str) -> None:
    # "HARROW FUND L.P. / By: Marlow GP LLC, its General Partner / By: /s/ ...": Marlow GP signs
    # for the fund (it stands after "By:"), and the fund's head is read once.
    lines = [
        "The undersigned hereby agree that the Schedule 13G is filed on behalf of each of them.",
        f"{right}",
        "By: Quillmark Partners GP, LLC, its General Partner",
        "By: /s/ Jane Roe",
        "Name: Jane Roe",
        "HARROW & VALE IMPACT FUND L.P.",
        "By: /s/ John Poe",
        "Name: John Poe",
    ]
    parties = {base_key(p) for p in _parties(_bind_lines("JOINT FILING AGREEMENT", lines))}
    assert base_key(right) in parties
    assert base_key("Quillmark Partners GP, LLC") not in parties
