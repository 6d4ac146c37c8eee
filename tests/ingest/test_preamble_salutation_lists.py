"""A letter agreement whose body opens, right under its salutation, with the list of its
parties (bench/parties --misses on CUAD's development contracts: "Ladies and Gentlemen: /
Greater Delaware Valley Holdings, A Mutual Company, a Pennsylvania-chartered mutual holding
company (the "PA MHC"), Alliance Bancorp, Inc. ..., and ... (the "Bank") hereby ..."), as
generated variants typeset to real PDFs and parsed: invented names with and without a legal
form, upper case, "&", each salutation of the lexicon's kinds, the preamble wrapped at two
widths.

- The salutation opens the list as "between" opens a preamble's: the first party, a name with
  no legal form that only its descriptor says is a company, is bound with its term.
- A salutation opens the preamble whatever its words ("Dear Sirs:", "Gentlemen:"), not only
  "Ladies and Gentlemen".
- A name after the salutation that no term defines is no party: "Dear Sirs: / Kestrel
  Holdings has asked us ..." binds nothing of it."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _parties, _terms

# (the first party, no legal form, its descriptor, its term)
_FIRST = [
    (
        "Greater Delaware Valley Holdings",
        "a Pennsylvania-chartered mutual holding company",
        "PA MHC",
    ),
    ("Harrow & Vale Holdings", "A Mutual Company, a federally chartered holding company", "MHC"),
    ("QUILLMARK MUTUAL HOLDINGS", "a Massachusetts-chartered mutual holding company", "Mid-Tier"),
]

_SALUTATIONS = ["Ladies and Gentlemen:", "Dear Sirs:", "Gentlemen:"]

_REST = (
    'Orvandi Bancorp, Inc., a federal stock holding company (the "Company"), and Kestrel '
    'Savings Bank, a Delaware savings bank (the "Bank") hereby confirm their agreement with '
    "you as follows."
)


@pytest.mark.parametrize(("name", "descriptor", "term"), _FIRST)
@pytest.mark.parametrize("salutation", _SALUTATIONS)
@pytest.mark.parametrize("width", [60, 95])
def test_the_list_under_a_salutation_names_its_first_party(
    name: str, descriptor: str, term: str, salutation: str, width: int
) -> None:
    body = [salutation, f'{name}, {descriptor} (the "{term}"), {_REST}']
    result = _bind("AGENCY AGREEMENT", body, width)
    assert _parties(result) == {name, "Orvandi Bancorp, Inc.", "Kestrel Savings Bank"}
    terms = _terms(result)
    assert terms[term] == name
    assert terms["Company"] == "Orvandi Bancorp, Inc."
    assert terms["Bank"] == "Kestrel Savings Bank"


@pytest.mark.parametrize("salutation", _SALUTATIONS)
def test_a_name_under_a_salutation_with_no_term_is_no_party(salutation: str) -> None:
    body = [
        salutation,
        "Kestrel Holdings has asked us to confirm the terms on which Orvandi Bancorp, Inc. will "
        "act for it in the offering described below.",
    ]
    result = _bind("LETTER", body, 95)
    assert "Kestrel Holdings" not in _parties(result)
