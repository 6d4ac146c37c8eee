"""Issue 33, items 1-2: names in a question's party slots, read without losing or inventing a
subject.

- A name written where a party must stand (a list after "between", the party an agreement is
  "with", the signer before "signed", the parties "of" or "by" whom it is, a possessive owner,
  two names joined by a hyphen) that no reader kept was dropped, and the question answered
  about the other party's agreement: it is kept as a party, so the gate refuses it. Generated
  over slot shapes, unknown names (a role word and a company's word, "Licensor Group"; a made-up
  name; a near miss), either position, two ways to name the known party, lower case.
- A name the knowledge base knows whole across "&" or "and" ("Johnson & Johnson", "First
  Federal Savings and Loan Association") stays one party beside another party.
- A contract role after "and" ("between Northgate and Supplier") is a party of its own, never
  a word of the name before it, nor dropped.
"""

from __future__ import annotations

import itertools

import pytest

from domain import entity_key
from skill import EvidenceSkill, QuestionReader
from skill.linking import NameLinker
from tests.skill.conftest import KB

_NAMES = [
    "Halcyon Robotics, Inc.",
    "Northgate Logistics LLC",
    "Keel Street Capital LLC",
    "Johnson & Johnson",
    "First Federal Savings and Loan Association",
]
# the terms the knowledge base's agreements define their parties by
_TERMS = ["Supplier", "Distributor", "Licensor"]


def _reader() -> QuestionReader:
    reader = QuestionReader(_NAMES)
    reader.index = NameLinker(sorted(_NAMES), defined_terms=_TERMS)
    return reader


_READER = _reader()

# party slots, each in a wording of its own ({t} the agreement, {x} and {y} its parties)
_SHAPES = [
    "Does the {t} between {x} and {y} forbid subcontracting?",
    "Which law governs the {t} between {x} and {y}?",
    "How long does {x}'s {t} with {y} run?",
    "Is the {t} with {x} and {y} still in force?",
    "How long is the notice period in the {t} of {x} and {y}?",
    "When does {x} & {y}'s {t} expire?",
    "How long does the {t} that {x} signed with {y} last?",
    "Which courts hear disputes under the {t} entered into by {x} and {y}?",
    "Can the {x}-{y} {t} be assigned?",
]
# names no agreement of the knowledge base has: a role and a company's word, made up, and a
# near miss of a known one (a letter changed)
_UNKNOWN = ["Licensor Group", "Quillmere Partners", "Northqate Logistics"]
_TITLES = ["Supply Agreement", "services agreement"]


_OWN_WORDS = {w for n in [*_NAMES, *_TERMS] for w in entity_key(n).split()}


def _kept(parties: list[str], name: str) -> bool:
    """Is the name among the parties read: a party with a word of it that no known name and
    no role has ("northqate", "group"), for the gate to refuse?"""
    words = set(entity_key(name).split()) - _OWN_WORDS
    return any(words & set(entity_key(p).split()) for p in parties)


@pytest.mark.parametrize(("unknown", "title"), itertools.product(_UNKNOWN, _TITLES))
def test_an_unknown_name_in_a_party_slot_is_kept_as_a_party(unknown: str, title: str) -> None:
    known = ["Halcyon", "Keel Street"] if unknown.startswith("Northq") else ["Northgate", "Halcyon"]
    for shape, party, first, lower in itertools.product(
        _SHAPES, known, (True, False), (False, True)
    ):
        x, y = (unknown, party) if first else (party, unknown)
        question = shape.format(t=title, x=x, y=y)
        if lower:
            question = question.lower()
        parties = _READER.read(question).parties
        assert _kept(parties, unknown), (question, parties)


# known names whole across "&" or "and", beside another party, in several slots and writings
_WHOLE = [
    ("Johnson & Johnson", "Northgate"),
    ("Johnson and Johnson", "Keel Street"),
    ("First Federal Savings and Loan Association", "Halcyon"),
    ("First Federal Savings & Loan Association", "Northgate"),
]
_WHOLE_SHAPES = [
    "Which law governs the supply agreement between {x} and {y}?",
    "Which law governs the supply agreement between {y} and {x}?",
    "Does the license between {x} and {y} renew on its own?",
    "Is the services agreement with {x} and {y} exclusive?",
]


@pytest.mark.parametrize("lower", [False, True], ids=["as written", "lower case"])
def test_a_name_known_whole_across_and_is_one_party(lower: bool) -> None:
    for (whole, other), shape in itertools.product(_WHOLE, _WHOLE_SHAPES):
        question = shape.format(x=whole, y=other)
        if lower:
            question = question.lower()
        parties = [entity_key(p) for p in _READER.read(question).parties]
        assert sorted(parties) == sorted([entity_key(whole), entity_key(other)]), (
            question,
            parties,
        )


_ROLE_SHAPES = [
    "Is the agreement between {x} and {y} renewed on its own at the end of each term?",
    "Is {x} and {y}'s agreement exclusive?",
    "Which law governs the agreement between {x} and {y}?",
]


@pytest.mark.parametrize("role", _TERMS)
def test_a_role_after_and_is_a_party_of_its_own(role: str) -> None:
    for shape, name, the in itertools.product(
        _ROLE_SHAPES, ("Northgate", "Halcyon Robotics"), ("", "the ")
    ):
        if the and "'s" in shape:
            continue
        question = shape.format(x=name, y=the + role)
        parties = [entity_key(p) for p in _READER.read(question).parties]
        assert sorted(parties) == sorted([entity_key(name), entity_key(role)]), (
            question,
            parties,
        )


# the knowledge base of tests/skill/conftest.py: Acme Robotics, Inc. ("Supplier") and Globex
# Corporation ("Customer") under a Master Services Agreement
@pytest.mark.parametrize(
    ("question", "words"),
    [
        (
            "Does the Master Services Agreement between Supplier Holdings and Globex forbid "
            "assignment?",
            "Supplier Holdings",
        ),
        (
            "does the master services agreement between supplier holdings and globex forbid "
            "assignment?",
            "supplier holdings",
        ),
        (
            "How long does the MSA that Acme signed with Customer Holdings last?",
            "Customer Holdings",
        ),
        (
            "How long does the MSA that Zorblax Partners signed with Globex last?",
            "Zorblax Partners",
        ),
        ("how long does the msa that acme signed with supplier group last?", "supplier group"),
    ],
)
def test_an_unknown_name_in_a_party_slot_is_an_absent_subject(
    skill: EvidenceSkill, question: str, words: str
) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", question
    # the refusal names the words the knowledge base does not hold
    assert any(words in action for action in answer.suggested_next_actions), question


# two known names joined by a hyphen or slash before the agreement's title, the second opening
# with a word of questions ("At Home", "On Track"): both are parties, never the title's words
_OPENED = [
    ("Integrity Incorporated", "At Home Corporation", "At Home"),
    ("Halcyon Robotics, Inc.", "On Track Innovations Ltd.", "On Track Innovations"),
    ("Northgate Logistics LLC", "In Touch Media Group, Inc.", "In Touch Media"),
]


@pytest.mark.parametrize(("first", "second", "written"), _OPENED)
def test_a_known_name_opening_with_a_question_word_after_a_hyphen_is_a_party(
    first: str, second: str, written: str
) -> None:
    reader = QuestionReader([first, second, "Keel Street Capital LLC"])
    short = first.split()[0].rstrip(",")
    for joiner, title, lower in itertools.product(
        ("-", "/"),
        ("Product Development And Co-Branding Agreement", "Supply Agreement"),
        (False, True),
    ):
        question = f"Is the {short}{joiner}{written} {title} governed by New York law?"
        if lower:
            question = question.lower()
        parties = [entity_key(p) for p in reader.read(question).parties]
        # the name as written, or its opening words that the gate reads as its short name
        assert any(len(p.split()) >= 2 and entity_key(written).startswith(p) for p in parties), (
            question,
            parties,
        )


_PREDICATES = ["exclusive", "renewed each year", "terminated early", "still in force", "assignable"]


@pytest.mark.parametrize("role", _TERMS)
@pytest.mark.parametrize("predicate", _PREDICATES)
def test_a_role_keeps_no_words_of_the_question_after_it(role: str, predicate: str) -> None:
    """A role after "and" in a between-list ends at the role: the parties of "was the agreement
    signed between Northgate and Supplier terminated early" are Northgate and the Supplier,
    never "Supplier terminated" (the gate would refuse a name no agreement writes). A question
    all in lower case is left to the names the knowledge base knows ("halcyon robotics", where
    "halcyon" is a defined term, must stay whole)."""
    for name, aux in itertools.product(("Northgate", "Halcyon Robotics"), ("Is", "Was")):
        question = f"{aux} the agreement signed between {name} and {role} {predicate}?"
        parties = [entity_key(p) for p in _READER.read(question).parties]
        assert sorted(parties) == sorted([entity_key(name), entity_key(role)]), (question, parties)
