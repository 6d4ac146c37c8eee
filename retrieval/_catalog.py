"""The catalog: knowledge bases, documents and ingestion runs (SQLAlchemy 2), and the
original files kept by content hash (`BlobStore`).

SQLite (a file in the data directory, WAL mode) by default, PostgreSQL when a URL is
given: the same code and portable types. No wall-clock time is stored; rows are ordered
by their autoincrement id, which is also what `seq` reports.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

from domain import StatementCell, label_key, storage_failure
from retrieval._errors import (
    BlobNotFound,
    DocumentNotFound,
    IntegrityCheckDenied,
    KnowledgeBaseExists,
    KnowledgeBaseNotFound,
    RetrievalError,
    check_kb_name,
)
from retrieval._schema import schema_version, upgrade


class DocumentStatus(StrEnum):
    PENDING = "pending"
    COMMITTED = "committed"
    FAILED = "failed"


class RunStatus(StrEnum):
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"


# -- records handed out (frozen; rows never leave the session) ----------------------------


@dataclass(frozen=True, slots=True)
class KnowledgeBaseEntry:
    name: str
    seq: int
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DocumentEntry:
    kb: str
    document_id: str
    seq: int
    name: str
    status: DocumentStatus
    pages: int | None = None
    document_type: str | None = None
    document_date: str | None = None
    title: str | None = None
    independence_group: str | None = None
    signature: str | None = None
    stored_path: str | None = None
    size_bytes: int | None = None
    error: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class IngestionRunEntry:
    run_id: int
    kb: str
    status: RunStatus
    counts: Mapping[str, int] = field(default_factory=dict)
    report: Mapping[str, Any] = field(default_factory=dict)


# A document's metadata fields in the catalog (DocumentEntry from `pages` to `details`): what a
# reindex may read differently (an older release ingested it), and what an export lists.
DOCUMENT_METADATA_FIELDS = (
    "pages",
    "document_type",
    "document_date",
    "title",
    "independence_group",
    "signature",
    "details",
)


@dataclass(frozen=True, slots=True)
class ReindexedDocument:
    """What a reindex changes of one document in the catalog: its metadata (the fields of
    DocumentEntry from `pages` to `details`;
    None: unchanged) and its statement cells (None: not read)."""

    document_id: str
    metadata: Mapping[str, Any] | None = None
    cells: Sequence[StatementCell] | None = None

    def to_json(self) -> dict[str, Any]:
        """As the pending record keeps it."""
        return {
            "document_id": self.document_id,
            "metadata": None if self.metadata is None else dict(self.metadata),
            "cells": None if self.cells is None else [c.to_json() for c in self.cells],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReindexedDocument:
        """Read back `to_json`."""
        cells = data.get("cells")
        return cls(
            str(data["document_id"]),
            data.get("metadata"),
            None if cells is None else [StatementCell.from_json(dict(c)) for c in cells],
        )


# -- tables ---------------------------------------------------------------------------------


class _Base(DeclarativeBase):
    pass


class _KnowledgeBase(_Base):
    __tablename__ = "knowledge_bases"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class _Document(_Base):
    __tablename__ = "documents"
    __table_args__ = (
        UniqueConstraint("kb", "document_id", name="uq_documents_kb_document"),
        Index("ix_documents_kb_status", "kb", "status"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kb: Mapped[str] = mapped_column(
        String(64), ForeignKey("knowledge_bases.name", ondelete="CASCADE")
    )
    document_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    pages: Mapped[int | None] = mapped_column(Integer)
    document_type: Mapped[str | None] = mapped_column(String(64))
    document_date: Mapped[str | None] = mapped_column(String(32))
    title: Mapped[str | None] = mapped_column(Text)
    independence_group: Mapped[str | None] = mapped_column(String(128))
    signature: Mapped[str | None] = mapped_column(Text)
    stored_path: Mapped[str | None] = mapped_column(Text)
    size_bytes: Mapped[int | None] = mapped_column(BigInteger)
    error: Mapped[str | None] = mapped_column(Text)
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class _IngestionRun(_Base):
    __tablename__ = "ingestion_runs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kb: Mapped[str] = mapped_column(
        String(64), ForeignKey("knowledge_bases.name", ondelete="CASCADE"), index=True
    )
    status: Mapped[str] = mapped_column(String(16))
    counts: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    report: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class _StatementCellRow(_Base):
    """One figure of a document's statement tables (schema version 2): the cell whole as
    JSON, with the keys a question looks it up by beside it."""

    __tablename__ = "statement_cells"
    __table_args__ = (Index("ix_statement_cells_kb_document", "kb", "document_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kb: Mapped[str] = mapped_column(
        String(64), ForeignKey("knowledge_bases.name", ondelete="CASCADE")
    )
    document_id: Mapped[str] = mapped_column(String(64))
    period: Mapped[str] = mapped_column(String(32))
    row_key: Mapped[str] = mapped_column(Text)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)


class _PendingReindexRow(_Base):
    """The catalog's half of an `evrag reindex` not yet applied (schema version 3): written
    before the rebuilt index is swapped in, applied and removed in one transaction after,
    or at the next open when that transaction did not happen (`Catalog.finish_reindex`).
    `generation`: the store's generation of the rebuilt index; the next open applies the
    record only when that generation is the live one (a process killed before its swap
    leaves the old index live: the record is then dropped)."""

    __tablename__ = "pending_reindex"
    kb: Mapped[str] = mapped_column(
        String(64), ForeignKey("knowledge_bases.name", ondelete="CASCADE"), primary_key=True
    )
    generation: Mapped[str] = mapped_column(String(64))
    body: Mapped[dict[str, Any]] = mapped_column(JSON)


# The document details key saying how many statement cells were read from it (absent: a
# document committed before the cells were read, schema version 1).
STATEMENT_CELLS_KEY = "statement_cells"


def _kb_entry(row: _KnowledgeBase) -> KnowledgeBaseEntry:
    return KnowledgeBaseEntry(name=row.name, seq=row.id, settings=dict(row.settings or {}))


def _doc_entry(row: _Document) -> DocumentEntry:
    return DocumentEntry(
        kb=row.kb,
        document_id=row.document_id,
        seq=row.id,
        name=row.name,
        status=DocumentStatus(row.status),
        pages=row.pages,
        document_type=row.document_type,
        document_date=row.document_date,
        title=row.title,
        independence_group=row.independence_group,
        signature=row.signature,
        stored_path=row.stored_path,
        size_bytes=row.size_bytes,
        error=row.error,
        details=dict(row.details or {}),
    )


# The catalog's relations in its schema (its tables and the app's share it): B-tree indexes
# for bt_index_check, ordinary tables (and TOAST tables through them) for verify_heapam.
_PG_RELATIONS = """
SELECT c.oid::regclass::text, c.relkind
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_am am ON am.oid = c.relam
WHERE n.nspname = current_schema()
  AND c.relpersistence = 'p'
  AND (c.relkind = 'r' OR (c.relkind = 'i' AND am.amname = 'btree'))
ORDER BY c.relkind DESC, c.oid::regclass::text
"""
_PG_DENIED = "42501"  # insufficient_privilege


def _amcheck(engine: Engine) -> list[str]:
    """PostgreSQL's page check of the catalog: `verify_heapam` on each table (every page
    and tuple header of the heap), `bt_index_check` with `heapallindexed` on each B-tree
    index (its pages' order invariants, and every table row found in it).

    Each relation on a connection of its own, in autocommit: one damaged relation is
    reported and the next still checked, even when checking it ended the server process
    (bt_index_check can crash on a badly damaged index page: seen here with PostgreSQL 15,
    after which the server restarts every connection)."""
    autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
    with autocommit.connect() as conn:
        role = str(conn.exec_driver_sql("SELECT current_user").scalar())
        try:
            conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS amcheck")
        except DBAPIError as exc:
            _raise_if_denied(exc, role)
            raise
        relations = [(str(r[0]), str(r[1])) for r in conn.exec_driver_sql(_PG_RELATIONS)]
    problems: list[str] = []
    for name, kind in relations:
        problem = _amcheck_one(autocommit, name, kind, role)
        if problem is not None and problem.endswith(_CRASHED):
            # A server process crashing resets every connection, this one's too when it was
            # another relation's check that crashed: the relation is checked once more.
            problem = _amcheck_one(autocommit, name, kind, role)
        if problem is not None:
            problems.extend(problem.split("\n"))
    return problems


_CRASHED = ": damaged beyond what amcheck reports"


def _amcheck_one(engine: Engine, name: str, kind: str, role: str) -> str | None:
    """One relation's amcheck: None (sound), or its problems one a line."""
    what = "index" if kind == "i" else "table"
    try:
        with _connect_when_ready(engine) as conn:
            if kind == "i":
                conn.execute(_BT_INDEX_CHECK, {"r": name})
                return None
            rows = conn.execute(_VERIFY_HEAPAM, {"r": name}).all()
    except DBAPIError as exc:
        _raise_if_denied(exc, role)
        if not exc.connection_invalidated:
            return f"{what} {name}: {_first_line(exc)}"
        # The server reset every connection: the pooled ones are dead too.
        engine.dispose()
        return f"{what} {name}: the server process checking it ended ({_first_line(exc)}){_CRASHED}"
    lines = [f"table {name}, page {b}, tuple {o}: {m}" for b, o, m in rows]
    return "\n".join(lines) or None


_BT_INDEX_CHECK = text("SELECT bt_index_check(CAST(:r AS regclass), true)")
_VERIFY_HEAPAM = text("SELECT blkno, offnum, msg FROM verify_heapam(CAST(:r AS regclass))")


def _connect_when_ready(engine: Engine) -> Connection:
    """A connection, waiting out (up to 30 s) the reset and recovery that follow a server
    process's crash, which refuse or drop new connections meanwhile. (The server was
    reached a moment before, for the list of relations: a failure here is that reset.)"""
    deadline = time.monotonic() + 30
    while True:
        try:
            return engine.connect()
        except DBAPIError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _raise_if_denied(exc: DBAPIError, role: str) -> None:
    if _sqlstate(exc) == _PG_DENIED:
        raise IntegrityCheckDenied(role, _first_line(exc)) from exc


def _sqlstate(exc: DBAPIError) -> str | None:
    return getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "pgcode", None)


def _first_line(exc: DBAPIError) -> str:
    return str(exc.orig).strip().splitlines()[0][:300]


def _run_entry(row: _IngestionRun) -> IngestionRunEntry:
    return IngestionRunEntry(
        run_id=row.id,
        kb=row.kb,
        status=RunStatus(row.status),
        counts=dict(row.counts or {}),
        report=dict(row.report or {}),
    )


# -- the catalog ----------------------------------------------------------------------------


class Catalog:
    """Knowledge bases, documents and ingestion runs. Safe to share between threads."""

    def __init__(self, database_url: str) -> None:
        url = make_url(database_url)
        self._sqlite = url.get_backend_name() == "sqlite"
        memory = False
        if self._sqlite:
            memory = url.database in (None, "", ":memory:")
            if not memory and url.database:
                Path(url.database).parent.mkdir(parents=True, exist_ok=True)
            self._engine: Engine = create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": 30},
                poolclass=StaticPool if memory else None,
            )
            event.listen(self._engine, "connect", _sqlite_pragmas)
        else:
            self._engine = create_engine(url, pool_pre_ping=True)
        # Refuses a newer release's database before writing to it; migrates an older one.
        try:
            self.opened_version = upgrade(
                self._engine, _Base.metadata, url.render_as_string(hide_password=True)
            )
        except BaseException:
            self._engine.dispose()
            raise
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)
        # SQLite has one writer at a time; serialising our own writes avoids
        # "database is locked" between threads (other processes wait on busy_timeout).
        self._write_lock = threading.Lock() if self._sqlite else None
        # revision(): our own writes, counted; a file database's other writers (any other
        # connection, this process's pooled ones included) seen through the data_version
        # of a connection kept for that alone.
        self._writes = 0
        self._watch_lock = threading.Lock()
        self._watcher: sqlite3.Connection | None = None
        if self._sqlite and not memory and url.database:
            self._watcher = sqlite3.connect(url.database, check_same_thread=False)

    @contextmanager
    def _write(self) -> Iterator[Session]:
        try:
            with self._write_lock or nullcontext(), self._sessions.begin() as session:
                yield session
        except Exception as exc:
            # "database or disk is full": the write is rolled back, a typed 507 for callers
            full = storage_failure(exc)
            if full is None or full is exc:
                raise
            raise full from exc
        finally:
            # After the commit: a revision read before it is never taken for a later state.
            with self._watch_lock:
                self._writes += 1

    def revision(self) -> tuple[int, int] | None:
        """A token that changes whenever the catalog may have changed since it was taken,
        or None when changes cannot be told (a server database: read again).

        Read it before the data it guards: data read after a token is at least as new as
        the token says. The check costs microseconds, so a caller may keep what it read
        (the committed documents of a knowledge base) while the token stays the same."""
        if not self._sqlite:
            return None
        with self._watch_lock:
            if self._watcher is None:  # in memory: this object is the only writer
                return (self._writes, 0)
            (version,) = self._watcher.execute("PRAGMA data_version").fetchone()
            return (self._writes, int(version))

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._sessions() as session:
            yield session

    def schema_version(self) -> int | None:
        """The database's schema version now (SCHEMA_VERSION once opened)."""
        with self._engine.connect() as conn:
            return schema_version(conn)

    def integrity_problems(self) -> list[str]:
        """What the database's own check finds wrong, one line each (none: it is sound).

        SQLite: `PRAGMA integrity_check` (every page, index and constraint; a damaged file
        may also fail to be read at all, reported the same way). PostgreSQL: the `amcheck`
        extension (created if absent) on every table and B-tree index of the catalog's
        schema; IntegrityCheckDenied when the role may not create or run it."""
        if not self._sqlite:
            return _amcheck(self._engine)
        try:
            with self._engine.connect() as conn:
                rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA integrity_check")]
        except DBAPIError as exc:
            return [f"the database cannot be read: {exc.orig}"]
        if rows == ["ok"]:
            return []
        # A row may hold several lines under a "*** in database main ***" heading.
        lines = (line.strip() for row in rows for line in row.splitlines())
        return [line for line in lines if line and not line.startswith("***")]

    def close(self) -> None:
        with self._watch_lock:
            if self._watcher is not None:
                self._watcher.close()
                self._watcher = None
        self._engine.dispose()

    # knowledge bases

    def create_kb(self, name: str, settings: Mapping[str, Any] | None = None) -> KnowledgeBaseEntry:
        check_kb_name(name)
        try:
            with self._write() as s:
                if s.scalar(select(_KnowledgeBase).where(_KnowledgeBase.name == name)):
                    raise KnowledgeBaseExists(name)
                row = _KnowledgeBase(name=name, settings=dict(settings or {}))
                s.add(row)
                s.flush()
                return _kb_entry(row)
        except IntegrityError as exc:  # a concurrent create (another process) won
            raise KnowledgeBaseExists(name) from exc

    def get_kb(self, name: str) -> KnowledgeBaseEntry:
        with self._read() as s:
            row = s.scalar(select(_KnowledgeBase).where(_KnowledgeBase.name == name))
            if row is None:
                raise KnowledgeBaseNotFound(name)
            return _kb_entry(row)

    def has_kb(self, name: str) -> bool:
        with self._read() as s:
            return (
                s.scalar(select(_KnowledgeBase.id).where(_KnowledgeBase.name == name)) is not None
            )

    def list_kbs(self) -> list[KnowledgeBaseEntry]:
        with self._read() as s:
            rows = s.scalars(select(_KnowledgeBase).order_by(_KnowledgeBase.id))
            return [_kb_entry(r) for r in rows]

    def update_kb_settings(self, name: str, settings: Mapping[str, Any]) -> KnowledgeBaseEntry:
        with self._write() as s:
            row = s.scalar(select(_KnowledgeBase).where(_KnowledgeBase.name == name))
            if row is None:
                raise KnowledgeBaseNotFound(name)
            row.settings = dict(settings)
            return _kb_entry(row)

    def delete_kb(self, name: str) -> None:
        """Remove a knowledge base with its documents and runs (not the store's points)."""
        with self._write() as s:
            row = s.scalar(select(_KnowledgeBase).where(_KnowledgeBase.name == name))
            if row is None:
                raise KnowledgeBaseNotFound(name)
            # Explicit, not only ON DELETE CASCADE: SQLite needs a pragma for that.
            for model in (_Document, _IngestionRun, _StatementCellRow):
                for child in s.scalars(select(model).where(model.kb == name)):
                    s.delete(child)
            s.delete(row)

    # documents

    def _require_kb(self, s: Session, kb: str) -> None:
        if s.scalar(select(_KnowledgeBase.id).where(_KnowledgeBase.name == kb)) is None:
            raise KnowledgeBaseNotFound(kb)

    @staticmethod
    def _doc_row(s: Session, kb: str, document_id: str) -> _Document | None:
        return s.scalar(
            select(_Document).where(_Document.kb == kb, _Document.document_id == document_id)
        )

    def upsert_document_pending(
        self,
        kb: str,
        document_id: str,
        *,
        name: str,
        stored_path: str | None = None,
        size_bytes: int | None = None,
    ) -> DocumentEntry:
        """Record a document about to be written (status pending), or return it unchanged
        when it is already committed (the same bytes again: a no-op for the caller)."""
        with self._write() as s:
            self._require_kb(s, kb)
            row = self._doc_row(s, kb, document_id)
            if row is None:
                row = _Document(kb=kb, document_id=document_id, name=name, details={})
                s.add(row)
            elif row.status == DocumentStatus.COMMITTED:
                return _doc_entry(row)
            row.name = name
            row.status = DocumentStatus.PENDING
            row.stored_path = stored_path
            row.size_bytes = size_bytes
            row.error = None
            s.flush()
            return _doc_entry(row)

    def mark_committed(
        self,
        kb: str,
        document_id: str,
        *,
        pages: int | None = None,
        document_type: str | None = None,
        document_date: str | None = None,
        title: str | None = None,
        independence_group: str | None = None,
        signature: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> DocumentEntry:
        """Make the document visible: searches filter on committed ids."""
        with self._write() as s:
            row = self._doc_row(s, kb, document_id)
            if row is None:
                raise DocumentNotFound(kb, document_id)
            row.status = DocumentStatus.COMMITTED
            row.pages = pages
            row.document_type = document_type
            row.document_date = document_date
            row.title = title
            row.independence_group = independence_group
            row.signature = signature
            row.details = dict(details or {})
            row.error = None
            return _doc_entry(row)

    def mark_failed(self, kb: str, document_id: str, error: str) -> DocumentEntry:
        with self._write() as s:
            row = self._doc_row(s, kb, document_id)
            if row is None:
                raise DocumentNotFound(kb, document_id)
            row.status = DocumentStatus.FAILED
            row.error = error
            return _doc_entry(row)

    def get_document(self, kb: str, document_id: str) -> DocumentEntry | None:
        with self._read() as s:
            row = self._doc_row(s, kb, document_id)
            return None if row is None else _doc_entry(row)

    def list_documents(
        self, kb: str, status: DocumentStatus | str | None = None
    ) -> list[DocumentEntry]:
        """Documents in the order they were first recorded."""
        with self._read() as s:
            self._require_kb(s, kb)
            query = select(_Document).where(_Document.kb == kb)
            if status is not None:
                query = query.where(_Document.status == DocumentStatus(status))
            return [_doc_entry(r) for r in s.scalars(query.order_by(_Document.id))]

    def committed_document_ids(self, kb: str) -> list[str]:
        """The visible documents' ids, sorted (what searches pass as `document_ids`)."""
        with self._read() as s:
            self._require_kb(s, kb)
            ids = s.scalars(
                select(_Document.document_id).where(
                    _Document.kb == kb, _Document.status == DocumentStatus.COMMITTED
                )
            )
            return sorted(ids)

    def committed_versions(self, kb: str) -> list[tuple[str, int, str, str]]:
        """(id, seq, name, independence group) of each visible document, sorted. It shows a
        document removed and committed again under another name or in another group, which
        the ids alone do not (SQLite may give the new row the old seq). The rest of a
        document's metadata follows from its bytes, so is the same again."""
        with self._read() as s:
            self._require_kb(s, kb)
            rows = s.execute(
                select(
                    _Document.document_id,
                    _Document.id,
                    _Document.name,
                    _Document.independence_group,
                ).where(_Document.kb == kb, _Document.status == DocumentStatus.COMMITTED)
            )
            return sorted((str(d), int(i), str(n), str(g or "")) for d, i, n, g in rows)

    def delete_document(self, kb: str, document_id: str) -> bool:
        """Forget a document; False when there was none."""
        with self._write() as s:
            row = self._doc_row(s, kb, document_id)
            if row is None:
                return False
            s.execute(
                delete(_StatementCellRow).where(
                    _StatementCellRow.kb == kb, _StatementCellRow.document_id == document_id
                )
            )
            s.delete(row)
            return True

    # statement cells

    def put_statement_cells(
        self, kb: str, document_id: str, cells: Sequence[StatementCell]
    ) -> None:
        """Replace the document's statement cells with `cells`, and record their count in
        its details (STATEMENT_CELLS_KEY: the cells were read, even when none were found)."""
        with self._write() as s:
            row = self._doc_row(s, kb, document_id)
            if row is None:
                raise DocumentNotFound(kb, document_id)
            self._replace_cells(s, row, cells)

    @staticmethod
    def _replace_cells(s: Session, row: _Document, cells: Sequence[StatementCell]) -> None:
        kb, document_id = row.kb, row.document_id
        s.execute(
            delete(_StatementCellRow).where(
                _StatementCellRow.kb == kb, _StatementCellRow.document_id == document_id
            )
        )
        s.add_all(
            _StatementCellRow(
                kb=kb,
                document_id=document_id,
                period=cell.period,
                row_key=label_key(cell.row_label),
                body=cell.to_json(),
            )
            for cell in cells
        )
        row.details = {**(row.details or {}), STATEMENT_CELLS_KEY: len(cells)}

    def statement_cells(
        self, kb: str, document_ids: Sequence[str], periods: Sequence[str] | None = None
    ) -> list[tuple[str, StatementCell]]:
        """(document id, cell) of these documents' statement cells, of `periods` only when
        given, in the order they were read (page, then row, then column)."""
        if not document_ids:
            return []
        with self._read() as s:
            query = select(_StatementCellRow.document_id, _StatementCellRow.body).where(
                _StatementCellRow.kb == kb,
                _StatementCellRow.document_id.in_(list(document_ids)),
            )
            if periods is not None:
                query = query.where(_StatementCellRow.period.in_(list(periods)))
            rows = s.execute(query.order_by(_StatementCellRow.id))
            return [(str(d), StatementCell.from_json(dict(b))) for d, b in rows]

    # a reindex's catalog half

    def stage_reindex(
        self,
        kb: str,
        documents: Sequence[ReindexedDocument],
        *,
        generation: str,
        counts: Mapping[str, int],
        report: Mapping[str, Any],
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """Record what a reindex of `kb` changes in the catalog (each document's metadata
        and statement cells, its run, and `settings`: keys of the knowledge base's settings
        to set), to be applied by `finish_reindex` once the rebuilt index, the store's
        `generation`, is in place; replaces any earlier record of `kb`."""
        body = {
            "documents": [d.to_json() for d in documents],
            "counts": dict(counts),
            "report": dict(report),
            "settings": dict(settings or {}),
        }
        with self._write() as s:
            self._require_kb(s, kb)
            row = s.get(_PendingReindexRow, kb)
            if row is None:
                s.add(_PendingReindexRow(kb=kb, generation=generation, body=body))
            else:
                row.generation = generation
                row.body = body

    def drop_reindex(self, kb: str) -> None:
        """Forget `kb`'s recorded reindex (its index was not swapped in)."""
        with self._write() as s:
            s.execute(delete(_PendingReindexRow).where(_PendingReindexRow.kb == kb))

    def pending_reindexes(self) -> list[str]:
        """The knowledge bases whose reindex's catalog half is recorded and not applied."""
        with self._read() as s:
            return sorted(s.scalars(select(_PendingReindexRow.kb)))

    def reindex_generation(self, kb: str) -> str | None:
        """The store generation `kb`'s recorded reindex belongs to; None when none is
        recorded."""
        with self._read() as s:
            return s.scalar(
                select(_PendingReindexRow.generation).where(_PendingReindexRow.kb == kb)
            )

    def finish_reindex(self, kb: str) -> int | None:
        """Apply `kb`'s recorded reindex in one transaction: each document's metadata and
        statement cells, the knowledge base's settings keys, the completed run (whose id is
        returned), the record removed. None when none is recorded."""
        with self._write() as s:
            pending = s.get(_PendingReindexRow, kb)
            if pending is None:
                return None
            # (a record staged by an older release has no settings)
            settings = pending.body.get("settings") or {}
            if settings:
                kb_row = s.scalar(select(_KnowledgeBase).where(_KnowledgeBase.name == kb))
                if kb_row is not None:
                    kb_row.settings = {**(kb_row.settings or {}), **settings}
            for entry in pending.body["documents"]:
                document = ReindexedDocument.from_json(entry)
                row = self._doc_row(s, kb, document.document_id)
                if row is None:  # deleted since: nothing of it to update
                    continue
                if document.metadata is not None:
                    for name in DOCUMENT_METADATA_FIELDS:
                        value = document.metadata.get(name)
                        setattr(row, name, dict(value or {}) if name == "details" else value)
                if document.cells is not None:
                    self._replace_cells(s, row, document.cells)
            run = _IngestionRun(kb=kb, status=RunStatus.COMPLETED, counts={}, report={})
            s.add(run)
            s.flush()
            run.counts = dict(pending.body["counts"])
            # the report's own "run_id" (its place kept) is this run's
            run.report = {**pending.body["report"], "run_id": run.id}
            s.delete(pending)
            return run.id

    # ingestion runs

    def start_run(self, kb: str) -> int:
        with self._write() as s:
            self._require_kb(s, kb)
            row = _IngestionRun(kb=kb, status=RunStatus.RUNNING, counts={}, report={})
            s.add(row)
            s.flush()
            return row.id

    def finish_run(
        self,
        run_id: int,
        *,
        status: RunStatus | str = RunStatus.COMPLETED,
        counts: Mapping[str, int] | None = None,
        report: Mapping[str, Any] | None = None,
    ) -> IngestionRunEntry:
        with self._write() as s:
            row = s.get(_IngestionRun, run_id)
            if row is None:
                raise RetrievalError(f"no ingestion run {run_id}")
            row.status = RunStatus(status)
            row.counts = dict(counts or {})
            row.report = dict(report or {})
            return _run_entry(row)

    def get_run(self, run_id: int) -> IngestionRunEntry | None:
        with self._read() as s:
            row = s.get(_IngestionRun, run_id)
            return None if row is None else _run_entry(row)

    def list_runs(self, kb: str) -> list[IngestionRunEntry]:
        with self._read() as s:
            rows = s.scalars(
                select(_IngestionRun).where(_IngestionRun.kb == kb).order_by(_IngestionRun.id)
            )
            return [_run_entry(r) for r in rows]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
    finally:
        cursor.close()


# -- originals by content hash --------------------------------------------------------------


def _storage_writes(write: Callable[..., None]) -> Callable[..., None]:
    """An original's write the disk refused (ENOSPC, EDQUOT, EIO) raises StorageFull."""

    @functools.wraps(write)
    def guarded(*args: Any, **kwargs: Any) -> None:
        try:
            write(*args, **kwargs)
        except OSError as exc:
            full = storage_failure(exc)
            if full is None:
                raise
            raise full from exc

    return guarded


class BlobStore:
    """Original files under `<data_dir>/blobs/<sha[:2]>/<sha>.pdf`, written atomically
    (temp file, fsync, rename), so the index can always be rebuilt from them."""

    def __init__(self, data_dir: Path | str) -> None:
        self.root = Path(data_dir) / "blobs"

    def path(self, sha256: str) -> Path:
        if len(sha256) != 64 or any(c not in "0123456789abcdef" for c in sha256):
            raise ValueError(f"not a sha256 hex digest: {sha256!r}")
        return self.root / sha256[:2] / f"{sha256}.pdf"

    def put(self, data: bytes) -> Path:
        """Store `data` (once per content) and return its path."""
        sha = hashlib.sha256(data).hexdigest()
        target = self.path(sha)
        if not target.exists():
            self._write_atomic(target, [data])
        return target

    def put_file(self, source: Path | str) -> tuple[str, Path]:
        """Copy a file in without reading it whole: (sha256, stored path)."""
        digest = hashlib.sha256()
        with open(source, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        sha = digest.hexdigest()
        target = self.path(sha)
        if not target.exists():
            with open(source, "rb") as f:
                self._write_atomic(target, iter(lambda: f.read(1 << 20), b""))
        return sha, target

    def get(self, sha256: str) -> bytes:
        try:
            return self.path(sha256).read_bytes()
        except FileNotFoundError:
            raise BlobNotFound(sha256) from None

    def exists(self, sha256: str) -> bool:
        return self.path(sha256).exists()

    def stored(self) -> list[str]:
        """The sha256 of every original kept, sorted."""
        return sorted(
            p.stem
            for p in self.root.glob("??/*.pdf")
            if len(p.stem) == 64 and p.parent.name == p.stem[:2]
        )

    def digest(self, sha256: str) -> str:
        """The sha256 of the bytes stored under `sha256` now (BlobNotFound: none stored):
        what they should be, unless the file was damaged."""
        digest = hashlib.sha256()
        try:
            with open(self.path(sha256), "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
        except FileNotFoundError:
            raise BlobNotFound(sha256) from None
        return digest.hexdigest()

    def lines_path(self, sha256: str) -> Path:
        """The line boxes of a document's OCR-read pages, beside its PDF (see put_lines)."""
        return self.lines_path_of(self.path(sha256))

    @staticmethod
    def lines_path_of(pdf_path: Path) -> Path:
        """`<sha>.lines.json` beside a stored `<sha>.pdf`."""
        return pdf_path.with_suffix(".lines.json")

    def put_lines(self, sha256: str, pages: Mapping[int, Sequence[Sequence[float]]]) -> None:
        """Keep each OCR-read page's line boxes, so a highlight never runs OCR again (none:
        any kept from an earlier ingestion are removed)."""
        if not pages:
            self.lines_path(sha256).unlink(missing_ok=True)
            return
        body = {"pages": {str(p): [list(b) for b in boxes] for p, boxes in sorted(pages.items())}}
        self._write_atomic(
            self.lines_path(sha256), [json.dumps(body, separators=(",", ":")).encode()]
        )

    def sweep_partial_writes(self) -> list[Path]:
        """Remove the temporary files of writes that never finished (a process killed while
        storing a PDF): `<sha[:2]>/.tmp-*.part`. Call it only while holding the data
        directory's lock, so that no live writer holds one of them."""
        removed = []
        for tmp in sorted(self.root.glob("*/.tmp-*.part")):
            tmp.unlink(missing_ok=True)
            removed.append(tmp)
        return removed

    def delete(self, sha256: str) -> bool:
        try:
            self.path(sha256).unlink()
        except FileNotFoundError:
            return False
        return True

    @staticmethod
    @_storage_writes
    def _write_atomic(target: Path, blocks: Iterator[bytes] | Sequence[bytes]) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".part")
        try:
            with os.fdopen(fd, "wb") as f:
                for block in blocks:
                    f.write(block)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
