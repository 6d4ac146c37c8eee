"""The embedded backend: Qdrant Edge in-process, one shard per knowledge base.

Layout: `<data_dir>/qdrant/<kb>/` holds one shard with both kinds of points (payload
`kind` = chunk | binding). One shard rather than two keeps one WAL, one search pool and
one set of files per knowledge base, and lets `delete_document` remove a document's
chunks and bindings in a single update. Bindings carry only the dense vector, so the
BM25 statistics (IDF) are those of chunks alone.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import qdrant_edge as qe

from retrieval._errors import KnowledgeBaseNotFound, check_kb_name
from retrieval._lock import ProcessLock
from retrieval._model import Binding, ChunkRecord
from retrieval._payload import (
    BINDING,
    CHUNK,
    DENSE,
    INDEXED_FIELDS,
    RRF_K,
    SPARSE,
    binding_from_payload,
    binding_order,
    binding_payload,
    check_lengths,
    chunk_from_payload,
    chunk_order,
    chunk_payload,
    collection_kind,
    prefetch_limit,
    rank_bindings,
    rank_chunks,
)
from retrieval._sparse import SparseVec, bm25
from retrieval._store import ScoredChunk

_UPSERT_BATCH = 512
_SCROLL_PAGE = 1024
# Exact scoring: results never depend on how an HNSW graph happened to be built.
_EXACT = qe.SearchParams(exact=True)
# Typed Any: the stubs do not list Fusion.Rrf among the scoring queries it is.
_RRF: Any = qe.Fusion.Rrf(k=RRF_K)


class EdgeStore:
    """VectorStore on Qdrant Edge under `data_dir`; holds `<data_dir>/LOCK` while open.

    Thread-safe: shards are opened once under a lock; Qdrant Edge serialises its own
    updates and runs reads concurrently.
    """

    def __init__(self, data_dir: Path | str, *, dimension: int = 384) -> None:
        self.data_dir = Path(data_dir)
        self.dimension = dimension
        self._root = self.data_dir / "qdrant"
        self._lock = ProcessLock(self.data_dir / "LOCK")
        self._lock.acquire()
        self._shards: dict[str, qe.EdgeShard] = {}
        self._mutex = threading.RLock()
        self._closed = False

    # -- knowledge bases -------------------------------------------------------------

    def _config(self) -> qe.EdgeConfig:
        return qe.EdgeConfig(
            vectors={DENSE: qe.EdgeVectorParams(size=self.dimension, distance=qe.Distance.Cosine)},
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
        )

    def _shard(self, kb: str, *, create: bool = False) -> qe.EdgeShard:
        check_kb_name(kb)
        with self._mutex:
            if self._closed:
                raise RuntimeError("store is closed")
            shard = self._shards.get(kb)
            if shard is not None:
                return shard
            path = self._root / kb
            if path.is_dir() and any(path.iterdir()):
                shard = qe.EdgeShard.load(str(path))
            elif create:
                shard = qe.EdgeShard.create(str(path), self._config())
                for field in INDEXED_FIELDS:
                    shard.update(
                        qe.UpdateOperation.create_field_index(field, qe.PayloadSchemaType.Keyword)
                    )
                shard.flush()
            else:
                raise KnowledgeBaseNotFound(kb)
            self._shards[kb] = shard
            return shard

    def ensure_kb(self, kb: str) -> None:
        self._shard(kb, create=True)

    def drop_kb(self, kb: str) -> None:
        check_kb_name(kb)
        with self._mutex:
            shard = self._shards.pop(kb, None)
            if shard is not None:
                shard.close()
            shutil.rmtree(self._root / kb, ignore_errors=True)

    def knowledge_bases(self) -> list[str]:
        """Names of the knowledge bases with a shard on disk, sorted."""
        if not self._root.is_dir():
            return []
        return sorted(p.name for p in self._root.iterdir() if p.is_dir())

    # -- writes ----------------------------------------------------------------------

    def upsert_chunks(
        self, kb: str, chunks: Sequence[ChunkRecord], vectors: Sequence[Sequence[float]]
    ) -> None:
        check_lengths(chunks, vectors)
        shard = self._shard(kb)
        encoder = bm25()
        points = []
        for chunk, vector in zip(chunks, vectors, strict=True):
            named: dict[str, Any] = {DENSE: list(vector)}
            sparse = encoder.encode_document(chunk.text)
            if sparse:
                named[SPARSE] = _sparse(sparse)
            points.append(qe.Point(chunk.chunk_id, named, chunk_payload(chunk)))
        _upsert(shard, points)

    def upsert_bindings(
        self, kb: str, bindings: Sequence[Binding], vectors: Sequence[Sequence[float]]
    ) -> None:
        check_lengths(bindings, vectors)
        shard = self._shard(kb)
        points = [
            qe.Point(b.binding_id, {DENSE: list(v)}, binding_payload(b))
            for b, v in zip(bindings, vectors, strict=True)
        ]
        _upsert(shard, points)

    def delete_document(self, kb: str, document_id: str) -> None:
        shard = self._shard(kb)
        shard.update(
            qe.UpdateOperation.delete_points_by_filter(_filter(document_ids=[document_id]))
        )

    def flush(self) -> None:
        """Write every open shard's state to its segments (the WAL already has it)."""
        with self._mutex:
            for shard in self._shards.values():
                shard.flush()

    # -- reads -----------------------------------------------------------------------

    def search_chunks(
        self,
        kb: str,
        query_text: str,
        query_vector: Sequence[float],
        *,
        document_ids: Sequence[str] | None = None,
        entity_keys: Sequence[str] | None = None,
        top_k: int = 10,
    ) -> list[ScoredChunk]:
        shard = self._shard(kb)
        if _empty(document_ids) or _empty(entity_keys) or top_k <= 0:
            return []
        flt = _filter(kind=CHUNK, document_ids=document_ids, entity_keys=entity_keys)
        limit = prefetch_limit(top_k)
        prefetches = [
            qe.Prefetch(
                limit=limit,
                query=qe.Query.Nearest(list(query_vector), using=DENSE),
                filter=flt,
                params=_EXACT,
            )
        ]
        sparse = bm25().encode_query(query_text)
        if sparse:
            prefetches.append(
                qe.Prefetch(
                    limit=limit,
                    query=qe.Query.Nearest(_sparse(sparse), using=SPARSE),
                    filter=flt,
                )
            )
        hits = shard.query(
            qe.QueryRequest(
                limit=limit * len(prefetches),
                prefetches=prefetches,
                query=_RRF,
                filter=flt,
                with_payload=True,
            )
        )
        scored = [ScoredChunk(chunk_from_payload(_payload(h)), float(h.score)) for h in hits]
        return rank_chunks(scored, top_k)

    def chunks_of(self, kb: str, document_id: str) -> list[ChunkRecord]:
        records = _scroll(self._shard(kb), _filter(kind=CHUNK, document_ids=[document_id]))
        return sorted((chunk_from_payload(p) for p in records), key=chunk_order)

    def find_bindings(
        self,
        kb: str,
        *,
        role: str | None = None,
        parent_key: str | None = None,
        subject_key: str | None = None,
        binding_type: str | None = None,
        document_ids: Sequence[str] | None = None,
    ) -> list[Binding]:
        shard = self._shard(kb)
        if _empty(document_ids):
            return []
        flt = _filter(
            kind=BINDING,
            document_ids=document_ids,
            exact={
                "role": role,
                "parent_key": parent_key,
                "subject_key": subject_key,
                "binding_type": binding_type,
            },
        )
        return sorted((binding_from_payload(p) for p in _scroll(shard, flt)), key=binding_order)

    def similar_binding_subjects(
        self,
        kb: str,
        vector: Sequence[float],
        *,
        document_ids: Sequence[str] | None = None,
        top_k: int = 5,
    ) -> list[tuple[Binding, float]]:
        shard = self._shard(kb)
        if _empty(document_ids) or top_k <= 0:
            return []
        hits = shard.query(
            qe.QueryRequest(
                # Extra candidates so ties at the cut are broken by our key, not the engine's.
                limit=top_k * 2 + 10,
                query=qe.Query.Nearest(list(vector), using=DENSE),
                filter=_filter(kind=BINDING, document_ids=document_ids),
                params=_EXACT,
                with_payload=True,
            )
        )
        scored = [(binding_from_payload(_payload(h)), float(h.score)) for h in hits]
        return rank_bindings(scored, top_k)

    def count(self, kb: str, collection: str) -> int:
        kind = collection_kind(collection)
        return int(self._shard(kb).count(qe.CountRequest(exact=True, filter=_filter(kind=kind))))

    # -- lifetime --------------------------------------------------------------------

    def close(self) -> None:
        with self._mutex:
            if self._closed:
                return
            self._closed = True
            shards, self._shards = self._shards, {}
            try:
                for shard in shards.values():
                    shard.close()
            finally:
                self._lock.release()

    def __enter__(self) -> EdgeStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _empty(values: Sequence[str] | None) -> bool:
    """An explicit empty list matches nothing (e.g. no committed documents yet)."""
    return values is not None and len(values) == 0


def _filter(
    *,
    kind: str | None = None,
    document_ids: Sequence[str] | None = None,
    entity_keys: Sequence[str] | None = None,
    exact: dict[str, str | None] | None = None,
) -> qe.Filter:
    must: list[Any] = []
    if kind is not None:
        must.append(qe.FieldCondition("kind", match=qe.MatchValue(kind)))
    if document_ids is not None:
        must.append(qe.FieldCondition("document_id", match=qe.MatchAny(sorted(set(document_ids)))))
    if entity_keys is not None:
        must.append(qe.FieldCondition("entity_keys", match=qe.MatchAny(sorted(set(entity_keys)))))
    for key, value in sorted((exact or {}).items()):
        if value is not None:
            must.append(qe.FieldCondition(key, match=qe.MatchValue(value)))
    return qe.Filter(must=must)


def _sparse(vec: SparseVec) -> qe.SparseVector:
    return qe.SparseVector(list(vec.indices), list(vec.values))


def _payload(point: qe.ScoredPoint | qe.Record) -> dict[str, Any]:
    payload = point.payload
    if payload is None:
        raise RuntimeError(f"point {point.id} has no payload")
    return payload


def _upsert(shard: qe.EdgeShard, points: list[qe.Point]) -> None:
    for start in range(0, len(points), _UPSERT_BATCH):
        shard.update(qe.UpdateOperation.upsert_points(points[start : start + _UPSERT_BATCH]))


def _scroll(shard: qe.EdgeShard, flt: qe.Filter) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    offset: Any = None
    while True:
        records, offset = shard.scroll(
            qe.ScrollRequest(offset=offset, limit=_SCROLL_PAGE, filter=flt, with_payload=True)
        )
        out.extend(_payload(r) for r in records)
        if offset is None:
            return out
