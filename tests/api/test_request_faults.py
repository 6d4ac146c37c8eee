"""Request-level faults found by the durability probe (issue 37, item 0), each replayed from
its reproduction: inputs that answered 500, uploads that failed whole or left files behind,
cells a spreadsheet runs as formulas, third-party scripts on the workspace's origin, and
signed links written to the access log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain import lexicon
from skill import QuestionKind
from tests.api.conftest import admin_headers

_LEXICON = lexicon()
SUBJECT_TYPES = tuple(t.name for t in _LEXICON.subject_types if t.question)
ROLES = tuple(sorted(_LEXICON.role_names()))
ATTRIBUTES = tuple(sorted({a.name for a in _LEXICON.attributes} | set(_LEXICON.yes_no)))
# Code points that are no text (lone surrogates), and odd ones that are.
SURROGATES = ("\ud800", "\udbff", "\udc00", "\udfff")
ODD_TEXT = ("\x00", "\x01", "\x1f", "\x7f", "\ufeff", "\u200b", "\uffff", "\U0010ffff")
ODD_TEXT += ("\u202e", "\u0301", "\U0001f600", "\ufffd")
QUESTIONS = (
    "Who founded Acme Robotics, Inc.?",
    "What is the governing law of the Master Supply Agreement?",
    "Who is the CEO of Northwind Traders LLC?",
)
NAMES = ("Acme Robotics, Inc.", "Northwind Traders LLC")
# Under every kind: no attribute, the yes/no claims, and one of each other sort.
KIND_ATTRIBUTES = (None, *_LEXICON.yes_no, "governing_law", "obligations", "parties")
KIND_ATTRIBUTES += ("headquarters", "education", "auditor")


def _problem(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.text[:500]
    assert resp.headers["content-type"].startswith("application/problem+json"), resp.headers
    body: dict[str, Any] = resp.json()
    assert "\n" not in body["detail"], body
    return body


def _query(client: TestClient, kb: str, key: str, body: dict[str, Any]) -> Any:
    # json.dumps escapes a lone surrogate as `\udfff`, as a client's JSON would carry it.
    return client.post(
        f"/v1/kbs/{kb}/query",
        content=json.dumps(body),
        headers={"X-API-Key": key, "content-type": "application/json"},
    )


# ----------------------------------------------------------------------------- 1. three 500s


def _with_char(text: str, char: str) -> Iterator[str]:
    middle = len(text) // 2
    yield from (char + text, text[:middle] + char + text[middle:], text + char, char, char * 40)


def _questions() -> Iterator[str]:
    for question in QUESTIONS:
        for char in SURROGATES + ODD_TEXT:
            yield from _with_char(question, char)
    yield "Who founded \udfff?"  # the probe's reproduction


def _subjects() -> Iterator[dict[str, Any]]:
    """Structured subjects: every role as attribute, every attribute as role, every
    attribute and role under every type and kind, and odd text in every string field."""
    # One name: a subject's fields, not which company it names, decide how it is read (the
    # second name costs 3,000 requests and reaches no other path).
    for subject_type in SUBJECT_TYPES:
        for name in NAMES[:1]:
            for role in ROLES:
                yield {"type": subject_type, "name": name, "attribute": role}
                yield {"type": subject_type, "parent_entity": name, "attribute": role}
                yield {"type": subject_type, "parent_entity": name, "role": role}
            for attribute in ATTRIBUTES:
                yield {"type": subject_type, "name": name, "role": attribute}
                yield {"type": subject_type, "name": name, "attribute": attribute}
                yield {
                    "type": subject_type,
                    "parent_entity": name,
                    "role": "ceo",
                    "attribute": attribute,
                }
    # Every kind with every attribute, each pair under one subject type in turn (every kind
    # meets every type: 10 attributes over 8 types), not under all eight (2,240 requests).
    for k, kind in enumerate(QuestionKind):
        for a, attribute in enumerate(KIND_ATTRIBUTES):
            subject_type = SUBJECT_TYPES[(k + a) % len(SUBJECT_TYPES)]
            for fields in (
                {"name": NAMES[0]},
                {"name": "Jane Doe", "parent_entity": NAMES[0], "role": "ceo"},
                {
                    "document_type": "master_supply_agreement",
                    "constraints": {"parties": [NAMES[1]]},
                },
                {
                    "name": NAMES[1],
                    "document_type": "master_supply_agreement",
                    "role": "signatory",
                },
            ):
                subject = {"type": subject_type, "kind": kind.value, **fields}
                if attribute is not None:
                    subject["attribute"] = attribute
                yield subject
    for char in SURROGATES + ODD_TEXT:
        for field in ("name", "parent_entity", "document_type", "role", "attribute"):
            yield {
                "type": "legal_entity",
                "name": NAMES[0],
                "attribute": "headquarters",
                field: "x" + char,
            }
        yield {
            "type": "agreement",
            "document_type": "master_supply_agreement",
            "attribute": "governing_law",
            "constraints": {"parties": [NAMES[0] + char]},
        }


def _has_lone_surrogate(body: dict[str, Any]) -> bool:
    try:
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


@pytest.mark.slow
def test_fuzzed_questions_and_subjects_answer_no_500(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    """A lone surrogate in a question (the tokenizer's TypeError) and a role given as a
    subject's attribute (a KeyError in the evidence step) answered 500: generated variants of
    both, through the public API, answer 200 or a one-line 4xx."""
    kb, key = loaded_kb["kb"], loaded_kb["key"]
    statuses: dict[int, int] = {}
    for body in [{"question": q} for q in _questions()] + [{"subject": s} for s in _subjects()]:
        resp = _query(api_client, kb, key, body)
        statuses[resp.status_code] = statuses.get(resp.status_code, 0) + 1
        assert resp.status_code in (200, 422), (body, resp.text[:300])
        if resp.status_code == 422:
            _problem(resp, 422)
        if _has_lone_surrogate(body):
            assert resp.status_code == 422 and "lone surrogate" in resp.json()["detail"], body
    assert sum(statuses.values()) > 2000 and statuses.get(200, 0) > 500, statuses


def test_a_lone_surrogate_in_a_question_is_a_422_naming_it(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    resp = _query(
        api_client, loaded_kb["kb"], loaded_kb["key"], {"question": "Who founded \udfff?"}
    )
    detail = _problem(resp, 422)["detail"]
    assert "the question is not valid text: a lone surrogate (U+DFFF) at character 13" in detail


def test_a_role_given_as_attribute_is_a_422_naming_it_and_the_attributes(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    subject = {"type": "legal_entity", "name": "Acme Robotics, Inc.", "attribute": "founder"}
    detail = _problem(
        _query(api_client, loaded_kb["kb"], loaded_kb["key"], {"subject": subject}), 422
    )["detail"]
    assert "unknown attribute 'founder'" in detail and '"role": "founder"' in detail, detail
    assert "governing_law" in detail and "headquarters" in detail, detail
    # The role asked as a role is answered.
    subject = {"type": "individual", "role": "founder", "parent_entity": "Acme Robotics, Inc."}
    assert (
        _query(api_client, loaded_kb["kb"], loaded_kb["key"], {"subject": subject}).status_code
        == 200
    )


def test_a_multipart_boundary_over_256_characters_is_a_422(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    boundary = "x" * 300
    resp = api_client.post(
        f"/v1/kbs/{loaded_kb['kb']}/documents",
        content=f"--{boundary}\r\n".encode(),
        headers={**admin_headers(), "content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert "invalid multipart boundary" in _problem(resp, 422)["detail"]


def test_a_batch_line_that_is_no_text_fails_alone(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    from tests.api.conftest import wait_job

    kb, user = loaded_kb["kb"], {"X-API-Key": loaded_kb["key"]}
    lines = [
        {"id": "bad\udfff", "question": "Who founded \udfff?"},
        {"id": "subject", "subject": {"type": "legal_entity", "name": "A\ud800"}},
        {"id": "good", "question": QUESTIONS[1]},
    ]
    resp = api_client.post(
        f"/v1/kbs/{kb}/evaluations",
        content="".join(json.dumps(line) + "\n" for line in lines),
        headers={**user, "content-type": "application/x-ndjson"},
    )
    assert resp.status_code == 202, resp.text
    job = wait_job(api_client, resp.json()["links"]["self"], user)
    assert (job["status"], job["done"], job["failed"]) == ("completed", 3, 2), job
    results = api_client.get(job["links"]["results_jsonl"], headers=user)
    rows = [json.loads(line) for line in results.text.splitlines()]
    assert [r["id"] for r in rows] == ["bad\\udfff", "subject", "good"]
    assert "lone surrogate (U+DFFF)" in rows[0]["error"]["detail"]
    assert "the subject.name is not valid text" in rows[1]["error"]["detail"]
    assert "error" not in rows[2]
    for fmt in ("csv", "html"):
        assert api_client.get(job["links"][f"results_{fmt}"], headers=user).status_code == 200


# ----------------------------------------------------------------------------- 2. uploads


def _uploads(client: TestClient) -> set[str]:
    return {p.name for p in client.app.state.api.upload_dir.iterdir()}  # type: ignore[attr-defined]


def test_a_bad_part_fails_alone_and_the_good_ones_go_on(
    api_client: TestClient, loaded_kb: dict[str, str], contract_bytes: bytes
) -> None:
    """A 0-byte or non-PDF part failed the whole upload with 415 and left the good parts."""
    from tests.api.conftest import wait_job

    before = _uploads(api_client)
    files = [
        ("files", ("empty.pdf", b"", "application/pdf")),
        ("files", ("good.pdf", contract_bytes, "application/pdf")),
        ("files", ("image.pdf", b"GIF89a" + b"0" * 70_000, "application/pdf")),
    ]
    url = f"/v1/kbs/{loaded_kb['kb']}/documents"
    resp = api_client.post(url, files=files, headers=admin_headers())
    assert resp.status_code == 202, resp.text
    documents = resp.json()["documents"]
    assert [d["name"] for d in documents] == ["empty.pdf", "good.pdf", "image.pdf"]
    assert documents[0] == {
        "name": "empty.pdf",
        "document_id": None,
        "status": "failed",
        "code": "empty",
        "reason": "an empty file (0 bytes)",
        "pages": 0,
        "chunks": 0,
        "bindings": 0,
    }
    assert (documents[2]["code"], documents[2]["reason"]) == (
        "not_pdf",
        "not a PDF (it does not start with %PDF-)",
    )
    done = wait_job(api_client, resp.json()["links"]["self"], admin_headers())
    assert (done["status"], done["total"], done["done"], done["failed"]) == ("completed", 3, 3, 2)
    assert done["documents"][1]["status"] in ("committed", "duplicate"), done
    assert done["documents"][0]["code"] == "empty"
    assert _uploads(api_client) <= before  # nothing kept once the job is done


@pytest.mark.parametrize(
    "files",
    [
        # Over max_files_per_request (3): the first three were kept until a restart.
        [
            ("files", (f"{i}.pdf", b"%PDF-1.7 " + bytes([48 + i]), "application/pdf"))
            for i in range(4)
        ],
        # Over max_file_bytes after a good part.
        [
            ("files", ("a.pdf", b"%PDF-1.7 a", "application/pdf")),
            ("files", ("b.pdf", b"%PDF-" + b"1" * 700 * 1024, "application/pdf")),
        ],
        # Every part refused.
        [("files", ("a.pdf", b"", "application/pdf")), ("files", ("b.pdf", b"GIF89a", "x/y"))],
    ],
    ids=["too many files", "a file too large", "no PDF at all"],
)
def test_a_refused_upload_leaves_nothing_in_uploads(
    api_client: TestClient, loaded_kb: dict[str, str], files: list[Any]
) -> None:
    before = _uploads(api_client)
    url = f"/v1/kbs/{loaded_kb['kb']}/documents"
    resp = api_client.post(url, files=files, headers=admin_headers())
    assert resp.status_code in (413, 415), resp.text
    assert _uploads(api_client) <= before


def test_an_upload_with_no_pdf_names_each_files_reason(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    files = [("files", ("a.pdf", b"", "application/pdf")), ("files", ("b.pdf", b"GIF89a", "x/y"))]
    resp = api_client.post(
        f"/v1/kbs/{loaded_kb['kb']}/documents", files=files, headers=admin_headers()
    )
    assert _problem(resp, 415)["detail"] == (
        "a.pdf: an empty file (0 bytes); b.pdf: not a PDF (it does not start with %PDF-)"
    )


# ----------------------------------------------------------------------------- 5. HTML pages


def test_no_page_loads_a_third_party_origin(api_client: TestClient) -> None:
    """/docs and /redoc loaded Swagger UI and ReDoc (scripts, fonts) from CDNs on the
    workspace's origin. No package here ships their assets, so they are off; the schema
    stays at /openapi.json."""
    for path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        assert api_client.get(path).status_code == 404, path
    assert api_client.get("/openapi.json").status_code == 200
    page = api_client.get("/")
    assert "http" not in page.text.replace('"http://www.w3.org', ""), page.text
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_html_report_has_a_policy_and_nosniff(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    from tests.api.conftest import wait_job

    user = {"X-API-Key": loaded_kb["key"]}
    resp = api_client.post(
        f"/v1/kbs/{loaded_kb['kb']}/evaluations",
        json=[{"id": "q", "question": QUESTIONS[1]}],
        headers=user,
    )
    job = wait_job(api_client, resp.json()["links"]["self"], user)
    report = api_client.get(job["links"]["results_html"], headers=user)
    assert report.status_code == 200 and "<style>" in report.text and "<script" not in report.text
    assert report.headers["x-content-type-options"] == "nosniff"
    policy = report.headers["content-security-policy"]
    # No script at all; the report's own inline stylesheet; nothing fetched.
    assert "default-src 'none'" in policy and "style-src 'unsafe-inline'" in policy, policy
    assert "frame-ancestors 'none'" in policy


# ----------------------------------------------------------------------------- 6. access log


def test_the_access_log_never_holds_a_signature_or_a_key(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A report's signed links (`sig=`, valid for 24 hours) were written to the access log:
    the server's logging configuration redacts sig and any key or token in logged URLs."""
    import logging
    import logging.config

    from api import access_log_config

    logging.config.dictConfig(access_log_config())
    log = logging.getLogger("uvicorn.access")
    path = "/v1/kbs/deals/documents/ab/pages/1/image"
    query = "line_start=3&sig=deadbeefcafe&exp=99&kid=k1&api_key=s3cret&Token=t0k&x=%3Dsig"
    # The call uvicorn makes for each request (uvicorn/protocols/http/h11_impl.py).
    log.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", f"{path}?{query}", "1.1", 200)
    log.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", "/v1/kbs", "1.1", 200)
    logged = capsys.readouterr().out
    for secret in ("deadbeefcafe", "s3cret", "t0k"):
        assert secret not in logged, logged
    assert f"{path}?line_start=3&sig=REDACTED&exp=99&kid=k1&api_key=REDACTED" in logged
    assert "Token=REDACTED&x=%3Dsig" in logged and '"GET /v1/kbs HTTP/1.1" 200' in logged
