"""End to end over a real uvicorn process: upload the data room, ask, batch, report, and a
SIGKILL mid-job after which the restarted server finishes the job without redoing items."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path

import httpx
import pytest

from tests.api._server import Server

ADMIN = "e2e-admin-key"
QUESTIONS = [
    "Who founded Halcyon Robotics, Inc.?",
    "Who is the Chief Executive Officer of Halcyon Robotics, Inc.?",
    "Where is Halcyon Robotics, Inc. incorporated?",
    "Who is the registered agent of Halcyon Robotics, Inc.?",
    "What are the subsidiaries of Halcyon Robotics, Inc.?",
    "Who founded Globex Corporation?",
    "What is the governing law of the master services agreement between Halcyon Robotics, Inc. and Northgate Logistics, LLC?",
    "Who is the guarantor under the loan agreement of Halcyon Robotics, Inc.?",
]


def _wait(client: httpx.Client, url: str, timeout: float = 600.0) -> dict:  # type: ignore[type-arg]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(url).json()
        if body["status"] not in ("queued", "running"):
            return body
        time.sleep(0.1)
    raise AssertionError(f"{url} did not finish")


@pytest.mark.slow
def test_end_to_end_and_resume_after_sigkill(tmp_path: Path, data_room: list[Path]) -> None:
    pdfs = data_room
    data_dir = tmp_path / "data"
    log = tmp_path / "server.log"
    server = Server(data_dir, ADMIN, log).start()
    try:
        admin = httpx.Client(
            base_url=server.url, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=60
        )
        assert admin.post("/v1/kbs", json={"name": "room"}).status_code == 201
        key = admin.post("/v1/keys", json={"kbs": ["room"]}).json()["key"]
        client = httpx.Client(base_url=server.url, headers={"X-API-Key": key}, timeout=60)

        # Upload the whole data room in one streamed multipart request.
        handles = [p.open("rb") for p in pdfs]
        try:
            job = client.post(
                "/v1/kbs/room/documents",
                files=[
                    ("files", (p.name, h, "application/pdf"))
                    for p, h in zip(pdfs, handles, strict=True)
                ],
            )
        finally:
            for h in handles:
                h.close()
        assert job.status_code == 202, job.text
        done = _wait(client, job.json()["links"]["self"])
        assert (done["status"], done["total"], done["failed"]) == ("completed", len(pdfs), 0), done
        assert {d["status"] for d in done["documents"]} <= {"committed", "duplicate"}
        docs = client.get("/v1/kbs/room/documents").json()
        assert len(docs) >= len(pdfs) - 1 and sum(d["pages"] or 0 for d in docs) >= 50

        answers = [client.post("/v1/kbs/room/query", json={"question": q}) for q in QUESTIONS]
        assert [a.status_code for a in answers] == [200] * len(QUESTIONS), answers[0].text
        states = [a.json()["terminal_state"] for a in answers]
        assert "CONCLUDED" in states, states
        assert states[5] == "SUBJECT_NOT_FOUND"  # Globex is nowhere in the data room

        # A batch job, then its HTML report with working citation links.
        lines = [{"id": f"q{i}", "question": q} for i, q in enumerate(QUESTIONS)]
        small = client.post("/v1/kbs/room/evaluations", json=lines).json()
        finished = _wait(client, small["links"]["self"])
        assert (finished["done"], finished["failed"]) == (len(QUESTIONS), 0)
        report = client.get(small["links"]["results_html"])
        assert report.status_code == 200 and report.text.count("<tr>") == len(QUESTIONS) + 1
        links = re.findall(r'href="([^"]+)"', report.text)
        assert links, "a concluded answer cites pages"
        image = httpx.get(links[0].replace("&amp;", "&"), timeout=60)
        assert image.status_code == 200 and image.content.startswith(b"\x89PNG")

        # A long job, killed mid-way with SIGKILL.
        many = [{"id": f"m{i:04d}", "question": QUESTIONS[i % len(QUESTIONS)]} for i in range(400)]
        big = client.post("/v1/kbs/room/evaluations", json=many).json()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            status = client.get(big["links"]["self"]).json()
            if status["done"] >= 3:
                break
            time.sleep(0.02)
        server.kill()
        assert 3 <= status["done"] < len(many), status
    finally:
        server.kill()

    db = sqlite3.connect(data_dir / "catalog.sqlite3")
    pending = {
        seq
        for (seq,) in db.execute(
            "select seq from api_job_items where job_id = ? and status = 'pending'",
            (big["job_id"],),
        )
    }
    finished_before = {
        seq: result
        for seq, result in db.execute(
            "select seq, result from api_job_items where job_id = ? and status != 'pending'",
            (big["job_id"],),
        )
    }
    db.close()
    assert pending and finished_before

    log2 = tmp_path / "server2.log"
    restarted = Server(data_dir, ADMIN, log2).start()
    try:
        client = httpx.Client(base_url=restarted.url, headers={"X-API-Key": key}, timeout=60)
        final = _wait(client, big["links"]["self"])
        assert (final["status"], final["done"], final["failed"]) == ("completed", len(many), 0)
        rows = [json.loads(x) for x in client.get(big["links"]["results_jsonl"]).text.splitlines()]
        assert [r["id"] for r in rows] == [m["id"] for m in many]
        # Finished items kept their results, and only unfinished ones ran again.
        for seq, result in finished_before.items():
            assert json.loads(result) == rows[seq]
        ran = {
            int(m)
            for m in re.findall(rf"job {big['job_id']}: running item (\d+)", log2.read_text())
        }
        assert ran == pending
        # Same question, same knowledge base: byte-identical answers across processes.
        assert rows[0] == rows[len(QUESTIONS)] | {"id": rows[0]["id"]}
    finally:
        restarted.stop()
