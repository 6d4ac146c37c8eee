"""How records travel as Qdrant payloads, shared by both backends.

The payload is the record's own JSON (`model_dump(mode="json")`), so it comes back
losslessly, plus two flat fields for filtering: `kind` ("chunk" | "binding") and, for a
binding, `document_id` (copied from its location; a chunk has it already).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import ValidationError

from domain import Binding, ChunkRecord
from retrieval._errors import StoreFault
from retrieval._store import FUSION_WEIGHTS, ScoredChunk

CHUNK = "chunk"
BINDING = "binding"
COLLECTIONS = {"chunks": CHUNK, "bindings": BINDING}
DENSE = "dense"
SPARSE = "bm25"
# Keyword payload indexes: every field a filter uses, per collection.
INDEXED = {
    CHUNK: ("document_id", "entity_keys", "clause_categories"),
    BINDING: ("document_id", "role", "parent_key", "subject_key", "binding_type"),
}
RRF_K = 60


def chunk_payload(chunk: ChunkRecord) -> dict[str, Any]:
    return {**chunk.model_dump(mode="json"), "kind": CHUNK}


def binding_payload(binding: Binding) -> dict[str, Any]:
    return {
        **binding.model_dump(mode="json"),
        "kind": BINDING,
        "document_id": binding.location.document_id,
    }


def chunk_from_payload(payload: dict[str, Any]) -> ChunkRecord:
    data = dict(payload)
    data.pop("kind", None)
    return ChunkRecord.model_validate(data)


def binding_from_payload(payload: dict[str, Any]) -> Binding:
    data = dict(payload)
    data.pop("kind", None)
    data.pop("document_id", None)
    return Binding.model_validate(data)


def check_lengths(records: Sequence[object], vectors: Sequence[Sequence[float]]) -> None:
    if len(records) != len(vectors):
        raise ValueError(f"{len(records)} records but {len(vectors)} vectors")


def prefetch_limit(top_k: int) -> int:
    """Candidates taken from each side of the hybrid search before fusion."""
    return max(top_k, 10) * 5


Hit = tuple[str, float, dict[str, Any]]  # point id, score, payload


class Point(Protocol):
    """A point as either backend's client returns it (record or scored point)."""

    @property
    def id(self) -> object: ...

    @property
    def payload(self) -> dict[str, Any] | None: ...


class ScoredPoint(Point, Protocol):
    """A point with its similarity score."""

    @property
    def score(self) -> float: ...


def payload_of(point: Point) -> dict[str, Any]:
    """The point's payload, a copy the caller owns; every point of ours has one."""
    if point.payload is None:
        raise StoreFault(f"point {point.id} has no payload")
    return dict(point.payload)


def hits_of(points: Sequence[ScoredPoint]) -> list[Hit]:
    """Scored points as hits, in the order given."""
    return [(str(p.id), float(p.score), payload_of(p)) for p in points]


def stable_hits(hits: list[Hit], limit: int) -> list[Hit]:
    """Order by score, ties by id; when the engine filled `limit`, drop the points tied
    with the last one, because which of a tied group made the cut is the engine's choice."""
    hits = sorted(hits, key=lambda h: (-h[1], h[0]))
    if len(hits) >= limit and hits[0][1] != hits[-1][1]:
        last = hits[-1][1]
        hits = [h for h in hits if h[1] != last]
    return hits


def fuse_rrf(
    ranked: Sequence[list[Hit]], limit: int, weights: tuple[float, float] = FUSION_WEIGHTS
) -> list[Hit]:
    """Reciprocal rank fusion, sum of weight / (RRF_K + rank) over the dense then the lexical
    ranking (`weights`, default FUSION_WEIGHTS), computed here rather than by
    the engine so that equal scores get equal ranks: the result then depends only on the
    scores, never on the engine's order among ties (Qdrant ranks tied points by
    position, which follows insertion order)."""
    fused: dict[str, float] = {}
    payloads: dict[str, dict[str, Any]] = {}
    for weight, hits in zip(weights, ranked, strict=False):
        rank, previous = 0, None
        for position, (point_id, score, payload) in enumerate(stable_hits(hits, limit), 1):
            if score != previous:
                rank, previous = position, score
            fused[point_id] = fused.get(point_id, 0.0) + weight / (RRF_K + rank)
            payloads[point_id] = payload
    return sorted(((i, s, payloads[i]) for i, s in fused.items()), key=lambda h: (-h[1], h[0]))


def scored_chunks(fused: list[Hit], top_k: int) -> list[ScoredChunk]:
    return [ScoredChunk(chunk_from_payload(p), score) for _, score, p in fused[:top_k]]


def scored_bindings(hits: list[Hit], limit: int, top_k: int) -> list[tuple[Binding, float]]:
    return [(binding_from_payload(p), score) for _, score, p in stable_hits(hits, limit)[:top_k]]


def binding_order(binding: Binding) -> tuple[str, int, str]:
    return (binding.location.document_id, binding.location.char_start, binding.binding_id)


def chunk_order(chunk: ChunkRecord) -> tuple[int, str]:
    return (chunk.char_start, chunk.chunk_id)


def clause_chunk_order(chunk: ChunkRecord) -> tuple[str, int, str]:
    return (chunk.document_id, chunk.char_start, chunk.chunk_id)


def collection_kind(collection: str) -> str:
    try:
        return COLLECTIONS[collection]
    except KeyError:
        raise ValueError(f"unknown collection {collection!r} (chunks | bindings)") from None


@dataclass(frozen=True, slots=True)
class ScannedPoint:
    """One stored point as a backend's `scan` read it: the id it is stored under, the id and
    document its payload names (None when the payload cannot be read: `problem` says why)
    and the length of its dense vector (0: none)."""

    point_id: str
    record_id: str | None
    document_id: str | None
    vector_size: int
    problem: str | None = None


def scanned_record(record: Any, kind: str) -> ScannedPoint:
    """A scrolled record (Qdrant Edge's or qdrant-client's: `id`, `payload`, `vector` as
    named vectors) as `scan` reports it; its dense vector's size, 0 when it has none."""
    vectors = record.vector if isinstance(record.vector, dict) else {}
    dense = vectors.get(DENSE)
    size = len(dense) if isinstance(dense, list) else 0
    return scanned_point(str(record.id), kind, record.payload, size)


def scanned_point(point_id: str, kind: str, payload: Any, vector_size: int) -> ScannedPoint:
    """The point as `scan` reports it: its payload decoded, or why it cannot be."""
    if payload is None:
        return ScannedPoint(point_id, None, None, vector_size, "no payload")
    try:
        if kind == CHUNK:
            chunk = chunk_from_payload(dict(payload))
            return ScannedPoint(point_id, chunk.chunk_id, chunk.document_id, vector_size)
        binding = binding_from_payload(dict(payload))
        return ScannedPoint(point_id, binding.binding_id, binding.location.document_id, vector_size)
    except (ValidationError, TypeError, ValueError, KeyError) as exc:
        reason = str(exc).splitlines()[0][:200]
        return ScannedPoint(point_id, None, None, vector_size, f"unreadable payload: {reason}")
