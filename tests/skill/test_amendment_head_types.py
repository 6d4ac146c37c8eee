"""An amendment's own words opening an agreement's type without "to" (issue 33: a present
agreement refused for want of a subject).

"what is the governing law of the amendment no. 3 wireless content license agreement number
12965 between fox mobile entertainment, inc. and glu mobile inc.?" read "amendment no. 3
wireless" as a party: in lower case the words before the type are a name's unless they are
type words, and "3" is neither lower case nor a type word. An amendment's head ("amendment no.
3", "second amendment", "amendment #2", "amendment number 4") is the type's, as it is in a
title-cased question; so is the agreement word a number follows ("license agreement number
12965": "license" is a type of its own). Generated over heads, types, numbers after the
keyword, the parties (with "&", digits, hyphens; possessive; reordered) and the case.
"""

from __future__ import annotations

import pytest

from domain import entity_key
from skill import QuestionReader

_PARTIES = [
    ("Fox Mobile Entertainment, Inc.", "Glu Mobile Inc."),
    ("Johnson & Marsh Ltd.", "3D Printworks Corp."),
    ("Co-Vantage Medical GmbH", "Brindle Freight plc"),
]
_KNOWN = QuestionReader([n for pair in _PARTIES for n in pair])
_HEADS = ["amendment no. 3", "second amendment", "amendment #2", "amendment number 4"]
_TYPES = [
    "supply agreement",
    "wireless content license agreement",
    "manufacturing and supply agreement",
    "master services agreement",
]
_NUMBERS = ["", " number 12965", " no. 7"]
_CASES = [str, str.lower]


def _keys(names: list[str]) -> list[str]:
    return [entity_key(n) for n in names]


def _parties(question: str) -> list[str]:
    return _keys(_KNOWN.read(question).parties)


@pytest.mark.parametrize("case", _CASES, ids=["as written", "lower"])
@pytest.mark.parametrize("number", _NUMBERS, ids=["none", "number", "no"])
@pytest.mark.parametrize("kind", _TYPES)
@pytest.mark.parametrize("head", _HEADS)
@pytest.mark.parametrize(("a", "b"), _PARTIES, ids=["fox", "ampersand", "hyphen"])
def test_the_amendment_head_names_no_party(
    a: str, b: str, head: str, kind: str, number: str, case: object
) -> None:
    for first, second in ((a, b), (b, a)):
        question = case(  # type: ignore[operator]
            f"What is the governing law of the {head} {kind}{number} between {first} and {second}?"
        )
        assert _parties(question) == _keys([first, second]), question


@pytest.mark.parametrize("case", _CASES, ids=["as written", "lower"])
@pytest.mark.parametrize("head", _HEADS)
@pytest.mark.parametrize(("a", "b"), _PARTIES, ids=["fox", "ampersand", "hyphen"])
def test_the_amendment_head_after_a_possessive(a: str, b: str, head: str, case: object) -> None:
    question = case(f"What is the governing law of {a}'s {head} supply agreement with {b}?")  # type: ignore[operator]
    assert _parties(question) == _keys([a, b]), question


@pytest.mark.parametrize("head", _HEADS)
def test_the_head_is_the_types_as_in_a_title(head: str) -> None:
    # the lower-case question reads the type its title-cased form reads
    question = (
        f"What is the governing law of the {head} supply agreement between Fox Mobile "
        "Entertainment, Inc. and Glu Mobile Inc.?"
    )
    titled = _KNOWN.read(question.replace(head, head.title()))
    assert _KNOWN.read(question.lower()).document_type == titled.document_type
