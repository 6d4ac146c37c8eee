"""EdgeStore's rebuild: new shards written beside a knowledge base's, searches on the old
until the swap, and a process killed mid-swap finished (or undone) at the next open; and
both stores' account of which generation of a knowledge base's index is live."""

from __future__ import annotations

from pathlib import Path

import pytest
from qdrant_client import QdrantClient

from retrieval import INITIAL_GENERATION, EdgeStore, ServerStore, StoreFault
from tests.retrieval.conftest import make_chunk

VECTOR = [1.0] + [0.0] * 383


def _store(path: Path) -> EdgeStore:
    return EdgeStore(path, dimension=384)


def test_old_shards_serve_until_the_swap(tmp_path: Path) -> None:
    store = _store(tmp_path)
    try:
        store.ensure_kb("kb")
        store.upsert_chunks("kb", [make_chunk("old", "old text", char_start=0)], [VECTOR])
        staging = store.begin_rebuild("kb")
        new = [make_chunk("new", "new text", char_start=0), make_chunk("new", "more", char_start=9)]
        store.upsert_chunks(staging, new, [VECTOR, VECTOR])
        assert store.count("kb", "chunks") == 1  # still the old shards
        assert store.knowledge_bases() == ["kb"]
        store.commit_rebuild("kb")
        assert store.count("kb", "chunks") == 2
        assert sorted(p.name for p in (tmp_path / "qdrant").iterdir()) == ["kb"]
    finally:
        store.close()


def test_an_abandoned_rebuild_leaves_the_old_shards(tmp_path: Path) -> None:
    store = _store(tmp_path)
    try:
        store.ensure_kb("kb")
        staging = store.begin_rebuild("kb")
        store.upsert_chunks(staging, [make_chunk("x", "text", char_start=0)], [VECTOR])
        store.abandon_rebuild("kb")
        assert store.count("kb", "chunks") == 0
        assert sorted(p.name for p in (tmp_path / "qdrant").iterdir()) == ["kb"]
    finally:
        store.close()


def test_a_swap_cut_short_is_finished_at_the_next_open(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.ensure_kb("kb")
    store.ensure_kb("other")
    staging = store.begin_rebuild("kb")
    store.upsert_chunks(staging, [make_chunk("x", "text", char_start=0)], [VECTOR])
    unfinished = store.begin_rebuild("other")
    store.close()
    root = tmp_path / "qdrant"
    # Killed after the old directory was moved away, before the new one was moved in:
    (root / staging / "REBUILT").touch()
    (root / "kb").rename(root / ".retired-kb")
    store = _store(tmp_path)
    try:
        assert sorted(p.name for p in root.iterdir()) == ["kb", "other"]
        assert store.count("kb", "chunks") == 1  # the rebuilt shards
        assert unfinished not in {p.name for p in root.iterdir()}
    finally:
        store.close()


def test_the_live_generation_moves_with_the_shards(tmp_path: Path) -> None:
    store = _store(tmp_path)
    try:
        store.ensure_kb("kb")
        assert store.live_generation("kb") == INITIAL_GENERATION
        store.begin_rebuild("kb")
        assert store.rebuild_generation("kb") == "1"
        assert store.live_generation("kb") == INITIAL_GENERATION  # until the swap
        store.commit_rebuild("kb")
        assert store.live_generation("kb") == "1"
        store.begin_rebuild("kb")
        assert store.rebuild_generation("kb") == "2"
        store.abandon_rebuild("kb")
        assert store.live_generation("kb") == "1"
        with pytest.raises(StoreFault):
            store.rebuild_generation("kb")
    finally:
        store.close()


@pytest.mark.parametrize("moved_out", [True, False])
def test_a_swap_cut_short_leaves_the_generation_of_the_shards_that_serve(
    tmp_path: Path, moved_out: bool
) -> None:
    """Killed with the rebuilt shards marked REBUILT: once the old directory was moved out,
    the next open moves the rebuilt one in, its generation with it; before, the rebuilt
    one goes and the old generation stays live."""
    store = _store(tmp_path)
    store.ensure_kb("kb")
    staging = store.begin_rebuild("kb")
    store.close()
    root = tmp_path / "qdrant"
    (root / staging / "REBUILT").touch()
    if moved_out:
        (root / "kb").rename(root / ".retired-kb")
    store = _store(tmp_path)
    try:
        assert store.live_generation("kb") == ("1" if moved_out else INITIAL_GENERATION)
        assert sorted(p.name for p in root.iterdir()) == ["kb"]
    finally:
        store.close()


def test_a_server_store_reports_the_generation_its_aliases_point_at() -> None:
    store = ServerStore(client=QdrantClient(location=":memory:"))
    try:
        store.ensure_kb("kb")
        assert store.live_generation("kb") == INITIAL_GENERATION  # plain collections
        staging = store.begin_rebuild("kb")
        store.upsert_chunks(staging, [make_chunk("x", "text", char_start=0)], [VECTOR])
        assert store.rebuild_generation("kb") == "1"
        assert store.live_generation("kb") == INITIAL_GENERATION  # until the switch
        store.commit_rebuild("kb")
        assert store.live_generation("kb") == "1"
        store.begin_rebuild("kb")
        assert store.rebuild_generation("kb") == "2"
        store.abandon_rebuild("kb")
        assert store.live_generation("kb") == "1"
        assert store.count("kb", "chunks") == 1
        with pytest.raises(StoreFault):
            store.rebuild_generation("kb")
    finally:
        store.close()
