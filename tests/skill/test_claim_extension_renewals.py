"""A renewal stated as an extension to a date or an end (issue 34): "The Term shall be extended
to December 31, 2012 unless either party gives notice of non-renewal" renews unless a party
acts; it had read nothing. Not one "unless sooner terminated", one by mutual agreement, nor a
plain extension. Generated over the term's name, the verb, the end, the notice's wording and
case; a deterministic sample of the product."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

_TERMS = ["the Term", "the Initial Term", "the term of this Agreement", "this Agreement"]
_VERBS = ["shall be extended", "will automatically be extended", "shall be renewed", "will extend"]
_ENDS = [
    "to December 31, 2012",
    "until March 31, 2020",
    "through the fifth anniversary of the Effective Date",
]
_UNLESS = [
    "unless either party gives notice of non-renewal at least 90 days before the end of the Term",
    "unless Acme notifies O'Brien & Sons otherwise in writing",
    "unless the Distributor elects not to renew",
]
_PRODUCT = list(itertools.product(_TERMS, _VERBS, _ENDS, _UNLESS))
# every 9th combination (the whole product was checked once by hand), lower case every other
_CASES = [
    text.lower() if i % 2 else text
    for i, (term, verb, end, unless) in enumerate(_PRODUCT)
    if i % 9 == 0
    for text in [capitalized(f"{term} {verb} {end} {unless}.")]
]


@pytest.mark.parametrize("sentence", _CASES)
def test_an_extension_unless_notice_renews(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "The Term shall be extended to December 31, 2012 unless sooner terminated by notice.",
        "The Term shall be extended to December 31, 2012 unless terminated earlier.",
        "the term shall be extended until March 31, 2020 unless the parties mutually agree otherwise by notice.",
        "The Term is hereby extended to December 31, 2012.",
        "The license shall extend to Affiliates unless Licensor gives notice.",
    ],
)
def test_no_renewal_without_a_partys_notice(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None, sentence
