"""`evrag check`, `evrag reindex` and upgrades, on a data directory the release before
catalog versioning wrote (tests/app/fixtures/datadir-v0.tar.gz, made by make_datadir_v0.py
at 2c54cd3, with the answers it gave).

Each part is damaged for real (a point deleted through the engine, a segment file
truncated, an original removed, a catalog page overwritten), `check` must name it and
exit 1, and where the originals survive `reindex` must repair it: `check` sound again and
the same questions answered byte for byte as this release answers them after ingesting the
same originals afresh, in the other order (`rebuilt_answers`): a reindex rebuilds what an
ingestion builds. The directory opened as it is answers byte for byte as the old release
did; a rebuilt index may hold what the old release's ingestion did not read (a document's
own company, issue 33), so it gives the old release's answers' facts, not every byte.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import pytest
import qdrant_edge as qe

from app import Runtime, Settings
from app.cli import main
from ingest import STALE_DERIVATION, stale_notice
from retrieval import SCHEMA_VERSION, DocumentStatus

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parent / "fixtures"
KB = "halcyon"
ANSWERS: dict[str, str] = json.loads((FIXTURES / "datadir-v0.answers.json").read_text())
BLOCK = 1 << 16


def _warned(answer: str) -> str:
    """The old release's answer as this release gives it before a reindex: the same, with
    the warning that its knowledge base was derived by another release's reader (the old
    release recorded no derivation version) after its own signals and actions."""
    body = json.loads(answer)
    body["risk_signals"] = [*body["risk_signals"], STALE_DERIVATION]
    body["suggested_next_actions"] = [*body["suggested_next_actions"], stale_notice(KB)]
    return json.dumps(body, ensure_ascii=False, indent=2)


# What the old directory answers until `evrag reindex` derives its documents again.
WARNED = {question: _warned(answer) for question, answer in ANSWERS.items()}


@functools.cache
def _archive() -> tuple[tuple[str, int | None, tuple[tuple[int, bytes], ...]], ...]:
    """The fixture's archive read once a process: each member's name, size (None for a
    folder) and its blocks that are not all zeros, by offset. Reading it (256 MiB inflated,
    every block scanned) costs ~0.9 s of CPU, once for each test that extracted it."""
    members = []
    with tarfile.open(FIXTURES / "datadir-v0.tar.gz") as tar:
        for member in tar:
            if member.isdir():
                members.append((member.name, None, ()))
                continue
            source = tar.extractfile(member)
            assert source is not None
            blocks, offset = [], 0
            while block := source.read(BLOCK):
                if block.count(0) != len(block):
                    blocks.append((offset, block))
                offset += len(block)
            members.append((member.name, member.size, tuple(blocks)))
    return tuple(members)


def _extract(target: Path) -> Path:
    """The fixture's data directory at `target`, its store files written sparse (they are
    mostly zeros: 256 MiB written out whole, a few MiB this way)."""
    for name, size, blocks in _archive():
        path = target / name
        if size is None:
            path.mkdir(parents=True, exist_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            for offset, block in blocks:
                out.seek(offset)
                out.write(block)
            out.truncate(size)
    return target


@functools.cache
def rebuilt_answers() -> dict[str, str]:
    """The answers of this release's ingestion of the fixture's originals into a new data
    directory, in the reverse of their catalog order: what a reindex must rebuild, whatever
    the order (bindings and names are derived from each document alone)."""
    with tempfile.TemporaryDirectory() as tmp:
        with Runtime.open(Settings(data_dir=_extract(Path(tmp) / "old"))) as rt:
            documents = rt.catalog.list_documents(KB, status=DocumentStatus.COMMITTED)
            sources = [(d.name, rt.blobs.get(d.document_id)) for d in documents]
        with Runtime.open(Settings(data_dir=Path(tmp) / "new")) as rt:
            report = rt.ingestor.run(KB, sources[::-1])
            assert [d.status for d in report.documents] == ["committed"] * len(sources)
            return {q: rt.skill.ask(KB, q).to_json() for q in ANSWERS}


def _facts(answer: str) -> dict[str, Any]:
    """An answer but where its subject is found (`source_location` of each candidate)."""
    found = json.loads(answer)
    for candidate in found["candidate_subjects"]:
        candidate.pop("source_location")
    return found


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return _extract(tmp_path / "evrag")


def _cli(capsys: pytest.CaptureFixture[str], data_dir: Path, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    return code, out, err


def _answers(data_dir: Path) -> dict[str, str]:
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        return {q: rt.skill.ask(KB, q).to_json() for q in ANSWERS}


def _segment(data_dir: Path, collection: str) -> Path:
    return next((data_dir / "qdrant" / KB / collection / "segments").iterdir())


def _check(capsys: pytest.CaptureFixture[str], data_dir: Path) -> tuple[int, list[dict[str, Any]]]:
    code, out, _ = _cli(capsys, data_dir, "check", "--json")
    return code, json.loads(out)["findings"]


def test_the_old_release_directory_opens_migrated_and_answers_the_same(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(data_dir / "catalog.sqlite3") as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert "evrag_schema" not in tables  # written before versioning
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.opened_version == 0
        assert rt.catalog.schema_version() == SCHEMA_VERSION
    assert _answers(data_dir) == WARNED
    code, out, _ = _cli(capsys, data_dir, "check")
    assert (code, out) == (0, f"checked {KB}: sound\n")
    code, out, _ = _cli(capsys, data_dir, "status")
    assert code == 0 and out.endswith(f"run `evrag reindex --kb {KB}`\n")
    assert "document(s) were derived by another release's reader (unrecorded;" in out
    # derived again: what this release's ingestion of the same originals answers, byte for
    # byte, and no warning
    assert _cli(capsys, data_dir, "reindex", "--kb", KB)[0] == 0
    assert _answers(data_dir) == rebuilt_answers()
    code, out, _ = _cli(capsys, data_dir, "status", "--json")
    assert code == 0 and [s["current"] for s in json.loads(out)] == [True]


def test_this_release_rebuilds_the_old_release_answers_facts() -> None:
    rebuilt = rebuilt_answers()
    assert list(rebuilt) == list(ANSWERS)
    assert {q: _facts(a) for q, a in rebuilt.items()} == {q: _facts(a) for q, a in ANSWERS.items()}


def test_a_newer_release_directory_is_refused_with_one_line(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Runtime.open(Settings(data_dir=data_dir)).close()  # migrated to this release's version
    with sqlite3.connect(data_dir / "catalog.sqlite3") as db:
        db.execute("UPDATE evrag_schema SET version = ?", (SCHEMA_VERSION + 1,))
    for command in (["ask", "--kb", KB, next(iter(ANSWERS))], ["check"], ["kb", "list"]):
        code, out, err = _cli(capsys, data_dir, *command)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and err.startswith("evrag: the catalog at sqlite:///")
        assert f"schema version {SCHEMA_VERSION + 1}, written by a newer release" in err


def test_a_deleted_point_is_found_and_rebuilt(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shard = qe.EdgeShard.load(str(data_dir / "qdrant" / KB / "bindings"))
    (first, *_), _ = shard.scroll(qe.ScrollRequest(limit=1))
    shard.update(qe.UpdateOperation.delete_points([first.id]))
    shard.flush()
    shard.close()
    code, findings = _check(capsys, data_dir)
    assert code == 1
    assert [(f["kind"], f["repairable"]) for f in findings] == [("points_missing", True)]
    assert findings[0]["subject"].startswith("bindings of ")
    code, out, _ = _cli(capsys, data_dir, "reindex", "--kb", KB)
    assert (code, out) == (0, f"reindexed {KB}: 2 document(s) rebuilt from their originals\n")
    assert _check(capsys, data_dir) == (0, [])
    assert _answers(data_dir) == rebuilt_answers()
    assert sorted(p.name for p in (data_dir / "qdrant").iterdir()) == [KB]  # no staging left


def test_a_truncated_segment_file_is_found_and_rebuilt(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.truncate(_segment(data_dir, "chunks") / "payload_storage" / "page_0.dat", 1000)
    code, findings = _check(capsys, data_dir)
    assert code == 1
    assert [(f["kind"], f["subject"]) for f in findings] == [("store_unreadable", "chunks")]
    assert "out of bounds" in findings[0]["detail"]
    assert _cli(capsys, data_dir, "reindex", "--kb", KB)[0] == 0
    assert _check(capsys, data_dir) == (0, [])
    assert _answers(data_dir) == rebuilt_answers()


def test_a_truncated_vector_file_is_found_and_rebuilt(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dense = _segment(data_dir, "bindings") / "vector_storage-dense" / "vectors" / "chunk_0.mmap"
    os.truncate(dense, 4096)
    code, findings = _check(capsys, data_dir)
    assert (code, [f["kind"] for f in findings]) == (1, ["store_unreadable"])
    assert _cli(capsys, data_dir, "reindex", "--kb", KB)[0] == 0
    assert _check(capsys, data_dir) == (0, [])
    assert _answers(data_dir) == rebuilt_answers()


def test_a_removed_original_is_found_and_not_repairable(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (blob,) = (data_dir / "blobs").glob("5a/*.pdf")
    blob.unlink()
    code, out, _ = _cli(capsys, data_dir, "check")
    assert code == 1
    (line, summary) = out.splitlines()
    assert line.startswith(f"original_missing   {KB}: ")
    assert line.endswith("its stored original is gone (not repairable from this data directory)")
    assert summary == f"checked {KB}: 1 problem(s) found"
    code, out, err = _cli(capsys, data_dir, "reindex", "--kb", KB)
    assert (code, out) == (1, "")
    assert err.startswith(f"evrag: cannot reindex {KB!r}: the stored originals of 1 ")
    assert err.count("\n") == 1
    assert _answers(data_dir) == WARNED  # the index was left as it was


def test_an_altered_original_is_found(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (blob,) = (data_dir / "blobs").glob("5a/*.pdf")
    blob.write_bytes(blob.read_bytes()[:-10])
    code, findings = _check(capsys, data_dir)
    assert (code, [f["kind"] for f in findings]) == (1, ["original_altered"])


def test_a_corrupted_catalog_page_is_found(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = data_dir / "catalog.sqlite3"
    with sqlite3.connect(catalog) as db:
        (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name='documents'").fetchone()
        (size,) = db.execute("PRAGMA page_size").fetchone()
    with open(catalog, "r+b") as f:  # the documents table's page, past its header
        f.seek((root - 1) * size + 100)
        f.write(b"\xde\xad" * 800)
    code, out, _ = _cli(capsys, data_dir, "check")
    assert code == 1
    lines = out.splitlines()
    assert lines and all(line.startswith("catalog_damaged") for line in lines[:-1])
    assert any("page" in line or "malformed" in line for line in lines[:-1])


def test_orphans_and_leftovers(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A document deleted keeps its original (nothing removes originals): a harmless
    # leftover. A point of no document is damage that a reindex removes.
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        doc = rt.catalog.list_documents(KB)[0]
        rt.ingestor.delete_document(KB, doc.document_id)
        assert rt.blobs.exists(doc.document_id)
    code, findings = _check(capsys, data_dir)
    assert code == 0
    assert [(f["kind"], f["damage"]) for f in findings] == [("orphan_original", False)]
    assert _cli(capsys, data_dir, "check", "--kb", KB)[0:2] == (0, f"checked {KB}: sound\n")


def test_check_of_an_unknown_knowledge_base_is_exit_2(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _cli(capsys, data_dir, "check", "--kb", "nope")
    assert (code, out) == (2, "")
    assert err == "evrag: knowledge base 'nope' does not exist\n"
