"""Exact binding look-ups stay exact through writes: the embedded store answers them from an
in-memory index (retrieval/_binding_index.py), the server store from filtered scrolls."""

from __future__ import annotations

from pathlib import Path

from domain import Binding, BindingType
from retrieval import BindingIndex, EdgeStore, VectorStore
from tests.retrieval.conftest import doc_id, make_binding

VECTOR = [1.0] + [0.0] * 383


def _ceo(document: str, person: str, company: str, char_start: int) -> Binding:
    return make_binding(
        document,
        subject=person,
        subject_key=person.lower(),
        role="ceo",
        parent=company,
        parent_key=company.lower(),
        binding_type=BindingType.EXPLICIT_STATEMENT,
        char_start=char_start,
    )


def _write(store: VectorStore, bindings: list[Binding]) -> None:
    store.upsert_bindings("kb", bindings, [VECTOR] * len(bindings))


def test_lookups_follow_upserts_and_deletes(store: VectorStore) -> None:
    store.ensure_kb("kb")
    jane = _ceo("minutes", "Jane Roe", "Acme", 10)
    john = _ceo("charter", "John Poe", "Acme", 5)
    _write(store, [jane])
    assert store.find_bindings("kb", parent_key="acme") == [jane]  # the index is built now
    _write(store, [john])
    both = store.find_bindings("kb", role="ceo", parent_key="acme")
    assert both == sorted([jane, john], key=lambda b: (b.location.document_id, 0))
    # The same id written again replaces the record: its old field values no longer match.
    moved = jane.model_copy(update={"role": "cfo"})
    _write(store, [moved])
    assert store.find_bindings("kb", role="ceo") == [john]
    assert store.find_bindings("kb", role="cfo") == [moved]
    store.delete_document("kb", doc_id("charter"))
    assert store.find_bindings("kb", parent_key="acme") == [moved]
    assert store.find_bindings("kb", subject_key="john poe") == []
    assert store.find_bindings("kb", parent_key="acme", document_ids=[doc_id("charter")]) == []


def test_the_embedded_index_is_rebuilt_from_disk(tmp_path: Path) -> None:
    store = EdgeStore(tmp_path)
    store.ensure_kb("kb")
    written = [_ceo("minutes", "Jane Roe", "Acme", 10), _ceo("charter", "John Poe", "Acme", 5)]
    _write(store, written)
    before = store.find_bindings("kb", parent_key="acme")
    store.close()
    reopened = EdgeStore(tmp_path)
    try:
        assert reopened.find_bindings("kb", parent_key="acme") == before
        assert len(before) == 2
    finally:
        reopened.close()


def test_index_find_intersects_fields_and_documents() -> None:
    index = BindingIndex()
    a = _ceo("minutes", "Jane Roe", "Acme", 10)
    b = _ceo("charter", "Jane Roe", "Globex", 3)
    c = _ceo("charter", "John Poe", "Acme", 7)
    index.add([c, a, b])
    assert len(index) == 3
    assert index.find(subject_key="jane roe", parent_key="acme") == [a]
    assert index.find(role="ceo", document_ids=[doc_id("charter")]) == sorted(
        [b, c], key=lambda x: x.location.char_start
    )
    assert index.find(role="cfo") == []
    assert index.find(document_ids=[]) == []
    index.remove_document(doc_id("charter"))
    assert index.find() == [a]
    index.remove_document(doc_id("charter"))  # twice is harmless
    assert len(index) == 1


def test_a_new_document_is_not_admitted_by_an_earlier_document_set() -> None:
    index = BindingIndex()
    a = _ceo("minutes", "Jane Roe", "Acme", 10)
    index.add([a])
    only_minutes = [doc_id("minutes")]
    assert index.find(document_ids=only_minutes) == [a]  # "every document indexed" now
    b = _ceo("charter", "John Poe", "Acme", 5)
    index.add([b])
    assert index.find(document_ids=only_minutes) == [a]
    assert index.find(document_ids=[doc_id("minutes"), doc_id("charter")]) == sorted(
        [a, b], key=lambda x: (x.location.document_id, x.location.char_start)
    )


def test_a_dropped_and_recreated_kb_starts_empty(tmp_path: Path) -> None:
    store = EdgeStore(tmp_path)
    try:
        store.ensure_kb("kb")
        _write(store, [_ceo("minutes", "Jane Roe", "Acme", 10)])
        assert len(store.find_bindings("kb")) == 1
        store.drop_kb("kb")
        store.ensure_kb("kb")
        assert store.find_bindings("kb") == []
        fresh = _ceo("charter", "John Poe", "Acme", 5)
        _write(store, [fresh])
        assert store.find_bindings("kb", parent_key="acme") == [fresh]
    finally:
        store.close()


def test_the_index_keeps_its_own_copies(tmp_path: Path) -> None:
    store = EdgeStore(tmp_path)
    try:
        store.ensure_kb("kb")
        assert store.find_bindings("kb") == []  # the index exists before the write
        written = _ceo("minutes", "Jane Roe", "Acme", 10)
        _write(store, [written])
        written.attributes["title"] = "changed by the caller after the write"
        assert store.find_bindings("kb")[0].attributes == {}
    finally:
        store.close()
