"""The analysts' workspace: static pages served beside `/v1`, a pure client of the JSON API.

Every asset ships in the package (`api/web/`: plain ES modules, no build step, no CDN). The
pages hold no data: they call `/v1/...` with the key the analyst signs in with, so `/` and
`/ui/...` need no key. The content security policy keeps the browser on this server's own
origin (page images are fetched with the key and shown as `blob:` URLs).

The few assets (tens of KiB) are read once, when the app is built, and served from memory
with an ETag: no file system or worker thread on a page load.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

WEB_DIR = Path(__file__).with_name("web")

_MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' blob: data:; script-src 'self'; "
        "style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Revalidated on each load (ETag): an upgraded server is never shadowed by a cache.
    "Cache-Control": "no-cache",
}


@dataclass(frozen=True)
class _Asset:
    body: bytes
    media_type: str
    etag: str

    def response(self, scope: Scope) -> Response:
        headers = {**_HEADERS, "ETag": self.etag}
        if_none_match = dict(scope.get("headers") or ()).get(b"if-none-match", b"").decode()
        if self.etag in (tag.strip() for tag in if_none_match.split(",")):
            return Response(status_code=304, headers=headers)
        body = b"" if scope.get("method") == "HEAD" else self.body
        return Response(body, media_type=self.media_type, headers=headers)


def _read_assets(directory: Path) -> dict[str, _Asset]:
    assets = {}
    for path in sorted(directory.iterdir()):
        if path.suffix in _MEDIA_TYPES:
            body = path.read_bytes()
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            assets[path.name] = _Asset(body, _MEDIA_TYPES[path.suffix], etag)
    return assets


class _AssetApp:
    """`/ui/<name>`: one of the workspace's files, or 404; GET and HEAD only."""

    def __init__(self, assets: dict[str, _Asset]) -> None:
        self.assets = assets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        # Inside the mount, root_path ends with "/ui" and path is the whole path.
        path, root = scope["path"], scope.get("root_path", "")
        asset = self.assets.get(path[len(root) :].lstrip("/") if path.startswith(root) else "")
        if scope["method"] not in ("GET", "HEAD"):
            response = Response(status_code=405, headers={"Allow": "GET, HEAD"})
        elif asset is None:
            response = Response("not found", status_code=404, media_type="text/plain")
        else:
            response = asset.response(scope)
        await response(scope, receive, send)


def install_workspace(app: FastAPI, directory: Path = WEB_DIR) -> None:
    """Serve the workspace at `/` and its assets under `/ui/` (kept out of the OpenAPI schema)."""
    assets = _read_assets(directory)
    page = assets["index.html"]

    async def workspace(request: Request) -> Response:
        return page.response(request.scope)

    app.add_route("/", workspace, methods=["GET", "HEAD"], include_in_schema=False)
    app.mount("/ui", _AssetApp(assets), name="ui")
