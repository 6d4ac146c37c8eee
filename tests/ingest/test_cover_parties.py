"""Parties named where CUAD's development contracts name them and the preamble rules missed
them (bench/parties --misses), as generated variants typeset to real PDFs and parsed: a cover
page's list ("BETWEEN / X / AND / Y"), a bare name in the preamble's list of parties whose
defined term is no role word ("between BookingEntertainment.com ("Promoter") ..."), the party
an agreement is "entered into by", and "Hereinafter referred to as" after an address."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _bind_lines, _parties, _terms

# (the name as written on the cover, the name bound)
_COVER_NAMES = [
    ("Paratek Pharmaceuticals, Inc.", "Paratek Pharmaceuticals, Inc."),
    ("CARBOGEN AMCIS AG", "CARBOGEN AMCIS AG"),
    ("HARROW & VALE PARTNERS LTD.", "HARROW & VALE PARTNERS LTD."),
    ("Quillmark Systems Ltd (as Company)", "Quillmark Systems Ltd"),
    ("AVIONS DE TRANSPORT REGIONAL, G.I.E.", "AVIONS DE TRANSPORT REGIONAL, G.I.E."),
    (
        "Institute of Grassland and Environmental Research",
        "Institute of Grassland and Environmental Research",
    ),
]

_OTHER = ("Corvel Brands, Inc.", "Corvel Brands, Inc.")


@pytest.mark.parametrize("opener", ["BETWEEN", "Between", "between:", "AMONG"])
@pytest.mark.parametrize("joiner", ["AND", "and", "&", "And:"])
@pytest.mark.parametrize(("written", "name"), _COVER_NAMES)
@pytest.mark.parametrize("named_first", [False, True])
def test_a_cover_page_lists_the_parties_one_to_a_line(
    opener: str, joiner: str, written: str, name: str, named_first: bool
) -> None:
    first, second = ((written, name), _OTHER) if named_first else (_OTHER, (written, name))
    result = _bind_lines(
        "OUTSOURCING AGREEMENT",
        [
            opener,
            first[0],
            joiner,
            second[0],
            "Date: 30 December 2016",
            "THIS AGREEMENT is dated 30 December 2016.",
            "Background",
            "The Supplier wishes to supply the Products.",
        ],
    )
    assert _parties(result) == {name, _OTHER[1]}


@pytest.mark.parametrize("joiner", ["AND", "&"])
@pytest.mark.parametrize("upper", [False, True])
def test_a_cover_list_of_three_parties(joiner: str, upper: bool) -> None:
    names = ["Larkspur Data Systems Corporation", "Kestrel Analytics GmbH", "Orvandi Labs Ltd."]
    names = [n.upper() for n in names] if upper else names
    result = _bind_lines(
        "JOINT DEVELOPMENT AGREEMENT",
        ["BETWEEN", names[0], joiner, names[1], joiner, names[2], "Dated 1 May 2019"],
    )
    assert _parties(result) == set(names)


def test_the_cover_adds_the_party_the_preamble_leaves_out_and_no_one_twice() -> None:
    result = _bind_lines(
        "OUTSOURCING AGREEMENT",
        [
            "Between",
            "Paratek Pharmaceuticals, Inc.",
            "and",
            "CARBOGEN AMCIS AG",
            'THIS AGREEMENT is made on 30 December 2016 between CARBOGEN AMCIS AG ("Supplier")',
            "and the company named on the cover.",
            "WHEREAS, the Supplier makes the Products;",
        ],
    )
    assert _parties(result) == {"Paratek Pharmaceuticals, Inc.", "CARBOGEN AMCIS AG"}
    assert _terms(result) == {"Supplier": "CARBOGEN AMCIS AG"}


@pytest.mark.parametrize(
    "lines",
    [
        # Without a "BETWEEN" line, names need their legal forms.
        ["ORVANDI LABS", "AND", "KESTREL ANALYTICS", "Dated 1 May 2019"],
        # A title's words are no list of names.
        ["BETWEEN", "TERMS", "AND", "CONDITIONS", "Dated 1 May 2019"],
        # One line of the list that names no one makes it no list.
        ["BETWEEN", "Orvandi Labs Ltd.", "AND", "the Supplier named below", "Dated 1 May 2019"],
    ],
)
def test_lines_that_are_no_cover_list_bind_no_party(lines: list[str]) -> None:
    result = _bind_lines("SUPPLY AGREEMENT", [*lines, "1. Supply. The Supplier shall supply."])
    assert _parties(result) == set()


# A bare name (no legal form) that the preamble's list of parties names, its defined term no
# role word: the term names it, and it is a party. (A name shaped like a person's with such a
# term stays out, as before: tests/ingest/test_bindings.py, "Morgan Fielding".)
_BARE = [
    "BookingEntertainment.com",
    "Harrow & Vale Media",
    "The Victory Portfolios",
    "PFS Funds",
]

# How the preamble names the other party and the bare one, in either order.
_CONNECTED = [
    'between {bare} ("{term}") of 275 Madison Avenue, New York, NY 10016 and {other}',
    'by and between {other}, and {bare} (the "{term}"), a Massachusetts business trust',
    'among {bare} (the "{term}") and {other}',
]


@pytest.mark.parametrize("bare", _BARE)
@pytest.mark.parametrize("term", ["Promoter", "Talent", "Trust"])
@pytest.mark.parametrize("shape", _CONNECTED)
@pytest.mark.parametrize("width", [60, 95])
def test_a_bare_name_in_the_list_of_parties_takes_its_term(
    bare: str, term: str, shape: str, width: int
) -> None:
    other = 'VNUE, Inc. ("VNUE"), a Nevada corporation'
    result = _bind(
        "PROMOTION AGREEMENT",
        [
            "This Promotion Agreement is entered into effective September 10, 2015 "
            + shape.format(bare=bare, term=term, other=other)
            + ".",
            "WHEREAS, the parties wish to work together;",
        ],
        width,
    )
    name = bare.removeprefix("The ")  # a bare name is bound without its article
    assert _parties(result) == {name, "VNUE, Inc."}
    assert _terms(result) == {term: name, "VNUE": "VNUE, Inc."}


@pytest.mark.parametrize("lead", ["on behalf of", "for the benefit of", "under"])
def test_a_bare_name_outside_the_list_of_parties_is_no_party(lead: str) -> None:
    result = _bind(
        "PROMOTION AGREEMENT",
        [
            'This Promotion Agreement is entered into by and between VNUE, Inc. ("VNUE") and '
            f'Corvel Brands, Inc. ("Supplier"), {lead} Harrow Vale Media ("Talent").',
            "WHEREAS, the parties wish to work together;",
        ],
        95,
    )
    assert _parties(result) == {"VNUE, Inc.", "Corvel Brands, Inc."}


# The agreement "entered into by" its first party: "by" after the agreement's verb and its date
# lists a party (elsewhere "... granted by X" names none).
_MADE_BY = [
    "is entered into by",
    "is made and entered into as of the 28th day of March 2006 by",
    "is executed on this 3rd day of June, 2020, by",
    "is made as of May 1, 2019 by",
]

_MADE_BY_NAMES = [
    "eGain Communications Corporation",
    "THAYER EQUITY INVESTORS IV, L.P.",
    "Harrow & Vale Partners LLC",
]


@pytest.mark.parametrize("made_by", _MADE_BY)
@pytest.mark.parametrize("name", _MADE_BY_NAMES)
@pytest.mark.parametrize("width", [60, 95])
def test_the_party_an_agreement_is_entered_into_by(made_by: str, name: str, width: int) -> None:
    result = _bind(
        "HOSTING AGREEMENT",
        [
            f'This Hosting Agreement {made_by} {name} ("Provider") and Eliance Corporation '
            '("Customer") for the purpose of providing Customer with hosting services.',
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {name, "Eliance Corporation"}
    assert _terms(result) == {"Provider": name, "Customer": "Eliance Corporation"}


@pytest.mark.parametrize("lead", ["granted by", "made under a license granted by", "owned by"])
def test_a_name_after_by_elsewhere_is_no_party(lead: str) -> None:
    result = _bind(
        "SUPPLY AGREEMENT",
        [
            'This Supply Agreement is made between Corvel Brands, Inc. ("Buyer") and Orvandi '
            f'Labs Ltd. ("Seller"). The Products are {lead} Delta Works Corp. ("Licensor").',
            _RECITAL,
        ],
        95,
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs Ltd."}


# "Hereinafter referred to as ..." as a sentence of its own after the party's address, in any
# case, the term's full stop inside its quotes.
@pytest.mark.parametrize(
    "hereinafter", ["Hereinafter referred to as", "HEREINAFTER CALLED", "Hereinafter called as the"]
)
@pytest.mark.parametrize("stop", ["", "."])
@pytest.mark.parametrize("upper", [False, True])
def test_hereinafter_as_a_sentence_after_the_address(
    hereinafter: str, stop: str, upper: bool
) -> None:
    first, second = "Invasix Ltd.", "Flextronics Israel Ltd."
    if upper:
        first, second = first.upper(), second.upper()
    result = _bind(
        "TURN-KEY MANUFACTURING AGREEMENT",
        [
            "This Turn-Key Manufacturing Agreement is effective as of April 1, 2011 by and "
            f"between: {first}, with a principal place of business at Tavor Building, POB 533, "
            f'Yokneam 20692, Israel. {hereinafter} "Customer{stop}" And {second} with a principal '
            f'place of business at Industrial Zone 23108, Israel. {hereinafter} "Contractor{stop}"',
            "Whereas Customer designs the Products;",
        ],
        95,
    )
    assert _parties(result) == {first, second}
    assert _terms(result) == {"Customer": first, "Contractor": second}


# "BETWEEN:" and "AND:" with their colons list the parties, numbered or not.
_COLON_NAMES = [
    ("BorrowMoney.com, inc", "JVLS, LLC"),
    ("MJ Syndicated, Inc.", "SIMPLY HERBALS LIMITED"),
    ("KESTREL ANALYTICS GMBH", "Orvandi Labs Ltd."),
]


@pytest.mark.parametrize(("first", "second"), _COLON_NAMES)
@pytest.mark.parametrize("opener", ["BETWEEN:", "Between:", "AMONG:"])
@pytest.mark.parametrize("joiner", ["AND:", "And:", "and:"])
@pytest.mark.parametrize("swap", [False, True])
def test_a_list_word_with_its_colon_lists_a_party(
    first: str, second: str, opener: str, joiner: str, swap: bool
) -> None:
    if swap:
        first, second = second, first
    result = _bind_lines(
        "JOINT VENTURE AGREEMENT",
        [
            "This Joint Venture Agreement is made and entered into this 20th day of March 2020,",
            f"{opener} {first} of 512 Bayshore Drive, Suite 201, Fort Lauderdale, FL 33304",
            f"{joiner} {second} of 14 Elm Road, Springfield, IL 62701.",
            "WHEREAS, the parties wish to form a joint venture;",
        ],
    )
    assert _parties(result) == {first, second}


# A cover with no "BETWEEN" line: one name with its legal form, beside it a person or a
# bare name ("BicycleTX Ltd / and / Nigel Crockett").
_VOUCHED = [
    ("Orvandi Labs Ltd", "Nigel Crockett"),
    ("HARROW & VALE MEDIA LIMITED", "JOHN ROGERS"),
    ("Kestrel Analytics GmbH", "Institute of Grassland and Environmental Research"),
]


@pytest.mark.parametrize(("company", "other"), _VOUCHED)
@pytest.mark.parametrize("joiner", ["AND", "and", "&"])
@pytest.mark.parametrize("company_first", [False, True])
@pytest.mark.parametrize("upper", [False, True])
def test_a_name_with_its_legal_form_vouches_for_the_cover_list_it_stands_in(
    company: str, other: str, joiner: str, company_first: bool, upper: bool
) -> None:
    names = [company, other] if company_first else [other, company]
    names = [n.upper() for n in names] if upper else names
    result = _bind_lines(
        "SERVICE AGREEMENT",
        ["DATED 26 September 2019", names[0], joiner, names[1], "CONTENTS", "1. Interpretation"],
    )
    assert {p.lower() for p in _parties(result)} == {company.lower(), other.lower()}


@pytest.mark.parametrize("joiner", ["AND", "&"])
@pytest.mark.parametrize(
    "lines", [["TERMS", "CONDITIONS"], ["Nigel Crockett", "Institute of Grassland Research"]]
)
def test_a_cover_list_with_no_legal_form_and_no_opener_names_no_party(
    joiner: str, lines: list[str]
) -> None:
    result = _bind_lines(
        "SERVICE AGREEMENT", ["DATED 26 September 2019", lines[0], joiner, lines[1]]
    )
    assert _parties(result) == set()
