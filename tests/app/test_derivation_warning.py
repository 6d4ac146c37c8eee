"""A knowledge base derived by another release's reader says so (ingest/_derivation.py):
`evrag status` and `evrag kb list`, every answer (`risk_signals`, `suggested_next_actions`),
the API's knowledge base and /readyz; `evrag reindex` derives it again and the warning goes,
the answer then byte for byte the one a fresh ingestion gives.

The knowledge base is ingested for real (embedded store, the packaged model, a PyMuPDF PDF);
its catalog is then left as an older release would have left it: no version recorded (a
release before versions were) or another release's version.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api import ApiSettings, create_app
from app import Runtime, Settings
from app.cli import main
from ingest import (
    DERIVATION_KEY,
    DERIVATION_MIXED,
    STALE_DERIVATION,
    derivation_version,
    stale_notice,
)
from tests.pdfs import clauses_pdf, contract_pdf

pytestmark = pytest.mark.slow

KB = "deals"
QUESTION = (
    "What is the governing law of the agreement between Acme Robotics, Inc. and "
    "Northwind Traders LLC?"
)
ADMIN = "derivation-admin-key"
OLDER = {
    # a release before versions were recorded wrote neither
    "unrecorded": "json_remove({column}, '$.derivation')",
    # a release that recorded its own version
    "another release": "json_set({column}, '$.derivation', '0123456789abcdef')",
}


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data_dir = tmp_path_factory.mktemp("derivation") / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run(KB, [("MSA_Acme_Northwind.pdf", contract_pdf())])
        assert report.count("committed") == 1
    return data_dir


@pytest.fixture
def data_dir(ingested: Path, tmp_path: Path) -> Path:
    return shutil.copytree(ingested, tmp_path / "evrag")


def _age(data_dir: Path, older: str) -> None:
    """Leave the catalog's records as an older release would have: every document's, and
    the knowledge base's."""
    with sqlite3.connect(data_dir / "catalog.sqlite3") as db:
        db.execute(f"UPDATE documents SET details = {OLDER[older].format(column='details')}")
        db.execute(
            f"UPDATE knowledge_bases SET settings = {OLDER[older].format(column='settings')}"
        )


def _cli(capsys: pytest.CaptureFixture[str], data_dir: Path, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--data-dir", str(data_dir), *args])
    return code, capsys.readouterr().out


def _status(capsys: pytest.CaptureFixture[str], data_dir: Path) -> dict[str, Any]:
    code, out = _cli(capsys, data_dir, "status", "--kb", KB, "--json")
    assert code == 0
    (status,) = json.loads(out)
    return dict(status)


def _api_view(data_dir: Path) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """(the knowledge base's derivation, /readyz's notices, an answer) through the API, opened
    for this look alone (the embedded store is one process's at a time: the CLI's reindex
    needs it)."""
    headers = {"Authorization": f"Bearer {ADMIN}"}
    app = create_app(Settings(data_dir=data_dir), ApiSettings(admin_key=ADMIN))
    with TestClient(app, raise_server_exceptions=False) as c:
        kb = c.get(f"/v1/kbs/{KB}", headers=headers)
        ready = c.get("/readyz")
        answer = c.post(f"/v1/kbs/{KB}/query", json={"question": QUESTION}, headers=headers)
    assert (kb.status_code, ready.status_code, answer.status_code) == (200, 200, 200)
    return kb.json()["derivation"], ready.json()["notices"], answer.json()


def _without_notice(answer: dict[str, Any]) -> dict[str, Any]:
    return {
        **answer,
        "risk_signals": [s for s in answer["risk_signals"] if s != STALE_DERIVATION],
        "suggested_next_actions": [
            a for a in answer["suggested_next_actions"] if a != stale_notice(KB)
        ],
    }


@pytest.mark.parametrize("older", sorted(OLDER))
def test_an_older_readers_knowledge_base_is_reported_until_reindexed(
    data_dir: Path, capsys: pytest.CaptureFixture[str], older: str
) -> None:
    command = f"evrag reindex --kb {KB}"
    # ingested by this release: current, nothing said
    fresh_code, fresh = _cli(capsys, data_dir, "ask", QUESTION, "--kb", KB, "--json")
    assert fresh_code == 0 and STALE_DERIVATION not in json.loads(fresh)["risk_signals"]
    assert _status(capsys, data_dir)["current"] is True

    _age(data_dir, older)

    # the command line: status names the documents and the command; kb list and answers too
    status = _status(capsys, data_dir)
    assert (status["current"], status["action"]) == (False, command)
    assert [d["name"] for d in status["stale_documents"]] == ["MSA_Acme_Northwind.pdf"]
    assert status["stale_documents"][0]["version"] == (
        None if older == "unrecorded" else "0123456789abcdef"
    )
    code, out = _cli(capsys, data_dir, "status")
    assert code == 0 and out.endswith(f"run `{command}`\n") and "1 of 1 document(s)" in out
    # kb list keeps one bare name a line on stdout (the CLI contract: piped into `--kb`);
    # the note goes to stderr
    capsys.readouterr()
    code = main(["--data-dir", str(data_dir), "kb", "list"])
    listed = capsys.readouterr()
    assert (code, listed.out) == (0, f"{KB}\n")
    assert listed.err.rstrip("\n").endswith(f"run `{command}`") and KB in listed.err
    for name in listed.out.splitlines():
        assert _cli(capsys, data_dir, "docs", "--kb", name)[0] == 0
    code, out = _cli(capsys, data_dir, "ask", QUESTION, "--kb", KB, "--json")
    warned = json.loads(out)
    assert warned["risk_signals"][-1] == STALE_DERIVATION
    assert warned["suggested_next_actions"][-1] == stale_notice(KB)
    assert command in stale_notice(KB)
    assert _without_notice(warned) == json.loads(fresh)  # the answer itself is unchanged
    code, out = _cli(capsys, data_dir, "ask", QUESTION, "--kb", KB)
    assert "Risk signals: " in out and STALE_DERIVATION in out and command in out

    # the API: the knowledge base, readiness, and the answer
    derivation, notices, answer = _api_view(data_dir)
    assert derivation == {
        "version": derivation_version(),
        "current": False,
        "stale_documents": 1,
        "action": command,
    }
    assert len(notices) == 1 and notices[0].startswith("1 knowledge base(s) were derived by")
    assert answer["risk_signals"][-1] == STALE_DERIVATION

    # derived again: every report clears, the answer is the fresh one byte for byte
    assert _cli(capsys, data_dir, "reindex", "--kb", KB)[0] == 0
    assert _status(capsys, data_dir) == {
        "kb": KB,
        "version": derivation_version(),
        "current": True,
        "documents": 1,
        "stale_documents": [],
        "action": None,
    }
    assert _cli(capsys, data_dir, "kb", "list") == (0, f"{KB}\n")
    assert _cli(capsys, data_dir, "ask", QUESTION, "--kb", KB, "--json") == (0, fresh)
    derivation, notices, answer = _api_view(data_dir)
    assert (derivation["current"], derivation["action"], notices) == (True, None, [])
    assert STALE_DERIVATION not in answer["risk_signals"]


def test_a_document_ingested_beside_older_ones_leaves_them_reported(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """This release's reader deriving a new document does not make the older documents
    current: the knowledge base stays reported, naming only them, until they go."""
    _age(data_dir, "unrecorded")
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        rt.ingestor.run(KB, [("Side_Letter.pdf", clauses_pdf("Side Letter", ["1. Notices."]))])
        assert rt.catalog.get_kb(KB).settings[DERIVATION_KEY] == DERIVATION_MIXED
        status = rt.derivation(KB)
        assert [d.name for d in status.stale] == ["MSA_Acme_Northwind.pdf"]
        assert status.documents == 2
        assert rt.skill.ask(KB, QUESTION).risk_signals[-1] == STALE_DERIVATION
        (old,) = status.stale
        rt.ingestor.delete_document(KB, old.document_id)
        # the older reader's documents gone, what is left is this reader's
        assert rt.catalog.get_kb(KB).settings[DERIVATION_KEY] == derivation_version()
        assert rt.derivation(KB).current and rt.stale_kbs() == []
        assert STALE_DERIVATION not in rt.skill.ask(KB, QUESTION).risk_signals


def test_readiness_skips_a_knowledge_base_deleted_while_it_is_read(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/readyz reads each listed knowledge base's record; one deleted between the listing and
    the read is skipped, never a 500. The race is made certain by listing before deleting (a
    real deletion; the listing replayed is the only stand-in)."""
    _age(data_dir, "unrecorded")
    app = create_app(Settings(data_dir=data_dir), ApiSettings(admin_key=ADMIN))
    with TestClient(app, raise_server_exceptions=False) as c:
        runtime = app.state.api.runtime
        other = "gone"
        runtime.create_kb(other)
        listed = runtime.catalog.list_kbs()
        assert sorted(kb.name for kb in listed) == sorted([KB, other])
        runtime.delete_kb(other)
        monkeypatch.setattr(runtime.catalog, "list_kbs", lambda: listed)
        ready = c.get("/readyz")
    assert ready.status_code == 200, ready.text
    (notice,) = ready.json()["notices"]
    assert notice.startswith("1 knowledge base(s) were derived by")
