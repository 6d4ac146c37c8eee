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


# (issue 34, review) another thing extended, or the agreement extended to a scope, is no renewal:
# generated over the subject, the verb, the end and the notice; every 11th of the product
_OTHER_SUBJECTS = [
    "the cure period",
    "the Closing Date",
    "the warranty period",
    "the warranty term",
    "the payment date",
    "the deadline",
]
_OTHER_VERBS = ["shall be extended", "will be extended", "will extend"]
_OTHER_ENDS = [
    "to 60 days",
    "through March 31",
    "until the following Monday",
    "to the tenth business day",
]
_OTHER_UNLESS = [
    "unless Acme notifies Beta that the breach cannot be cured",
    "unless either party gives notice",
    "unless O'Brien & Sons elects to pay earlier",
]
_OTHER_CASES = [
    text.lower() if i % 2 else text
    for i, (subject, verb, end, unless) in enumerate(
        itertools.product(_OTHER_SUBJECTS, _OTHER_VERBS, _OTHER_ENDS, _OTHER_UNLESS)
    )
    if i % 11 == 0
    for text in [capitalized(f"{subject} {verb} {end} {unless}.")]
]


@pytest.mark.parametrize(
    "sentence",
    [
        *_OTHER_CASES,
        "This Agreement shall extend to all Territories unless Acme notifies Beta otherwise.",
        "this agreement will extend to its Affiliates' customers unless Beta gives notice.",
    ],
)
def test_another_thing_extended_is_no_renewal(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None, sentence


# (issue 34) the older "automatically extended" pattern: a time limit extended automatically is
# no renewal either ("The cure period will automatically be extended through March 31 unless
# ..."); the agreement or its term (by any of its names) still renews. Every 24th of the product.
_AUTOMATIC_VERBS = [
    "will automatically be extended",
    "shall be automatically extended",
    "shall be extended automatically",
    "automatically extends",
]
_AUTOMATIC_CASES = [
    text.lower() if i % 2 else text
    for i, (subject, verb, end, unless) in enumerate(
        itertools.product(_OTHER_SUBJECTS, _AUTOMATIC_VERBS, _OTHER_ENDS, _OTHER_UNLESS)
    )
    if i % 24 == 0
    for text in [capitalized(f"{subject} {verb} {end} {unless}.")]
]


@pytest.mark.parametrize("sentence", _AUTOMATIC_CASES)
def test_a_time_limit_extended_automatically_is_no_renewal(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None, sentence


_RENEWING = ["The Initial Term", "the Employment Period", "This Agreement", "the Expiration Date"]
_RENEWING_CASES = [
    capitalized(f"{subject} {verb} for successive one-year periods unless either party objects.")
    for i, (subject, verb) in enumerate(itertools.product(_RENEWING, _AUTOMATIC_VERBS))
    if i % 3 == 0
]


@pytest.mark.parametrize("sentence", _RENEWING_CASES)
def test_the_agreement_or_its_term_extended_automatically_still_renews(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is True, sentence
    assert holds("automatic_renewal", sentence.lower()) is True, sentence
