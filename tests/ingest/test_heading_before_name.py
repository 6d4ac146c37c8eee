"""A numbered heading's title on the line above a defined name is no part of the name
("Note 1: Organization and Operation" / "American Water Works Company, Inc. (the "Company" or
"American Water")" defines "American Water" for the company, not for "Organization and Operation
American Water Works Company, Inc."), and a legal form's letters opening a hyphenated word are no
legal form ("Organisation for Economic Co-operation and Development (OECD)" names no "...
Economic Co"). Generated over heading kinds, titles, names, terms and case, typeset to PDFs."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind_lines, _terms

_HEADINGS = [
    "Note 1: Organization and Operation",
    "NOTE 2 - SUMMARY OF SIGNIFICANT ACCOUNTING POLICIES",
    "Item 1. Business Overview",
    "ITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS",
    "Note 14. Related Party Transactions",
    "Section 2. Description of Business",
    "Article IV: General Corporate Matters",
]
_NAMES = [
    ("Harrowgate Water Works Company, Inc.", "Harrowgate Water"),
    ("Bramble & Vale Trading Co., Ltd.", "Bramble & Vale"),
    ("ORVANDI MICRO SYSTEMS CORPORATION", "Orvandi"),
    ("Quillmark Systems Inc.", "Quillmark"),
]


@pytest.mark.parametrize("heading", _HEADINGS)
@pytest.mark.parametrize(("name", "term"), _NAMES)
@pytest.mark.parametrize("said", ['(the "Company" or "{t}")', '("{t}")', '(the "{t}")'])
def test_a_heading_above_a_name_is_no_part_of_it(
    heading: str, name: str, term: str, said: str
) -> None:
    defined = said.format(t=term)
    result = _bind_lines(
        "ANNUAL REPORT",
        [
            heading,
            f"{name} {defined} is a holding company for regulated and other subsidiaries",
            "throughout the United States. Its shares are listed on a national exchange.",
        ],
    )
    terms = _terms(result)
    assert terms.get(term) == name, terms


@pytest.mark.parametrize(
    ("name", "term"),
    [
        ("Organisation for Economic Co-operation and Development", "OECD"),
        ("Organization for Economic Co-operation and Development", "OECD"),
        ("Northern Dairy Co-operative Society", "NDCS"),
        ("Riverside Co-op Association", "RCA"),
    ],
)
def test_a_hyphenated_word_is_no_legal_form(name: str, term: str) -> None:
    result = _bind_lines(
        "ANNUAL REPORT",
        [f'Tax rules proposed by the {name} (the "{term}") may change the rates we pay.'],
    )
    owner = _terms(result).get(term)
    assert owner is None or "-" in owner, _terms(result)
