"""The derivation version: which reader derived what a knowledge base stores.

What ingestion derives from a PDF (its text and lines, sentence spans, chunks, clause labels,
party bindings and aliases, relations, statement cells, lexical vectors) is kept, not
recomputed: a knowledge base ingested by an older release keeps that release's reading until
`evrag reindex` reads its originals again. So each committed document records the version of
the reader that derived it (its details' `derivation`), and the knowledge base records the
version all its committed documents share (its settings' `derivation`; DERIVATION_MIXED when they share
none), written at every ingestion run, deletion and reindex. A document or knowledge base
whose version is not this release's — or that has none: ingested before versions were
recorded — was derived by another reader, and is reported with the command that re-derives
it (`derivation_status`, `kb_derivation_current`).

The version is a digest, not a number a maintainer bumps: a number is forgotten, and a
forgotten bump is the silent loss this exists to report. It is the SHA-256 of
- the bytes of every installed file of the packages ingestion runs (DERIVING_PACKAGES: their
  code, lexicon and packaged clause model; the suffixes the wheel installs, line endings
  read as "\\n", each under its path relative to the packages' root), so the same release
  gives the same version in a checkout, a wheel or the container, on any Python build;
- the version of the PDF library whose text extraction everything else is read from
  (DERIVING_DISTRIBUTIONS).
A change to those files that changes no output (a comment) also changes the version: the
warning then asks for a reindex that changes nothing, which costs time, never an answer.
`tests/ingest/test_derivation.py` checks that every first-party module ingestion imports is
in DERIVING_PACKAGES, so a new package it comes to depend on cannot be left out.
The embedding model is recorded apart (the KB's `embedding` setting), as are OCR backends
(each document's `ocr_backends`).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

# The packages whose files derive what ingestion stores (this package and what it imports).
DERIVING_PACKAGES = ("domain", "ingest", "retrieval")
# The installed files of those packages that count (what pyproject.toml installs of them).
DERIVING_SUFFIXES = (".py", ".json", ".yaml", ".txt", ".npy")
_TEXT_SUFFIXES = (".py", ".json", ".yaml", ".txt")
# Third-party readers whose version changes what is read from a PDF.
DERIVING_DISTRIBUTIONS = ("pymupdf",)

# A document's details key and a knowledge base's settings key.
DERIVATION_KEY = "derivation"
# The risk signal of an answer from a knowledge base derived by another release's reader.
STALE_DERIVATION = "stale_derivation"
# A knowledge base's settings value when its committed documents share no one version.
DERIVATION_MIXED = "mixed"

_ROOT = Path(__file__).resolve().parent.parent


def deriving_files(root: Path = _ROOT) -> list[Path]:
    """The files the derivation version digests, sorted by their path under `root`."""
    files = [
        path
        for package in DERIVING_PACKAGES
        for path in (root / package).rglob("*")
        if path.is_file()
        and path.suffix in DERIVING_SUFFIXES
        and "__pycache__" not in path.relative_to(root).parts
    ]
    return sorted(files, key=lambda p: p.relative_to(root).as_posix())


def compute_derivation_version(root: Path = _ROOT) -> str:
    """The digest of the deriving files under `root` and the deriving distributions'
    versions: 16 hex digits."""
    digest = hashlib.sha256()
    for path in deriving_files(root):
        data = path.read_bytes()
        if path.suffix in _TEXT_SUFFIXES:
            data = data.replace(b"\r\n", b"\n")
        name = path.relative_to(root).as_posix()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    for distribution in DERIVING_DISTRIBUTIONS:
        try:
            version = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"{distribution}=={version}\0".encode())
    return digest.hexdigest()[:16]


@functools.cache
def derivation_version() -> str:
    """This release's derivation version (computed once per process)."""
    return compute_derivation_version()


def document_derivation(details: Mapping[str, Any] | None) -> str | None:
    """The version a document's details record (None: recorded before versions were)."""
    value = (details or {}).get(DERIVATION_KEY)
    return value if isinstance(value, str) and value else None


def kb_derivation(versions: Iterable[str | None]) -> str | None:
    """A knowledge base's settings value for its committed documents' versions: the one they
    share, DERIVATION_MIXED when they share none (or one has none), None when there are no documents."""
    found = set(versions)
    if not found:
        return None
    if len(found) == 1 and None not in found:
        return next(iter(found))
    return DERIVATION_MIXED


def kb_derivation_current(settings: Mapping[str, Any], has_documents: bool) -> bool:
    """Whether a knowledge base's settings say its documents were all derived by this
    release's reader. A knowledge base without the record was ingested before versions
    were recorded: derived by another reader, unless it holds no document."""
    recorded = settings.get(DERIVATION_KEY)
    if recorded is None:
        return not has_documents
    return bool(recorded == derivation_version())


def reindex_command(kb: str) -> str:
    """The command that derives a knowledge base's documents again."""
    return f"evrag reindex --kb {kb}"


@dataclass(frozen=True, slots=True)
class StaleDocument:
    """A committed document derived by another reader (`version` None: unrecorded)."""

    document_id: str
    name: str
    version: str | None


@dataclass(frozen=True, slots=True)
class DerivationStatus:
    """Which of a knowledge base's committed documents were derived by another reader."""

    kb: str
    version: str
    documents: int
    stale: tuple[StaleDocument, ...]

    @property
    def current(self) -> bool:
        return not self.stale

    @property
    def action(self) -> str | None:
        """The command to run; None when nothing is stale."""
        return None if self.current else reindex_command(self.kb)

    def message(self) -> str:
        """One line, as `evrag status` and answers say it."""
        if self.current:
            return f"{self.kb}: {self.documents} document(s), derived by this release's reader"
        versions = sorted({d.version or "unrecorded" for d in self.stale})
        return (
            f"{self.kb}: {len(self.stale)} of {self.documents} document(s) were derived by "
            f"another release's reader ({', '.join(versions)}; this release: {self.version}): "
            f"run `{self.action}`"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kb": self.kb,
            "version": self.version,
            "current": self.current,
            "documents": self.documents,
            "stale_documents": [
                {"document_id": d.document_id, "name": d.name, "version": d.version}
                for d in self.stale
            ],
            "action": self.action,
        }


def derivation_status(kb: str, documents: Iterable[Any]) -> DerivationStatus:
    """The status of `kb` from its committed documents (catalog DocumentEntry rows)."""
    current = derivation_version()
    committed = [d for d in documents if str(d.status) == "committed"]
    stale = tuple(
        StaleDocument(d.document_id, d.name, document_derivation(d.details))
        for d in committed
        if document_derivation(d.details) != current
    )
    return DerivationStatus(kb, current, len(committed), stale)


def stale_notice(kb: str) -> str:
    """What an answer from a knowledge base derived by another reader suggests."""
    return (
        f"Run `{reindex_command(kb)}`: documents of knowledge base {kb} were read by another "
        "release's reader (sentence spans, clause labels, party bindings, statement cells, "
        "chunks), so this answer may miss or misplace what the current reader finds"
    )


def record_kb_derivation(catalog: Any, kb: str) -> None:
    """Write `kb`'s settings record (DERIVATION_KEY) from its committed documents' versions
    (`catalog`: a retrieval Catalog); no write when it is already that."""
    entry = catalog.get_kb(kb)
    versions = [
        document_derivation(d.details) for d in catalog.list_documents(kb, status="committed")
    ]
    # A knowledge base holding no document has nothing derived: this reader will derive it.
    value = kb_derivation(versions) or derivation_version()
    if entry.settings.get(DERIVATION_KEY) != value:
        catalog.update_kb_settings(kb, {**dict(entry.settings), DERIVATION_KEY: value})
