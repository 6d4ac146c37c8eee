"""Request and response bodies (separate models; the domain records stay in their packages)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True)


class Health(_Out):
    status: Literal["ok", "unavailable"]
    detail: str | None = None


class Readiness(Health):
    """/readyz: Health, and what serves but wants an operator, one line each (additive: a
    knowledge base derived by another release's reader, with the command to run)."""

    notices: list[str] = []


class KeyCreate(_In):
    kbs: list[str] = Field(description="knowledge bases this key may use")
    label: str = Field(default="", max_length=200)


class KeyInfo(_Out):
    key_id: str
    label: str
    kbs: list[str]
    created_at: str


class KeyCreated(KeyInfo):
    key: str = Field(description="the key itself; shown only once")


class KbCreate(_In):
    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
    evidence_requirements: dict[str, Any] | None = Field(
        default=None, description="this knowledge base's default evidence contract"
    )


class KbDerivation(_Out):
    """Which reader derived the knowledge base's committed documents (ingest/_derivation.py):
    `current` false when some were derived by another release's reader (or before readers
    were recorded); `action` is then the command that derives them again."""

    version: str = Field(description="this release's derivation version")
    current: bool
    stale_documents: int = Field(description="committed documents derived by another reader")
    action: str | None = None


class KbInfo(_Out):
    name: str
    documents: int
    # additive: which reader derived its documents (absent from a reply of an older server)
    derivation: KbDerivation | None = None


class DocumentInfo(_Out):
    document_id: str
    name: str
    status: str
    pages: int | None = None
    document_type: str | None = None
    document_date: str | None = None
    title: str | None = None
    independence_group: str | None = None
    # An exact copy (same records but for id and name): the document answers cite instead.
    copy_of: str | None = None
    # Pages read by OCR, and which backend read which ({"rapidocr-onnxruntime 1.4.4": [3]}).
    ocr_pages: list[int] = []
    ocr_backends: dict[str, list[int]] = {}
    # Scanned pages with a text layer (issue 38): per page, the reading kept ("text": its
    # own layer, "ocr": read again), the layer's score and the OCR reading's (None when the
    # page was not read again).
    text_layers: list[dict[str, Any]] = []
    size_bytes: int | None = None
    error: str | None = None
    # What the document states it does to an earlier agreement (amends, supplements,
    # terminates ...): its number, effective date, the agreement it names, the changes it
    # states, and `target_documents`, the document ids that agreement is (issue 16).
    relations: list[dict[str, Any]] = []


class IngestOutcome(_Out):
    name: str
    document_id: str | None = None
    status: str  # committed | duplicate | failed
    code: str | None = None
    reason: str | None = None
    pages: int = 0
    chunks: int = 0
    bindings: int = 0


class JobInfo(_Out):
    job_id: str
    kind: Literal["ingestion", "evaluation"]
    kb: str
    status: Literal["queued", "running", "completed", "cancelled", "failed"]
    total: int
    done: int
    failed: int
    created_at: str
    finished_at: str | None = None
    error: str | None = None
    links: dict[str, str] = Field(default_factory=dict)


class IngestionJobInfo(JobInfo):
    documents: list[IngestOutcome] = Field(default_factory=list)


class QueryRequest(_In):
    question: str | None = Field(default=None, description="a question in prose")
    subject: dict[str, Any] | None = Field(default=None, description="a structured subject class")
    evidence_requirements: dict[str, Any] | None = Field(
        default=None, description="the engine's evidence contract for this request"
    )
    top_k: int | None = Field(default=None, ge=1)
    documents: list[str] | None = Field(
        default=None,
        min_length=1,
        # bounded by the JSON body limit (max_json_body_bytes), as a question is
        description="scope: ids or file names of committed documents; only they are read",
    )
    expected_value: str | bool | int | float | None = Field(
        default=None,
        description=(
            "the claim 'attribute = expected_value', judged by the engine: the answer gains "
            "an `evaluation` (match, mismatch or not_established)"
        ),
    )


class AnswerLinks(_Out):
    self: str = Field(description="the kept answer in the API")
    web: str = Field(description="the answer in the workspace (a stable link)")


class AnswerSummaryInfo(_Out):
    id: int = Field(description="the answer's id in its knowledge base (never given twice)")
    created_at: str = Field(description="when it was answered (the record's, not the answer's)")
    question: str | None
    verdict: str
    links: AnswerLinks


class AnswerPage(_Out):
    total: int = Field(description="answers kept for this knowledge base")
    limit: int
    offset: int
    answers: list[AnswerSummaryInfo] = Field(description="newest first")


class AnswerInfo(_Out):
    id: int
    kb: str
    created_at: str
    question: str | None
    request: dict[str, Any] = Field(description="the query's options as sent")
    verdict: str
    answer: dict[str, Any] = Field(description="the answer exactly as the query returned it")
    links: AnswerLinks


# Ids are numbers of at most 18 digits (the database's integers hold them).
MAX_ANSWER_ID = 10**18 - 1


class AnswerExport(_In):
    # at most as many as a knowledge base keeps (the history's default cap): a body of them
    # stays far under the smallest JSON body limit a deployment sets
    ids: list[Annotated[int, Field(ge=1, le=MAX_ANSWER_ID)]] = Field(
        min_length=1, max_length=1_000, description="the kept answers to export"
    )
    format: Literal["md", "json"] = "json"


class LineBox(_Out):
    line_no: int
    bbox: tuple[float, float, float, float] = Field(
        description="x0,y0,x1,y1 in PDF points, origin top-left"
    )


class PageLinesInfo(_Out):
    """A page's printed lines, numbered as citations number them (`line_start`, `line_end`),
    and the page's size in points: a client places line numbers and highlights with them."""

    page: int
    width: float
    height: float
    lines: list[LineBox]


class EntityInfo(_Out):
    key: str
    name: str
    aliases: list[str]
