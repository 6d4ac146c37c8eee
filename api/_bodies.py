"""One body limit for every JSON route, enforced while the body arrives.

Every request body except a PDF upload (which streams to disk under its own limits, see
api/_uploads.py) is JSON or JSON lines. This ASGI middleware reads it before any route
does: a declared length over `max_json_body_bytes` is refused before a byte is read, a
body that grows past it is refused at the chunk that crosses it (413), and JSON nested
deeper than `max_json_depth` is refused before anything parses it (422). Routes then see
the body already read, so none of them can buffer more than the limit, and FastAPI's own
parsing of a model body (`/query`, `/keys`, `/kbs`) never meets a hostile one.
"""

from __future__ import annotations

import re
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api._errors import LimitExceeded, problem_for
from api._limits import ApiSettings
from app import json_depth_exceeds

_WITH_BODY = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# PDF uploads, and an archive to import (api/_routes.py reads it to disk under its limit)
_UPLOAD = re.compile(r"^/v1/kbs/(?:[^/]+/documents|import)/?$")
# Depth checks of bodies under this size run on the event loop (microseconds).
_INLINE_CHECK_BYTES = 64 * 1024


def body_limit_error(limit: int) -> LimitExceeded:
    return LimitExceeded("max_json_body_bytes", limit, f"request body over {limit} bytes")


class JsonBodyLimits:
    """ASGI middleware: size and nesting limits on every non-upload request body."""

    def __init__(self, app: ASGIApp, limits: ApiSettings) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in _WITH_BODY
            or (scope["method"] == "POST" and _UPLOAD.match(scope["path"]))
        ):
            await self.app(scope, receive, send)
            return
        limit = self.limits.max_json_body_bytes
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(body_limit_error(limit), scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client went away: nobody to answer
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _refuse(body_limit_error(limit), scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        del chunks
        depth = self.limits.max_json_depth
        if len(body) <= _INLINE_CHECK_BYTES:
            too_deep = json_depth_exceeds(body, depth)
        else:
            too_deep = await anyio.to_thread.run_sync(json_depth_exceeds, body, depth)
        if too_deep:
            error = LimitExceeded(
                "max_json_depth", depth, f"JSON nested deeper than {depth} levels", status=422
            )
            await _refuse(error, scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() else None
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body read once more, as one message; then the client's own messages."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(error: LimitExceeded, scope: Scope, receive: Receive, send: Send) -> None:
    response: Any = problem_for(error, scope["path"])
    # The rest of an oversized body is not read: the connection closes after the answer.
    await response(scope, receive, send)
