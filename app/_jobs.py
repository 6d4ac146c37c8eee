"""Jobs persisted in the catalog's database, run by bounded worker pools in the server.

A job is a list of items (questions, or uploaded files) processed in order. Each item's
result is committed with the job's counters in one transaction, so a killed server
resumes a job at its first unfinished item and never redoes a finished one. A failing
item is recorded as failed and the job goes on.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import Engine, func, select, update

from app._db import job_items, jobs, storage_writes
from app._errors import JobConflict, JobNotFound
from domain import StorageFull

_log = logging.getLogger("evrag.app.jobs")


class JobKind(StrEnum):
    INGESTION = "ingestion"
    EVALUATION = "evaluation"


class JobStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    FAILED = "failed"


UNFINISHED = (JobStatus.QUEUED, JobStatus.RUNNING)


class ItemStatus(StrEnum):
    PENDING = "pending"
    DONE = "done"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class JobRecord:
    job_id: str
    kind: JobKind
    kb: str
    status: JobStatus
    total: int
    done: int
    failed: int
    created_at: str
    finished_at: str | None
    error: str | None


@dataclass(frozen=True, slots=True)
class ItemRecord:
    seq: int
    status: ItemStatus
    input: dict[str, Any]
    result: dict[str, Any] | None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _record(row: Any) -> JobRecord:
    return JobRecord(
        job_id=row.job_id,
        kind=JobKind(row.kind),
        kb=row.kb,
        status=JobStatus(row.status),
        total=row.total,
        done=row.done,
        failed=row.failed,
        created_at=row.created_at,
        finished_at=row.finished_at,
        error=row.error,
    )


class JobStore:
    """The jobs tables; every method is one short transaction (safe from any thread)."""

    # a write the disk refuses raises StorageFull (507); tests fake a full disk through it
    _writes = staticmethod(storage_writes)

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def create(self, kind: JobKind, kb: str, inputs: Sequence[dict[str, Any]]) -> JobRecord:
        job_id = secrets.token_hex(12)
        with self._writes(), self._engine.begin() as conn:
            conn.execute(
                jobs.insert().values(
                    job_id=job_id,
                    kind=kind.value,
                    kb=kb,
                    status=JobStatus.QUEUED.value,
                    total=len(inputs),
                    done=0,
                    failed=0,
                    created_at=_now(),
                )
            )
            if inputs:
                conn.execute(
                    job_items.insert(),
                    [
                        {
                            "job_id": job_id,
                            "seq": seq,
                            "input": json.dumps(value, ensure_ascii=False),
                            "status": ItemStatus.PENDING.value,
                            "result": None,
                        }
                        for seq, value in enumerate(inputs)
                    ],
                )
        return self.get(job_id)

    def get(self, job_id: str) -> JobRecord:
        with self._engine.connect() as conn:
            row = conn.execute(select(jobs).where(jobs.c.job_id == job_id)).first()
        if row is None:
            raise JobNotFound(f"no job {job_id!r}")
        return _record(row)

    def list_jobs(self, kb: str, kind: JobKind) -> list[JobRecord]:
        query = (
            select(jobs)
            .where(jobs.c.kb == kb, jobs.c.kind == kind.value)
            .order_by(jobs.c.created_at, jobs.c.job_id)
        )
        with self._engine.connect() as conn:
            return [_record(r) for r in conn.execute(query).all()]

    def unfinished(self) -> list[JobRecord]:
        query = (
            select(jobs)
            .where(jobs.c.status.in_([s.value for s in UNFINISHED]))
            .order_by(jobs.c.created_at, jobs.c.job_id)
        )
        with self._engine.connect() as conn:
            return [_record(r) for r in conn.execute(query).all()]

    def items(self, job_id: str, *, pending_only: bool = False) -> list[ItemRecord]:
        query = select(job_items).where(job_items.c.job_id == job_id)
        if pending_only:
            query = query.where(job_items.c.status == ItemStatus.PENDING.value)
        with self._engine.connect() as conn:
            rows = conn.execute(query.order_by(job_items.c.seq)).all()
        return [
            ItemRecord(
                seq=r.seq,
                status=ItemStatus(r.status),
                input=json.loads(r.input),
                result=json.loads(r.result) if r.result is not None else None,
            )
            for r in rows
        ]

    def record_item(self, job_id: str, seq: int, ok: bool, result: dict[str, Any]) -> None:
        """The item's result and the job's counters, in one transaction."""
        status = ItemStatus.DONE if ok else ItemStatus.FAILED
        with self._writes(), self._engine.begin() as conn:
            changed = conn.execute(
                update(job_items)
                .where(
                    job_items.c.job_id == job_id,
                    job_items.c.seq == seq,
                    job_items.c.status == ItemStatus.PENDING.value,
                )
                .values(status=status.value, result=json.dumps(result, ensure_ascii=False))
            ).rowcount
            if changed:
                conn.execute(
                    update(jobs)
                    .where(jobs.c.job_id == job_id)
                    .values(done=jobs.c.done + 1, failed=jobs.c.failed + (0 if ok else 1))
                )

    def transition(
        self,
        job_id: str,
        to: JobStatus,
        *,
        only_from: Sequence[JobStatus],
        error: str | None = None,
    ) -> bool:
        finished = to not in UNFINISHED
        values: dict[str, Any] = {"status": to.value}
        if finished:
            values["finished_at"] = _now()
        if error is not None:
            values["error"] = error
        with self._writes(), self._engine.begin() as conn:
            changed = conn.execute(
                update(jobs)
                .where(jobs.c.job_id == job_id, jobs.c.status.in_([s.value for s in only_from]))
                .values(**values)
            ).rowcount
        return bool(changed)

    def cancel(self, job_id: str) -> JobRecord:
        record = self.get(job_id)
        if record.status not in UNFINISHED:
            raise JobConflict(f"job {job_id} is already {record.status.value}")
        self.transition(job_id, JobStatus.CANCELLED, only_from=UNFINISHED)
        return self.get(job_id)

    def count_pending_with(self, key: str, value: str) -> int:
        """How many pending items of unfinished jobs have input[key] == value (for clean-up)."""
        query = (
            select(func.count())
            .select_from(job_items.join(jobs, jobs.c.job_id == job_items.c.job_id))
            .where(
                job_items.c.status == ItemStatus.PENDING.value,
                jobs.c.status.in_([s.value for s in UNFINISHED]),
                job_items.c.input.contains(json.dumps(value)),
            )
        )
        with self._engine.connect() as conn:
            return int(conn.execute(query).scalar_one())


# How often a job's failure is tried again on a full disk.
_RETRY_SECONDS = 5.0

ItemHandler = Callable[[JobRecord, dict[str, Any]], tuple[bool, dict[str, Any]]]
FinishHook = Callable[[JobRecord], None]


class JobRunner:
    """Bounded thread pools, one per job kind; each job runs its items in order."""

    def __init__(
        self,
        store: JobStore,
        handlers: dict[JobKind, ItemHandler],
        workers: dict[JobKind, int],
        on_finish: FinishHook | None = None,
    ) -> None:
        self.store = store
        self._handlers = handlers
        self._on_finish = on_finish
        self._pools = {
            kind: ThreadPoolExecutor(max_workers=workers[kind], thread_name_prefix=f"evrag-{kind}")
            for kind in handlers
        }
        self._stop = threading.Event()
        self._futures: dict[str, Future[None]] = {}
        self._lock = threading.Lock()
        self.progress: dict[str, dict[str, Any]] = {}

    def submit(self, job: JobRecord) -> None:
        with self._lock:
            if job.job_id in self._futures or self._stop.is_set():
                return
            self._futures[job.job_id] = self._pools[job.kind].submit(self._run, job.job_id)

    def resume(self) -> list[str]:
        """Queue every unfinished job (after a restart); returns their ids."""
        pending = self.store.unfinished()
        for job in pending:
            self.submit(job)
        return [job.job_id for job in pending]

    def idle(self) -> bool:
        with self._lock:
            return all(f.done() for f in self._futures.values())

    def shutdown(self, timeout: float = 30.0) -> None:
        """Stop taking items; items in flight get `timeout` seconds in all to finish (one
        still running after that is unrecorded, so it runs again after a restart)."""
        self._stop.set()
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            futures = list(self._futures.values())
        deadline = time.monotonic() + timeout
        for future in futures:
            try:
                future.result(timeout=max(0.0, deadline - time.monotonic()))
            except Exception:  # already logged by _run, or still running past the deadline
                pass

    def _run(self, job_id: str) -> None:
        finished = False
        try:
            finished = self._run_job(job_id)
        except Exception as exc:
            _log.exception("job %s failed", job_id)
            reason = f"{exc.code}: {exc}" if isinstance(exc, StorageFull) else str(exc)
            self._end_failed(job_id, reason)
        finally:
            self.progress.pop(job_id, None)
            with self._lock:
                self._futures.pop(job_id, None)
            if not finished:
                self._finish(job_id)

    def _finish(self, job_id: str) -> None:
        """The finish hook (an ingestion's uploads dropped), once the job's items are all
        recorded."""
        if self._on_finish is not None and not self._stop.is_set():
            try:
                self._on_finish(self.store.get(job_id))
            except Exception:
                _log.exception("finishing job %s", job_id)

    def _end_failed(self, job_id: str, reason: str) -> None:
        """Record the job failed. On a full disk that write can fail too (issue 37: the job
        stayed `running`, its items `pending`): it is tried again until the database takes
        it or the runner stops; a job still unrecorded then is resumed at the next start."""
        while True:
            try:
                self.store.transition(job_id, JobStatus.FAILED, only_from=UNFINISHED, error=reason)
                return
            except StorageFull:
                _log.warning("job %s: cannot record its failure yet (storage full)", job_id)
                if self._stop.wait(_RETRY_SECONDS):
                    return

    def _run_job(self, job_id: str) -> bool:
        if not self.store.transition(
            job_id, JobStatus.RUNNING, only_from=(JobStatus.QUEUED, JobStatus.RUNNING)
        ):
            return False  # cancelled before it started
        job = self.store.get(job_id)
        handler = self._handlers[job.kind]
        for item in self.store.items(job_id, pending_only=True):
            if self._stop.is_set():
                return False  # resumed at this item after a restart
            if self.store.get(job_id).status is not JobStatus.RUNNING:
                return False  # cancelled
            _log.info("job %s: running item %d", job_id, item.seq)
            try:
                ok, result = handler(job, item.input)
            except Exception as exc:
                _log.exception("job %s item %d", job_id, item.seq)
                code = exc.code if isinstance(exc, StorageFull) else "internal_error"
                ok, result = False, {"error": {"code": code, "detail": str(exc)}}
            self.store.record_item(job_id, item.seq, ok, result)
        # the hook before the status: a client that reads "completed" finds the job's
        # uploads already dropped (they were removed after it, a race the API's tests saw)
        self._finish(job_id)
        self.store.transition(job_id, JobStatus.COMPLETED, only_from=(JobStatus.RUNNING,))
        return True
