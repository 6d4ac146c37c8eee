"""The one `Settings` object (env prefix `EVRAG_`), built at the edge and passed down as values."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from retrieval import default_model_cache, default_model_path


class Settings(BaseSettings):
    """Where data lives and which store, catalog and model to use.

    `QDRANT_URL` / `QDRANT_API_KEY` are read without the prefix (the names Qdrant's own
    tools use); everything else is `EVRAG_<FIELD>`.
    """

    model_config = SettingsConfigDict(
        env_prefix="EVRAG_", populate_by_name=True, extra="ignore", frozen=True
    )

    data_dir: Path = Path(".evrag")
    qdrant_url: str | None = Field(
        default=None, validation_alias=AliasChoices("qdrant_url", "QDRANT_URL", "EVRAG_QDRANT_URL")
    )
    qdrant_api_key: str | None = Field(
        default=None,
        validation_alias=AliasChoices("qdrant_api_key", "QDRANT_API_KEY", "EVRAG_QDRANT_API_KEY"),
    )
    # None: a SQLite file in the data directory (filled in below).
    database_url: str | None = None
    embedding_model: str = Field(default_factory=default_model_path)
    embed_batch_size: int = Field(default=64, ge=1)
    # None: every core for ingestion.
    embed_threads: int | None = Field(default=None, ge=1)
    # One thread per query keeps query embeddings bit-identical from run to run.
    query_threads: int = Field(default=1, ge=1)
    # "onnx-int8" (the default: an int8 ONNX export of the same model, ~2.6-3.8x faster on
    # passages than fp32 torch, cosine >= 0.98 to it, equal recall; see bench/embed) or
    # "torch" (fp32 sentence-transformers). A knowledge base records the model and backend
    # that embedded it and refuses another (retrieval._embed.EmbeddingMismatch).
    embed_backend: str = Field(default="onnx-int8", pattern="^(torch|onnx-int8)$")
    # Where exported models are cached (EVRAG_MODEL_CACHE); shared across data directories.
    model_cache: Path = Field(default_factory=default_model_cache)
    # OCR of image regions (EVRAG_OCR): "rapidocr" (the default: PP-OCRv4 ONNX models inside
    # the rapidocr-onnxruntime wheel, no system package), "tesseract" (needs the binary) or
    # "off". Each document records which backend read which page.
    ocr: str = Field(default="rapidocr", pattern="^(rapidocr|tesseract|off)$")
    ocr_dpi: int = Field(default=200, ge=72, le=600)
    # ONNX threads of one OCR parse while `evrag serve` answers questions
    # (EVRAG_SERVE_OCR_THREADS). None: one core fewer than batch ingestion uses (at least 1):
    # OCR of a scanned upload (~9 s of CPU a document) on every core took the questions'
    # CPU on 2 cores; a question needs ~12 ms of a core (bench/soak). OCR's text does not
    # depend on its thread count. `evrag ingest` and other batch commands keep every core.
    serve_ocr_threads: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _fill_database_url(self) -> Settings:
        if not self.database_url:
            url = f"sqlite:///{(self.data_dir / 'catalog.sqlite3').as_posix()}"
            object.__setattr__(self, "database_url", url)
        if self.qdrant_url == "":
            object.__setattr__(self, "qdrant_url", None)
        return self

    def ocr_thread_count(self, *, serving: bool) -> int:
        """ONNX threads for one OCR parse: every core (or `embed_threads`) for batch
        ingestion; while serving, `serve_ocr_threads`, else one core fewer (at least 1)."""
        batch = self.embed_threads or os.cpu_count() or 1
        if not serving:
            return batch
        return self.serve_ocr_threads or min(batch, max(1, (os.cpu_count() or 1) - 1))

    @property
    def catalog_url(self) -> str:
        """`database_url`, always set after validation."""
        assert self.database_url is not None
        return self.database_url
