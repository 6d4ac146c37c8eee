"""The HTTP API (FastAPI) and the process wiring shared with the CLI.

`create_app(settings)` builds the app (its lifespan opens a `Runtime`); `serve(settings,
host, port)` runs it with uvicorn. FastAPI is imported only when one of them is used,
so the CLI's other commands start without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api._app import create_app, serve

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from api import _app

        return getattr(_app, name)
    raise AttributeError(f"module 'api' has no attribute {name!r}")
