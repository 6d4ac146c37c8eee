"""The HTTP API (FastAPI): routes that call the application layer (`app`).

`create_app(settings)` builds the app (its lifespan opens an `app.Runtime`); `serve(settings,
host, port)` runs it with uvicorn (`evrag serve` finds it through the `evrag.server` entry
point); `ApiSettings` holds the limits and keys `create_app` enforces. FastAPI is imported
only when one of them is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api._app import create_app, serve
    from api._limits import ApiSettings

__all__ = ["ApiSettings", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    if name == "ApiSettings":
        from api._limits import ApiSettings

        return ApiSettings
    if name in __all__:
        from api import _app

        return getattr(_app, name)
    raise AttributeError(f"module 'api' has no attribute {name!r}")
