"""The catalog's schema version: a new database records it, an unversioned one (the release
before versioning) is migrated with its rows kept, and a newer release's is refused untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from retrieval import MIGRATIONS, SCHEMA_VERSION, Catalog, CatalogTooNew


def _url(path: Path) -> str:
    return f"sqlite:///{path}"


def test_the_migrations_are_one_step_each_in_order() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
    assert all(m.summary for m in MIGRATIONS)


def test_a_new_catalog_records_the_current_version(tmp_path: Path) -> None:
    catalog = Catalog(_url(tmp_path / "c.sqlite3"))
    try:
        assert catalog.opened_version == SCHEMA_VERSION
        assert catalog.schema_version() == SCHEMA_VERSION
        assert catalog.integrity_problems() == []
    finally:
        catalog.close()


def test_an_unversioned_catalog_is_migrated_with_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    catalog = Catalog(_url(path))
    catalog.create_kb("deals", {"k": 1})
    catalog.upsert_document_pending("deals", "a" * 64, name="a.pdf")
    catalog.mark_committed("deals", "a" * 64, pages=2)
    catalog.close()
    with sqlite3.connect(path) as db:  # as the release before versioning left it
        db.execute("DROP TABLE evrag_schema")
    catalog = Catalog(_url(path))
    try:
        assert catalog.opened_version == 0
        assert catalog.schema_version() == SCHEMA_VERSION
        assert catalog.committed_document_ids("deals") == ["a" * 64]
        assert dict(catalog.get_kb("deals").settings) == {"k": 1}
    finally:
        catalog.close()


def test_a_newer_release_catalog_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    Catalog(_url(path)).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE evrag_schema SET version = ?", (SCHEMA_VERSION + 1,))
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    with pytest.raises(CatalogTooNew) as caught:
        Catalog(_url(path))
    message = str(caught.value)
    assert "\n" not in message
    assert f"schema version {SCHEMA_VERSION + 1}" in message
    assert "newer release" in message and "upgrade evrag" in message
    assert caught.value.status == 409 and caught.value.code == "catalog_too_new"
    assert path.read_bytes() == before
