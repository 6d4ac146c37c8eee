"""Every project error maps to the problem document it has always mapped to.

The expected documents were written from `api/_errors.py`'s one-by-one mapping
(`_map_package_error`) before it was folded onto the classes: same status, code, title,
detail and extra members. An error that stands for a fault (status 500) is answered as
an internal error, its message kept for the log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api import (
    ApiError,
    BadRequest,
    Conflict,
    Forbidden,
    LimitExceeded,
    NotFound,
    Unauthorized,
    UnsupportedMediaType,
    problem_for,
)
from app import AppError, BatchFormatError, JobConflict, JobNotFound
from domain import LexiconError
from ingest import ClauseModelError, IngestError, PdfRejected, RejectCode
from retrieval import (
    BlobNotFound,
    DocumentNotFound,
    EmbeddingMismatch,
    InvalidKnowledgeBaseName,
    KnowledgeBaseExists,
    KnowledgeBaseNotFound,
    RetrievalError,
    StoreFault,
    StoreLocked,
    StoreUnavailable,
)
from skill import ContractError, IllegalTransition, SkillError, SubjectClassError

_INTERNAL = (500, "internal_error", "Internal error", "internal error; see the server log")


def _doc(status: int, code: str, title: str, detail: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": "https://evidence-rag.dev/problems/" + code,
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
        "instance": "/v1/x",
        **extra,
    }


_MISMATCH = EmbeddingMismatch(
    "kb", {"model": "m", "backend": "torch"}, {"model": "n", "backend": "onnx"}
)

CASES: list[tuple[BaseException, dict[str, Any]]] = [
    (
        BatchFormatError("not JSON", line=3),
        _doc(422, "invalid_questions_file", "Invalid questions file", "line 3: not JSON", line=3),
    ),
    (
        BatchFormatError("empty file"),
        _doc(422, "invalid_questions_file", "Invalid questions file", "empty file"),
    ),
    (JobNotFound("no job 'j1'"), _doc(404, "not_found", "Not found", "no job 'j1'")),
    (JobConflict("job is done"), _doc(409, "conflict", "Conflict", "job is done")),
    (AppError("bad input"), _doc(422, "invalid_input", "Invalid input", "bad input")),
    (
        SubjectClassError("q?", "no known kind"),
        _doc(
            422,
            "subject_class_error",
            "Cannot identify the subject",
            "cannot identify the subject of the question: no known kind",
        ),
    ),
    (
        KnowledgeBaseNotFound("kb1"),
        _doc(
            404, "kb_not_found", "Knowledge base not found", "knowledge base 'kb1' does not exist"
        ),
    ),
    (
        KnowledgeBaseExists("kb1"),
        _doc(409, "kb_exists", "Knowledge base exists", "knowledge base 'kb1' already exists"),
    ),
    (
        InvalidKnowledgeBaseName("-x"),
        _doc(
            422,
            "invalid_kb_name",
            "Invalid knowledge base name",
            "invalid knowledge base name '-x': use 1-64 letters, digits, '_' or '-', "
            "starting with a letter or digit",
        ),
    ),
    (
        StoreUnavailable("http://q:6333", "refused"),
        _doc(
            503,
            "store_unavailable",
            "Store unavailable",
            "Qdrant server at http://q:6333 is unavailable: refused",
        ),
    ),
    (
        StoreLocked(Path("/data/qdrant/lock"), 42, "evrag serve"),
        _doc(
            503,
            "store_locked",
            "Store locked",
            "the embedded store at /data/qdrant is in use by process 42 (evrag serve); "
            "stop it, or talk to that server instead",
        ),
    ),
    (
        _MISMATCH,
        _doc(409, "embedding_mismatch", "Knowledge base embedded differently", str(_MISMATCH)),
    ),
    (
        PdfRejected("a.pdf", "the file is empty", RejectCode.EMPTY),
        _doc(
            422,
            "pdf_rejected",
            "PDF rejected",
            "a.pdf: the file is empty (empty)",
            reason_code="empty",
        ),
    ),
    (Unauthorized("no key"), _doc(401, "unauthorized", "Missing or unknown API key", "no key")),
    (Forbidden("admin only"), _doc(403, "forbidden", "Not allowed for this key", "admin only")),
    (NotFound("no such kb"), _doc(404, "not_found", "Not found", "no such kb")),
    (Conflict("taken"), _doc(409, "conflict", "Conflict", "taken")),
    (
        LimitExceeded("max_top_k", 50, "top_k too large", status=422),
        _doc(
            422,
            "limit_exceeded",
            "Limit exceeded",
            "top_k too large (limit max_top_k = 50)",
            limit="max_top_k",
            limit_value=50,
        ),
    ),
    (
        LimitExceeded("max_upload_bytes", 10, "upload too large"),
        _doc(
            413,
            "limit_exceeded",
            "Limit exceeded",
            "upload too large (limit max_upload_bytes = 10)",
            limit="max_upload_bytes",
            limit_value=10,
        ),
    ),
    (
        UnsupportedMediaType("not a PDF"),
        _doc(415, "unsupported_media_type", "Unsupported media type", "not a PDF"),
    ),
    (BadRequest("bad field"), _doc(422, "invalid_input", "Invalid input", "bad field")),
    (ApiError("odd"), _doc(400, "bad_request", "Bad request", "odd")),
    # Faults: answered as an internal error, the message left to the server log.
    (IllegalTransition("INIT", "CONCLUDED"), _doc(*_INTERNAL)),
    (SkillError("x"), _doc(*_INTERNAL)),
    (RetrievalError("x"), _doc(*_INTERNAL)),
    (BlobNotFound("ab" * 32), _doc(*_INTERNAL)),
    (StoreFault("store is closed"), _doc(*_INTERNAL)),
    (IngestError("x"), _doc(*_INTERNAL)),
    (ClauseModelError("cannot read the clause model"), _doc(*_INTERNAL)),
    (LexiconError("roles.yaml: roles: expected a mapping"), _doc(*_INTERNAL)),
    (RuntimeError("boom"), _doc(*_INTERNAL)),
    # Two documents that changed with the one root:
    # the engine's ContractError, translated, adds the field it names (it had no extra);
    (
        ContractError("evidence_bundle[3].confidence", "must be between 0 and 1"),
        _doc(
            422,
            "contract_error",
            "Invalid sufficiency contract",
            "evidence_bundle[3].confidence: must be between 0 and 1",
            field="evidence_bundle[3].confidence",
        ),
    ),
    # a document gone between the route's look-up and the delete was a 500.
    (
        DocumentNotFound("kb1", "ab" * 32),
        _doc(
            404,
            "document_not_found",
            "Document not found",
            f"no document {'ab' * 32} in knowledge base 'kb1'",
        ),
    ),
]


@pytest.mark.parametrize(
    ("exc", "expected"), CASES, ids=[type(e).__name__ + str(i) for i, (e, _) in enumerate(CASES)]
)
def test_problem_document(exc: BaseException, expected: dict[str, Any]) -> None:
    response = problem_for(exc, "/v1/x")
    assert response.status_code == expected["status"]
    assert response.media_type == "application/problem+json"
    assert json.loads(bytes(response.body)) == expected
    assert (response.headers.get("www-authenticate") == "Bearer") == (expected["status"] == 401)
