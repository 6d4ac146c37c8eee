"""Two shapes of a party's name that CUAD's development contracts (bench/parties --misses)
showed the preamble reader dropping, as generated variants typeset to real PDFs and parsed:
a name in lower case ("eGain Communications Corporation ("eGain")", "i3 ... LLC",
"e-centives, Inc.", "e.l.f. Beauty, Inc.") and a company's name shaped like a person's that
the preamble lists as a party ("European Micro ("Distributor")"); the parties in either
order, in capitals or not, beside a name with "&". A person's title or initial, a person's
role, prose in lower case ("an e-commerce company", "i.e.") stay as they were."""

from __future__ import annotations

import pytest

from domain import SubjectType
from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _parties, _terms

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


# (a company's name shaped like a person's, its defined term)
_PERSON_SHAPED = [
    ("European Micro", "Distributor"),
    ("Kestrel Pelham", "KP"),
    ("Orvandi Micro", "Reseller"),
    ("Larkspur Crane", "Licensee"),
]


@pytest.mark.parametrize(
    ("name", "term", "other", "listed_first", "upper"),
    [
        (name, term, _OTHERS[i % 2], i < 2, i in (1, 2))
        for i, (name, term) in enumerate(_PERSON_SHAPED)
    ],
)
def test_a_listed_company_shaped_like_a_person_is_a_party(
    name: str, term: str, other: str, listed_first: bool, upper: bool
) -> None:
    name = name.upper() if upper else name
    pair = [f'{name} ("{term}")', f'{other}, a Delaware corporation ("Supplier")']
    first, second = pair if listed_first else pair[::-1]
    result = _bind(
        "DISTRIBUTOR AGREEMENT",
        [
            f"This Agreement is made and entered into by and between {first}, and {second}.",
            _RECITAL,
        ],
        95,
    )
    assert _parties(result) == {name, other}
    assert _terms(result)[term] == name
    kinds = {b.subject_name: b.subject_type for b in result.bindings if b.role == "party"}
    assert kinds[name] == SubjectType.LEGAL_ENTITY


@pytest.mark.parametrize(
    ("person", "term"),
    [
        ("Dr. Jane Roe", "Distributor"),
        ("Jane Q. Roe", "Reseller"),
        ("Jane Roe", "Consultant"),
    ],
)
def test_a_person_is_no_company(person: str, term: str) -> None:
    """A person's title, an initial or a person's role keep a person-shaped party a person."""
    result = _bind(
        "DISTRIBUTOR AGREEMENT",
        [
            f'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and {person}'
            f' ("{term}").',
            _RECITAL,
        ],
        95,
    )
    kinds = {b.subject_name: b.subject_type for b in result.bindings if b.role == "party"}
    assert kinds.get(person, SubjectType.INDIVIDUAL) == SubjectType.INDIVIDUAL
