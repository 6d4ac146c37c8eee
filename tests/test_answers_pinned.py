"""Behaviour is preserved across refactors (issue 13): the answers to every data-room gold
question, as an analyst reads them, are pinned in `data_room/answers_pinned.jsonl`.

What is pinned is what the answer says: its terminal state, whether it is sufficient, the
values with their conflicts and supersessions, and its risk signals. Quote boundaries and
evidence ids are left out: moving where a sentence is cut is not a change of answer
(`python -m bench.snapshot` compares those too, and the shared CUAD questions).

A change that moves an answer fails here with the questions whose answers moved. When the
change is meant, rewrite the file and list and justify the difference in the issue's note:

    EVRAG_PIN_ANSWERS=1 python -m pytest tests/test_answers_pinned.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from bench.quality import GOLD_PATH, load_jsonl
from tests.conftest import IngestedKB

pytestmark = pytest.mark.slow

PINNED = Path(__file__).resolve().parent / "data_room" / "answers_pinned.jsonl"


def _values(rows: list[dict[str, Any]]) -> list[str]:
    return sorted(str(row.get("value")) for row in rows)


def answer_summary(answer: dict[str, Any]) -> dict[str, Any]:
    """What an answer says, without where its quotes start and end."""
    conclusion = answer.get("conclusion") or {}
    return {
        "terminal_state": answer.get("terminal_state"),
        "sufficient": answer.get("sufficient"),
        "answer": conclusion.get("answer"),
        "values": _values(conclusion.get("values") or []),
        "conflicts": sorted(
            (
                [c.get("claim_id"), _values(c.get("values") or [])]
                for c in answer.get("conflicts", [])
            ),
            key=json.dumps,
        ),
        "supersessions": sorted(
            (
                [
                    s.get("claim_id"),
                    s.get("document"),
                    s.get("effective_date"),
                    _values(s.get("history") or []),
                ]
                for s in answer.get("supersessions", [])
            ),
            key=json.dumps,
        ),
        "risk_signals": sorted(str(r) for r in answer.get("risk_signals", [])),
    }


def _lines(rows: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(row, sort_keys=True, ensure_ascii=False) for row in rows]


def test_the_data_room_answers_are_the_pinned_ones(data_room_kb: IngestedKB) -> None:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        rows = [
            {
                "id": q["id"],
                **answer_summary(
                    rt.skill.ask(
                        data_room_kb.kb, q["question"], subject=q.get("subject")
                    ).model_dump(mode="json")
                ),
            }
            for q in load_jsonl(GOLD_PATH)
        ]
    now = _lines(rows)
    if os.environ.get("EVRAG_PIN_ANSWERS") == "1":
        PINNED.write_text("\n".join(now) + "\n", encoding="utf-8")
    pinned = PINNED.read_text(encoding="utf-8").splitlines()
    before = {json.loads(line)["id"]: line for line in pinned}
    after = {json.loads(line)["id"]: line for line in now}
    moved = [
        f"{qid}:\n  pinned: {before.get(qid)}\n  now:    {after.get(qid)}"
        for qid in sorted(before.keys() | after.keys())
        if before.get(qid) != after.get(qid)
    ]
    assert not moved, f"{len(moved)} answers moved (see the module's docstring):\n" + "\n".join(
        moved
    )


def test_the_summary_sees_a_moved_value() -> None:
    """The pin would fail on a changed value, a lost conflict or a new risk signal."""
    answer = {
        "terminal_state": "CONCLUDED",
        "sufficient": True,
        "conclusion": {"answer": "USD 5", "values": [{"value": "USD 5", "evidence_ids": ["a"]}]},
        "conflicts": [{"claim_id": "c", "values": [{"value": "1"}, {"value": "2"}]}],
        "risk_signals": ["single_source"],
    }
    base = answer_summary(answer)
    changed = {"answer": "USD 5", "values": [{"value": "USD 6", "evidence_ids": ["a"]}]}
    assert answer_summary({**answer, "conclusion": changed}) != base
    assert answer_summary({**answer, "conflicts": []}) != base
    assert answer_summary({**answer, "risk_signals": []}) != base
    # evidence ids and quotes are not part of it
    moved_ids = {"value": "USD 5", "evidence_ids": ["b"]}
    assert (
        answer_summary({**answer, "conclusion": {"answer": "USD 5", "values": [moved_ids]}}) == base
    )
