"""What the app holds for its lifetime: the runtime, keys, jobs and limits."""

from __future__ import annotations

import inspect
import logging
import os
import secrets
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import anyio

from api._auth import KeyStore
from api._db import open_api_engine
from api._limits import ApiSettings
from api._serving import serving_ingestor, use_one_torch_thread
from app import (
    BatchItem,
    HistoryStore,
    JobKind,
    JobRecord,
    JobRunner,
    JobStore,
    Runtime,
    answer_item,
    create_from_archive,
    read_archive,
)
from domain import StorageFull
from ingest import PdfRejected

_log = logging.getLogger("evrag.api")


def resolve_admin_key(limits: ApiSettings, data_dir: Path) -> str:
    """EVRAG_ADMIN_KEY, or a random key kept in `<data_dir>/admin_key` (mode 0600)."""
    if limits.admin_key is not None and limits.admin_key.get_secret_value():
        return limits.admin_key.get_secret_value()
    path = data_dir / "admin_key"
    if path.exists():
        return path.read_text().strip()
    key = "evrag_admin_" + secrets.token_urlsafe(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(key + "\n")
    _log.warning("no EVRAG_ADMIN_KEY set: the admin key is in %s", path)
    return key


@dataclass
class ApiState:
    runtime: Runtime
    limits: ApiSettings
    keys: KeyStore
    jobs: JobStore
    runner: JobRunner
    upload_dir: Path
    history: HistoryStore
    # One writer at a time on the store: an ingestion item, a document or KB delete.
    write_lock: threading.Lock = field(default_factory=threading.Lock)
    ingestor: Any = None
    ask_accepts_top_k: bool = False
    _render_limiter: anyio.CapacityLimiter | None = None

    def render_limiter(self) -> anyio.CapacityLimiter:
        """The page-image pool (made on the event loop, at its first use)."""
        if self._render_limiter is None:
            self._render_limiter = anyio.CapacityLimiter(self.limits.page_render_workers)
        return self._render_limiter

    @classmethod
    def open(cls, runtime: Runtime, limits: ApiSettings) -> ApiState:
        data_dir = runtime.settings.data_dir
        engine = open_api_engine(runtime.settings.catalog_url)
        keys = KeyStore(engine, resolve_admin_key(limits, data_dir))
        jobs = JobStore(engine)
        state = cls(
            runtime=runtime,
            limits=limits,
            keys=keys,
            jobs=jobs,
            runner=None,  # type: ignore[arg-type]  # set just below: it calls back into state
            upload_dir=data_dir / "uploads",
            history=HistoryStore(engine, limits.history_per_kb),
        )
        state.runner = JobRunner(
            jobs,
            handlers={
                JobKind.INGESTION: state._ingest_item,
                JobKind.EVALUATION: state._evaluate_item,
            },
            workers={
                JobKind.INGESTION: limits.ingest_workers,
                JobKind.EVALUATION: limits.eval_workers,
            },
            on_finish=state._job_finished,
        )
        if limits.serve_single_thread_encodes:
            use_one_torch_thread()
            state.ingestor = serving_ingestor(runtime, limits.ingest_embed_batch_size)
        else:
            state.ingestor = runtime.ingestor
        try:
            params = inspect.signature(runtime.skill.ask).parameters
            state.ask_accepts_top_k = "top_k" in params
        except (TypeError, ValueError):
            state.ask_accepts_top_k = False
        return state

    def start(self) -> list[str]:
        self.upload_dir.mkdir(parents=True, exist_ok=True)
        self.sweep_uploads()
        return self.runner.resume()

    def sweep_uploads(self) -> list[str]:
        """Remove what a process killed mid-upload left: every `.part-*` file (no request
        is running yet), and every stored upload no unfinished job still needs."""
        removed = []
        for path in sorted(self.upload_dir.iterdir()):
            if not path.is_file():
                continue
            if path.name.startswith(".part-"):
                orphan = True
            elif path.suffix == ".pdf":
                orphan = not self.jobs.count_pending_with("sha256", path.stem)
            else:
                continue
            if orphan:
                path.unlink(missing_ok=True)
                removed.append(path.name)
        if removed:
            _log.info("removed %d upload file(s) left by an earlier process", len(removed))
        return removed

    def close(self) -> None:
        self.runner.shutdown()

    # -- job items ----------------------------------------------------------------------

    def _evaluate_item(self, job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        return answer_item(self.runtime.skill, job.kb, BatchItem.model_validate(value))

    def record_refused(self, job_id: str) -> None:
        """Record the job's refused files (not a PDF, empty) as failed, so the upload's
        answer says why at once; the runner would record the same on its turn."""
        for item in self.jobs.items(job_id, pending_only=True):
            if "refused" in item.input:
                self.jobs.record_item(job_id, item.seq, False, _refused_result(item.input))

    def drop_uploads(self, digests: list[str]) -> None:
        """Remove stored uploads that no unfinished job needs (a request refused late)."""
        for sha in digests:
            if not self.jobs.count_pending_with("sha256", sha):
                (self.upload_dir / f"{sha}.pdf").unlink(missing_ok=True)

    def start_import(self, archive: BinaryIO, label: str, kb: str) -> JobRecord:
        """An archive of `evrag export` (or .../export) as the new knowledge base `kb`:
        checked whole (app.read_archive) and the KB created with its settings
        (app.create_from_archive) before anything else, then its originals stored as
        uploads and an ingestion job made of them in the archive's order, so the import
        runs, resumes after a restart and reports as an upload does."""
        tmp = self.upload_dir / f".part-import-{secrets.token_hex(8)}"
        try:
            with open(tmp, "wb") as out:
                shutil.copyfileobj(archive, out, 1 << 20)
            manifest, originals = read_archive(
                tmp, label, max_original_bytes=self.limits.max_file_bytes
            )
        finally:
            tmp.unlink(missing_ok=True)
        with self.write_lock:
            create_from_archive(self.runtime, manifest, kb)
        inputs: list[dict[str, Any]] = []
        try:
            for doc in manifest["documents"]:
                data = originals[doc["sha256"]]
                stored = self.upload_dir / f"{doc['sha256']}.pdf"
                part = self.upload_dir / f".part-{doc['sha256']}-{secrets.token_hex(4)}"
                part.write_bytes(data)
                os.replace(part, stored)
                inputs.append({"name": doc["name"], "sha256": doc["sha256"], "size": len(data)})
            return self.jobs.create(JobKind.INGESTION, kb, inputs)
        except BaseException:
            self.drop_uploads([str(i["sha256"]) for i in inputs])
            with self.write_lock:
                self.runtime.delete_kb(kb)
            raise

    def _ingest_item(self, job: JobRecord, value: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        if "refused" in value:
            return False, _refused_result(value)
        name = str(value["name"])
        path = self.upload_dir / f"{value['sha256']}.pdf"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return False, {
                "name": name,
                "document_id": value["sha256"],
                "status": "failed",
                "code": "upload_missing",
                "reason": "the uploaded file is no longer on disk; upload it again",
            }
        try:
            with self.write_lock:
                report = self.ingestor.run(job.kb, [(name, data)])
        except Exception as exc:  # recorded on the item; the job goes on with the next file
            _log.exception("ingesting %s into %s", name, job.kb)
            # A refused PDF says why; any other error here (a store's, say) is internal.
            # A full disk says so too (storage_full): the same upload goes through later.
            code = str(exc.code) if isinstance(exc, PdfRejected | StorageFull) else "internal_error"
            return False, {
                "name": name,
                "document_id": value["sha256"],
                "status": "failed",
                "code": code,
                "reason": str(exc) or type(exc).__name__,
            }
        outcome = report.documents[0]
        result = {
            "name": outcome.name,
            "document_id": outcome.document_id,
            "status": outcome.status,
            "code": outcome.code,
            "reason": outcome.reason,
            "pages": outcome.pages,
            "chunks": outcome.chunks,
            "bindings": outcome.bindings,
        }
        return outcome.status != "failed", result

    def _job_finished(self, job: JobRecord) -> None:
        if job.kind is not JobKind.INGESTION:
            return
        # An upload is kept until no unfinished job still needs it.
        self.drop_uploads(
            [
                str(item.input["sha256"])
                for item in self.jobs.items(job.job_id)
                if item.input.get("sha256")
            ]
        )


def _refused_result(value: dict[str, Any]) -> dict[str, Any]:
    """The outcome of a file refused at upload (its input says why)."""
    refused = value["refused"]
    return {
        "name": str(value["name"]),
        "document_id": None,
        "status": "failed",
        "code": str(refused["code"]),
        "reason": str(refused["reason"]),
    }
