"""Name keys of legal forms written with their initials apart ("Bank of America, N. A", "Acme,
L. L. C."): the same key, base key and legal form as the form written closed up, in any case;
single letters that spell no legal form stay part of the name."""

from __future__ import annotations

import pytest

from domain import base_key, entity_key, legal_form, lexicon

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


# A legal form of several words whose spaces fell elsewhere ("Sp.z o.o." -> "spz oo", "a.s."
# -> "as"): generated from the lexicon's spellings, each glued whole or by a stop, in either
# case, after names with "&", digits and a web address.
_PHRASES = [" ".join(words) for words, _ in lexicon().legal_form_phrases]


@pytest.mark.parametrize(
    ("spelled", "name", "glue", "upper"),
    [
        (
            spelled,
            ["Harrow & Vale", "Unit 4 Media", "kestrel.com"][i % 3],
            ["", "."][i % 2],
            i % 4 == 1,
        )
        for i, spelled in enumerate(_PHRASES)
        if len(spelled.replace(" ", "")) > 2  # "a s" glued is the word "as" (A/S, a.s.)
    ][::2],
)
def test_a_legal_form_s_words_glued_key_as_the_form(
    spelled: str, name: str, glue: str, upper: bool
) -> None:
    apart, glued = f"{name} {spelled}", f"{name} {glue.join(spelled.split())}"
    if upper:
        apart, glued = apart.upper(), glued.upper()
    assert legal_form(glued) == legal_form(apart) != ""
    assert base_key(glued) == base_key(apart) == base_key(name)


# Legal forms' words a stop joins ("GmbH & Co.KG") are the words written apart; a stop inside
# other words still joins them ("kestrel.com", "L.L.C."); the forms Central European names end
# in ("a.s.", "s.r.o.", "d.o.o.", "SP ZO.O") are forms.
@pytest.mark.parametrize(
    ("written", "apart"),
    [
        ("Orvandi Logistik GmbH & Co.KG", "Orvandi Logistik GmbH & Co. KG"),
        ("HARROW & VALE CO.LTD.", "HARROW & VALE CO., LTD."),
        ("Unit 4 Media Pvt.Ltd.", "Unit 4 Media Pvt. Ltd."),
        ("EuroTel Bratislava, a.s.", "EuroTel Bratislava A/S"),
        ("kestrel dvorak s.r.o.", "Kestrel Dvorak S.R.O."),
        ("Stellar 4 d.o.o.", "STELLAR 4 D.O.O."),
        ("INTERNATIONAL FAST FOOD POLSKA SP ZO.O", "International Fast Food Polska Sp. z o.o."),
    ],
)
def test_a_form_written_with_its_stops_elsewhere_keys_as_the_form(written: str, apart: str) -> None:
    assert entity_key(written) == entity_key(apart)
    assert base_key(written) != entity_key(written)


@pytest.mark.parametrize("name", ["kestrel.com", "Inc.com", "Atlas", "Texas Roadhouse"])
def test_words_a_stop_joins_that_are_no_forms_stay_joined(name: str) -> None:
    assert legal_form(name) == ""
    assert base_key(name) == entity_key(name)


# The word "as" is not the form A/S that "a.s." spells: a name's words that end in it, in any
# case, keep it ("Licence Agreement (as amended)" was read as a party's form "a s").
@pytest.mark.parametrize(
    "name", ["Licence Agreement (as", "Kestrel Services as", "Foo AS", "foo As"]
)
def test_the_word_as_is_no_legal_form(name: str) -> None:
    assert legal_form(name) == ""
    assert (
        legal_form(name.replace("as", "a.s.").replace("AS", "A.S.").replace("As", "A.s.")) == "as"
    )
