"""A party's name that goes on past its legal form, and a defined term with an apostrophe in
it (bench/parties --misses on CUAD's development contracts), as generated variants typeset to
real PDFs and parsed: invented names, upper and lower case, "&", the parties in either order,
the preamble wrapped at two widths.

- "Acme Bancorp, Inc. of Pennsylvania, a federal stock holding company (the "Company")": "of"
  and a place after the legal form, before the descriptor's comma, are the rest of the name;
  the term names the whole name. "of" and an address ("... Ltd. of 12 High Street") is not.
- ("Sandler O'Neill" or the "Agent"): an apostrophe between letters is the word's, not a
  quote: the term is whole, and the next term of the bracket is read too.
- "National Football League Alumni - Northern California Chapter ("NFLA-NC")": a dash with a
  space on each side joins the parts of a name with no legal form (a chapter, a branch)."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _parties, _terms

_PLACED = [
    # (the name before the place, the place, the descriptor)
    ("Quillmark Bancorp, Inc.", "Pennsylvania", "a federal stock holding company"),
    ("HARROW & VALE HOLDINGS LIMITED", "ENGLAND", "a company limited by shares"),
    ("Orvandi Labs Corp.", "New York", "a corporation in formation"),
    ("Kestrel Trust Company", "Delaware", "a trust company"),
]

_OTHER = "Larkspur Data Systems, LLC"


def _preamble(first: str, second: str, descriptor: str, first_term: str) -> str:
    return (
        f"This Agency Agreement is made as of May 1, 2021 by and between {first}, {descriptor} "
        f'(the "{first_term}"), and {second}, a Delaware limited liability company (the '
        '"Agent").'
    )


@pytest.mark.parametrize(("name", "place", "descriptor"), _PLACED)
@pytest.mark.parametrize("placed_first", [True, False])
@pytest.mark.parametrize("width", [60, 90])
def test_a_place_after_the_legal_form_is_part_of_the_name(
    name: str, place: str, descriptor: str, placed_first: bool, width: int
) -> None:
    of = "OF" if name.isupper() else "of"
    placed = f"{name} {of} {place}"
    if placed_first:
        text = _preamble(placed, _OTHER, descriptor, "Company")
    else:
        text = (
            f"This Agency Agreement is made as of May 1, 2021 by and between {_OTHER}, a "
            f'Delaware limited liability company (the "Agent"), and {placed}, {descriptor} '
            '(the "Company").'
        )
    result = _bind("AGENCY AGREEMENT", [text], width)
    assert _parties(result) == {placed, _OTHER}
    assert _terms(result)["Company"] == placed


@pytest.mark.parametrize("address", ["12 High Street, London", "Industriparken 55, Ballerup"])
def test_of_and_an_address_is_no_part_of_the_name(address: str) -> None:
    text = (
        f"This Agency Agreement is made by and between Quillmark Labs Ltd. of {address}, a "
        f'company limited by shares (the "Company"), and {_OTHER}, a Delaware limited '
        'liability company (the "Agent").'
    )
    result = _bind("AGENCY AGREEMENT", [text], 90)
    assert "Quillmark Labs Ltd." in _parties(result)
    assert not any(address.split(",")[0] in p for p in _parties(result))


_APOSTROPHES = [
    # (the party, its short name with an apostrophe)
    ("Sandler O'Neill & Partners, L.P.", "Sandler O'Neill"),
    ("RUBIO'S RESTAURANTS, INC.", "Rubio's"),
    ("D'Amato Media Group LLC", "D'Amato"),
]


@pytest.mark.parametrize(("name", "short"), _APOSTROPHES)
@pytest.mark.parametrize("short_first", [True, False])
def test_an_apostrophe_inside_a_term_is_the_words(name: str, short: str, short_first: bool) -> None:
    said = f'"{short}" or the "Agent"' if short_first else f'the "Agent" or "{short}"'
    text = (
        'Quillmark Bancorp, Inc., a Pennsylvania corporation (the "Company"), hereby confirms '
        f"its agreement with {name} ({said}) with respect to the offer and sale of its stock."
    )
    result = _bind("AGENCY AGREEMENT", ["Ladies and Gentlemen:", text], 90)
    terms = _terms(result)
    assert terms[short] == name
    assert terms["Agent"] == name
    assert not any(len(t) < len(short) and short.startswith(t) for t in terms)


_DASHED = [
    # (a name whose parts a spaced dash joins, its term)
    ("National Football League Alumni - Northern California Chapter", "NFLA-NC"),
    ("KESTREL FOUNDATION - EUROPE", "KFE"),
    ("Harrow & Vale Society - Midwest Branch", "HVS"),
]


@pytest.mark.parametrize(("name", "term"), _DASHED)
@pytest.mark.parametrize("descriptor", ["", ", a charitable corporation organized under Ohio law"])
@pytest.mark.parametrize("width", [60, 90])
def test_a_spaced_dash_joins_a_names_parts(
    name: str, term: str, descriptor: str, width: int
) -> None:
    text = (
        f'This Endorsement Agreement ("Agreement") is made October 30, 2017, between {name} '
        f'("{term}"){descriptor}, and Food For Athletes, Inc., a Nevada corporation ("FFA").'
    )
    result = _bind("ENDORSEMENT AGREEMENT", [text], width)
    assert _parties(result) == {name, "Food For Athletes, Inc."}
    assert _terms(result)[term] == name
