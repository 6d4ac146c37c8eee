"""An amendment's own words all that stands before an agreement's keyword (issue 33 review).

"the amendment no. 3 agreement", "the amendment number 4 lease", "the amendment 3 supply
agreement", "the second amendment nda": with no word left after the amendment's words, only a
prefix of them was read as the amendment's and the rest ("no. 3", "number 4", "3", "second
amendment") became a party the gate then refused. The amendment's words are never a party's
name nor a word of the type: the question reads as its spelling with "to" reads ("the
amendment no. 3 to the supply agreement": the supply agreement, the amendment recorded).
Generated over numbers (digits, "no.", "#", "number", bare, in words), ordinals ("first" ..
"tenth", vocabulary.yaml), types, parties (with "&", digits, hyphens; possessive; reordered)
and case.
"""

from __future__ import annotations

import pytest

from domain import entity_key, lexicon
from skill import QuestionReader, SubjectClass, parse_agreement

_PARTIES = [
    ("Harrow & Finch LLC", "7Seas Cargo Inc."),
    ("Kel-Tech Systems Ltd.", "Ormond Bay Partners LP"),
    ("Quillon 360 Corp.", "Bright-Lane & Sons plc"),
]
_KNOWN = QuestionReader([n for pair in _PARTIES for n in pair])
_NUMBERED = ["amendment no. 3", "amendment no.3", "amendment #2", "amendment # 5"]
_NUMBERED += ["amendment number 4", "amendment 3", "amendment 12", "Amendment No. 3"]
_NUMBERED += [f"amendment {w}" for w in ("one", "two", "seven")]
_NUMBERED += ["amendment number three", "amendment no. two"]
_HEADS = _NUMBERED + [f"{o} amendment" for o in sorted(lexicon().amendment_ordinals)]
_HEADS += ["second amendment no. 2", "amendment", "2nd amendment", "10th amendment"]
_TYPES = ["agreement", "supply agreement", "lease", "nda", "license agreement", "loan agreement"]


def _keys(names: list[str]) -> list[str]:
    return [entity_key(n) for n in names]


def _read(question: str) -> SubjectClass:
    return _KNOWN.read(question)


def _same_reading(head: str, kind: str, a: str, b: str, upper: bool) -> None:
    bare = f"What is the governing law of the {head} {kind} between {a} and {b}?"
    to = f"What is the governing law of the {head} to the {kind} between {a} and {b}?"
    if not upper:
        bare, to = bare.lower(), to.lower()
    read, as_to = _read(bare), _read(to)
    assert _keys(read.parties) == _keys([a, b]), bare
    assert read.document_type == as_to.document_type, bare
    assert read.constraints.get("amendment") == as_to.constraints.get("amendment"), bare
    assert read.constraints.get("amendment"), bare


@pytest.mark.parametrize("kind", _TYPES)
@pytest.mark.parametrize("head", _HEADS)
def test_the_amendment_words_before_the_type_are_no_party(head: str, kind: str) -> None:
    # each pair in turn, both orders, lower case and as written (a digit-led name, "&", a
    # hyphen)
    i = (_HEADS.index(head) + _TYPES.index(kind)) % len(_PARTIES)
    a, b = _PARTIES[i]
    _same_reading(head, kind, a, b, upper=True)
    _same_reading(head, kind, b, a, upper=False)


@pytest.mark.parametrize("head", ["amendment no. 3", "amendment 3", "ninth amendment"])
@pytest.mark.parametrize(
    ("kind", "expected"),
    [("lease", "lease_agreement"), ("nda", "non_disclosure_agreement")],
)
def test_the_type_is_kept(head: str, kind: str, expected: str) -> None:
    # "the amendment number 4 lease" lost its type; the amended type is the plain one's
    a, b = _PARTIES[1]
    for question in (
        f"What is the governing law of the {head} {kind} between {a} and {b}?",
        f"what is the governing law of the {head.title()} {kind.upper()} between {a} and {b}?",
    ):
        read = _read(question)
        assert read.document_type == expected, question
        assert _keys(read.parties) == _keys([a, b]), question


@pytest.mark.parametrize("head", ["amendment 3", "amendment number four", "sixth amendment"])
@pytest.mark.parametrize(("a", "b"), _PARTIES, ids=["ampersand", "hyphen", "digits"])
def test_after_a_possessive(head: str, a: str, b: str) -> None:
    for question in (
        f"What is the governing law of {a}'s {head} supply agreement with {b}?",
        f"what is the governing law of {b.lower()}'s {head} lease with {a.lower()}?",
    ):
        read = _read(question)
        assert sorted(_keys(read.parties)) == sorted(_keys([a, b])), question
        assert read.constraints.get("amendment") == head, question


def test_the_amendment_as_the_to_spelling_records_it() -> None:
    one = parse_agreement("the Amendment No. 3 Supply Agreement between Acme Inc. and Beta LLC")
    two = parse_agreement(
        "the Amendment No. 3 to the Supply Agreement between Acme Inc. and Beta LLC"
    )
    assert one == two
    assert one is not None and one.document_type == "supply_agreement"
    assert one.amendment == "Amendment No. 3"


@pytest.mark.parametrize("kind", ["supply agreement", "nda"])
def test_repeated_amendment_words_are_read_without_recursion(kind: str) -> None:
    # a question of a thousand "amendment"s is read in a loop, not a recursion per word
    ref = parse_agreement(f"the {'amendment ' * 1500}{kind} between Acme Inc. and Beta LLC")
    assert ref is not None and _keys(ref.parties) == _keys(["Acme Inc.", "Beta LLC"])


@pytest.mark.parametrize("head", ["amendment", "amendment 3", "second amendment"])
@pytest.mark.parametrize("case", [str, str.lower], ids=["as written", "lower"])
def test_a_name_after_the_amendment_words_stays_a_name(head: str, case: object) -> None:
    # a known name that opens with digits, after the amendment's words: the name's
    question = case(  # type: ignore[operator]
        f"What is the governing law of the {head} 7Seas Cargo supply agreement with Harrow & "
        "Finch LLC?"
    )
    read = _read(question)
    assert sorted(_keys(read.parties)) == sorted(_keys(["7Seas Cargo", "Harrow & Finch LLC"]))
    assert read.constraints.get("amendment") == case(head)  # type: ignore[operator]
