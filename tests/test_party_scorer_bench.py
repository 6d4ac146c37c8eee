"""bench/party_scorer's candidates: a party's name in a preamble is one candidate, whole, with
its legal form and the word before it as features, whatever its case, "&" or comma; a role
word is marked generic; the fit is deterministic."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bench.party_scorer import FEATURES, candidates, fit

_NAMES = ("Velo Robotics", "Birch & Lyle", "Northwind Trading Partners")
_FORMS = ("Inc.", "LLC", "Ltd.", "GmbH")
_CASES = (str, str.upper)
# every 5th case of the product, a fixed sample
_SAMPLE = list(itertools.product(_NAMES, _FORMS, _CASES))[::5]


def _feature(text: str, name: str, feature: str) -> float:
    [cand] = [c for c in candidates(text) if c.name == name]
    return cand.features[FEATURES.index(feature)]


@pytest.mark.parametrize(("name", "form", "case"), _SAMPLE)
def test_a_named_party_is_one_candidate_with_its_legal_form(name, form, case) -> None:
    party = case(f"{name}, {form}")
    text = (
        f"This Agreement is made by and between {party}, a Delaware corporation, having its "
        f'office at 12 Main Street, and Acme Corp. ("Acme").'
    )
    assert _feature(text, party, "legal_form") == 1.0
    assert _feature(text, party, "after_between") == 1.0
    assert _feature(text, party, "comma_a_next") == 1.0


def test_a_role_word_is_generic() -> None:
    text = 'This Agreement is between Acme Corp. (the "Licensor") and the Licensee agrees.'
    assert _feature(text, "Licensee", "generic") == 1.0
    assert _feature(text, "Acme Corp.", "generic") == 0.0


def test_the_fit_is_deterministic() -> None:
    x = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 1.0], [1.0, 0.0]])
    y = np.array([0.0, 1.0, 0.0, 0.0])
    assert fit(x, y).tolist() == fit(x, y).tolist()
