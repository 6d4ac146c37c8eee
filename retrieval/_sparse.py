"""The lexical side of hybrid search: BM25 sparse vectors, computed in-process.

Qdrant Edge's `Bm25` tokenizes, stems (English) and hashes tokens to indices without any
server or download, so both backends store and query the very same sparse vectors; the
IDF part is applied by Qdrant at query time (sparse vector modifier IDF).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import qdrant_edge


@dataclass(frozen=True, slots=True)
class SparseVec:
    indices: tuple[int, ...]
    values: tuple[float, ...]

    def __bool__(self) -> bool:
        return bool(self.indices)


class Bm25Encoder:
    """Document side: term-frequency weights (k=1.2, b=0.75); query side: 1.0 per token."""

    def __init__(self) -> None:
        self._model = qdrant_edge.Bm25(qdrant_edge.Bm25Config(language="english"))

    def encode_document(self, text: str) -> SparseVec:
        v = self._model.embed_document(text)
        return SparseVec(tuple(v.indices), tuple(v.values))

    def encode_query(self, text: str) -> SparseVec:
        v = self._model.embed_query(text)
        return SparseVec(tuple(v.indices), tuple(v.values))


_shared: Bm25Encoder | None = None
_shared_lock = threading.Lock()


def bm25() -> Bm25Encoder:
    """The process-wide encoder (stateless, so one is enough)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Bm25Encoder()
        return _shared
