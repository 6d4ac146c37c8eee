"""Two shapes of a party's name that CUAD's development contracts (bench/parties --misses)
showed the binding rules dropping, as generated variants typeset to real PDFs and parsed: a
name in lower case ("eGain Communications Corporation ("eGain")", "i3 ... LLC", "e-centives,
Inc.", "e.l.f. Beauty, Inc."), and a place or a qualifier in brackets before the legal form
("SHBV (HONG KONG) LTD.", "YA Global Investments II (U.S.), Ltd", "Columbia Laboratories,
(Bermuda) Ltd"); the parties in either order, beside a name with "&", with a descriptor or
without. Prose in lower case ("an e-commerce company", "i.e.") is no name, and a signature line
wrapped after such a bracket reads no cut name."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _bind_lines, _parties, _terms

_OTHERS = ["Corvel Brands, Inc.", "Harrow & Vale Media, LLC"]

# (the name as written, its defined term)
_LOWER_CASE = [
    ("qTrellis Systems Corporation", "qTrellis"),
    ("k9 Analytics, LLC", "k9 Analytics"),
    ("edge4net Ltd.", "edge4net"),
    ("e-vantis, Inc.", "e-vantis"),
    ("v.n.x. Labs, Inc.", "VNX"),
]


# Each name once, the other variants turned over across them (each PDF costs a parse).
@pytest.mark.parametrize(
    ("name", "term", "other", "lower_first", "described"),
    [
        (name, term, _OTHERS[i % 2], i % 2 == 0, i % 3 != 0)
        for i, (name, term) in enumerate(_LOWER_CASE)
    ],
)
def test_a_party_named_in_lower_case_is_bound_with_its_term(
    name: str, term: str, other: str, lower_first: bool, described: bool
) -> None:
    lower = f"{name}, a Delaware corporation" if described else name
    lower += f' ("{term}")'
    listed = [lower, f'{other} ("Customer")']
    first, second = listed if lower_first else listed[::-1]
    result = _bind(
        "HOSTING AGREEMENT",
        [f"This Hosting Agreement is entered into by and between {first} and {second}.", _RECITAL],
        95,
    )
    assert _parties(result) == {name, other}
    assert _terms(result) == {term: name, "Customer": other}


@pytest.mark.parametrize(
    "prose",
    [
        'Corvel Brands, Inc., an e-commerce company ("Seller")',
        'Corvel Brands, Inc. (i.e. the seller, "Seller")',
        'Corvel Brands, Inc., which sells mp3 players ("Seller")',
    ],
)
def test_prose_in_lower_case_is_no_name(prose: str) -> None:
    result = _bind(
        "SUPPLY AGREEMENT",
        [f'This Agreement is made by and between {prose} and Orvandi Labs Ltd. ("Buyer").'],
        95,
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs Ltd."}


# (the name as written, its defined term): a place or a qualifier in brackets right before the
# legal form, after a comma or not.
_BRACKETED = [
    ("ORVANDI (HONG KONG) LTD.", "Orvandi"),
    ("Kestrel Data (Hong Kong) Co., Ltd.", "Party B"),
    ("Quillmark Holdings II (U.S.), Ltd.", "QH"),
    ("Larkspur Labs, (Bermuda) Ltd.", "Larkspur"),
]


@pytest.mark.parametrize(
    ("name", "term", "other", "bracketed_first"),
    [(name, term, _OTHERS[i % 2], i % 2 == 1) for i, (name, term) in enumerate(_BRACKETED)],
)
def test_a_bracket_before_the_legal_form_is_part_of_the_name(
    name: str, term: str, other: str, bracketed_first: bool
) -> None:
    pair = [f'{name}, a company incorporated in Hong Kong ("{term}")', f'{other} ("Supplier")']
    first, second = pair if bracketed_first else pair[::-1]
    result = _bind(
        "COOPERATION AGREEMENT",
        [f"This Agreement is made by and between {first} and {second}.", _RECITAL],
        95,
    )
    assert _parties(result) == {name, other}
    assert _terms(result) == {term: name, "Supplier": other}


@pytest.mark.parametrize("qualifier", ["(U.S.),", "II (U.S.),", "(HONG KONG)"])
def test_a_signature_line_wrapped_after_a_bracket_reads_no_cut_name(qualifier: str) -> None:
    """Signature blocks run together on a joint filing's page: the name wraps after its
    bracket, the words before it in another case; the bracket and its legal form are no
    name of their own."""
    result = _bind_lines(
        "JOINT FILING AGREEMENT",
        [
            "The undersigned agree to file jointly the Schedule 13G to which this is an exhibit.",
            "Dated: 4/8/2020 Kestrel Partners, Ltd. By:/s/ Jane Roe",
            f"Jane Roe Chief Compliance Officer Kestrel Global Investments {qualifier}",
            "Ltd. By:/s/ Jane Roe Name: Jane Roe",
        ],
    )
    assert not any(p.startswith(("II", "(")) for p in _parties(result)), _parties(result)


# A prose word written with one letter and a hyphen (vocabulary.yaml hyphenated_prose) before
# a party's name, in either place of the list: the name starts after it.
@pytest.mark.parametrize(
    ("word", "before_first"),
    [("e-mail", True), ("x-ray", False), ("e-commerce", True), ("e-mails", False)],
)
def test_a_hyphenated_prose_word_is_no_start_of_a_name(word: str, before_first: bool) -> None:
    named = f'{word} Orvandi Labs Ltd. ("Buyer")'
    text = (
        f'This Agreement is made by and between {named} and Corvel Brands, Inc. ("Seller").'
        if before_first
        else f'This Agreement is made by and between Corvel Brands, Inc. ("Seller") and, as '
        f"notified by {named}."
    )
    result = _bind("SUPPLY AGREEMENT", [text], 95)
    assert _parties(result) == {"Corvel Brands, Inc.", "Orvandi Labs Ltd."}
