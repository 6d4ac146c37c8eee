"""The HTTP API (FastAPI): routes that call the application layer (`app`).

`create_app(settings)` builds the app (its lifespan opens an `app.Runtime`); `serve(settings,
host, port)` runs it with uvicorn (`evrag serve` finds it through the `evrag.server` entry
point) with `access_log_config()`, uvicorn's logging with credentials in logged URLs redacted
(for a deployment that runs uvicorn itself); `ApiSettings` holds the limits and keys `create_app` enforces. The API's own errors
(`ApiError` and its kinds, under `domain.EvidenceRagError`) and `problem_for`, the one mapping
of any exception to a problem document. `serve_mcp(settings, kbs)` is the MCP server over stdio
(`evrag mcp --kb KB`, entry point group `evrag.mcp`); the app serves the same tools at `/mcp`.
FastAPI and the MCP SDK are imported only when one of them is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api._accesslog import access_log_config
    from api._app import create_app, serve
    from api._errors import (
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
    from api._limits import ApiSettings
    from api._mcp import serve_mcp

__all__ = [
    "ApiError",
    "ApiSettings",
    "BadRequest",
    "Conflict",
    "Forbidden",
    "LimitExceeded",
    "NotFound",
    "Unauthorized",
    "UnsupportedMediaType",
    "access_log_config",
    "create_app",
    "problem_for",
    "serve",
    "serve_mcp",
]
_APP = ("create_app", "serve")


def __getattr__(name: str) -> Any:
    if name == "access_log_config":
        from api._accesslog import access_log_config

        return access_log_config
    if name == "ApiSettings":
        from api._limits import ApiSettings

        return ApiSettings
    if name == "serve_mcp":
        from api._mcp import serve_mcp

        return serve_mcp
    if name in _APP:
        from api import _app

        return getattr(_app, name)
    if name in __all__:
        from api import _errors

        return getattr(_errors, name)
    raise AttributeError(f"module 'api' has no attribute {name!r}")
