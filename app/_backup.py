"""`evrag export` and `evrag import`: a knowledge base as a portable archive, and back.

The archive is a gzipped tar: `manifest.json` first (format and version, the knowledge
base's name and settings, the embedding model's identity, the committed documents in
catalog order with name, sha256 and metadata), then each original as `blobs/<sha256>.pdf`.

Export reads the committed set once (one catalog query: a consistent snapshot even while
a server writes) and copies those originals; a committed document never changes (its id is
its hash), so the archive is consistent without stopping anything. It needs the catalog and
the originals only, not the vector store, so it runs beside a serving process.

Import re-ingests the originals with the real pipeline, in the archive's order, rather
than copying the vector store's shards: ingestion is deterministic (the same bytes in the
same order give the same points, bindings and catalog rows, as `evrag reindex` relies on),
so the answers come out byte-identical, and the archive stays independent of the store's
on-disk format and backend (an embedded shard restores into a Qdrant server and back, and
into a later release). Only the embedding model must be the same: it is checked first.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import tarfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app._errors import ArchiveInvalid, ExportFailed, ImportFailed
from app._jsonbounds import JsonTooDeep, loads_bounded
from app._runtime import Runtime
from retrieval import (
    DOCUMENT_METADATA_FIELDS,
    KB_EMBEDDING_KEY,
    BlobNotFound,
    BlobStore,
    Catalog,
    DocumentStatus,
    EmbeddingMismatch,
    KnowledgeBaseExists,
    check_embedding,
    recorded_embedding,
)

ARCHIVE_FORMAT = "evrag-kb-archive"
ARCHIVE_VERSION = 1
_MANIFEST = "manifest.json"
# A manifest lists metadata, never text: far below this even for thousands of documents.
_MAX_MANIFEST_BYTES = 64 << 20


@dataclass(frozen=True, slots=True)
class ExportReport:
    """What `export_kb` wrote."""

    kb: str
    documents: int
    size_bytes: int


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What `import_kb` restored: the new knowledge base and its committed documents."""

    kb: str
    source_kb: str
    documents: int


def export_kb(
    catalog: Catalog, blobs: BlobStore, identity: Mapping[str, str], kb: str, path: Path
) -> ExportReport:
    """Write `kb` as an archive to `path` (through `path.part`, renamed when complete).

    `identity` is the runtime's embedder identity; the knowledge base's recorded one must
    agree with it (EmbeddingMismatch otherwise), so the archive names the model its
    vectors were made with."""
    entry = catalog.get_kb(kb)  # KnowledgeBaseNotFound
    documents = catalog.list_documents(kb, status=DocumentStatus.COMMITTED)
    settings = dict(entry.settings)
    recorded = recorded_embedding(settings, bool(documents))
    if recorded is not None and any(recorded.get(k, v) != v for k, v in identity.items()):
        raise EmbeddingMismatch(kb, recorded, dict(identity))
    manifest = {
        "format": ARCHIVE_FORMAT,
        "version": ARCHIVE_VERSION,
        "kb": kb,
        "settings": settings,
        "embedding": dict(identity),
        "documents": [
            {
                "name": d.name,
                "sha256": d.document_id,
                "metadata": {f: _plain(getattr(d, f)) for f in DOCUMENT_METADATA_FIELDS},
            }
            for d in documents
        ],
    }
    part = path.with_name(path.name + ".part")
    try:
        # No time and no file name in the gzip header, none in the tar headers: the same
        # knowledge base exports to the same bytes, whatever the file is called.
        with (
            open(part, "wb") as raw,
            gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as gz,
        ):
            with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
                data = json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True)
                _add(tar, _MANIFEST, data.encode("utf-8"))
                for doc in documents:
                    try:
                        original = blobs.get(doc.document_id)
                    except BlobNotFound:
                        raise _changed(kb, doc.name) from None
                    if hashlib.sha256(original).hexdigest() != doc.document_id:
                        raise _changed(kb, doc.name)
                    _add(tar, f"blobs/{doc.document_id}.pdf", original)
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(part, path)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return ExportReport(kb, len(documents), path.stat().st_size)


def import_kb(rt: Runtime, path: Path, kb: str) -> ImportReport:
    """Restore the archive at `path` as the new knowledge base `kb`.

    Refused before anything is written: an unreadable or unknown archive (ArchiveInvalid),
    a name already taken (KnowledgeBaseExists), another embedding model than this
    runtime's (EmbeddingMismatch). The originals are then ingested again in the archive's
    order with the archive's settings; should one not commit, the new knowledge base is
    deleted again (ImportFailed)."""
    manifest, originals = read_archive(path)
    create_from_archive(rt, manifest, kb)
    try:
        sources = [(d["name"], originals[d["sha256"]]) for d in manifest["documents"]]
        report = rt.ingestor.run(kb, sources)
        failed = [d for d in report.documents if d.status == "failed"]
        if failed:
            first = failed[0]
            raise ImportFailed(
                f"document {first.name} did not ingest ({first.code}: {first.reason}); "
                f"knowledge base {kb!r} was not created"
            )
    except BaseException:
        rt.delete_kb(kb)
        raise
    committed = len(rt.catalog.committed_document_ids(kb))
    return ImportReport(kb, str(manifest["kb"]), committed)


def create_from_archive(rt: Runtime, manifest: Mapping[str, Any], kb: str) -> None:
    """Create the empty knowledge base `kb` with the archive's settings, once the name is
    free (KnowledgeBaseExists) and this runtime embeds as the archive's documents were
    (EmbeddingMismatch); its documents are then ingested in the manifest's order."""
    if rt.catalog.has_kb(kb):
        raise KnowledgeBaseExists(kb)
    check_embedding(kb, dict(manifest["embedding"]), rt.embedder)
    settings = {**manifest["settings"], KB_EMBEDDING_KEY: rt.embedder.identity}
    rt.catalog.create_kb(kb, settings)
    rt.store.ensure_kb(kb)


def read_archive(
    path: Path, label: str | None = None, *, max_original_bytes: int | None = None
) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The archive's manifest (checked) and its originals by sha256 (each checked against
    its hash); ArchiveInvalid for anything else: not a gzipped tar, another format or
    version, a missing or altered original, a member the manifest does not name, an
    original over `max_original_bytes` (a small archive may inflate to any size: the API
    bounds each original as it bounds an uploaded file). Errors name the archive `label`
    (default: the file's name)."""
    name = label or path.name
    try:
        with tarfile.open(path, mode="r:gz") as tar:
            first = tar.next()
            if first is None or first.name != _MANIFEST or not first.isfile():
                raise ArchiveInvalid(f"{name}: not a knowledge-base archive (no manifest)")
            if first.size > _MAX_MANIFEST_BYTES:
                raise ArchiveInvalid(f"{name}: the manifest is too large")
            manifest = _manifest(name, _member_bytes(tar, first))
            wanted = {d["sha256"] for d in manifest["documents"]}
            originals: dict[str, bytes] = {}
            # next(), not iteration: iterating a TarFile starts again at its first member.
            while (member := tar.next()) is not None:
                sha = member.name.removeprefix("blobs/").removesuffix(".pdf")
                if not member.isfile() or sha not in wanted or sha in originals:
                    raise ArchiveInvalid(f"{name}: unexpected member {member.name!r}")
                if max_original_bytes is not None and member.size > max_original_bytes:
                    raise ArchiveInvalid(
                        f"{name}: the original {member.name} is over {max_original_bytes} bytes"
                    )
                data = _member_bytes(tar, member)
                if hashlib.sha256(data).hexdigest() != sha:
                    raise ArchiveInvalid(f"{name}: the original {member.name} is altered")
                originals[sha] = data
    except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as exc:
        raise ArchiveInvalid(f"{name}: not a readable archive ({exc})") from exc
    except OSError as exc:
        raise ArchiveInvalid(f"{name}: {exc.strerror or exc}") from exc
    missing = wanted - originals.keys()
    if missing:
        raise ArchiveInvalid(f"{name}: {len(missing)} original(s) missing")
    return manifest, originals


def _manifest(name: str, data: bytes) -> dict[str, Any]:
    try:
        manifest = loads_bounded(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, JsonTooDeep) as exc:
        raise ArchiveInvalid(f"{name}: the manifest is not JSON ({exc})") from exc
    if not isinstance(manifest, dict) or manifest.get("format") != ARCHIVE_FORMAT:
        raise ArchiveInvalid(f"{name}: not a knowledge-base archive")
    if manifest.get("version") != ARCHIVE_VERSION:
        raise ArchiveInvalid(
            f"{name}: archive version {manifest.get('version')!r} is not supported "
            f"(this release reads version {ARCHIVE_VERSION})"
        )
    documents = manifest.get("documents")
    embedding = manifest.get("embedding")
    well_formed = (
        isinstance(manifest.get("kb"), str)
        and isinstance(manifest.get("settings"), dict)
        and isinstance(embedding, dict)
        and all(isinstance(v, str) for v in embedding.values())
        and isinstance(documents, list)
        and all(
            isinstance(d, dict)
            and isinstance(d.get("name"), str)
            and isinstance(d.get("sha256"), str)
            and len(d["sha256"]) == 64
            for d in documents
        )
        and len({d["sha256"] for d in documents}) == len(documents)
    )
    if not well_formed:
        raise ArchiveInvalid(f"{name}: the manifest is malformed")
    return manifest


def _member_bytes(tar: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    source = tar.extractfile(member)
    if source is None:
        raise ArchiveInvalid(f"unexpected member {member.name!r}")
    with source:
        return source.read()


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _plain(value: Any) -> Any:
    """Catalog metadata as JSON values (details are read-only mappings)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _changed(kb: str, name: str) -> ExportFailed:
    return ExportFailed(
        f"the original of {name} in {kb!r} is missing or altered (deleted during the export, "
        "or damaged: see evrag check); nothing was written"
    )
