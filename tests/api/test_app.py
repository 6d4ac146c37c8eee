"""Every route in process (TestClient over the real runtime): auth, isolation, limits, flows."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import LIMITS, admin_headers, wait_job

HEALTH = {"/healthz", "/readyz"}
DOCS = {"/openapi.json"}  # the published schema (no /docs, /redoc: they load CDN assets)
WORKSPACE = {"/"}  # the analysts' pages (api/_web.py): static, no data; they call /v1 with a key
SHA = "ab" * 32


def _fill(path: str) -> str:
    return (
        path.replace("{kb}", "deals")
        .replace("{document_id}", SHA)
        .replace("{job_id}", "0" * 24)
        .replace("{key_id}", "k" * 16)
        .replace("{page}", "1")
        .replace("{answer_id}", "1")
    )


def _is_problem(resp, status: int) -> dict:  # type: ignore[no-untyped-def]
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json"), resp.headers
    body = resp.json()
    assert body["status"] == status and body["title"] and body["type"].startswith("https://")
    return body


def test_health_needs_no_key(api_client: TestClient) -> None:
    assert api_client.get("/healthz").json() == {"status": "ok", "detail": None}
    assert api_client.get("/readyz").status_code == 200


def _walk(routes: list[Any]) -> Iterator[tuple[str, str]]:
    """(method, path) of every route, included routers too (FastAPI nests them)."""
    for route in routes:
        if hasattr(route, "effective_candidates"):
            yield from _walk(route.effective_candidates())
        elif getattr(route, "methods", None):
            for method in sorted(route.methods):
                yield method, route.path


def test_every_route_but_health_needs_a_key(api_client: TestClient) -> None:
    routes = sorted(set(_walk(api_client.app.routes)))  # type: ignore[attr-defined]
    checked = 0
    for method, path in routes:
        if method == "HEAD":
            continue
        url = _fill(path)
        if path in HEALTH | DOCS | WORKSPACE:
            assert api_client.request(method, url).status_code == 200
            continue
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"X-API-Key": "wrong"}):
            resp = api_client.request(method, url, headers=headers)
            body = _is_problem(resp, 401)
            assert body["code"] == "unauthorized", (method, url)
        checked += 1
    assert checked >= 25  # the walk really covered the API


def test_keys_are_admin_only_and_stored_hashed(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    _is_problem(api_client.post("/v1/keys", json={"kbs": ["deals"]}, headers=user), 403)
    _is_problem(api_client.post("/v1/kbs", json={"name": "mine"}, headers=user), 403)
    _is_problem(api_client.delete("/v1/kbs/deals", headers=user), 403)
    listed = api_client.get("/v1/keys", headers=admin_headers()).json()
    assert any(k["kbs"] == ["deals"] for k in listed) and all("key" not in k for k in listed)
    import sqlite3

    db = Path(api_client.app.state.api.runtime.settings.data_dir) / "catalog.sqlite3"  # type: ignore[attr-defined]
    stored = sqlite3.connect(db).execute("select key_hash from api_keys").fetchall()
    assert loaded_kb["key"] not in str(stored)
    made = api_client.post("/v1/keys", json={"kbs": []}, headers=admin_headers()).json()
    assert (
        api_client.delete(f"/v1/keys/{made['key_id']}", headers=admin_headers()).status_code == 204
    )
    _is_problem(api_client.get("/v1/kbs", headers={"X-API-Key": made["key"]}), 401)
    _is_problem(api_client.delete(f"/v1/keys/{made['key_id']}", headers=admin_headers()), 404)


@pytest.mark.slow
def test_a_key_sees_only_its_knowledge_bases(
    api_client: TestClient, loaded_kb: dict[str, str], contract_bytes: bytes
) -> None:
    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "other"}, headers=h).status_code == 201
    _is_problem(api_client.post("/v1/kbs", json={"name": "other"}, headers=h), 409)
    files = [("files", ("other.pdf", contract_bytes + b"\n% other copy\n", "application/pdf"))]
    job = api_client.post("/v1/kbs/other/documents", files=files, headers=h).json()
    other = wait_job(api_client, job["links"]["self"], h)
    other_doc = other["documents"][0]["document_id"]
    ev = api_client.post(
        "/v1/kbs/other/evaluations",
        json=[{"id": "a", "question": "Who founded Acme Robotics, Inc.?"}],
        headers=h,
    ).json()

    user = {"Authorization": f"Bearer {loaded_kb['key']}"}
    assert [kb["name"] for kb in api_client.get("/v1/kbs", headers=user).json()] == ["deals"]
    assert {kb["name"] for kb in api_client.get("/v1/kbs", headers=h).json()} >= {"deals", "other"}
    missing = _is_problem(api_client.get("/v1/kbs/nope", headers=user), 404)
    hidden = _is_problem(api_client.get("/v1/kbs/other", headers=user), 404)
    assert hidden["detail"].replace("other", "X") == missing["detail"].replace("nope", "X")
    for url in (
        "/v1/kbs/other/documents",
        f"/v1/kbs/other/documents/{other_doc}",
        f"/v1/kbs/other/documents/{other_doc}/original",
        f"/v1/kbs/other/documents/{other_doc}/pages/1/image",
        f"/v1/kbs/other/ingestions/{job['job_id']}",
        f"/v1/kbs/other/evaluations/{ev['job_id']}",
        "/v1/kbs/other/bindings",
    ):
        _is_problem(api_client.get(url, headers=user), 404)
    # Another knowledge base's ids through one's own: still 404.
    _is_problem(api_client.get(f"/v1/kbs/deals/ingestions/{job['job_id']}", headers=user), 404)
    _is_problem(api_client.get(f"/v1/kbs/deals/evaluations/{ev['job_id']}", headers=user), 404)
    _is_problem(
        api_client.post(
            "/v1/kbs/other/query", json={"question": "Who founded Acme?"}, headers=user
        ),
        404,
    )
    wait_job(api_client, f"/v1/kbs/other/evaluations/{ev['job_id']}", h)
    assert api_client.delete("/v1/kbs/other", headers=h).status_code == 204
    _is_problem(api_client.get("/v1/kbs/other", headers=h), 404)


def test_documents_flow(
    api_client: TestClient, loaded_kb: dict[str, str], contract_bytes: bytes
) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    doc_id = loaded_kb["document_id"]
    docs = api_client.get("/v1/kbs/deals/documents", headers=user).json()
    assert [d["document_id"] for d in docs] == [doc_id]
    doc = api_client.get(f"/v1/kbs/deals/documents/{doc_id}", headers=user).json()
    assert doc["name"] == "MSA_Acme_Northwind.pdf" and doc["status"] == "committed"
    assert doc["pages"] == 3 and doc["independence_group"]
    assert doc["relations"] == []  # it amends nothing (runtime.documents.relations)
    original = api_client.get(f"/v1/kbs/deals/documents/{doc_id}/original", headers=user)
    assert original.status_code == 200 and original.content == contract_bytes
    assert original.headers["content-type"] == "application/pdf"
    png = api_client.get(
        f"/v1/kbs/deals/documents/{doc_id}/pages/2/image?line_start=3&line_end=5", headers=user
    )
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    _is_problem(
        api_client.get(f"/v1/kbs/deals/documents/{doc_id}/pages/9/image", headers=user), 404
    )
    _is_problem(
        api_client.get(f"/v1/kbs/deals/documents/{doc_id}/pages/1/image?bbox=1,2", headers=user),
        422,
    )
    _is_problem(api_client.get(f"/v1/kbs/deals/documents/{SHA}", headers=user), 404)
    _is_problem(api_client.get("/v1/kbs/deals/documents/..%2F..%2Fetc", headers=user), 404)
    # Uploading the same bytes again is a duplicate, not a second document.
    files = [("files", ("again.pdf", contract_bytes, "application/pdf"))]
    job = api_client.post("/v1/kbs/deals/documents", files=files, headers=user).json()
    again = wait_job(api_client, job["links"]["self"], user)
    assert again["documents"][0]["status"] == "duplicate"
    assert len(api_client.get("/v1/kbs/deals/ingestions", headers=user).json()) >= 2


def test_delete_a_document(api_client: TestClient, loaded_kb: dict[str, str]) -> None:
    from tests.pdfs import make_pdf, paragraph

    user = {"X-API-Key": loaded_kb["key"]}
    data = make_pdf(
        [paragraph("Globex Corp. board minutes. Jane Roe was appointed Secretary of Globex Corp.")]
    )
    job = api_client.post(
        "/v1/kbs/deals/documents",
        files=[("files", ("minutes.pdf", data, "application/pdf"))],
        headers=user,
    ).json()
    done = wait_job(api_client, job["links"]["self"], user)
    doc_id = done["documents"][0]["document_id"]
    assert api_client.delete(f"/v1/kbs/deals/documents/{doc_id}", headers=user).status_code == 204
    _is_problem(api_client.get(f"/v1/kbs/deals/documents/{doc_id}", headers=user), 404)
    _is_problem(api_client.delete(f"/v1/kbs/deals/documents/{doc_id}", headers=user), 404)


def test_upload_limits_and_media_types(
    api_client: TestClient, loaded_kb: dict[str, str], contract_bytes: bytes, tmp_path: Path
) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    url = "/v1/kbs/deals/documents"
    big = b"%PDF-1.7\n" + b"0" * LIMITS["max_file_bytes"]
    body = _is_problem(
        api_client.post(url, files=[("files", ("big.pdf", big, "application/pdf"))], headers=user),
        413,
    )
    assert body["limit"] == "max_file_bytes" and "max_file_bytes" in body["type"] + body["limit"]
    half = b"%PDF-1.7\n" + b"0" * (LIMITS["max_file_bytes"] - 100 * 1024)
    files = [("files", (f"h{i}.pdf", half, "application/pdf")) for i in range(2)]
    assert (
        _is_problem(api_client.post(url, files=files, headers=user), 413)["limit"]
        == "max_request_bytes"
    )
    files = [("files", (f"c{i}.pdf", contract_bytes, "application/pdf")) for i in range(4)]
    assert (
        _is_problem(api_client.post(url, files=files, headers=user), 413)["limit"]
        == "max_files_per_request"
    )
    _is_problem(
        api_client.post(
            url, files=[("files", ("x.pdf", b"PK\x03\x04zip", "application/pdf"))], headers=user
        ),
        415,
    )
    _is_problem(
        api_client.post(url, files=[("files", ("x.pdf", b"%P", "application/pdf"))], headers=user),
        415,
    )
    _is_problem(
        api_client.post(
            url, content=contract_bytes, headers={**user, "content-type": "application/pdf"}
        ),
        415,
    )
    _is_problem(api_client.post(url, files={"note": (None, "no file")}, headers=user), 422)
    # Nothing partial is left behind by a rejected upload.
    uploads = Path(api_client.app.state.api.upload_dir)  # type: ignore[attr-defined]
    assert not [p for p in uploads.iterdir() if p.name.startswith(".part-")]


def test_a_filename_is_never_a_path(
    api_client: TestClient, loaded_kb: dict[str, str], tmp_path: Path
) -> None:
    from tests.pdfs import make_pdf, paragraph

    user = {"X-API-Key": loaded_kb["key"]}
    data = make_pdf([paragraph("Initech LLC memo. Peter Gibbons is the Treasurer of Initech LLC.")])
    files = [("files", ("../../../../tmp/evil.pdf", data, "application/pdf"))]
    job = api_client.post("/v1/kbs/deals/documents", files=files, headers=user).json()
    assert job["documents"][0]["name"] == "evil.pdf"
    done = wait_job(api_client, job["links"]["self"], user)
    assert done["documents"][0]["name"] == "evil.pdf"
    data_dir = Path(api_client.app.state.api.runtime.settings.data_dir)  # type: ignore[attr-defined]
    assert not list(data_dir.parent.glob("**/evil.pdf"))
    assert not Path("/tmp/evil.pdf").exists()


def test_query(api_client: TestClient, loaded_kb: dict[str, str]) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    url = "/v1/kbs/deals/query"
    resp = api_client.post(
        url,
        json={
            "question": "What is the governing law of the agreement between Acme Robotics, Inc. and Northwind Traders LLC?"
        },
        headers=user,
    )
    assert resp.status_code == 200, resp.text
    answer = resp.json()
    assert answer["terminal_state"] in ("CONCLUDED", "SUBJECT_NOT_FOUND")
    assert answer["state_trace"][0] == "INIT"
    assert "evaluation" not in answer
    # an expected value is judged by the engine; the rest of the answer does not move
    law = "What is the governing law of the agreement between Acme Robotics, Inc. and Northwind Traders LLC?"
    for expected, outcome in (("NY law", "match"), ("Texas", "mismatch")):
        judged = api_client.post(
            url, json={"question": law, "expected_value": expected}, headers=user
        ).json()
        evaluation = judged.pop("evaluation")
        assert judged == answer
        assert (evaluation["expected_value"], evaluation["outcome"]) == (expected, outcome)
    blank = _is_problem(
        api_client.post(url, json={"question": law, "expected_value": " "}, headers=user), 422
    )
    assert blank["code"] == "contract_error" and blank["field"] == "expected_value"
    absent = api_client.post(
        url, json={"question": "Who founded Globex Corporation?"}, headers=user
    ).json()
    assert absent["terminal_state"] == "SUBJECT_NOT_FOUND" and absent["sufficient"] is False
    again = api_client.post(url, json={"question": "Who founded Globex Corporation?"}, headers=user)
    assert (
        again.content
        == api_client.post(
            url, json={"question": "Who founded Globex Corporation?"}, headers=user
        ).content
    )
    subject = {"type": "individual", "role": "founder", "parent_entity": "Globex Corporation"}
    structured = api_client.post(url, json={"subject": subject}, headers=user)
    assert structured.status_code == 200, structured.text
    assert structured.json()["terminal_state"] == "SUBJECT_NOT_FOUND"
    _is_problem(api_client.post(url, json={}, headers=user), 422)
    _is_problem(
        api_client.post(url, json={"question": "Who?", "subject": subject}, headers=user), 422
    )
    _is_problem(api_client.post(url, json={"question": "Who?", "unknown": 1}, headers=user), 422)
    body = _is_problem(api_client.post(url, json={"question": "banana " * 3}, headers=user), 422)
    assert body["code"] == "subject_class_error"
    long = _is_problem(
        api_client.post(
            url, json={"question": "x" * (LIMITS["max_question_chars"] + 1)}, headers=user
        ),
        422,
    )
    assert long["limit"] == "max_question_chars"
    top = _is_problem(
        api_client.post(
            url,
            json={"question": "Who founded Globex?", "top_k": LIMITS["max_top_k"] + 1},
            headers=user,
        ),
        422,
    )
    assert top["limit"] == "max_top_k"


def test_sufficiency_engine(api_client: TestClient, loaded_kb: dict[str, str]) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    payload = json.loads(Path("examples/input.json").read_text())
    from engine import evaluate

    resp = api_client.post("/v1/sufficiency/evaluate", json=payload, headers=user)
    assert resp.status_code == 200 and resp.json() == evaluate(payload)
    body = _is_problem(
        api_client.post("/v1/sufficiency/evaluate", json={"mode": "outcome"}, headers=user), 422
    )
    assert body["code"] == "contract_error"
    dup = b'{"mode": "outcome", "mode": "outcome"}'
    _is_problem(
        api_client.post(
            "/v1/sufficiency/evaluate",
            content=dup,
            headers={**user, "content-type": "application/json"},
        ),
        422,
    )
    huge = b" " * (LIMITS["max_json_body_bytes"] + 1)
    big = _is_problem(
        api_client.post(
            "/v1/sufficiency/evaluate",
            content=huge,
            headers={**user, "content-type": "application/json"},
        ),
        413,
    )
    assert big["limit"] == "max_json_body_bytes"


def test_evaluation_job(api_client: TestClient, loaded_kb: dict[str, str]) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    lines = [
        {
            "id": "q1",
            "question": "What is the governing law of the agreement between Acme Robotics, Inc. and Northwind Traders LLC?",
            "expected_value": "New York",
        },
        {"id": "q2", "question": "Who founded Globex Corporation?"},
        {"id": "q3", "question": "banana banana banana"},
        {
            "id": "q4",
            "subject": {
                "type": "individual",
                "role": "founder",
                "parent_entity": "Globex Corporation",
            },
        },
    ]
    body = "".join(json.dumps(x) + "\n" for x in lines)
    job = api_client.post(
        "/v1/kbs/deals/evaluations",
        content=body,
        headers={**user, "content-type": "application/x-ndjson"},
    )
    assert job.status_code == 202, job.text
    info = job.json()
    assert info["total"] == 4
    done = wait_job(api_client, info["links"]["self"], user)
    assert (done["status"], done["done"], done["failed"]) == ("completed", 4, 1)
    results = api_client.get(info["links"]["results_jsonl"], headers=user)
    assert results.headers["content-type"].startswith("application/x-ndjson")
    rows = [json.loads(x) for x in results.text.splitlines()]
    assert [r["id"] for r in rows] == ["q1", "q2", "q3", "q4"]
    assert rows[1]["terminal_state"] == "SUBJECT_NOT_FOUND"
    assert rows[2]["error"]["code"] == "subject_class_error"
    assert rows[0]["expected_value"] == "New York"
    assert rows[0]["evaluation"]["outcome"] == "match" and "evaluation" not in rows[1]
    summary = api_client.get(info["links"]["results_summary"], headers=user).json()
    assert (summary["with_expected_value"], summary["match"], summary["accuracy"]) == (1, 1, 1.0)
    table = list(
        csv.DictReader(io.StringIO(api_client.get(info["links"]["results_csv"], headers=user).text))
    )
    assert [r["id"] for r in table] == ["q1", "q2", "q3", "q4"] and table[2]["verdict"] == "ERROR"
    assert [r["outcome"] for r in table] == ["match", "", "", ""]
    html = api_client.get(info["links"]["results_html"], headers=user)
    assert html.headers["content-type"].startswith("text/html")
    assert html.text.count("<tr>") == 5 and "SUBJECT_NOT_FOUND" in html.text
    # Citation links open the highlighted page without a key (signed), and only as signed.
    import re

    links = re.findall(r'href="([^"]+)"', html.text)
    for link in links[:2]:
        target = link.replace("&amp;", "&").replace("http://testserver", "")
        assert api_client.get(target).content.startswith(b"\x89PNG")
        _is_problem(api_client.get(target.replace("line_start=", "line_start=1")), 401)
    # JSON list input; cancel; listing.
    same = api_client.post("/v1/kbs/deals/evaluations", json=lines[:2], headers=user).json()
    finished = wait_job(api_client, same["links"]["self"], user)
    _is_problem(api_client.post(finished["links"]["cancel"], headers=user), 409)
    assert len(api_client.get("/v1/kbs/deals/evaluations", headers=user).json()) >= 2
    _is_problem(
        api_client.get(info["links"]["self"].replace(info["job_id"], "f" * 24), headers=user), 404
    )
    _is_problem(api_client.get(info["links"]["self"] + "/results?format=xml", headers=user), 422)


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        (
            '{"id": "a", "question": "x"}\n{"id": "a", "question": "y"}\n',
            422,
            "line 2: duplicate id",
        ),
        ('{"id": "a"\n', 422, "line 1: invalid JSON"),
        (
            "".join(
                json.dumps({"id": str(i), "question": "Who founded X?"}) + "\n" for i in range(7)
            ),
            422,
            "max_batch_items",
        ),
        (json.dumps({"id": "a", "question": "x" * 301}), 422, "max_question_chars"),
        ("[" + " " * (64 * 1024) + "]", 413, "max_json_body_bytes"),
    ],
)
def test_evaluation_input_errors(
    api_client: TestClient, loaded_kb: dict[str, str], body: str, status: int, needle: str
) -> None:
    user = {"X-API-Key": loaded_kb["key"], "content-type": "application/x-ndjson"}
    problem = _is_problem(
        api_client.post("/v1/kbs/deals/evaluations", content=body, headers=user), status
    )
    assert needle in problem["detail"]


def test_bindings_and_entities(api_client: TestClient, loaded_kb: dict[str, str]) -> None:
    user = {"X-API-Key": loaded_kb["key"]}
    bindings = api_client.get("/v1/kbs/deals/bindings", headers=user)
    assert bindings.status_code == 200, bindings.text
    found = bindings.json()
    assert found, "the contract names its parties: there are bindings"
    assert all(b["location"]["document_id"] for b in found)
    page = api_client.get("/v1/kbs/deals/bindings?limit=1&offset=0", headers=user).json()
    assert page == found[:1]
    acme = api_client.get(
        "/v1/kbs/deals/bindings", params={"entity": "Acme Robotics, Inc."}, headers=user
    ).json()
    assert acme and len(acme) <= len(found)
    entities = api_client.get("/v1/kbs/deals/entities", headers=user).json()
    assert any("Acme" in e["name"] for e in entities)
    _is_problem(api_client.get("/v1/kbs/deals/bindings?limit=0", headers=user), 422)


def test_unknown_route_and_method_are_problems(api_client: TestClient) -> None:
    _is_problem(api_client.get("/v2/nothing"), 404)
    _is_problem(api_client.put("/healthz"), 405)


def test_openapi_is_published(api_client: TestClient) -> None:
    schema = api_client.get("/openapi.json").json()
    paths = schema["paths"]
    assert "/v1/kbs/{kb}/query" in paths and "/v1/sufficiency/evaluate" in paths
    assert (
        "multipart/form-data" in paths["/v1/kbs/{kb}/documents"]["post"]["requestBody"]["content"]
    )
    assert {"HTTPBearer", "APIKeyHeader"} <= set(schema["components"]["securitySchemes"])
