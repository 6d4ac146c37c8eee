"""The hostile probe's findings, each replayed from its reproduction (issue 18): nested JSON,
bodies over the limit, page images over the pixel budget, leaked upload files, signed links
that never expired, the question limit and long file names."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import LIMITS, admin_headers

DEEP = {
    "1,000 levels": "[" * 1000 + "]" * 1000,
    "30,000 levels": "[" * 30_000 + "]" * 30_000,
}


def _problem(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.text[:500]
    assert resp.headers["content-type"].startswith("application/problem+json"), resp.headers
    body: dict[str, Any] = resp.json()
    assert body["status"] == status
    return body


def _json_routes(kb: str) -> list[tuple[str, dict[str, str]]]:
    """Every route that takes a JSON body, with the content type it is sent as."""
    json_type = {"content-type": "application/json"}
    return [
        (f"/v1/kbs/{kb}/evaluations", json_type),
        (f"/v1/kbs/{kb}/evaluations", {"content-type": "application/x-ndjson"}),
        (f"/v1/kbs/{kb}/query", json_type),
        ("/v1/sufficiency/evaluate", json_type),
        ("/v1/kbs", json_type),
        ("/v1/keys", json_type),
    ]


# ----------------------------------------------------------------------------- 1. nested JSON


@pytest.mark.parametrize("body", DEEP.values(), ids=DEEP.keys())
def test_deeply_nested_json_is_a_422_naming_the_limit_on_every_json_route(
    api_client: TestClient, loaded_kb: dict[str, str], body: str
) -> None:
    """`[` x 1,000 then `]` x 1,000 to /evaluations answered 500 (RecursionError)."""
    for path, headers in _json_routes(loaded_kb["kb"]):
        resp = api_client.post(path, content=body, headers={**headers, **admin_headers()})
        problem = _problem(resp, 422)
        assert problem["limit"] == "max_json_depth", (path, problem)
        assert "nested deeper than 64 levels" in problem["detail"], problem


def test_nesting_inside_a_valid_body_is_refused_before_parsing(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    deep: Any = []
    for _ in range(100):
        deep = [deep]
    user = {"X-API-Key": loaded_kb["key"]}
    query = {"question": "Who founded Acme Robotics, Inc.?", "evidence_requirements": {"x": deep}}
    assert _problem(api_client.post("/v1/kbs/deals/query", json=query, headers=user), 422)[
        "limit"
    ] == ("max_json_depth")
    line = json.dumps({"id": "q", "subject": {"type": "individual", "constraints": {"x": deep}}})
    resp = api_client.post(
        "/v1/kbs/deals/evaluations",
        content=line + "\n",
        headers={**user, "content-type": "application/x-ndjson"},
    )
    assert _problem(resp, 422)["limit"] == "max_json_depth"
    # Nesting within the limit is still read as usual (here: an unknown field).
    shallow = {"question": "Who founded Acme Robotics, Inc.?", "extra": [[[[1]]]]}
    assert api_client.post("/v1/kbs/deals/query", json=shallow, headers=user).status_code == 422


# ----------------------------------------------------------------------------- 7. body limits


def _chunks(total: int, size: int = 8 * 1024) -> Iterator[bytes]:
    """A body with no declared length (chunked), `total` bytes of one JSON string."""
    yield b'{"question": "'
    sent = 15
    while sent < total:
        yield b"x" * min(size, total - sent)
        sent += size
    yield b'"}'


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_every_json_route_has_the_one_body_limit(
    api_client: TestClient, loaded_kb: dict[str, str], declared: bool
) -> None:
    """A 200 MiB body to /query was read and parsed, then answered 422: now 413 at the limit."""
    over = LIMITS["max_json_body_bytes"] + 1
    for path, headers in _json_routes(loaded_kb["kb"]):
        body: Any = b"".join(_chunks(over)) if declared else _chunks(over)
        resp = api_client.post(path, content=body, headers={**headers, **admin_headers()})
        problem = _problem(resp, 413)
        assert problem["limit"] == "max_json_body_bytes", (path, problem)
        assert str(LIMITS["max_json_body_bytes"]) in problem["detail"]


def test_the_body_limit_stops_reading_at_the_chunk_that_crosses_it() -> None:
    """Enforced while reading: the app never sees the body, and what follows is not read."""
    from api._bodies import JsonBodyLimits
    from api._limits import ApiSettings

    limits = ApiSettings.model_validate({"admin_key": "k", "max_json_body_bytes": 10_000})
    reached = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    read = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": b"x" * 4096, "more_body": read < 1000}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/v1/kbs/a/query", "headers": []}
    asyncio.run(JsonBodyLimits(app, limits)(scope, receive, send))
    assert reached == [] and read == 3  # 3 x 4,096 > 10,000: the third chunk is the last read
    assert sent[0]["status"] == 413
    # An upload is not a JSON body: it streams to disk under its own limits.
    read = 0
    upload = {**scope, "path": "/v1/kbs/a/documents"}
    asyncio.run(JsonBodyLimits(app, limits)(upload, receive, send))
    assert reached == ["/v1/kbs/a/documents"] and read == 0
