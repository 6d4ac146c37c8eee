"""Where a party's name starts, in a preamble's list of parties, as generated variants typeset
to real PDFs and parsed. CUAD's development contracts (bench/parties --misses) showed names
cut at their left edge: at a number inside or before the name ("2205925 Ontario Limited" read
as "Ontario Limited", "Kes 7 Capital Inc." as "Capital Inc."), at a comma inside a firm's name
("Keefe, Bruyette & Woods, Inc." as "Bruyette & Woods, Inc."), and a list's second party
given the first one's term-less name ("(1) WPP 2005 LIMITED ... (the Company) (2) JOHN ROGERS
(the Executive)"). A name's start is its own words back to the list's separator; an address's,
a date's or a title's number before a name is none of its words."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms

_OTHERS = ["Corvel Brands, Inc.", "HARROW & VALE MEDIA LLC", "Orvandi Labs GmbH"]


# A number inside or before the name: a numbered company, a number among its words, a year.
_NUMBERED = [
    "2205925 Ontario Limited",
    "Kes 7 Capital Inc.",
    "Layer 2 Communications Group Ltd",
    "551 FX IB Associates, LLC",
    "ORVANDI 2019 LIMITED",
    "Quadrant 4 Systems GmbH",
    "3 Rivers Ventures, L.P.",
]


@pytest.mark.parametrize(
    ("name", "other", "numbered_first", "with_term"),
    [(name, _OTHERS[i % 3], i % 2 == 0, i % 3 != 1) for i, name in enumerate(_NUMBERED)],
)
def test_a_number_in_a_party_s_name_is_part_of_it(
    name: str, other: str, numbered_first: bool, with_term: bool
) -> None:
    numbered = f'{name} ("Reseller")' if with_term else name
    listed = [numbered, f'{other} ("Supplier")']
    first, second = listed if numbered_first else listed[::-1]
    result = _bind_lines(
        "RESELLER AGREEMENT",
        [f"This Agreement is made by and between {first}", f"and {second}.", _RECITAL],
    )
    assert _parties(result) == {name, other}
    if with_term:
        assert _terms(result)["Reseller"] == name


# An address's, a date's or a suite's number before a name is none of its words.
@pytest.mark.parametrize(
    "lines",
    [
        [
            "This Agreement dated May 1, 2003 is made by and between Corvel Brands, Inc.,",
            "12 Elm Road, Springfield, Ohio 43017 and Orvandi Labs GmbH.",
        ],
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier"), Suite 304',
            'and Orvandi Labs GmbH ("Reseller").',
        ],
        [
            'This Agreement is made as of May 2003 by Corvel Brands, Inc. ("Supplier") and',
            'Orvandi Labs GmbH, 40 Wall Street, New York, NY 10005 ("Reseller").',
        ],
    ],
)
def test_an_address_or_date_number_before_a_name_stays_out(lines: list[str]) -> None:
    result = _bind_lines("RESELLER AGREEMENT", [*lines, _RECITAL])
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# A comma inside a firm's name, before the capitalised words that "&" joins.
_FIRMS = [
    ("Keefe, Bruyette & Woods, Inc.", "Agent"),
    ("Skadden, Arps, Slate, Meagher & Flom LLP", "Counsel"),
    ("STRATTON, CHEESEMAN & WALSH, INC.", "Agent"),
    ("Marsh, Berry & Vogel GmbH", "Agent"),
]


@pytest.mark.parametrize(
    ("firm", "term", "other", "firm_first"),
    [(firm, term, _OTHERS[i % 3], i % 2 == 1) for i, (firm, term) in enumerate(_FIRMS)],
)
def test_a_comma_inside_a_firm_s_name_is_part_of_it(
    firm: str, term: str, other: str, firm_first: bool
) -> None:
    listed = [f'{firm} (the "{term}")', f'{other} (the "Company")']
    first, second = listed if firm_first else listed[::-1]
    result = _bind_lines(
        "AGENCY AGREEMENT",
        [f"This Agreement is made by and between {first}", f"and {second}.", _RECITAL],
    )
    assert _parties(result) == {firm, other}
    assert _terms(result)[term] == firm


def test_a_division_is_no_word_of_its_owner_s_name() -> None:
    result = _bind_lines(
        "AGENCY AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. (the "Company") and',
            "Orvandi Labs GmbH, a division of Keefe, Bruyette & Woods, Inc.",
            _RECITAL,
        ],
    )
    assert not any(p.startswith(("Division", "division")) for p in _parties(result))


# A list's numbers separate its parties: a term after "(2) NAME" names that name, even where
# the first party's text holds no quoted term to stop at.
@pytest.mark.parametrize(
    ("first", "second", "person"),
    [
        ("ORVANDI 2019 LIMITED", "JANE ROE", True),
        ("Corvel Brands Limited", "Harrow Vale Media Ltd", False),
    ],
)
def test_a_term_after_a_list_number_names_the_party_after_it(
    first: str, second: str, person: bool
) -> None:
    term = "Executive" if person else "Consultant"
    result = _bind_lines(
        "SERVICE AGREEMENT",
        [
            "THIS AGREEMENT is made on 1 October 2019",
            f"BETWEEN: (1) {first} (registered number 01003653) whose registered office is at",
            f"19 Upper Ground, London SE1 9GL (the Company) (2) {second} (the {term}).",
            _RECITAL,
        ],
    )
    assert _terms(result).get(term) in {None, second}
    assert _terms(result).get("Company") in {None, first}
    assert first in _parties(result)
