"""The API's own settings: keys, limits and worker pools (env prefix `EVRAG_`)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from app import DEFAULT_HISTORY_CAP, MAX_JSON_DEPTH
from skill import MAX_QUESTION_CHARS

_MIB = 1024 * 1024


class ApiSettings(BaseSettings):
    """Limits are enforced while a request streams in; over one → 413 or 422 naming it.

    `admin_key` (`EVRAG_ADMIN_KEY`) may create knowledge bases and per-knowledge-base keys.
    Without one, the server makes a random key and keeps it in `<data_dir>/admin_key`.
    """

    model_config = SettingsConfigDict(
        env_prefix="EVRAG_", populate_by_name=True, extra="ignore", frozen=True
    )

    admin_key: SecretStr | None = None
    max_file_bytes: int = Field(default=200 * _MIB, ge=1)
    max_request_bytes: int = Field(default=1024 * _MIB, ge=1)
    max_files_per_request: int = Field(default=200, ge=1)
    # What the skill reads at most (skill.MAX_QUESTION_CHARS): advertised = enforced.
    max_question_chars: int = Field(default=MAX_QUESTION_CHARS, ge=1, le=MAX_QUESTION_CHARS)
    max_batch_items: int = Field(default=10_000, ge=1)
    max_top_k: int = Field(default=50, ge=1)
    # Every request body but an upload (JSON, JSON lines): read at most this much.
    max_json_body_bytes: int = Field(default=32 * _MIB, ge=1)
    # A request body that sends nothing for this long is cut (408): a client that stops
    # mid-body holds no connection and no buffer (issue 37).
    body_read_timeout_seconds: float = Field(default=30.0, gt=0)
    # Arrays and objects nested deeper than this are refused before they are parsed.
    max_json_depth: int = Field(default=MAX_JSON_DEPTH, ge=1, le=500)
    # A page image is rendered at the zoom asked for, lowered to fit this many pixels
    # (16 Mpx: 48 MB of RGB); a page over it even at zoom 0.25 answers 413 naming it.
    max_page_image_pixels: int = Field(default=16_000_000, ge=10_000)
    # Page images rendered at once; more requests wait their turn (memory stays bounded).
    page_render_workers: int = Field(default=2, ge=1)
    ingest_workers: int = Field(default=1, ge=1)
    # Queries and uploads share the process: torch runs one thread per encode and uploads
    # are embedded by their own model instance, so a query never waits for an ingestion
    # batch (see api/_serving.py). False: the runtime's ingestor, all cores, shared lock.
    serve_single_thread_encodes: bool = True
    ingest_embed_batch_size: int = Field(default=32, ge=1)
    eval_workers: int = Field(default=2, ge=1)
    # Signed page links in HTML reports open without a key for this long (default 24 h),
    # and only while the key that made the report is not revoked.
    signed_link_ttl_seconds: int = Field(default=24 * 3600, ge=60)
    # Absolute base for links in HTML reports; None: the request's own base URL.
    public_base_url: str | None = None
    # The answers kept per knowledge base (its history); past it the oldest are dropped.
    history_per_kb: int = Field(default=DEFAULT_HISTORY_CAP, ge=1)
