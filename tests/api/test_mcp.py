"""The MCP server (issue 36), driven by the SDK's own client: over stdio (`evrag mcp`, a
subprocess) and over streamable HTTP (`/mcp` on a real uvicorn, behind the API's keys).

One small knowledge base of two generated PDFs (a supply agreement and an officer
certificate) is built once for the module; the HTTP server works on a copy of it, since an
embedded store belongs to one process at a time.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp.shared.exceptions import MCPError

from bench.server import free_port
from skill import MAX_QUESTION_CHARS
from tests.api.conftest import ADMIN

ROOT = Path(__file__).resolve().parents[2]
GOVERNING_LAW = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?"
)
TOOLS = [
    "ask",
    "check_claim",
    "list_documents",
    "get_bindings",
    "find_entity",
    "evaluate_sufficiency",
    "cited_page",
]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Knowledge base `deals` (two documents) and an empty `other`, in a closed data dir."""
    from app import Runtime, Settings
    from tests.pdfs import clauses_pdf, contract_pdf

    root = tmp_path_factory.mktemp("mcp-data")
    certificate = clauses_pdf(
        "OFFICER CERTIFICATE",
        [
            "Jane Smith is the founder and Chief Executive Officer of Acme Robotics, Inc.",
            "This certificate is dated June 1, 2022.",
        ],
    )
    with Runtime.open(Settings(data_dir=root)) as runtime:
        runtime.create_kb("deals")
        runtime.create_kb("other")
        report = runtime.ingestor.run(
            "deals", [("MSA_Acme_Northwind.pdf", contract_pdf()), ("Officers.pdf", certificate)]
        )
    assert [d.status for d in report.documents] == ["committed", "committed"]
    return root


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scenario())  # type: ignore[arg-type]


def text_of(result: Any) -> str:
    return str(result.content[0].text)


async def common_calls(client: Any, kb: str | None = None) -> dict[str, Any]:
    """Every tool once, on `deals`; returns what later checks need."""
    scope = {"kb": kb} if kb else {}
    listed = await client.list_tools()
    assert [t.name for t in listed.tools] == TOOLS
    for tool in listed.tools:
        assert tool.description and len(tool.description) > 80, tool.name
        assert tool.input_schema["type"] == "object"
    engine_tool = next(t for t in listed.tools if t.name == "evaluate_sufficiency")
    assert "evidence_bundle" in engine_tool.input_schema["required"]

    answer = await client.call_tool("ask", {"question": GOVERNING_LAW, **scope})
    assert not answer.is_error, text_of(answer)
    body = answer.structured_content
    assert body["terminal_state"] == "CONCLUDED"
    assert body["conclusion"]["answer"] == "New York"
    assert body["sufficiency"]["decision"] == "SUPPORTED"
    evidence = body["evidence"][0]
    assert "State of New York" in evidence["quote"]
    assert json.loads(text_of(answer))["question"] == GOVERNING_LAW  # the text is the JSON too

    absent = await client.call_tool("ask", {"question": "Who founded Globex Corporation?", **scope})
    absent_body = absent.structured_content
    assert absent_body["terminal_state"] == "SUBJECT_NOT_FOUND"
    assert absent_body["evidence"] == [] and absent_body["sufficient"] is False
    assert "subject_not_found" in absent_body["risk_signals"]

    scoped = await client.call_tool(
        "ask",
        {"question": "Who founded Acme Robotics, Inc.?", "documents": ["Officers.pdf"], **scope},
    )
    assert scoped.structured_content["conclusion"]["answer"] == "Jane Smith"

    claims = {}
    for expected in ("New York", "new  york", "Delaware"):
        checked = await client.call_tool(
            "check_claim", {"question": GOVERNING_LAW, "expected_value": expected, **scope}
        )
        assert not checked.is_error, text_of(checked)
        claims[expected] = checked.structured_content
    assert claims["New York"]["decision"] == "SUPPORTED"
    assert claims["New York"]["deciding_evidence"][0]["evidence_id"] == evidence["evidence_id"]
    assert claims["new  york"]["read_as"] == "New York"
    assert claims["new  york"]["decision"] == "SUPPORTED"
    assert claims["Delaware"]["decision"] == "CONTRADICTED"
    assert claims["Delaware"]["reason_codes"] == ["CONTRADICTION_MEETS_CONTRACT"]
    founder = await client.call_tool(
        "check_claim",
        {"question": "Who founded Acme Robotics, Inc.?", "expected_value": "John Roe", **scope},
    )
    # Founders are several at once: a name that is none of those stated is a mismatch (the
    # same judging as `ask` with an expected value and a batch line's).
    assert founder.structured_content["decision"] == "CONTRADICTED"
    assert founder.structured_content["outcome"] == "mismatch"

    documents = (await client.call_tool("list_documents", scope)).structured_content["result"]
    assert sorted(d["name"] for d in documents) == ["MSA_Acme_Northwind.pdf", "Officers.pdf"]
    found = (await client.call_tool("find_entity", {"name": "acme", **scope})).structured_content
    assert found["result"][0]["name"] == "Acme Robotics, Inc."
    assert "Supplier" in found["result"][0]["aliases"]
    bindings = await client.call_tool(
        "get_bindings", {"entity": "Acme Robotics, Inc.", "limit": 50, **scope}
    )
    roles = {b["role"] for b in bindings.structured_content["result"]}
    assert "founder" in roles

    with open(ROOT / "examples" / "input.json", encoding="utf-8") as f:
        contract = json.load(f)
    judged = await client.call_tool("evaluate_sufficiency", contract)
    assert not judged.is_error, text_of(judged)
    assert judged.structured_content["decision"] in ("SUPPORTED", "CONTRADICTED", "INSUFFICIENT")

    loc = evidence["source_location"]
    page = await client.call_tool(
        "cited_page",
        {
            "document_id": loc["document_id"],
            "page": loc["page"],
            "line_start": loc["line_start"],
            "line_end": loc["line_end"],
            "zoom": 0.5,
            **scope,
        },
    )
    assert not page.is_error, text_of(page)
    image, caption = page.content
    assert image.type == "image" and image.mime_type == "image/png"
    assert json.loads(caption.text)["document"] == "MSA_Acme_Northwind.pdf"
    return {"evidence": evidence}


async def bad_arguments(
    client: Any, max_question_chars: int, *, over_http: bool, kb: str | None = None
) -> None:
    """A bad argument is a tool error naming it; the server answers the next call."""
    scope = {"kb": kb} if kb else {}
    typed = await client.call_tool("ask", {"question": 5, **scope})
    assert typed.is_error and "question" in text_of(typed)
    both = await client.call_tool("ask", {"question": "Who?", "subject": {"type": "x"}, **scope})
    assert both.is_error and "exactly one of 'question' or 'subject'" in text_of(both)
    too_long = await client.call_tool("ask", {"question": "x" * (max_question_chars + 1), **scope})
    assert too_long.is_error and "max_question_chars" in text_of(too_long)
    deep: Any = {"type": "individual"}
    for _ in range(100):
        deep = {"constraints": deep}
    if over_http:
        # Refused as a body (api/_bodies.py, 422), before the SDK parses the message.
        with pytest.raises(MCPError):
            await client.call_tool("ask", {"subject": deep, **scope})
    else:
        nested = await client.call_tool("ask", {"subject": deep, **scope})
        assert nested.is_error and "max_json_depth" in text_of(nested)
    engine_error = await client.call_tool(
        "evaluate_sufficiency",
        {
            "mode": "claim",
            "claim_or_condition": {"id": "c", "expected_value": 1},
            "evaluation_time": "2024-01-01",
            "evidence_requirements": {},
            "evidence_bundle": [],
        },
    )
    assert engine_error.is_error and "evaluation_time" in text_of(engine_error)
    page = await client.call_tool("cited_page", {"document_id": "0" * 64, "page": 1, **scope})
    assert page.is_error and "not_found" in text_of(page)
    pattern = await client.call_tool("cited_page", {"document_id": "../etc", "page": 1, **scope})
    assert pattern.is_error and "document_id" in text_of(pattern)
    still = await client.call_tool("list_documents", scope)
    assert not still.is_error


# ----------------------------------------------------------------------------- stdio


def test_stdio_server_answers_an_agent(data_dir: Path) -> None:
    """`evrag mcp --kb deals` in a subprocess, driven by the SDK's stdio client."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "app.cli", "--data-dir", str(data_dir), "mcp", "--kb", "deals"],
        cwd=str(ROOT),
        env={
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "TOKENIZERS_PARALLELISM": "false",
            "EVRAG_MODEL_CACHE": str(ROOT / ".evrag" / "model-cache"),
        },
    )

    async def scenario() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            seen = await common_calls(client)  # no kb: the connection sees exactly one
            await bad_arguments(client, MAX_QUESTION_CHARS, over_http=False)
            other = await client.call_tool("list_documents", {"kb": "other"})
            # `other` exists, but this connection was started for `deals` only.
            assert other.is_error and "kb_not_found" in text_of(other)
            resources = await client.list_resources()
            assert [str(r.uri) for r in resources.resources] == ["evrag://deals/documents"]
            listed = await client.read_resource("evrag://deals/documents")
            assert len(json.loads(listed.contents[0].text)) == 2
            loc = seen["evidence"]["source_location"]
            uri = (
                f"evrag://deals/documents/{loc['document_id']}/pages/{loc['page']}"
                f"/lines/{loc['line_start']}-{loc['line_end']}"
            )
            passage = await client.read_resource(uri)
            assert "State of New York" in passage.contents[0].text

    run(scenario)


def test_stdio_command_refuses_an_unknown_kb(data_dir: Path, capsys: Any) -> None:
    from app.cli import main

    assert main(["--data-dir", str(data_dir), "mcp", "--kb", "nope"]) == 2
    assert "nope" in capsys.readouterr().err


# ----------------------------------------------------------------------------- HTTP


@pytest.fixture(scope="module")
def http_server(data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`create_app` on a real uvicorn (a thread of this process) over a copy of the data."""
    import uvicorn

    from api import ApiSettings, create_app
    from app import Settings

    copy = tmp_path_factory.mktemp("mcp-http") / "data"
    shutil.copytree(data_dir, copy, ignore=shutil.ignore_patterns("LOCK"))
    limits = ApiSettings(admin_key=ADMIN, max_question_chars=300, max_json_body_bytes=64 * 1024)
    app = create_app(Settings(data_dir=copy), limits)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def _client(url: str, key: str) -> Any:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=120)
    return Client(streamable_http_client(url + "/mcp", http_client=http))


def test_http_server_behind_the_keys(http_server: str) -> None:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    made = httpx.post(
        http_server + "/v1/keys", json={"kbs": ["deals"], "label": "agent"}, headers=admin
    )
    key = made.json()["key"]

    async def scenario() -> None:
        async with _client(http_server, key) as client:
            await common_calls(client)  # the key sees one knowledge base: no kb needed
            await bad_arguments(client, 300, over_http=True)
            # A knowledge base the key may not see reads as one that does not exist.
            other = await client.call_tool("list_documents", {"kb": "other"})
            assert other.is_error and "kb_not_found: knowledge base 'other'" in text_of(other)
            with pytest.raises(Exception, match="kb_not_found"):
                await client.read_resource("evrag://other/documents")
        async with _client(http_server, ADMIN) as client:
            # The admin sees both: a call must name one, and may name `other`.
            unnamed = await client.call_tool("list_documents", {})
            assert unnamed.is_error and "sees: deals, other" in text_of(unnamed)
            named = await client.call_tool("list_documents", {"kb": "other"})
            assert named.structured_content == {"result": []}
            await common_calls(client, kb="deals")

    run(scenario)


def test_http_mcp_refuses_before_reading_a_body(http_server: str) -> None:
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    anonymous = httpx.post(http_server + "/mcp", json=message)
    assert anonymous.status_code == 401
    assert anonymous.headers["content-type"] == "application/problem+json"
    unknown = httpx.post(http_server + "/mcp", json=message, headers={"X-API-Key": "evrag_nope"})
    assert unknown.status_code == 401
    assert httpx.get(http_server + "/mcp").status_code == 401
    # The API's body limits hold for /mcp too.
    admin = {"Authorization": f"Bearer {ADMIN}"}
    big = {**message, "params": {"pad": "x" * 70_000}}
    assert httpx.post(http_server + "/mcp", json=big, headers=admin).status_code == 413
    deep: Any = 1
    for _ in range(80):
        deep = [deep]
    nested = httpx.post(
        http_server + "/mcp", json={**message, "params": {"x": deep}}, headers=admin
    )
    assert nested.status_code == 422 and nested.json()["limit"] == "max_json_depth"
