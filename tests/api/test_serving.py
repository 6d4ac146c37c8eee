"""The server's upload embedder gives the same vectors as the runtime's, without its lock."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from api._serving import ServingEmbedder
from retrieval import Embedder
from retrieval._embed import _torch_lock


@pytest.mark.parametrize("backend", ["onnx-int8", "torch"])
def test_same_vectors_and_no_shared_lock(backend: str) -> None:
    texts = [
        "Acme Robotics, Inc. is a Delaware corporation.",
        "Governing law: New York.",
        "Acme Robotics, Inc. is a Delaware corporation.",
    ]
    reference = Embedder(batch_size=2, threads=1, backend=backend)
    serving = ServingEmbedder(reference.model, batch_size=2, backend=backend)
    ours = np.array(serving.embed_documents(texts))
    theirs = np.array(reference.embed_documents(texts))
    assert ours.shape == (3, 384)
    assert np.allclose(ours, theirs, atol=1e-5)
    assert np.array_equal(ours[0], ours[2])  # a duplicate text is embedded once
    # While another thread holds the runtime's encode lock, uploads still embed.
    done = threading.Event()
    with _torch_lock:
        worker = threading.Thread(target=lambda: (serving.embed_documents(["x y z"]), done.set()))
        worker.start()
        assert done.wait(60)
    worker.join()
    assert np.allclose(serving.embed_query(texts[1]), reference.embed_query(texts[1]), atol=1e-5)


def test_evrag_serve_hands_the_gil_over_quickly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A question waits up to the switch interval each time it takes the GIL back from another
    thread of the server; `evrag serve` runs with a short one (0.5 ms, not CPython's 5 ms)."""
    import contextlib
    import sys

    from api import serve
    from app import Settings

    seen: list[float] = []
    monkeypatch.setattr(
        "api._app.Runtime.open", lambda settings, **kwargs: contextlib.nullcontext(None)
    )
    monkeypatch.setattr("api._app.create_app", lambda *args, **kwargs: None)
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: seen.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    try:
        serve(Settings())
    finally:
        sys.setswitchinterval(before)
    assert len(seen) == 1 and seen[0] <= 0.001, seen


def _record_runtimes(monkeypatch: pytest.MonkeyPatch) -> list:
    """Every runtime `Runtime.open` returns from now on, in order."""
    from app import Runtime

    opened: list = []
    original = Runtime.open

    def recording(cls, settings, **kwargs):  # type: ignore[no-untyped-def]
        runtime = original(settings, **kwargs)
        opened.append(runtime)
        return runtime

    monkeypatch.setattr(Runtime, "open", classmethod(recording))
    return opened


def test_evrag_serve_leaves_a_core_to_questions(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`evrag serve` OCRs with one core fewer than the machine has (a scanned upload's OCR on
    every core took the questions' CPU); EVRAG_SERVE_OCR_THREADS sets it."""
    from api import serve
    from app import Settings

    monkeypatch.setattr("os.cpu_count", lambda: 4)
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: None)
    opened = _record_runtimes(monkeypatch)
    before = sys.getswitchinterval()
    try:
        serve(Settings(data_dir=tmp_path / "a"))
        monkeypatch.setenv("EVRAG_SERVE_OCR_THREADS", "1")
        serve(Settings(data_dir=tmp_path / "b"))
    finally:
        sys.setswitchinterval(before)
    assert [rt.ingestor.parser.ocr_threads for rt in opened] == [3, 1]


def test_the_app_uploads_with_the_serving_ocr_threads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The app opening its own runtime (its lifespan) is serving too, and its upload jobs parse
    with that runtime's parser."""
    from fastapi.testclient import TestClient

    from api import ApiSettings, create_app
    from app import Settings

    monkeypatch.setattr("os.cpu_count", lambda: 4)
    app = create_app(Settings(data_dir=tmp_path / "d"), ApiSettings(admin_key="k"))
    with TestClient(app):
        state = app.state.api
        assert state.runtime.ingestor.parser.ocr_threads == 3
        assert state.ingestor.parser is state.runtime.ingestor.parser


def test_the_cli_ingests_with_every_core(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Batch commands (`evrag ingest`, `kb`, ...) open the runtime for batch work: OCR takes
    every core, as before."""
    from app.cli import main

    monkeypatch.setattr("os.cpu_count", lambda: 4)
    opened = _record_runtimes(monkeypatch)
    assert main(["--data-dir", str(tmp_path / "d"), "kb", "list"]) == 0
    assert [rt.ingestor.parser.ocr_threads for rt in opened] == [4]
