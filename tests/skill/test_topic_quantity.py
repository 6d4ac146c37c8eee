"""A topic asked as a quantity ("How many robots has Halcyon deployed?") is answered only by a
passage that states a number before the noun counted: "Robots that can be deployed without
changes to racking ..." states the topic's words and no count, and was SUPPORTED as the answer
(issue 34: SUPPORTED never means "a sentence was found"). A number inside a name ("Tern 3, its
third-generation robot") or before another noun ("48-hour deployment") counts nothing asked."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import counted, quantity_asked, states_number
from tests.conftest import IngestedKB

# (how the noun phrase is asked, the noun counted)
_NOUNS = [
    ("robots", "robots"),
    ("customer sites", "sites"),
    ("full-time employees", "employees"),
    ("shares of common stock", "shares"),
    ("retail stores", "stores"),
]
_FRAMES = [
    "How many {np} has {x} deployed?",
    "how many {np} does {x} have",
    "How many of the {np} are owned by {x}?",
    "{x}: how many {np} in total?",
]
_NAMES = ["Halcyon", "Acme Widgets, Inc.", "beta & sons"]
# every third case of the product: each noun, frame and name is met
_CASES = [
    (frame.format(np=np, x=name), noun)
    for i, ((np, noun), frame, name) in enumerate(
        (n, f, x) for n in _NOUNS for f in _FRAMES for x in _NAMES
    )
    if i % 3 == 0
]


@pytest.mark.parametrize(("question", "noun"), _CASES)
def test_the_noun_a_how_many_question_counts(question: str, noun: str) -> None:
    assert counted(question) == noun
    assert quantity_asked(question) == noun


@pytest.mark.parametrize(
    "question",
    [
        "How much did Halcyon borrow from Keystone?",
        "what percentage of revenue came from Northgate",
        "What share of the market does Acme hold?",
    ],
)
def test_another_quantity_asks_any_number(question: str) -> None:
    assert counted(question) is None
    assert quantity_asked(question) == "any"


@pytest.mark.parametrize(
    "question", ["What is the interest rate of the loan?", "Who are the directors of Acme?"]
)
def test_a_question_asking_no_quantity(question: str) -> None:
    assert quantity_asked(question) is None


_COUNTS = ["1,140", "more than 1,100", "twelve (12)", "four", "37", "a thousand"]
_NOT_COUNTS = [
    "Robots that can be deployed without changes to racking, floors or network infrastructure.",
    "It announced the general availability of Tern 3, its third-generation robot.",
    "The new robot adds 48-hour deployment for mid-sized warehouses.",
    "On May 7, 2024 - Halcyon Robotics, Inc. announced a new release.",
    "The robots of the 2018 fleet were retired.",
]


@pytest.mark.parametrize("count", _COUNTS)
@pytest.mark.parametrize("noun", ["robots", "employees"])
def test_a_count_before_the_noun_states_it(count: str, noun: str) -> None:
    assert states_number(f"The company has deployed {count} {noun} at its sites.", noun)
    assert states_number(f"{count.capitalize()} {noun} were deployed.", noun)


@pytest.mark.parametrize("sentence", _NOT_COUNTS)
def test_a_number_elsewhere_counts_nothing(sentence: str) -> None:
    assert not states_number(sentence, "robots")


@pytest.mark.slow
class TestOverTheDataRoom:
    """The data room's industry report says "Robots that can be deployed without changes ..."
    and its press release "has deployed more than 1,100 robots at 37 sites"."""

    @pytest.fixture(scope="class")
    def ask(self, data_room_kb: IngestedKB) -> Iterator[Any]:
        from app import Runtime

        with Runtime.open(data_room_kb.settings()) as rt:
            yield lambda question: rt.skill.ask(data_room_kb.kb, question)

    @pytest.mark.parametrize(
        "question",
        [
            "How many robots has Halcyon deployed?",
            "how many robots has halcyon robotics deployed",
            "How many robots has Halcyon Robotics, Inc. deployed?",
        ],
    )
    def test_only_a_passage_counting_robots_is_the_answer(self, ask: Any, question: str) -> None:
        answer = ask(question)
        assert answer.sufficient, answer.conclusion.answer
        values = [v.value for v in answer.conclusion.values]
        assert values, answer.conclusion.answer
        for value in values:
            assert states_number(value, "robots"), value
        assert not any("without changes to racking" in v for v in values)
