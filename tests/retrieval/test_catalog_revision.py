"""Catalog.revision(): a token that changes on every write, whoever the writer, and the
runtime's committed-document snapshot that is reread only when the token changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from retrieval import Catalog

KB = "deals"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'catalog.sqlite3'}"


@pytest.fixture
def catalog(url: str) -> Iterator[Catalog]:
    c = Catalog(url)
    yield c
    c.close()


@pytest.fixture
def other(url: str, catalog: Catalog) -> Iterator[Catalog]:
    """A second Catalog on the same file: its own connections, as another process has."""
    c = Catalog(url)
    yield c
    c.close()


def _commit(catalog: Catalog, kb: str, document_id: str, name: str) -> None:
    catalog.upsert_document_pending(kb, document_id, name=name)
    catalog.mark_committed(kb, document_id, pages=1, details={})


def test_stable_without_writes(catalog: Catalog) -> None:
    catalog.create_kb(KB)
    _commit(catalog, KB, "d1", "a.pdf")
    token = catalog.revision()
    assert token is not None
    assert [catalog.revision() for _ in range(5)] == [token] * 5
    # Reads of every kind leave it as it was.
    catalog.get_kb(KB)
    catalog.list_kbs()
    catalog.list_documents(KB)
    catalog.committed_document_ids(KB)
    catalog.get_document(KB, "d1")
    assert catalog.has_kb(KB)
    assert catalog.revision() == token


def test_changes_on_each_own_write(catalog: Catalog) -> None:
    seen = [catalog.revision()]

    def wrote() -> None:
        token = catalog.revision()
        assert token not in seen, "a write must give a token never seen before"
        seen.append(token)

    catalog.create_kb(KB)
    wrote()
    catalog.upsert_document_pending(KB, "d1", name="a.pdf")
    wrote()
    catalog.mark_committed(KB, "d1", pages=2, details={"content_key": "k"})
    wrote()
    catalog.update_kb_settings(KB, {"evidence_requirements": {"min_sources": 2}})
    wrote()
    assert catalog.delete_document(KB, "d1")
    wrote()
    assert catalog.committed_document_ids(KB) == []
    assert catalog.revision() == seen[-1]


def test_changes_on_a_write_by_another_connection(catalog: Catalog, other: Catalog) -> None:
    catalog.create_kb(KB)
    before = catalog.revision()
    other.upsert_document_pending(KB, "d1", name="a.pdf")
    after_pending = catalog.revision()
    assert after_pending != before
    other.mark_committed(KB, "d1", pages=1, details={})
    after_commit = catalog.revision()
    assert after_commit != after_pending
    assert catalog.committed_document_ids(KB) == ["d1"]
    other.update_kb_settings(KB, {"x": 1})
    after_settings = catalog.revision()
    assert after_settings != after_commit
    assert catalog.get_kb(KB).settings == {"x": 1}
    other.delete_document(KB, "d1")
    assert catalog.revision() != after_settings
    # The other connection's reads change nothing.
    token = catalog.revision()
    other.list_documents(KB)
    other.get_kb(KB)
    assert catalog.revision() == token


def test_another_connection_sees_our_writes(catalog: Catalog, other: Catalog) -> None:
    """Symmetric: each Catalog object notices the other's writes."""
    other.create_kb(KB)  # warm the other's watcher before our write
    token = other.revision()
    catalog.create_kb("second")
    assert other.revision() != token


def test_in_memory_catalog_counts_its_own_writes() -> None:
    catalog = Catalog("sqlite://")
    try:
        first = catalog.revision()
        assert first is not None
        assert catalog.revision() == first
        catalog.create_kb(KB)
        second = catalog.revision()
        assert second != first
        catalog.list_kbs()
        assert catalog.revision() == second
        _commit(catalog, KB, "d1", "a.pdf")
        third = catalog.revision()
        assert third not in (first, second)
        catalog.update_kb_settings(KB, {"y": 2})
        assert catalog.revision() != third
    finally:
        catalog.close()


def test_runtime_sees_another_writers_commit_and_settings(tmp_path: Path) -> None:
    from app import Runtime, Settings

    settings = Settings(data_dir=tmp_path / "evrag")
    with Runtime.open(settings) as runtime:
        runtime.create_kb(KB)
        assert runtime.documents.ids(KB) == ()
        kb_settings = runtime.documents.settings(KB)
        # Unchanged catalog: the snapshot is kept, not read again (the same dict).
        assert runtime.documents.settings(KB) is kb_settings
        assert "evidence_requirements" not in kb_settings

        other = Catalog(settings.catalog_url)
        try:
            _commit(other, KB, "doc-from-elsewhere", "elsewhere.pdf")
            assert runtime.documents.ids(KB) == ("doc-from-elsewhere",)
            info = runtime.documents.info(KB, "doc-from-elsewhere")
            assert info is not None and info.name == "elsewhere.pdf"

            requirements = {"minimum_independent_sources": 2}
            other.update_kb_settings(KB, {**kb_settings, "evidence_requirements": requirements})
            assert runtime.documents.settings(KB)["evidence_requirements"] == requirements
            # The document set is unchanged by a settings write and still seen.
            assert runtime.documents.ids(KB) == ("doc-from-elsewhere",)

            other.delete_document(KB, "doc-from-elsewhere")
            assert runtime.documents.ids(KB) == ()
        finally:
            other.close()
