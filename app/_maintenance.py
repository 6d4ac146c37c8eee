"""`evrag check` and `evrag reindex`: verify a data directory end to end, and rebuild a
knowledge base's index from its stored originals.

The source of truth is the catalog (which documents are committed) and the originals
(`BlobStore`, by sha256 = document id); the vector store's points (chunks and bindings) are
derived from them and can be rebuilt. So damage to the points is repairable by `reindex`;
a lost or altered original, or a damaged catalog, is not (restore it from a backup).

Both vector stores are checked and rebuilt the same way: the embedded store's shards
(`EdgeStore`) and a Qdrant server's collections (`ServerStore`), each reading every point's
payload and vector with `scan` and rebuilding beside the current index with
`begin_rebuild` / `commit_rebuild` (new shards renamed into place; new collections swapped
in by aliases).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any, Protocol, runtime_checkable

from sqlalchemy.exc import DBAPIError

from app._errors import OriginalsLost, ReindexFailed
from app._runtime import Runtime
from domain import Binding, ChunkRecord
from ingest import DERIVATION_KEY, Ingestor, derivation_version
from retrieval import (
    DOCUMENT_METADATA_FIELDS,
    STATEMENT_CELLS_KEY,
    BlobNotFound,
    Catalog,
    DocumentStatus,
    EdgeStore,
    IntegrityCheckDenied,
    ReindexedDocument,
    ScannedPoint,
    ScoredChunk,
    StoreUnavailable,
    VectorStore,
    claim_kb_embedding,
)


@runtime_checkable
class _Maintained(VectorStore, Protocol):
    """What `check` and `reindex` need of a store beyond VectorStore: both backends have it."""

    dimension: int

    def knowledge_bases(self) -> list[str]: ...

    def scan(self, kb: str, collection: str) -> Iterator[ScannedPoint]: ...

    def begin_rebuild(self, kb: str) -> str: ...

    def commit_rebuild(self, kb: str) -> None: ...

    def abandon_rebuild(self, kb: str) -> None: ...

    def rebuild_generation(self, kb: str) -> str: ...

    def live_generation(self, kb: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing `check` found wrong. `damage`: it makes `check` fail (a leftover that
    harms nothing does not); `repairable`: `evrag reindex` fixes it."""

    kind: str
    kb: str | None
    subject: str
    detail: str
    repairable: bool
    damage: bool = True

    def line(self) -> str:
        """The finding on one line, as `evrag check` prints it."""
        where = f"{self.kb}: " if self.kb else ""
        if self.repairable:
            fix = "repair: evrag reindex"
        elif self.damage:
            fix = "not repairable from this data directory"
        else:
            fix = "not checked" if self.kind == "catalog_unchecked" else "harmless"
        return f"{self.kind:<18} {where}{self.subject}: {self.detail} ({fix})"


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What `check` looked at and found."""

    knowledge_bases: tuple[str, ...]
    findings: tuple[Finding, ...]

    @property
    def damaged(self) -> bool:
        return any(f.damage for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "knowledge_bases": list(self.knowledge_bases),
            "damaged": self.damaged,
            "findings": [asdict(f) for f in self.findings],
        }


def check(rt: Runtime, kb: str | None = None) -> CheckReport:
    """Verify `kb` (every knowledge base when None) end to end: the catalog database's own
    integrity check (SQLite's integrity_check; PostgreSQL's amcheck, a harmless
    `catalog_unchecked` finding where the role may not run it), each committed document's
    original present with its sha256, each stored point readable, under the id its payload
    names, with a vector of the store's size, of a committed document; as many chunk and binding points per document as its
    last ingestion wrote; and, over the whole directory, no shards or originals that no
    knowledge base owns (an original kept after its document was deleted is reported as
    a harmless leftover: nothing removes originals)."""
    store = _maintained(rt)
    try:
        findings: list[Finding] = [
            Finding("catalog_damaged", None, "catalog", p, repairable=False)
            for p in rt.catalog.integrity_problems()
        ]
    except IntegrityCheckDenied as exc:  # not a finding about the data: said, not failed
        findings = [Finding("catalog_unchecked", None, "catalog", str(exc), False, damage=False)]
    names = [kb] if kb is not None else [k.name for k in rt.catalog.list_kbs()]
    if kb is not None:
        rt.catalog.get_kb(kb)  # KnowledgeBaseNotFound: bad input
    checks: list[tuple[str | None, Callable[[], list[Finding]]]] = [
        (name, partial(_check_kb, rt, store, name)) for name in names
    ]
    if kb is None:
        checks.append((None, partial(_check_directory, rt, store, names)))
    for name, check in checks:
        try:
            findings += check()
        except DBAPIError as exc:  # a catalog too damaged to read is itself a finding
            findings.append(
                Finding("catalog_damaged", name, "catalog", str(exc.orig), repairable=False)
            )
    return CheckReport(tuple(names), tuple(findings))


def _maintained(rt: Runtime) -> _Maintained:
    if not isinstance(rt.store, _Maintained):  # a store of neither backend: a fault of ours
        raise TypeError(f"{type(rt.store).__name__} cannot be checked or rebuilt")
    return rt.store


def _parts(store: _Maintained) -> tuple[str, str]:
    """What a knowledge base's index is made of in this store, and how its absence reads."""
    if isinstance(store, EdgeStore):
        return "shards", "no shards on disk"
    return "collections", "no collections on the server"


def _check_kb(rt: Runtime, store: _Maintained, kb: str) -> list[Finding]:
    findings: list[Finding] = []
    documents = rt.catalog.list_documents(kb)
    status = {d.document_id: d.status for d in documents}
    for doc in documents:
        if doc.status != DocumentStatus.COMMITTED:
            continue
        try:
            digest = rt.blobs.digest(doc.document_id)
        except BlobNotFound:
            findings.append(
                Finding("original_missing", kb, doc.name, "its stored original is gone", False)
            )
            continue
        if digest != doc.document_id:
            findings.append(
                Finding(
                    "original_altered",
                    kb,
                    doc.name,
                    f"its stored original's sha256 is {digest}, not {doc.document_id}",
                    False,
                )
            )
    if kb not in store.knowledge_bases():
        return [*findings, Finding("store_missing", kb, *_parts(store), True)]
    expected = _expected_points(rt.catalog, kb)
    for position, collection in enumerate(("chunks", "bindings")):
        counted: dict[str, int] = {}
        try:
            for point in store.scan(kb, collection):
                findings += _check_point(kb, collection, point, status, store.dimension)
                if point.document_id is not None:
                    counted[point.document_id] = counted.get(point.document_id, 0) + 1
        except StoreUnavailable:  # a server not reached: no finding about the data
            raise
        except Exception as exc:  # the engine's own error: a damaged segment, a lost collection
            reason = str(exc).splitlines()[0][:300]
            findings.append(Finding("store_unreadable", kb, collection, reason, True))
            continue
        for doc_id, counts in sorted(expected.items()):
            if status.get(doc_id) != DocumentStatus.COMMITTED:
                continue
            want, have = counts[position], counted.get(doc_id, 0)
            if have != want:
                findings.append(
                    Finding(
                        "points_missing" if have < want else "points_extra",
                        kb,
                        f"{collection} of {doc_id[:12]}",
                        f"{have} points stored, its ingestion wrote {want}",
                        True,
                    )
                )
    return findings


def _check_point(
    kb: str, collection: str, point: Any, status: dict[str, DocumentStatus], dimension: int
) -> list[Finding]:
    subject = f"{collection} point {point.point_id}"
    if point.problem is not None:
        return [Finding("payload_damaged", kb, subject, point.problem, True)]
    found = []
    if point.record_id != point.point_id:
        found.append(Finding("id_mismatch", kb, subject, f"its payload is {point.record_id}", True))
    if point.vector_size != dimension:
        detail = f"its vector has {point.vector_size} dimensions, the store {dimension}"
        found.append(Finding("vector_damaged", kb, subject, detail, True))
    state = status.get(point.document_id)
    if state is None:
        detail = f"document {point.document_id[:12]} is not in the catalog"
        found.append(Finding("orphan_point", kb, subject, detail, True))
    elif state != DocumentStatus.COMMITTED:
        # Written by an ingestion that did not finish: unseen, and cleared by the next one.
        detail = f"left by an unfinished ingestion of {point.document_id[:12]} ({state})"
        found.append(Finding("leftover_point", kb, subject, detail, True, damage=False))
    return found


def _expected_points(catalog: Catalog, kb: str) -> dict[str, tuple[int, int]]:
    """(chunks, bindings) each document's last committing ingestion wrote, from the runs'
    reports (a document no report names is not counted)."""
    expected: dict[str, tuple[int, int]] = {}
    for run in catalog.list_runs(kb):
        for outcome in run.report.get("documents", ()):
            if isinstance(outcome, dict) and outcome.get("status") == "committed":
                doc_id = str(outcome.get("document_id"))
                expected[doc_id] = (int(outcome["chunks"]), int(outcome["bindings"]))
    return expected


def _check_directory(rt: Runtime, store: _Maintained, names: Sequence[str]) -> list[Finding]:
    parts = _parts(store)[0]
    findings = [
        Finding("orphan_shards", name, parts, "no such knowledge base in the catalog", False)
        for name in store.knowledge_bases()
        if name not in names
    ]
    owned = {d.document_id for name in names for d in rt.catalog.list_documents(name)}
    findings += [
        Finding(
            "orphan_original",
            None,
            f"blobs/{sha[:2]}/{sha}.pdf",
            "no document of any knowledge base is this original (its document was deleted)",
            False,
            damage=False,
        )
        for sha in rt.blobs.stored()
        if sha not in owned
    ]
    return findings


def reindex(rt: Runtime, kb: str) -> int:
    """Rebuild `kb`'s chunk and binding points from its committed documents' originals
    with the real pipeline; return how many documents were rebuilt.

    Into new shards (a server: new collections) beside the current ones, swapped in at the
    end (the store's begin_rebuild / commit_rebuild), rather than document by document: a
    damaged segment (truncated, unreadable) cannot be repaired point by point, only
    replaced, and the current index keeps serving searches until the swap. The documents are
    ingested again in their catalog order into a catalog of their own in memory, so each
    sees the earlier documents its first ingestion saw (independence groups, known names):
    the points come out as that ingestion wrote them. A document whose metadata comes out
    different (an older release ingested it) has its catalog row updated with the swap.
    Their statement cells are read again too, replacing the recorded ones (a knowledge base
    ingested before a reader change answers figures as a fresh ingestion would). Those
    catalog changes and the run are one step with the swap: recorded before it, applied
    in one transaction after it (or by the next open, `Catalog.finish_reindex`, when the
    rebuilt index is the live one: the record names its generation).
    Refused (OriginalsLost), with nothing changed, when an original is missing or altered.
    """
    store = _maintained(rt)
    rt.catalog.get_kb(kb)
    claim_kb_embedding(rt.catalog, kb, rt.embedder)  # the vectors will be this embedder's
    documents = rt.catalog.list_documents(kb, status=DocumentStatus.COMMITTED)
    sources: list[tuple[str, bytes]] = []
    lost = []
    for doc in documents:
        try:
            data = rt.blobs.get(doc.document_id)
        except BlobNotFound:
            data = b""
        if not data or _sha256(data) != doc.document_id:
            lost.append(doc.name)
        sources.append((doc.name, data))
    if lost:
        raise OriginalsLost(kb, lost)
    staging = store.begin_rebuild(kb)
    scratch = Catalog("sqlite://")
    try:
        scratch.create_kb(kb, rt.catalog.get_kb(kb).settings)
        ingestor = Ingestor(
            _Redirected(store, kb, staging),
            scratch,
            rt.embedder,
            rt.blobs,
            parser=rt.ingestor.parser,
            chunker=rt.ingestor.chunker,
            extractor=rt.ingestor.extractor,
            embed_context=rt.ingestor.embed_context,
            classifier=rt.ingestor.classifier,
            classify_clauses=rt.ingestor.classifier is not None,
        )
        report = ingestor.run(kb, sources)
        failed = [d for d in report.documents if d.status != "committed"]
        if failed:
            first = failed[0]
            raise ReindexFailed(
                f"document {first.name} did not rebuild ({first.status}: {first.reason}); "
                "the current index is kept"
            )
        # The catalog's half (metadata, statement cells, the run) recorded before the swap
        # and applied after it in one transaction: a failure between the swap and that
        # transaction leaves the record, which the next open applies (Runtime.open), never
        # the new points beside the old cells. The record names the rebuilt index's
        # generation: a process killed before the swap is durable leaves the old index
        # live, and the next open drops the record instead.
        rt.catalog.stage_reindex(
            kb,
            [_reindexed(scratch, kb, doc) for doc in documents],
            generation=store.rebuild_generation(kb),
            counts={"committed": len(documents), "duplicate": 0, "failed": 0},
            # run_id: the run's, given when the record is applied
            report={**report.to_dict(), "run_id": None, "reindex": True},
            # every committed document is derived again, by this release's reader
            settings={DERIVATION_KEY: derivation_version()},
        )
        # A swap that fails is not dropped here: it may have taken effect before it failed
        # (the server's aliases switched, then the retired generation's deletion failed; the
        # embedded store's old shards moved out, then the rename failed, which its next open
        # completes). The next open decides, once the store has settled, from the live
        # generation (Runtime.open: applied when it is the record's, dropped otherwise).
        store.commit_rebuild(kb)
    except BaseException:
        store.abandon_rebuild(kb)
        scratch.close()
        raise
    scratch.close()
    if rt.catalog.finish_reindex(kb) is None:
        # Another process settled the record before the swap it was waiting for (it can
        # only with a Qdrant server, which has no lock): the new points serve beside the
        # old catalog rows until a reindex runs again, said, never silent.
        raise ReindexFailed(
            f"the catalog's half of the reindex of {kb} was dropped by another process "
            "before the swap; the new index serves: run `evrag reindex` again"
        )
    return len(documents)


def _reindexed(scratch: Catalog, kb: str, doc: Any) -> ReindexedDocument:
    """What the reindex changes of `doc` in the catalog: its metadata where it came out
    different (an older release ingested it), and its statement cells as today's reader
    reads them (an older release's reading, or none, would otherwise stay beside points
    rebuilt by this one)."""
    new = scratch.get_document(kb, doc.document_id)
    if new is None:
        return ReindexedDocument(doc.document_id)
    metadata = _metadata(new) if _metadata(new) != _metadata(doc) else None
    cells = None
    if STATEMENT_CELLS_KEY in new.details:
        cells = [cell for _, cell in scratch.statement_cells(kb, [doc.document_id])]
    return ReindexedDocument(doc.document_id, metadata, cells)


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _metadata(doc: Any) -> dict[str, Any]:
    out = {f: getattr(doc, f) for f in DOCUMENT_METADATA_FIELDS}
    out["details"] = dict(doc.details)
    return out


class _Redirected:
    """A VectorStore that sends one knowledge base's calls to another name (a rebuild's
    staging shards) and every other call through unchanged."""

    def __init__(self, store: VectorStore, kb: str, to: str) -> None:
        self._store = store
        self._kb = kb
        self._to = to

    def _name(self, kb: str) -> str:
        return self._to if kb == self._kb else kb

    def ensure_kb(self, kb: str) -> None:
        self._store.ensure_kb(self._name(kb))

    def drop_kb(self, kb: str) -> None:
        self._store.drop_kb(self._name(kb))

    def upsert_chunks(
        self, kb: str, chunks: Sequence[ChunkRecord], vectors: Sequence[Sequence[float]]
    ) -> None:
        self._store.upsert_chunks(self._name(kb), chunks, vectors)

    def upsert_bindings(
        self, kb: str, bindings: Sequence[Binding], vectors: Sequence[Sequence[float]]
    ) -> None:
        self._store.upsert_bindings(self._name(kb), bindings, vectors)

    def delete_document(self, kb: str, document_id: str) -> None:
        self._store.delete_document(self._name(kb), document_id)

    def search_chunks(self, kb: str, *args: Any, **kwargs: Any) -> list[ScoredChunk]:
        return self._store.search_chunks(self._name(kb), *args, **kwargs)

    def chunks_of(self, kb: str, document_id: str) -> list[ChunkRecord]:
        return self._store.chunks_of(self._name(kb), document_id)

    def chunks_with_clauses(self, kb: str, *args: Any, **kwargs: Any) -> list[ChunkRecord]:
        return self._store.chunks_with_clauses(self._name(kb), *args, **kwargs)

    def find_bindings(self, kb: str, **kwargs: Any) -> list[Binding]:
        return self._store.find_bindings(self._name(kb), **kwargs)

    def similar_binding_subjects(self, kb: str, *args: Any, **kwargs: Any) -> Any:
        return self._store.similar_binding_subjects(self._name(kb), *args, **kwargs)

    def count(self, kb: str, collection: str) -> int:
        return self._store.count(self._name(kb), collection)

    def close(self) -> None:
        """The store is the runtime's: it closes it."""
