"""Value extraction: sentences that name laws or places without stating the asked value."""

from __future__ import annotations

import pytest

from skill import extract_values


def _values(attribute: str, sentence: str) -> list[str]:
    return [v.value for v in extract_values(attribute, sentence)]


@pytest.mark.parametrize(
    "sentence",
    [
        "The opinion of Seller's counsel may be limited to the federal laws of the United States "
        "and the laws of the State of Ohio, and as to enforceability, the laws of Illinois.",
        "Buyer's counsel expresses no opinion as to any laws other than those of Oregon "
        "governing the transactions.",
        "Such counsel is admitted to practice in Colorado and construes no other laws.",
    ],
)
def test_a_legal_opinion_scope_is_no_governing_law(sentence: str) -> None:
    assert _values("governing_law", sentence) == []


def test_a_governing_law_clause_that_mentions_an_opinion_still_counts() -> None:
    sentence = (
        "This Agreement shall be governed by the laws of the State of Ohio, and any legal opinion "
        "delivered hereunder shall address Ohio law."
    )
    assert _values("governing_law", sentence) == ["Ohio"]
    assert _values(
        "governing_law", "THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF OREGON."
    ) == ["Oregon"]


def test_a_place_ends_where_the_next_list_item_starts() -> None:
    sentence = (
        "At a glance\n- Head office: 40 Quay Street, Auckland, New Zealand\n"
        "- Listed on the NZX since 2012"
    )
    assert _values("headquarters", sentence) == ["40 Quay Street, Auckland, New Zealand"]
    numbered = "Headquarters: 9 Rue Lafayette, Paris\n2) Employees: 140"
    assert _values("headquarters", numbered) == ["9 Rue Lafayette, Paris"]
    # A line break inside the address itself does not end it.
    wrapped = "The principal office is located at 500 Market Street,\nSan Francisco, California."
    assert _values("headquarters", wrapped) == ["500 Market Street,\nSan Francisco, California"]


def test_an_honorific_is_no_degree() -> None:
    assert _values("education", "Mr. Abe opened the meeting and Ms. Varga took the minutes.") == []
    assert _values("education", "Ms. Varga holds an M.S. in Statistics from Leeds.") == [
        "Ms. Varga holds an M.S. in Statistics from Leeds."
    ]
