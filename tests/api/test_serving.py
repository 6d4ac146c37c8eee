"""The server's upload embedder gives the same vectors as the runtime's, without its lock."""

from __future__ import annotations

import threading

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
    monkeypatch.setattr("api._app.Runtime.open", lambda settings: contextlib.nullcontext(None))
    monkeypatch.setattr("api._app.create_app", lambda *args, **kwargs: None)
    monkeypatch.setattr("uvicorn.run", lambda *args, **kwargs: seen.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    try:
        serve(Settings())
    finally:
        sys.setswitchinterval(before)
    assert len(seen) == 1 and seen[0] <= 0.001, seen
