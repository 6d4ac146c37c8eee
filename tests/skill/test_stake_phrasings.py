"""A shareholder's stake asked as analysts write it ("What percentage of Halcyon does Maria
Okafor own?", "What is Tomas Lindgren's ownership percentage in Halcyon Robotics?"): the stake
question the grammar's templates read (question_templates.yaml), answered as the canonical
"What stake does X hold in Y?" is, on the sample data room (issue 33: the same subject for
every phrasing). These had been topic questions, quoting a vesting schedule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import IngestedKB

_HOLDERS = [("Maria Okafor", "Halcyon Robotics"), ("Tomas Lindgren", "Halcyon")]
_ASKED = [
    "What percentage of {c} does {h} own?",
    "what percentage of {c} does {h} hold?",
    "What % of {c} does {h} own?",
    "What share of {c} does {h} have?",
    "What is {h}'s stake in {c}?",
    "What is {h}'s ownership percentage in {c}?",
    "what was {h}'s equity interest in {c}?",
]


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=data_room_kb.data_dir)) as rt:
        yield rt


def _values(runtime: Any, kb: str, question: str) -> tuple[str, list[str]]:
    answer = runtime.skill.ask(kb, question)
    return answer.subject_class.attribute, sorted(v.value for v in answer.conclusion.values)


@pytest.mark.parametrize(
    ("question", "holder", "company"),
    [(asked.format(h=h, c=c), h, c) for h, c in _HOLDERS for asked in _ASKED],
)
def test_a_stake_asked_in_other_words_is_the_stake(
    runtime: Any, data_room_kb: IngestedKB, question: str, holder: str, company: str
) -> None:
    canonical = _values(runtime, data_room_kb.kb, f"What stake does {holder} hold in {company}?")
    assert canonical[0] == "stake" and canonical[1], canonical
    assert _values(runtime, data_room_kb.kb, question) == canonical, question
