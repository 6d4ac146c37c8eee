"""Issue 33, item 5: two parties joined by "&", the second written with its legal form
("Does the supply agreement between Acme Robotics & Keel Street Partners, Inc. restrict
assignment?"). The pair's second side ended before its legal form, so the form and the
question's predicate after it were read as a third party ("Inc. restrict assignment") and the
question was refused. The side runs on over its own legal form.

Generated over made-up names and question forms; the reader reads each with the names known.
"""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader

_PAIRS = [
    ("Acme Robotics", "Keel Street Partners, Inc."),
    ("Halcyon", "Northgate Marine, LLC"),
    ("Brightwater Foods", "Vantor plc"),
    ("Ridgeway Pipeline", "Quayside Energy, Ltd."),
]
_KNOWN = [
    "Acme Robotics, Inc.",
    "Keel Street Partners, Inc.",
    "Halcyon Robotics Holdings LLC",
    "Northgate Marine, LLC",
    "Brightwater Foods Corp.",
    "Vantor plc",
    "Ridgeway Pipeline Company",
    "Quayside Energy, Ltd.",
]
_FORMS = [
    "Does the supply agreement between {a} & {b} restrict assignment?",
    "Is the supply agreement between {a} & {b} governed by Delaware law?",
    "What is the governing law of the supply agreement between {a} & {b}?",
    "does the supply agreement between {a} & {b} have a non-compete?",
    "Does the Supply Agreement between {a} & {b} contain a cap on liability?",
]


def _plain(names: list[str]) -> list[str]:
    return [n.lower().rstrip(".") for n in names]


@pytest.mark.parametrize(("pair", "form"), list(itertools.product(_PAIRS, _FORMS))[::2])
def test_the_second_of_two_names_joined_by_an_ampersand_keeps_its_legal_form(
    pair: tuple[str, str], form: str
) -> None:
    a, b = pair
    reader = QuestionReader(_KNOWN)
    if form[:1].islower():
        a, b = a.lower(), b.lower()
    question = form.format(a=a, b=b)
    assert _plain(reader.read(question).parties) == _plain([a, b]), question


@pytest.mark.parametrize("form", _FORMS[:3])
def test_an_unknown_name_with_a_legal_form_after_an_ampersand_stays_a_name(form: str) -> None:
    reader = QuestionReader(_KNOWN)
    question = form.format(a="Acme Robotics", b="Zorblax Partners, Inc.")
    parties = reader.read(question).parties
    assert any("Zorblax" in p for p in parties), (question, parties)


# a pair joined before its title, the title opening with a legal form's word: the title's
# word, not the second side's legal form (bench.question_variants' development half)
_TITLED_PAIRS = [
    "Is the {a}-{b} Limited Power Of Attorney governed by the laws of Delaware?",
    "What is the governing law of the {a}/{b} Limited Power Of Attorney?",
    "Is the {a}-{b} CO-BRANDING Agreement governed by the laws of Delaware?",
]


@pytest.mark.parametrize("form", _TITLED_PAIRS)
def test_a_title_word_after_a_joined_pair_is_no_legal_form_of_it(form: str) -> None:
    reader = QuestionReader(_KNOWN)
    for a, b in (("Acme Robotics", "Keel Street"), ("HALCYON", "NORTHGATE MARINE")):
        question = form.format(a=a, b=b)
        assert _plain(reader.read(question).parties) == _plain([a, b]), question
