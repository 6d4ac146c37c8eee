"""The embedded backend: Qdrant Edge in-process, one shard per knowledge base.

Layout: `<data_dir>/qdrant/<kb>/chunks/` (dense + BM25 sparse with IDF) and
`<data_dir>/qdrant/<kb>/bindings/` (dense), the two collections of the server backend;
`<data_dir>/qdrant/<kb>/GENERATION` names the rebuild that made them (none: never rebuilt).
Two shards rather than one shard with a `kind` field: measured on Qdrant Edge 0.9 at 10k
chunks, adding a `kind` condition to a document filter made a filtered query several
times slower (e.g. 2 ms -> 35 ms with 200 document ids); and the BM25 statistics are
those of chunks alone. Visibility never relied on one shard: the catalog's committed
document ids are the filter.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import qdrant_edge as qe

from domain import Binding, ChunkRecord, StorageFull, storage_failure
from retrieval._binding_index import BindingIndex
from retrieval._errors import KnowledgeBaseNotFound, StoreFault, check_kb_name
from retrieval._filters import (
    AnyOf,
    Condition,
    Equals,
    NoneOf,
    any_of,
    conditions,
    matches_nothing,
    none_of,
)
from retrieval._lock import ProcessLock
from retrieval._payload import (
    BINDING,
    CHUNK,
    DENSE,
    INDEXED,
    SPARSE,
    Hit,
    ScannedPoint,
    binding_from_payload,
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
)
from retrieval._sparse import SparseVec, bm25
from retrieval._store import FUSION_WEIGHTS, INITIAL_GENERATION, ScoredChunk

_DIRS = {CHUNK: "chunks", BINDING: "bindings"}
_UPSERT_BATCH = 512
_SCROLL_PAGE = 1024
# Exact scoring: results never depend on how an HNSW graph happened to be built.
_EXACT = qe.SearchParams(exact=True)
# Decoded chunk records kept, all knowledge bases together (measured ~24 KB each with their
# lines: ~50 MB).
_RECORDS_KEPT = 2048
# Chunks kept in whole documents' lists (chunks_of), all knowledge bases together.
_DOCUMENT_CHUNKS_KEPT = 2048
# Free space kept under the data directory besides what a batch needs: the engine's segments
# are memory-mapped files that grow as they are written, and a page that cannot be backed
# kills the process with SIGBUS (issue 37) instead of failing the write.
# The engine also makes files whole at once (a payload page, a WAL segment: 32 MiB each),
# so the reserve covers the largest two.
MIN_FREE_BYTES = 64 * 1024 * 1024
# A new shard's files, most of them made whole at once (measured on Qdrant Edge 0.9: the
# first WAL segment and payload page, ~37 MiB a shard).
_NEW_SHARD_BYTES = 48 * 1024 * 1024
# A batch's bytes on disk, counted over: the WAL, the segment, its payload and indexes.
_WRITE_AMPLIFICATION = 4
# What the engine says (a Rust io::Error, as text) when the disk refuses a write.
_ENGINE_STORAGE_ERRORS = (
    "No space left on device",
    "os error 28",
    "Disk quota exceeded",
    "os error 122",
    "Input/output error",
    "os error 5)",
)


class EdgeStore:
    """VectorStore on Qdrant Edge under `data_dir`; holds `<data_dir>/LOCK` while open.

    Thread-safe: shards are opened once under a lock; Qdrant Edge serialises its own
    updates and runs reads concurrently.
    """

    def __init__(
        self, data_dir: Path | str, *, dimension: int = 384, min_free_bytes: int = MIN_FREE_BYTES
    ) -> None:
        self.data_dir = Path(data_dir)
        self.dimension = dimension
        self.min_free_bytes = min_free_bytes
        self._root = self.data_dir / "qdrant"
        self._lock = ProcessLock(self.data_dir / "LOCK")
        self._lock.acquire()
        self._shards: dict[tuple[str, str], qe.EdgeShard] = {}
        # Document ids present in each kb's chunks shard. Only this process writes the
        # shard (it holds the lock), so the set stays exact; see _narrow.
        self._present: dict[str, set[str]] = {}
        self._mutex = threading.RLock()
        self._closed = False
        # Every kb's bindings, decoded, in memory: the gate makes dozens of exact look-ups
        # per question, and a filtered scroll each was most of a question's time at 20k
        # chunks. Only this process writes the shards (it holds the lock), so the index is
        # kept exact by upsert_bindings / delete_document / drop_kb. Bindings are few (one
        # data-room document has tens), so memory is small next to the chunks.
        self._indexes: dict[str, BindingIndex] = {}
        # Decoded chunk records by (kb, point id), the most recently used kept: a subject's
        # chunks come back for question after question, and reading and decoding payloads
        # was a third of a search. Writes to a kb's chunks clear its records and bump its
        # generation, so a search that read before a write never stores what it read.
        self._records: OrderedDict[tuple[str, str], ChunkRecord] = OrderedDict()
        self._generation: dict[str, int] = {}
        # Each document's chunks, decoded and ordered (chunks_of), the most recently used
        # kept: a yes/no claim reads its agreement through, question after question. Kept
        # exact as `_records` is (the same writes clear it, the same generation check).
        self._documents: OrderedDict[tuple[str, str], tuple[ChunkRecord, ...]] = OrderedDict()
        # Knowledge bases being rebuilt (begin_rebuild): kb -> the name their new shards are
        # written under until commit_rebuild swaps them in.
        self._rebuilding: dict[str, str] = {}
        _finish_swaps(self._root)

    # -- knowledge bases -------------------------------------------------------------

    def _config(self, kind: str) -> qe.EdgeConfig:
        sparse = (
            {SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)} if kind == CHUNK else None
        )
        return qe.EdgeConfig(
            vectors={DENSE: qe.EdgeVectorParams(size=self.dimension, distance=qe.Distance.Cosine)},
            sparse_vectors=sparse,
            # Payload kept in the page cache: filter checks that read it (MatchAny over many
            # document ids) measured ~6x faster than with the default cold storage.
            payload_memory=qe.Memory.Cached,
        )

    def _shard(self, kb: str, kind: str, *, create: bool = False) -> qe.EdgeShard:
        if kb not in self._rebuilding.values():
            check_kb_name(kb)
        with self._mutex:
            if self._closed:
                raise StoreFault("store is closed")
            shard = self._shards.get((kb, kind))
            if shard is not None:
                return shard
            # The chunks shard is created last: its presence means the pair is complete.
            if not _has_data(self._root / kb / _DIRS[CHUNK]):
                if not create:
                    raise KnowledgeBaseNotFound(kb)
                for k in (BINDING, CHUNK):
                    if (kb, k) not in self._shards:
                        self._shards[(kb, k)] = self._create(kb, k)
                return self._shards[(kb, kind)]
            with _storage_errors():
                shard = qe.EdgeShard.load(str(self._root / kb / _DIRS[kind]))
                _ensure_indexes(shard, kind)
            self._shards[(kb, kind)] = shard
            return shard

    def _create(self, kb: str, kind: str) -> qe.EdgeShard:
        path = self._root / kb / _DIRS[kind]
        if _has_data(path):
            shard = qe.EdgeShard.load(str(path))
        else:
            shutil.rmtree(path, ignore_errors=True)  # an empty dir left by a crash
            self._check_room(_NEW_SHARD_BYTES)
            with _storage_errors():
                shard = qe.EdgeShard.create(str(path), self._config(kind))
        with _storage_errors():
            _ensure_indexes(shard, kind)
            shard.flush()
        return shard

    def ensure_kb(self, kb: str) -> None:
        self._shard(kb, CHUNK, create=True)

    def drop_kb(self, kb: str) -> None:
        check_kb_name(kb)
        with self._mutex:
            self._indexes.pop(kb, None)
            self._forget_records(kb)
            for kind in (CHUNK, BINDING):
                self._present.pop(kb, None)
                shard = self._shards.pop((kb, kind), None)
                if shard is not None:
                    shard.close()
            shutil.rmtree(self._root / kb, ignore_errors=True)

    def knowledge_bases(self) -> list[str]:
        """Names of the knowledge bases with shards on disk, sorted."""
        if not self._root.is_dir():
            return []
        return sorted(
            p.name
            for p in self._root.iterdir()
            if not p.name.startswith(".") and _has_data(p / _DIRS[CHUNK])
        )

    # -- rebuilding a knowledge base (evrag reindex) ---------------------------------

    def begin_rebuild(self, kb: str) -> str:
        """Start new, empty shards for `kb` beside its current ones, and return the name to
        write them under (any write method takes it as `kb`). Searches of `kb` keep reading
        the current shards until `commit_rebuild(kb)`; `abandon_rebuild(kb)` drops the new.
        """
        check_kb_name(kb)
        staging = f"{_STAGING}{kb}"
        with self._mutex:
            if self._closed:
                raise StoreFault("store is closed")
            self.abandon_rebuild(kb)
            shutil.rmtree(self._root / staging, ignore_errors=True)
            self._rebuilding[kb] = staging
            generation = _next_generation(self.live_generation(kb))
        self._shard(staging, CHUNK, create=True)
        # In the staging directory, so that it is moved into place with the shards: the
        # marker is the live one exactly when these shards are.
        with _storage_errors():
            _write_generation(self._root / staging / _GENERATION, generation)
        return staging

    def rebuild_generation(self, kb: str) -> str:
        """The generation the rebuild of `kb` in progress (begin_rebuild) makes live when
        committed. StoreFault when none is in progress."""
        with self._mutex:
            staging = self._rebuilding.get(kb)
            if staging is None:
                raise StoreFault(f"no rebuild of {kb} in progress")
            return _read_generation(self._root / staging)

    def live_generation(self, kb: str) -> str:
        """Which generation of `kb`'s shards serves it: the marker a rebuild wrote, moved
        into place with its shards; `INITIAL_GENERATION` for shards never rebuilt (or
        none)."""
        check_kb_name(kb)
        return _read_generation(self._root / kb)

    def commit_rebuild(self, kb: str) -> None:
        """Swap the rebuilt shards in for `kb`'s: searches see the new ones from here on.

        The new shards are flushed and closed, marked complete, then the directories are
        renamed (old out of the way, new into place) under the store's mutex, so a search
        of this process waits for the swap rather than seeing half of it. A crash between
        the two renames leaves a complete staging directory and none for the kb: the next
        open moves it into place (`_finish_swaps`)."""
        with self._mutex:
            staging = self._rebuilding.pop(kb)
            for kind in (BINDING, CHUNK):
                shard = self._shards.pop((staging, kind), None)
                if shard is not None:
                    shard.flush()
                    shard.close()
            (self._root / staging / _COMPLETE).touch()
            _fsync_directory(self._root / staging)
            for kind in (CHUNK, BINDING):
                shard = self._shards.pop((kb, kind), None)
                if shard is not None:
                    shard.close()
            retired = self._root / f"{_RETIRED}{kb}"
            shutil.rmtree(retired, ignore_errors=True)
            if (self._root / kb).exists():
                (self._root / kb).rename(retired)
            (self._root / staging).rename(self._root / kb)
            # the renames durable before the caller applies the catalog's half: after a power
            # loss the old index must not come back beside the new catalog rows
            _fsync_directory(self._root)
            (self._root / kb / _COMPLETE).unlink()
            shutil.rmtree(retired, ignore_errors=True)
            self._indexes.pop(kb, None)
            self._present.pop(kb, None)
            self._forget_records(kb)

    def abandon_rebuild(self, kb: str) -> None:
        """Drop the shards of a rebuild not committed (none: nothing to do)."""
        with self._mutex:
            staging = self._rebuilding.pop(kb, None)
            if staging is None:
                return
            for kind in (BINDING, CHUNK):
                shard = self._shards.pop((staging, kind), None)
                if shard is not None:
                    shard.close()
            self._indexes.pop(staging, None)
            self._present.pop(staging, None)
            self._forget_records(staging)
            shutil.rmtree(self._root / staging, ignore_errors=True)

    def scan(self, kb: str, collection: str) -> Iterator[ScannedPoint]:
        """Every point of one of `kb`'s collections ("chunks" or "bindings"), page by page,
        its payload decoded (`ScannedPoint.problem` says why one cannot be). The vectors
        are read too, on purpose: a damaged vector file is only seen then. The engine's
        errors (a damaged segment) are raised as they are met."""
        kind = collection_kind(collection)
        shard = self._shard(kb, kind)
        offset: Any = None
        while True:
            records, offset = shard.scroll(
                qe.ScrollRequest(
                    offset=offset, limit=_SCROLL_PAGE, with_payload=True, with_vector=True
                )
            )
            for r in records:
                yield scanned_record(r, kind)
            if offset is None:
                return

    def shard_paths(self, kb: str) -> dict[str, Path]:
        """Where `kb`'s collections live on disk ("chunks", "bindings" -> directory)."""
        check_kb_name(kb)
        return {_DIRS[kind]: self._root / kb / _DIRS[kind] for kind in (CHUNK, BINDING)}

    # -- writes ----------------------------------------------------------------------

    def upsert_chunks(
        self, kb: str, chunks: Sequence[ChunkRecord], vectors: Sequence[Sequence[float]]
    ) -> None:
        check_lengths(chunks, vectors)
        shard = self._shard(kb, CHUNK)
        encoder = bm25()
        points = []
        for chunk, vector in zip(chunks, vectors, strict=True):
            named: dict[str, Any] = {DENSE: list(vector)}
            sparse = encoder.encode_document(chunk.text)
            if sparse:
                named[SPARSE] = _sparse(sparse)
            points.append(qe.Point(chunk.chunk_id, named, chunk_payload(chunk)))
        text = sum(len(c.text) for c in chunks) * 2  # the payload's text, and its BM25 terms
        self._check_room((text + self._point_bytes(len(chunks))) * _WRITE_AMPLIFICATION)
        _upsert(shard, points)
        with self._mutex:
            self._forget_records(kb)
            self._present_in(kb, shard).update(c.document_id for c in chunks)

    def upsert_bindings(
        self, kb: str, bindings: Sequence[Binding], vectors: Sequence[Sequence[float]]
    ) -> None:
        check_lengths(bindings, vectors)
        shard = self._shard(kb, BINDING)
        points = [
            qe.Point(b.binding_id, {DENSE: list(v)}, binding_payload(b))
            for b, v in zip(bindings, vectors, strict=True)
        ]
        self._check_room(self._point_bytes(len(bindings)) * _WRITE_AMPLIFICATION)
        _upsert(shard, points)
        with self._mutex:
            index = self._indexes.get(kb)
            if index is not None:
                # Copies: the index outlives the call and must not share the caller's dicts.
                index.add(b.model_copy(deep=True) for b in bindings)

    def delete_document(self, kb: str, document_id: str) -> None:
        flt = _filter(conditions(document_ids=[document_id]))
        for kind in (CHUNK, BINDING):
            with _storage_errors():
                self._shard(kb, kind).update(qe.UpdateOperation.delete_points_by_filter(flt))
        with self._mutex:
            self._forget_records(kb)
            self._present.get(kb, set()).discard(document_id)
            index = self._indexes.get(kb)
            if index is not None:
                index.remove_document(document_id)

    def _point_bytes(self, points: int) -> int:
        """Bytes of `points` points besides their text: the dense vector and the payload's
        fields (locator, ids, keys), a generous 2 KiB."""
        return points * (self.dimension * 4 + 2048)

    def _check_room(self, write_bytes: int) -> None:
        """Refuse a write (StorageFull) that would leave less than `min_free_bytes` free
        under the data directory: checked before, because the engine's memory-mapped files
        cannot report a full disk, they fault (SIGBUS)."""
        need = write_bytes + self.min_free_bytes
        free = shutil.disk_usage(self.data_dir).free
        if free < need:
            raise StorageFull(
                f"{free} bytes free under {self.data_dir}, a write here needs {need} "
                f"(the write and a reserve of {self.min_free_bytes}); free some space"
            )

    def has_room(self) -> bool:
        """Whether a write of the smallest batch would be let through now (for readiness)."""
        return shutil.disk_usage(self.data_dir).free >= self.min_free_bytes

    def _index(self, kb: str) -> BindingIndex:
        """The kb's binding index, read from its shard on first use."""
        shard = self._shard(kb, BINDING)
        with self._mutex:
            index = self._indexes.get(kb)
            if index is None:
                index = BindingIndex()
                index.add(binding_from_payload(p) for p in _scroll(shard, _filter(())))
                self._indexes[kb] = index
            return index

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
        fusion: tuple[float, float] = FUSION_WEIGHTS,
        clause_categories: Sequence[str] | None = None,
    ) -> list[ScoredChunk]:
        shard = self._shard(kb, CHUNK)
        if any(map(matches_nothing, (document_ids, entity_keys, clause_categories))):
            return []
        if top_k <= 0:
            return []
        visible = self._narrow(kb, shard, document_ids)
        if visible is False:
            return []
        flt = _filter(
            conditions(
                entity_keys=entity_keys,
                clause_categories=clause_categories,
                extra=() if visible is None else (visible,),
            )
        )
        limit = prefetch_limit(top_k)
        requests = [
            qe.QueryRequest(
                limit=limit,
                query=qe.Query.Nearest(list(query_vector), using=DENSE),
                filter=flt,
                params=_EXACT,
            )
        ]
        sparse = bm25().encode_query(query_text)
        if sparse:
            requests.append(
                qe.QueryRequest(
                    limit=limit,
                    query=qe.Query.Nearest(_sparse(sparse), using=SPARSE),
                    filter=flt,
                )
            )
        # Both sides in one planned batch, ids and scores only: reading payloads is most
        # of a query's cost (~5 ms for 50 of them at 10k chunks), so only the winners'
        # are read, after fusion (fuse_rrf).
        results = shard.query_batch(qe.QueryBatchRequest(requests))
        ranked: list[list[Hit]] = [[(str(p.id), float(p.score), {}) for p in r] for r in results]
        fused = fuse_rrf(ranked, limit, fusion)[:top_k]
        records = self._chunk_records(kb, shard, [point_id for point_id, _, _ in fused])
        return [ScoredChunk(records[i], score) for i, score, _ in fused]

    def _chunk_records(
        self, kb: str, shard: qe.EdgeShard, point_ids: Sequence[str]
    ) -> dict[str, ChunkRecord]:
        cache = self._records
        with self._mutex:
            generation = self._generation.get(kb, 0)
            found = {i: cache[(kb, i)] for i in point_ids if (kb, i) in cache}
            for i in found:
                cache.move_to_end((kb, i))
        missing: list[int | uuid.UUID | str] = [i for i in point_ids if i not in found]
        if missing:
            read = {
                str(r.id): chunk_from_payload(payload_of(r))
                for r in shard.retrieve(missing, with_payload=True, with_vector=False)
            }
            with self._mutex:
                if self._generation.get(kb, 0) == generation:
                    cache.update(((kb, i), r) for i, r in read.items())
                    while len(cache) > _RECORDS_KEPT:
                        cache.popitem(last=False)
            found.update(read)
        return found

    def _forget_records(self, kb: str) -> None:
        """Caller holds self._mutex: the kb's chunks change."""
        for key in [k for k in self._records if k[0] == kb]:
            del self._records[key]
        for doc in [k for k in self._documents if k[0] == kb]:
            del self._documents[doc]
        self._generation[kb] = self._generation.get(kb, 0) + 1

    def _present_in(self, kb: str, shard: qe.EdgeShard) -> set[str]:
        """Caller holds self._mutex."""
        present = self._present.get(kb)
        if present is None:
            facet = shard.facet(qe.FacetRequest("document_id", limit=1 << 30, exact=True))
            present = self._present[kb] = {str(hit.value) for hit in facet}
        return present

    def _narrow(
        self, kb: str, shard: qe.EdgeShard, document_ids: Sequence[str] | None
    ) -> Condition | Literal[False] | None:
        """The document condition worth sending: None when it admits every document in the
        shard (the usual case: everything committed), False when it admits none, else the
        shorter of the ids admitted or the ids left out (a KB whose exact copies are folded
        leaves out a few). A long list is the costly part of a filtered query (~9 ms for 200
        ids at 10k chunks)."""
        if document_ids is None:
            return None
        with self._mutex:
            present = self._present_in(kb, shard)
            wanted = present.intersection(document_ids)
            if len(wanted) == len(present):
                return None
            if not wanted:
                return False
            if len(wanted) <= len(present) - len(wanted):
                return any_of("document_id", list(wanted))
            return none_of("document_id", list(present - wanted))

    def chunks_of(self, kb: str, document_id: str) -> list[ChunkRecord]:
        shard = self._shard(kb, CHUNK)
        with self._mutex:
            generation = self._generation.get(kb, 0)
            kept = self._documents.get((kb, document_id))
            if kept is not None:
                self._documents.move_to_end((kb, document_id))
                return list(kept)
        records = _scroll(shard, _filter(conditions(document_ids=[document_id])))
        chunks = sorted((chunk_from_payload(p) for p in records), key=chunk_order)
        with self._mutex:
            if self._generation.get(kb, 0) == generation:
                self._documents[(kb, document_id)] = tuple(chunks)
                held = sum(len(c) for c in self._documents.values())
                while held > _DOCUMENT_CHUNKS_KEPT and len(self._documents) > 1:
                    held -= len(self._documents.popitem(last=False)[1])
        return chunks

    def chunks_with_clauses(
        self, kb: str, categories: Sequence[str], *, document_ids: Sequence[str] | None = None
    ) -> list[ChunkRecord]:
        shard = self._shard(kb, CHUNK)
        if matches_nothing(document_ids) or not categories:
            return []
        visible = self._narrow(kb, shard, document_ids)
        if visible is False:
            return []
        flt = _filter(
            conditions(clause_categories=categories, extra=() if visible is None else (visible,))
        )
        return sorted((chunk_from_payload(p) for p in _scroll(shard, flt)), key=clause_chunk_order)

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
        with self._mutex:  # one critical section: a concurrent drop_kb cannot orphan the index
            index = self._index(kb)
            if matches_nothing(document_ids):
                return []
            return index.find(
                role=role,
                parent_key=parent_key,
                subject_key=subject_key,
                binding_type=binding_type,
                document_ids=document_ids,
            )

    def similar_binding_subjects(
        self,
        kb: str,
        vector: Sequence[float],
        *,
        document_ids: Sequence[str] | None = None,
        top_k: int = 5,
    ) -> list[tuple[Binding, float]]:
        shard = self._shard(kb, BINDING)
        if matches_nothing(document_ids) or top_k <= 0:
            return []
        # Extra candidates so that ties at the cut are settled by our key (stable_hits).
        limit = top_k * 2 + 10
        hits = shard.query(
            qe.QueryRequest(
                limit=limit,
                query=qe.Query.Nearest(list(vector), using=DENSE),
                filter=_filter(conditions(document_ids=document_ids)),
                params=_EXACT,
                with_payload=True,
            )
        )
        return scored_bindings(hits_of(hits), limit, top_k)

    def count(self, kb: str, collection: str) -> int:
        shard = self._shard(kb, collection_kind(collection))
        return int(shard.count(qe.CountRequest(exact=True)))

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


# Staging and retired shard directories: a leading "." is no knowledge base's name.
_STAGING = ".rebuild-"
_RETIRED = ".retired-"
_COMPLETE = "REBUILT"
# The file in a kb's directory naming its generation (a rebuild's counter, from 1).
_GENERATION = "GENERATION"


def _read_generation(kb_dir: Path) -> str:
    try:
        return (kb_dir / _GENERATION).read_text(encoding="ascii").strip() or INITIAL_GENERATION
    except FileNotFoundError:
        return INITIAL_GENERATION


def _next_generation(live: str) -> str:
    """The generation after `live`: counted, so deterministic (no clock, nothing random)."""
    return str(int(live) + 1) if live.isdigit() else "1"


def _write_generation(path: Path, generation: str) -> None:
    """Write the marker and make it durable before the swap can make it the live one."""
    with open(path, "w", encoding="ascii") as f:
        f.write(generation)
        f.flush()
        os.fsync(f.fileno())


def _fsync_directory(path: Path) -> None:
    """Make a directory's entries (a file made in it, a rename into or out of it) durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _finish_swaps(root: Path) -> None:
    """At open, with the lock held: finish or undo what a process killed during a rebuild
    left. A complete staging directory whose kb has none was mid-swap: it goes into place;
    any other staging or retired directory goes."""
    if not root.is_dir():
        return
    for path in sorted(root.iterdir()):
        if path.name.startswith(_STAGING):
            target = root / path.name.removeprefix(_STAGING)
            if (path / _COMPLETE).exists() and not target.exists():
                path.rename(target)
                (target / _COMPLETE).unlink()
            else:
                shutil.rmtree(path, ignore_errors=True)
        elif path.name.startswith(_RETIRED):
            shutil.rmtree(path, ignore_errors=True)


def _filter(conds: Sequence[Condition]) -> qe.Filter:
    """The conditions as Qdrant Edge's filter (all must hold)."""
    return qe.Filter(must=[_condition(c) for c in conds])


def _condition(cond: Condition) -> qe.FieldCondition:
    match cond:
        case AnyOf(field, values):
            return qe.FieldCondition(field, match=qe.MatchAny(list(values)))
        case NoneOf(field, values):
            return qe.FieldCondition(field, match=qe.MatchExcept(list(values)))
        case Equals(field, value):
            return qe.FieldCondition(field, match=qe.MatchValue(value))


def _ensure_indexes(shard: qe.EdgeShard, kind: str) -> None:
    """Create the keyword indexes a shard lacks (new, or cut short by a crash)."""
    present = shard.info().payload_schema
    for field in INDEXED[kind]:
        if field not in present:
            shard.update(qe.UpdateOperation.create_field_index(field, qe.PayloadSchemaType.Keyword))


def _has_data(path: Path) -> bool:
    return path.is_dir() and any(path.iterdir())


def _sparse(vec: SparseVec) -> qe.SparseVector:
    return qe.SparseVector(list(vec.indices), list(vec.values))


def _upsert(shard: qe.EdgeShard, points: list[qe.Point]) -> None:
    with _storage_errors():
        for start in range(0, len(points), _UPSERT_BATCH):
            shard.update(qe.UpdateOperation.upsert_points(points[start : start + _UPSERT_BATCH]))


@contextlib.contextmanager
def _storage_errors() -> Iterator[None]:
    """A write or open the disk refused becomes StorageFull (507), whatever raised it."""
    try:
        yield
    except StorageFull:
        raise
    except Exception as exc:
        full = storage_failure(exc)
        if full is None and any(text in str(exc) for text in _ENGINE_STORAGE_ERRORS):
            full = StorageFull(str(exc).splitlines()[0][:300])
        if full is None:
            raise
        raise full from exc


def _scroll(shard: qe.EdgeShard, flt: qe.Filter) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    offset: Any = None
    while True:
        records, offset = shard.scroll(
            qe.ScrollRequest(offset=offset, limit=_SCROLL_PAGE, filter=flt, with_payload=True)
        )
        out.extend(payload_of(r) for r in records)
        if offset is None:
            return out
