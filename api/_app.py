"""The FastAPI application: lifespan (runtime, jobs), routes, and problem documents."""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from api._accesslog import access_log_config
from api._bodies import JsonBodyLimits
from api._errors import install_problem_handlers
from api._gate import RequestGate
from api._limits import ApiSettings
from api._mcp_http import install_mcp, mcp_lifespan
from api._routes import health, v1
from api._state import ApiState
from api._web import install_workspace
from app import Runtime, Settings

_log = logging.getLogger("evrag.api")

# How long a thread running Python keeps the GIL while another waits for it (CPython's default
# is 5 ms). A question gives the GIL up many times (its socket, the embedder, the store's
# searches, SQLite) and waits to take it back each time; an upload's ingestion running Python
# (bindings, chunks, catalog rows) made each of those waits last the whole interval. Measured
# by bench/soak (16 askers, 2 uploaders, 2 cores shared with other work, 75-90 s runs): query
# p95 during uploads 2.34x and 2.77x idle at 5 ms, 1.82x and 2.2x at 0.5 ms under similar
# machine load, and more questions and uploads done meanwhile.
GIL_SWITCH_SECONDS = 0.0005


def create_app(
    settings: Settings | None = None,
    limits: ApiSettings | None = None,
    *,
    runtime: Runtime | None = None,
) -> FastAPI:
    """The app; the runtime opens in the lifespan (or is given, and then not closed)."""
    limits = limits or ApiSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if getattr(app.state, "api", None) is not None:
            # Already started (a second client on a running app): one owner of the store.
            yield
            return
        opened = runtime or Runtime.open(settings or Settings(), serving=True)
        try:
            opened.skill.warm_up()  # attribute cues embedded before the first question
            state = ApiState.open(opened, limits)
        except BaseException:
            if runtime is None:
                opened.close()  # the store lock is not kept by a server that did not start
            raise
        app.state.api = state
        resumed = state.start()
        if resumed:
            _log.info("resuming %d unfinished job(s): %s", len(resumed), ", ".join(resumed))
        try:
            async with mcp_lifespan(app, state):  # the MCP server at /mcp (issue 36)
                yield
        finally:
            app.state.api = None
            state.close()
            if runtime is None:
                opened.close()

    app = FastAPI(
        title="evidence-rag",
        version="0.1.0",
        summary="Evidence-first question answering over due-diligence data rooms",
        lifespan=lifespan,
        # Swagger UI and ReDoc load their scripts and fonts from third-party CDNs, on the
        # workspace's origin; no installed package ships those assets. The schema stays
        # at /openapi.json, for any viewer a user runs.
        docs_url=None,
        redoc_url=None,
    )
    install_problem_handlers(app)
    app.add_middleware(JsonBodyLimits, limits=limits)
    # Added last, so it runs first: no body is read before the key is checked.
    app.add_middleware(RequestGate, limits=limits)
    app.include_router(health)
    app.include_router(v1)
    install_mcp(app)  # the MCP server for agents, behind the same keys
    install_workspace(app)  # the analysts' pages at / (a client of /v1)
    return app


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the API with uvicorn (one process: the embedded store has one owner).

    The runtime opens before uvicorn starts: a data directory held by another process
    raises StoreLocked here, naming the holder (the CLI's one-line error, exit 2), instead
    of failing inside the lifespan with uvicorn's traceback.
    """
    import uvicorn

    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    with Runtime.open(settings, serving=True) as runtime:
        app = create_app(settings, runtime=runtime)
        uvicorn.run(
            app,
            host=host,
            port=port,
            workers=1,
            log_level="info",
            log_config=access_log_config(),  # no signature or key in a logged URL
        )
