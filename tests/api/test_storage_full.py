"""Issue 37: an upload on a full disk answered `500 internal_error` with no reason; it is a
507 storage_full that says why (fault injection at the two write sites of an upload: its
file, and its job's rows)."""

from __future__ import annotations

import errno
import os
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from tests.api.conftest import admin_headers


@pytest.fixture(scope="module")
def full_kb(api_client: TestClient) -> str:
    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "fulldisk"}, headers=h).status_code == 201
    return "fulldisk"


def _upload(api_client: TestClient, kb: str, data: bytes) -> Any:
    files = [("files", ("a.pdf", data, "application/pdf"))]
    return api_client.post(f"/v1/kbs/{kb}/documents", files=files, headers=admin_headers())


def test_the_upload_file_on_a_full_disk_is_507(
    api_client: TestClient, full_kb: str, contract_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("api._routes.receive_pdfs", refuse)
    resp = _upload(api_client, full_kb, contract_bytes)
    assert resp.status_code == 507, resp.text
    assert resp.json()["code"] == "storage_full"
    assert "No space left on device" in resp.json()["detail"]


def test_the_upload_job_on_a_full_catalog_is_507(
    api_client: TestClient, full_kb: str, contract_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = api_client.app.state.api.jobs  # type: ignore[attr-defined]
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = 13  # type: ignore[attr-defined]

    def create(*args: Any, **kwargs: Any) -> Any:
        with jobs._writes():
            raise OperationalError("INSERT INTO api_jobs ...", {}, full)

    monkeypatch.setattr(jobs, "create", create)
    resp = _upload(api_client, full_kb, contract_bytes)
    assert resp.status_code == 507, resp.text
    assert resp.json()["code"] == "storage_full"
    assert "database or disk is full" in resp.json()["detail"]
