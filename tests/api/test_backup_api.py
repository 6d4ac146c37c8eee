"""`POST /v1/kbs/{kb}/export` and `POST /v1/kbs/import` (issue 37 item 3), admin key only:
a knowledge base exported while the app serves it, imported under a new name as an
ingestion job, and the same questions answered with the same bytes; a bad archive and a
taken name refused before anything is created."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import LIMITS, admin_headers, wait_job
from tests.pdfs import clauses_pdf, contract_pdf

pytestmark = pytest.mark.slow

QUESTIONS = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?",
    "Who founded Acme Robotics, Inc.?",
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """An app of its own (other tests list the shared app's knowledge bases), with `deals`."""
    from api import ApiSettings, create_app
    from app import Settings

    limits = {**LIMITS, "max_request_bytes": 4 << 20}
    app = create_app(
        Settings(data_dir=tmp_path_factory.mktemp("backup-api")),
        ApiSettings.model_validate(limits),
    )
    certificate = clauses_pdf(
        "OFFICER CERTIFICATE",
        ["Jane Smith is the founder and Chief Executive Officer of Acme Robotics, Inc."],
    )
    h = admin_headers()
    with TestClient(app, raise_server_exceptions=False) as c:
        assert c.post("/v1/kbs", json={"name": "deals"}, headers=h).status_code == 201
        files = [
            ("files", ("MSA.pdf", contract_pdf(), "application/pdf")),
            ("files", ("Officers.pdf", certificate, "application/pdf")),
        ]
        job = c.post("/v1/kbs/deals/documents", files=files, headers=h)
        assert wait_job(c, job.json()["links"]["self"], h)["status"] == "completed"
        yield c


def _answers(client: TestClient, kb: str) -> list[bytes]:
    return [
        client.post(f"/v1/kbs/{kb}/query", json={"question": q}, headers=admin_headers()).content
        for q in QUESTIONS
    ]


def test_export_then_import_answers_the_same_bytes(client: TestClient) -> None:
    h = admin_headers()
    exported = client.post("/v1/kbs/deals/export", headers=h)
    assert exported.status_code == 200, exported.text
    assert exported.headers["content-type"] == "application/gzip"
    archive = exported.content
    job = client.post(
        "/v1/kbs/import",
        files={"archive": ("deals.tar.gz", archive, "application/gzip")},
        data={"kb": "copy"},
        headers=h,
    )
    assert job.status_code == 202, job.text
    done = wait_job(client, job.json()["links"]["self"], h)
    assert done["kb"] == "copy" and done["status"] == "completed", done
    assert [d["name"] for d in done["documents"]] == ["MSA.pdf", "Officers.pdf"]
    before, after = _answers(client, "deals"), _answers(client, "copy")
    assert after == before and b"New York" in before[0]
    # Exported again, the restored knowledge base names the same documents, metadata and
    # settings (only its name differs).
    again = _manifest(client.post("/v1/kbs/copy/export", headers=h).content)
    assert {**again, "kb": "deals"} == _manifest(archive)


def _manifest(archive: bytes) -> dict[str, Any]:
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        member = tar.extractfile("manifest.json")
        assert member is not None
        manifest: dict[str, Any] = json.loads(member.read())
    return manifest


def test_refusals(client: TestClient) -> None:
    h = admin_headers()
    key = client.post("/v1/keys", json={"kbs": ["deals"]}, headers=h).json()["key"]
    other = {"Authorization": f"Bearer {key}"}
    assert client.post("/v1/kbs/deals/export", headers=other).status_code == 403
    archive = client.post("/v1/kbs/deals/export", headers=h).content
    files = {"archive": ("deals.tar.gz", archive, "application/gzip")}
    refused = client.post("/v1/kbs/import", files=files, data={"kb": "x"}, headers=other)
    assert refused.status_code == 403
    taken = client.post("/v1/kbs/import", files=files, data={"kb": "deals"}, headers=h)
    assert taken.status_code == 409 and taken.json()["code"] == "kb_exists"
    bad = {"archive": ("bad.tar.gz", archive[: len(archive) // 2], "application/gzip")}
    broken = client.post("/v1/kbs/import", files=bad, data={"kb": "x"}, headers=h)
    assert broken.status_code == 422 and broken.json()["code"] == "archive_invalid"
    assert "bad.tar.gz" in broken.json()["detail"]
    # An original over the upload limit (max_file_bytes, 600 KiB here) is refused unread.
    big = io.BytesIO()
    with tarfile.open(fileobj=big, mode="w:gz") as tar:
        payload = b"%PDF-1.7\n" + b"\0" * (700 << 10)
        sha = hashlib.sha256(payload).hexdigest()
        listed = [{"name": "big.pdf", "sha256": sha, "metadata": {}}]
        _add(tar, "manifest.json", json.dumps({**_manifest(archive), "documents": listed}).encode())
        _add(tar, f"blobs/{sha}.pdf", payload)
    bomb = {"archive": ("big.tar.gz", big.getvalue(), "application/gzip")}
    over = client.post("/v1/kbs/import", files=bomb, data={"kb": "x"}, headers=h)
    assert over.status_code == 422 and "over 614400 bytes" in over.json()["detail"], over.text
    names = [kb["name"] for kb in client.get("/v1/kbs", headers=h).json()]
    assert "x" not in names


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))
