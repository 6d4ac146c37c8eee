"""The analysts' workspace: static pages served beside `/v1`, a pure client of the JSON API.

Every asset ships in the package (`api/web/`: plain ES modules, no build step, no CDN). The
pages hold no data: they call `/v1/...` with the key the analyst signs in with, so `/` and
`/ui/...` need no key. The content security policy keeps the browser on this server's own
origin (page images are fetched with the key and shown as `blob:` URLs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

WEB_DIR = Path(__file__).with_name("web")

_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' blob: data:; script-src 'self'; "
        "style-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Revalidated on each load (ETag / Last-Modified): an upgraded server is never shadowed.
    "Cache-Control": "no-cache",
}


class _Assets(StaticFiles):
    """The workspace's modules and stylesheet, with the same headers as the page."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(_HEADERS)
        return response


def install_workspace(app: FastAPI) -> None:
    """Serve the workspace at `/` and its assets under `/ui/` (kept out of the OpenAPI schema)."""

    @app.get("/", include_in_schema=False)
    def workspace() -> Any:
        return FileResponse(WEB_DIR / "index.html", media_type="text/html", headers=_HEADERS)

    app.mount("/ui", _Assets(directory=WEB_DIR), name="ui")
