"""Where a party's name starts, in a preamble's list of parties, as generated variants typeset
to real PDFs and parsed. CUAD's development contracts (bench/parties --misses) showed names
cut at their left edge: at a number inside or before the name ("2205925 Ontario Limited" read
as "Ontario Limited", "Kes 7 Capital Inc." as "Capital Inc."), at a comma inside a firm's name
("Keefe, Bruyette & Woods, Inc." as "Bruyette & Woods, Inc."), and a list's second party
given the first one's term-less name ("(1) WPP 2005 LIMITED ... (the Company) (2) JOHN ROGERS
(the Executive)"). A name's start is its own words back to the list's separator; an address's,
a date's or a title's number before a name is none of its words. Nor are a body's name's
words after its inner "and" (named in passing), a document's title, a landmark of an address
or a capacity before a name ("as Administrator for ...") a party or a word of one."""

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


# A body named in passing whose name joins its words with "and": its tail after the "and" is
# no party ("the Securities and Exchange Commission (the "Commission")", "published by the
# International Swaps and Derivatives Association, Inc.").
@pytest.mark.parametrize(
    "mention",
    [
        'The Company has filed with the Securities and Exchange Commission (the "Commission") a '
        "registration statement.",
        'The Supplier shall notify the Food and Drug Administration (the "Agency") promptly.',
        "The definitions published by the International Swaps and Derivatives Association, Inc.,",
        "The Buyer shall be audited by Harrow and Vale Associates, Inc. each year.",
    ],
)
@pytest.mark.parametrize("first_term", ["Company", "Supplier"])
def test_a_name_joined_by_and_in_passing_is_no_party(mention: str, first_term: str) -> None:
    result = _bind_lines(
        "SUPPLY AGREEMENT",
        [
            f'This Agreement is made by and between Corvel Brands, Inc. (the "{first_term}")',
            'and Orvandi Labs GmbH (the "Buyer").',
            mention,
            "are incorporated herein.",
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# ... while "and" after a party's legal form, or after a role's term, lists the next party.
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ('the Company and Jane Roe ("Executive")', "Jane Roe"),
        ("Corvel Brands, Inc. and Orvandi Labs GmbH", "Orvandi Labs GmbH"),
        ('the Employer and\nMARK REED ("Executive")', "MARK REED"),
    ],
)
def test_and_after_a_legal_form_or_a_term_lists_the_next_party(first: str, second: str) -> None:
    head, *rest = f"This Agreement is made by and between {first}.".split("\n")
    result = _bind_lines("AGREEMENT", [head, *rest, _RECITAL])
    assert second in _parties(result)


# A capacity before the name of the one a party acts for is no word of that name.
@pytest.mark.parametrize(
    "capacity", ["as Administrator for", "as Trustee of", "as Paying Agent for", "as agent for"]
)
def test_a_capacity_is_no_part_of_the_name_after_it(capacity: str) -> None:
    result = _bind_lines(
        "LICENSE AGREEMENT",
        [
            'This Agreement is made by and between Harrow Licensing LLC ("Harrow"),',
            f'{capacity} Quillmark Film Corporation ("Trademark Licensor"), and',
            'Corvel Brands, Inc. ("Licensee").',
            _RECITAL,
        ],
    )
    parties = _parties(result)
    assert {"Harrow Licensing LLC", "Corvel Brands, Inc."} <= parties
    assert parties <= {"Harrow Licensing LLC", "Corvel Brands, Inc.", "Quillmark Film Corporation"}


# A landmark in a party's address, after a comma, is no party of the list.
@pytest.mark.parametrize(
    "landmark", ["Near Harrow Bank", "Opposite Quillmark Trust", "Behind Kestrel Fund"]
)
def test_a_landmark_in_an_address_is_no_party(landmark: str) -> None:
    result = _bind_lines(
        "SERVICE AGREEMENT",
        [
            "This Service Agreement is entered into by and between: Corvel Finance Private",
            "Limited, an Indian company with an address at Building RZ-2, Pole 3, Kapashera,",
            f'{landmark}, New Delhi ("Corvel"), a registered company; and Orvandi Co., Ltd.',
            '("Orvandi").',
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Finance Private Limited", "Orvandi Co., Ltd."}


# "and" after a place that ends a party's description lists the next party.
@pytest.mark.parametrize(
    ("place", "second"),
    [
        ("Singapore", "Ability Computer & Software Industries Ltd"),
        ("the State of New York", "Quillmark Holdings, Inc."),
        ("Israel", "KESTREL DATA LTD."),
    ],
)
def test_and_after_a_party_s_place_lists_the_next_party(place: str, second: str) -> None:
    result = _bind_lines(
        "SERVICES AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. (the "Provider"), and',
            "Orvandi Pte. Ltd., a company organized and existing under the laws of",
            f'{place} and {second}, a company (each and both of them "Recipient").',
            _RECITAL,
        ],
    )
    assert second in _parties(result)


# A document's title that ends in a legal form's words is no party.
@pytest.mark.parametrize(
    "title",
    [
        "the Second Amended and Restated Agreement of Limited Partnership of the Partnership",
        "the Amended and Restated Limited Liability Company Agreement of Orvandi Holdings",
        "the Third Amended and Restated Agreement of Limited Partnership",
    ],
)
def test_a_document_title_is_no_party(title: str) -> None:
    result = _bind_lines(
        "AGENCY AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. (the "Company") and',
            'Orvandi Labs GmbH (the "Agent").',
            f'Pursuant to {title} (the "OP Agreement"), the Company',
            "shall contribute the proceeds.",
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs GmbH"}


# A name's first words that no name pattern reads (a word in lower case among them), whose
# initials the party's term spells: the name starts at them.
@pytest.mark.parametrize(
    ("name", "term", "own_line"),
    [
        ("Petro data Management Services Limited", "PDMS", True),
        ("Kestrel bio Systems Ltd", "KBS", False),
        ("Orvandi geo Mapping GmbH", "OGM", True),
    ],
)
def test_a_term_s_initials_say_where_its_name_starts(name: str, term: str, own_line: bool) -> None:
    lines = (
        [
            "This Agreement is made by and between:",
            'Corvel Brands, Inc. ("Corvel")',
            "AND",
            f"{name}., With principal offices at 1 Motorways Avenue, Ikeja, Lagos",
            f'("{term}").',
        ]
        if own_line
        else [
            f'This Agreement is made by and between {name} ("{term}") and',
            'Corvel Brands, Inc. ("Corvel").',
        ]
    )
    result = _bind_lines("STRATEGIC ALLIANCE AGREEMENT", [*lines, _RECITAL])
    assert _terms(result)[term] == name
    assert name in _parties(result)
