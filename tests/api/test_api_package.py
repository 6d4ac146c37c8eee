"""The public surface of `api` (create_app, serve and their settings, its errors): moving a name in or out of it is a
decision, made here in the open."""

from __future__ import annotations

import api


def test_exported_names_are_pinned() -> None:
    assert list(api.__all__) == [
        "ApiError",
        "ApiSettings",
        "BadRequest",
        "Conflict",
        "Forbidden",
        "LimitExceeded",
        "NotFound",
        "Unauthorized",
        "UnsupportedMediaType",
        "access_log_config",
        "create_app",
        "problem_for",
        "serve",
        "serve_mcp",
    ]
    for name in api.__all__:
        assert getattr(api, name) is not None
