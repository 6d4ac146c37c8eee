"""Jobs in SQLite: items in order, failures recorded, cancel, and resume without redoing."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from app import (
    JobConflict,
    JobKind,
    JobNotFound,
    JobRecord,
    JobRunner,
    JobStatus,
    JobStore,
    open_engine,
)


def _wait(store: JobStore, job_id: str, timeout: float = 10.0) -> JobRecord:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = store.get(job_id)
        if job.status not in (JobStatus.QUEUED, JobStatus.RUNNING):
            return job
        time.sleep(0.01)
    raise AssertionError(f"job {job_id} did not finish")


def _store(tmp_path: Path) -> JobStore:
    return JobStore(open_engine(f"sqlite:///{tmp_path / 'catalog.sqlite3'}"))


def test_items_run_in_order_and_a_failure_is_recorded(tmp_path: Path) -> None:
    store = _store(tmp_path)
    calls: list[int] = []

    def handle(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        calls.append(value["n"])
        if value["n"] == 2:
            raise RuntimeError("item two breaks")
        return value["n"] != 3, {"n": value["n"] * 10}

    runner = JobRunner(store, {JobKind.EVALUATION: handle}, {JobKind.EVALUATION: 2})
    job = store.create(JobKind.EVALUATION, "kb", [{"n": i} for i in range(5)])
    runner.submit(job)
    done = _wait(store, job.job_id)
    runner.shutdown()
    assert calls == [0, 1, 2, 3, 4]
    assert (done.status, done.total, done.done, done.failed) == (JobStatus.COMPLETED, 5, 5, 2)
    items = store.items(job.job_id)
    assert [i.result for i in items][:2] == [{"n": 0}, {"n": 10}]
    assert items[2].result == {"error": {"code": "internal_error", "detail": "item two breaks"}}
    assert [i.status.value for i in items] == ["done", "done", "failed", "failed", "done"]


def test_cancel_stops_after_the_item_in_flight(tmp_path: Path) -> None:
    store = _store(tmp_path)
    gate = threading.Event()
    started = threading.Event()

    def handle(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        started.set()
        gate.wait(5)
        return True, value

    runner = JobRunner(store, {JobKind.EVALUATION: handle}, {JobKind.EVALUATION: 1})
    job = store.create(JobKind.EVALUATION, "kb", [{"n": i} for i in range(4)])
    runner.submit(job)
    assert started.wait(5)
    assert store.cancel(job.job_id).status is JobStatus.CANCELLED
    gate.set()
    runner.shutdown()
    final = store.get(job.job_id)
    assert final.status is JobStatus.CANCELLED
    assert final.done == 1  # the item in flight finished; nothing after it ran
    with pytest.raises(JobConflict):
        store.cancel(job.job_id)
    with pytest.raises(JobNotFound):
        store.get("nope")


def test_a_new_runner_resumes_at_the_first_unfinished_item(tmp_path: Path) -> None:
    store = _store(tmp_path)
    job = store.create(JobKind.EVALUATION, "kb", [{"n": i} for i in range(4)])
    # What a killed server leaves behind: running, two items finished.
    store.transition(job.job_id, JobStatus.RUNNING, only_from=(JobStatus.QUEUED,))
    store.record_item(job.job_id, 0, True, {"n": 0})
    store.record_item(job.job_id, 1, True, {"n": 1})
    store.record_item(job.job_id, 1, True, {"n": "again"})  # a finished item never changes
    calls: list[int] = []

    def handle(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        calls.append(value["n"])
        return True, value

    fresh = JobRunner(_store(tmp_path), {JobKind.EVALUATION: handle}, {JobKind.EVALUATION: 1})
    assert fresh.resume() == [job.job_id]
    final = _wait(store, job.job_id)
    fresh.shutdown()
    assert calls == [2, 3]
    assert (final.status, final.done, final.failed) == (JobStatus.COMPLETED, 4, 0)
    assert [i.result for i in store.items(job.job_id)] == [{"n": 0}, {"n": 1}, {"n": 2}, {"n": 3}]


def test_a_full_disk_while_recording_an_item_still_ends_the_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: SQLite "database or disk is full" while recording an item, and again while
    marking the job failed, left it `running` for good. Now the failure is typed and the
    job's end is recorded once the database takes writes again."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    store = _store(tmp_path)
    job = store.create(JobKind.EVALUATION, "kb", [{"n": 1}, {"n": 2}])
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = 13  # type: ignore[attr-defined]
    refusals = {"transition": 2}  # the disk is full for the first two tries to end it

    real_record, real_transition = store.record_item, store.transition

    def record_item(*args: Any, **kwargs: Any) -> None:
        with store._writes():
            raise OperationalError("UPDATE api_job_items ...", {}, full)

    def transition(job_id: str, to: JobStatus, **kwargs: Any) -> bool:
        if to is JobStatus.FAILED and refusals["transition"]:
            refusals["transition"] -= 1
            with store._writes():
                raise OperationalError("UPDATE api_jobs ...", {}, full)
        return real_transition(job_id, to, **kwargs)

    monkeypatch.setattr(store, "record_item", record_item)
    monkeypatch.setattr(store, "transition", transition)
    monkeypatch.setattr("app._jobs._RETRY_SECONDS", 0.05)
    runner = JobRunner(store, {JobKind.EVALUATION: lambda j, v: (True, v)}, {JobKind.EVALUATION: 1})
    runner.submit(job)
    done = _wait(store, job.job_id)
    runner.shutdown()
    assert done.status is JobStatus.FAILED
    assert done.error is not None and done.error.startswith("storage_full: ")
    assert real_record is not None


@pytest.mark.parametrize("lead", ["=", "+", "-", "@", "\t", "\r"])
def test_csv_cells_never_start_a_formula(lead: str) -> None:
    """A document named `=1+2...` was written as a CSV cell a spreadsheet runs (issue 37):
    every cell that starts like a formula is prefixed with a single quote (OWASP)."""
    import csv
    import io

    from app import render_csv

    text = lead + 'HYPERLINK("http://x","y")'
    result = {
        "id": text,
        "question": text,
        "terminal_state": "CONCLUDED",
        "conclusion": {"answer": text, "values": []},
        "evidence": [{"evidence_id": "e1", "source_location": {"document": text, "page": 1}}],
        "risk_signals": [text],
        "expected_value": text,
        "error": {"detail": text},
    }
    (header, row) = list(csv.reader(io.StringIO(render_csv([result]))))
    assert len(row) == len(header)
    for name, cell in zip(header, row, strict=True):
        assert cell[:1] not in ("=", "+", "-", "@", "\t", "\r"), (name, cell)
    cells = dict(zip(header, row, strict=True))
    assert cells["id"] == "'" + text and cells["answer"] == "'" + text
    assert cells["citations"] == "'" + text + ", p. 1"
