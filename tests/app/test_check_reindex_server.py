"""`evrag check` and `evrag reindex` of a knowledge base on a Qdrant server.

No server runs here: qdrant-client's local mode (a folder) stands in through
`ServerStore(client=...)`, and its alias calls are the server's API. The knowledge base is
the v0 data directory's (tests/app/fixtures), its catalog and originals kept and its index
built on the "server" from nothing: first as the plain collections a knowledge base had
before reindex used aliases, which `reindex` migrates. Each part is damaged through the
client (a point deleted, a payload overwritten, a collection dropped); `check` names it and
`reindex` repairs it, the answers byte-identical to the ones this release gives after
ingesting the same originals afresh (`rebuilt_answers`).
"""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Iterator
from contextlib import closing, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from qdrant_client import QdrantClient, models

from app import Runtime, Settings
from app.cli import main
from retrieval import Catalog, ServerStore

from .test_check_reindex import ANSWERS, KB, _extract, rebuilt_answers

pytestmark = pytest.mark.slow

CHUNKS, BINDINGS = f"{KB}__chunks", f"{KB}__bindings"


def _serving(monkeypatch: pytest.MonkeyPatch, qdrant: Path, **refuse: str) -> None:
    """Every runtime opened from here on uses the local-mode "server" in `qdrant` (where
    QDRANT_URL would open a client of a real one); `refuse`: client calls (by name) that
    fail for collections whose name ends with the given suffix."""

    def open_store(*args: Any, **kwargs: Any) -> ServerStore:
        client = QdrantClient(path=str(qdrant))
        for call, suffix in refuse.items():
            real = getattr(client, call)

            def refused(name: str, *a: Any, _real: Any = real, _s: str = suffix, **k: Any) -> Any:
                if name.endswith(_s):
                    raise RuntimeError("the server refused the call")
                return _real(name, *a, **k)

            setattr(client, call, refused)
        return ServerStore(client=client)

    monkeypatch.setattr("app._runtime.open_store", open_store)


def _cli(data_dir: Path, *args: str) -> tuple[int, str]:
    """`evrag ARGS` on `data_dir`: exit code and standard output (a module fixture has no
    capsys)."""
    with redirect_stdout(io.StringIO()) as out:
        code = main(["--data-dir", str(data_dir), *args])
    return code, out.getvalue()


def _findings(data_dir: Path) -> tuple[int, list[Any]]:
    code, out = _cli(data_dir, "check", "--json")
    return code, [(f["kind"], f["subject"], f["repairable"]) for f in json.loads(out)["findings"]]


def _answers(data_dir: Path) -> dict[str, str]:
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        return {q: rt.skill.ask(KB, q).to_json() for q in ANSWERS}


def _aliases(client: QdrantClient) -> dict[str, str]:
    return {a.alias_name: a.collection_name for a in client.get_aliases().aliases}


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The knowledge base on the "server" as plain, empty collections; checked, reindexed
    (migrated to aliases) and checked again. Its folders are copied by each test."""
    root = tmp_path_factory.mktemp("server-kb")
    data_dir = _extract(root / "evrag")
    shutil.rmtree(data_dir / "qdrant")  # the embedded index: this KB's is on the server
    qdrant = root / "qdrant"
    with pytest.MonkeyPatch.context() as mp:
        _serving(mp, qdrant)
        with Runtime.open(Settings(data_dir=data_dir)) as rt:
            rt.store.ensure_kb(KB)  # what `kb create` made before this release
        before = _findings(data_dir)
        reindexed = _cli(data_dir, "reindex", "--kb", KB)
        after = _findings(data_dir)
        answers = _answers(data_dir)
        with closing(QdrantClient(path=str(qdrant))) as client:
            aliases = _aliases(client)
            collections = sorted(c.name for c in client.get_collections().collections)
        yield {
            "data_dir": data_dir,
            "qdrant": qdrant,
            "before": before,
            "reindexed": reindexed,
            "after": after,
            "answers": answers,
            "aliases": aliases,
            "collections": collections,
        }


@pytest.fixture
def copy(
    migrated: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, Path]:
    """This test's own copy of the migrated data directory and "server"."""
    data_dir = shutil.copytree(migrated["data_dir"], tmp_path / "evrag")
    qdrant = shutil.copytree(migrated["qdrant"], tmp_path / "qdrant")
    _serving(monkeypatch, qdrant)
    return data_dir, qdrant


def _assert_only_generation(qdrant: Path, n: int) -> None:
    """The KB's two names are aliases of generation `n`, and its collections are those."""
    with closing(QdrantClient(path=str(qdrant))) as client:
        assert _aliases(client) == {CHUNKS: f"{CHUNKS}.{n}", BINDINGS: f"{BINDINGS}.{n}"}
        assert sorted(c.name for c in client.get_collections().collections) == [
            f"{BINDINGS}.{n}",
            f"{CHUNKS}.{n}",
        ]


def test_plain_collections_are_rebuilt_and_migrated_to_aliases(migrated: dict[str, Any]) -> None:
    code, findings = migrated["before"]
    assert code == 1
    assert {(kind, repairable) for kind, _, repairable in findings} == {("points_missing", True)}
    assert len(findings) == 4  # chunks and bindings of each of the two documents
    assert migrated["reindexed"] == (
        0,
        f"reindexed {KB}: 2 document(s) rebuilt from their originals\n",
    )
    assert migrated["after"] == (0, [])
    assert migrated["aliases"] == {CHUNKS: f"{CHUNKS}.1", BINDINGS: f"{BINDINGS}.1"}
    assert migrated["collections"] == [f"{BINDINGS}.1", f"{CHUNKS}.1"]
    assert migrated["answers"] == rebuilt_answers()  # an ingestion's answers, byte for byte


def test_damage_through_the_client_is_found_and_rebuilt(copy: tuple[Path, Path]) -> None:
    data_dir, qdrant = copy
    with closing(QdrantClient(path=str(qdrant))) as client:
        (deleted, overwritten), _ = client.scroll(CHUNKS, limit=2)
        client.delete(CHUNKS, points_selector=models.PointIdsList(points=[deleted.id]))
        client.overwrite_payload(CHUNKS, payload={"text": 7}, points=[overwritten.id])
        client.delete_collection(_aliases(client)[BINDINGS])
    code, findings = _findings(data_dir)
    assert code == 1
    kinds = {kind for kind, _, _ in findings}
    assert kinds == {"payload_damaged", "points_missing", "store_unreadable"}
    assert all(repairable for _, _, repairable in findings)
    assert ("store_unreadable", "bindings", True) in findings
    assert ("payload_damaged", f"chunks point {overwritten.id}", True) in findings
    code, out = _cli(data_dir, "check")
    assert f"collection {BINDINGS} is not on the server" in out

    assert _cli(data_dir, "reindex", "--kb", KB)[0] == 0
    assert _findings(data_dir) == (0, [])
    assert _answers(data_dir) == rebuilt_answers()
    _assert_only_generation(qdrant, 2)


def test_a_reindex_failing_before_the_swap_leaves_the_old_collections_serving(
    copy: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir, qdrant = copy
    # The new generation half made (its bindings collection), then the server fails.
    _serving(monkeypatch, qdrant, create_payload_index=".2")
    with redirect_stderr(io.StringIO()) as err:
        assert _cli(data_dir, "reindex", "--kb", KB) == (1, "")
    assert "RuntimeError: the server refused the call" in err.getvalue()
    _serving(monkeypatch, qdrant)
    assert _answers(data_dir) == rebuilt_answers()
    _assert_only_generation(qdrant, 1)


class _Killed(BaseException):
    """The process killed: nothing after it runs, no handler of the reindex included."""


def test_a_reindex_killed_before_the_alias_switch_has_its_record_left_unapplied(
    copy: tuple[Path, Path],
) -> None:
    """Killed after the catalog's half is recorded (for generation 2) and before the server
    switched the aliases: the next open finds generation 1 live and does not apply the
    record; nor does it drop it (a server has no lock: another process's reindex could be
    about to switch). The old collections answer beside the old catalog rows, and the next
    reindex replaces the record and applies its own."""
    data_dir, qdrant = copy
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        runs = rt.catalog.list_runs(KB)

    def open_store(*args: Any, **kwargs: Any) -> ServerStore:
        client = QdrantClient(path=str(qdrant))

        def killed(*a: Any, **k: Any) -> None:
            raise _Killed("killed before the aliases were switched")

        client.update_collection_aliases = killed  # type: ignore[method-assign]
        return ServerStore(client=client)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("app._runtime.open_store", open_store)
        # The fakes for the kill alone: a killed process drops and abandons nothing.
        mp.setattr(Catalog, "drop_reindex", lambda self, kb: None)
        mp.setattr(ServerStore, "abandon_rebuild", lambda self, kb: None)
        with redirect_stderr(io.StringIO()):
            assert _cli(data_dir, "reindex", "--kb", KB)[0] == 1

    catalog = Catalog(Settings(data_dir=data_dir).catalog_url)
    try:  # as the kill left it: the record staged for the generation not switched in
        assert catalog.reindex_generation(KB) == "2"
    finally:
        catalog.close()
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.pending_reindexes() == [KB]
        assert rt.catalog.list_runs(KB) == runs
        assert isinstance(rt.store, ServerStore) and rt.store.live_generation(KB) == "1"
    assert _findings(data_dir) == (0, [])
    assert _answers(data_dir) == rebuilt_answers()
    assert _cli(data_dir, "reindex", "--kb", KB)[0] == 0
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.pending_reindexes() == []
        assert len(rt.catalog.list_runs(KB)) == len(runs) + 1
    assert _answers(data_dir) == rebuilt_answers()


def test_a_reindex_failing_after_the_alias_switch_has_its_record_applied(
    copy: tuple[Path, Path],
) -> None:
    """The aliases switched to generation 2, then deleting generation 1 fails: the swap took
    effect, so the catalog's half is not dropped with the error; the next open finds
    generation 2 live and applies it (one run more), and the answers are the same."""
    data_dir, qdrant = copy
    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        runs = rt.catalog.list_runs(KB)

    def open_store(*args: Any, **kwargs: Any) -> ServerStore:
        client = QdrantClient(path=str(qdrant))
        delete = client.delete_collection

        def refuse_retired(name: str, *a: Any, **k: Any) -> Any:
            if name.endswith(".1"):
                raise RuntimeError("the server refused the call")
            return delete(name, *a, **k)

        client.delete_collection = refuse_retired  # type: ignore[method-assign]
        return ServerStore(client=client)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("app._runtime.open_store", open_store)
        with redirect_stderr(io.StringIO()):
            assert _cli(data_dir, "reindex", "--kb", KB)[0] == 1

    with Runtime.open(Settings(data_dir=data_dir)) as rt:
        assert rt.catalog.pending_reindexes() == []
        assert len(rt.catalog.list_runs(KB)) == len(runs) + 1
        assert isinstance(rt.store, ServerStore) and rt.store.live_generation(KB) == "2"
    assert _answers(data_dir) == rebuilt_answers()


def test_a_record_dropped_by_another_process_before_the_switch_fails_the_reindex_loudly(
    copy: tuple[Path, Path],
) -> None:
    """Another process (an older release, or one that settles while this reindex sits
    between staging and the alias switch) drops the record: the new index serves beside the
    old catalog rows, and the reindex says so and fails instead of reporting success."""
    data_dir, qdrant = copy

    def open_store(*args: Any, **kwargs: Any) -> ServerStore:
        store = ServerStore(client=QdrantClient(path=str(qdrant)))
        commit = store.commit_rebuild

        def commit_after_another_drop(kb: str) -> None:
            # the race, which real parts cannot be made to lose on cue: the drop comes first
            other = Catalog(Settings(data_dir=data_dir).catalog_url)
            try:
                other.drop_reindex(kb)
            finally:
                other.close()
            commit(kb)

        store.commit_rebuild = commit_after_another_drop  # type: ignore[method-assign]
        return store

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("app._runtime.open_store", open_store)
        with redirect_stderr(io.StringIO()) as err:
            assert _cli(data_dir, "reindex", "--kb", KB)[0] == 1
    assert "dropped by another process" in err.getvalue()
    assert _cli(data_dir, "reindex", "--kb", KB)[0] == 0
    assert _answers(data_dir) == rebuilt_answers()
