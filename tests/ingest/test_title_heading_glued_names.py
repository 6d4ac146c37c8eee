"""An amendment's heading run into the name of the agreement it amends ("AMENDMENT NO. 1 TO
STREMICK'S HERITAGE FOODS, LLC and PREMIER NUTRITION CORPORATION MANUFACTURING AGREEMENT", two
CUAD development contracts): the heading's words (a title designation of the lexicon, its
ordinal or number, "to") are no part of the party's name; the party is bound once, by its
name. Generated variants: names with "&", digits, possessives, lower-case legal forms; the
heading numbered or ordinal, in capitals or title case; sampled (every second case)."""

from __future__ import annotations

import itertools

import pytest

from domain import base_key
from tests.ingest.test_preamble_party_lists import _bind_lines, _parties

_FIRST = [
    "HARROW & VALE FOODS, LLC",
    "Quillmark's Dairy 2 Inc.",
    "ORVANDI NUTRITION llc",
]
_SECOND = ["LARKSPUR BRANDS CORPORATION", "Marlow 3D Labs, Ltd."]
_HEADINGS = ["AMENDMENT NO. 1 TO", "Second Addendum to", "SUPPLEMENT NO. 2 TO THE"]

_CASES = list(itertools.product(_FIRST, _SECOND, _HEADINGS))[::2]


@pytest.mark.parametrize(("first", "second", "heading"), _CASES)
def test_an_amendments_heading_is_no_part_of_the_party_name(
    first: str, second: str, heading: str
) -> None:
    lines = [
        f"{heading} {first.upper()} and {second.upper()} MANUFACTURING AGREEMENT",
        f'This Amendment (the "Amendment"), entered into by and between {first} ("First")',
        f'and {second} ("Second") is effective as of June 11, 2018 and amends the',
        "Manufacturing Agreement between the parties.",
    ]
    parties = _parties(_bind_lines("MANUFACTURING AGREEMENT", lines))
    assert all(not p.lower().startswith(heading.split()[0].lower()) for p in parties), parties
    assert {base_key(first), base_key(second)} <= {base_key(p) for p in parties}
