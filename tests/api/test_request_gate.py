"""Issue 37: a request's key and knowledge base are checked before its body is read, and a
body that stops arriving is cut (408), so an unauthenticated client cannot make the server
buffer anything.

The requests are crafted ASGI calls into the real app (on the test client's own event loop):
`receive` counts the body bytes the app pulls, and can stall.
"""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import LIMITS, admin_headers

_MIB = 1024 * 1024
_CHUNK = 64 * 1024


class _Client:
    """One request's ASGI side: a body of `size` bytes (or one that stalls after `sent`)."""

    def __init__(self, size: int, *, stall_after: int | None = None, chunk: int = _CHUNK) -> None:
        self.size = size
        self.chunk = chunk
        self.body = b""  # what the body starts with; then x's
        self.stall_after = stall_after
        self.read = 0
        self.messages: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        if self.stall_after is not None and self.read >= self.stall_after:
            await anyio.sleep_forever()
        chunk = min(self.chunk, self.size - self.read)
        data = self.body[self.read : self.read + chunk].ljust(chunk, b"x")
        self.read += chunk
        return {"type": "http.request", "body": data, "more_body": self.read < self.size}

    async def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    @property
    def status(self) -> int:
        return int(self.messages[0]["status"])

    @property
    def headers(self) -> dict[bytes, bytes]:
        return dict(self.messages[0]["headers"])


def _call(
    api_client: TestClient, path: str, headers: dict[str, str], client: _Client, *, upload: bool
) -> None:
    kind = b"multipart/form-data; boundary=xyz" if upload else b"application/json"
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 1),
        "headers": [
            (b"host", b"testserver"),
            (b"content-type", kind),
            (b"content-length", str(client.size).encode()),
            *((k.lower().encode(), v.encode()) for k, v in headers.items()),
        ],
    }
    portal = api_client.portal
    assert portal is not None
    portal.call(api_client.app, scope, client.receive, client.send)


@pytest.fixture(scope="module")
def gated_kb(api_client: TestClient) -> dict[str, str]:
    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "gated"}, headers=h).status_code == 201
    assert api_client.post("/v1/kbs", json={"name": "other"}, headers=h).status_code == 201
    key = api_client.post("/v1/keys", json={"kbs": ["other"], "label": "o"}, headers=h).json()
    return {"kb": "gated", "other_key": key["key"]}


_ROUTES = [
    ("/v1/kbs/gated/query", False),
    ("/v1/kbs/gated/documents", True),
    ("/v1/kbs/gated/evaluations", False),
    ("/v1/kbs", False),
    ("/v1/keys", False),
    ("/v1/sufficiency/evaluate", False),
]


@pytest.mark.parametrize(("path", "upload"), _ROUTES)
def test_no_key_is_refused_before_the_body_is_read(
    api_client: TestClient, gated_kb: dict[str, str], path: str, upload: bool
) -> None:
    """The body was read (up to 32 MiB, or a whole upload) before the key was checked."""
    for headers in ({}, {"Authorization": "Bearer not-a-key"}):
        client = _Client(32 * _MIB)
        _call(api_client, path, headers, client, upload=upload)
        assert client.status == 401, (path, client.messages)
        assert client.read == 0, path
        assert client.headers.get(b"connection") == b"close"


@pytest.mark.parametrize(
    ("path", "upload", "status"),
    [
        ("/v1/kbs/gated/query", False, 404),  # a knowledge base the key may not see
        ("/v1/kbs/gated/documents", True, 404),
        ("/v1/kbs/nowhere/documents", True, 404),  # one that does not exist
        ("/v1/kbs", False, 403),  # the admin's
        ("/v1/keys", False, 403),
    ],
)
def test_a_key_that_may_not_is_refused_before_the_body_is_read(
    api_client: TestClient, gated_kb: dict[str, str], path: str, upload: bool, status: int
) -> None:
    client = _Client(32 * _MIB)
    headers = {"Authorization": f"Bearer {gated_kb['other_key']}"}
    if path == "/v1/kbs/nowhere/documents":
        headers = admin_headers()
    _call(api_client, path, headers, client, upload=upload)
    assert client.status == status, (path, client.messages)
    assert client.read == 0, path


@pytest.mark.parametrize(("path", "upload"), _ROUTES[:3])
def test_a_stalled_body_is_cut_with_a_408(
    api_client: TestClient, gated_kb: dict[str, str], path: str, upload: bool, tmp_path: Any
) -> None:
    client = _Client(LIMITS["max_json_body_bytes"], stall_after=2048, chunk=1024)
    if upload:  # a PDF part under way, on disk as a temporary file when the client stalls
        client.body = (
            b'--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n'
            b"Content-Type: application/pdf\r\n\r\n%PDF-1.4\n"
        )
    _call(api_client, path, admin_headers(), client, upload=upload)
    assert client.status == 408, (path, client.messages)
    assert client.headers.get(b"connection") == b"close"
    uploads = api_client.app.state.api.upload_dir  # type: ignore[attr-defined]
    assert not list(uploads.glob(".part-*")), "the partial body was kept"


def test_a_known_key_still_gets_its_answer(
    api_client: TestClient, gated_kb: dict[str, str]
) -> None:
    h = {"Authorization": f"Bearer {gated_kb['other_key']}"}
    resp = api_client.post(
        "/v1/kbs/other/query", json={"question": "Who is the seller?"}, headers=h
    )
    # the skill read it: the seller is a role no agreement of the (empty) knowledge base defines
    assert resp.status_code == 200, resp.text
    assert resp.json()["terminal_state"] == "SUBJECT_NOT_FOUND", resp.text
    assert "defines the seller" in resp.json()["conclusion"]["answer"], resp.text
    assert api_client.post("/v1/kbs", json={"name": "x"}, headers=h).status_code == 403


def test_readyz_says_not_ready_while_the_store_has_no_room(
    api_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: on a full disk /readyz said 200 while writes failed."""
    assert api_client.get("/readyz").status_code == 200
    store = api_client.app.state.api.runtime.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "has_room", lambda: False)
    resp = api_client.get("/readyz")
    assert resp.status_code == 503
    assert resp.json()["detail"].startswith("storage: ")
