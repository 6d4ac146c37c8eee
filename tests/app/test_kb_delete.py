"""Deleting a knowledge base, from the CLI (`evrag kb delete`) as from the API: one function
(`Runtime.delete_kb`) drops its store and catalog rows, its kept answers and its name from
every API key's scope, so a new knowledge base of that name inherits none of them."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import insert, select

from app import HistoryStore, Settings, api_keys, open_engine
from app.cli import main

ANSWER = {"question": "q", "terminal_state": "CONCLUDED", "sufficiency": {"decision": "SUPPORTED"}}


def test_evrag_kb_delete_clears_the_history_and_the_keys_scopes(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    for kb in ("gone", "kept"):
        assert main(["--data-dir", str(data_dir), "kb", "create", kb]) == 0
    engine = open_engine(Settings(data_dir=data_dir).catalog_url)
    history = HistoryStore(engine)
    for kb in ("gone", "kept"):
        history.record(kb, {"question": "q"}, ANSWER)
    with engine.begin() as conn:
        conn.execute(
            insert(api_keys).values(
                key_id="k1",
                key_hash="0" * 64,
                label="analyst",
                kbs=json.dumps(["gone", "kept"]),
                created_at="2024-01-01T00:00:00Z",
            )
        )

    assert main(["--data-dir", str(data_dir), "kb", "delete", "gone"]) == 0

    assert history.count("gone") == 0 and history.count("kept") == 1
    with engine.connect() as conn:
        assert json.loads(conn.execute(select(api_keys.c.kbs)).scalar_one()) == ["kept"]
    # made again under the name: no old answer's id is given again
    assert main(["--data-dir", str(data_dir), "kb", "create", "gone"]) == 0
    assert history.record("gone", {}, ANSWER) == 2
