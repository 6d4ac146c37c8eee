"""A party's name that opens with a brand in lower case, a hyphen before its number ("bw-3
FRANCHISE SYSTEMS, INC."), in a preamble (bench/parties --misses: "by and between bw-3 /
FRANCHISE SYSTEMS, INC. an Ohio corporation ... ("we" or "us"), and ______ ("you")"), as
generated variants typeset to real PDFs and parsed: the brand on the line of the rest of the
name or alone on the line above it, the rest in capitals or not, beside a named party or a
blank one. Prose with a number after a hyphen ("a covid-19 related delay") is no name."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _bind_lines, _parties

_BRANDS = [
    ("bw-3", "FRANCHISE SYSTEMS, INC."),
    ("kx-7", "Restaurant Holdings, LLC"),
    ("e-9", "NETWORKS LTD."),
]

_OTHERS = ["Kestrel Analytics GmbH", "Harrow & Vale Media, LLC"]


def _term(other: str) -> str:
    """A named franchisee's term; a blank one's "you"."""
    return "you" if "_" in other else "Franchisee"


@pytest.mark.parametrize(("brand", "rest"), _BRANDS)
@pytest.mark.parametrize("other", [*_OTHERS, "______________"])
@pytest.mark.parametrize("width", [70, 95])
def test_a_brand_with_a_number_after_its_hyphen_opens_the_name(
    brand: str, rest: str, other: str, width: int
) -> None:
    preamble = (
        f'This Franchise Agreement ("Agreement") is made by and between {brand} {rest} an Ohio'
        f' corporation ("we" or "us"), and {other} ("{_term(other)}").'
    )
    result = _bind("FRANCHISE AGREEMENT", [preamble, "1. Grant. We grant you a franchise."], width)
    named = {other} if "_" not in other else set()
    assert _parties(result) == {f"{brand} {rest}", *named}


@pytest.mark.parametrize(("brand", "rest"), _BRANDS)
@pytest.mark.parametrize("other", [_OTHERS[0], "______________"])
def test_a_brand_alone_on_the_line_above_the_rest_of_the_name(
    brand: str, rest: str, other: str
) -> None:
    lines = [
        f'This Franchise Agreement ("Agreement") is made by and between {brand}',
        f'{rest} an Ohio corporation ("we" or "us"), and {other} ("{_term(other)}").',
        "1. Grant. We grant you a franchise.",
    ]
    named = {other} if "_" not in other else set()
    assert _parties(_bind_lines("FRANCHISE AGREEMENT", lines)) == {f"{brand} {rest}", *named}


def test_prose_with_a_number_after_a_hyphen_is_no_name() -> None:
    preamble = (
        "This Agreement is made by and between Kestrel Analytics GmbH, a company that reports"
        ' covid-19 related delays ("Supplier"), and Orvandi Labs Ltd. ("Buyer").'
    )
    result = _bind("SUPPLY AGREEMENT", [preamble, "1. Supply. The Supplier supplies."], 95)
    assert _parties(result) == {"Kestrel Analytics GmbH", "Orvandi Labs Ltd."}
