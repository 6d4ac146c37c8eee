"""The MCP server on `evrag serve`: streamable HTTP at `/mcp`, behind the API's keys.

The request gate (api/_gate.py) checks the key of a POST or DELETE to `/mcp` before its
body is read, and bounds each wait for the body; the JSON body limits (api/_bodies.py)
bound its size and nesting, as for every `/v1` body. This endpoint checks the key again for
the requests the gate does not see (GET), then hands the request to the SDK's session
manager. Each tool call looks its caller up from its own request's key, so a call sees only
that key's knowledge bases.

The session manager runs stateless with JSON responses: no session lives between requests,
so the API keeps its one-process, no-sticky-sessions shape, and a revoked key stops working
at its next request.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from mcp.server.transport_security import TransportSecuritySettings
from starlette.datastructures import Headers
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from api._auth import Principal
from api._errors import Unauthorized, problem
from api._gate import PRINCIPAL_STATE, UNAUTHORIZED, presented_key
from api._mcp import McpAccess, create_mcp_server
from api._state import ApiState

#: where the MCP server is mounted
MCP_PATH = "/mcp"


def _caller(state: ApiState) -> Any:
    def caller(headers: Mapping[str, str] | None) -> Principal:
        principal = state.keys.authenticate(presented_key(Headers(headers=dict(headers or {}))))
        if principal is None:
            raise Unauthorized(UNAUTHORIZED)
        return principal

    return caller


@asynccontextmanager
async def mcp_lifespan(app: FastAPI, state: ApiState) -> AsyncIterator[None]:
    """Runs the MCP session manager for the app's lifetime (one per start: the SDK runs a
    manager once)."""
    server = create_mcp_server(
        McpAccess(state.runtime, state.limits, _caller(state), state.render_limiter)
    )
    server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        max_request_body_size=state.limits.max_json_body_bytes,
        # DNS rebinding protects servers that trust whoever reaches them; every request here
        # needs an API key, which a rebinding page does not have. The API's own host and
        # origin rules (none) apply to /mcp as to /v1.
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    manager = server.session_manager
    async with manager.run():
        app.state.mcp = manager
        try:
            yield
        finally:
            app.state.mcp = None


class McpEndpoint:
    """ASGI app at `/mcp`: the caller's key, then the SDK's streamable HTTP transport."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = scope["app"]
        state = getattr(app.state, "api", None)
        manager = getattr(app.state, "mcp", None)
        if state is None or manager is None:
            response: Any = problem(
                503, "unavailable", "Not started", "the server is starting", MCP_PATH
            )
            await response(scope, receive, send)
            return
        admitted = scope.get("state", {}).get(PRINCIPAL_STATE)
        if not isinstance(admitted, Principal):
            found = state.keys.authenticate(presented_key(Headers(scope=scope)))
            if found is None:
                response = problem(
                    401, "unauthorized", "Missing or unknown API key", UNAUTHORIZED, MCP_PATH
                )
                await response(scope, receive, send)
                return
        await manager.handle_request(scope, receive, send)


def install_mcp(app: FastAPI) -> None:
    """Mount the MCP endpoint on the app (its session manager runs in the app's lifespan)."""
    # A Route whose endpoint is an ASGI app (not a function) hands it the raw request.
    app.router.routes.append(
        Route(MCP_PATH, McpEndpoint(), methods=["GET", "POST", "DELETE"], include_in_schema=False)
    )
