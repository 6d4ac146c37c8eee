"""The stores' read side, and the store interface both sides use.

One `VectorStore` interface, two backends: `EdgeStore` (Qdrant Edge, embedded, the
default) and `ServerStore` (a Qdrant server through qdrant-client, when `QDRANT_URL` is
set); `open_store(data_dir, qdrant_url=...)` picks one (`INITIAL_GENERATION`: what either
says of an index no reindex rebuilt). Also the catalog (`Catalog`, SQLite or PostgreSQL,
its schema versioned: `SCHEMA_VERSION`, `MIGRATIONS`), the original files (`BlobStore`)
and the packaged embedding model
(`Embedder`, `model_name`; `OnnxEmbedder` with `ensure_exported` and `model_fingerprint`), the
in-memory `BindingIndex` of a store's bindings, and `ProcessLock`, the lock an embedded store
holds on its folder. The records (`ChunkRecord`, `Binding`, `Alias`, `SourceLocation`) and the
name normalisation (`entity_key`, `AliasResolver`) live in `domain`; they are re-exported
here for callers written before it (new code imports them from `domain`).

Errors (under `domain.EvidenceRagError`; the whole tree is drawn in domain/_errors.py)::

    RetrievalError
    ├── StoreLocked              the embedded store is held by another process (names it)
    ├── StoreUnavailable         a Qdrant server cannot be reached or refused the call
    ├── KnowledgeBaseNotFound    no such knowledge base
    ├── KnowledgeBaseExists      create of a name already taken
    ├── InvalidKnowledgeBaseName a name unfit for a directory or collection
    ├── DocumentNotFound         no such document in the knowledge base
    ├── BlobNotFound             no stored original with that hash
    ├── CatalogTooNew            a catalog written by a newer release (schema version above ours)
    ├── IntegrityCheckDenied     the catalog's PostgreSQL role may not run amcheck
    ├── StoreFault               a store used after it was closed, a point without its payload, a lost collection
    ├── EmbeddingMismatch        a KB used with another embedding model/backend than built
    └── OnnxBackendError         a model the ONNX backend cannot run (not exported)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain import (
    Alias,
    AliasResolver,
    BBox,
    Binding,
    BindingType,
    ChunkRecord,
    LineRef,
    PageLines,
    Resolution,
    ResolutionStatus,
    SourceLocation,
    SubjectType,
    base_key,
    entity_key,
    is_generic_term,
    is_person_name,
    legal_form,
    looks_like_company,
    short_names,
)
from retrieval._binding_index import BindingIndex
from retrieval._catalog import (
    DOCUMENT_METADATA_FIELDS,
    STATEMENT_CELLS_KEY,
    BlobStore,
    Catalog,
    DocumentEntry,
    DocumentStatus,
    IngestionRunEntry,
    KnowledgeBaseEntry,
    ReindexedDocument,
    RunStatus,
)
from retrieval._edge import EdgeStore
from retrieval._embed import (
    DEFAULT_BACKEND,
    KB_EMBEDDING_KEY,
    Embedder,
    EmbeddingMismatch,
    check_embedding,
    claim_kb_embedding,
    model_name,
    recorded_embedding,
)
from retrieval._errors import (
    BlobNotFound,
    CatalogTooNew,
    DocumentNotFound,
    IntegrityCheckDenied,
    InvalidKnowledgeBaseName,
    KnowledgeBaseExists,
    KnowledgeBaseNotFound,
    RetrievalError,
    StoreFault,
    StoreLocked,
    StoreUnavailable,
)
from retrieval._lock import ProcessLock
from retrieval._model_cache import default_model_cache, default_model_path
from retrieval._onnx import OnnxEmbedder, default_cache_dir, ensure_exported, model_fingerprint
from retrieval._open import open_store
from retrieval._payload import ScannedPoint
from retrieval._schema import MIGRATIONS, SCHEMA_VERSION, Migration
from retrieval._store import INITIAL_GENERATION, ScoredChunk, VectorStore

if TYPE_CHECKING:
    from retrieval._llama import LlamaEmbedding, LlamaVectorStore
    from retrieval._server import ServerStore

__all__ = [
    "DEFAULT_BACKEND",
    "DOCUMENT_METADATA_FIELDS",
    "INITIAL_GENERATION",
    "KB_EMBEDDING_KEY",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "STATEMENT_CELLS_KEY",
    "Alias",
    "AliasResolver",
    "BBox",
    "Binding",
    "BindingIndex",
    "BindingType",
    "BlobNotFound",
    "BlobStore",
    "Catalog",
    "CatalogTooNew",
    "ChunkRecord",
    "DocumentEntry",
    "DocumentNotFound",
    "DocumentStatus",
    "EdgeStore",
    "Embedder",
    "EmbeddingMismatch",
    "IngestionRunEntry",
    "IntegrityCheckDenied",
    "InvalidKnowledgeBaseName",
    "KnowledgeBaseEntry",
    "KnowledgeBaseExists",
    "KnowledgeBaseNotFound",
    "LineRef",
    "LlamaEmbedding",
    "LlamaVectorStore",
    "Migration",
    "OnnxEmbedder",
    "PageLines",
    "ProcessLock",
    "ReindexedDocument",
    "Resolution",
    "ResolutionStatus",
    "RetrievalError",
    "RunStatus",
    "ScannedPoint",
    "ScoredChunk",
    "ServerStore",
    "SourceLocation",
    "StoreFault",
    "StoreLocked",
    "StoreUnavailable",
    "SubjectType",
    "VectorStore",
    "base_key",
    "check_embedding",
    "claim_kb_embedding",
    "default_cache_dir",
    "default_model_cache",
    "default_model_path",
    "ensure_exported",
    "entity_key",
    "is_generic_term",
    "is_person_name",
    "legal_form",
    "looks_like_company",
    "model_fingerprint",
    "model_name",
    "open_store",
    "recorded_embedding",
    "short_names",
]

_LLAMA = ("LlamaEmbedding", "LlamaVectorStore")


def __getattr__(name: str) -> Any:
    # llama-index and qdrant-client are slow to import: load them only for their users.
    if name in _LLAMA:
        from retrieval import _llama

        return getattr(_llama, name)
    if name == "ServerStore":
        from retrieval._server import ServerStore

        return ServerStore
    raise AttributeError(f"module 'retrieval' has no attribute {name!r}")
