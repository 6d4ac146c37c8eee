"""The API's own table in the catalog's database: API keys (the job tables are the app's)."""

from __future__ import annotations

from sqlalchemy import Column, Engine, MetaData, String, Table, Text

from app import open_engine

metadata = MetaData()

api_keys = Table(
    "api_keys",
    metadata,
    Column("key_id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False, unique=True),  # sha256 hex of the key
    Column("label", String(200), nullable=False, default=""),
    Column("kbs", Text, nullable=False),  # JSON list of knowledge-base names
    Column("created_at", String(40), nullable=False),
)


def open_api_engine(url: str) -> Engine:
    """An engine for `url` with the app's job tables and the API's key table."""
    return open_engine(url, metadata)
