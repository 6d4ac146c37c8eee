"""Settings from the environment, and the backend they select."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import Settings
from retrieval import EdgeStore, ServerStore, open_store


def test_environment_names(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("EVRAG_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("QDRANT_URL", "http://qdrant.internal:6333")
    monkeypatch.setenv("QDRANT_API_KEY", "k")
    monkeypatch.setenv("EVRAG_EMBED_BATCH_SIZE", "16")
    s = Settings()
    assert s.data_dir == tmp_path / "d"
    assert (s.qdrant_url, s.qdrant_api_key, s.embed_batch_size) == (
        "http://qdrant.internal:6333",
        "k",
        16,
    )
    assert s.catalog_url == f"sqlite:///{tmp_path / 'd' / 'catalog.sqlite3'}"
    assert s.query_threads == 1
    assert Path(s.embedding_model, "config.json").is_file()


def test_defaults_and_explicit_values(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("EVRAG_DATA_DIR", "QDRANT_URL", "QDRANT_API_KEY", "EVRAG_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    assert Settings().data_dir == Path(".evrag")
    s = Settings(data_dir=tmp_path, database_url="postgresql+psycopg://u@h/db", qdrant_url="")
    assert s.catalog_url == "postgresql+psycopg://u@h/db" and s.qdrant_url is None


def test_the_embedding_defaults_and_the_shared_model_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from retrieval import default_model_cache

    monkeypatch.delenv("EVRAG_EMBED_BACKEND", raising=False)
    monkeypatch.delenv("EVRAG_MODEL_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    s = Settings(data_dir=tmp_path / "a")
    assert s.embed_backend == "onnx-int8"
    # One cache for every data directory, outside all of them.
    assert s.model_cache == tmp_path / "xdg" / "evidence-rag" / "models"
    assert Settings(data_dir=tmp_path / "b").model_cache == s.model_cache
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_model_cache() == Path.home() / ".cache" / "evidence-rag" / "models"
    monkeypatch.setenv("EVRAG_MODEL_CACHE", str(tmp_path / "m"))
    monkeypatch.setenv("EVRAG_EMBED_BACKEND", "torch")
    s = Settings()
    assert (s.model_cache, s.embed_backend) == (tmp_path / "m", "torch")
    assert default_model_cache() == tmp_path / "m"
    monkeypatch.setenv("EVRAG_EMBED_BACKEND", "onnx-fp16")
    with pytest.raises(ValueError):
        Settings()


def test_open_store_picks_the_backend(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("QDRANT_URL", raising=False)
    store = open_store(tmp_path)
    try:
        assert isinstance(store, EdgeStore) and (tmp_path / "LOCK").exists()
    finally:
        store.close()
    # Building a client does not connect: nothing is contacted here.
    server = open_store(tmp_path, qdrant_url="http://127.0.0.1:9")
    try:
        assert isinstance(server, ServerStore)
    finally:
        server.close()


def test_an_unreachable_server_is_a_typed_error() -> None:
    from retrieval import StoreUnavailable

    with (
        ServerStore("http://127.0.0.1:9", timeout=2) as server,
        pytest.raises(StoreUnavailable) as caught,
    ):
        server.ensure_kb("kb")
    assert "127.0.0.1:9" in str(caught.value)


def test_opening_the_data_dir_sweeps_what_a_killed_blob_write_left(tmp_path: Path) -> None:
    """A kill -9 while a PDF was being stored left `blobs/xx/.tmp-*.part` for good. Opening
    the data directory takes its lock, so no live writer holds one: each is removed, and
    the stored blobs stay."""
    from app import Runtime, Settings
    from retrieval import BlobStore

    blobs = BlobStore(tmp_path)
    kept = blobs.put(b"%PDF-1.7 kept")
    partial = kept.parent / ".tmp-abc123.part"
    partial.write_bytes(b"%PDF-1.7 half")
    other = blobs.root / "ff" / ".tmp-def456.part"
    other.parent.mkdir(parents=True)
    other.write_bytes(b"")
    with Runtime.open(Settings(data_dir=tmp_path)) as runtime:
        assert not partial.exists() and not other.exists()
        assert kept.read_bytes() == b"%PDF-1.7 kept"
        assert runtime.blobs.sweep_partial_writes() == []


@pytest.mark.parametrize(
    ("cores", "env", "batch", "serving"),
    [
        (2, {}, 2, 1),  # the soak's machine: one core stays for questions
        (8, {}, 8, 7),
        (1, {}, 1, 1),  # never 0
        (8, {"EVRAG_SERVE_OCR_THREADS": "2"}, 8, 2),
        (8, {"EVRAG_EMBED_THREADS": "3"}, 3, 3),  # an operator's lower count is kept
        (None, {}, 1, 1),  # cores unknown
    ],
)
def test_ocr_threads_for_batch_work_and_for_serving(
    monkeypatch: pytest.MonkeyPatch,
    cores: int | None,
    env: dict[str, str],
    batch: int,
    serving: int,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    s = Settings()
    assert s.ocr_thread_count(serving=False) == batch
    assert s.ocr_thread_count(serving=True) == serving
