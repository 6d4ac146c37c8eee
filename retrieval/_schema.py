"""The catalog database's schema version, and the migrations that bring an older one up.

The version is one row of table `evrag_schema` (a table, not SQLite's `user_version`, so
that PostgreSQL keeps it the same way). A database with the catalog's tables and no such
table was written before versioning began: version 0. Each migration is one step from the
version before it to its own, run in order in one transaction with the version's update;
tables that are new in a version are made by `create_all` after the steps. A database of a
version above `SCHEMA_VERSION` was written by a newer release: it is refused before
anything is written to it (CatalogTooNew).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Column, Connection, Engine, Integer, MetaData, Table, inspect, select

from retrieval._errors import CatalogTooNew

_meta = MetaData()
_schema = Table(
    "evrag_schema",
    _meta,
    Column("id", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
)

# A table every catalog has had since the first release: its presence without
# `evrag_schema` means version 0.
_FIRST_TABLE = "knowledge_bases"


@dataclass(frozen=True, slots=True)
class Migration:
    """One step: from `version - 1` to `version`."""

    version: int
    summary: str
    apply: Callable[[Connection], None]


def _adopt_unversioned(_conn: Connection) -> None:
    # Version 1's tables are version 0's (the release before versioning wrote them with the
    # same models); what changes is that the version is recorded.
    return None


def _add_statement_cells(_conn: Connection) -> None:
    # The new table `statement_cells` is made by create_all after the steps; documents
    # committed before it have no cells and no `statement_cells` count in their details,
    # which is how `evrag` and bench/financebench tell them to be read again.
    return None


def _add_pending_reindex(_conn: Connection) -> None:
    # The new table `pending_reindex` (the kb, the store generation of its rebuilt index,
    # the record as JSON) is made by create_all after the steps; an older catalog has no
    # reindex half-applied to record.
    return None


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "the schema version is recorded (tables unchanged)", _adopt_unversioned),
    Migration(
        2,
        "financial statement cells: a new table, statement_cells (existing tables unchanged)",
        _add_statement_cells,
    ),
    Migration(
        3,
        "a reindex's catalog half recorded until applied, with the store generation it "
        "belongs to: a new table, pending_reindex (existing tables unchanged)",
        _add_pending_reindex,
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def schema_version(conn: Connection) -> int | None:
    """The database's schema version; None for an empty database (no catalog yet)."""
    tables = set(inspect(conn).get_table_names())
    if _schema.name in tables:
        return int(conn.scalar(select(_schema.c.version).where(_schema.c.id == 1)) or 0)
    return 0 if _FIRST_TABLE in tables else None


def upgrade(engine: Engine, tables: MetaData, where: str) -> int:
    """Bring the database at `engine` to SCHEMA_VERSION (creating `tables` where missing)
    and return the version it had (SCHEMA_VERSION for a new one); CatalogTooNew, with
    nothing written, for a database of a newer release. `where` names it in the error."""
    with engine.begin() as conn:
        found = schema_version(conn)
        if found is not None and found > SCHEMA_VERSION:
            raise CatalogTooNew(where, found, SCHEMA_VERSION)
        for step in MIGRATIONS:
            if found is not None and step.version > found:
                step.apply(conn)
        tables.create_all(conn)
        _meta.create_all(conn)
        if found is None or found < SCHEMA_VERSION:
            conn.execute(_schema.delete())
            conn.execute(_schema.insert().values(id=1, version=SCHEMA_VERSION))
    return SCHEMA_VERSION if found is None else found
