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
