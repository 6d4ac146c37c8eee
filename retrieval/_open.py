"""Pick the store backend."""

from __future__ import annotations

from pathlib import Path

from retrieval._edge import EdgeStore
from retrieval._store import VectorStore


def open_store(
    data_dir: Path,
    *,
    qdrant_url: str | None = None,
    qdrant_api_key: str | None = None,
    dimension: int = 384,
) -> VectorStore:
    """A Qdrant server when `qdrant_url` is given (`QDRANT_URL`), else the embedded store in
    `data_dir` (which then belongs to this process until `close()`: see StoreLocked)."""
    if qdrant_url:
        # qdrant-client takes about a second to import: only the server path pays it.
        from retrieval._server import ServerStore

        return ServerStore(qdrant_url, qdrant_api_key, dimension=dimension)
    return EdgeStore(data_dir, dimension=dimension)
