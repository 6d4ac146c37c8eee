"""Legal forms of Sweden, Malaysia and Indonesia as generated variants typeset to real PDFs
and parsed. CUAD's development contracts (bench/parties --misses) showed a consortium's
parties signing "For and on behalf of Telia AB (publ)", "... Telekom Malaysia Berhad", "... PT
Indosat (Persero) Tbk": no form the lexicon knew, so no name read or a name whose key kept its
form's words. Each form is read in a preamble and a signature block, in either case and order;
the key folds it away, so "Telia AB (publ)" and "Telia AB" are one entity (a name reads "AB
(publ)" as "AB" and a bracket)."""

from __future__ import annotations

import pytest

from domain import base_key, legal_form
from tests.ingest.test_preamble_party_lists import _RECITAL, _bind_lines, _parties, _terms
from tests.ingest.test_signature_parties import _agreement

# (a name with the form, its key, its canonical form)
_NAMED = [
    ("Telia AB (publ)", "telia", "ab publ"),
    ("Kestrel Holding AB (publ)", "kestrel holding", "ab publ"),
    ("Telekom Malaysia Berhad", "telekom malaysia", "bhd"),
    ("Orvandi Resources Berhad", "orvandi resources", "bhd"),
    ("Harrow Data Sendirian Berhad", "harrow data", "sdn bhd"),
    ("PT Indosat (Persero) Tbk", "pt indosat persero", "tbk"),
    ("PT Larkspur Energi Tbk", "pt larkspur energi", "tbk"),
]
_OTHERS = ["Corvel Brands, Inc.", "Quillmark Systems Ltd."]


@pytest.mark.parametrize(("name", "key", "form"), _NAMED)
@pytest.mark.parametrize("upper", [False, True])
def test_the_form_is_read_and_folded_from_the_key(
    name: str, key: str, form: str, upper: bool
) -> None:
    written = name.upper() if upper else name
    assert legal_form(written) == form
    assert base_key(written) == key


@pytest.mark.parametrize(("name", "key", "form"), _NAMED)
@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("upper", [False, True])
def test_a_party_with_the_form_is_bound_whole_in_a_preamble(
    name: str, key: str, form: str, first: bool, upper: bool
) -> None:
    written = name.upper() if upper else name
    other = _OTHERS[len(name) % 2]
    listed = [f'{written} (the "Operator")', f'{other} (the "Company")']
    one, two = listed if first else listed[::-1]
    result = _bind_lines(
        "CONSTRUCTION AND MAINTENANCE AGREEMENT",
        [f"This Agreement is made by and between {one}", f"and {two}.", _RECITAL],
    )
    whole = written.rsplit(" (", 1)[0] if form == "ab publ" else written
    assert _parties(result) == {whole, other}
    assert _terms(result)["Operator"] == whole


@pytest.mark.parametrize(("name", "key", "form"), _NAMED)
@pytest.mark.parametrize("lead", ["", "For and on behalf of "])
def test_a_party_with_the_form_signs_in_a_block(name: str, key: str, form: str, lead: str) -> None:
    preamble = (
        'This Agreement is made on 1 May 2019 between Corvel Brands, Inc. (the "Supplier") and'
        ' the operator named below (the "Operator").'
    )
    witness = "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date above."
    parties = _agreement(preamble, [lead + name, "Corvel Brands, Inc."], witness)
    assert {base_key(p) for p in parties} == {key, "corvel brands"}


# No form in prose: "Berhad" or "ILP" as a word in a sentence makes no name a party.
def test_the_words_in_prose_make_no_party() -> None:
    result = _bind_lines(
        "SUPPLY AGREEMENT",
        [
            'This Agreement is made by and between Corvel Brands, Inc. ("Supplier") and',
            'Quillmark Systems Ltd. ("Buyer"). The ILP Committee and the Berhad Listing Rules',
            "apply to the Buyer's shares.",
            _RECITAL,
        ],
    )
    assert _parties(result) == {"Corvel Brands, Inc.", "Quillmark Systems Ltd."}
