"""The application's tables in the catalog's database: jobs and their items, the answers
kept per knowledge base (app/_history.py), and the API's keys (api/_auth.py; defined here so
that deleting a knowledge base, from the API or the CLI, takes its name out of their scopes).

They are made by `create_all` when the database is opened, as the catalog's new tables are
(retrieval/_schema.py): a data directory written before a table existed gains it, empty."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    select,
    update,
)

from domain import storage_failure

metadata = MetaData()

jobs = Table(
    "api_jobs",
    metadata,
    Column("job_id", String(32), primary_key=True),
    Column("kind", String(20), nullable=False),  # ingestion | evaluation
    Column("kb", String(64), nullable=False, index=True),
    Column("status", String(20), nullable=False, index=True),
    Column("total", Integer, nullable=False),
    Column("done", Integer, nullable=False, default=0),
    Column("failed", Integer, nullable=False, default=0),
    Column("created_at", String(40), nullable=False),
    Column("finished_at", String(40), nullable=True),
    Column("error", Text, nullable=True),
)

job_items = Table(
    "api_job_items",
    metadata,
    Column("job_id", String(32), ForeignKey("api_jobs.job_id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("input", Text, nullable=False),  # JSON
    Column("status", String(20), nullable=False),  # pending | done | failed
    Column("result", Text, nullable=True),  # JSON
)

answers = Table(
    "api_answers",
    metadata,
    Column("kb", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True),  # the answer's id within its knowledge base
    Column("created_at", String(40), nullable=False),
    Column("question", Text, nullable=True),
    Column("request", Text, nullable=False),  # JSON: the query's options as sent
    Column("verdict", String(40), nullable=False),
    Column("answer", Text, nullable=False),  # JSON: the answer as returned
)

api_keys = Table(
    "api_keys",
    metadata,
    Column("key_id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False, unique=True),  # sha256 hex of the key
    Column("label", String(200), nullable=False, default=""),
    Column("kbs", Text, nullable=False),  # JSON list of knowledge-base names
    Column("created_at", String(40), nullable=False),
)

# The last id given per knowledge base, kept apart from the answers so that an id is never
# given twice: not after the newest answer is deleted, nor after the KB is made again.
answer_counters = Table(
    "api_answer_counters",
    metadata,
    Column("kb", String(64), primary_key=True),
    Column("last", Integer, nullable=False),
)


@contextmanager
def storage_writes() -> Iterator[None]:
    """A write the disk refuses ("database or disk is full") raises StorageFull (507)."""
    try:
        yield
    except Exception as exc:
        full = storage_failure(exc)
        if full is None or full is exc:
            raise
        raise full from exc


def open_engine(url: str, *extra: MetaData) -> Engine:
    """An engine for `url` (SQLite set up for several threads and a second engine), with the
    job tables and those of `extra` created."""
    kwargs: dict[str, Any] = {"future": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

    for tables in (metadata, *extra):
        tables.create_all(engine)
    return engine


def forget_kb(engine: Engine, kb: str) -> None:
    """Drop a deleted knowledge base from the application's tables, in one transaction: its
    kept answers go (its answer counter stays, so a KB made again under the name never reuses
    an old answer's link) and its name leaves every API key's scope (a new KB of that name is
    not visible to the old keys)."""
    with engine.begin() as conn:
        conn.execute(delete(answers).where(answers.c.kb == kb))
        for row in conn.execute(select(api_keys)).all():
            names = json.loads(row.kbs)
            if kb in names:
                names.remove(kb)
                conn.execute(
                    update(api_keys)
                    .where(api_keys.c.key_id == row.key_id)
                    .values(kbs=json.dumps(names))
                )
