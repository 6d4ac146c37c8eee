"""The answers' history (issue 39): every query's answer is kept per knowledge base with a
stable id, listed newest first, got, deleted and exported (Markdown, JSON) under the
knowledge base's own key; keeping it never changes the answer's bytes nor fails it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import admin_headers, wait_job

LAW = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?"
)
ABSENT = "Who founded Globex Corporation?"


@pytest.fixture(scope="module")
def kbs(api_client: TestClient, contract_bytes: bytes) -> Iterator[dict[str, Any]]:
    """`hist` with the test contract and its key; `hist-other`, empty, with its own key."""
    h = admin_headers()
    for name in ("hist", "hist-other"):
        assert api_client.post("/v1/kbs", json={"name": name}, headers=h).status_code == 201
    files = [("files", ("MSA_Acme_Northwind.pdf", contract_bytes, "application/pdf"))]
    job = api_client.post("/v1/kbs/hist/documents", files=files, headers=h).json()
    assert wait_job(api_client, job["links"]["self"], h)["status"] == "completed"
    keys = {
        name: api_client.post("/v1/keys", json={"kbs": [name]}, headers=h).json()["key"]
        for name in ("hist", "hist-other")
    }
    yield {
        "user": {"X-API-Key": keys["hist"]},
        "other": {"X-API-Key": keys["hist-other"]},
    }
    for name in ("hist", "hist-other"):
        api_client.delete(f"/v1/kbs/{name}", headers=h)


def _ask(client: TestClient, headers: dict[str, str], body: dict[str, Any], kb: str = "hist"):  # type: ignore[no-untyped-def]
    resp = client.post(f"/v1/kbs/{kb}/query", json=body, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp


def test_an_answer_is_kept_as_returned_with_a_stable_id(
    api_client: TestClient, kbs: dict[str, Any]
) -> None:
    user = kbs["user"]
    first = _ask(api_client, user, {"question": LAW, "documents": ["MSA_Acme_Northwind.pdf"]})
    second = _ask(api_client, user, {"question": ABSENT})
    one, two = int(first.headers["X-Answer-Id"]), int(second.headers["X-Answer-Id"])
    assert two == one + 1
    # the same question asked again: the same bytes, a new id (no clock in the answer)
    again = _ask(api_client, user, {"question": ABSENT})
    assert again.content == second.content
    assert int(again.headers["X-Answer-Id"]) == two + 1

    kept = api_client.get(f"/v1/kbs/hist/answers/{one}", headers=user)
    assert kept.status_code == 200, kept.text
    record = kept.json()
    assert record["answer"] == first.json()
    # the answer as kept serializes to the very bytes the query returned
    assert (
        json.dumps(record["answer"], ensure_ascii=False, separators=(",", ":")).encode()
        == first.content
    )
    assert record["question"] == LAW and record["id"] == one and record["kb"] == "hist"
    assert record["request"] == {"question": LAW, "documents": ["MSA_Acme_Northwind.pdf"]}
    assert record["verdict"] == (first.json()["sufficiency"] or {}).get("decision")
    assert record["links"] == {
        "self": f"/v1/kbs/hist/answers/{one}",
        "web": f"/#/kb/hist/answers/{one}",
    }
    assert "created_at" in record and record["created_at"] not in first.text


def test_the_list_is_newest_first_and_paginated(
    api_client: TestClient, kbs: dict[str, Any]
) -> None:
    user = kbs["user"]
    ids = [int(_ask(api_client, user, {"question": ABSENT}).headers["X-Answer-Id"]) for _ in "ab"]
    page = api_client.get("/v1/kbs/hist/answers?limit=1", headers=user).json()
    assert page["total"] >= 2 and page["limit"] == 1 and page["offset"] == 0
    assert [a["id"] for a in page["answers"]] == [ids[1]]
    newest = page["answers"][0]
    assert newest["question"] == ABSENT and newest["verdict"] == "SUBJECT_NOT_FOUND"
    assert newest["links"]["web"] == f"/#/kb/hist/answers/{ids[1]}"
    nxt = api_client.get("/v1/kbs/hist/answers?limit=1&offset=1", headers=user).json()
    assert [a["id"] for a in nxt["answers"]] == [ids[0]]
    listed = api_client.get("/v1/kbs/hist/answers?limit=200", headers=user).json()["answers"]
    assert [a["id"] for a in listed] == sorted((a["id"] for a in listed), reverse=True)


def test_delete_one_answer_and_its_id_is_not_given_again(
    api_client: TestClient, kbs: dict[str, Any]
) -> None:
    user = kbs["user"]
    gone = int(_ask(api_client, user, {"question": ABSENT}).headers["X-Answer-Id"])
    assert api_client.delete(f"/v1/kbs/hist/answers/{gone}", headers=user).status_code == 204
    missing = api_client.get(f"/v1/kbs/hist/answers/{gone}", headers=user)
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert api_client.delete(f"/v1/kbs/hist/answers/{gone}", headers=user).status_code == 404
    # the newest was deleted: the next answer still gets a new id, never the deleted one's
    nxt = int(_ask(api_client, user, {"question": ABSENT}).headers["X-Answer-Id"])
    assert nxt == gone + 1


def test_export_markdown_and_json(api_client: TestClient, kbs: dict[str, Any]) -> None:
    user = kbs["user"]
    law = _ask(api_client, user, {"question": LAW})
    absent = _ask(api_client, user, {"question": ABSENT})
    ids = [int(law.headers["X-Answer-Id"]), int(absent.headers["X-Answer-Id"])]
    answer = law.json()
    assert answer["conclusion"]["values"], answer  # the contract states the law

    md = api_client.get(
        f"/v1/kbs/hist/answers/export?format=md&ids={ids[1]},{ids[0]}", headers=user
    )
    assert md.status_code == 200, md.text
    assert md.headers["content-type"].startswith("text/markdown")
    assert md.headers["content-disposition"] == 'attachment; filename="hist-answers.md"'
    text = md.text
    assert text.startswith("# Answers from knowledge base hist\n")
    # oldest first, whatever order the ids were given in
    assert text.index(f"## Answer {ids[0]}: {LAW}") < text.index(f"## Answer {ids[1]}: {ABSENT}")
    verdict = answer["sufficiency"]["decision"]
    assert f"- Verdict: **{verdict}**" in text and "- Verdict: **SUBJECT_NOT_FOUND**" in text
    value = answer["conclusion"]["values"][0]
    assert f"**{value['value']}**" in text
    unit = next(u for u in answer["evidence"] if u["evidence_id"] == value["evidence_ids"][0])
    loc = unit["source_location"]
    cite = f"- {loc['document']}, p. {loc['page']}"
    assert cite in text
    assert (
        f"lines {loc['line_start']}–{loc['line_end']}" in text
        or f"line {loc['line_start']}" in text
    )
    assert f"  > {unit['quote'].splitlines()[0]}" in text

    one = api_client.get(f"/v1/kbs/hist/answers/export?format=md&ids={ids[0]}", headers=user)
    assert one.text.startswith(f"# Answer {ids[0]} from knowledge base hist\n")
    assert one.headers["content-disposition"].endswith(f'filename="hist-answer-{ids[0]}.md"')

    js = api_client.post(
        "/v1/kbs/hist/answers/export", json={"ids": ids, "format": "json"}, headers=user
    )
    assert js.status_code == 200, js.text
    exported = js.json()
    assert [r["id"] for r in exported] == ids
    assert [r["answer"] for r in exported] == [answer, absent.json()]
    by_get = api_client.get(f"/v1/kbs/hist/answers/export?ids={ids[0]},{ids[1]}", headers=user)
    assert by_get.json() == exported
    # every kept answer when no ids are given
    every = api_client.get("/v1/kbs/hist/answers/export", headers=user).json()
    assert {r["id"] for r in every} >= set(ids)

    unknown = api_client.get(f"/v1/kbs/hist/answers/export?ids={ids[0]},999999", headers=user)
    assert unknown.status_code == 404 and "999999" in unknown.json()["detail"]
    for bad in ("0", "a", "1,,2", "-1"):
        assert (
            api_client.get(f"/v1/kbs/hist/answers/export?ids={bad}", headers=user).status_code
            == 422
        )
    assert (
        api_client.get("/v1/kbs/hist/answers/export?format=html", headers=user).status_code == 422
    )


def test_another_tenants_key_sees_nothing(api_client: TestClient, kbs: dict[str, Any]) -> None:
    user, other = kbs["user"], kbs["other"]
    mine = int(_ask(api_client, user, {"question": ABSENT}).headers["X-Answer-Id"])
    theirs = _ask(api_client, other, {"question": ABSENT}, kb="hist-other")
    assert theirs.headers["X-Answer-Id"] == "1"  # a sequence of its own knowledge base
    for method, url in (
        ("GET", "/v1/kbs/hist/answers"),
        ("GET", f"/v1/kbs/hist/answers/{mine}"),
        ("DELETE", f"/v1/kbs/hist/answers/{mine}"),
        ("GET", f"/v1/kbs/hist/answers/export?ids={mine}"),
    ):
        resp = api_client.request(method, url, headers=other)
        assert resp.status_code == 404, (method, url, resp.text)
    resp = api_client.post("/v1/kbs/hist/answers/export", json={"ids": [mine]}, headers=other)
    assert resp.status_code == 404
    # through its own knowledge base, another's id is not there either
    listed = api_client.get("/v1/kbs/hist-other/answers", headers=other).json()
    assert [a["id"] for a in listed["answers"]] == [1]
    if mine != 1:
        assert (
            api_client.get(f"/v1/kbs/hist-other/answers/{mine}", headers=other).status_code == 404
        )
    assert api_client.get(f"/v1/kbs/hist/answers/{mine}", headers=user).status_code == 200


def test_a_failed_record_never_fails_the_answer_nor_changes_it(
    api_client: TestClient, kbs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    user = kbs["user"]
    kept = _ask(api_client, user, {"question": LAW})
    state = api_client.app.state.api  # type: ignore[attr-defined]

    def broken(*_: Any, **__: Any) -> int:
        raise RuntimeError("the history's disk is gone")

    monkeypatch.setattr(state.history, "record", broken)
    unkept = _ask(api_client, user, {"question": LAW})
    assert "X-Answer-Id" not in unkept.headers
    assert unkept.content == kept.content


def test_deleting_the_knowledge_base_drops_its_history(
    api_client: TestClient, contract_bytes: bytes
) -> None:
    h = admin_headers()
    assert api_client.post("/v1/kbs", json={"name": "hist-gone"}, headers=h).status_code == 201
    first = _ask(api_client, h, {"question": ABSENT}, kb="hist-gone").headers["X-Answer-Id"]
    assert api_client.delete("/v1/kbs/hist-gone", headers=h).status_code == 204
    assert api_client.post("/v1/kbs", json={"name": "hist-gone"}, headers=h).status_code == 201
    assert api_client.get("/v1/kbs/hist-gone/answers", headers=h).json()["total"] == 0
    # made again under the name, it does not reuse the old answers' ids (their links)
    again = _ask(api_client, h, {"question": ABSENT}, kb="hist-gone").headers["X-Answer-Id"]
    assert int(again) == int(first) + 1
    assert api_client.delete("/v1/kbs/hist-gone", headers=h).status_code == 204
