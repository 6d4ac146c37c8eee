"""A name with a word of letters and digits is written by its initials too (issue 33: a
present agreement refused for want of a subject): "IICS" for i3 Integrative Creative
Solutions, LLC, "ADG" for A3 Development Group, LLC. A word with digits gives its opening
letter; a word that opens with a digit ("3D", "7") gives none. Generated over names, the word's
place in the name, the other party and the question's form.
"""

from __future__ import annotations

import pytest

from domain import entity_key
from skill import QuestionReader

# (a name, its initials as a question writes them)
_NAMES = [
    ("i3 Integrative Creative Solutions, LLC", "IICS"),
    ("A3 Development Group, LLC", "ADG"),
    ("Harbor G4 Secure Systems Inc.", "HGSS"),
    ("Northgate Logistics K2 Partners LP", "NLKP"),
    ("Kes 7 Capital Partners Ltd.", "KCP"),
    ("3D Printworks Supply Corp.", "PS"),
]
_OTHER = "Bravatek Solutions, Inc."
_KNOWN = QuestionReader([*(n for n, _ in _NAMES), _OTHER])
_FORMS = [
    "What is the governing law of the Reseller Agreement between {x} and {y}?",
    "Does the supply agreement between {x} and {y} restrict assignment?",
]


@pytest.mark.parametrize("form", _FORMS)
@pytest.mark.parametrize("order", ["first", "second"])
@pytest.mark.parametrize(("name", "initials"), _NAMES[:5], ids=[i for _, i in _NAMES[:5]])
def test_initials_of_a_name_with_a_digit_word(
    name: str, initials: str, order: str, form: str
) -> None:
    x, y = (initials, _OTHER) if order == "first" else (_OTHER, initials)
    parties = _KNOWN.read(form.format(x=x, y=y)).parties
    expected = [name, _OTHER] if order == "first" else [_OTHER, name]
    assert [entity_key(p) for p in parties] == [entity_key(n) for n in expected]


def test_a_word_opening_with_a_digit_gives_no_initial() -> None:
    # "3D Printworks Supply Corp." has two initials at most: no initials variant
    variants = {v.key for v in _KNOWN.index.variants if v.name == _NAMES[5][0]}
    assert ("ps",) not in variants and ("dps",) not in variants
