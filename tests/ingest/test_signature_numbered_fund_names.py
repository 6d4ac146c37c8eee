"""A fund's name with a numeral and a place in brackets before its legal form, in signature
blocks run together on a line after the block above's title ("... Chief Compliance Officer YA
Global Investments II (U.S.), Ltd. By: /s/ ...", a joint filing agreement in CUAD's development
contracts): the name is the party, never its tail "II (U.S.), Ltd." (the capitals after the
title were read as the name, and a numeral or a bracket opens none). Generated variants: names
in mixed case and capitals, numerals II-IV, places, legal forms, capacities; sampled (every
second case)."""

from __future__ import annotations

import itertools

import pytest

from domain import base_key
from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_NAMES = [
    "HARROW Global Investments II (U.S.), Ltd.",
    "Kestrel Capital Partners III (Cayman), L.P.",
    "ORVANDI Opportunity Fund IV (Bermuda) Ltd.",
    "Quillmark Master Fund II (U.S.), LLC",
]
_CAPACITIES = ["Chief Compliance Officer", "Managing Director", "Authorized Signatory"]

_CASES = list(itertools.product(_NAMES, _CAPACITIES, [False, True]))[::2]


@pytest.mark.parametrize(("name", "capacity", "first"), _CASES)
def test_a_numbered_funds_name_in_run_on_blocks_is_the_party(
    name: str, capacity: str, first: bool
) -> None:
    other = "LARKSPUR ADVISORS GP, LLC"
    heads = [name, other] if first else [other, name]
    lines = [
        "The undersigned hereby agree that the Schedule 13G is filed on behalf of each of them.",
        f"Dated: May 1, 2020 {heads[0]} By: /s/ Jane Roe",
        f"Jane Roe {capacity} {heads[1]} By: /s/ Jane Roe",
        f"Jane Roe {capacity}",
    ]
    parties = _parties(_bind_lines("JOINT FILING AGREEMENT", lines))
    assert {base_key(p) for p in parties} == {base_key(name), base_key(other)}
