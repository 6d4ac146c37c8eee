"""The store interface: one facade, two backends (Qdrant Edge embedded; Qdrant server)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from domain import Binding, ChunkRecord

# Weights of the dense and the lexical (BM25) ranking in the fusion. Measured on the
# FinanceBench gold evidence pages (15 filings, 25 questions; bench/ingest), recall@5/@10:
# equal weights 0.48/0.56, dense only 0.48/0.66, dense 3 : lexical 1 0.48/0.64. Lexical
# matches still lift exact names, clause words and figures the dense side ranks low.
FUSION_WEIGHTS = (3.0, 1.0)

# The generation of a knowledge base's index that no `evrag reindex` made (a rebuild's
# generations are counted from "1"); what `live_generation` says of it.
INITIAL_GENERATION = "initial"


@dataclass(frozen=True, slots=True)
class ScoredChunk:
    chunk: ChunkRecord
    score: float  # fused hybrid score; higher is better; ties broken by chunk_id


class VectorStore(Protocol):
    """Everything `ingest` writes and `retrieval`/`skill` read. One knowledge base = one
    shard (embedded) or one pair of collections `{kb}__chunks` / `{kb}__bindings` (server).

    Visibility: searches take `document_ids` (the catalog's committed documents) so a
    half-written document is never seen.
    """

    def ensure_kb(self, kb: str) -> None: ...

    def drop_kb(self, kb: str) -> None: ...

    def upsert_chunks(
        self, kb: str, chunks: Sequence[ChunkRecord], vectors: Sequence[Sequence[float]]
    ) -> None: ...

    def upsert_bindings(
        self, kb: str, bindings: Sequence[Binding], vectors: Sequence[Sequence[float]]
    ) -> None: ...

    def delete_document(self, kb: str, document_id: str) -> None: ...

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
        """Hybrid search: dense + BM25 sparse fused (RRF with the (dense, lexical) weights
        `fusion`); filters are ANDed (`clause_categories`: chunks holding a sentence of any
        of these categories); deterministic."""
        ...

    def chunks_of(self, kb: str, document_id: str) -> list[ChunkRecord]:
        """Every chunk of one document in char order."""
        ...

    def chunks_with_clauses(
        self, kb: str, categories: Sequence[str], *, document_ids: Sequence[str] | None = None
    ) -> list[ChunkRecord]:
        """Every chunk holding a sentence of any of `categories` (an exact payload filter),
        in these documents; sorted by (document_id, char_start, chunk_id)."""
        ...

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
        """Exact payload look-up; sorted by (document_id, char_start, binding_id)."""
        ...

    def similar_binding_subjects(
        self,
        kb: str,
        vector: Sequence[float],
        *,
        document_ids: Sequence[str] | None = None,
        top_k: int = 5,
    ) -> list[tuple[Binding, float]]: ...

    def count(self, kb: str, collection: str) -> int: ...

    def close(self) -> None: ...
