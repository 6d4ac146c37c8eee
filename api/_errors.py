"""The API's errors, and their rendering as RFC 7807 problem documents.

    ApiError                     base; each carries an HTTP status and a stable `code`
    ├── Unauthorized             no key, or an unknown key (401)
    ├── Forbidden                a valid key that may not do this (403)
    ├── NotFound                 no such resource, or one the key may not see (404)
    ├── Conflict                 the resource exists or is in the wrong state (409)
    ├── LimitExceeded            over a configured limit (413 or 422; names the limit)
    ├── UnsupportedMediaType     not a PDF, or not multipart (415)
    └── BadRequest               malformed input the schema cannot catch (422)

Package errors (`app`, `retrieval`, `ingest`, `skill`, `engine`) are mapped in
`problem_for`: an application error (`app.BatchFormatError`, a questions file that cannot
be read) is a 422.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

PROBLEM_JSON = "application/problem+json"
_TYPE_BASE = "https://evidence-rag.dev/problems/"
_log = logging.getLogger("evrag.api")


class ApiError(Exception):
    status: int = 400
    code: str = "bad_request"
    title: str = "Bad request"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class Unauthorized(ApiError):
    status, code, title = 401, "unauthorized", "Missing or unknown API key"


class Forbidden(ApiError):
    status, code, title = 403, "forbidden", "Not allowed for this key"


class NotFound(ApiError):
    status, code, title = 404, "not_found", "Not found"


class Conflict(ApiError):
    status, code, title = 409, "conflict", "Conflict"


class LimitExceeded(ApiError):
    code, title = "limit_exceeded", "Limit exceeded"

    def __init__(self, limit: str, value: int, detail: str, *, status: int = 413) -> None:
        super().__init__(f"{detail} (limit {limit} = {value})", limit=limit, limit_value=value)
        self.limit = limit
        self.status = status


class UnsupportedMediaType(ApiError):
    status, code, title = 415, "unsupported_media_type", "Unsupported media type"


class BadRequest(ApiError):
    status, code, title = 422, "invalid_input", "Invalid input"


def problem(
    status: int, code: str, title: str, detail: str, instance: str | None = None, **extra: Any
) -> JSONResponse:
    body: dict[str, Any] = {
        "type": _TYPE_BASE + code,
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
    }
    if instance is not None:
        body["instance"] = instance
    body.update({k: v for k, v in extra.items() if v is not None})
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def problem_for(exc: BaseException, instance: str | None = None) -> JSONResponse:
    """The one mapping from any exception to a problem document."""
    if isinstance(exc, ApiError):
        return problem(exc.status, exc.code, exc.title, exc.detail, instance, **exc.extra)
    mapped = _map_package_error(exc)
    if mapped is not None:
        status, code, title, extra = mapped
        return problem(status, code, title, str(exc), instance, **extra)
    _log.error("internal error on %s", instance, exc_info=exc)
    return problem(
        500, "internal_error", "Internal error", "internal error; see the server log", instance
    )


def _map_package_error(exc: BaseException) -> tuple[int, str, str, dict[str, Any]] | None:
    # Imported here: the api must load even while a package is still being built.
    from app import AppError, BatchFormatError, JobConflict, JobNotFound
    from engine import ContractError
    from ingest import PdfRejected
    from retrieval import (
        EmbeddingMismatch,
        InvalidKnowledgeBaseName,
        KnowledgeBaseExists,
        KnowledgeBaseNotFound,
        StoreLocked,
        StoreUnavailable,
    )
    from skill import SubjectClassError

    if isinstance(exc, BatchFormatError):
        return 422, "invalid_questions_file", "Invalid questions file", {"line": exc.line}
    if isinstance(exc, JobNotFound):
        return 404, "not_found", "Not found", {}
    if isinstance(exc, JobConflict):
        return 409, "conflict", "Conflict", {}
    if isinstance(exc, AppError):
        return 422, "invalid_input", "Invalid input", {}

    if isinstance(exc, ContractError):
        return 422, "contract_error", "Invalid sufficiency contract", {}
    if isinstance(exc, SubjectClassError):
        return 422, "subject_class_error", "Cannot identify the subject", {}
    if isinstance(exc, KnowledgeBaseNotFound):
        return 404, "kb_not_found", "Knowledge base not found", {}
    if isinstance(exc, KnowledgeBaseExists):
        return 409, "kb_exists", "Knowledge base exists", {}
    if isinstance(exc, InvalidKnowledgeBaseName):
        return 422, "invalid_kb_name", "Invalid knowledge base name", {}
    if isinstance(exc, StoreUnavailable):
        return 503, "store_unavailable", "Store unavailable", {}
    if isinstance(exc, StoreLocked):
        return 503, "store_locked", "Store locked", {}
    if isinstance(exc, EmbeddingMismatch):
        return 409, "embedding_mismatch", "Knowledge base embedded differently", {}
    if isinstance(exc, PdfRejected):
        return 422, "pdf_rejected", "PDF rejected", {"reason_code": str(exc.code)}
    return None


def install_problem_handlers(app: FastAPI) -> None:
    """Every error leaves the app as `application/problem+json`."""

    async def on_any(request: Request, exc: Exception) -> JSONResponse:
        return problem_for(exc, request.url.path)

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        title = str(exc.detail) if exc.detail else "HTTP error"
        return problem(exc.status_code, code, title, str(exc.detail), request.url.path)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))}
            for e in exc.errors()
        ]
        first = errors[0] if errors else {"loc": [], "msg": "invalid request"}
        detail = f"{'.'.join(first['loc'])}: {first['msg']}"
        return problem(
            422, "validation_error", "Invalid request", detail, request.url.path, errors=errors
        )

    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(RequestValidationError, on_validation)
    # Known bases first, so they are answered by the exception middleware (no traceback);
    # `Exception` last, for the truly unexpected (a 500 problem, logged).
    for base in _package_bases():
        app.add_exception_handler(base, on_any)
    app.add_exception_handler(Exception, on_any)


def _package_bases() -> list[type[Exception]]:
    from app import AppError
    from engine import ContractError
    from ingest import IngestError
    from retrieval import RetrievalError
    from skill import SkillError

    return [ApiError, AppError, ContractError, IngestError, RetrievalError, SkillError]
