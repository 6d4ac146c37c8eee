"""One real app (real runtime: embedded Qdrant Edge, the packaged model) for the API tests."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ADMIN = "test-admin-key"
KIB = 1024

# Small limits, so every one can be crossed cheaply.
LIMITS: dict[str, Any] = {
    "admin_key": ADMIN,
    "max_file_bytes": 600 * KIB,
    "max_request_bytes": 900 * KIB,
    "max_files_per_request": 3,
    "max_question_chars": 300,
    "max_batch_items": 6,
    "max_top_k": 20,
    "max_json_body_bytes": 64 * KIB,
    "ingest_workers": 1,
    "eval_workers": 2,
    "body_read_timeout_seconds": 2.0,
}


def admin_headers() -> dict[str, str]:
    return {"Authorization": f"Bearer {ADMIN}"}


@pytest.fixture(scope="session")
def api_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from api import ApiSettings, create_app
    from app import Settings

    data_dir = tmp_path_factory.mktemp("api-data")
    app = create_app(Settings(data_dir=data_dir), ApiSettings.model_validate(LIMITS))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def wait_job(
    client: TestClient, url: str, headers: dict[str, str], timeout: float = 120.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(url, headers=headers).json()
        if body["status"] not in ("queued", "running"):
            return body
        time.sleep(0.05)
    raise AssertionError(f"{url} did not finish in {timeout} s")


@pytest.fixture(scope="session")
def contract_bytes() -> bytes:
    from tests.pdfs import contract_pdf

    return contract_pdf()


@pytest.fixture(scope="session")
def loaded_kb(api_client: TestClient, contract_bytes: bytes) -> dict[str, str]:
    """A knowledge base `deals` with the test contract ingested, and a key for it."""
    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "deals"}, headers=h).status_code == 201
    files = [("files", ("MSA_Acme_Northwind.pdf", contract_bytes, "application/pdf"))]
    job = api_client.post("/v1/kbs/deals/documents", files=files, headers=h)
    assert job.status_code == 202, job.text
    done = wait_job(api_client, job.json()["links"]["self"], h)
    assert done["status"] == "completed", done
    assert done["documents"][0]["status"] == "committed", done
    key = api_client.post("/v1/keys", json={"kbs": ["deals"], "label": "deals"}, headers=h).json()
    return {"kb": "deals", "key": key["key"], "document_id": done["documents"][0]["document_id"]}


def tmp_file(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
