"""End-to-end tests of the web workspace in a real Chromium (the system's package), driven
by Playwright: a real server on loopback with the sample data room uploaded through the page.

Collected only under `make test-browser` (EVRAG_BROWSER_TESTS=1): plain `make test` needs no
browser and no playwright. Chromium is the system's (`apt-get install chromium`); nothing is
downloaded (`playwright install` is never run).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.browser import CHROMIUM_ARGS, chromium_executable

if not os.environ.get("EVRAG_BROWSER_TESTS"):
    collect_ignore_glob = ["test_*.py"]

ADMIN = "browser-admin-key"


def chromium_path() -> str:
    path = chromium_executable()
    if path is None:
        pytest.fail("no Chromium: apt-get install chromium (or set EVRAG_CHROMIUM)")
    return str(path)


class Requests:
    """Every request the pages make, and those to any host but the server's.

    Listened to, not intercepted: routing each request through Playwright would slow the
    page loads being measured.
    """

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.seen: list[str] = []
        self.foreign: list[str] = []

    def record(self, request: Any) -> None:
        url = request.url
        self.seen.append(url)
        own = url.startswith((self.origin + "/", "blob:" + self.origin + "/", "data:"))
        if not own:
            self.foreign.append(url)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from bench.server import Server

    root = tmp_path_factory.mktemp("browser-server")
    srv = Server(root / "data", ADMIN, root / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def requests_log(server: Any) -> Requests:
    return Requests(server.url)


@pytest.fixture(scope="session")
def browser_context(
    tmp_path_factory: pytest.TempPathFactory, requests_log: Requests
) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=chromium_path(),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
            accept_downloads=True,
        )
        context.on("request", requests_log.record)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def page(browser_context: Any, server: Any) -> Iterator[Any]:
    """A tab of the workspace for one test module (its tests run in file order on it); any
    script error or console error on it fails the module."""
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and "status of 4" not in m.text  # an API problem, shown in words
            else None
        ),
    )
    page.set_default_timeout(60_000)  # a loaded 2-core machine: waits, not failures
    page.goto(server.url + "/")
    yield page
    page.close()
    assert not errors, errors


def sign_in(page: Any, key: str) -> None:
    """Sign in on the page's form with `key`."""
    page.fill("#key", key)
    page.click("#signin-form button[type=submit]")


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the main pages' screenshots go: EVRAG_SCREENSHOT_DIR (e.g. docs/), else a temp dir."""
    chosen = os.environ.get("EVRAG_SCREENSHOT_DIR")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


# axe-core's impacts that fail the check: a view with one of these bars someone from using it.
BARRING = ("serious", "critical")


def barring_violations(page: Any, view: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands, as readable
    lines (rule, impact, the first offending elements). axe-core is the copy shipped in
    the axe-playwright-python wheel: nothing is fetched."""
    from axe_playwright_python.sync_playwright import Axe

    found = []
    for v in Axe().run(page).response["violations"]:
        if v["impact"] in BARRING:
            targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:4]]
            found.append(f"{view}: {v['id']} ({v['impact']}, {len(v['nodes'])}): {targets}")
    return found
