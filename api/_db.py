"""The API's engine on the catalog's database. Its key table is the app's (`app.api_keys`):
deleting a knowledge base, from the API or the CLI, takes its name out of the keys' scopes
(`app.forget_kb`), so the table lives where both can reach it."""

from __future__ import annotations

from sqlalchemy import Engine

from app import api_keys, open_engine

__all__ = ["api_keys", "open_api_engine"]


def open_api_engine(url: str) -> Engine:
    """An engine for `url` with the app's tables (jobs, kept answers, API keys)."""
    return open_engine(url)
