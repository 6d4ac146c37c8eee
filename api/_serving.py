"""Embedding uploads inside the server without making queries wait.

Queries embed through the runtime's `Embedder`, which holds a process-wide lock while it
encodes (torch's thread count is process-wide, and a fast tokenizer must not be used by
two threads at once). An ingestion batch holding that lock for a second would stall every
query behind it. The server therefore runs torch with one thread per encode, and embeds
uploads with its own model instance (own tokenizer) outside that lock: a query and an
ingestion batch then run side by side, each on a core.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retrieval import DEFAULT_BACKEND, Embedder

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer


def use_one_torch_thread() -> None:
    """One intra-op thread per encode: concurrency comes from concurrent encodes."""
    import torch

    torch.set_num_threads(1)


class ServingEmbedder(Embedder):
    """An `Embedder` with a private model instance, for the server's ingestion jobs."""

    def __init__(
        self,
        model: str,
        batch_size: int,
        *,
        backend: str = DEFAULT_BACKEND,
        model_cache_dir: Path | None = None,
    ) -> None:
        super().__init__(
            model,
            batch_size,
            threads=1,
            query_threads=1,
            backend=backend,
            model_cache_dir=model_cache_dir,
        )
        self._own: SentenceTransformer | None = None
        self._load_lock = threading.Lock()
        # Ingestion jobs may run in several workers; this instance serves one at a time.
        self._encode_lock = threading.Lock()

    def _torch_model(self) -> SentenceTransformer:
        with self._load_lock:
            if self._own is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                from sentence_transformers import SentenceTransformer

                self._own = SentenceTransformer(self.model, device="cpu", local_files_only=True)
                self._own.eval()
            return self._own

    def _torch_encoding(self, threads: int | None) -> threading.Lock:
        # Its own lock, not the process-wide one: the server runs torch with one thread per
        # encode (use_one_torch_thread), so the thread count is never changed here.
        return self._encode_lock


def serving_ingestor(runtime: Any, batch_size: int) -> Any:
    """The runtime's ingestor (same parser, chunker, extractor) with a ServingEmbedder."""
    from ingest import Ingestor

    base = runtime.ingestor
    return Ingestor(
        base.store,
        base.catalog,
        ServingEmbedder(
            runtime.embedder.model,
            batch_size,
            backend=runtime.embedder.backend,
            model_cache_dir=runtime.embedder.model_cache_dir,
        ),
        base.blobs,
        parser=base.parser,
        chunker=base.chunker,
        extractor=base.extractor,
        embed_context=base.embed_context,
    )
