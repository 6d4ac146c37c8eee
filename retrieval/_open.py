"""Pick the store backend from the settings."""

from __future__ import annotations

from retrieval._edge import EdgeStore
from retrieval._settings import Settings
from retrieval._store import VectorStore


def open_store(settings: Settings, *, dimension: int = 384) -> VectorStore:
    """A Qdrant server when `QDRANT_URL` is set, else the embedded store in `data_dir`
    (which then belongs to this process until `close()`: see StoreLocked)."""
    if settings.qdrant_url:
        # qdrant-client takes about a second to import: only the server path pays it.
        from retrieval._server import ServerStore

        return ServerStore(settings.qdrant_url, settings.qdrant_api_key, dimension=dimension)
    return EdgeStore(settings.data_dir, dimension=dimension)
