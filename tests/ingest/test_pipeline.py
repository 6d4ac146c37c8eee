"""The ingestion pipeline end to end: real parser, real Qdrant Edge, real packaged model.

Guarantees of issue 3 proven here: idempotency, atomicity per document under a real
`kill -9`, bad input never stopping the batch, near-duplicate independence groups,
deletion, and one process per embedded store.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from domain import entity_key
from ingest import (
    Ingestor,
    ProgressEvent,
    ProgressPrinter,
    RejectCode,
    Source,
    aliases_of,
    collect_pdfs,
    kb_entity_names,
)
from retrieval import (
    BlobStore,
    Catalog,
    DocumentNotFound,
    DocumentStatus,
    EdgeStore,
    Embedder,
)
from tests import pdfs
from tests.ingest._ingest_child import catalog_url

ROOT = Path(__file__).resolve().parents[2]
KB = "room"

# -- documents ----------------------------------------------------------------------------

_COMPANIES = (
    "Harbor Lane Logistics",
    "Copperleaf Energy",
    "Bluefield Orchards",
    "Quarry Point Minerals",
    "Silverline Aviation",
    "Maple Ridge Dairy",
    "Northgate Textiles",
    "Redwood Pharmaceuticals",
)
_ADJECTIVES = (
    "annual", "regional", "seasonal", "certified", "refurbished", "insured",
    "temporary", "primary", "auxiliary", "bonded", "leased", "municipal",
)  # fmt: skip
_NOUNS = (
    "warehouse", "turbine", "vessel", "patent", "pipeline", "orchard", "satellite",
    "foundry", "clinic", "vineyard", "railcar", "ledger", "greenhouse", "quarry",
    "kiln", "hangar", "reservoir", "tannery",
)  # fmt: skip
_VERBS = (
    "inspect", "deliver", "insure", "repair", "audit", "replace", "store", "ship",
    "license", "maintain", "certify", "install",
)  # fmt: skip
_MONTHS = ("January", "March", "May", "July", "September", "November")


def _sentences(seed: int, count: int) -> list[str]:
    """Distinct prose for document `seed`: a fixed linear congruential walk over the lists."""
    state = seed * 7919 + 17
    company = _COMPANIES[seed % len(_COMPANIES)]
    out = []
    for _ in range(count):
        picks = []
        for size in (12, 18, 12, 18, 6, 28, 900):
            state = (state * 1103515245 + 12345) % 2**31
            picks.append(state % size)
        adj, noun, adj2, noun2, month, day, qty = picks
        out.append(
            f"The {_ADJECTIVES[adj]} {_NOUNS[noun]} of {company} shall {_VERBS[adj2]} "
            f"{qty + 2} {_ADJECTIVES[adj2]} units of {_NOUNS[noun2]} stock before "
            f"{_MONTHS[month]} {day + 1}."
        )
    return out


def _pages(seed: int, page_count: int = 1) -> list[list[pdfs.Item]]:
    company = _COMPANIES[seed % len(_COMPANIES)]
    pages: list[list[pdfs.Item]] = []
    for number in range(1, page_count + 1):
        sents = _sentences(seed * 100 + number, 24)
        items: list[pdfs.Item] = []
        if number == 1:
            items.append(pdfs.Line(f"{company} Operations Agreement", size=16, bold=True))
        items += [pdfs.Line(f"{number}. Obligations", bold=True, gap=12)]
        items += pdfs.paragraph(" ".join(sents[:12]))
        items += [pdfs.Line(f"{number}.1 Schedules", bold=True, gap=12)]
        items += pdfs.paragraph(" ".join(sents[12:]))
        pages.append(items)
    return pages


def small_pdf(seed: int) -> bytes:
    """A one-page agreement-like document; different seeds share almost no text."""
    return pdfs.make_pdf(_pages(seed))


@dataclass
class Env:
    data_dir: Path
    store: EdgeStore
    catalog: Catalog
    ingestor: Ingestor
    embedder: Embedder

    def committed(self, kb: str = KB) -> list[str]:
        return self.catalog.committed_document_ids(kb)


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    return Embedder()


def _open_env(data_dir: Path, embedder: Embedder) -> Env:
    store = EdgeStore(data_dir)
    catalog = Catalog(catalog_url(data_dir))
    ingestor = Ingestor(store, catalog, embedder, BlobStore(data_dir))
    return Env(data_dir, store, catalog, ingestor, embedder)


@pytest.fixture
def env(tmp_path: Path, embedder: Embedder) -> Iterator[Env]:
    opened = _open_env(tmp_path / "data", embedder)
    yield opened
    opened.store.close()
    opened.catalog.close()


def _child(*args: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    environment["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), environment.get("PYTHONPATH", "")) if p
    )
    return subprocess.run(
        [sys.executable, "-m", "tests.ingest._ingest_child", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=240,
    )


# -- idempotency --------------------------------------------------------------------------


def test_same_bytes_again_is_a_duplicate_and_chunk_ids_are_stable(env: Env) -> None:
    a, b = small_pdf(1), small_pdf(2)
    first = env.ingestor.run(KB, [("a.pdf", a), ("b.pdf", b)])
    assert [d.status for d in first.documents] == ["committed", "committed"]
    doc_a = first.documents[0]
    assert doc_a.chunks > 0 and doc_a.pages == 1
    ids_a = [c.chunk_id for c in env.store.chunks_of(KB, doc_a.document_id)]
    assert len(ids_a) == len(set(ids_a)) == doc_a.chunks
    points = env.store.count(KB, "chunks")
    assert points == first.documents[0].chunks + first.documents[1].chunks

    again = env.ingestor.run(KB, [("a-renamed.pdf", a)])
    (dup,) = again.documents
    assert dup.status == "duplicate" and dup.document_id == doc_a.document_id
    assert "a.pdf" in (dup.reason or "")
    assert dup.independence_group == doc_a.independence_group
    assert env.store.count(KB, "chunks") == points
    assert [c.chunk_id for c in env.store.chunks_of(KB, doc_a.document_id)] == ids_a
    assert [d.name for d in env.catalog.list_documents(KB)] == ["a.pdf", "b.pdf"]
    assert again.summary() == f"{KB}: 0 committed, 1 duplicate, 0 failed"

    # Another knowledge base, same bytes: the same chunk ids (document id + locator).
    other = env.ingestor.run("other", [("a.pdf", a)])
    assert other.documents[0].status == "committed"
    assert [c.chunk_id for c in env.store.chunks_of("other", doc_a.document_id)] == ids_a


# -- atomic per document under kill -9 ------------------------------------------------------


@pytest.mark.slow
def test_kill_9_mid_batch_leaves_no_partial_document_and_rerun_completes(
    tmp_path: Path, embedder: Embedder
) -> None:
    inbox = tmp_path / "in"
    inbox.mkdir()
    files = []
    for seed in range(6):
        path = inbox / f"doc{seed}.pdf"
        path.write_bytes(small_pdf(10 + seed))
        files.append(path)
    data_dir = tmp_path / "data"
    killed = _child("ingest", str(data_dir), KB, *map(str, files), "--kill-before-commit", "3")
    assert killed.returncode == -signal.SIGKILL, killed.stderr[-2000:]

    env = _open_env(data_dir, embedder)
    try:
        ids = [hashlib.sha256(p.read_bytes()).hexdigest() for p in files]
        rows = {d.document_id: d.status for d in env.catalog.list_documents(KB)}
        assert rows == {
            ids[0]: DocumentStatus.COMMITTED,
            ids[1]: DocumentStatus.COMMITTED,
            ids[2]: DocumentStatus.PENDING,
        }
        # The killed document's points were all written before the kill ...
        leftovers = env.store.chunks_of(KB, ids[2])
        assert leftovers
        query = leftovers[0].text
        vector = embedder.embed_query(query)
        unfiltered = env.store.search_chunks(KB, query, vector, top_k=5)
        assert unfiltered[0].chunk.document_id == ids[2]
        # ... yet a search over the committed documents never sees them.
        committed = env.committed()
        assert committed == sorted(ids[:2])
        visible = env.store.search_chunks(KB, query, vector, document_ids=committed, top_k=50)
        assert visible and {h.chunk.document_id for h in visible} <= set(ids[:2])

        # Re-running the same batch completes it: nothing twice, nothing left over.
        rerun = env.ingestor.run(KB, files)
        assert [d.status for d in rerun.documents] == ["duplicate"] * 2 + ["committed"] * 4
        assert env.catalog.list_documents(KB, status="pending") == []
        assert env.committed() == sorted(ids)
        redone = env.store.chunks_of(KB, ids[2])
        assert [c.chunk_id for c in redone] == [c.chunk_id for c in leftovers]
        assert len(redone) == rerun.documents[2].chunks
        per_doc = [env.store.chunks_of(KB, i) for i in ids]
        assert all(len({c.chunk_id for c in cs}) == len(cs) > 0 for cs in per_doc)
        assert env.store.count(KB, "chunks") == sum(len(cs) for cs in per_doc)
        bindings = sum(len(env.store.find_bindings(KB, document_ids=[i])) for i in ids)
        assert env.store.count(KB, "bindings") == bindings
    finally:
        env.store.close()
        env.catalog.close()


# -- bad input ------------------------------------------------------------------------------


@pytest.mark.slow
def test_bad_input_never_stops_the_batch(env: Env, tmp_path: Path) -> None:
    good = small_pdf(3)
    sources: list[Source] = [
        ("first.pdf", small_pdf(4)),
        ("zero.pdf", pdfs.ZERO_BYTES),
        ("archive.pdf", pdfs.NOT_A_PDF),
        ("truncated.pdf", pdfs.truncated_pdf(good)),
        ("locked.pdf", pdfs.encrypted_pdf(good, user_password="s3cret")),
        ("blank.pdf", pdfs.empty_pages_pdf(5000)),
        ("bomb.pdf", pdfs.content_bomb_pdf(48_000_000)),
        tmp_path / "missing.pdf",
        ("last.pdf", good),
    ]
    events: list[ProgressEvent] = []
    report = env.ingestor.run(KB, sources, progress=events.append)

    expected = {
        "zero.pdf": RejectCode.EMPTY,
        "archive.pdf": RejectCode.NOT_PDF,
        "truncated.pdf": RejectCode.TRUNCATED,
        "locked.pdf": RejectCode.ENCRYPTED,
        "blank.pdf": RejectCode.TOO_MANY_PAGES,
        "bomb.pdf": RejectCode.BOMB,
        "missing.pdf": "unreadable",
    }
    outcomes = {d.name: d for d in report.documents}
    assert [d.name for d in report.documents] == [
        s.name if isinstance(s, Path) else s[0] for s in sources
    ]
    for name, code in expected.items():
        assert outcomes[name].status == "failed", name
        assert outcomes[name].code == str(code), (name, outcomes[name])
        reason = outcomes[name].reason
        assert reason and "\n" not in reason
    assert outcomes["first.pdf"].status == outcomes["last.pdf"].status == "committed"
    assert report.count("failed") == len(expected)
    assert "missing.pdf" in report.summary() and "bomb.pdf" in report.summary()

    # The catalog keeps each failure with its code, and the run's report.
    failed_rows = {d.name: d for d in env.catalog.list_documents(KB, status="failed")}
    assert set(failed_rows) == set(expected) - {"missing.pdf"}  # unread: no id to record
    assert failed_rows["locked.pdf"].error.startswith("encrypted:")  # type: ignore[union-attr]
    run = env.catalog.get_run(report.run_id)
    assert run is not None and run.counts == {"committed": 2, "duplicate": 0, "failed": 7}
    assert run.report == json.loads(json.dumps(report.to_dict()))

    # Only the good documents are visible; progress counted every document.
    assert env.committed() == sorted(
        (outcomes["first.pdf"].document_id, outcomes["last.pdf"].document_id)
    )
    assert [e.done for e in events] == list(range(1, len(sources) + 1))
    assert {e.total for e in events} == {len(sources)}
    assert events[-1].failed == 7 and events[-1].pages == 2
    assert events[-1].chunks == outcomes["first.pdf"].chunks + outcomes["last.pdf"].chunks


# -- near-duplicates --------------------------------------------------------------------------


def test_near_duplicate_copy_shares_the_independence_group(env: Env) -> None:
    pages = _pages(5, page_count=2)
    original = pdfs.make_pdf(pages, footer="Page {page}")
    # A re-export: other furniture, one word changed, different bytes.
    first = pages[0]
    edited = [
        pdfs.Line(item.text.replace("shall", "must", 1), item.size, item.bold, item.x, item.gap)
        if isinstance(item, pdfs.Line) and i == 3
        else item
        for i, item in enumerate(first)
    ]
    assert edited != first
    copy = pdfs.make_pdf([edited, pages[1]], header="Exported copy", footer="{page}")
    distinct = pdfs.make_pdf(_pages(6, page_count=2), footer="Page {page}")
    assert len({original, copy, distinct}) == 3

    report = env.ingestor.run(
        KB, [("orig.pdf", original), ("copy.pdf", copy), ("other.pdf", distinct)]
    )
    orig, dup, other = report.documents
    assert [d.status for d in report.documents] == ["committed"] * 3
    assert dup.document_id != orig.document_id
    assert dup.independence_group == orig.independence_group
    assert other.independence_group not in (None, orig.independence_group)
    for outcome in report.documents:
        row = env.catalog.get_document(KB, outcome.document_id)
        assert row is not None and row.independence_group == outcome.independence_group
        chunks = env.store.chunks_of(KB, outcome.document_id)
        assert chunks and {c.independence_group for c in chunks} == {outcome.independence_group}


# -- deletion ----------------------------------------------------------------------------------


def test_delete_document_removes_chunks_bindings_and_catalog_row(
    env: Env, contract_bytes: bytes
) -> None:
    report = env.ingestor.run(KB, [("msa.pdf", contract_bytes), ("keep.pdf", small_pdf(7))])
    msa, keep = report.documents
    assert msa.status == keep.status == "committed"
    assert msa.chunks > 0 and msa.bindings > 0
    assert env.store.count(KB, "chunks") == msa.chunks + keep.chunks
    assert env.store.count(KB, "bindings") == msa.bindings + keep.bindings

    env.ingestor.delete_document(KB, msa.document_id)
    assert env.catalog.get_document(KB, msa.document_id) is None
    assert env.store.count(KB, "chunks") == keep.chunks
    assert env.store.count(KB, "bindings") == keep.bindings
    assert env.store.chunks_of(KB, msa.document_id) == []
    assert env.store.find_bindings(KB, document_ids=[msa.document_id]) == []
    assert env.committed() == [keep.document_id]
    with pytest.raises(DocumentNotFound):
        env.ingestor.delete_document(KB, msa.document_id)

    # Gone means gone: the same bytes later are a new ingestion, not a duplicate.
    back = env.ingestor.run(KB, [("msa.pdf", contract_bytes)])
    assert back.documents[0].status == "committed"
    assert env.store.count(KB, "chunks") == msa.chunks + keep.chunks


# -- one process per store -----------------------------------------------------------------------


def test_second_process_gets_store_locked_naming_the_holder(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    store = EdgeStore(data_dir)
    try:
        locked = _child("open", str(data_dir))
        assert locked.returncode == 3, locked.stderr[-2000:]
        answer = json.loads(locked.stdout)
        assert answer["holder_pid"] == os.getpid()
        assert f"process {os.getpid()}" in answer["error"]
        assert "Traceback" not in locked.stderr
    finally:
        store.close()
    freed = _child("open", str(data_dir))
    assert freed.returncode == 0, freed.stderr[-2000:]


# -- progress and file collection ----------------------------------------------------------------


def test_progress_printer_draws_one_line_and_is_silent_when_disabled() -> None:
    import io

    stream = io.StringIO()
    printer = ProgressPrinter(stream, width=10)
    printer(ProgressEvent(done=1, total=4, name="a.pdf", pages=3, chunks=7))
    printer(ProgressEvent(done=4, total=4, name="d.pdf", pages=9, chunks=20, failed=1))
    printer.close()
    text = stream.getvalue()
    assert text.endswith("\n") and text.count("\n") == 1
    last = text.rstrip("\n").split("\r\x1b[2K")[-1]
    assert last == "[##########] 4/4  9 pages  20 chunks  1 failed  d.pdf"
    assert "[##--------] 1/4  3 pages  7 chunks  a.pdf" in text

    quiet = io.StringIO()
    silent = ProgressPrinter(quiet, enabled=False)
    silent(ProgressEvent(done=1, total=1))
    silent.close()
    assert quiet.getvalue() == ""


def test_collect_pdfs_expands_folders_in_a_stable_order(tmp_path: Path) -> None:
    (tmp_path / "room" / "sub").mkdir(parents=True)
    for name in ("b.pdf", "a.PDF", "notes.txt", "sub/c.pdf"):
        (tmp_path / "room" / name).write_bytes(b"%PDF-")
    named = tmp_path / "named.bin"
    named.write_bytes(b"x")
    found = collect_pdfs([tmp_path / "room", named, tmp_path / "room" / "b.pdf"])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "room/a.PDF",
        "room/b.pdf",
        "room/sub/c.pdf",
        "named.bin",
    ]


# An agreement whose parties have the awkward names (a figure first, an apostrophe, an
# ampersand, a sharp s) and defined terms; the company's subsidiary is named in a longer name.
_PARTIES = (
    "This Supply Agreement is made as of March 1, 2021 between 3M Company, a Delaware "
    'corporation ("Buyer"), O\'Brien & Sons LLC, a New York limited liability company '
    '("Seller"), and Straße Holdings GmbH, a German company (the "Guarantor"). Halcyon '
    "Robotics, Inc. is the parent of Halcyon Robotics Canada Ltd."
)
# Prose that names them as a text does: in capitals, possessive, inside longer words or
# names, or not at all (a letter more, an underscore, SS for ß).
_MENTIONS = (
    "HALCYON ROBOTICS, INC. and Halcyon Robotics Canada Ltd. agree to the schedule. "
    "3M Company's auditor reviewed it; 33M Company did not. The Buyer's lender, "
    "O'BRIEN & SONS LLC, and the Seller's bank were told. halcyon robotics, incx is no "
    "name; Halcyon_Robotics, Inc. neither. STRASSE Holdings GmbH and straße holdings gmbh "
    "were copied. Nothing else is said of the Guarantor."
)


def _naive_keys(text: str, forms: dict[str, str]) -> list[str]:
    """Every form of at least three characters tried on the whole text, as a word."""
    return sorted(
        {
            key
            for form, key in forms.items()
            if len(form) >= 3
            and key
            and re.search(r"(?<!\w)" + re.escape(form) + r"(?!\w)", text, re.IGNORECASE)
        }
    )


def _forms(env: Env, document_id: str, known_names: list[str]) -> dict[str, str]:
    """The names a document's chunks are searched for: its bindings' subjects and parents,
    its defined terms, and the people and companies of the documents committed before it."""
    forms: dict[str, str] = {}
    for b in env.store.find_bindings(KB, document_ids=[document_id]):
        forms.setdefault(b.subject_name, b.subject_key)
        if b.parent_name and b.parent_key:
            forms.setdefault(b.parent_name, b.parent_key)
    entry = env.catalog.get_document(KB, document_id)
    assert entry is not None
    for alias in aliases_of([entry]):
        forms.setdefault(alias.alias, alias.entity_key)
    for name in known_names:
        forms.setdefault(name, entity_key(name))
    return forms


def test_each_chunk_is_keyed_by_the_names_it_mentions(env: Env) -> None:
    """Ingested after an agreement, a document's chunks carry the entity keys of exactly the
    names that trying every known form on every chunk finds (the index tries only forms
    whose first word a chunk contains): names in capitals or possessive, a figure or an
    apostrophe in a name, names inside longer names, a defined term of the document."""
    agreement = pdfs.make_pdf(
        [[pdfs.Line("SUPPLY AGREEMENT", size=15, bold=True), *pdfs.paragraph(_PARTIES)]]
    )
    (first,) = env.ingestor.run(KB, [("supply.pdf", agreement)]).documents
    known = kb_entity_names(env.catalog, KB)
    assert {"3M Company", "O'Brien & Sons LLC", "Straße Holdings GmbH"} <= set(known)
    memo = pdfs.make_pdf(
        [[pdfs.Line("Memorandum", size=15, bold=True), *pdfs.paragraph(_MENTIONS)]]
    )
    (second,) = env.ingestor.run(KB, [("memo.pdf", memo)]).documents
    assert first.status == second.status == "committed"
    found: set[str] = set()
    for outcome, names in ((first, []), (second, known)):
        forms = _forms(env, outcome.document_id, names)
        chunks = env.store.chunks_of(KB, outcome.document_id)
        assert chunks
        for chunk in chunks:
            assert list(chunk.entity_keys) == _naive_keys(chunk.text, forms), chunk.text
            found.update(chunk.entity_keys)
    # not a comparison of two empty answers: the memo's mentions are found
    assert {entity_key("3M Company"), entity_key("O'Brien & Sons LLC")} <= found
    assert entity_key("Halcyon Robotics, Inc.") in found
