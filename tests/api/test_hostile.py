"""The hostile probe's findings, each replayed from its reproduction (issue 18): nested JSON,
bodies over the limit, page images over the pixel budget, leaked upload files, signed links
that never expired, the question limit and long file names."""

from __future__ import annotations

import asyncio
import json
import math
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
    from api import ApiSettings
    from api._bodies import JsonBodyLimits

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


# ----------------------------------------------------------------------------- 2. page images


def _one_page_pdf(width: float, height: float) -> bytes:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=width, height=height)
    page.insert_text((72, 72), "Poster of the Acme Robotics, Inc. supply agreement.", fontsize=11)
    data: bytes = doc.tobytes()
    doc.close()
    return data


_SMALL_BUDGET = 4_000_000  # pixels: a letter page at zoom 4 is over it, at zoom 2 under


@pytest.fixture(scope="module")
def small_budget(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict]]:
    """An app of its own whose page images may have 4 Mpx, with three pages of different
    shapes ingested: a letter page, a strip 14,400 pt wide, a 14,400 pt square poster."""
    from api import ApiSettings, create_app
    from app import Settings
    from tests.api.conftest import wait_job

    limits = ApiSettings.model_validate({**LIMITS, "max_page_image_pixels": _SMALL_BUDGET})
    data_dir = tmp_path_factory.mktemp("small-budget")
    h = admin_headers()
    shapes = {"letter": (612, 792), "strip": (14_400, 100), "poster": (14_400, 14_400)}
    with TestClient(create_app(Settings(data_dir=data_dir), limits)) as client:
        assert client.post("/v1/kbs", json={"name": "shapes"}, headers=h).status_code == 201
        urls = {}
        for name, (width, height) in shapes.items():
            files = [("files", (f"{name}.pdf", _one_page_pdf(width, height), "application/pdf"))]
            job = client.post("/v1/kbs/shapes/documents", files=files, headers=h).json()
            done = wait_job(client, job["links"]["self"], h)
            assert done["documents"][0]["status"] == "committed", done
            document_id = done["documents"][0]["document_id"]
            urls[name] = f"/v1/kbs/shapes/documents/{document_id}/pages/1/image"
        yield client, urls


def _pixels(width_pt: float, height_pt: float, zoom: float) -> int:
    return math.ceil(width_pt * zoom) * math.ceil(height_pt * zoom)


def test_a_page_image_is_bounded_by_its_pixels_not_its_zoom(
    small_budget: tuple[TestClient, dict],
) -> None:
    """A 14,400 pt square page at zoom 2 or 4 was a 500 (FzErrorLimit); at zoom 1, 2 GB.
    The zoom asked for is lowered to the largest (3 decimals) whose image fits the budget."""
    import pymupdf

    client, urls = small_budget
    h = admin_headers()
    for name, (width, height), zoom in (
        ("letter", (612, 792), 2.0),
        ("letter", (612, 792), 4.0),
        ("strip", (14_400, 100), 1.0),
        ("strip", (14_400, 100), 4.0),
    ):
        resp = client.get(urls[name], params={"zoom": zoom}, headers=h)
        assert resp.status_code == 200, resp.text[:300]
        fitted = float(resp.headers["x-page-zoom"])
        image = pymupdf.Pixmap(resp.content)
        assert (image.width, image.height) == (
            math.ceil(width * fitted),
            math.ceil(height * fitted),
        )
        if _pixels(width, height, zoom) <= _SMALL_BUDGET:
            assert fitted == zoom, name  # untouched
        else:
            # the largest zoom that fits, not a token thumbnail
            assert (
                _pixels(width, height, fitted)
                <= _SMALL_BUDGET
                < (_pixels(width, height, fitted + 0.001))
            ), (name, zoom, fitted)
    # Beyond the budget even at the smallest zoom: a 413 naming the limit, nothing rendered.
    for zoom in (0.25, 1.0, 4.0):
        refused = _problem(client.get(urls["poster"], params={"zoom": zoom}, headers=h), 413)
        assert refused["limit"] == "max_page_image_pixels", refused
        assert str(_SMALL_BUDGET) in refused["detail"]


@pytest.mark.slow
def test_the_page_image_route_clamps_and_renders_in_a_bounded_pool(
    api_client: TestClient, loaded_kb: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    import api._routes
    from tests.api.conftest import wait_job

    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "posters"}, headers=h).status_code == 201
    files = [("files", ("poster.pdf", _one_page_pdf(14_400, 14_400), "application/pdf"))]
    job = api_client.post("/v1/kbs/posters/documents", files=files, headers=h).json()
    done = wait_job(api_client, job["links"]["self"], h)
    assert done["documents"][0]["status"] == "committed", done
    url = f"/v1/kbs/posters/documents/{done['documents'][0]['document_id']}/pages/1/image"
    state = api_client.app.state.api  # type: ignore[attr-defined]
    budget = state.limits.max_page_image_pixels
    for zoom in ("1", "2", "4"):
        resp = api_client.get(url, params={"zoom": zoom}, headers=h)
        assert resp.status_code == 200, resp.text[:300]
        assert float(resp.headers["x-page-zoom"]) < 0.3
    # Eight at once: never more than the pool's size (2) rendering together.
    render, lock, now, most = api._routes.render_page_image, threading.Lock(), [0], [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        try:
            time.sleep(0.05)
            return render(*args, **kwargs)
        finally:
            with lock:
                now[0] -= 1

    monkeypatch.setattr(api._routes, "render_page_image", counted)
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda _: api_client.get(url, headers=h).status_code, range(8)))
    assert codes == [200] * 8
    assert most[0] == state.limits.page_render_workers == 2
    assert budget == 16_000_000


# ----------------------------------------------------------------------------- 8. signed links

GOVERNING_LAW = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?"
)


def test_a_reports_signed_links_expire_and_die_with_the_key_that_made_them(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    """The probe's links survived restarts and the revocation of the key that made them."""
    import re
    import time
    from urllib.parse import parse_qs, urlsplit

    from tests.api.conftest import wait_job

    h = admin_headers()
    made = api_client.post("/v1/keys", json={"kbs": ["deals"], "label": "report"}, headers=h)
    key = made.json()
    user = {"X-API-Key": key["key"]}
    job = api_client.post(
        "/v1/kbs/deals/evaluations", json=[{"id": "q1", "question": GOVERNING_LAW}], headers=user
    ).json()
    wait_job(api_client, job["links"]["self"], user)
    page = api_client.get(job["links"]["results_html"], headers=user).text
    links = [
        link.replace("&amp;", "&").replace("http://testserver", "")
        for link in re.findall(r'href="([^"]+)"', page)
    ]
    assert links, "the report cites no page"
    query = parse_qs(urlsplit(links[0]).query)
    assert query["kid"] == [key["key_id"]]
    ttl = api_client.app.state.api.limits.signed_link_ttl_seconds  # type: ignore[attr-defined]
    assert abs(int(query["exp"][0]) - (time.time() + ttl)) < 120
    assert api_client.get(links[0]).content.startswith(b"\x89PNG")
    # Another expiry is another link: the signature no longer matches.
    forged = links[0].replace(f"exp={query['exp'][0]}", f"exp={int(query['exp'][0]) + 10**6}")
    assert _problem(api_client.get(forged), 401)
    assert api_client.delete(f"/v1/keys/{key['key_id']}", headers=h).status_code == 204
    problem = _problem(api_client.get(links[0]), 401)
    assert "revoked" in problem["detail"]


# ----------------------------------------------------------------------------- 6. upload files


def _partial_upload(port: int, key: str, pdf_bytes: bytes) -> Any:
    """A socket that has sent the headers and the first bytes of a 20 MB upload, and waits."""
    import socket

    boundary = "hostileboundary"
    head = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="files"; filename="big.pdf"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode()
    length = len(head) + 20_000_000 + len(f"\r\n--{boundary}--\r\n")
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        (
            "POST /v1/kbs/up/documents HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {key}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
            f"Content-Length: {length}\r\n\r\n"
        ).encode()
        + head
        + pdf_bytes
        + b"\0" * 500_000
    )
    return sock


def _wait_for(check: Any, timeout: float = 30.0) -> bool:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.slow
def test_a_dead_upload_leaves_no_temporary_file(tmp_path: Any, contract_bytes: bytes) -> None:
    """After a kill -9 mid-stream, `uploads/.part-...` survived two restarts."""
    import httpx

    from tests.api._server import Server

    data_dir = tmp_path / "data"
    uploads = data_dir / "uploads"
    server = Server(data_dir, "hostile-admin", tmp_path / "server.log").start()
    try:
        admin = {"Authorization": "Bearer hostile-admin"}
        assert httpx.post(f"{server.url}/v1/kbs", json={"name": "up"}, headers=admin).is_success

        def parts() -> list[str]:
            return sorted(p.name for p in uploads.glob(".part-*"))

        # The client goes away mid-stream: the request dies and takes its file with it.
        sock = _partial_upload(server.port, "hostile-admin", contract_bytes)
        assert _wait_for(lambda: len(parts()) == 1), "the upload never reached the disk"
        sock.close()
        assert _wait_for(lambda: parts() == []), parts()
        # The server is killed mid-stream: the next start removes what was left.
        sock = _partial_upload(server.port, "hostile-admin", contract_bytes)
        assert _wait_for(lambda: len(parts()) == 1)
        orphan = uploads / ("ab" * 32 + ".pdf")  # stored, but no job was made for it
        orphan.write_bytes(contract_bytes)
        server.kill()
        sock.close()
        assert len(parts()) == 1 and orphan.exists()
        server.start()
        assert parts() == [] and not orphan.exists()
    finally:
        server.stop()


def test_a_long_file_name_is_shortened_keeping_its_extension(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    """A 1,000-character file name was cut to 255 characters and lost `.pdf`."""

    def shown(raw: str) -> str:
        """The name the upload route gives a file: a refusal (not a PDF) names it."""
        files = [("files", (raw, b"GIF89a, not a PDF", "application/pdf"))]
        url = f"/v1/kbs/{loaded_kb['kb']}/documents"
        detail = _problem(api_client.post(url, files=files, headers=admin_headers()), 415)
        name, sep, _ = str(detail["detail"]).rpartition(": not a PDF")
        assert sep, detail
        return name

    name = shown("a" * 996 + ".pdf")
    assert len(name) == 255 and name.endswith(".pdf")
    assert shown("Ü" * 300 + ".PDF").endswith("Ü.PDF")
    assert len(shown("x" * 1000)) == 255  # no extension: a plain cut
    assert shown("short.pdf") == "short.pdf"


# ----------------------------------------------------------------------------- 10. contract drift


def test_the_question_limit_advertised_is_the_one_enforced() -> None:
    """Advertised 2,000 (max_question_chars), enforced 1,000 by a message naming no limit."""
    from pydantic import ValidationError

    from api import ApiSettings
    from skill import MAX_QUESTION_CHARS, SubjectClassError, parse_question

    limit = ApiSettings.model_validate({"admin_key": "k"}).max_question_chars
    assert limit == MAX_QUESTION_CHARS == 2000
    at_limit = "Who founded " + "Acme " * ((limit - 20) // 5) + "Inc.?"
    assert len(at_limit) <= limit
    assert parse_question(at_limit).role == "founder"  # read, not refused for its length
    with pytest.raises(SubjectClassError, match=f"limit max_question_chars = {limit}"):
        parse_question(at_limit + " " + "x" * (limit - len(at_limit)))
    with pytest.raises(ValidationError):  # a limit the skill would not honour
        ApiSettings.model_validate({"admin_key": "k", "max_question_chars": limit + 1})


def test_the_demo_questions_are_read_alike_by_the_demo_eval_and_the_api(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    """Line 8 gave both `question` and `subject`: refused by `evrag eval` and the API, read by
    `make demo`. Now one reader for all three (one of the two a line), and the file obeys it."""
    from app import BatchFormatError, parse_questions
    from bench.demo import QUESTIONS, load_questions

    items = load_questions()
    assert [i.id for i in items] == [f"demo-{n}" for n in range(1, 9)]
    assert items[7].subject is not None and items[7].question is None
    assert items == parse_questions(QUESTIONS.read_bytes())  # what evrag eval reads
    both = {"id": "b", "question": "Who founded Acme Robotics, Inc.?", "subject": {"type": "x"}}
    with pytest.raises(BatchFormatError, match="exactly one of 'question' or 'subject'"):
        parse_questions(json.dumps(both))
    user = {"X-API-Key": loaded_kb["key"]}
    body = {k: v for k, v in both.items() if k != "id"}
    problem = _problem(api_client.post("/v1/kbs/deals/query", json=body, headers=user), 422)
    assert "exactly one of 'question' or 'subject'" in problem["detail"]
    resp = api_client.post("/v1/kbs/deals/evaluations", json=[both], headers=user)
    assert "exactly one of 'question' or 'subject'" in _problem(resp, 422)["detail"]
