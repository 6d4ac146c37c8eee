"""How records travel as Qdrant payloads, shared by both backends.

The payload is the record's own JSON (`model_dump(mode="json")`), so it comes back
losslessly, plus two flat fields for filtering: `kind` ("chunk" | "binding") and, for a
binding, `document_id` (copied from its location; a chunk has it already).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from retrieval._model import Binding, ChunkRecord
from retrieval._store import ScoredChunk

CHUNK = "chunk"
BINDING = "binding"
COLLECTIONS = {"chunks": CHUNK, "bindings": BINDING}
DENSE = "dense"
SPARSE = "bm25"
# Keyword payload indexes: every field a filter uses.
INDEXED_FIELDS = (
    "kind",
    "document_id",
    "entity_keys",
    "role",
    "parent_key",
    "subject_key",
    "binding_type",
)
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


def rank_chunks(scored: list[ScoredChunk], top_k: int) -> list[ScoredChunk]:
    """Score descending, ties by chunk_id: the same order whatever the engine returned."""
    scored.sort(key=lambda s: (-s.score, s.chunk.chunk_id))
    return scored[:top_k]


def rank_bindings(scored: list[tuple[Binding, float]], top_k: int) -> list[tuple[Binding, float]]:
    scored.sort(key=lambda s: (-s[1], s[0].binding_id))
    return scored[:top_k]


def binding_order(binding: Binding) -> tuple[str, int, str]:
    return (binding.location.document_id, binding.location.char_start, binding.binding_id)


def chunk_order(chunk: ChunkRecord) -> tuple[int, str]:
    return (chunk.char_start, chunk.chunk_id)


def collection_kind(collection: str) -> str:
    try:
        return COLLECTIONS[collection]
    except KeyError:
        raise ValueError(f"unknown collection {collection!r} (chunks | bindings)") from None
