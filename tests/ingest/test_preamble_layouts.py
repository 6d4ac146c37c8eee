"""Layouts of an agreement's list of parties that CUAD's development contracts with fewer than
two parties bound showed (bench/parties dev --misses), as generated variants typeset to real
PDFs and parsed: a block list under a "BETWEEN" line whose blocks carry each party's
descriptor and address, a person who signs for the company that is the party ("Jane Roe,
director of Acme Ltd."), a preamble that says only "This Agreement is between ...", and the
English "IT IS AGREED" that ends a preamble before its definitions."""

from __future__ import annotations

import pytest

from tests.ingest.test_preamble_party_lists import _bind, _bind_lines, _parties

# "This Agreement is between A and B": the preamble says no more than "is between".
_IS_BETWEEN = ["is between", "is by and between", "is among", "is between:"]


@pytest.mark.parametrize("says", _IS_BETWEEN)
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("HARROW FILM AND ENTERTAINMENT CORPORATION", "Orvandi Labs GmbH"),
        ("Quillmark Systems Ltd.", "KESTREL ANALYTICS, INC."),
    ],
)
@pytest.mark.parametrize("width", [60, 95])
def test_an_agreement_that_is_between_its_parties(
    says: str, first: str, second: str, width: int
) -> None:
    result = _bind(
        "CONTENT LICENSE AGREEMENT",
        [
            f"This Content License Agreement {says} {first}, located at 2809 Unicornio, "
            f"Carlsbad, CA 92009 and {second}, located at 12868 Via Latina, Del Mar, CA 92014.",
            'THIS CONTENT LICENSE AGREEMENT (the "Agreement") is made as of this 3rd day of '
            "November, 2005. In consideration of the mutual promises contained herein, the "
            "parties agree as follows:",
            "1. GRANT OF LICENSE. The licensor grants the licensee a license to the Content.",
        ],
        width,
    )
    assert _parties(result) == {first, second}


def test_a_sentence_saying_an_agreement_is_between_no_names_binds_none() -> None:
    result = _bind(
        "CONTENT LICENSE AGREEMENT",
        [
            "This Agreement is between the parties named in the Order Form and no one else.",
            "1. GRANT OF LICENSE. The licensor grants the licensee a license to the Content.",
        ],
        95,
    )
    assert _parties(result) == set()


# The English layout: "BETWEEN: (1) ... (2) ... IT IS AGREED as follows: 1. INTERPRETATION 1.1
# In this Agreement: Group Company means ...": the definitions after "IT IS AGREED" are no
# preamble, and what they define is no party.
@pytest.mark.parametrize(
    "agreed", ["IT IS AGREED as follows:", "IT IS HEREBY AGREED:", "It is agreed:"]
)
@pytest.mark.parametrize("width", [60, 95])
def test_it_is_agreed_ends_the_preamble_before_the_definitions(agreed: str, width: int) -> None:
    result = _bind(
        "SERVICE AGREEMENT",
        [
            "THIS AGREEMENT is made on 1 October 2019",
            "BETWEEN: (1) ORVANDI LABS LIMITED (registered number 01003653) whose registered "
            "office is at Sea Containers, 19 Upper Ground, London SE1 9GL (the Company) (2) "
            "KESTREL ANALYTICS GMBH (the Consultant).",
            f"{agreed} 1. INTERPRETATION 1.1 In this Agreement:",
            "Board means the board of directors of the Company;",
            "Group Company means the Company, its subsidiaries and its holding companies, "
            'Harrow Holdings Limited (the "Parent") and any subsidiary of the Parent;',
        ],
        width,
    )
    assert _parties(result) == {"ORVANDI LABS LIMITED", "KESTREL ANALYTICS GMBH"}


# Two labels on one line under the preamble: "Licensor: X Licensee Y". Each label names the
# name after it; the first name runs to the second label, never through it. (A bare name, no
# legal form, is another class: none is bound here.)
@pytest.mark.parametrize(
    ("first", "second", "bound"),
    [
        ("HARROW ENTERTAINMENT", "THE KESTREL FILM CORPORATION", {"KESTREL FILM CORPORATION"}),
        ("Orvandi Labs GmbH", "Pelorus Works Inc.", {"Orvandi Labs GmbH", "Pelorus Works Inc."}),
    ],
)
def test_two_labels_on_one_line_label_two_names(first: str, second: str, bound: set[str]) -> None:
    result = _bind_lines(
        "CONTENT LICENSE AGREEMENT",
        [
            f"This Content License Agreement is between {second}, located at 2809 Unicornio,",
            f"Carlsbad, CA 92009 and {first}, located at 12868 Via Latina, Del Mar, CA 92014",
            f"Licensor: {first} Licensee {second}",
            "In consideration of the mutual promises herein, the parties agree as follows:",
            "1. GRANT OF LICENSE. The licensor grants the licensee a license to the Content.",
        ],
    )
    assert _parties(result) == bound
