"""A party's other name written with its legal form after a comma ("Glu Mobile, Inc. f/k/a
Sorrent, Inc.", "Acme Corp. d/b/a Beta Stores, LLC"): the other name ends after its form, so
the party is the name before "f/k/a" and its form is never read as the next party or as words
of the party ("Glu Mobile, Inc. Inc."). Generated over pairs of parties, the other-name leads
and the question shapes that name a pair.
"""

from __future__ import annotations

import pytest

from skill import QuestionReader

# (the party, its other name with a legal form after a comma, the other party)
_PAIRS = [
    ("Glu Mobile, Inc.", "Sorrent, Inc.", "Fox Mobile Entertainment"),
    ("Harrow Finch Corp.", "Kestrel Tools, LLC", "Ormond Bay Partners LP"),
]
_LEADS = ["f/k/a", "formerly known as", "d/b/a"]
_SHAPES = [
    "Can the agreement between {b} and {a} be cancelled for convenience?",
    "Can {b} end its contract with {a} without cause?",
    "Will the agreement between {a} and {b} be renewed automatically?",
]
_READER = QuestionReader([n for a, _, b in _PAIRS for n in (a, b)])


@pytest.mark.parametrize(("party", "other", "counterpart"), _PAIRS)
@pytest.mark.parametrize("lead", _LEADS)
def test_another_name_with_its_legal_form_is_set_aside(
    party: str, other: str, counterpart: str, lead: str
) -> None:
    for shape in _SHAPES:
        question = shape.format(a=f"{party} {lead} {other}", b=counterpart)
        parties = _READER.read(question).parties
        assert sorted(parties) == sorted([party, counterpart]), (question, parties)
