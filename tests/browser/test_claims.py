"""Yes/no questions in Chromium (issues 34 and 39): a claim's answer shows its verdict as a
Yes / No / Not stated / "Not stated — the sentences disagree" badge beside the engine's, the
deciding sentence cited and visible, its conditions and exceptions as labelled lists, and the
sentences that only name the action labelled "related", never as the answer. The engine's
badge carries the server's verdict word (app/_batch.py `verdict`), the one History keeps
for the same answer.

Its own knowledge base (the data room uploaded through the API), so it runs alone or after
the other browser tests on the same server.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, barring_violations
from tests.browser.test_history import ask
from tests.browser.test_workspace import sideways, sign_in

pytestmark = pytest.mark.slow

KB = "claims"
ASSIGN = "Can Halcyon assign the MSA with Northgate without consent?"
UNCAPPED = "Is Halcyon's liability under the MSA with Northgate uncapped?"
WITHOUT_CAUSE = "Can Northgate terminate the MSA with Halcyon without cause?"
EXCEPTION = "except to a successor in connection with a merger"


@pytest.fixture(scope="module")
def claims_kb(server: Any, data_room: list[Path]) -> str:
    """The knowledge base `claims` with the whole data room, made through the API."""
    auth = {"Authorization": f"Bearer {ADMIN}"}
    with httpx.Client(base_url=server.url, headers=auth, timeout=120) as api:
        assert api.post("/v1/kbs", json={"name": KB}).status_code == 201
        files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in data_room]
        job = api.post(f"/v1/kbs/{KB}/documents", files=files).json()
        for _ in range(3000):
            state = api.get(job["links"]["self"]).json()
            if state["status"] not in ("queued", "running"):
                break
            time.sleep(0.2)
        assert state["status"] == "completed", state
    return KB


@pytest.fixture(scope="module")
def page(browser_context: Any, server: Any, claims_kb: str) -> Any:
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
    page.goto(f"{server.url}/#/kb/{KB}/ask")
    page.wait_for_selector(f"h2:text-is('Ask {KB}')")
    yield page
    page.close()
    assert not errors, errors


def badges(card: Any) -> tuple[str, str]:
    """(the claim's badge, the engine's badge) as a person reads them."""
    claim = card.query_selector(".verdict .claim-verdict .badge")
    engine = card.query_selector(".verdict .decision .badge")
    assert claim and claim.is_visible() and engine.is_visible(), card.inner_html()
    return claim.text_content(), engine.text_content()


def visible_text(element: Any) -> str:
    return " ".join(element.inner_text().split())


def test_a_no_with_its_deciding_sentence_and_exception(page: Any) -> None:
    card = ask(page, ASSIGN)
    assert badges(card) == ("No", "CONTRADICTED")
    assert card.get_attribute("data-claim") == "NO"
    assert card.query_selector("p.value").text_content().startswith("No — Neither Party may")
    block = card.query_selector(".claim")
    assert block.query_selector("h3").text_content() == "Deciding sentence"
    deciding = block.query_selector_all("li.deciding")
    assert len(deciding) == 1 and deciding[0].query_selector("[data-cite]").is_visible()
    assert "Neither Party may assign this Agreement" in visible_text(deciding[0])
    exceptions = block.query_selector("ul.exceptions")
    assert exceptions.get_attribute("aria-label") == "Exceptions" and exceptions.is_visible()
    assert EXCEPTION in visible_text(exceptions)
    assert not block.query_selector("ul.conditions")  # none stated: no empty list
    # Sentences that only name assigning, if any are quoted, are labelled apart from the
    # answer (the reader reads assigning of the agreement or its rights only, so "Provider
    # shall assign qualified personnel" is not one of them)
    related = card.query_selector_all(".related li")
    assert all(r.query_selector(".tag.related").is_visible() for r in related)
    assert not any("qualified personnel" in visible_text(r) for r in related)
    assert not any(r.query_selector(".tag.deciding") for r in related)
    assert all("Neither Party may assign" not in visible_text(r) for r in related)


def test_a_negated_claim_answered_from_two_documents(page: Any) -> None:
    # the cap carves out indemnification obligations: uncapped for them (issue 34)
    card = ask(page, UNCAPPED)
    assert badges(card) == ("Yes, with conditions", "SUPPORTED")
    block = card.query_selector(".claim")
    assert block.query_selector("h3").text_content() == "Deciding sentences"
    deciding = block.query_selector_all("li.deciding [data-cite]")
    assert len(deciding) == 2 and all(c.is_visible() for c in deciding)
    assert "INDEMNIFICATION" in visible_text(block.query_selector("ul.conditions"))


def test_not_stated_shows_related_sentences_as_related(page: Any) -> None:
    card = ask(page, WITHOUT_CAUSE)
    assert badges(card) == ("Not stated", "INSUFFICIENT")
    headline = card.query_selector("p.value").text_content()
    assert headline.startswith("Not stated in ") and "related:" not in headline, headline
    assert "materially breaches" not in headline
    assert not card.query_selector(".claim, li.deciding")  # nothing decides it
    related = card.query_selector_all(".related li")
    assert related and all(r.is_visible() for r in related)
    assert all(r.query_selector(".tag.related").text_content() == "related" for r in related)
    assert "materially breaches" in visible_text(related[0])


def test_history_keeps_the_same_verdict_words(page: Any, server: Any) -> None:
    """History's badge and the kept answer's card say what the ask view said."""
    page.click("#nav a[data-view=history]")
    row = page.wait_for_selector(f"tr[data-answer]:has(a:text-is({WITHOUT_CAUSE!r}))")
    assert row.query_selector(".badge.INSUFFICIENT").text_content() == "INSUFFICIENT"
    row.query_selector("a").click()
    kept = page.wait_for_selector("article.answer[data-answer-id]")
    assert badges(kept) == ("Not stated", "INSUFFICIENT")
    assert kept.query_selector(".related li .tag.related")
    found = sideways(page, "a kept claim")
    page.set_viewport_size({"width": 1280, "height": 800})
    found += barring_violations(page, "a kept claim")
    page.goto(f"{server.url}/#/kb/{KB}/ask")
    page.wait_for_selector(f"h2:text-is('Ask {KB}')")
    ask(page, ASSIGN)
    found += barring_violations(page, "ask with a claim")
    assert not found, found
