"""Name keys of legal forms written with their initials apart ("Bank of America, N. A", "Acme,
L. L. C."): the same key, base key and legal form as the form written closed up, in any case;
single letters that spell no legal form stay part of the name."""

from __future__ import annotations

import pytest

from domain import base_key, entity_key, legal_form

# (the form written closed up, its initials written apart)
_SPACED = [
    ("N.A.", "N. A"),
    ("N.A.", "N. A."),
    ("L.L.C.", "L. L. C."),
    ("L.L.C.", "L. L. C"),
    ("S.A.", "S. A."),
    ("L.P.", "L. P."),
    ("B.V.", "B. V."),
    ("N.V.", "N.  V."),
]


@pytest.mark.parametrize(("closed", "spaced"), _SPACED)
@pytest.mark.parametrize("name", ["Bank of America", "Harrow & Vale Media", "kestrel.com"])
@pytest.mark.parametrize("comma", [",", ""])
@pytest.mark.parametrize("upper", [False, True])
def test_a_legal_form_s_initials_written_apart_key_as_the_form(
    closed: str, spaced: str, name: str, comma: str, upper: bool
) -> None:
    written, apart = f"{name}{comma} {closed}", f"{name}{comma} {spaced}"
    if upper:
        written, apart = written.upper(), apart.upper()
    assert entity_key(apart) == entity_key(written)
    assert base_key(apart) == base_key(written) == base_key(name)
    assert legal_form(apart) == legal_form(written) != ""


@pytest.mark.parametrize("name", ["Jane A. B. Roe", "Plan B", "Unit 5 A B", "Kestrel Q. X."])
def test_single_letters_that_spell_no_legal_form_stay_in_the_name(name: str) -> None:
    assert legal_form(name) == ""
    assert base_key(name) == entity_key(name)
