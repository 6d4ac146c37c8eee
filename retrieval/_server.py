"""The server backend: a Qdrant server through qdrant-client.

Each knowledge base is two collections, `{kb}__chunks` (dense + BM25 sparse with the IDF
modifier) and `{kb}__bindings` (dense), with keyword payload indexes on the filter
fields. Sparse vectors are computed client-side by the same BM25 as the embedded store
(`_sparse.py`), so both backends index and rank the same tokens.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from domain import Binding, ChunkRecord
from retrieval._errors import KnowledgeBaseNotFound, StoreUnavailable, check_kb_name
from retrieval._filters import AnyOf, Condition, Equals, NoneOf, conditions, matches_nothing
from retrieval._payload import (
    BINDING,
    CHUNK,
    DENSE,
    INDEXED,
    SPARSE,
    binding_from_payload,
    binding_order,
    binding_payload,
    check_lengths,
    chunk_from_payload,
    chunk_order,
    chunk_payload,
    clause_chunk_order,
    collection_kind,
    fuse_rrf,
    hits_of,
    payload_of,
    prefetch_limit,
    scored_bindings,
    scored_chunks,
)
from retrieval._sparse import SparseVec, bm25
from retrieval._store import FUSION_WEIGHTS, ScoredChunk

_UPSERT_BATCH = 256
_SCROLL_PAGE = 1024
_EXACT = models.SearchParams(exact=True)


class ServerStore:
    """VectorStore on a Qdrant server (`url`, `api_key`), or on a given `client`
    (tests pass qdrant-client's local mode, whose API is the server's)."""

    def __init__(
        self,
        url: str | None = None,
        api_key: str | None = None,
        *,
        client: QdrantClient | None = None,
        dimension: int = 384,
        timeout: int = 30,
    ) -> None:
        if client is None:
            if not url:
                raise ValueError("ServerStore needs a url or a client")
            client = QdrantClient(
                url=url, api_key=api_key, timeout=timeout, check_compatibility=False
            )
        self.url = url or "local"
        self.dimension = dimension
        self._client = client
        self._known: set[str] = set()
        self._mutex = threading.Lock()

    # -- knowledge bases -------------------------------------------------------------

    @staticmethod
    def _name(kb: str, kind: str) -> str:
        return f"{kb}__{'chunks' if kind == CHUNK else 'bindings'}"

    @contextmanager
    def _calls(self, kb: str) -> Iterator[None]:
        """Translate qdrant-client's failures into ours."""
        try:
            yield
        except ResponseHandlingException as exc:
            raise StoreUnavailable(self.url, str(exc.source)) from exc
        except UnexpectedResponse as exc:
            if exc.status_code == 404:
                with self._mutex:
                    self._known.discard(kb)
                raise KnowledgeBaseNotFound(kb) from exc
            raise StoreUnavailable(self.url, str(exc)) from exc
        except ValueError as exc:
            # qdrant-client's local mode says "Collection ... not found" this way.
            if "not found" in str(exc):
                raise KnowledgeBaseNotFound(kb) from exc
            raise

    def _require(self, kb: str) -> None:
        check_kb_name(kb)
        with self._mutex:
            if kb in self._known:
                return
        with self._calls(kb):
            exists = self._client.collection_exists(self._name(kb, CHUNK))
        if not exists:
            raise KnowledgeBaseNotFound(kb)
        with self._mutex:
            self._known.add(kb)

    def ensure_kb(self, kb: str) -> None:
        check_kb_name(kb)
        dense = {DENSE: models.VectorParams(size=self.dimension, distance=models.Distance.COSINE)}
        with self._calls(kb):
            # Bindings first: a chunks collection is the sign that the pair is complete.
            for kind in (BINDING, CHUNK):
                name = self._name(kb, kind)
                if self._client.collection_exists(name):
                    continue
                sparse = (
                    {SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)}
                    if kind == CHUNK
                    else None
                )
                self._client.create_collection(
                    name, vectors_config=dense, sparse_vectors_config=sparse
                )
                with warnings.catch_warnings():
                    # Local mode warns that it ignores payload indexes; a server builds them.
                    warnings.simplefilter("ignore", UserWarning)
                    for field in INDEXED[kind]:
                        self._client.create_payload_index(
                            name, field, models.PayloadSchemaType.KEYWORD, wait=True
                        )
        with self._mutex:
            self._known.add(kb)

    def drop_kb(self, kb: str) -> None:
        check_kb_name(kb)
        with self._mutex:
            self._known.discard(kb)
        with self._calls(kb):
            for kind in (CHUNK, BINDING):
                self._client.delete_collection(self._name(kb, kind))

    # -- writes ----------------------------------------------------------------------

    def upsert_chunks(
        self, kb: str, chunks: Sequence[ChunkRecord], vectors: Sequence[Sequence[float]]
    ) -> None:
        check_lengths(chunks, vectors)
        self._require(kb)
        encoder = bm25()
        points = []
        for chunk, vector in zip(chunks, vectors, strict=True):
            named: dict[str, Any] = {DENSE: list(vector)}
            sparse = encoder.encode_document(chunk.text)
            if sparse:
                named[SPARSE] = _sparse(sparse)
            points.append(
                models.PointStruct(id=chunk.chunk_id, vector=named, payload=chunk_payload(chunk))
            )
        self._upsert(kb, CHUNK, points)

    def upsert_bindings(
        self, kb: str, bindings: Sequence[Binding], vectors: Sequence[Sequence[float]]
    ) -> None:
        check_lengths(bindings, vectors)
        self._require(kb)
        points = [
            models.PointStruct(id=b.binding_id, vector={DENSE: list(v)}, payload=binding_payload(b))
            for b, v in zip(bindings, vectors, strict=True)
        ]
        self._upsert(kb, BINDING, points)

    def _upsert(self, kb: str, kind: str, points: list[models.PointStruct]) -> None:
        with self._calls(kb):
            for start in range(0, len(points), _UPSERT_BATCH):
                self._client.upsert(
                    self._name(kb, kind), points[start : start + _UPSERT_BATCH], wait=True
                )

    def delete_document(self, kb: str, document_id: str) -> None:
        self._require(kb)
        selector = models.FilterSelector(filter=_filter(conditions(document_ids=[document_id])))
        with self._calls(kb):
            for kind in (CHUNK, BINDING):
                self._client.delete(self._name(kb, kind), points_selector=selector, wait=True)

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
        fusion: tuple[float, float] = FUSION_WEIGHTS,
        clause_categories: Sequence[str] | None = None,
    ) -> list[ScoredChunk]:
        self._require(kb)
        if any(map(matches_nothing, (document_ids, entity_keys, clause_categories))):
            return []
        if top_k <= 0:
            return []
        flt = _filter(
            conditions(
                document_ids=document_ids,
                entity_keys=entity_keys,
                clause_categories=clause_categories,
            )
        )
        limit = prefetch_limit(top_k)
        requests = [
            models.QueryRequest(
                query=list(query_vector),
                using=DENSE,
                filter=flt,
                limit=limit,
                params=_EXACT,
                with_payload=True,
            )
        ]
        sparse = bm25().encode_query(query_text)
        if sparse:
            requests.append(
                models.QueryRequest(
                    query=_sparse(sparse), using=SPARSE, filter=flt, limit=limit, with_payload=True
                )
            )
        # One round trip for both sides; fused client-side like the embedded store
        # (see fuse_rrf), so both backends rank ties the same way.
        with self._calls(kb):
            responses = self._client.query_batch_points(self._name(kb, CHUNK), requests=requests)
        return scored_chunks(fuse_rrf([hits_of(r.points) for r in responses], limit, fusion), top_k)

    def chunks_of(self, kb: str, document_id: str) -> list[ChunkRecord]:
        self._require(kb)
        payloads = self._scroll(kb, CHUNK, _filter(conditions(document_ids=[document_id])))
        return sorted((chunk_from_payload(p) for p in payloads), key=chunk_order)

    def chunks_with_clauses(
        self, kb: str, categories: Sequence[str], *, document_ids: Sequence[str] | None = None
    ) -> list[ChunkRecord]:
        self._require(kb)
        if matches_nothing(document_ids) or not categories:
            return []
        flt = _filter(conditions(document_ids=document_ids, clause_categories=categories))
        payloads = self._scroll(kb, CHUNK, flt)
        return sorted((chunk_from_payload(p) for p in payloads), key=clause_chunk_order)

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
        self._require(kb)
        if matches_nothing(document_ids):
            return []
        flt = _filter(
            conditions(
                document_ids=document_ids,
                exact={
                    "role": role,
                    "parent_key": parent_key,
                    "subject_key": subject_key,
                    "binding_type": binding_type,
                },
            )
        )
        payloads = self._scroll(kb, BINDING, flt)
        return sorted((binding_from_payload(p) for p in payloads), key=binding_order)

    def similar_binding_subjects(
        self,
        kb: str,
        vector: Sequence[float],
        *,
        document_ids: Sequence[str] | None = None,
        top_k: int = 5,
    ) -> list[tuple[Binding, float]]:
        self._require(kb)
        if matches_nothing(document_ids) or top_k <= 0:
            return []
        limit = top_k * 2 + 10
        with self._calls(kb):
            response = self._client.query_points(
                self._name(kb, BINDING),
                query=list(vector),
                using=DENSE,
                query_filter=_filter(conditions(document_ids=document_ids)),
                search_params=_EXACT,
                limit=limit,
                with_payload=True,
            )
        return scored_bindings(hits_of(response.points), limit, top_k)

    def count(self, kb: str, collection: str) -> int:
        kind = collection_kind(collection)
        self._require(kb)
        with self._calls(kb):
            return int(self._client.count(self._name(kb, kind), exact=True).count)

    def _scroll(self, kb: str, kind: str, flt: models.Filter) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        offset: Any = None
        with self._calls(kb):
            while True:
                records, offset = self._client.scroll(
                    self._name(kb, kind),
                    scroll_filter=flt,
                    limit=_SCROLL_PAGE,
                    offset=offset,
                    with_payload=True,
                )
                out.extend(payload_of(r) for r in records)
                if offset is None:
                    return out

    # -- lifetime --------------------------------------------------------------------

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> ServerStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _filter(conds: Sequence[Condition]) -> models.Filter:
    """The conditions as qdrant-client's filter (all must hold)."""
    return models.Filter(must=[_condition(c) for c in conds])


def _condition(cond: Condition) -> models.FieldCondition:
    match cond:
        case AnyOf(field, values):
            return models.FieldCondition(key=field, match=models.MatchAny(any=list(values)))
        case NoneOf(field, values):
            # `except` is a Python keyword: the field is set through its alias.
            match = models.MatchExcept.model_validate({"except": list(values)})
            return models.FieldCondition(key=field, match=match)
        case Equals(field, value):
            return models.FieldCondition(key=field, match=models.MatchValue(value=value))


def _sparse(vec: SparseVec) -> models.SparseVector:
    return models.SparseVector(indices=list(vec.indices), values=list(vec.values))
