"""The wiring of one process: settings → store, catalog, embedder, blobs, ingestor, skill.

Built once at the edge (the CLI or the app's lifespan) and passed down. No FastAPI here:
the CLI uses it too.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ingest import Ingestor, aliases_of
from retrieval import (
    Alias,
    Binding,
    BlobStore,
    Catalog,
    Embedder,
    Settings,
    VectorStore,
    entity_key,
    open_store,
)
from retrieval._embed import KB_EMBEDDING_KEY, check_embedding, recorded_embedding
from skill import DocumentInfo, EvidenceSkill


@dataclass
class Runtime:
    settings: Settings
    store: VectorStore
    catalog: Catalog
    embedder: Embedder
    blobs: BlobStore
    ingestor: Ingestor
    skill: EvidenceSkill
    documents: _CommittedDocuments

    @classmethod
    def open(cls, settings: Settings) -> Runtime:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        store = open_store(settings)  # takes the embedded store's process lock
        try:
            catalog = Catalog(settings.catalog_url)
            embedder = Embedder(
                settings.embedding_model,
                batch_size=settings.embed_batch_size,
                threads=settings.embed_threads,
                query_threads=settings.query_threads,
                backend=settings.embed_backend,
                model_cache_dir=settings.model_cache,
            )
            blobs = BlobStore(settings.data_dir)
            ingestor = Ingestor(store, catalog, embedder, blobs)
            documents = _CommittedDocuments(catalog)
            skill = EvidenceSkill(
                store,
                embedder,
                committed_documents=documents.ids,
                document_info=documents.info,
                aliases=documents.aliases,
                kb_requirements=lambda kb: _kb_requirements(catalog, embedder, kb),
            )
        except BaseException:
            store.close()
            raise
        return cls(settings, store, catalog, embedder, blobs, ingestor, skill, documents)

    def close(self) -> None:
        self.store.close()
        self.catalog.close()

    def __enter__(self) -> Runtime:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- knowledge bases ----------------------------------------------------------------

    def create_kb(self, kb: str, requirements: dict[str, Any] | None = None) -> None:
        settings: dict[str, Any] = {KB_EMBEDDING_KEY: self.embedder.identity}
        if requirements:
            settings["evidence_requirements"] = requirements
        self.catalog.create_kb(kb, settings)
        self.store.ensure_kb(kb)

    def delete_kb(self, kb: str) -> None:
        self.catalog.get_kb(kb)  # raises KnowledgeBaseNotFound
        self.store.drop_kb(kb)
        self.catalog.delete_kb(kb)

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
        names: dict[str, str] = {}
        for b in self.bindings(kb):
            if b.subject_type.value in ("individual", "legal_entity"):
                names.setdefault(b.subject_key, b.subject_name)
            if b.parent_key and b.parent_name and not b.parent_key.startswith("agreement:"):
                names.setdefault(b.parent_key, b.parent_name)
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


def _kb_requirements(catalog: Catalog, embedder: Embedder, kb: str) -> Any:
    """A knowledge base's evidence requirements, read once per question; the same read
    checks that the KB was embedded as this runtime embeds queries (EmbeddingMismatch)."""
    entry = catalog.get_kb(kb)
    settings = dict(entry.settings)
    # Only a KB without a record needs the document count (a legacy KB is torch-embedded).
    recorded = recorded_embedding(
        settings, KB_EMBEDDING_KEY not in settings and bool(catalog.committed_document_ids(kb))
    )
    check_embedding(kb, recorded, embedder)
    return settings.get("evidence_requirements")


class _CommittedDocuments:
    """The committed documents of a knowledge base, with their metadata and aliases.

    `ids(kb)` is what the skill calls first on every question. It reads only the committed
    ids (one cheap query); the documents' metadata and alias table are reloaded only when
    that set changed. A committed document's metadata never changes, so an unchanged id set
    means an unchanged snapshot. (Reading every document per question was ~40% of a
    question's time at 20k chunks.)
    """

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog
        self._lock = threading.Lock()
        self._snapshots: dict[str, _Snapshot] = {}

    def _snapshot(self, kb: str) -> _Snapshot:
        ids = tuple(self._catalog.committed_document_ids(kb))
        with self._lock:
            current = self._snapshots.get(kb)
        if current is not None and current.ids == ids:
            return current
        docs = self._catalog.list_documents(kb, status="committed")
        snapshot = _Snapshot(
            ids=tuple(sorted(d.document_id for d in docs)),
            infos={
                d.document_id: DocumentInfo(
                    document_id=d.document_id,
                    name=d.name,
                    document_type=d.document_type or "other",
                    document_date=d.document_date,
                    independence_group=d.independence_group or d.document_id,
                )
                for d in docs
            },
            aliases=tuple(aliases_of(docs)),
        )
        with self._lock:
            self._snapshots[kb] = snapshot
        return snapshot

    def ids(self, kb: str) -> list[str]:
        return list(self._snapshot(kb).ids)

    def info(self, kb: str, document_id: str) -> DocumentInfo | None:
        with self._lock:
            snapshot = self._snapshots.get(kb)
        if snapshot is None or document_id not in snapshot.infos:
            snapshot = self._snapshot(kb)
        return snapshot.infos.get(document_id)

    def aliases(self, kb: str) -> list[Alias]:
        with self._lock:
            snapshot = self._snapshots.get(kb)
        return list((snapshot or self._snapshot(kb)).aliases)


@dataclass(frozen=True)
class _Snapshot:
    ids: tuple[str, ...]
    infos: dict[str, DocumentInfo]
    aliases: tuple[Alias, ...]
