"""'How many shares does X hold in Y?' over the real data room (tests/conftest.py
`data_room_kb`): the count the founders' agreement and the capitalization table state of each
holder, cited; the founders' agreement's one sentence of two holders' counts gives each its
own; a percentage is never the count."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

_COUNTS = {
    "Maria Okafor": (
        "4,000,000 shares",
        {"03_Founders_Agreement.pdf", "04_Capitalization_Table.pdf"},
    ),
    "Tomas Lindgren": (
        "2,200,000 shares",
        {"03_Founders_Agreement.pdf", "04_Capitalization_Table.pdf"},
    ),
    "Keel Street Capital LLC": ("950,000 shares", {"04_Capitalization_Table.pdf"}),
    "Lumen Ventures Fund II, L.P.": ("1,850,000 shares", {"04_Capitalization_Table.pdf"}),
}


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


@pytest.mark.parametrize(
    ("holder", "question"),
    [
        (holder, asked.format(h=written, c=company))
        for holder in _COUNTS
        for written in (holder, holder.lower())
        if not (written.islower() and "," in holder)
        for asked in (
            "How many shares does {h} hold in {c}?",
            "How many shares of {c} does {h} own?",
        )
        for company in ("Halcyon Robotics", "Halcyon Robotics, Inc.")
    ],
)
def test_the_count_each_holder_is_stated_to_hold(ask: Any, holder: str, question: str) -> None:
    answer = ask(question)
    count, documents = _COUNTS[holder]
    assert answer.terminal_state == "CONCLUDED", question
    assert [v.value for v in answer.conclusion.values] == [count], question
    assert answer.sufficient and answer.conflicts == [], question
    cited = {u.evidence_id: u for u in answer.evidence}
    (value,) = answer.conclusion.values
    assert {cited[e].source_location.document for e in value.evidence_ids} == documents
    assert all(cited[e].quote for e in value.evidence_ids)


def test_the_stake_stays_a_percentage(ask: Any) -> None:
    answer = ask("What stake does Maria Okafor hold in Halcyon Robotics?")
    assert sorted(v.value for v in answer.conclusion.values) == ["38%", "40%"]
