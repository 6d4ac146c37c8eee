"""A party's defined term after its address when a semicolon stands before the lead into the
address ("YourNetPlus.com, Inc., a New York Corporation; with its principle office located at
501 Route 208, Monroe, NY 10950 ("Provider")"), from cuad-train's ranks 121-150
(bench/question_variants, "alias of the first"): the semicolon cut the name off the term, so
the term was bound to nobody. Generated names, descriptors, leads (the preamble's misspelling
"principle" among them) and terms, typeset to real PDFs and parsed."""

from __future__ import annotations

import itertools

import pytest

from tests.ingest.test_preamble_party_lists import _RECITAL, _bind, _parties, _terms

_NAMES = ["YourNetPlus.com, Inc.", "Quillmark Digital Services LLC", "HARROW & VALE MEDIA, INC."]
_DESCRIPTORS = ["a New York Corporation", "a Delaware limited liability company"]
_LEADS = [
    "with its principle office located at",
    "with its principal place of business at",
    "having its registered office at",
]
_TERMS = ["Provider", "Licensor"]


@pytest.mark.parametrize(
    ("name", "descriptor", "lead", "term"),
    [
        pytest.param(n, d, lead, t, id=f"{i}")
        for i, (n, d, lead, t) in enumerate(
            itertools.islice(itertools.product(_NAMES, _DESCRIPTORS, _LEADS, _TERMS), 0, None, 3)
        )
    ],
)
def test_a_term_after_an_address_led_after_a_semicolon(
    name: str, descriptor: str, lead: str, term: str
) -> None:
    other = "Kingdom Connect, Inc."
    result = _bind(
        "WEB SITE HOSTING AGREEMENT",
        [
            "This Agreement is made on this 12th day of May 2003 by and between "
            f'{name}, {descriptor}; {lead} 501 Route 208, Monroe, NY 10950 ("{term}") and '
            f"{other}, a Corporation with its principal office located at 1045 Stephanie Way, "
            'Minden, NV 89423 ("KCI").',
            _RECITAL,
        ],
        width=95,
    )
    assert {name, other} <= _parties(result)
    assert _terms(result).get(term) == name, _terms(result)
    assert _terms(result).get("KCI") == other


def test_a_semicolon_before_other_words_still_ends_the_clause() -> None:
    # a clause after the semicolon that is no address lead: the term is not the name's
    result = _bind(
        "SERVICES AGREEMENT",
        [
            'This Agreement is made between Quillmark Digital Services LLC ("Quillmark") and '
            'Kingdom Connect, Inc.; the parties agree as set out below (the "Terms").',
            _RECITAL,
        ],
        width=95,
    )
    assert _terms(result).get("Terms") is None
    assert _terms(result).get("Quillmark") == "Quillmark Digital Services LLC"
