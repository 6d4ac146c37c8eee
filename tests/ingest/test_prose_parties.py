"""Agreements that name their parties only in a sentence of prose, a shape CUAD's development
contracts showed with no party bound (bench/parties --misses): "This is a managed hosting
agreement between Acme.com and deep systems.", "This agreement shall void ... all previous
agreements to this date between Galacticomm and Horst Entertainment Inc.", "This Content
License Agreement is between A, located at ..., and B located at ...". No preamble verb, defined
term or legal form marks the names; the agreement naming them again does. Generated variants:
bare names, web addresses, a lower-case name, "&", upper case, legal forms, addresses after the
names, both orders, two widths; and sentences whose slots hold no party."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _parties

# (as written in the sentence, the name bound, how the body names it again)
_NAMES = [
    ("Orvandi.com", "Orvandi.com", "Orvandi.com"),
    ("kestrel systems", "kestrel systems", "kestrel systems"),
    ("Galvatron", "Galvatron", "GALVATRON"),
    ("Horst Media Inc.", "Horst Media Inc.", "Horst Media"),
    ("HARROW & VALE MEDIA", "HARROW & VALE MEDIA", "Harrow & Vale Media"),
    (
        "THE PELORUS FILM AND TELEVISION CORPORATION",
        "PELORUS FILM AND TELEVISION CORPORATION",
        "Pelorus Film and Television Corporation",
    ),
    ("Brightwater Labs", "Brightwater Labs", "Brightwater Labs"),
    ("Tate & Quill Media PLC", "Tate & Quill Media PLC", "Tate & Quill"),
]

_SENTENCES = [
    "This is a managed hosting agreement between {a} and {b}.",
    "This agreement shall void and nullify any and all previous agreements to this date "
    "between {a} and {b}.",
    "This Content License Agreement is between {a}, located at 2809 Unicornio, Carlsbad, CA "
    "92009 and {b} located at 12868 Via Latina, Del Mar, CA 92014",
]


def _body(a: str, b: str) -> list[str]:
    # Each name written again, twice (a name in lower case needs two more mentions).
    return [
        f"{a} will host the site and its database for {b}.",
        f"Fees are payable by {b} monthly. {a} guarantees 99 percent server uptime.",
        f"All disputes between {b} and {a} shall be settled in Florida.",
    ]


_PAIRS = [(0, 1), (2, 3), (4, 5), (6, 7), (1, 2), (5, 6)]


@pytest.mark.parametrize(("i", "j"), _PAIRS)
@pytest.mark.parametrize("sentence", range(len(_SENTENCES)))
def test_the_names_of_a_prose_agreement_sentence_are_its_parties(
    i: int, j: int, sentence: int
) -> None:
    a, b = _NAMES[i], _NAMES[j]
    if (i + sentence) % 2:
        a, b = b, a  # both orders
    opener = _SENTENCES[sentence].format(a=a[0], b=b[0]).replace("..", ".")
    result = _bind("HOSTING AGREEMENT", [opener, *_body(a[2], b[2])], 60 + 35 * (i % 2))
    assert _parties(result) == {a[1], b[1]}


# A name with no legal form that the agreement never names again is no party: the slot may
# hold a topic; and a slot that is a role, a pronoun or the parties themselves is none.
_NOT_PARTIES = [
    "This is an agreement between Orvandi Labs and Brightwater Media.",
    "This agreement between Licensor and Licensee sets out the fees.",
    "This is an agreement between the parties and their affiliates.",
    "The contract between Sales and Marketing teams is informal.",
]


@pytest.mark.parametrize("opener", _NOT_PARTIES)
def test_a_prose_sentence_whose_names_recur_nowhere_binds_no_party(opener: str) -> None:
    body = [
        "The services include hosting and backups of the database.",
        "Fees are payable monthly by wire transfer.",
    ]
    result = _bind("HOSTING AGREEMENT", [opener, *body], 90)
    assert _parties(result) == set()


def test_a_preamble_that_binds_two_parties_is_left_as_it_is() -> None:
    opener = (
        'This Services Agreement (the "Agreement") is entered into as of May 1, 2021 by and '
        'between Corvel Brands, Inc. ("Corvel") and Harrow Labs LLC ("Harrow").'
    )
    later = "This agreement supersedes all prior agreements between Orvandi.com and Galvatron."
    body = ["Orvandi.com and Galvatron are named again here, and Orvandi.com and Galvatron."]
    result = _bind("SERVICES AGREEMENT", [opener, later, *body], 90)
    assert _parties(result) == {"Corvel Brands, Inc.", "Harrow Labs LLC"}


# A party defined by a short name in brackets, with no preamble: the name (an address or a
# description may follow it) opens a line or a clause, the short name is its first word, the
# start of that word or its initials, and the document calls the party by it.
_DEFINED = [
    # (as written before the bracket, the short name, the name bound)
    (
        "COMWARE TECHNICAL SERVICES OF 17922 SKY PARK CIRCLE, IRVINE, CALIFORNIA 92614",
        "COMWARE",
        "COMWARE TECHNICAL SERVICES",
    ),
    (
        "INTERNATIONAL TEST SYSTEMS, INC. OF 4703 SHAVANO OAK, SUITE 102, SAN ANTONIO, TEXAS",
        "ITS",
        "INTERNATIONAL TEST SYSTEMS, INC.",
    ),
    (
        "Orvandi Biopharma is a biopharmaceutical company with headquarters at One Penn Center, "
        "Philadelphia, PA 19103, U.S.",
        "ORVANDI",
        "Orvandi Biopharma",
    ),
    (
        "Scientific Harrow Products Co. LTD is a pharmaceutical company with its offices located at "
        "Tahlia Street, Riyadh 11433 Saudi Arabia",
        "SCIEN",
        "Scientific Harrow Products Co. LTD",
    ),
    (
        "Pelorus Marine Holdings Limited, with offices at 4 Quay Road, Cork",
        "PMH",
        "Pelorus Marine Holdings Limited",
    ),
]
_LEADS = [
    "{a} ({x}) certifies that the Products furnished under this agreement by {b} ({y}) will "
    "be incorporated by {x} into its systems.",
    'WHEREAS {a} ("{x}") and {b} (" {y}"), each a "Party", wish to work together; and',
]


@pytest.mark.parametrize(("i", "j"), [(0, 1), (2, 3), (4, 0), (1, 2), (3, 4)])
@pytest.mark.parametrize("lead", range(len(_LEADS)))
def test_parties_defined_by_short_names_with_no_preamble_are_parties(
    i: int, j: int, lead: int
) -> None:
    a, b = _DEFINED[i], _DEFINED[j]
    if (i + lead) % 2:
        a, b = b, a
    opening = _LEADS[lead].format(a=a[0], x=a[1], b=b[0], y=b[1])
    body = [
        f"{a[1]} shall order the Products from {b[1]} in writing.",
        f"{b[1]} shall deliver the Products to {a[1]} within 30 days.",
    ]
    result = _bind("DISTRIBUTOR AGREEMENT", [opening, *body], 60 + 20 * (j % 2))
    assert _parties(result) == {a[2], b[2]}


# A short name of a thing, one the document never uses again, one whose name stands inside
# prose, or one of a preamble's list (that reader's to judge) makes no party.
_NOT_DEFINED = [
    'THIS SUPPLY AGREEMENT (the "Agreement") sets out the terms. The Agreement binds. The '
    "Agreement ends.",
    "COMWARE TECHNICAL SERVICES OF 12 ELM ROAD (COMWARE) certifies the Products furnished by "
    "INTERNATIONAL TEST SYSTEMS, INC. (ITS).",
    "All marks, including the Playboy Properties (PLAYBOY), are owned by the licensor. "
    "PLAYBOY is a mark. PLAYBOY is registered.",
    "This Sponsorship Agreement is entered into by and between Ford Motor Media, a division of "
    'J. Walter Thompson ("FMM") with offices at 300 Renaissance Center. FMM pays. FMM promotes.',
]


@pytest.mark.parametrize("opening", _NOT_DEFINED)
def test_short_names_that_define_no_party_bind_none(opening: str) -> None:
    body = ["The Products are delivered monthly.", "Fees are payable by wire transfer."]
    result = _bind("SUPPLY AGREEMENT", [opening, *body], 90)
    assert len(_parties(result)) <= 1
    assert "Ford Motor Media" not in _parties(result)
    assert "COMWARE TECHNICAL SERVICES" not in _parties(result)


@pytest.mark.parametrize(
    "opening",
    [
        "This is a boundary agreement between Texas and Oklahoma.",
        "WHEREAS the United States (U.S.) and Canada (CANADA) share a border; and",
    ],
)
def test_places_named_like_parties_are_none(opening: str) -> None:
    body = [
        "Texas and Oklahoma survey the line. The U.S. and CANADA fund it.",
        "Texas, Oklahoma, the U.S. and CANADA meet yearly.",
    ]
    result = _bind("BOUNDARY AGREEMENT", [opening, *body], 90)
    assert _parties(result) == set()


@pytest.mark.parametrize(
    "title", ["CONFIDENTIALITY AND NON-DISCLOSURE AGREEMENT", "Mutual Nondisclosure Agreement"]
)
def test_a_documents_own_short_name_is_no_party(title: str) -> None:
    short = "".join(w[0] for w in title.replace("-", " ").split()).upper()
    lines = [
        f'{title} ("{short}")',
        "This Agreement made effective as of the ___ day of ______, 2015",
        "BETWEEN:",
        'HARROW & VALE RAILWAY COMPANY ("HVR")',
        "- and -",
        '[INSERT LEGAL NAME OF SUPPLIER] ("Supplier")',
        f"WHEREAS HVR and Supplier agree to the {short}; and the {short} binds both.",
    ]
    result = _bind("", lines, 90)
    assert not any("greement" in p for p in _parties(result)), _parties(result)


# A "between A and B" sentence names this agreement's parties only where it is about this
# agreement: a recital, or a sentence about another agreement ("is party to a credit agreement
# between ...", "under the Loan Agreement between ..."), lists that agreement's parties.
_LENDERS = [
    ("Orvandi Labs Inc.", "Kestrel Capital Bank"),
    ("HARROW & VALE MEDIA, LLC", "FIRST PELORUS NATIONAL BANK"),
    ("quillmark.com", "Brightwater Trust Company"),
    ("Tate & Quill PLC", "Larkspur Lending Corp."),
]
_OTHER_AGREEMENTS = [
    "WHEREAS, {a} is party to a credit agreement between {a} and {b};",
    "WHEREAS {a} has entered into a Loan Agreement dated May 1, 2020 between {a} and {b}; and",
    "RECITALS. {a} and {b} are parties to that certain credit agreement between {a} and {b}.",
    "A. Loans are made under the Loan and Security Agreement between {a} and {b}.",
    "Whereas, {a} is a party to a revolving credit agreement between {a} and {b};",
]


def _lender_body(a: str, b: str) -> list[str]:
    return [
        f"{b} has consented to this grant. {a} shall keep the Collateral insured.",
        f"Notices to {b} go to its agent. {a} shall pay all taxes. {b} may inspect.",
    ]


@pytest.mark.parametrize("names", range(len(_LENDERS)))
@pytest.mark.parametrize("recital", range(len(_OTHER_AGREEMENTS)))
def test_another_agreements_parties_in_a_recital_are_not_bound(names: int, recital: int) -> None:
    a, b = _LENDERS[names]
    opener = f"This Security Agreement is made by {a}, a Delaware corporation, for the lenders."
    text = _OTHER_AGREEMENTS[recital].format(a=a, b=b)
    result = _bind("SECURITY AGREEMENT", [opener, text, *_lender_body(a, b)], 70 + 20 * (names % 2))
    assert b not in _parties(result)


@pytest.mark.parametrize("names", range(len(_LENDERS)))
@pytest.mark.parametrize("recital", range(len(_OTHER_AGREEMENTS)))
def test_another_agreements_parties_bind_none_where_no_preamble_binds(
    names: int, recital: int
) -> None:
    a, b = _LENDERS[names]
    text = _OTHER_AGREEMENTS[recital].format(a=a, b=b)
    result = _bind("GUARANTY", [text, *_lender_body(a, b)], 90)
    assert _parties(result) == set()


# A "between X and Y" of a route, or one whose names the document writes as cities in its
# addresses, names places: "This Agreement governs the shipments between Chicago and Denver."
_CITIES = [("Chicago", "Denver"), ("Boise", "Tulsa"), ("SPRINGFIELD", "ALBANY"), ("Lyon", "Leeds")]
_ROUTES = [
    "This Agreement governs the shipments between {a} and {b}.",
    "This agreement covers all freight between {a} and {b}.",
    "This Carriage Agreement sets the rates for the route between {a} and {b}.",
    "this contract governs deliveries between {a} and {b}.",
]


@pytest.mark.parametrize("cities", range(len(_CITIES)))
@pytest.mark.parametrize("route", range(len(_ROUTES)))
def test_a_route_between_places_binds_no_party(cities: int, route: int) -> None:
    a, b = _CITIES[cities]
    body = [
        f"Trucks leave {a} each Monday and reach {b} by Wednesday.",
        f"Loading at {b} and at {a} is done by the carrier.",
    ]
    result = _bind("CARRIAGE AGREEMENT", [_ROUTES[route].format(a=a, b=b), *body], 90)
    assert _parties(result) == set()


_ADDRESSED = [
    ("Chicago", "Denver", "200 W Madison Street, Chicago, Illinois 60606", "Denver, CO 80202"),
    ("Boise", "Tulsa", "1 Capitol Way, Boise, ID 83702", "9 Main St., Tulsa, Oklahoma"),
    ("Lyon", "Leeds", "4 rue de la Paix, Lyon, France", "12 Park Row, Leeds, United Kingdom"),
    ("SPRINGFIELD", "ALBANY", "9 ELM STREET, SPRINGFIELD, ILLINOIS", "ALBANY, NY 12207"),
]


@pytest.mark.parametrize("cities", range(len(_ADDRESSED)))
@pytest.mark.parametrize("sentence", range(len(_SENTENCES) - 1))
def test_names_the_document_writes_as_cities_are_no_parties(cities: int, sentence: int) -> None:
    a, b, address_a, address_b = _ADDRESSED[cities]
    body = [
        f"The depots are at {address_a} and at {address_b}.",
        f"{a} and {b} are served weekly. Goods from {b} reach {a} in a day.",
    ]
    result = _bind("HOSTING AGREEMENT", [_SENTENCES[sentence].format(a=a, b=b), *body], 90)
    assert _parties(result) == set()


# A name defined by a short name in brackets after a maker's or owner's verb, or inside a
# recital that it does not open, is a thing's maker, not a party: "WHEREAS, Acme Inc.
# distributes software licensed by MICROSOFT CORPORATION (MICROSOFT);".
_MAKERS = [
    ("MICROSOFT CORPORATION", "MICROSOFT"),
    ("Pelorus Software, Inc.", "Pelorus"),
    ("ORVANDI LABS LIMITED", "OL"),
    ("Harrow & Vale Technologies LLC", "HARROW"),
]
_MADE_BY = [
    "WHEREAS, Acme Inc. distributes software licensed by {n} ({s}); and",
    "WHEREAS Acme Inc. resells devices manufactured by {n} ({s});",
    "whereas, Acme Inc. sells products of {n} ({s}) in Canada;",
    "Acme Inc. resells the software owned by {n} ({s}) to its customers.",
    "Acme Inc. supports equipment made by the {n} ({s}).",
]


@pytest.mark.parametrize("maker", range(len(_MAKERS)))
@pytest.mark.parametrize("made", range(len(_MADE_BY)))
def test_a_things_maker_defined_by_a_short_name_is_no_party(maker: int, made: int) -> None:
    name, short = _MAKERS[maker]
    opener = "This Agreement is made by Acme Inc., a Delaware corporation, for its resellers."
    body = [
        _MADE_BY[made].format(n=name, s=short),
        f"WHEREAS, the {short} products require activation. The {short} licence terms apply.",
        f"Each reseller shall keep {short} marks intact.",
    ]
    result = _bind("SOFTWARE RESELLER AGREEMENT", [opener, *body], 80)
    assert name not in _parties(result)
    assert not any(short in p for p in _parties(result))


# What says a sentence is about another agreement, a recital or a place reaches no further
# than its own sentence: a recital before "This is ... agreement between A and B", a party
# written before ", in its capacity" (no state's code in capitals) leave its parties bound.
@pytest.mark.parametrize(("i", "j"), [(0, 2), (3, 6), (7, 4)])
@pytest.mark.parametrize(
    "before", ["WHEREAS, the parties wish to work together;", "ARTICLE 1 - HOSTING"]
)
def test_a_recital_or_capacity_beside_the_sentence_keeps_its_parties(
    i: int, j: int, before: str
) -> None:
    a, b = _NAMES[i], _NAMES[j]
    opener = _SENTENCES[0].format(a=a[0], b=b[0]).replace("..", ".")
    body = [
        f"{a[2]}, in its capacity as host, serves {b[2]}. {b[2]}, in turn, pays {a[2]}.",
        *_body(a[2], b[2]),
    ]
    result = _bind("HOSTING AGREEMENT", [before, opener, *body], 90)
    assert _parties(result) == {a[1], b[1]}
