"""The server backend: a Qdrant server through qdrant-client.

Each knowledge base is two collections, `{kb}__chunks` (dense + BM25 sparse with the IDF
modifier) and `{kb}__bindings` (dense), with keyword payload indexes on the filter
fields. Sparse vectors are computed client-side by the same BM25 as the embedded store
(`_sparse.py`), so both backends index and rank the same tokens.

`evrag reindex` rebuilds a knowledge base into new collections `{kb}__chunks.N` and
`{kb}__bindings.N` (generation N) and then points the names `{kb}__chunks` and
`{kb}__bindings` at them as collection aliases, in one request: the server's atomic
switch, so a search sees the old pair or the new, never half of each. A knowledge base
created as plain collections becomes aliases at its first reindex. The generation suffix
holds a dot, which no knowledge base name may, so it never names another base's collection.
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
from retrieval._errors import (
    InvalidKnowledgeBaseName,
    KnowledgeBaseNotFound,
    StoreFault,
    StoreUnavailable,
    check_kb_name,
)
from retrieval._filters import AnyOf, Condition, Equals, NoneOf, conditions, matches_nothing
from retrieval._payload import (
    BINDING,
    CHUNK,
    DENSE,
    INDEXED,
    SPARSE,
    ScannedPoint,
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
    scanned_record,
    scored_bindings,
    scored_chunks,
)
from retrieval._sparse import SparseVec, bm25
from retrieval._store import FUSION_WEIGHTS, INITIAL_GENERATION, ScoredChunk

_UPSERT_BATCH = 256
_SCROLL_PAGE = 1024
_EXACT = models.SearchParams(exact=True)
_KINDS = {CHUNK: "chunks", BINDING: "bindings"}
# The name a rebuild's collections are written under (never a valid knowledge base name).
_STAGING = ".rebuild-"


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
        # Rebuilds in progress: kb -> its staging name, staging name -> (kb, generation).
        self._rebuilding: dict[str, str] = {}
        self._staged: dict[str, tuple[str, int]] = {}

    # -- knowledge bases -------------------------------------------------------------

    @staticmethod
    def _base(kb: str, kind: str) -> str:
        """The name `kb`'s collection of `kind` is reached by: a collection, or (once
        reindexed) an alias of its current generation."""
        return f"{kb}__{_KINDS[kind]}"

    def _name(self, kb: str, kind: str) -> str:
        staged = self._staged.get(kb)
        if staged is not None:  # a rebuild's staging name: its new generation
            return f"{self._base(staged[0], kind)}.{staged[1]}"
        return self._base(kb, kind)

    def _check_name(self, kb: str) -> None:
        if kb not in self._staged:
            check_kb_name(kb)

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
        self._check_name(kb)
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
        self._check_name(kb)
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
            aliases = self._aliases()
            for kind in (CHUNK, BINDING):
                name = self._base(kb, kind)
                target = aliases.get(name)
                if target is not None:
                    self._client.update_collection_aliases(
                        change_aliases_operations=[_delete_alias(name)]
                    )
                    self._client.delete_collection(target)
                self._client.delete_collection(name)
            for name in sorted(self._generations(kb)):  # a rebuild's, never swapped in
                self._client.delete_collection(name)

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

    # -- maintenance (evrag check, evrag reindex) ------------------------------------

    def knowledge_bases(self) -> list[str]:
        """Names of the knowledge bases with a chunks collection (or alias) on the server,
        sorted. A name that is no knowledge base's (another application's) is left out."""
        with self._calls(""):
            names = {c.name for c in self._client.get_collections().collections}
            names |= set(self._aliases())
        found = []
        for name in names:
            kb, sep, kind = name.rpartition("__")
            if sep and kind == _KINDS[CHUNK]:
                try:
                    found.append(check_kb_name(kb))
                except InvalidKnowledgeBaseName:
                    continue
        return sorted(found)

    def scan(self, kb: str, collection: str) -> Iterator[ScannedPoint]:
        """Every point of one of `kb`'s collections ("chunks" or "bindings"), page by page,
        its payload decoded and its vectors read (as `EdgeStore.scan`). A collection gone
        from the server is a StoreFault."""
        kind = collection_kind(collection)
        self._require(kb)
        name = self._name(kb, kind)
        offset: Any = None
        with self._calls(kb):
            if not self._client.collection_exists(name):
                raise StoreFault(f"collection {name} is not on the server")
        while True:
            with self._calls(kb):
                records, offset = self._client.scroll(
                    name, limit=_SCROLL_PAGE, offset=offset, with_payload=True, with_vectors=True
                )
            for r in records:
                yield scanned_record(r, kind)
            if offset is None:
                return

    def begin_rebuild(self, kb: str) -> str:
        """Create `kb`'s next generation of collections, empty, beside the current ones,
        and return the name to write them under (any write method takes it as `kb`).
        Searches of `kb` keep reading the current collections until `commit_rebuild(kb)`;
        `abandon_rebuild(kb)` drops the new. Generations no alias points at (a rebuild of
        a process that died before its swap) are dropped first."""
        check_kb_name(kb)
        self.abandon_rebuild(kb)
        with self._calls(kb):
            aliases = self._aliases()
            serving = {aliases.get(self._base(kb, kind)) for kind in (CHUNK, BINDING)}
            generations = self._generations(kb)
            for name in sorted(generations):
                if name not in serving:
                    self._client.delete_collection(name)
        staging = f"{_STAGING}{kb}"
        with self._mutex:
            self._staged[staging] = (kb, max(generations.values(), default=0) + 1)
            self._rebuilding[kb] = staging
        try:
            self.ensure_kb(staging)
        except BaseException:
            self.abandon_rebuild(kb)
            raise
        return staging

    def commit_rebuild(self, kb: str) -> None:
        """Point `kb`'s names at the rebuilt collections, both in one aliases request (the
        server applies it atomically), then drop the generation they pointed at.

        A knowledge base whose names are still plain collections (created before reindex
        used aliases) is migrated: a collection and an alias cannot share a name, so the
        plain collections are deleted just before the aliases are created, and for that
        moment the knowledge base is not found. A failure there leaves it without
        collections, which `check` reports and the next reindex rebuilds."""
        with self._mutex:
            staging = self._rebuilding.pop(kb)
            generation = self._staged.pop(staging)[1]
            self._known.discard(staging)
        with self._calls(kb):
            aliases = self._aliases()
            collections = {c.name for c in self._client.get_collections().collections}
            switch: list[models.AliasOperations] = []
            plain, retired = [], []
            for kind in (BINDING, CHUNK):
                name = self._base(kb, kind)
                if name in collections:
                    plain.append(name)
                elif name in aliases:
                    retired.append(aliases[name])
                    switch.append(_delete_alias(name))
                switch.append(
                    models.CreateAliasOperation(
                        create_alias=models.CreateAlias(
                            collection_name=f"{name}.{generation}", alias_name=name
                        )
                    )
                )
            for name in plain:
                self._client.delete_collection(name)
            self._client.update_collection_aliases(change_aliases_operations=switch)
            for name in retired:
                self._client.delete_collection(name)
        with self._mutex:
            self._known.add(kb)

    def abandon_rebuild(self, kb: str) -> None:
        """Drop the collections of a rebuild not committed (none: nothing to do)."""
        with self._mutex:
            staging = self._rebuilding.pop(kb, None)
            if staging is None:
                return
            generation = self._staged.pop(staging)[1]
            self._known.discard(staging)
        with self._calls(kb):
            for kind in (CHUNK, BINDING):
                self._client.delete_collection(f"{self._base(kb, kind)}.{generation}")

    def rebuild_generation(self, kb: str) -> str:
        """The generation the rebuild of `kb` in progress (begin_rebuild) makes live when
        committed: its collections' suffix. StoreFault when none is in progress."""
        with self._mutex:
            staging = self._rebuilding.get(kb)
            if staging is None:
                raise StoreFault(f"no rebuild of {kb} in progress")
            return str(self._staged[staging][1])

    def live_generation(self, kb: str) -> str:
        """Which generation of `kb`'s collections serves it: the suffix of the collection its
        chunks alias points at; `INITIAL_GENERATION` while its names are plain collections
        (never reindexed) or absent. The aliases are switched together, so the chunks
        alias speaks for both."""
        check_kb_name(kb)
        with self._calls(kb):
            target = self._aliases().get(self._base(kb, CHUNK))
        if target is None:
            return INITIAL_GENERATION
        suffix = target.rpartition(".")[2]
        return suffix if suffix.isdigit() else INITIAL_GENERATION

    def _aliases(self) -> dict[str, str]:
        """Every alias on the server -> the collection it points at."""
        return {a.alias_name: a.collection_name for a in self._client.get_aliases().aliases}

    def _generations(self, kb: str) -> dict[str, int]:
        """`kb`'s generation collections on the server -> their generation."""
        found = {}
        for collection in self._client.get_collections().collections:
            for kind in (CHUNK, BINDING):
                base, _, suffix = collection.name.rpartition(".")
                if base == self._base(kb, kind) and suffix.isdigit():
                    found[collection.name] = int(suffix)
        return found

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


def _delete_alias(name: str) -> models.DeleteAliasOperation:
    return models.DeleteAliasOperation(delete_alias=models.DeleteAlias(alias_name=name))


def _sparse(vec: SparseVec) -> models.SparseVector:
    return models.SparseVector(indices=list(vec.indices), values=list(vec.values))
