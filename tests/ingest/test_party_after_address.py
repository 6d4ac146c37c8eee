"""A party named right after the address of the party before it, generated variants typeset
to real PDFs and parsed. CUAD's contracts write "... Hlavna 17, 838 01 Bratislava, Slovakia /
and Unit 4 Media LLC, Bernstrasse 34, ...": the reader bound a spurious "Media LLC" beside
the name (read again from the comma before the place, cut at the name's number), and a city
that ends the address and the list's "and" ("Hlavna 17, Bratislava and Orvandi Systems Inc.")
were read as the name's first words, or dropped the party."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms

_FIRST = "Stellar d.o.o."
_OTHERS = [
    "Unit 4 Media LLC",
    "UNIT 4 MEDIA LLC",
    "Harrow & Vale Media LLC",
    "3D Systems Inc.",
    "Suite 7 Partners, L.P.",
    "Orvandi Systems Inc.",
]


def _layouts(first: str, other: str) -> list[list[str]]:
    return [
        # the place ends its line, "and" opens the next
        [
            f"This Contract is concluded between {first}, Hlavna 17,",
            "838 01 Bratislava, Slovakia",
            f"and {other}, Bernstrasse 34, Bern.",
        ],
        # a city that no list of places holds, then "and", on one line
        [
            f"This Contract is concluded between {first}, Hlavna 17, Bratislava and {other},",
            "Bernstrasse 34, Bern.",
        ],
    ]


# On its own line after the place, only a name that an address's word and a number open
# was cut ("Unit 4 Media LLC"); a city and "and" on one line cut or dropped every name.
@pytest.mark.parametrize(
    ("other", "layout"),
    [
        *((o, 0) for o in _OTHERS if any(c.isdigit() for c in o.split()[1])),
        *((o, 1) for o in _OTHERS),
    ],
)
def test_a_party_after_an_address_is_bound_once_by_its_whole_name(other: str, layout: int) -> None:
    result = _bind_lines("SUPPORT CONTRACT", [*_layouts(_FIRST, other)[layout], _RECITAL])
    assert _parties(result) == {_FIRST, other}


# The parties in the other order: the numbered name first, its address, then the other.
@pytest.mark.parametrize("first", ["Unit 4 Media LLC", "Orvandi Systems Inc."])
def test_the_party_after_a_numbered_name_s_address_is_whole(first: str) -> None:
    lines = [
        f"This Contract is concluded between {first}, Bernstrasse 34, Bern and Kestrel",
        "Dvorak s.r.o., Hlavna 17, Bratislava.",
        _RECITAL,
    ]
    assert _parties(_bind_lines("SUPPORT CONTRACT", lines)) == {first, "Kestrel Dvorak s.r.o."}


# With defined terms: the term after the name defines the whole name, never the party before
# the address ("Unit 4 Media LLC ("Buyer")" defined "Buyer" as the first party, or bound
# "Communications, Inc." for "Level 3 Communications, Inc."), nor the city run into it.
@pytest.mark.parametrize(
    "other", ["Unit 4 Media LLC", "Level 3 Communications, Inc.", "SUITE 7 PARTNERS, L.P."]
)
@pytest.mark.parametrize("layout", [0, 1])
def test_the_term_after_an_address_defines_the_whole_name(other: str, layout: int) -> None:
    lines = [
        [
            'This Contract is concluded between Stellar d.o.o. ("Supplier"), Hlavna 17,',
            "838 01 Bratislava, Slovakia",
            f'and {other} ("Buyer"), Bernstrasse 34, Bern.',
        ],
        [
            f"This Contract is concluded between Stellar d.o.o., Hlavna 17, Bratislava and {other}",
            '("Buyer"), Bernstrasse 34, Bern.',
        ],
    ][layout]
    result = _bind_lines("SUPPORT CONTRACT", [*lines, _RECITAL])
    assert _parties(result) == {_FIRST, other}
    assert _terms(result)["Buyer"] == other


# The preamble in capitals, the address's city (or its country) and "AND" opening the line
# of the name, bare or with its term.
_CAPITALS = ["ORVANDI SYSTEMS INC.", "UNIT 4 MEDIA LLC", "LEVEL 3 COMMUNICATIONS, INC."]


@pytest.mark.parametrize(
    ("other", "place", "term"),
    [
        *((o, "BRATISLAVA", t) for o in _CAPITALS for t in ["", ' ("BUYER")']),
        *((o, "BRATISLAVA, SLOVAKIA", ' (the "Buyer")') for o in _CAPITALS[1:]),
    ],
)
def test_a_name_after_an_address_in_capitals_is_whole(other: str, place: str, term: str) -> None:
    lines = [
        "THIS CONTRACT is concluded between STELLAR D.O.O., HLAVNA 17,",
        f"{place} AND {other}{term},",
        "BERNSTRASSE 34, BERN.",
        _RECITAL,
    ]
    result = _bind_lines("SUPPORT CONTRACT", lines)
    assert _parties(result) == {"STELLAR D.O.O.", other}
    if term:
        assert set(_terms(result).values()) == {other}
