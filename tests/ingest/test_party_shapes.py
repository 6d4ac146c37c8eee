"""Preamble shapes measured on CUAD's contracts (bench/parties), as generated variants:
invented names, upper and lower case, "&", each legal form, the wrap at each place."""

from __future__ import annotations

import pytest

from tests.ingest.test_bindings import found, run

# A party name whose first words end one line and whose last words start the next: the line
# above may hold prose, an address, or one word of the name in a case of its own.
_WRAPPED = [
    # (the line's end, the next line's start, the name)
    ("Ohio 44101 and HIGH PLAINS NET", "SOLUTIONS, INC.", "HIGH PLAINS NET SOLUTIONS, INC."),
    ("by and between NWDA", "BioFoundry, LLC", "NWDA BioFoundry, LLC"),
    ("by and between Quillmark", "US, LLC", "Quillmark US, LLC"),
    ("by and between Harrow & Vale", "Partners, L.P.", "Harrow & Vale Partners, L.P."),
    ("by and between HARROW & VALE", "PARTNERS LTD.", "HARROW & VALE PARTNERS LTD."),
    ("by and between Larkspur Data", "Systems Corporation", "Larkspur Data Systems Corporation"),
    ("Suite 200, Reno, NV 89501 and KESTREL", "ANALYTICS GMBH", "KESTREL ANALYTICS GMBH"),
]


@pytest.mark.parametrize(("tail", "head", "name"), _WRAPPED)
def test_a_party_name_wrapped_onto_the_next_line_keeps_its_first_words(
    tail: str, head: str, name: str
) -> None:
    result = run(
        [
            "SUPPLY AGREEMENT",
            'This Supply Agreement (the "Agreement") is entered into by Corvel Brands, Inc.',
            f'("Buyer"), {tail}',
            f'{head} ("Seller").',
            "WHEREAS, Seller makes goods;",
        ]
    )
    parties = {n for n, _ in found(result, "party")}
    assert name in parties, parties
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases["Seller"] == name
    assert aliases["Buyer"] == "Corvel Brands, Inc."


@pytest.mark.parametrize("heading", ["NOTICES", "DEFINITIONS", "EXHIBIT B", "K.", "PARTIES"])
def test_a_heading_or_an_initial_above_a_name_stays_out_of_it(heading: str) -> None:
    result = run(
        [
            "SUPPLY AGREEMENT",
            'This Supply Agreement (the "Agreement") is entered into by and between',
            heading,
            'Marlowe Tooling Inc. ("Seller") and Corvel Brands, Inc. ("Buyer").',
            "WHEREAS, Seller makes goods;",
        ]
    )
    parties = {n for n, _ in found(result, "party")}
    assert "Marlowe Tooling Inc." in parties, parties


# A descriptor after a party's name ("a Taiwanese company", "A SWISS CORPORATION") is shaped
# like a company; the defined term after it names the party, never the descriptor.
_DESCRIPTORS = [
    "a Taiwanese company",
    "a P.R.C. company",
    "a Delaware Limited Liability Company",
    "a Japanese corporation",
    "an English company",
    "A SWISS CORPORATION",
    "a Nevada (USA) corporation",
    "a DE corporation",
    "a ___ DE corporation",
    "a limited company",
]

_DESCRIBED = [
    # (the name as written, the name bound)
    ("Harrow & Vale Partners, L.P.", "Harrow & Vale Partners, L.P."),
    ("KESTREL ANALYTICS GMBH", "KESTREL ANALYTICS GMBH"),
    ("Quillmark Systems Ltd.", "Quillmark Systems Ltd."),
    ("Orvandi Technology", "Orvandi Technology"),
    ("PELORUS WORKS", "PELORUS WORKS"),
]

_TERMS = [
    '("Distributor")',
    '(hereinafter referred to as the "Distributor")',
    '(the "Distributor")',
]


@pytest.mark.parametrize("descriptor", _DESCRIPTORS)
@pytest.mark.parametrize(("written", "name"), _DESCRIBED)
@pytest.mark.parametrize("term", _TERMS)
@pytest.mark.parametrize("described_first", [False, True])
def test_a_descriptor_after_a_name_is_not_the_party(
    descriptor: str, written: str, name: str, term: str, described_first: bool
) -> None:
    described = (
        f"{written}, {descriptor}, with its principal office at 12 Elm Road, Taipei 10051 {term}"
    )
    other = 'Corvel Brands, Inc., a Nevada corporation ("Supplier")'
    first, second = (described, other) if described_first else (other, described)
    result = run(
        [
            "DISTRIBUTOR AGREEMENT",
            'This Distributor Agreement (the "Agreement") is made as of July 19, 2018, by and',
            f"between {first} and {second}.",
            "WHEREAS, Distributor desires to sell the products;",
        ]
    )
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get("Distributor") == name, aliases
    assert aliases.get("Supplier") == "Corvel Brands, Inc."
    parties = {n for n, _ in found(result, "party")}
    assert parties == {name, "Corvel Brands, Inc."}, parties


# An agreement its signers make by signing (a joint filing agreement): no preamble names the
# parties; each signature block does, on its own lines or run together in one paragraph.
_OPENINGS = [
    "The undersigned hereby agree that the Schedule 13G is filed on behalf of each of them.",
    "The undersigned acknowledge and agree that the statement is filed on behalf of each.",
    "IN WITNESS WHEREOF, the undersigned hereby execute this Joint Filing Agreement.",
]

_SIGNERS = [
    # (the block's head, how it signs, the party bound)
    ("HARROW & VALE PARTNERS, LLC", "By: /s/ Jane Roe", "HARROW & VALE PARTNERS, LLC"),
    ("Kestrel Fund II, L.P.", "By: /s/ Jane Roe", "Kestrel Fund II, L.P."),
    (
        "QUILLMARK CAPITAL HOLDING CORPORATION",
        "/s/ Jane Roe",
        "QUILLMARK CAPITAL HOLDING CORPORATION",
    ),
    ("Larkspur Trust", "/s/ Jane Roe", "Larkspur Trust"),
    ("ADAM D. QUILL", "/s/ Adam D. Quill", "Adam D. Quill"),
    ("Marta Oyelaran", "/s/ Marta Oyelaran", "Marta Oyelaran"),
]


def _block(head: str, signs: str, nested: bool) -> list[str]:
    # Not under a name ending in a head noun ("Larkspur Trust"): run together, "Larkspur
    # Trust By: ..." reads as no name (a head noun ends a name only before no capital).
    nested = nested and not head.endswith("Trust")
    via = ["By: Harrow & Vale Partners, LLC, its general partner"] if nested else []
    if "/s/ Jane" in signs:
        return [head, *via, signs, "Name: Jane Roe", "Title: Managing Director"]
    return [head, signs]


@pytest.mark.parametrize("opening", _OPENINGS)
@pytest.mark.parametrize("pair", [(0, 1), (2, 4), (3, 5), (1, 0), (4, 2), (5, 3)])
@pytest.mark.parametrize("run_together", [False, True])
def test_the_signers_of_an_agreement_with_no_preamble_are_its_parties(
    opening: str, pair: tuple[int, int], run_together: bool
) -> None:
    blocks = [
        line
        for k, i in enumerate(pair)
        for line in _block(_SIGNERS[i][0], _SIGNERS[i][1], nested=k == 1)
    ]
    lines = ["JOINT FILING AGREEMENT", opening, "Dated: July 6, 2020"]
    result = run([*lines, " ".join(blocks)] if run_together else [*lines, *blocks])
    parties = {n for n, _ in found(result, "party")}
    assert parties == {_SIGNERS[i][2] for i in pair}, parties


# A party's name followed by its address, then its defined term ("DGT Corp. Suite 207 - 1130
# Austin Avenue, ... (hereinafter referred to as "DGT")", "MODUS MEDIA INTERNATIONAL" over
# its address's lines): the term names what stands before the address.
_ADDRESSED = [
    # (the name, its term)
    ("Quillmark Data Systems", "QDS"),
    ("HARROW VALE MEDIA INTERNATIONAL", "HVMI"),
    ("Orvandi Labs", "Orvandi"),
    ("Larkspur Analytics Corp.", "Larkspur"),
    ("KESTREL TOOLING LIMITED", "KESTREL"),
]

_ADDRESSES = [
    "Suite 207 - 1130 Austin Avenue, Coquitlam, British Columbia, Canada V3K 3P5",
    "Room 1302 Harbour Commercial Bldg 136 Austin Road, Tsimshatsui, Hong Kong",
    "12 Elm Road, Springfield, Ohio 44101",
    "ZEESTRAAT 51, 7327 GM APELDOORN, THE NETHERLANDS",
]

_ADDRESS_TERMS = [
    '(hereinafter referred to as "{}")',
    '(hereafter "{}")',
    '(HEREINAFTER "{}")',
    '(the "{}")',
]


@pytest.mark.parametrize(("name", "term"), _ADDRESSED)
# Without a legal form, a street written before its number ("ZEESTRAAT 51") reads as the
# name's on the name's own line: that address shape comes on lines of its own only.
@pytest.mark.parametrize(
    ("address", "in_lines"),
    [(a, True) for a in _ADDRESSES]
    + [(a, False) for a in _ADDRESSES if not a.startswith("ZEESTRAAT")],
)
@pytest.mark.parametrize("term_shape", _ADDRESS_TERMS)
@pytest.mark.parametrize("addressed_first", [False, True])
def test_a_name_before_its_address_takes_the_defined_term_after_it(
    name: str, term: str, address: str, term_shape: str, addressed_first: bool, in_lines: bool
) -> None:
    other = ("Corvel Brands, Inc.", "40 Pine Street, Reno, NV 89501", '(the "Customer")')
    addressed = (name, address, term_shape.format(term))
    first, second = (addressed, other) if addressed_first else (other, addressed)
    if in_lines:
        block = [
            line
            for k, (n, a, t) in enumerate((first, second))
            for line in (["BETWEEN:"] if k == 0 else ["AND"]) + [n, *a.split(", "), t]
        ]
        lines = ["OUTSOURCING AGREEMENT", *block, "WHEREAS, Customer needs services;"]
    else:
        lines = [
            "OUTSOURCING AGREEMENT",
            "This Outsourcing Agreement is made as of May 1, 2001 between "
            f"{' '.join(first)} and {' '.join(second)}.",
            "WHEREAS, Customer needs services;",
        ]
    result = run(lines)
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get(term) == name, aliases
    assert aliases.get("Customer") == "Corvel Brands, Inc.", aliases
    parties = {n for n, _ in found(result, "party")}
    assert parties == {name, "Corvel Brands, Inc."}, parties


@pytest.mark.parametrize(
    "after", ["2014 Incentive Plan", "Series 2 Preferred Stock Plan", "Kestrel Fund 2 LLC"]
)
def test_a_number_after_a_name_in_a_title_opens_no_address(after: str) -> None:
    result = run(
        [
            "SUPPLY AGREEMENT",
            'This Supply Agreement is made between Corvel Brands, Inc. ("Buyer") and Orvandi'
            f' Labs, Inc. ("Seller"). Shares go to the Corvel Brands, Inc. {after} (the "Pool").',
            "WHEREAS, Seller makes goods;",
        ]
    )
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get("Pool") != "Corvel Brands, Inc.", aliases


# A defined term written before its party's name, right after the list's joiner: "by and
# between DOT COM LLC, a Delaware limited liability company (Developer), and (Client) Pelican
# Delivers Inc." The bracket defines the name after it, never the name before the joiner.
_TERM_FIRST = [
    # (the second party as written, its name bound)
    ("Larkspur Data Systems Inc.", "Larkspur Data Systems Inc."),
    ("HARROW & VALE PARTNERS, L.P.", "HARROW & VALE PARTNERS, L.P."),
    ("Quillmark Holdings GmbH", "Quillmark Holdings GmbH"),
    ("Kestrel Analytics Ltd", "Kestrel Analytics Ltd"),
]


@pytest.mark.parametrize(("written", "name"), _TERM_FIRST)
@pytest.mark.parametrize("joiner", ["and", "&", "AND"])
@pytest.mark.parametrize("term", ["(Client)", '("Client")', '(the "Client")', "(Customer)"])
@pytest.mark.parametrize("first", ["Corvel Brands, LLC", "MARLOWE TOOLING INC."])
def test_a_term_before_a_name_after_the_joiner_defines_that_name(
    written: str, name: str, joiner: str, term: str, first: str
) -> None:
    result = run(
        [
            "SOFTWARE DEVELOPMENT AGREEMENT",
            "THIS SOFTWARE DEVELOPMENT AGREEMENT is made December 3rd, 2018 by and between",
            f"{first}, a Delaware limited liability company (Developer), {joiner} {term}",
            f"{written} for the performance of software design services.",
            "1. Term. This Agreement will commence on the Effective Date.",
        ]
    )
    alias = term.strip('()"').removeprefix('the "')
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get(alias) == name, aliases
    assert aliases.get("Developer") == first, aliases
    parties = {n for n, _ in found(result, "party")}
    assert parties == {name, first}, parties


# An agreement one party makes for another: "made ... by THAYER EQUITY INVESTORS IV, L.P.
# (the "Investor"), in favor of U.S. BANK / NATIONAL ASSOCIATION, a national banking
# association ... (the "Agent")". The name may wrap between its head noun and its legal form
# spelled out; the term names the whole name, and the party it is made for is a party.
_FOR_WHOM = [
    # (the name's first line, its second line, the name bound)
    ("U.S. BANK", "NATIONAL ASSOCIATION", "U.S. BANK NATIONAL ASSOCIATION"),
    ("Harrow & Vale Bank", "National Association", "Harrow & Vale Bank National Association"),
    ("KESTREL GROWTH FUND", "LIMITED PARTNERSHIP", "KESTREL GROWTH FUND LIMITED PARTNERSHIP"),
    ("Quillmark Bank,", "N.A.", "Quillmark Bank, N.A."),
]


@pytest.mark.parametrize(("head", "form", "name"), _FOR_WHOM)
@pytest.mark.parametrize("lead", ["in favor of", "in favour of", "for the benefit of"])
@pytest.mark.parametrize("maker", ["THAYER EQUITY INVESTORS IV, L.P.", "Marlowe Holdings LLC"])
def test_the_party_an_agreement_is_made_for_is_bound_with_its_whole_name(
    head: str, form: str, name: str, lead: str, maker: str
) -> None:
    result = run(
        [
            "MAINTENANCE AGREEMENT",
            'THIS MAINTENANCE AGREEMENT (this "Agreement") is made and entered into as of the',
            f'28th day of March 2006 by {maker} (the "Investor"), {lead} {head}',
            f"{form}, a national banking association in its capacity as administrative agent",
            '(together with its successors and assigns in such capacity, the "Agent").',
            "RECITALS:",
            "A. The Agent has required that the Investor execute and deliver this Agreement.",
        ]
    )
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get("Agent") == name, aliases
    assert aliases.get("Investor") == maker, aliases
    parties = {n for n, _ in found(result, "party")}
    assert parties == {name, maker}, parties


# A Danish or Norwegian company's legal form "A/S" ("Leo Pharma A/S", "Munksgaard A/S"): the
# name ends in it, in any case, with its address or descriptor after it.
_A_S = ["Leo Pharma A/S", "LEO PHARMA A/S", "Harrow & Vale Shipping A/S", "Kestrel Data a/s"]


@pytest.mark.parametrize("name", _A_S)
@pytest.mark.parametrize(
    "after",
    [
        ' of Industriparken 55, DK-2750 Ballerup, Denmark (hereinafter referred to as "Licensor")',
        ', a company registered in Denmark ("Licensor")',
        ' (the "Licensor")',
    ],
)
@pytest.mark.parametrize("first", [True, False])
def test_a_name_with_the_legal_form_a_s_is_a_party(name: str, after: str, first: bool) -> None:
    danish = f"{name}{after}"
    other = 'Galen (Chemicals) Limited ("Licensee")'
    one, two = (danish, other) if first else (other, danish)
    result = run(
        [
            "DEVELOPMENT AGREEMENT",
            'This Development Agreement (the "Agreement") is made as of July 19, 2018, by and',
            f"between {one} and {two}.",
            "WHEREAS, Licensor has developed the product;",
        ]
    )
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get("Licensor") == name, aliases
    parties = {n for n, _ in found(result, "party")}
    assert parties == {name, "Galen (Chemicals) Limited"}, parties


# A party without a legal form whose name is long and holds initials ("The University of
# Texas M. D. Anderson Cancer Center, with a place of business located at ..."): its last
# words are no person's name, and the whole name is the party.
_LONG_NAMES = [
    (
        "The University of Texas M. D. Anderson Cancer Center",
        "University of Texas M. D. Anderson Cancer Center",
    ),
    (
        "Kestrel University J. M. Finch School of Medicine",
        "Kestrel University J. M. Finch School of Medicine",
    ),
    (
        "Kestrel Valley J. R. Marlowe Memorial Hospital",
        "Kestrel Valley J. R. Marlowe Memorial Hospital",
    ),
    ("HARROW COUNTY J. P. QUILL CHILDREN'S CLINIC", "HARROW COUNTY J. P. QUILL CHILDREN'S CLINIC"),
]


@pytest.mark.parametrize(("written", "name"), _LONG_NAMES)
@pytest.mark.parametrize(
    "after",
    [
        ", with a place of business located at 1515 Holcombe Blvd., Houston, TX 77030",
        ", having its principal office at 12 Elm Road, Lincoln, NE 68588",
        "",
    ],
)
@pytest.mark.parametrize("term", ["MD Anderson", "Institution"])
def test_a_long_name_with_initials_is_no_person(
    written: str, name: str, after: str, term: str
) -> None:
    result = run(
        [
            "STRATEGIC ALLIANCE AGREEMENT",
            'THIS STRATEGIC ALLIANCE AGREEMENT (this "Agreement"), is entered into by and between',
            'Lion Biotechnologies, Inc., a Nevada corporation ("LBIO"), and',
            f'{written}{after} ("{term}"), as of the date set forth above.',
            "WHEREAS, LBIO develops therapies;",
        ]
    )
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get(term) == name, aliases
    parties = {n for n, _ in found(result, "party")}
    assert parties == {name, "Lion Biotechnologies, Inc."}, parties


# What runs into a name and is no part of it: a title after an exhibit's number ("Exhibit 10.1
# JOINT VENTURE AGREEMENT BETWEEN NOVO INTEGRATED SCIENCES INC. ("NVOS") AND ..."), and the
# unquoted term of the name before ("... at [***] (Bioeq) and Coherus BioSciences, Inc.,
# having ..."). Neither makes a party of its own.
_PAIRS = [
    ("NOVO INTEGRATED SCIENCES INC.", "HARVEST GOLD FARMS INC."),
    ("Larkspur Data Systems LLC", "Quillmark & Vale Holdings Ltd."),
    ("KESTREL ANALYTICS GMBH", "MARLOWE TOOLING CORP."),
]


@pytest.mark.parametrize(("first", "second"), _PAIRS)
@pytest.mark.parametrize("number", ["10.1", "99.4", "4"])
@pytest.mark.parametrize("kind", ["JOINT VENTURE", "SUPPLY", "LICENSE AND DEVELOPMENT"])
def test_a_title_after_an_exhibit_number_is_no_part_of_a_name(
    first: str, second: str, number: str, kind: str
) -> None:
    result = run(
        [
            f'Exhibit {number} {kind} AGREEMENT BETWEEN {first} ("NVOS") AND {second} ("HGF")',
            "FOR THE DEVELOPMENT OF CROPS",
            f'This Agreement (the "Agreement") is entered into between {first.title()}, a Nevada',
            f'corporation (herein referred to as "NVOS") and {second.title()}, a corporation',
            'organized under the laws of New Brunswick, Canada (herein referred to as "HGF").',
            "WHEREAS, NVOS is willing to assist in development;",
        ]
    )
    parties = {n for n, _ in found(result, "party")}
    assert not any("AGREEMENT" in p.upper() for p in parties), parties


@pytest.mark.parametrize(("first", "second"), _PAIRS)
@pytest.mark.parametrize("term", ["Bioeq", "Licensor", "BIOEQ"])
@pytest.mark.parametrize("place", ["[***]", "12 Elm Road, Zug, Switzerland"])
def test_an_unquoted_term_before_the_next_name_is_no_part_of_it(
    first: str, second: str, term: str, place: str
) -> None:
    result = run(
        [
            "LICENSE AND DEVELOPMENT AGREEMENT",
            "This LICENSE AND DEVELOPMENT AGREEMENT (this Agreement) is entered into effective as of",
            f"Nov. 02, 2019 (the Effective Date) by and between {first}, having its place of",
            f"business at {place} ({term}) and",
            f"{second}, having its principal place of business at 333 Twin Dolphin Drive, Suite",
            "600, Redwood City, CA, 94065, USA (Licensee).",
            "WHEREAS, Licensee develops products;",
        ]
    )
    parties = {n for n, _ in found(result, "party")}
    assert not any(p.startswith("(") for p in parties), parties
    assert second in parties, parties


# A party's address over lines of their own whose last line opens with a region's code that is
# also a legal form's ("Reno" / "NV 89501", "Adelaide" / "SA 5000", "Calgary" / "AB T2P 1J9"):
# the street, city and code read as no company's name, the street's number opens the address,
# and the term after it names the party above it.
_REGION_LINES = [
    ("40 Pine Street", "Reno", "NV 89501"),
    ("Level 3, 25 Grenfell Street", "Adelaide", "SA 5000"),
    ("Suite 900, 333 7 Avenue SW", "Calgary", "AB T2P 1J9"),
]


@pytest.mark.parametrize("address", _REGION_LINES)
@pytest.mark.parametrize(
    ("name", "term"),
    [
        ("Corvel Brands, Inc.", "Customer"),
        ("HALDEN ROCK LIMITED", "HRL"),
        ("Pellam Labs", "Pellam"),
    ],
)
@pytest.mark.parametrize("term_shape", ['(the "{}")', '(hereinafter referred to as "{}")'])
@pytest.mark.parametrize("addressed_first", [False, True])
def test_an_address_whose_region_code_is_a_legal_form_opens_at_its_number(
    address: tuple[str, ...], name: str, term: str, term_shape: str, addressed_first: bool
) -> None:
    other = ["Quillmark Data Systems", "12 Elm Road", "Springfield", "Ohio 44101", '(the "QDS")']
    addressed = [name, *(p for line in address for p in line.split(", ")), term_shape.format(term)]
    first, second = (addressed, other) if addressed_first else (other, addressed)
    lines = ["OUTSOURCING AGREEMENT", "BETWEEN:", *first, "AND", *second, "WHEREAS, QDS sells;"]
    aliases = {a.alias: a.entity_name for a in run(lines).aliases}
    assert aliases.get(term) == name, aliases
    assert aliases.get("QDS") == "Quillmark Data Systems", aliases
