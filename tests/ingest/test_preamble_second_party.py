"""A preamble's second party that has no legal form, from CUAD's development contracts with
one party bound (bench/parties dev --misses), as generated variants typeset to real PDFs and
parsed: a name that "hereinafter referred to as" leads into its term's bracket (after the
first party's signer and "and"), a name "acting through its office in" a place, a body's name
in a numbered list that "the organisation ..." describes, the company with no legal form that
a listed person acts for ("Jane Roe, director of FreeCook"), and a legal form whose initials
are written apart ("Bank of America, N. A")."""

from __future__ import annotations

import textwrap

import pytest

from domain import entity_key
from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _bind_lines, _parties, _terms

# Names with no legal form, in the cases a preamble writes them (none shaped like a person's:
# a person-shaped name is a party only where the text says it is a person or a company,
# tests/ingest/test_bindings.py).
_BARE = ["NeoVista Micro Paint Repair", "HARROW & VALE MEDIA", "Quillmark Digital Services"]

_LEADS = ["hereinafter referred to as", "hereinafter called", "HEREINAFTER REFERRED TO AS"]


@pytest.mark.parametrize("name", _BARE)
@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("other", ["Corvel Brands (Shanghai) Co Ltd", "Orvandi Labs GmbH"])
def test_a_lead_into_the_term_s_bracket_after_a_signer_and(
    name: str, lead: str, other: str
) -> None:
    result = _bind_lines(
        "DISTRIBUTOR AGREEMENT",
        [
            'THIS AGREEMENT, made as of the 1st day of May, 2020 (the "Effective Date") by and '
            "between:",
            f'{other} {lead} ("Supplier")',
            "Address : Suite 2512, 28 Jia Feng Road, Shanghai",
            "Legal representative : Anna M. Rossi and",
            f'{name} {lead} ("DISTRIBUTOR")',
            "Address : 2201 Second Street, Suite 600, Fort Myers, Florida",
            "Legal representative : Karl T. Jensen",
            "WITNESSETH:",
            _RECITAL,
        ],
    )
    assert _parties(result) == {other, name}
    assert _terms(result)["DISTRIBUTOR"] == name
    assert _terms(result)["Supplier"] == other


@pytest.mark.parametrize("name", _BARE)
@pytest.mark.parametrize("lead", _LEADS)
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("width", [60, 95])
def test_a_lead_into_the_term_s_bracket_in_a_sentence(
    name: str, lead: str, first: bool, width: int
) -> None:
    bare = f'{name} {lead} ("Distributor")'
    other = 'Corvel Brands, Inc., a Nevada corporation ("Supplier")'
    one, two = (bare, other) if first else (other, bare)
    result = _bind(
        "DISTRIBUTOR AGREEMENT",
        [f"This Agreement is made as of May 1, 2020 by and between {one}, and {two}.", _RECITAL],
        width,
    )
    assert _parties(result) == {name, "Corvel Brands, Inc."}
    assert _terms(result)["Distributor"] == name


# (the name, its term)
_ACTING = [
    ("Marlow Register EMEA", "Marlow"),
    ("HARROW & VALE TRUST", "Trustee"),
    ("Quillmark Bank", "Lender"),
]


@pytest.mark.parametrize(("name", "term"), _ACTING)
@pytest.mark.parametrize(
    "office",
    [
        "acting through its office in Abu Dhabi",
        "acting through its branch in London",
        "acting by its registered office at 19 Upper Ground, London",
        "ACTING THROUGH ITS OFFICE IN DUBAI",
    ],
)
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("width", [60, 95])
def test_a_name_acting_through_an_office(
    name: str, term: str, office: str, first: bool, width: int
) -> None:
    acting = f'{name}, {office} ("{term}")'
    other = 'Lightway Corporation, a Nevada Corporation ("Lightway")'
    one, two = (acting, other) if first else (other, acting)
    result = _bind(
        "STRATEGIC ALLIANCE AGREEMENT",
        [
            f'This Agreement is made and entered into this 16 day of August, 2012 (the "Effective '
            f'Date") by and between {one}, and {two}.',
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {name, "Lightway Corporation"}
    assert _terms(result)[term] == name


# (a body's name, what describes it after "the", its term)
_BODIES = [
    (
        "CHINA ECONOMIC INFORMATION SERVICE OF HUALIN NEWS AGENCY",
        "organisation within the Hualin News Agency that is responsible for news operations",
        "CEIS",
    ),
    (
        "Northern Ports and Harbours Board",
        "statutory authority established under the Ports Act",
        "NPHB",
    ),
    ("KESTREL RIVER BASIN COMMISSION", "public agency of the Republic", "Commission"),
    ("Orvandi Institute of Marine Science", "research institution of the University", "Institute"),
]


@pytest.mark.parametrize(("name", "described", "term"), _BODIES)
@pytest.mark.parametrize(("one", "two"), [("(1)", "(2)"), ("1.", "2."), ("(a)", "(b)")])
@pytest.mark.parametrize("first", [False, True])
def test_a_numbered_body_that_the_describes(
    name: str, described: str, term: str, one: str, two: str, first: bool
) -> None:
    body = (
        f"{name}, the {described}, registered in the People's Republic of China with offices at "
        f'57 Xuanwumen Xidajie, Beijing ("{term}")'
    )
    company = (
        "HUALIN FINANCIAL NETWORK LIMITED, a company incorporated in Hong Kong whose registered "
        'office is at Room 2003, Vicwood Plaza, Hong Kong ("HFN")'
    )
    a, b = (body, company) if first else (company, body)
    result = _bind_lines(
        "CONTENT LICENCE AGREEMENT",
        [
            "THIS AGREEMENT is made the 15th day of December 2001.",
            "BETWEEN",
            *_wrapped(f"{one} {a}; and", 90),
            *_wrapped(f"{two} {b},", 90),
            '(collectively referred to as "PARTIES"; individually, a "PARTY").',
            "WHEREAS:",
            _RECITAL,
        ],
    )
    assert _parties(result) == {name, "HUALIN FINANCIAL NETWORK LIMITED"}
    assert _terms(result)[term] == name


def _wrapped(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=width)


# (the company a person signs for, with no legal form, and its term)
_SIGNED_FOR = [
    ("FreeCook", "Client"),
    ("HARROW & VALE MEDIA", "Customer"),
    ("Quillmark Digital Services", "Client"),
]


@pytest.mark.parametrize(("company", "term"), _SIGNED_FOR)
@pytest.mark.parametrize("title", ["director of", "Chief Executive Officer of", "President of the"])
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("width", [60, 95])
def test_a_company_with_no_legal_form_that_a_listed_person_acts_for(
    company: str, term: str, title: str, first: bool, width: int
) -> None:
    signed = f'Natalie Tunner, {title} {company} (hereinafter referred to as "{term}")'
    other = (
        "Mark Vitale, director of Mitchell's Web Advance, PLC (hereinafter referred to as "
        '"Company")'
    )
    one, two = (signed, other) if first else (other, signed)
    result = _bind(
        "WEBSITE DEVELOPMENT AND HOSTING AGREEMENT",
        [
            'This Website Development and Hosting Agreement (the "Agreement") is entered into on '
            f"January 11, 2018 by and between {one} and {two}.",
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {company, "Mitchell's Web Advance, PLC"}
    assert _terms(result)[term] == company


@pytest.mark.parametrize(
    ("form", "closed"),
    [("N. A", "N.A."), ("N. A.", "N.A."), ("L. L. C.", "L.L.C."), ("S. A.", "S.A.")],
)
@pytest.mark.parametrize("name", ["Bank of Larkspur", "HARROW & VALE TRUST"])
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("width", [60, 95])
def test_a_party_whose_legal_form_s_initials_are_written_apart(
    form: str, closed: str, name: str, first: bool, width: int
) -> None:
    spaced = f'{name}, {form}, ("{name.split()[-1]}")'
    other = 'Corvel Brands, Inc. ("Supplier")'
    one, two = (spaced, other) if first else (other, spaced)
    result = _bind(
        "SCHEDULE TO SOFTWARE LICENSE AGREEMENT",
        [
            'This Schedule ("Schedule") is made as of the effective date set forth above to that '
            f"Software License Agreement, by and between {one} and {two}, dated November 5, 2010.",
            _RECITAL,
        ],
        width,
    )
    keys = {b.subject_key for b in result.bindings if b.role == "party"}
    assert keys == {entity_key(f"{name}, {closed}"), entity_key("Corvel Brands, Inc.")}


@pytest.mark.parametrize("head", ["RSL COM", "HPS", "KV NMT", "GE XL2"])
@pytest.mark.parametrize(
    "rest", ["PrimeVista, Inc.", "Quillmark Holdings LLC", "Orvandi Labs GmbH"]
)
@pytest.mark.parametrize("first", [False, True])
def test_a_name_whose_acronyms_end_the_line_above(head: str, rest: str, first: bool) -> None:
    """ "between RSL COM / PrimeCall, Inc., a Delaware corporation": the acronyms that end the
    line after the list's opener or joiner are the name's first words."""
    other = 'Corvel Brands, Inc., a Nevada corporation ("Corvel")'
    if first:
        lines = [
            'Services Agreement, effective as of October 1, 1999 (this "Agreement"), between '
            + head,
            f'{rest}, a Delaware corporation ("Provider"), and {other}.',
        ]
    else:
        lines = [
            'Services Agreement, effective as of October 1, 1999 (this "Agreement"), between',
            f"{other}, and {head}",
            f'{rest}, a Delaware corporation ("Provider").',
        ]
    result = _bind_lines("SERVICES AGREEMENT", [*lines, _RECITAL])
    assert _parties(result) == {f"{head} {rest}", "Corvel Brands, Inc."}
    assert _terms(result)["Provider"] == f"{head} {rest}"


# (a listed party, its descriptor)
_DESCRIBED = [
    ("White Hat Strategic Partners LP", "a Delaware limited partnership"),
    ("White Hat SP GP LLC", "a Delaware limited liability company"),
    ("KESTREL MASTER FUND LTD.", "a Cayman Islands exempted company"),
    ("Harrow & Vale Capital Partners LP", "a Delaware limited partnership"),
    ("Orvandi Advisors, Inc.", "an Ohio corporation"),
]


@pytest.mark.parametrize("count", [3, 4])
@pytest.mark.parametrize("shift", range(len(_DESCRIBED)))
@pytest.mark.parametrize("width", [70, 100])
def test_parties_listed_after_commas_each_with_its_descriptor(
    count: int, shift: int, width: int
) -> None:
    listed = [_DESCRIBED[(shift + k) % len(_DESCRIBED)] for k in range(count)]
    items = [f"{name}, {described}" for name, described in listed]
    series = ", ".join(items[:-1]) + f", and {items[-1]}"
    result = _bind(
        "COOPERATION AGREEMENT",
        [
            f'This Cooperation Agreement ("Agreement") is entered into as of June 18, 2020, by and '
            f'between Spire Holdings, Inc., a Delaware corporation (the "Company"), and {series} '
            '(collectively, the "Investor Parties").',
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {"Spire Holdings, Inc.", *(name for name, _ in listed)}


# (two companies the preamble opens with, joined by "and", and the term they share)
_OPENING = [
    ("WKZZ, Inc.", "WKZZ Licensee, Inc.", "WKZZ"),
    ("HARROW & VALE MEDIA, LLC", "Harrow & Vale Licensee LLC", "Harrow"),
    ("Quillmark Radio Corp.", "QUILLMARK RADIO LICENSE CORP.", "Quillmark"),
]


@pytest.mark.parametrize(("one", "two", "term"), _OPENING)
@pytest.mark.parametrize(
    "third",
    [
        "Nexvale Broadcasting of Peoria, L.L.C.",
        "Corvel Publishing of Toledo, Inc.",
        "Orvandi Labs GmbH",
    ],
)
@pytest.mark.parametrize("width", [90, 95])
def test_a_preamble_that_opens_with_the_parties_names(
    one: str, two: str, term: str, third: str, width: int
) -> None:
    """ "WYZZ, Inc. and WYZZ Licensee, Inc. (collectively "WYZZ") and Nexstar Broadcasting of
    Peoria, L.L.C. ("NEXSTAR") hereby enter into this Agreement": every name is a party, and
    an industry's word before "of" makes no person of the name's first words. (The first two
    names on the preamble's first line: a line above the first defined term's opens no
    preamble, and "&" between two whole names reads as one name.)"""
    result = _bind(
        "OUTSOURCING AGREEMENT",
        [
            f'{one} and {two} (collectively "{term}") and {third} ("Operator") hereby enter '
            'into this Outsourcing Agreement (this "Agreement").',
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {one, two, third}
    assert _terms(result)["Operator"] == third


# A name whose word that could end it ("Fund", "Trust", "Bank") a place in brackets follows,
# and the name goes on ("ONCOLOGY IMPACT FUND (CAYMAN) MANAGEMENT L.P.").
_PLACE_INSIDE = [
    "Oncology Impact Fund (Cayman) Management L.P.",
    "HARROW & VALE TRUST (JERSEY) NOMINEES LIMITED",
    "Kestrel Bank (Europe) Services S.A.",
    "Orvandi Growth Fund (Offshore) GP, LLC",
]


@pytest.mark.parametrize("name", _PLACE_INSIDE)
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("width", [60, 95])
def test_a_place_in_brackets_inside_a_name(name: str, first: bool, width: int) -> None:
    other = 'Corvel Brands, Inc., a Nevada corporation ("Corvel")'
    inner = f'{name} (the "Fund Manager")'
    one, two = (inner, other) if first else (other, inner)
    result = _bind(
        "MANAGEMENT AGREEMENT",
        [f"This Agreement is made as of May 1, 2020 by and between {one}, and {two}.", _RECITAL],
        width,
    )
    assert _parties(result) == {name, "Corvel Brands, Inc."}
    assert _terms(result)["Fund Manager"] == name


# (a body's name with no legal form, the capitals in brackets that abbreviate it)
_ABBREVIATED = [
    ("USA Managed Care Organization", "USA MCO"),
    ("Northern Ports Authority", "NPA"),
    ("Kestrel Research Institute", "KRI"),
    ("HARROW & VALE SOCIETY", "HVS"),
]


@pytest.mark.parametrize(("name", "short"), _ABBREVIATED)
@pytest.mark.parametrize(
    "after",
    [
        ", a Texas non-profit corporation, whose address is 916 South Capital Highway, Austin",
        ", a Texas non-profit corporation",
        " organized under the laws of Texas",
    ],
)
@pytest.mark.parametrize("width", [60, 95])
def test_capitals_in_brackets_that_abbreviate_a_bare_name_define_it(
    name: str, short: str, after: str, width: int
) -> None:
    """ "... and USA Managed Care Organization (USA MCO) A Texas Corporation whose address
    is ...": the unquoted capitals spell the name (initials, or a word in capitals whole), so
    they are its term, and a body's word ("Organization", "Authority") is no person's."""
    result = _bind(
        "STRATEGIC ALLIANCE AGREEMENT",
        [
            'THIS AGREEMENT is made this 15th day of July, 2010 ("Effective Date") by and between '
            "IMedica, Inc, a Nevada Corporation whose address is 523 Avalon Gardens Drive, "
            f'Nanuet, New York 10954, USA ("IMedica") and {name} ({short}){after}.',
            _RECITAL,
        ],
        width,
    )
    assert _parties(result) == {"IMedica, Inc", name}
    assert _terms(result)[short] == name


@pytest.mark.parametrize(
    ("name", "short"),
    [("USA Managed Care Organization", "USA MCO"), ("EU Ports Authority", "EU PA")],
)
def test_capitals_in_brackets_before_a_descriptor_in_capitals(name: str, short: str) -> None:
    """The same with "A Texas Corporation" after the bracket, where the capitals are two
    words. (One word in brackets is a token of a name, "Photronics (Xiamen) Mask Co., Ltd.":
    "Ports Authority (NPA) A Texas Corporation" still reads as one company's name.)"""
    result = _bind(
        "STRATEGIC ALLIANCE AGREEMENT",
        [
            'THIS AGREEMENT is made this 15th day of July, 2010 ("Effective Date") by and between '
            'IMedica, Inc, a Nevada Corporation ("IMedica") and '
            f"{name} ({short}) A Texas Corporation whose address is 916 South Capital Highway, "
            "Austin Texas.",
            _RECITAL,
        ],
        80,
    )
    assert _parties(result) == {"IMedica, Inc", name}
    assert _terms(result)[short] == name
