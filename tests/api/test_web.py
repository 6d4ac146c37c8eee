"""The web workspace as served (no browser: tests/browser drives it in Chromium): the page
and every asset it loads come from the package, need no key, and name no other host."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
# The workspace's files as the package ships them (its package data, checked below).
WEB_DIR = ROOT / "api" / "web"


def _referenced(text: str) -> set[str]:
    """/ui/... paths named by the page (src, href) and the modules' relative imports."""
    found = set(re.findall(r'(?:src|href)="(/ui/[^"]+)"', text))
    found |= {"/ui/" + m for m in re.findall(r'from "\./([\w.-]+\.js)"', text)}
    return found


def test_the_page_needs_no_key_and_keeps_the_browser_on_this_origin(
    api_client: TestClient,
) -> None:
    page = api_client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "connect-src 'self'" in csp
    assert page.content == (WEB_DIR / "index.html").read_bytes()  # static: no data, no key


def test_every_asset_is_served_from_the_package(api_client: TestClient) -> None:
    seen: set[str] = set()
    todo = _referenced(api_client.get("/").text)
    while todo:
        path = todo.pop()
        seen.add(path)
        resp = api_client.get(path)
        assert resp.status_code == 200, path
        assert resp.headers["content-security-policy"], path
        kind = resp.headers["content-type"]
        if path.endswith(".js"):
            assert "javascript" in kind, (path, kind)
            todo |= _referenced(resp.text) - seen
        elif path.endswith(".css"):
            assert kind.startswith("text/css"), (path, kind)
    on_disk = {"/ui/" + p.name for p in WEB_DIR.iterdir() if p.suffix in (".js", ".css")}
    assert on_disk <= seen, on_disk - seen  # no dead asset, none missing
    assert api_client.get("/ui/nothing.js").status_code == 404
    assert api_client.get("/ui/../_web.py").status_code == 404
    assert api_client.post("/ui/app.js").status_code == 405


def test_assets_are_revalidated_by_etag(api_client: TestClient) -> None:
    first = api_client.get("/ui/app.js")
    assert first.headers["cache-control"] == "no-cache" and first.headers["etag"]
    again = api_client.get("/ui/app.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    page = api_client.get("/")
    assert api_client.get("/", headers={"If-None-Match": page.headers["etag"]}).status_code == 304


def test_no_asset_names_another_host() -> None:
    for path in WEB_DIR.iterdir():
        text = path.read_text()
        assert not re.search(r"https?:|(?:^|[\s\"'(=])//[a-z0-9-]+\.[a-z0-9.-]+/", text, re.I), path


def test_the_assets_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["api"]
    for path in WEB_DIR.iterdir():
        rel = path.relative_to(WEB_DIR.parent)
        assert any(rel.match(p) for p in patterns), (rel, patterns)
