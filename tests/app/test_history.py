"""The answers' history store (app/_history.py): ids from a counter per knowledge base, the
cap that drops the oldest, the Markdown export, and an old data directory gaining the table."""

from __future__ import annotations

import sqlite3
import tarfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from app import AnswerNotFound, HistoryStore, forget_kb, open_engine, render_markdown

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _loc(**extra: Any) -> dict[str, Any]:
    return {
        "document": "MSA.pdf",
        "document_id": "d" * 64,
        "page": 3,
        "section": "12. Governing Law",
        "line_start": 31,
        "line_end": 34,
        **extra,
    }


ANSWER: dict[str, Any] = {
    "question": "Which law governs the MSA?",
    "terminal_state": "CONCLUDED",
    "evidence": [
        {
            "evidence_id": "e1",
            "quote": "governed by the laws of\nthe State of New York",
            "source_location": _loc(clause="12.1"),
        },
        {
            "evidence_id": "e2",
            "quote": "New York courts",
            "source_location": _loc(page=4, section=None, line_start=2, line_end=2),
        },
    ],
    "conclusion": {
        "answer": "New York",
        "values": [{"value": "New York", "evidence_ids": ["e1", "e2"]}],
    },
    "conflicts": [],
    "confidence": "high",
    "sufficient": True,
    "suggested_next_actions": [],
    "sufficiency": {"decision": "SUPPORTED"},
}


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    return HistoryStore(open_engine(f"sqlite:///{tmp_path / 'catalog.sqlite3'}"), cap=3)


def test_ids_count_per_knowledge_base_and_the_oldest_are_dropped_past_the_cap(
    store: HistoryStore,
) -> None:
    ids = [
        store.record("a", {"question": f"q{i}"}, {**ANSWER, "question": f"q{i}"}) for i in range(5)
    ]
    assert ids == [1, 2, 3, 4, 5]
    assert store.record("b", {}, ANSWER) == 1
    assert store.count("a") == 3
    assert [s.answer_id for s in store.list_answers("a", limit=10)] == [5, 4, 3]
    with pytest.raises(AnswerNotFound, match="no answer 1 in knowledge base 'a'"):
        store.get("a", 1)
    store.delete("a", 5)
    assert store.record("a", {}, ANSWER) == 6  # the deleted newest's id is not given again
    forget_kb(store._engine, "a")  # what deleting the KB does (Runtime.delete_kb)
    assert store.count("a") == 0 and store.count("b") == 1
    assert store.record("a", {}, ANSWER) == 7
    record = store.get("b", 1)
    assert (record.answer, record.verdict, record.question) == (
        ANSWER,
        "SUPPORTED",
        ANSWER["question"],
    )


def test_answers_recorded_at_once_get_distinct_ids(tmp_path: Path) -> None:
    store = HistoryStore(open_engine(f"sqlite:///{tmp_path / 'catalog.sqlite3'}"))
    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(lambda _: store.record("a", {}, ANSWER), range(40)))
    assert sorted(ids) == list(range(1, 41))


def test_markdown_shows_each_value_with_its_citations_and_quotes(store: HistoryStore) -> None:
    store.record("a", {"question": ANSWER["question"], "documents": ["MSA.pdf"]}, ANSWER)
    record = store.get("a", 1)
    text = render_markdown([record], title="Answer 1 from knowledge base a")
    assert text == (
        "# Answer 1 from knowledge base a\n"
        "\n"
        "## Answer 1: Which law governs the MSA?\n"
        "\n"
        f"- Asked: {record.created_at}\n"
        "- Verdict: **SUPPORTED** (confidence high)\n"
        "- Scope: MSA.pdf\n"
        "\n"
        "**Answer:** New York\n"
        "\n"
        "### Value\n"
        "\n"
        "**New York**\n"
        "\n"
        "- MSA.pdf, p. 3, § 12. Governing Law, clause 12.1, lines 31–34\n"
        "\n"
        "  > governed by the laws of\n"
        "  > the State of New York\n"
        "\n"
        "- MSA.pdf, p. 4, line 2\n"
        "\n"
        "  > New York courts\n"
    )


def test_an_old_data_directory_gains_the_history_tables(tmp_path: Path) -> None:
    with tarfile.open(FIXTURES / "datadir-v0.tar.gz") as tar:
        tar.extract("catalog.sqlite3", tmp_path, filter="data")
    catalog = tmp_path / "catalog.sqlite3"
    with sqlite3.connect(catalog) as db:
        before = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "api_answers" not in before
    store = HistoryStore(open_engine(f"sqlite:///{catalog}"))
    assert store.count("halcyon") == 0
    assert store.record("halcyon", {}, ANSWER) == 1
    with sqlite3.connect(catalog) as db:
        after = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    # api_keys too: the keys' table is the app's, so that a KB deleted by the CLI leaves them
    app_tables = {"api_jobs", "api_job_items", "api_answers", "api_answer_counters", "api_keys"}
    assert after == before | app_tables
