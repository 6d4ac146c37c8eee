"""`Annotated` dependencies: the app state, the caller's key, and knowledge-base access."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Request
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from api._auth import Principal
from api._errors import Forbidden, Unauthorized
from api._gate import PRINCIPAL_STATE, UNAUTHORIZED
from api._state import ApiState

_bearer = HTTPBearer(auto_error=False, description="an API key as a bearer token")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="an API key")


def get_state(request: Request) -> ApiState:
    state: ApiState = request.app.state.api
    return state


State = Annotated[ApiState, Depends(get_state)]


def _presented_key(bearer: HTTPAuthorizationCredentials | None, header: str | None) -> str | None:
    if bearer is not None and bearer.credentials:
        return bearer.credentials
    return header or None


def get_principal(
    request: Request,
    state: State,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    header: Annotated[str | None, Depends(_header)],
) -> Principal:
    admitted = getattr(request.state, PRINCIPAL_STATE, None)
    if isinstance(admitted, Principal):  # the gate looked the key up before the body
        return admitted
    principal = state.keys.authenticate(_presented_key(bearer, header))
    if principal is None:
        raise Unauthorized(UNAUTHORIZED)
    return principal


Caller = Annotated[Principal, Depends(get_principal)]


def get_admin(principal: Caller) -> Principal:
    if not principal.is_admin:
        raise Forbidden("this needs the admin key")
    return principal


Admin = Annotated[Principal, Depends(get_admin)]

KbName = Annotated[str, Path(description="knowledge base name", max_length=64)]


def get_kb(kb: KbName, principal: Caller, state: State) -> str:
    """The knowledge base, if it exists and this key may see it; else 404 (the same answer)."""
    from retrieval import KnowledgeBaseNotFound

    if not principal.can_see(kb):
        raise KnowledgeBaseNotFound(kb)
    state.runtime.catalog.get_kb(kb)  # raises KnowledgeBaseNotFound
    return kb


Kb = Annotated[str, Depends(get_kb)]
