"""A party's defined term given where an exhibit or schedule restates the parties, each with its
address between the name and the term ("Schoolpop, Inc., a Delaware corporation, with an office
at ... ("Seller")"): the term is the party's, bound to it and listed among its defined terms, never
the other party's nor a person's or a street's. Generated over names ("&", digits, capitals),
addresses of several shapes (a lead, a bare street, an attention line, a registration number,
line breaks) and both orders."""

from __future__ import annotations

import pytest

from domain import entity_key
from ingest import BindingExtractor, BindingResult
from tests.ingest.test_bindings import make_doc

NAMES = [
    ("Harrow & Vale Media, Inc.", "Brightwater Foods, Inc."),
    ("Kestrel 2 Systems LLC", "Pelican & Sons Ltd."),
    ("ORVANDI SYSTEMS CORP.", "NORDWIND 7 GMBH"),
]
ADDRESSES = [
    ", a Delaware corporation, with an office at 3100 Five Forks\nRoad, Suite 410, Lilburn, GA 30047 USA",
    ", 1 Main Street, Suite 2, Springfield, IL 62701",
    ", organized under the laws of Delaware with offices at 12 Elm Road,\nBoston, MA 02110",
    ", a Delaware corporation,\nAttention: Jane Roe, General Counsel,\n12 Elm Road, Boston, MA 02110",
    ", registration number 12345678, whose registered office is at 90 High Street, London",
    ", P.O. Box 1234,\nPortland, OR 97201",
]


def _exhibit(first: str, second: str, addr_1: str, addr_2: str, t1: str, t2: str) -> list[str]:
    return [
        "DISTRIBUTION AGREEMENT",
        f'This Distribution Agreement is made by and between {first.title()} ("First"), and',
        f'{second.title()}, a Delaware corporation ("Second").',
        "1. Term. This Agreement runs for one year.",
        "2. Assignment. Neither party may assign this Agreement.",
        "EXHIBIT 1",
        "TRUST AGREEMENT",
        "AGREEMENT between",
        *f'{first}{addr_1} ("{t1}")'.split("\n"),
        "And",
        *f'{second}{addr_2} ("{t2}").'.split("\n"),
        f"1. {t1} and {t2} have entered into an agreement.",
    ]


def _party_terms(result: BindingResult) -> dict[str, set[str]]:
    return {b.subject_key: set(b.defined_terms) for b in result.bindings if b.role == "party"}


CASES = [
    (NAMES[n][order], NAMES[n][1 - order], ADDRESSES[i], ADDRESSES[(i + 1 + n) % len(ADDRESSES)])
    for n in range(len(NAMES))
    for i in range(len(ADDRESSES))
    for order in (0, 1)
    if (n + i + order) % 2 == 0
]


@pytest.mark.parametrize(("first", "second", "addr_1", "addr_2"), CASES)
def test_a_term_an_exhibit_gives_a_party_after_its_address_is_that_partys(
    first: str, second: str, addr_1: str, addr_2: str
) -> None:
    result = BindingExtractor().run(
        make_doc(_exhibit(first, second, addr_1, addr_2, "Buyer", "Seller"))
    )
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get("Buyer", "").lower() == first.lower()
    assert aliases.get("Seller", "").lower() == second.lower()
    terms = _party_terms(result)
    assert len(terms) == 2, terms
    by_term = {t: key for key, ts in terms.items() for t in ts}
    assert by_term.get("Buyer") == by_term.get("First")
    assert by_term.get("Seller") == by_term.get("Second")
    assert "Jane Roe" not in aliases.values()


BARE = [", 1 Main Street, Suite 2, Springfield, IL 62701", ", 12 Elm Road,\nBoston, MA 02110"]


@pytest.mark.parametrize("addr", BARE)
@pytest.mark.parametrize("pair", NAMES)
def test_a_bare_address_after_the_joiners_line_leaves_the_name_its_term(
    pair: tuple[str, str], addr: str
) -> None:
    """ "And" on its own line, then a name with a street address and no lead ("Pelican & Sons
    Ltd., 1 Main Street, ... ("Seller")"): the address's line is the name's, the term its."""
    first, second = pair
    lines = [
        "SUPPLY AGREEMENT",
        "This Supply Agreement is made by and between",
        f'{first}, 9 Harbour Way, Dover, DE 19901 ("Buyer")',
        "And",
        *f'{second}{addr} ("Seller").'.split("\n"),
        "1. Seller shall supply goods to Buyer.",
    ]
    result = BindingExtractor().run(make_doc(lines))
    aliases = {a.alias: a.entity_name for a in result.aliases}
    assert aliases.get("Seller") == second
    assert aliases.get("Buyer") == first


REGISTERED = [
    "(Registered Company No. 5701810)",
    "(Registered Company Number 0456789)",
    "(REGISTERED COMPANY NO. 12345)",
    "(Registered Company No.: HE 301373)",
]


@pytest.mark.parametrize("number", REGISTERED)
@pytest.mark.parametrize("order", [0, 1])
def test_a_registration_number_in_brackets_names_no_company(number: str, order: int) -> None:
    """ "Rubicon Software Group plc, a company registered under the laws of England and Wales
    (Registered Company No. 5701810) whose registered office is ... ("Rubicon")": the label of
    the number is no company before the term; the term is the party's."""
    pair = ("Information System Associates, Inc.", "Kestrel 2 & Vale Group plc")
    first, second = pair[order], pair[1 - order]
    lines = [
        "STRATEGIC ALLIANCE AGREEMENT",
        "This Agreement is by and between",
        f'{first}, a Florida corporation ("Alpha") and',
        f"{second}, a company registered under the laws of England and Wales {number}",
        'whose registered office is Rubicon House, Guildford Road, Surrey GU24 9PW ("Omega").',
        "1. Omega shall pay Alpha.",
    ]
    aliases = {a.alias: a.entity_name for a in BindingExtractor().run(make_doc(lines)).aliases}
    assert aliases.get("Alpha") == first
    assert aliases.get("Omega") == second


@pytest.mark.parametrize("pair", NAMES)
@pytest.mark.parametrize(
    "laws",
    [
        "organized under the laws of the\nState of Missouri, USA",
        "organised under the laws of the Commonwealth of\nVirginia",
    ],
)
def test_an_exhibit_that_restates_a_known_term_lends_the_other_party_its_new_one(
    pair: tuple[str, str], laws: str
) -> None:
    """The exhibit restates the first party with the term the preamble gave it ("AEIS") and
    names the second by a new one ("Seller"): the new term joins the second party's terms."""
    first, second = pair
    lines = [
        "RESELLER AGREEMENT",
        f'This Agreement is made by and between {first} ("Alpha"), and {second} ("Omega").',
        *(
            f"{n}. Clause {n}. Each party shall perform its duties under this Agreement."
            for n in range(1, 12)
        ),
        "EXHIBIT 1",
        "AGREEMENT between",
        *f'{first} {laws}, with an office at 1309 North Highway Drive, Fenton, MO\n63099, USA ("Alpha")'.split(
            "\n"
        ),
        "And",
        f'{second}, a Delaware corporation, with an office at 3100 Five Forks Road ("Seller").',
        "1. Alpha and Seller have entered into an agreement.",
    ]
    terms = _party_terms(BindingExtractor().run(make_doc(lines)))
    assert "Seller" in terms.get(entity_key(second), set()), terms
    assert "Seller" not in terms.get(entity_key(first), set())
