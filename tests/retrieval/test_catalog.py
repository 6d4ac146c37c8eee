"""The catalog (SQLite file, WAL mode) and the originals kept by content hash."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from retrieval import (
    BlobNotFound,
    BlobStore,
    Catalog,
    DocumentNotFound,
    DocumentStatus,
    InvalidKnowledgeBaseName,
    KnowledgeBaseExists,
    KnowledgeBaseNotFound,
    RunStatus,
)


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    c = Catalog(f"sqlite:///{tmp_path / 'nested' / 'catalog.sqlite3'}")
    yield c  # type: ignore[misc]
    c.close()


def test_knowledge_bases_in_creation_order(catalog: Catalog) -> None:
    catalog.create_kb("zeta", {"evidence_contract": {"minimum_independent_sources": 2}})
    catalog.create_kb("alpha")
    assert [kb.name for kb in catalog.list_kbs()] == ["zeta", "alpha"]
    assert catalog.get_kb("zeta").settings == {
        "evidence_contract": {"minimum_independent_sources": 2}
    }
    assert catalog.has_kb("alpha") and not catalog.has_kb("beta")
    with pytest.raises(KnowledgeBaseExists):
        catalog.create_kb("alpha")
    with pytest.raises(KnowledgeBaseNotFound):
        catalog.get_kb("beta")
    with pytest.raises(InvalidKnowledgeBaseName):
        catalog.create_kb("../etc")
    assert catalog.update_kb_settings("alpha", {"x": 1}).settings == {"x": 1}


def test_a_document_is_visible_only_once_committed(catalog: Catalog) -> None:
    catalog.create_kb("kb")
    a, b, c = (hashlib.sha256(n).hexdigest() for n in (b"a", b"b", b"c"))
    catalog.upsert_document_pending("kb", b, name="b.pdf", stored_path="/blobs/b", size_bytes=10)
    catalog.upsert_document_pending("kb", a, name="a.pdf")
    catalog.upsert_document_pending("kb", c, name="c.pdf")
    assert catalog.committed_document_ids("kb") == []

    committed = catalog.mark_committed(
        "kb",
        b,
        pages=3,
        document_type="agreement",
        document_date="2021-03-04",
        title="Master Services Agreement",
        independence_group="g1",
        signature="ab12",
        details={"parties": ["Acme", "Globex"]},
    )
    catalog.mark_committed("kb", a, independence_group="g1")
    failed = catalog.mark_failed("kb", c, "PdfRejected: encrypted")
    assert committed.status is DocumentStatus.COMMITTED and committed.pages == 3
    assert committed.details == {"parties": ["Acme", "Globex"]}
    assert failed.status is DocumentStatus.FAILED and failed.error == "PdfRejected: encrypted"
    assert catalog.committed_document_ids("kb") == sorted([a, b])
    assert [d.name for d in catalog.list_documents("kb")] == ["b.pdf", "a.pdf", "c.pdf"]
    assert [d.name for d in catalog.list_documents("kb", status="failed")] == ["c.pdf"]

    # The same bytes again: a committed document is returned unchanged, not hidden.
    again = catalog.upsert_document_pending("kb", b, name="renamed.pdf")
    assert again == catalog.get_document("kb", b)
    assert again.status is DocumentStatus.COMMITTED and again.name == "b.pdf"
    # A failed one may be retried.
    assert catalog.upsert_document_pending("kb", c, name="c.pdf").error is None

    assert catalog.delete_document("kb", a) is True
    assert catalog.delete_document("kb", a) is False
    assert catalog.get_document("kb", a) is None
    with pytest.raises(DocumentNotFound):
        catalog.mark_committed("kb", a)
    with pytest.raises(KnowledgeBaseNotFound):
        catalog.upsert_document_pending("other", a, name="a.pdf")


def test_runs_and_cascading_kb_delete(catalog: Catalog) -> None:
    catalog.create_kb("kb")
    run = catalog.start_run("kb")
    assert catalog.get_run(run).status is RunStatus.RUNNING  # type: ignore[union-attr]
    done = catalog.finish_run(
        run, status="completed", counts={"committed": 2, "failed": 1}, report={"failed": ["x"]}
    )
    assert done.counts == {"committed": 2, "failed": 1}
    assert [r.run_id for r in catalog.list_runs("kb")] == [run]
    catalog.upsert_document_pending("kb", "d" * 64, name="d.pdf")
    catalog.delete_kb("kb")
    assert catalog.list_kbs() == []
    assert catalog.get_run(run) is None
    catalog.create_kb("kb")
    assert catalog.list_documents("kb") == []


def test_sqlite_is_in_wal_mode_persists_and_takes_concurrent_writers(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'catalog.sqlite3'}"
    catalog = Catalog(url)
    catalog.create_kb("kb")
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            for i in range(20):
                doc = hashlib.sha256(f"{n}-{i}".encode()).hexdigest()
                catalog.upsert_document_pending("kb", doc, name=f"{n}-{i}.pdf")
                catalog.mark_committed("kb", doc, independence_group=doc[:8])
                catalog.committed_document_ids("kb")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    catalog.close()

    reopened = Catalog(url)
    assert len(reopened.committed_document_ids("kb")) == 120
    reopened.close()
    with create_engine(url).connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_blobs_are_kept_once_by_content_hash(tmp_path: Path) -> None:
    blobs = BlobStore(tmp_path)
    data = b"%PDF-1.7 original bytes"
    sha = hashlib.sha256(data).hexdigest()
    path = blobs.put(data)
    assert path == tmp_path / "blobs" / sha[:2] / f"{sha}.pdf"
    assert blobs.put(data) == path and blobs.get(sha) == data
    src = tmp_path / "in.pdf"
    src.write_bytes(data + b"!")
    sha2, path2 = blobs.put_file(src)
    assert sha2 == hashlib.sha256(data + b"!").hexdigest() and path2.read_bytes() == data + b"!"
    # Atomic writes leave no temporary files behind.
    stored = sorted(p.name for p in (tmp_path / "blobs").rglob("*") if p.is_file())
    assert stored == sorted([path.name, path2.name])
    assert blobs.delete(sha) is True and blobs.delete(sha) is False
    with pytest.raises(BlobNotFound):
        blobs.get(sha)
    with pytest.raises(ValueError):
        blobs.path("../../etc/passwd")
