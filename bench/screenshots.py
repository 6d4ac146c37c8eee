"""`make screenshots`: the README's screenshots of the workspace, taken from the live product.

Builds the sample data room, starts the API (a real uvicorn on loopback, an empty data
directory of its own), and drives the system's Chromium through an analyst's path: upload the
data room through the page, the documents list, an answer, a conflict, a cited page in the
viewer, a batch with its results, and a narrow window. Each screen is written as
docs/workspace-*.png (the names the README shows), or under the directory given:

    python -m bench.screenshots [OUT_DIR]

It lives in bench/ beside what it drives (bench.server's live server, bench.data_room's
sample data room) and, like the benchmarks, is run by hand, not by `make test`: it needs
Chromium and the `browser` extra, and its output is images to look at, not a verdict.
"""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
KB = "halcyon"
ANSWERED = "Who founded Halcyon Robotics, Inc.?"
CONFLICT = "What stake does Maria Okafor hold in Halcyon Robotics?"  # 40% in one, 38% in another
NOT_FOUND = "Who is the founder of Brightline Components, Inc.?"
# Long enough for a page of the ingestion, an answer or a batch under a long table.
WAIT_MS = 600_000


def ask(page: Any, question: str) -> Any:
    """Ask on the Ask view and return the answer card once it is drawn."""
    page.fill("#question", question)
    page.keyboard.press("Control+Enter")
    return page.wait_for_selector(
        f"article.answer[data-render-ms]:has(p.muted:text-is({question!r}))", timeout=WAIT_MS
    )


def take(page: Any, out: Path, name: str, **kwargs: Any) -> None:
    """One screenshot, named as the README names it."""
    page.screenshot(path=str(out / name), **kwargs)
    print(f"   {out / name}")


def walk(page: Any, url: str, admin: str, pdfs: list[Path], work: Path, out: Path) -> None:
    """The analyst's path through the workspace, a screenshot at each main view."""
    page.goto(url + "/")
    page.fill("#key", admin)
    page.click("#signin-form button[type=submit]")
    page.fill("input[name=name]", KB)
    page.click("form.row button[type=submit]")
    page.wait_for_url(f"**/#/kb/{KB}/uploads")
    page.set_input_files("#upload-files", [str(p) for p in pdfs])
    page.wait_for_selector(".job .badge.completed", timeout=WAIT_MS)
    take(page, out, "workspace-uploads.png", full_page=True)

    page.click("#nav a[data-view=docs]")
    page.wait_for_selector("tr[data-doc]")
    take(page, out, "workspace-documents.png")

    page.click("#nav a[data-view=ask]")
    page.wait_for_selector("#question")
    ask(page, CONFLICT)
    take(page, out, "workspace-conflict.png", full_page=True)
    ask(page, ANSWERED)
    take(page, out, "workspace-answer.png", full_page=True)
    page.locator("article.answer .cites [data-cite]").first.click()
    page.wait_for_selector("#viewer[open] #v-img[data-loading=false][data-highlighted=true]")
    take(page, out, "workspace-citation.png")
    page.keyboard.press("Escape")

    questions = work / "questions.csv"
    questions.write_text(
        f'id,question,expected_value\nq1,"{ANSWERED}",Maria Okafor\n'
        f'q2,"{NOT_FOUND}",\nq3,"{CONFLICT}",\n'
    )
    page.click("#nav a[data-view=batch]")
    page.set_input_files("#batch-file", str(questions))
    page.click("#batch-form button[type=submit]")
    page.wait_for_selector(".evaluation tr[data-verdict]", timeout=WAIT_MS)
    page.click(".evaluation tr[data-verdict] button:text-is('q1')")
    page.wait_for_selector(".evaluation article.answer")
    page.evaluate("window.scrollTo(0, 0)")
    take(page, out, "workspace-batch.png", full_page=True)

    page.set_viewport_size({"width": 420, "height": 800})
    page.click("#nav a[data-view=docs]")
    page.wait_for_selector("tr[data-doc]")
    take(page, out, "workspace-narrow.png")


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    from bench.browser import CHROMIUM_ARGS, chromium_executable
    from bench.data_room import build_data_room
    from bench.server import Server

    out = Path(argv[0]) if argv else ROOT / "docs"
    out.mkdir(parents=True, exist_ok=True)
    chromium = chromium_executable()
    if chromium is None:
        print("no Chromium: apt-get install chromium (or set EVRAG_CHROMIUM)", file=sys.stderr)
        return 2
    admin = secrets.token_urlsafe(24)
    with tempfile.TemporaryDirectory(prefix="evrag-screenshots-") as tmp:
        work = Path(tmp)
        print("== building the sample data room")
        pdfs = build_data_room(work / "dataroom")
        print(f"== starting the workspace on {len(pdfs)} PDFs; screenshots to {out}")
        server = Server(work / "data", admin, work / "server.log").start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=str(chromium), args=CHROMIUM_ARGS, headless=True
                )
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.set_default_timeout(60_000)
                try:
                    walk(page, server.url, admin, pdfs, work, out)
                finally:
                    browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
