"""The history of answers in Chromium (issue 39): an answer asked in the page has a stable
link; after a reload it is in History (verdict badge, date), its link opens it rendered as
the ask view renders it, and a selection exports as Markdown and JSON with its citations.
Neither view scrolls sideways at 1,280 or 800 px.

Its own knowledge base (one contract uploaded through the API), so it runs alone or after
test_workspace.py on the same server.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN
from tests.browser.test_workspace import sideways, sign_in
from tests.pdfs import contract_pdf

pytestmark = pytest.mark.slow

KB = "ledger"
LAW = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?"
)
ABSENT = "Who founded Globex Corporation?"


@pytest.fixture(scope="module")
def ledger(server: Any) -> str:
    """The knowledge base `ledger` with the test contract, made through the API."""
    auth = {"Authorization": f"Bearer {ADMIN}"}
    with httpx.Client(base_url=server.url, headers=auth, timeout=60) as api:
        assert api.post("/v1/kbs", json={"name": KB}).status_code == 201
        files = [("files", ("MSA_Acme_Northwind.pdf", contract_pdf(), "application/pdf"))]
        job = api.post(f"/v1/kbs/{KB}/documents", files=files).json()
        for _ in range(600):
            state = api.get(job["links"]["self"]).json()
            if state["status"] not in ("queued", "running"):
                break
            time.sleep(0.2)
        assert state["status"] == "completed", state
    return KB


@pytest.fixture(scope="module")
def page(browser_context: Any, server: Any, ledger: str) -> Any:
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None
        ),
    )
    page.set_default_timeout(60_000)
    page.goto(server.url + "/")
    sign_in(page, ADMIN)
    page.wait_for_selector("#nav:not([hidden])")
    yield page
    page.close()
    assert not errors, errors


def ask(page: Any, question: str) -> Any:
    page.fill("#question", question)
    page.keyboard.press("Control+Enter")
    return page.wait_for_selector(
        f"article.answer[data-render-ms]:has(p.muted:text-is({json.dumps(question)}))",
        timeout=120_000,
    )


def test_an_answer_survives_a_reload_in_history_and_at_its_link(
    page: Any, server: Any, screenshots: Path
) -> None:
    page.goto(f"{server.url}/#/kb/{KB}/ask")
    page.wait_for_selector("#question")
    ask(page, ABSENT)
    card = ask(page, LAW)
    link = card.query_selector("a[data-answer-id]")
    assert link, card.text_content()
    answer_id = link.get_attribute("data-answer-id")
    assert link.get_attribute("href") == f"#/kb/{KB}/answers/{answer_id}"
    value = card.query_selector("p.value").text_content()
    verdict = card.get_attribute("data-verdict")
    cites = [c.text_content() for c in card.query_selector_all(".cites [data-cite]")]
    assert value and cites, card.text_content()

    page.reload()
    page.wait_for_selector("#question")  # signed in again from the tab's session
    page.click("#nav a[data-view=history]")
    row = page.wait_for_selector(f"tr[data-answer='{answer_id}']")
    assert page.get_attribute("#nav a[data-view=history]", "aria-current") == "page"
    assert row.query_selector("a").text_content() == LAW
    assert row.query_selector(f".badge.{verdict}"), row.inner_html()
    assert row.query_selector("time[datetime]")
    rows = page.query_selector_all("tr[data-answer]")
    ids = [int(r.get_attribute("data-answer")) for r in rows]
    assert ids == sorted(ids, reverse=True) and ids[0] == int(answer_id)  # newest first
    found = sideways(page, "history")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(screenshots / "workspace-history.png"), full_page=True)

    # Markdown and JSON of a selection of two
    older = rows[1].get_attribute("data-answer")
    page.check(f"tr[data-answer='{answer_id}'] input[type=checkbox]")
    page.check(f"tr[data-answer='{older}'] input[type=checkbox]")
    with page.expect_download() as download:
        page.click("button[data-export=md]")
    markdown = Path(download.value.path()).read_text()
    assert markdown.startswith(f"# Answers from knowledge base {KB}\n")
    assert (
        f"## Answer {answer_id}: {LAW}" in markdown and f"## Answer {older}: {ABSENT}" in markdown
    )
    assert f"**{value}**" in markdown
    assert "MSA_Acme_Northwind.pdf, p. " in markdown and "  > " in markdown
    with page.expect_download() as download:
        page.click("button[data-export=json]")
    exported = json.loads(Path(download.value.path()).read_text())
    assert sorted(r["id"] for r in exported) == sorted([int(answer_id), int(older)])

    # the link opens the answer, rendered as the ask view rendered it, also after a reload
    row.query_selector("a").click()
    page.wait_for_url(f"**/#/kb/{KB}/answers/{answer_id}")
    page.reload()
    kept = page.wait_for_selector(f"article.answer[data-answer-id='{answer_id}']")
    assert kept.query_selector("p.value").text_content() == value
    assert kept.get_attribute("data-verdict") == verdict
    assert [c.text_content() for c in kept.query_selector_all(".cites [data-cite]")] == cites
    assert kept.query_selector(f"a[data-answer-id='{answer_id}']")
    found += sideways(page, "a kept answer")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(screenshots / "workspace-kept-answer.png"), full_page=True)
    assert not found, "\n".join(found)

    # an id that is not kept says so in words
    page.goto(f"{server.url}/#/kb/{KB}/answers/999999")
    page.wait_for_selector("#view [role=alert]:has-text('no answer 999999')")
