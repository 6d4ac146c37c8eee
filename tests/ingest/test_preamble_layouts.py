"""Layouts of an agreement's list of parties that CUAD's development contracts with fewer than
two parties bound showed (bench/parties dev --misses), as generated variants typeset to real
PDFs and parsed: a block list under a "BETWEEN" line whose blocks carry each party's
descriptor and address, a person who signs for the company that is the party ("Jane Roe,
director of Acme Ltd."), a preamble that says only "This Agreement is between ...", and the
English "IT IS AGREED" that ends a preamble before its definitions."""

from __future__ import annotations

import textwrap

import pytest

from ingest import BindingExtractor
from tests.ingest.test_preamble_party_lists import (
    _RECITAL,
    _bind,
    _bind_lines,
    _parser,
    _parties,
    _terms,
)
from tests.pdfs import Line, make_pdf

# (the name, what its block says after it): a descriptor, an address, who acts for it.
_BLOCKS = [
    (
        "KESTREL BIOPHARMA Inc.",
        ", a Delaware Company, Fannin South Professional Building, 7707, Fannin St. Suite 140, "
        "Houston TX 77054 USA, in person of the Chief Executive Officer Prof. Anna Rossi, PhD",
    ),
    (
        "MOLIVANTE S.R.L.",
        " an Italian Company stated in Campobasso, Via del Castello n. 3, FISCAL CODE AND VAT "
        "NUMBER: 01655870705 in person of the Legal Representative Avv. Marco Bell;",
    ),
    ("Orvandi Labs GmbH", " of Industriestrasse 12, 80331 Munich, Germany,"),
    (
        "HARROW & VALE PARTNERS LTD.",
        " (registered number 01003653) whose registered office is at 19 Upper Ground, London "
        "SE1 9GL",
    ),
    ("Quillmark Systems B.V.", ", having its seat at Keizersgracht 62, Amsterdam, and"),
]


def _block_lines(opener: str, joiner: str, blocks: list[tuple[str, str]], width: int) -> list[str]:
    lines = [opener]
    for k, (name, rest) in enumerate(blocks):
        if k:
            lines.append(joiner)
        lines.extend(textwrap.wrap(name + rest, width=width))
    return lines


@pytest.mark.parametrize("opener", ["BETWEEN", "Between", "BETWEEN:", "AMONG"])
@pytest.mark.parametrize("joiner", ["AND", "and", "&"])
@pytest.mark.parametrize("first", range(len(_BLOCKS)))
@pytest.mark.parametrize("width", [70, 100])
def test_a_block_list_under_a_between_line_names_each_block_s_company(
    opener: str, joiner: str, first: int, width: int
) -> None:
    blocks = [_BLOCKS[first], _BLOCKS[(first + 2) % len(_BLOCKS)]]
    result = _bind_lines(
        "JOINT VENTURE AGREEMENT",
        [
            *_block_lines(opener, joiner, blocks, width),
            "each a Party and, together, the Parties.",
            "WHEREAS A. the Parties wish to form a joint venture;",
        ],
    )
    assert _parties(result) == {name for name, _ in blocks}


def test_a_block_list_of_three_companies() -> None:
    blocks = [_BLOCKS[0], _BLOCKS[2], _BLOCKS[3]]
    result = _bind_lines(
        "CONSORTIUM AGREEMENT",
        [*_block_lines("BETWEEN", "AND", blocks, 80), "WHEREAS the Parties wish to cooperate;"],
    )
    assert _parties(result) == {name for name, _ in blocks}


@pytest.mark.parametrize(
    "first",
    [
        # a block that opens with no company names no party: the lines are no list
        "the Supplier named in Schedule 1, of the address given there,",
        # a title's words under "BETWEEN"
        "TERMS OF COOPERATION",
    ],
)
def test_a_block_that_names_no_company_makes_no_block_list(first: str) -> None:
    result = _bind_lines(
        "SUPPLY AGREEMENT",
        [
            "BETWEEN",
            first,
            "AND",
            "Orvandi Labs GmbH of Industriestrasse 12, 80331 Munich, Germany,",
            "WHEREAS the Parties wish to cooperate;",
        ],
    )
    assert _parties(result) <= {"Orvandi Labs GmbH"}


# A person who acts for the company that is the party: "by and between Jane Roe, director of
# Acme Ltd. (hereinafter referred to as "Client") and ...". The company is the party.
_SIGNERS = [
    ("Natalia Tunev", "director"),
    ("MARK VITALE", "Managing Director"),
    ("Dr. Anna Rossi", "President"),
    ("John P. Harlow", "CEO"),
]

# (A capitalised name wrapped after "CEO of" loses its first line's words, "CEO of KESTREL /
# ANALYTICS GMBH" -> "ANALYTICS GMBH", with or without this layout: a name cut at its edge,
# another class; this one's names are not wrapped there.)
_SIGNED_FOR = [
    "Mitchell's Web Advance, PLC",
    "Harrow & Vale Partners LLC",
    "KESTREL GMBH",
    "Quillmark Systems Ltd.",
    "Orvandi Labs S.A.",
]

_TERM_SHAPES = ['(hereinafter referred to as "{t}")', '(the "{t}")', '("{t}")']


@pytest.mark.parametrize("signer", range(len(_SIGNERS)))
@pytest.mark.parametrize("company", range(len(_SIGNED_FOR)))
@pytest.mark.parametrize("term_shape", _TERM_SHAPES)
@pytest.mark.parametrize("width", [60, 95])
def test_a_person_acting_for_a_company_makes_the_company_the_party(
    signer: int, company: int, term_shape: str, width: int
) -> None:
    p1, t1 = _SIGNERS[signer]
    p2, t2 = _SIGNERS[(signer + 1) % len(_SIGNERS)]
    c1 = _SIGNED_FOR[company]
    c2 = _SIGNED_FOR[(company + 2) % len(_SIGNED_FOR)]
    result = _bind(
        "WEBSITE HOSTING AGREEMENT",
        [
            'This Website Hosting Agreement (the "Agreement") is entered into on January 11, '
            f"2018 by and between {p1}, {t1} of {c1} {term_shape.format(t='Client')} and {p2}, "
            f"{t2} of {c2} {term_shape.format(t='Provider')}.",
            "1. Services. Provider shall host the Client's website.",
        ],
        width,
    )
    assert _parties(result) == {c1, c2}
    assert _terms(result) == {"Client": c1, "Provider": c2}


@pytest.mark.parametrize("lead", ["the rights of", "a licence from", "the products of"])
def test_a_company_after_of_without_its_signer_is_still_no_party(lead: str) -> None:
    result = _bind(
        "SUPPLY AGREEMENT",
        [
            'This Supply Agreement is made between Corvel Brands, Inc. ("Buyer") and Orvandi '
            f'Labs Ltd. ("Seller"), subject to {lead} Delta Works Corp. ("Licensor").',
            _RECITAL,
        ],
        95,
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs Ltd."}


# "This Agreement is between A and B": the preamble says no more than "is between".
_IS_BETWEEN = ["is between", "is by and between", "is among", "is between:"]


@pytest.mark.parametrize("says", _IS_BETWEEN)
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("HARROW FILM AND ENTERTAINMENT CORPORATION", "Orvandi Labs GmbH"),
        ("Quillmark Systems Ltd.", "KESTREL ANALYTICS, INC."),
    ],
)
@pytest.mark.parametrize("width", [60, 95])
def test_an_agreement_that_is_between_its_parties(
    says: str, first: str, second: str, width: int
) -> None:
    result = _bind(
        "CONTENT LICENSE AGREEMENT",
        [
            f"This Content License Agreement {says} {first}, located at 2809 Unicornio, "
            f"Carlsbad, CA 92009 and {second}, located at 12868 Via Latina, Del Mar, CA 92014.",
            'THIS CONTENT LICENSE AGREEMENT (the "Agreement") is made as of this 3rd day of '
            "November, 2005. In consideration of the mutual promises contained herein, the "
            "parties agree as follows:",
            "1. GRANT OF LICENSE. The licensor grants the licensee a license to the Content.",
        ],
        width,
    )
    assert _parties(result) == {first, second}


def test_a_sentence_saying_an_agreement_is_between_no_names_binds_none() -> None:
    result = _bind(
        "CONTENT LICENSE AGREEMENT",
        [
            "This Agreement is between the parties named in the Order Form and no one else.",
            "1. GRANT OF LICENSE. The licensor grants the licensee a license to the Content.",
        ],
        95,
    )
    assert _parties(result) == set()


# The English layout: "BETWEEN: (1) ... (2) ... IT IS AGREED as follows: 1. INTERPRETATION 1.1
# In this Agreement: Group Company means ...": the definitions after "IT IS AGREED" are no
# preamble, and what they define is no party.
@pytest.mark.parametrize(
    "agreed", ["IT IS AGREED as follows:", "IT IS HEREBY AGREED:", "It is agreed:"]
)
@pytest.mark.parametrize("width", [60, 95])
def test_it_is_agreed_ends_the_preamble_before_the_definitions(agreed: str, width: int) -> None:
    result = _bind(
        "SERVICE AGREEMENT",
        [
            "THIS AGREEMENT is made on 1 October 2019",
            "BETWEEN: (1) ORVANDI LABS LIMITED (registered number 01003653) whose registered "
            "office is at Sea Containers, 19 Upper Ground, London SE1 9GL (the Company) (2) "
            "KESTREL ANALYTICS GMBH (the Consultant).",
            f"{agreed} 1. INTERPRETATION 1.1 In this Agreement:",
            "Board means the board of directors of the Company;",
            "Group Company means the Company, its subsidiaries and its holding companies, "
            'Harrow Holdings Limited (the "Parent") and any subsidiary of the Parent;',
        ],
        width,
    )
    assert _parties(result) == {"ORVANDI LABS LIMITED", "KESTREL ANALYTICS GMBH"}


# Two labels on one line under the preamble: "Licensor: X Licensee Y". Each label names the
# name after it; the first name runs to the second label, never through it. (A bare name, no
# legal form, is another class: none is bound here.)
@pytest.mark.parametrize(
    ("first", "second", "bound"),
    [
        ("HARROW ENTERTAINMENT", "THE KESTREL FILM CORPORATION", {"KESTREL FILM CORPORATION"}),
        ("Orvandi Labs GmbH", "Pelorus Works Inc.", {"Orvandi Labs GmbH", "Pelorus Works Inc."}),
    ],
)
def test_two_labels_on_one_line_label_two_names(first: str, second: str, bound: set[str]) -> None:
    result = _bind_lines(
        "CONTENT LICENSE AGREEMENT",
        [
            f"This Content License Agreement is between {second}, located at 2809 Unicornio,",
            f"Carlsbad, CA 92009 and {first}, located at 12868 Via Latina, Del Mar, CA 92014",
            f"Licensor: {first} Licensee {second}",
            "In consideration of the mutual promises herein, the parties agree as follows:",
            "1. GRANT OF LICENSE. The licensor grants the licensee a license to the Content.",
        ],
    )
    assert _parties(result) == bound


# A block of labelled parties whose first party's description defines a term ("Party A: X Co.,
# Ltd. / Legal Representative: ... / ... China Recycling Energy Corporation (the "Company") is
# a NASDAQ listed company ... / Party B: Z Co., Ltd."), the first sentence shaped like a
# preamble's pages later: the term opens the preamble; the label above it still names a party.
_LABELLED = [
    "Xi'an Qinling New Energy Technology Co., Ltd.",
    "Harrow & Vale Partners LLC",
    "KESTREL ANALYTICS GMBH",
    "Boxing County Liyuan Gas Supply Co., Ltd.",
]


@pytest.mark.parametrize("first", range(len(_LABELLED)))
@pytest.mark.parametrize("colon", [": ", " : "])
def test_a_term_defined_inside_a_block_of_labelled_parties_keeps_the_first(
    first: int, colon: str
) -> None:
    a, b = _LABELLED[first], _LABELLED[(first + 1) % len(_LABELLED)]
    head = [
        Line("Cooperation Agreement", size=14, bold=True, x=150),
        Line("Waste Heat Power Generation Project"),
        Line(f"Party A{colon}{a} Legal Representative: Ku Guohua"),
        Line(f"{a} engages in the project operations in China. Orvandi Energy"),
        Line('Corporation (the "Company") is a NASDAQ listed company and a leading provider.'),
        Line(f"Party B{colon}{b}"),
        Line("Legal Representative: Li Shuxun"),
        Line(f"{b} is located in the Industrial Park, Chunhua Town, Shandong Province."),
        Line("After friendly negotiation between two parties, Party A and Party B reached the"),
        Line("following items with respect to the project."),
    ]
    clause = "Party B shall supply the heat to the station on the terms of this item"
    body = [[Line(f"{k}.{n} {clause} and its schedule.") for n in range(40)] for k in range(1, 4)]
    tail = [
        Line("This agreement shall be signed and sealed by legal representatives of both parties"),
        Line("and take effect from the effective date."),
    ]
    doc = _parser().run(make_pdf([head, *body, tail]), "agreement.pdf")
    assert _parties(BindingExtractor().run(doc)) == {a, b}
