"""Where a party's name starts when an address, a heading or an address opener's word stands
before it, as generated variants typeset to real PDFs and parsed. Question benches on the CUAD
knowledge base showed the second party's name run back over the first party's address or a
heading ("United Kingdom and CERES, INC.", "Commission BETWEEN CERES, INC.", CUAD's "...,
Bratislava 38, Slovakia and Sicap Ltd"), and a name that an address opener's word and a number
open cut after the number ("Unit 2 Holdings Ltd." read as "Holdings Ltd."). The place that
ends an address, the list's joiner after it and a heading before a list's opener are no words
of the name; an address opener's word, its number and the name's next word on one line are."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms

# Second parties as generated variants: "&", digits, a lower-case legal form, capitals.
_SECOND = [
    "CERES, INC.",
    "Sicap Ltd",
    "Harrow & Vale Media LLC",
    "Orvandi Labs, inc.",
    "Kes 7 Capital Inc.",
]

# The first party's address in two parts, ending in a place: a country, a state, a two-word
# country.
_ADDRESSES = [
    ("Bernstrasse 34,", "3072 Ostermundigen, Switzerland"),
    ("17 Stefanikova,", "838 01 Bratislava, Slovakia"),
    ("40 Wall Street,", "New York, New York"),
    ("1 Kingsway,", "London, United Kingdom"),
    ("12 Elm Road,", "Springfield, Ohio"),
]


@pytest.mark.parametrize(
    ("address", "second", "place_on_party_line"),
    [(a, _SECOND[i], i % 2 == 0) for i, a in enumerate(_ADDRESSES)],
)
def test_an_address_s_place_before_the_next_party_stays_out(
    address: tuple[str, str], second: str, place_on_party_line: bool
) -> None:
    street, place = address
    first = f'Quillmark Systems GmbH ("Customer"), {street}'
    lines = (
        [first, f'{place} and {second} ("Supplier").']
        if place_on_party_line
        else [f"{first} {place}", f'and {second} ("Supplier").']
    )
    result = _bind_lines(
        "SUPPLY AGREEMENT", ["This Agreement is made by and between:", *lines, _RECITAL]
    )
    assert _parties(result) == {"Quillmark Systems GmbH", second}
    assert _terms(result)["Supplier"] == second


# A heading's word before the list's opener written in capitals.
@pytest.mark.parametrize("second", _SECOND[:3])
def test_a_heading_before_the_list_opener_stays_out(second: str) -> None:
    result = _bind_lines(
        "LICENSE AGREEMENT",
        [
            "Confidential treatment requested by the Securities and Exchange Commission",
            f'BETWEEN {second} ("Licensor")',
            'AND Quillmark Systems GmbH ("Licensee").',
            _RECITAL,
        ],
    )
    assert second in _parties(result)
    assert _terms(result)["Licensor"] == second


# A place and "and" that are a name's own words stay in it: a place whose name holds "and".
def test_a_place_holding_and_is_one_place() -> None:
    result = _bind_lines(
        "LICENSE AGREEMENT",
        [
            "This Agreement is made by and between",
            'England and Wales Cricket Holdings Limited ("Licensor")',
            'and Corvel Brands, Inc. ("Licensee").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"England and Wales Cricket Holdings Limited", "Corvel Brands, Inc."}


# An address opener's word and a number opening a name ("Unit 2 Holdings Ltd.", "Level 3
# Communications, Inc."), first or second in the list, with or without a term.
_OPENED = [
    "Unit 2 Holdings Ltd.",
    "Level 3 Communications, Inc.",
    "Building 8 Ventures LLC",
    "SUITE 16 MEDIA LIMITED",
    "Floor 9 Studios & Co. LLC",
]


@pytest.mark.parametrize(
    ("name", "first", "with_term"),
    [(n, i % 2 == 0, i % 3 != 2) for i, n in enumerate(_OPENED)],
)
def test_an_address_opener_and_number_opening_a_name_are_its_words(
    name: str, first: bool, with_term: bool
) -> None:
    named = f'{name} ("Reseller")' if with_term else name
    listed = [named, 'Corvel Brands, Inc. ("Supplier")']
    a, b = listed if first else listed[::-1]
    result = _bind_lines(
        "RESELLER AGREEMENT",
        [f"This Agreement is made by and between {a}", f"and {b}.", _RECITAL],
    )
    assert _parties(result) == {name, "Corvel Brands, Inc."}
    if with_term:
        assert _terms(result)["Reseller"] == name


# An address's suite and number that end their line, or a comma after them, stay out.
@pytest.mark.parametrize("opener", ["Suite 304", "Unit 12", "Floor 3"])
def test_an_address_opener_ending_its_line_stays_out(opener: str) -> None:
    result = _bind_lines(
        "RESELLER AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier"), 40 Wall St,',
            f"{opener}",
            'and Orvandi Labs GmbH ("Reseller").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# A place and "and" that open a name with no address before them are the name's words: banks,
# railways and traders named for the places they join, in capitals and with "&" too.
_PLACE_AND_NAMES = [
    "Australia and New Zealand Banking Group Limited",
    "The Hong Kong and Shanghai Banking Corporation Limited",
    "Texas and Pacific Railway Company",
    "Delaware and Hudson Railway Company",
    "Canada and Dominion Sugar Company Limited",
    "Japan and Korea Trading Co., Ltd.",
]
_PLACE_AND_VARIANTS = [
    *_PLACE_AND_NAMES,
    _PLACE_AND_NAMES[0].upper(),
    _PLACE_AND_NAMES[2].replace(" and ", " & "),
]


def _place_and_layouts(name: str) -> list[list[str]]:
    """The name first, second, and second after the first party's address that a postcode
    and a comma end, each with its term."""
    named, other = f'{name} ("Lender")', 'Corvel Brands, Inc. ("Borrower")'
    opener = "This Agreement is made by and between"
    return [
        [opener, named, f"and {other}."],
        [opener, other, f"and {named}."],
        [f"{opener} {other}, 40 Wall Street,", "New York, New York 10005,", f"and {named}."],
    ]


@pytest.mark.parametrize(
    ("name", "layout"),
    [(n, layout) for n in _PLACE_AND_VARIANTS for layout in range(3)],
)
def test_a_place_and_opening_a_name_with_no_address_before_it_are_its_words(
    name: str, layout: int
) -> None:
    lines = _place_and_layouts(name)[layout]
    result = _bind_lines("LOAN AGREEMENT", [*lines, _RECITAL])
    # a leading "The" is no word of a party's name as bound
    bound = name.removeprefix("The ")
    assert _parties(result) == {bound, "Corvel Brands, Inc."}
    assert _terms(result)["Lender"] == bound
