"""The wiring of one process: settings → store, catalog, embedder, blobs, ingestor, skill.

Built once at the edge (the CLI or the app's lifespan) and passed down. No FastAPI here:
the CLI uses it too.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from app._db import forget_kb, open_engine
from app._settings import Settings
from domain import Alias, Binding, entity_key
from ingest import (
    DERIVATION_KEY,
    STALE_DERIVATION,
    Ingestor,
    PdfParser,
    aliases_of,
    derivation_status,
    derivation_version,
    kb_derivation_current,
    stale_notice,
)
from retrieval import (
    KB_EMBEDDING_KEY,
    BlobStore,
    Catalog,
    DocumentEntry,
    EdgeStore,
    Embedder,
    KnowledgeBaseNotFound,
    VectorStore,
    check_embedding,
    open_store,
    recorded_embedding,
)

if TYPE_CHECKING:
    # `skill` (~0.6 s CPU to import) loads when a command first asks or lists documents:
    # `evrag kb`, `check`, `reindex`, `bindings`, `entities`, `import` never import it.
    from skill import DocumentInfo, EvidenceSkill

_log = logging.getLogger("evrag.app")


@runtime_checkable
class _Generations(Protocol):
    """What a store says of its rebuilds: both backends have it."""

    def live_generation(self, kb: str) -> str: ...


def _settle_reindexes(store: VectorStore, catalog: Catalog) -> None:
    """Apply or drop the catalog's half of each reindex a process left unfinished: applied
    when its rebuilt index is the live one (killed after the swap), dropped when it is not
    (killed before the swap was durable: the old index serves, with the old catalog rows)
    and the embedded store's lock says no reindex is running; left otherwise.
    Called once the store is open: the embedded store finishes or undoes a swap cut short
    as it opens, and only then says which generation is live."""
    pending = catalog.pending_reindexes()
    if not pending:
        return
    if not isinstance(store, _Generations):  # a store of neither backend: a fault of ours
        raise TypeError(f"{type(store).__name__} cannot say which index generation is live")
    for kb in pending:
        if catalog.reindex_generation(kb) == store.live_generation(kb):
            catalog.finish_reindex(kb)
            _log.info("finished the catalog's half of the reindex of %s", kb)
        elif not isinstance(store, EdgeStore):
            # A Qdrant server has no lock against another process: its reindex may be between
            # staging the record and switching the aliases right now. The record is left (the
            # next open settles it; the next reindex replaces it), never dropped under it.
            _log.info("left the catalog's half of the reindex of %s: not swapped in yet", kb)
        else:
            catalog.drop_reindex(kb)
            _log.info(
                "dropped the catalog's half of the reindex of %s: its index was not swapped in",
                kb,
            )


@dataclass
class Runtime:
    settings: Settings
    store: VectorStore
    catalog: Catalog
    embedder: Embedder
    blobs: BlobStore
    ingestor: Ingestor
    documents: _CommittedDocuments
    _skill: EvidenceSkill | None = dataclasses.field(default=None, repr=False)
    _skill_lock: threading.Lock = dataclasses.field(
        default_factory=threading.Lock, repr=False, compare=False
    )

    @property
    def skill(self) -> EvidenceSkill:
        """The question skill, wired on first use (once, under a lock: the server's threads)."""
        with self._skill_lock:
            if self._skill is None:
                from skill import EvidenceSkill

                documents, embedder, catalog = self.documents, self.embedder, self.catalog
                self._skill = EvidenceSkill(
                    self.store,
                    embedder,
                    committed_documents=documents.ids,
                    document_info=documents.info,
                    aliases=documents.aliases,
                    copies=documents.copies,
                    kb_requirements=lambda kb: _kb_requirements(documents, embedder, kb),
                    statement_cells=catalog.statement_cells,
                    kb_notices=documents.notices,
                )
            return self._skill

    @classmethod
    def open(cls, settings: Settings, *, serving: bool = False) -> Runtime:
        """Open the stores and wire the rest. `serving`: for the HTTP server, whose OCR
        leaves a core to questions (`Settings.serve_ocr_threads`); batch commands use all."""
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        store = open_store(  # takes the embedded store's process lock
            settings.data_dir,
            qdrant_url=settings.qdrant_url,
            qdrant_api_key=settings.qdrant_api_key,
        )
        try:
            catalog = Catalog(settings.catalog_url)
            _settle_reindexes(store, catalog)
            embedder = Embedder(
                settings.embedding_model,
                batch_size=settings.embed_batch_size,
                threads=settings.embed_threads,
                query_threads=settings.query_threads,
                backend=settings.embed_backend,
                model_cache_dir=settings.model_cache,
            )
            blobs = BlobStore(settings.data_dir)
            if isinstance(store, EdgeStore):
                # The embedded store holds the data directory's lock: no other process
                # writes blobs here, so a partial write is a dead process's and goes. (A
                # server-backed runtime holds no such lock: its partial writes are left.)
                swept = blobs.sweep_partial_writes()
                if swept:
                    _log.info(
                        "removed %d partial blob write(s) left by a killed process", len(swept)
                    )
            parser = PdfParser(
                ocr=settings.ocr,
                ocr_dpi=settings.ocr_dpi,
                ocr_threads=settings.ocr_thread_count(serving=serving),
            )
            ingestor = Ingestor(store, catalog, embedder, blobs, parser=parser)
            documents = _CommittedDocuments(catalog)
        except BaseException:
            store.close()
            raise
        return cls(settings, store, catalog, embedder, blobs, ingestor, documents)

    def close(self) -> None:
        self.store.close()
        self.catalog.close()

    def __enter__(self) -> Runtime:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- knowledge bases ----------------------------------------------------------------

    def create_kb(self, kb: str, requirements: dict[str, Any] | None = None) -> None:
        settings: dict[str, Any] = {
            KB_EMBEDDING_KEY: self.embedder.identity,
            # empty: what it will hold, this release's reader derives
            DERIVATION_KEY: derivation_version(),
        }
        if requirements:
            settings["evidence_requirements"] = requirements
        self.catalog.create_kb(kb, settings)
        self.store.ensure_kb(kb)

    def delete_kb(self, kb: str) -> None:
        """Delete a knowledge base: its documents, chunks and bindings, its kept answers, and
        its name from every API key's scope. The API's delete and `evrag kb delete` both call
        this, so a KB deleted either way leaves nothing a new KB of its name would inherit."""
        self.catalog.get_kb(kb)  # raises KnowledgeBaseNotFound
        self.store.drop_kb(kb)
        self.catalog.delete_kb(kb)
        # the app's tables share the catalog's database; an engine only for this rare write
        engine = open_engine(self.settings.catalog_url)
        try:
            forget_kb(engine, kb)
        finally:
            engine.dispose()

    # -- which reader derived them --------------------------------------------------------

    def derivation(self, kb: str, documents: Sequence[DocumentEntry] | None = None) -> Any:
        """`kb`'s DerivationStatus (ingest/_derivation.py): its committed documents derived
        by another release's reader, with the command that derives them again. `documents`:
        the knowledge base's catalog rows, when already read."""
        rows = self.catalog.list_documents(kb) if documents is None else documents
        return derivation_status(kb, rows)

    def stale_kbs(self) -> list[str]:
        """The knowledge bases whose settings say another release's reader derived some of
        their documents (none recorded: ingested before the record was), in catalog order."""
        stale = []
        for kb in self.catalog.list_kbs():
            try:
                if self.documents.notices(kb.name):
                    stale.append(kb.name)
            except KnowledgeBaseNotFound:  # deleted since it was listed: nothing to reindex
                continue
        return stale

    # -- browsing -----------------------------------------------------------------------

    def bindings(self, kb: str, entity: str | None = None) -> list[Binding]:
        """Bindings of committed documents; with `entity`, those where it is subject or parent."""
        self.catalog.get_kb(kb)
        committed = self.catalog.committed_document_ids(kb)
        if not committed:
            return []
        if entity is None:
            found = self.store.find_bindings(kb, document_ids=committed)
        else:
            key = self._resolve(kb, entity)
            found = self.store.find_bindings(kb, subject_key=key, document_ids=committed)
            found += self.store.find_bindings(kb, parent_key=key, document_ids=committed)
        unique = {b.binding_id: b for b in found}
        return sorted(
            unique.values(),
            key=lambda b: (b.location.document, b.location.char_start, b.role, b.binding_id),
        )

    def entities(self, kb: str) -> list[dict[str, Any]]:
        """Every entity named by a binding, with its aliases (defined terms, short names)."""
        # An entity's name as its documents write it: the first binding's, a title's
        # capitals ("HALCYON ROBOTICS, INC.") only where no binding writes it otherwise.
        names: dict[str, str] = {}
        for b in self.bindings(kb):
            named = []
            if b.subject_type.value in ("individual", "legal_entity"):
                named.append((b.subject_key, b.subject_name))
            if b.parent_key and b.parent_name and not b.parent_key.startswith("agreement:"):
                named.append((b.parent_key, b.parent_name))
            for key, name in named:
                if key not in names or (names[key].isupper() and not name.isupper()):
                    names[key] = name
        aliases: dict[str, set[str]] = {}
        for a in self.documents.aliases(kb):
            aliases.setdefault(a.entity_key, set()).add(a.alias)
        return [
            {"key": key, "name": names[key], "aliases": sorted(aliases.get(key, ()))}
            for key in sorted(names)
        ]

    def _resolve(self, kb: str, name: str) -> str:
        key = entity_key(name)
        for a in self.documents.aliases(kb):
            if a.document_id is None and a.alias_key == key:
                return a.entity_key
        return key


def _kb_requirements(documents: _CommittedDocuments, embedder: Embedder, kb: str) -> Any:
    """A knowledge base's evidence requirements, looked up once per question; the same look-up
    checks that the KB was embedded as this runtime embeds queries (EmbeddingMismatch)."""
    settings = documents.settings(kb)
    # Only a KB without a record needs the document count (a legacy KB is torch-embedded).
    recorded = recorded_embedding(
        settings, KB_EMBEDDING_KEY not in settings and bool(documents.ids(kb))
    )
    check_embedding(kb, recorded, embedder)
    return settings.get("evidence_requirements")


class _CommittedDocuments:
    """The committed documents of a knowledge base, with their metadata and aliases.

    `ids(kb)` is what the skill calls first on every question. The snapshot is kept while
    the catalog's revision token is unchanged (a check of microseconds); after a change, the
    committed versions (id, seq, name, group: one cheap query) tell whether the documents'
    metadata and alias table must be read again. (Reading every document per question was
    ~40% of a question's time at 20k chunks.) `copies(kb)` groups exact copies (one content
    key, see ingest._dedup.content_key): the first by (name, id) stands for the others.
    """

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog
        self._lock = threading.Lock()
        self._snapshots: dict[str, _Snapshot] = {}

    def _snapshot(self, kb: str) -> _Snapshot:
        # The revision first: what is read after it is at least as new.
        revision = self._catalog.revision()
        with self._lock:
            current = self._snapshots.get(kb)
        if current is not None and revision is not None and current.revision == revision:
            return current
        settings = MappingProxyType(dict(self._catalog.get_kb(kb).settings))
        versions = tuple(self._catalog.committed_versions(kb))
        if current is not None and current.versions == versions:
            snapshot = dataclasses.replace(current, revision=revision, settings=settings)
        else:
            from skill import DocumentInfo

            docs = self._catalog.list_documents(kb, status="committed")
            copies = _exact_copies(docs)
            hidden = {c for group in copies.values() for c in group}
            snapshot = _Snapshot(
                revision=revision,
                settings=settings,
                versions=versions,
                ids=tuple(sorted(d.document_id for d in docs)),
                infos={
                    d.document_id: DocumentInfo(
                        document_id=d.document_id,
                        name=d.name,
                        document_type=d.document_type or "other",
                        document_date=d.document_date,
                        independence_group=d.independence_group or d.document_id,
                        title=d.title,
                        parties=tuple((d.details or {}).get("parties", ())),
                        relations=tuple((d.details or {}).get("relations", ())),
                        effective_date=((d.details or {}).get("effective_date") or {}).get("date"),
                        unexecuted=(d.details or {}).get("unexecuted"),
                        pages=d.pages,
                        pages_without_text=_pages_without_text(d.details),
                        classified=bool((d.details or {}).get("clause_model")),
                        clause_confirm=MappingProxyType(
                            dict((d.details or {}).get("clause_confirm") or {})
                        ),
                    )
                    for d in docs
                },
                # A copy's defined terms are its original's: the original's stand for them.
                aliases=tuple(aliases_of(d for d in docs if d.document_id not in hidden)),
                copies=MappingProxyType(copies),
            )
        with self._lock:
            self._snapshots[kb] = snapshot
        return snapshot

    def ids(self, kb: str) -> tuple[str, ...]:
        return self._snapshot(kb).ids

    def settings(self, kb: str) -> Mapping[str, Any]:
        """The knowledge base's settings (read again whenever the catalog changed)."""
        return self._snapshot(kb).settings

    def notices(self, kb: str) -> tuple[tuple[str, str], ...]:
        """What every answer from the knowledge base carries: (risk signal, next action)
        when its documents were derived by another release's reader (its settings' record,
        read again whenever the catalog changed; none recorded: ingested before it was)."""
        snapshot = self._snapshot(kb)
        if kb_derivation_current(snapshot.settings, bool(snapshot.ids)):
            return ()
        return ((STALE_DERIVATION, stale_notice(kb)),)

    def copies(self, kb: str) -> Mapping[str, tuple[str, ...]]:
        """Each document that has exact copies → the copies' ids, by (name, id)."""
        return self._snapshot(kb).copies

    def copy_of(self, kb: str) -> dict[str, str]:
        """Each exact copy's id → the id of the document that stands for it."""
        return {c: first for first, group in self.copies(kb).items() for c in group}

    def info(self, kb: str, document_id: str) -> DocumentInfo | None:
        with self._lock:
            snapshot = self._snapshots.get(kb)
        if snapshot is None or document_id not in snapshot.infos:
            snapshot = self._snapshot(kb)
        return snapshot.infos.get(document_id)

    def relations(self, kb: str) -> dict[str, list[dict[str, Any]]]:
        """Each committed document's stated relations to an earlier agreement, each with the
        documents it binds to (`skill.stated_targets`: date, type words, parties)."""
        infos = self._snapshot(kb).infos
        bound: dict[tuple[str, int], list[str]] = {}
        from skill import stated_targets

        for doc_id, relation, old_id in stated_targets(infos):
            bound.setdefault((doc_id, id(relation)), []).append(old_id)
        return {
            doc_id: [
                {
                    **relation,
                    "target_documents": sorted(bound.get((doc_id, id(relation)), [])),
                }
                for relation in info.relations
            ]
            for doc_id, info in infos.items()
            if info.relations
        }

    def aliases(self, kb: str) -> list[Alias]:
        with self._lock:
            snapshot = self._snapshots.get(kb)
        return list((snapshot or self._snapshot(kb)).aliases)


@dataclass(frozen=True)
class _Snapshot:
    revision: tuple[int, int] | None
    settings: Mapping[str, Any]
    # Catalog.committed_versions: what may differ when a document is removed and committed
    # again (its name, its group).
    versions: tuple[tuple[str, int, str, str], ...]
    ids: tuple[str, ...]
    infos: dict[str, DocumentInfo]
    aliases: tuple[Alias, ...]
    copies: Mapping[str, tuple[str, ...]]


def _exact_copies(docs: Sequence[DocumentEntry]) -> dict[str, tuple[str, ...]]:
    """Exact copies: one content key, in one independence group (copies never count as two
    sources, so folding them changes no count the engine makes). The first by (name, id)
    stands for the others, whatever order they came in; they are listed by (name, id)."""
    by_key: dict[tuple[str, str], list[DocumentEntry]] = {}
    for d in docs:
        key = d.details.get("content_key")
        if key:
            by_key.setdefault((str(key), d.independence_group or ""), []).append(d)
    copies: dict[str, tuple[str, ...]] = {}
    for group in by_key.values():
        if len(group) > 1:
            first, *others = sorted(group, key=lambda d: (d.name, d.document_id))
            copies[first.document_id] = tuple(d.document_id for d in others)
    return dict(sorted(copies.items()))


def _pages_without_text(details: Any) -> int:
    """Pages the ingestion warned it read no text from (an image without OCR, a page OCR
    found empty)."""
    warnings = details.get("warnings", []) if isinstance(details, Mapping) else []
    return sum(
        1
        for w in warnings
        if isinstance(w, str)
        and re.search(r"\bpage", w, re.IGNORECASE)
        and re.search(r"no text|image-only|unreadable|skipped", w, re.IGNORECASE)
    )
