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


# The finish hook's place (commit 0a05012): an ingestion's hook drops its uploads, so a client
# that reads "completed" must find them already gone; the hook therefore runs before the
# job is recorded completed. A failed or cancelled job is recorded first and the hook runs
# after; a stopped job (the server shutting down) gets no hook at all, because a restart
# resumes it and still needs its uploads.


class _HookSeen:
    """A finish hook that writes down how the store reports the job when it is called."""

    def __init__(self, store: JobStore) -> None:
        self.store = store
        self.seen: list[tuple[JobStatus, JobStatus, int]] = []
        self.called = threading.Event()

    def __call__(self, job: JobRecord) -> None:
        now = self.store.get(job.job_id)
        self.seen.append((job.status, now.status, now.done))
        self.called.set()


def _held_mid_run(store: JobStore, hook: _HookSeen) -> tuple[JobRunner, JobRecord, threading.Event]:
    """A three-item ingestion job submitted to a one-worker runner, held inside its first item
    (returned once it is there) until the event returned is set."""
    started, gate = threading.Event(), threading.Event()

    def handle(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        started.set()
        assert gate.wait(10)
        return True, value

    runner = JobRunner(store, {JobKind.INGESTION: handle}, {JobKind.INGESTION: 1}, on_finish=hook)
    job = store.create(JobKind.INGESTION, "kb", [{"n": i} for i in range(3)])
    runner.submit(job)
    assert started.wait(10)
    return runner, job, gate


def _passes(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
    return True, value


def _drain(runner: JobRunner) -> None:
    """Stop the runner and wait until its worker threads have ended (every _run returned)."""
    runner.shutdown(timeout=0)
    for pool in runner._pools.values():
        pool.shutdown(wait=True)


@pytest.mark.parametrize("kind", [JobKind.INGESTION, JobKind.EVALUATION])
def test_a_finished_job_runs_its_hook_before_it_reads_completed(
    tmp_path: Path, kind: JobKind
) -> None:
    store = _store(tmp_path)
    hook = _HookSeen(store)
    runner = JobRunner(store, {kind: lambda j, v: (True, v)}, {kind: 1}, on_finish=hook)
    job = store.create(kind, "kb", [{"n": i} for i in range(3)])
    runner.submit(job)
    assert hook.called.wait(10)
    _drain(runner)
    # every item recorded, the job not yet completed when the hook ran
    assert hook.seen == [(JobStatus.RUNNING, JobStatus.RUNNING, 3)]
    assert store.get(job.job_id).status is JobStatus.COMPLETED


def test_a_failed_job_is_recorded_failed_before_its_hook(tmp_path: Path) -> None:
    store = _store(tmp_path)
    hook = _HookSeen(store)

    def handle(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        # a result the store cannot write (not JSON) fails the job itself, not the item
        return True, {"n": value["n"], "bad": object()} if value["n"] == 1 else value

    runner = JobRunner(store, {JobKind.INGESTION: handle}, {JobKind.INGESTION: 1}, on_finish=hook)
    job = store.create(JobKind.INGESTION, "kb", [{"n": i} for i in range(3)])
    runner.submit(job)
    assert hook.called.wait(10)
    _drain(runner)
    assert hook.seen == [(JobStatus.FAILED, JobStatus.FAILED, 1)]
    assert store.get(job.job_id).error is not None


def test_a_job_cancelled_mid_run_is_recorded_cancelled_before_its_hook(tmp_path: Path) -> None:
    store = _store(tmp_path)
    hook = _HookSeen(store)
    runner, job, gate = _held_mid_run(store, hook)
    store.cancel(job.job_id)
    gate.set()
    assert hook.called.wait(10)
    _drain(runner)
    assert hook.seen == [(JobStatus.CANCELLED, JobStatus.CANCELLED, 1)]


def test_a_job_cancelled_before_it_starts_still_runs_its_hook(tmp_path: Path) -> None:
    store = _store(tmp_path)
    hook = _HookSeen(store)
    calls: list[int] = []

    def handle(job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        calls.append(value["n"])
        return True, value

    runner = JobRunner(store, {JobKind.INGESTION: handle}, {JobKind.INGESTION: 1}, on_finish=hook)
    job = store.create(JobKind.INGESTION, "kb", [{"n": 0}])
    store.cancel(job.job_id)
    runner.submit(job)
    assert hook.called.wait(10)
    _drain(runner)
    assert hook.seen == [(JobStatus.CANCELLED, JobStatus.CANCELLED, 0)] and calls == []


def test_a_stopped_job_gets_no_hook_until_a_new_runner_finishes_it(tmp_path: Path) -> None:
    store = _store(tmp_path)
    hook = _HookSeen(store)
    runner, job, gate = _held_mid_run(store, hook)
    runner.shutdown(timeout=0)  # the server stops with an item in flight
    gate.set()
    _drain(runner)
    stopped = store.get(job.job_id)
    assert hook.seen == [] and (stopped.status, stopped.done) == (JobStatus.RUNNING, 1)

    fresh = JobRunner(store, {JobKind.INGESTION: _passes}, {JobKind.INGESTION: 1}, on_finish=hook)
    assert fresh.resume() == [job.job_id]
    assert hook.called.wait(10)
    _drain(fresh)
    assert hook.seen == [(JobStatus.RUNNING, JobStatus.RUNNING, 3)]
    assert store.get(job.job_id).status is JobStatus.COMPLETED
