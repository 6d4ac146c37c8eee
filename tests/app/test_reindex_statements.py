"""`evrag reindex` reads the statement cells again (issue 35): a knowledge base ingested by an
older reader keeps its older reading until then, and after it answers figures as a fresh
ingestion does, the cells' recorded count agreeing with the cells stored."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app import Runtime, Settings
from app.cli import main
from ingest import DERIVATION_KEY, derivation_version
from retrieval import INITIAL_GENERATION, STATEMENT_CELLS_KEY, Catalog, EdgeStore
from tests.pdfs import StatementTable, statement_pdf, ten_k_cover

QUESTION = "What is the FY2020 capital expenditure of Wrenfield Mills in USD millions?"


def _filing() -> bytes:
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net cash provided by operating activities", 0, ("5,200", "4,800")),
            ("Purchases of property, plant and equipment", 0, ("(1,577)", "(1,373)")),
            ("Depreciation and amortization", 0, ("1,100", "1,050")),
            ("Dividends paid", 0, ("(900)", "(850)")),
            ("Acquisitions, net of cash acquired", 0, ("(120)", "(40)")),
            ("Other, net", 0, ("12", "8")),
        ),
    )
    return statement_pdf(ten_k_cover("WRENFIELD MILLS, INC.", "53-0000003"), [cash])


def test_reindex_replaces_an_older_reading_of_the_statements(tmp_path: Path) -> None:
    data_dir = tmp_path / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run("kb", [("wrenfield.pdf", _filing())])
        (document_id,) = [d.document_id for d in report.documents if d.status == "committed"]
        fresh = rt.catalog.statement_cells("kb", [document_id])
        assert any(c.row_label.startswith("Purchases of property") for _, c in fresh)
        assert rt.skill.ask("kb", QUESTION).sufficient
        # what an older reader left: the first row's cells only
        older = [c for _, c in fresh if c.row_label == fresh[0][1].row_label]
        rt.catalog.put_statement_cells("kb", document_id, older)
        assert not rt.skill.ask("kb", QUESTION).sufficient

    assert main(["--data-dir", str(data_dir), "reindex", "--kb", "kb"]) == 0

    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.statement_cells("kb", [document_id]) == fresh
        entry = rt.catalog.get_document("kb", document_id)
        assert entry is not None and entry.details[STATEMENT_CELLS_KEY] == len(fresh)
        answer = rt.skill.ask("kb", QUESTION)
        assert answer.sufficient and [v.value for v in answer.conclusion.values] == [
            "USD 1,577 million"
        ]


def test_reindex_stopped_after_its_swap_is_finished_by_the_next_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The swap and the catalog's half are one step: a failure between the two (a fake:
    the real catalog write cannot be made to fail there) leaves the half recorded, and the
    next open applies it; the knowledge base then answers as before the cells were lost."""
    data_dir = tmp_path / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run("kb", [("wrenfield.pdf", _filing())])
        (document_id,) = [d.document_id for d in report.documents if d.status == "committed"]
        fresh = rt.catalog.statement_cells("kb", [document_id])
        answered = rt.skill.ask("kb", QUESTION).to_json()
        older = [c for _, c in fresh if c.row_label == fresh[0][1].row_label]
        rt.catalog.put_statement_cells("kb", document_id, older)
        runs = len(rt.catalog.list_runs("kb"))
    # and no derivation version, as a release before versions left it
    with sqlite3.connect(data_dir / "catalog.sqlite3") as db:
        db.execute("UPDATE documents SET details = json_remove(details, '$.derivation')")
        db.execute("UPDATE knowledge_bases SET settings = json_remove(settings, '$.derivation')")

    swap = EdgeStore.commit_rebuild

    def swapped_then_stopped(self: EdgeStore, kb: str) -> None:
        swap(self, kb)

        @contextmanager
        def stopped(catalog: Catalog) -> Iterator[None]:
            raise RuntimeError("stopped between the swap and the catalog's write")
            yield

        monkeypatch.setattr(Catalog, "_write", stopped)

    monkeypatch.setattr(EdgeStore, "commit_rebuild", swapped_then_stopped)
    assert main(["--data-dir", str(data_dir), "reindex", "--kb", "kb"]) == 1
    monkeypatch.undo()

    catalog = Catalog(Settings(data_dir=data_dir).catalog_url)
    try:  # as the failure left it: the swap done, the catalog's cells not yet replaced
        assert [c for _, c in catalog.statement_cells("kb", [document_id])] == older
        assert catalog.reindex_generation("kb") == "1"
        assert DERIVATION_KEY not in catalog.get_kb("kb").settings
    finally:
        catalog.close()

    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert isinstance(rt.store, EdgeStore) and rt.store.live_generation("kb") == "1"
        assert rt.catalog.statement_cells("kb", [document_id]) == fresh
        assert rt.catalog.pending_reindexes() == []
        entry = rt.catalog.get_document("kb", document_id)
        assert entry is not None and entry.details[STATEMENT_CELLS_KEY] == len(fresh)
        run = rt.catalog.list_runs("kb")[-1]
        assert len(rt.catalog.list_runs("kb")) == runs + 1
        assert run.report["reindex"] is True and run.report["run_id"] == run.run_id
        # derived by this reader now, the document and the knowledge base: no warning
        assert rt.derivation("kb").current
        assert rt.catalog.get_kb("kb").settings[DERIVATION_KEY] == derivation_version()
        assert rt.skill.ask("kb", QUESTION).to_json() == answered


def test_reindex_whose_swap_fails_leaves_the_catalog_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A swap that fails records nothing to finish: the old cells stay beside the old
    points."""
    data_dir = tmp_path / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run("kb", [("wrenfield.pdf", _filing())])
        (document_id,) = [d.document_id for d in report.documents if d.status == "committed"]
        kept = rt.catalog.statement_cells("kb", [document_id])

    def refused(self: EdgeStore, kb: str) -> None:
        raise RuntimeError("the swap failed")

    monkeypatch.setattr(EdgeStore, "commit_rebuild", refused)
    assert main(["--data-dir", str(data_dir), "reindex", "--kb", "kb"]) == 1
    monkeypatch.undo()
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.pending_reindexes() == []
        assert rt.catalog.statement_cells("kb", [document_id]) == kept
        assert rt.skill.ask("kb", QUESTION).sufficient


class _Killed(BaseException):
    """The process killed: nothing after it runs, no handler of the reindex included."""


def test_reindex_killed_before_its_swap_is_durable_leaves_the_catalog_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process killed after the catalog's half is recorded and before the rebuilt index is
    in place (its shards marked REBUILT, the old ones not yet moved out): the next open
    removes the staging shards, so the record is not the live index's and is dropped, not
    applied; the old cells stay beside the old points and `check` finds nothing."""
    data_dir = tmp_path / "evrag"
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        report = rt.ingestor.run("kb", [("wrenfield.pdf", _filing())])
        (document_id,) = [d.document_id for d in report.documents if d.status == "committed"]
        fresh = rt.catalog.statement_cells("kb", [document_id])
        # an older reading, which the record (this reader's) would replace
        older = [c for _, c in fresh if c.row_label == fresh[0][1].row_label]
        rt.catalog.put_statement_cells("kb", document_id, older)
        points = rt.store.count("kb", "chunks")
        runs = len(rt.catalog.list_runs("kb"))
        assert isinstance(rt.store, EdgeStore)
        assert rt.store.live_generation("kb") == INITIAL_GENERATION

    swap = EdgeStore.commit_rebuild

    def killed_mid_swap(self: EdgeStore, kb: str) -> None:
        def killed(path: Path, target: Path) -> None:
            raise _Killed("killed before the old shards were moved out")

        monkeypatch.setattr(Path, "rename", killed)
        swap(self, kb)  # the real path: staging flushed, closed, marked REBUILT

    monkeypatch.setattr(EdgeStore, "commit_rebuild", killed_mid_swap)
    # The fakes for the kill alone: a killed process drops and abandons nothing.
    monkeypatch.setattr(Catalog, "drop_reindex", lambda self, kb: None)
    monkeypatch.setattr(EdgeStore, "abandon_rebuild", lambda self, kb: None)
    assert main(["--data-dir", str(data_dir), "reindex", "--kb", "kb"]) == 1
    monkeypatch.undo()

    catalog = Catalog(Settings(data_dir=data_dir).catalog_url)
    try:  # as the kill left it: the record staged, the rebuilt shards beside the old
        assert catalog.pending_reindexes() == ["kb"]
    finally:
        catalog.close()
    assert (data_dir / "qdrant" / ".rebuild-kb" / "REBUILT").exists()

    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.pending_reindexes() == []
        assert [c for _, c in rt.catalog.statement_cells("kb", [document_id])] == older
        assert len(rt.catalog.list_runs("kb")) == runs
        assert isinstance(rt.store, EdgeStore)
        assert rt.store.live_generation("kb") == INITIAL_GENERATION  # the old shards
        assert rt.store.count("kb", "chunks") == points
    assert sorted(p.name for p in (data_dir / "qdrant").iterdir()) == ["kb"]
    assert main(["--data-dir", str(data_dir), "check"]) == 0
