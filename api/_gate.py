"""The caller's key, and the knowledge base it names, checked before a body is read; and a
body that stops arriving, cut.

Issue 37: a request's body was read (a JSON body up to `max_json_body_bytes`, an upload to
disk) before its key was checked, with no read timeout, so any client that could reach the
port could make the server buffer 32 MiB per connection and hold it. This ASGI middleware,
the outermost of the app's own, answers a `/v1` request that carries a body before one byte
of it is read when the key is missing or unknown (401), names a knowledge base it may not
see or that does not exist (404, the routes' one answer for both), or creates keys or
knowledge bases without being the admin's (403). Every wait for the next piece of a body is
bounded by `body_read_timeout_seconds`: past it the request is answered 408 and what had
arrived is dropped (the JSON body with the request, an upload's temporary file by its
receiver). A refusal that leaves a body unread closes the connection after the answer.

A message to the MCP server (`POST /mcp`, api/_mcp_http.py) is admitted the same way.

The routes keep their own checks; they find the principal authenticated here in the
request's state instead of looking the key up again.
"""

from __future__ import annotations

import re
from typing import Any

import anyio
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api._auth import Principal
from api._errors import Forbidden, RequestTimeout, Unauthorized, problem_for
from api._limits import ApiSettings
from domain import EvidenceRagError

#: where the gate leaves the authenticated caller (the request's `state`)
PRINCIPAL_STATE = "evrag_principal"
UNAUTHORIZED = "send an API key: Authorization: Bearer <key> or X-API-Key: <key>"

_WITH_BODY = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_KB_PATH = re.compile(r"^/v1/kbs/([^/]{1,64})(?:/|$)")
_IMPORT_PATH = "/v1/kbs/import"  # names the knowledge base it creates in its body, not here
_ADMIN_POSTS = frozenset({"/v1/kbs", "/v1/keys", _IMPORT_PATH})
_CLOSE = (b"connection", b"close")
_MCP_PATH = "/mcp"  # the MCP server's messages are bodies too (api/_mcp_http.py)


def presented_key(headers: Headers) -> str | None:
    """The key a request presents: `Authorization: Bearer <key>`, else `X-API-Key`."""
    scheme, _, credentials = headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and credentials:
        return credentials
    return headers.get("x-api-key") or None


class RequestGate:
    """ASGI middleware: admission before the body, and a timeout on each wait for it."""

    def __init__(self, app: ASGIApp, limits: ApiSettings) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        state = getattr(getattr(scope.get("app"), "state", None), "api", None)
        if (
            scope["type"] != "http"
            or scope["method"] not in _WITH_BODY
            or not (scope["path"].startswith("/v1/") or scope["path"] == _MCP_PATH)
            or state is None
        ):
            await self.app(scope, receive, send)
            return
        try:
            principal = await anyio.to_thread.run_sync(_admit, state, scope)
        except EvidenceRagError as error:
            await _answer(error, scope, receive, send)
            return
        scope.setdefault("state", {})[PRINCIPAL_STATE] = principal
        body = _TimedBody(receive, self.limits.body_read_timeout_seconds)
        started = False

        async def send_closing(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if body.timed_out:  # the rest of the body is never read
                    message = {**message, "headers": [*message.get("headers", ()), _CLOSE]}
            await send(message)

        try:
            await self.app(scope, body.receive, send_closing)
        except RequestTimeout as error:  # met outside the routes (the JSON body reader)
            if started:
                raise
            await _answer(error, scope, receive, send)


class _TimedBody:
    """`receive`, each wait for a piece of the body bounded; once the body is whole (or the
    client gone), the client's own `receive` (a wait for a disconnect is not a body's)."""

    def __init__(self, receive: Receive, seconds: float) -> None:
        self._receive = receive
        self._seconds = seconds
        self._whole = False
        self.timed_out = False

    async def receive(self) -> Message:
        if self._whole:
            return await self._receive()
        with anyio.move_on_after(self._seconds) as waited:
            message = await self._receive()
        if waited.cancelled_caught:
            self.timed_out = True
            raise RequestTimeout(
                f"no part of the request body arrived for {self._seconds:g} s; "
                "send the body without pauses"
            )
        if message["type"] != "http.request" or not message.get("more_body", False):
            self._whole = True
        return message


def _admit(state: Any, scope: Scope) -> Principal:
    """The caller, if it may make this request; else the routes' own refusal."""
    principal: Principal | None = state.keys.authenticate(presented_key(Headers(scope=scope)))
    if principal is None:
        raise Unauthorized(UNAUTHORIZED)
    path = scope["path"]
    if scope["method"] == "POST" and path in _ADMIN_POSTS and not principal.is_admin:
        raise Forbidden("this needs the admin key")
    found = _KB_PATH.match(path)
    if found and not (scope["method"] == "POST" and path == _IMPORT_PATH):
        from retrieval import KnowledgeBaseNotFound

        kb = found.group(1)
        if not principal.can_see(kb):
            raise KnowledgeBaseNotFound(kb)
        state.runtime.catalog.get_kb(kb)  # raises KnowledgeBaseNotFound
    return principal


async def _answer(error: EvidenceRagError, scope: Scope, receive: Receive, send: Send) -> None:
    response: Any = problem_for(error, scope["path"])
    response.headers["connection"] = "close"  # the body is left unread
    await response(scope, receive, send)
