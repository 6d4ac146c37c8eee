"""Exact copies over HTTP: the documents listing names the document a copy stands behind, and
an answer cites the first by name with the copy in `also_in`."""

from __future__ import annotations

import pymupdf
from fastapi.testclient import TestClient

from tests.api.conftest import admin_headers, wait_job

QUESTION = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?"
)


def _saved_again(data: bytes) -> bytes:
    """The same pages with another keywords field: other bytes, the same text and places."""
    doc = pymupdf.open(stream=data, filetype="pdf")
    doc.set_metadata({**(doc.metadata or {}), "keywords": "counterparty copy"})
    out = doc.tobytes()
    assert out != data
    return bytes(out)


def test_exact_copy_listed_and_folded(api_client: TestClient, contract_bytes: bytes) -> None:
    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "copies"}, headers=h).status_code == 201
    for name, data in (
        ("MSA_Acme_Northwind.pdf", contract_bytes),
        ("MSA_Acme_Northwind_countersigned.pdf", _saved_again(contract_bytes)),
    ):
        files = [("files", (name, data, "application/pdf"))]
        job = api_client.post("/v1/kbs/copies/documents", files=files, headers=h).json()
        done = wait_job(api_client, job["links"]["self"], h)
        assert done["documents"][0]["status"] == "committed", done

    docs = {d["name"]: d for d in api_client.get("/v1/kbs/copies/documents", headers=h).json()}
    original = docs["MSA_Acme_Northwind.pdf"]
    copy = docs["MSA_Acme_Northwind_countersigned.pdf"]
    assert original["copy_of"] is None
    assert copy["copy_of"] == original["document_id"]
    one = api_client.get(f"/v1/kbs/copies/documents/{copy['document_id']}", headers=h).json()
    assert one["copy_of"] == original["document_id"]

    answer = api_client.post("/v1/kbs/copies/query", json={"question": QUESTION}, headers=h)
    assert answer.status_code == 200, answer.text
    evidence = answer.json()["evidence"]
    assert evidence
    assert {u["source_location"]["document_id"] for u in evidence} == {original["document_id"]}
    assert all(
        u["also_in"] == [{"document": copy["name"], "document_id": copy["document_id"]}]
        for u in evidence
    )
