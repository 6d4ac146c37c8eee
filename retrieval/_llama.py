"""llama-index integration: our embedder and our stores as llama-index components.

`LlamaEmbedding` lets any llama-index pipeline use the packaged model through our
`Embedder` (offline, batched, duplicate texts embedded once). `LlamaVectorStore` exposes a
knowledge base of either backend as a llama-index vector store, with every locator field
of the chunk in the node's metadata (under names llama-index does not overwrite: it
clobbers `doc_id`, `document_id` and `ref_doc_id`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.schema import BaseNode, TextNode
from llama_index.core.vector_stores.types import (
    BasePydanticVectorStore,
    VectorStoreQuery,
    VectorStoreQueryResult,
)
from pydantic import PrivateAttr

from domain import ChunkRecord
from retrieval._embed import Embedder
from retrieval._store import VectorStore

RECORD_KEY = "evrag_record"


def chunk_to_node(chunk: ChunkRecord) -> TextNode:
    """A llama-index node carrying the chunk's full locator (lossless: see node_to_chunk)."""
    first = chunk.pages[0]
    return TextNode(
        id_=chunk.chunk_id,
        text=chunk.text,
        metadata={
            "evrag_document_id": chunk.document_id,
            "document_name": chunk.document_name,
            "page": first.page,
            "line_start": first.line_start,
            "line_end": first.line_end,
            "section": chunk.section or "",
            "clause": chunk.clause or "",
            RECORD_KEY: chunk.model_dump_json(),
        },
        excluded_embed_metadata_keys=[RECORD_KEY],
        excluded_llm_metadata_keys=[RECORD_KEY],
    )


def node_to_chunk(node: BaseNode) -> ChunkRecord:
    return ChunkRecord.model_validate_json(node.metadata[RECORD_KEY])


class LlamaEmbedding(BaseEmbedding):
    """llama-index's embedding interface over our `Embedder`."""

    _embedder: Embedder = PrivateAttr()

    def __init__(self, embedder: Embedder, **kwargs: Any) -> None:
        super().__init__(model_name=embedder.model, embed_batch_size=embedder.batch_size, **kwargs)
        self._embedder = embedder

    def _get_query_embedding(self, query: str) -> list[float]:
        return list(self._embedder.embed_query(query))

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return list(self._embedder.embed_documents([text])[0])

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return [list(v) for v in self._embedder.embed_documents(texts)]


class LlamaVectorStore(BasePydanticVectorStore):
    """One knowledge base of a `VectorStore` (embedded or server) as a llama-index store.

    Queries run our hybrid search (dense + BM25, fused), restricted to `document_ids` when
    given, so a llama-index retriever sees only committed documents.
    """

    stores_text: bool = True
    kb: str
    document_ids: list[str] | None = None
    _store: VectorStore = PrivateAttr()

    def __init__(self, store: VectorStore, kb: str, document_ids: Sequence[str] | None = None):
        super().__init__(
            stores_text=True,
            kb=kb,
            document_ids=list(document_ids) if document_ids is not None else None,
        )
        self._store = store

    @property
    def client(self) -> Any:
        return self._store

    def add(self, nodes: Sequence[BaseNode], **kwargs: Any) -> list[str]:
        chunks = [node_to_chunk(n) for n in nodes]
        vectors = [n.get_embedding() for n in nodes]
        self._store.upsert_chunks(self.kb, chunks, vectors)
        return [c.chunk_id for c in chunks]

    def delete(self, ref_doc_id: str, **delete_kwargs: Any) -> None:
        self._store.delete_document(self.kb, ref_doc_id)

    def query(self, query: VectorStoreQuery, **kwargs: Any) -> VectorStoreQueryResult:
        if query.query_embedding is None:
            raise ValueError("LlamaVectorStore needs a query embedding")
        hits = self._store.search_chunks(
            self.kb,
            query.query_str or "",
            query.query_embedding,
            document_ids=self.document_ids,
            top_k=query.similarity_top_k,
        )
        return VectorStoreQueryResult(
            nodes=[chunk_to_node(h.chunk) for h in hits],
            similarities=[h.score for h in hits],
            ids=[h.chunk.chunk_id for h in hits],
        )
