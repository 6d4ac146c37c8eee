"""Party names read next to what is no part of them, generated variants: a firm named "X and
Y" after an address (the one-word city cut before a list's "and" took its first word: "Barnes
and Noble, Inc." -> "Noble, Inc."), a registration number's label after a comma ("Harrow &
Vale Media, Inc., company number 0456789"), a party's role and a comma before its name ("and
its Reseller, Pelican & Sons Ltd."), and a term that follows the list's next item, a blank
("..., Nuveen Fund Advisors, LLC, a registered investment adviser ..., and [●] (the
"Remarketing Agent")"), which names that item, not the party before it."""

from __future__ import annotations

import pytest

from ingest import BindingExtractor
from ingest.bindings import company_named
from tests.ingest.test_bindings import make_doc
from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms

_FIRMS = [
    "Barnes and Noble, Inc.",
    "Marks and Spencer plc",
    "Procter and Gamble Company",
    "Johnson and Johnson Consumer Inc.",
    "MARKS AND SPENCER PLC",
]
# What an address leaves before the name: the list's joiner after a postcode, a state or a
# city, on the same line or the next.
_AFTER = ["and {f}", "10001, and {f}", "NY 10001,\nand {f}"]


@pytest.mark.parametrize("firm", _FIRMS)
@pytest.mark.parametrize("shape", _AFTER)
def test_a_firm_named_x_and_y_after_an_address_is_whole(firm: str, shape: str) -> None:
    ent = company_named(shape.format(f=firm), after_address=True)
    assert ent is not None and ent.name == firm
    # the city that ends the address right before the joiner is still cut
    city = company_named(f"Bratislava and {firm}", after_address=True)
    assert city is not None and city.name == firm


_NAMES = ["Harrow & Vale Media, Inc.", "Orvandi Systems Ltd", "PELICAN & SONS LIMITED"]
_LABELS = ["company number", "Company No.", "Company Number", "COMPANY NO.", "company"]


@pytest.mark.parametrize("name", _NAMES)
@pytest.mark.parametrize("label", _LABELS)
def test_a_registration_label_ends_the_name(name: str, label: str) -> None:
    ent = company_named(f"{name}, {label}")
    assert ent is not None and ent.name == name


@pytest.mark.parametrize("label", ["company number", "Company No.", "COMPANY NUMBER"])
def test_the_term_after_a_registration_number_is_the_named_partys(label: str) -> None:
    name = "Orvandi Systems Ltd"
    lines = [
        f'This Agreement is made between Kestrel Partners Limited ("Supplier") and {name}, {label}'
        " 0456789",
        '("Customer").',
        _RECITAL,
    ]
    result = _bind_lines("SUPPLY AGREEMENT", lines)
    assert _parties(result) == {"Kestrel Partners Limited", name}
    assert _terms(result)["Customer"] == name


@pytest.mark.parametrize("role", ["Reseller", "Distributor", "LICENSEE", "Supplier"])
@pytest.mark.parametrize("lead", ["", "its ", "the "])
def test_a_role_and_a_comma_before_a_name_are_no_part_of_it(role: str, lead: str) -> None:
    for name in ["Pelican & Sons Ltd.", "Orvandi Systems Inc."]:
        ent = company_named(f"{lead}{role}, {name}")
        assert ent is not None and ent.name == name
    # a firm's names a comma parts are one name when the first is no role
    bell = company_named("Bell, Howell & Co.")
    assert bell is not None and bell.name == "Bell, Howell & Co."


@pytest.mark.parametrize("blank", ["[●]", "[___]", "[ ]"])
@pytest.mark.parametrize("term", ["Remarketing Agent", "Dealer"])
def test_a_term_after_the_lists_next_item_is_not_the_partys(blank: str, term: str) -> None:
    fund, adviser = "Kestrel Municipal Income Fund", "Harrow & Vale Advisors, LLC"
    lines = [
        "REMARKETING AGREEMENT",
        f"This Agreement, dated as of {blank}, by and among {fund}, a business trust (the",
        f'"Fund"), {adviser}, a registered investment adviser (the "Investment Adviser"), and',
        f'{blank} (the "{term}").',
        "1. Remarketing. The parties agree as follows.",
        "EXHIBIT B",
        "REMARKETING NOTICE",
        f"Pursuant to the Remarketing Agreement dated {blank}, by and among {fund}, a business",
        f"trust, {adviser}, a registered investment adviser and wholly-owned subsidiary of",
        f'Harrow Holdings, Inc., and {blank} (the "{term}"), the Fund gives notice.',
    ]
    result = BindingExtractor().run(make_doc(lines))
    terms = {b.subject_name: set(b.defined_terms) for b in result.bindings if b.role == "party"}
    assert terms.get(adviser) == {"Investment Adviser"}, terms
