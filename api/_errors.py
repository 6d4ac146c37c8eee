"""The API's errors, and their rendering as RFC 7807 problem documents.

    ApiError                     base (under domain.EvidenceRagError); status, code, title
    ├── Unauthorized             no key, or an unknown key (401)
    ├── Forbidden                a valid key that may not do this (403)
    ├── NotFound                 no such resource, or one the key may not see (404)
    ├── RequestTimeout           a request body that stopped arriving (408)
    ├── Conflict                 the resource exists or is in the wrong state (409)
    ├── LimitExceeded            over a configured limit (413 or 422; names the limit)
    ├── UnsupportedMediaType     not a PDF, or not multipart (415)
    └── BadRequest               malformed input the schema cannot catch (422)

Every error of the project is an `EvidenceRagError` (the tree is drawn in
domain/_errors.py) that says its own status, code, title and extra fields, so `problem_for`
maps the root once. The engine's `ContractError` arrives as `skill.ContractError`,
translated where the project calls the engine. A status of 500 is a fault of ours: it is
answered as an internal error, the message kept for the server log.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from domain import EvidenceRagError

PROBLEM_JSON = "application/problem+json"
_TYPE_BASE = "https://evidence-rag.dev/problems/"
_log = logging.getLogger("evrag.api")


class ApiError(EvidenceRagError):
    """An error of the HTTP edge itself; `extra` are the problem's added fields."""

    status, code, title = 400, "bad_request", "Bad request"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self._extra = extra

    @property
    def extra(self) -> Mapping[str, Any]:
        return self._extra


class Unauthorized(ApiError):
    status, code, title = 401, "unauthorized", "Missing or unknown API key"


class Forbidden(ApiError):
    status, code, title = 403, "forbidden", "Not allowed for this key"


class NotFound(ApiError):
    status, code, title = 404, "not_found", "Not found"


class RequestTimeout(ApiError):
    status, code, title = 408, "request_timeout", "Request body timed out"


class Conflict(ApiError):
    status, code, title = 409, "conflict", "Conflict"


class LimitExceeded(ApiError):
    status, code, title = 413, "limit_exceeded", "Limit exceeded"

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
    if isinstance(exc, EvidenceRagError) and exc.status != 500:
        # Code and title are the class's: PdfRejected's own `.code` is its RejectCode.
        cls = type(exc)
        return problem(exc.status, cls.code, cls.title, str(exc), instance, **exc.extra)
    code = type(exc).code if isinstance(exc, EvidenceRagError) else "internal_error"
    _log.error("internal error (%s) on %s", code, instance, exc_info=exc)
    return problem(
        500, "internal_error", "Internal error", "internal error; see the server log", instance
    )


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
    # The project's root first, so its errors are answered by the exception middleware (no
    # traceback); `Exception` last, for the truly unexpected (a 500 problem, logged).
    app.add_exception_handler(EvidenceRagError, on_any)
    app.add_exception_handler(Exception, on_any)
