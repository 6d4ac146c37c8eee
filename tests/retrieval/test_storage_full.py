"""Issue 37: a nearly full disk killed the server with SIGBUS (a memory-mapped segment of
the embedded store that could not grow). A write batch now checks the free space first and
is refused with `domain.StorageFull` (507 storage_full); what was written before stays
readable.

For real on a small tmpfs, mounted in a user and mount namespace of its own (`unshare -rm`:
no root needed where user namespaces are allowed, and nothing is left mounted); skipped with
its reason where the machine does not allow one. With fault injection otherwise.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest

from domain import StorageFull
from retrieval import EdgeStore
from tests.namespaces import run_on_tmpfs, tmpfs_unavailable
from tests.retrieval.conftest import make_chunk

_FILL = textwrap.dedent(
    """
    import sys
    from domain import StorageFull
    from retrieval import EdgeStore
    from tests.retrieval.conftest import make_chunk

    store = EdgeStore(sys.argv[1] + "/data", dimension=8)
    store.ensure_kb("kb")
    written = 0
    try:
        for batch in range(10_000):
            chunks = [
                make_chunk(f"doc{batch}", "x" * 4000 + str(i), char_start=i * 5000)
                for i in range(200)
            ]
            store.upsert_chunks("kb", chunks, [[0.1 * (i % 7 + 1)] * 8 for i in range(200)])
            written += len(chunks)
    except StorageFull as exc:
        print("STORAGE_FULL", exc.status, exc.code, flush=True)
    assert written, "nothing fitted"
    assert store.count("kb", "chunks") == written, (store.count("kb", "chunks"), written)
    print("READABLE", written, flush=True)
    """
)


@pytest.mark.slow
def test_a_full_filesystem_refuses_the_batch_instead_of_sigbus(tmp_path: Path) -> None:
    reason = tmpfs_unavailable()
    if reason:
        pytest.skip(reason)
    mount = tmp_path / "small"
    mount.mkdir()
    run = run_on_tmpfs(mount, "200m", _FILL)
    assert run.returncode == 0, (run.returncode, run.stdout[-2000:], run.stderr[-2000:])
    assert "STORAGE_FULL 507 storage_full" in run.stdout
    assert "READABLE" in run.stdout


def test_a_batch_without_room_is_refused_before_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with EdgeStore(tmp_path, dimension=8) as store:
        store.ensure_kb("kb")
        store.upsert_chunks("kb", [make_chunk("a", "first", char_start=0)], [[0.5] * 8])
        real = shutil.disk_usage

        def nearly_full(path: Any) -> Any:
            usage = real(path)
            return usage._replace(free=128 * 1024)

        monkeypatch.setattr("retrieval._edge.shutil.disk_usage", nearly_full)
        with pytest.raises(StorageFull) as caught:
            store.upsert_chunks("kb", [make_chunk("b", "second", char_start=0)], [[0.5] * 8])
        assert caught.value.status == 507 and caught.value.code == "storage_full"
        assert "free" in str(caught.value)
        assert store.count("kb", "chunks") == 1  # nothing of the refused batch


def test_a_store_write_the_disk_refuses_is_storage_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's own error (a Rust io::Error as text) is translated at the write."""
    with EdgeStore(tmp_path, dimension=8) as store:
        store.ensure_kb("kb")
        shard = store._shard("kb", "chunk")

        class Refusing:
            def __getattr__(self, name: str) -> Any:
                return getattr(shard, name)

            def update(self, operation: Any) -> None:
                raise RuntimeError("Service internal error: No space left on device (os error 28)")

        monkeypatch.setitem(store._shards, ("kb", "chunk"), Refusing())
        with pytest.raises(StorageFull):
            store.upsert_chunks("kb", [make_chunk("b", "second", char_start=0)], [[0.5] * 8])


def test_a_full_catalog_database_is_storage_full() -> None:
    """SQLite's own "database or disk is full" (a page limit: the same SQLITE_FULL)."""
    from retrieval import Catalog

    catalog = Catalog("sqlite://")
    catalog.create_kb("kb1", {})
    with catalog._engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar_one()
        conn.exec_driver_sql(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageFull) as caught:
        for i in range(200):
            catalog.create_kb(f"kb{i + 2}", {"padding": "x" * 4000})
    assert "database or disk is full" in str(caught.value)
    assert catalog.has_kb("kb1")  # what was committed stays


def test_an_original_the_disk_refuses_is_storage_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    from retrieval import BlobStore

    def refuse(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("retrieval._catalog.os.fsync", refuse)
    with pytest.raises(StorageFull, match="No space left on device"):
        BlobStore(tmp_path).put(b"%PDF-1.4 original")
    assert not list(tmp_path.rglob("*.pdf"))
