"""The retrieval package's errors. One base, under `domain.EvidenceRagError` (the whole
tree is drawn in domain/_errors.py); each carries structured fields, and its `code`,
`status` and `title`.

RetrievalError
├── StoreLocked              the embedded store is held by another process (names it)
├── StoreUnavailable         a Qdrant server cannot be reached or refused the call
├── KnowledgeBaseNotFound    no such knowledge base
├── KnowledgeBaseExists      create of a name already taken
├── InvalidKnowledgeBaseName a name unfit for a directory or collection
├── DocumentNotFound         no such document in the knowledge base
├── BlobNotFound             no stored original with that hash
├── CatalogTooNew            a catalog written by a newer release (its schema version is above ours)
├── IntegrityCheckDenied     PostgreSQL's page check (amcheck) not allowed to the catalog's role
└── StoreFault               a store used after it was closed, a point without its payload, a lost collection
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from domain import EvidenceRagError


class RetrievalError(EvidenceRagError):
    """Base of every error raised by `retrieval`."""

    code, title = "retrieval_error", "Retrieval error"


class StoreLocked(RetrievalError):
    """The embedded store is held by another process (503; the CLI's bad input: stop it)."""

    status, code, title = 503, "store_locked", "Store locked"

    def __init__(self, path: Path, holder_pid: int | None, holder_command: str | None) -> None:
        self.path = path
        self.holder_pid = holder_pid
        self.holder_command = holder_command
        holder = (
            f"process {holder_pid} ({holder_command})"
            if holder_pid is not None
            else "another process"
        )
        super().__init__(
            f"the embedded store at {path.parent} is in use by {holder}; "
            "stop it, or talk to that server instead"
        )


class StoreUnavailable(RetrievalError):
    """A Qdrant server cannot be reached or refused the call."""

    status, code, title = 503, "store_unavailable", "Store unavailable"

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(f"Qdrant server at {url} is unavailable: {reason}")


class KnowledgeBaseNotFound(RetrievalError):
    """No knowledge base of that name."""

    status, code, title = 404, "kb_not_found", "Knowledge base not found"

    def __init__(self, kb: str) -> None:
        self.kb = kb
        super().__init__(f"knowledge base {kb!r} does not exist")


class KnowledgeBaseExists(RetrievalError):
    """Create of a name already taken."""

    status, code, title = 409, "kb_exists", "Knowledge base exists"

    def __init__(self, kb: str) -> None:
        self.kb = kb
        super().__init__(f"knowledge base {kb!r} already exists")


class InvalidKnowledgeBaseName(RetrievalError):
    """A name unfit for a directory or a collection."""

    status, code, title = 422, "invalid_kb_name", "Invalid knowledge base name"

    def __init__(self, kb: str) -> None:
        self.kb = kb
        super().__init__(
            f"invalid knowledge base name {kb!r}: use 1-64 letters, digits, '_' or '-', "
            "starting with a letter or digit"
        )


# The name becomes a directory (embedded) and part of a collection name (server).
_KB_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def check_kb_name(kb: str) -> str:
    """Return `kb` unchanged, or raise InvalidKnowledgeBaseName."""
    if not _KB_NAME.fullmatch(kb):
        raise InvalidKnowledgeBaseName(kb)
    return kb


class DocumentNotFound(RetrievalError):
    """No document of that id in the knowledge base."""

    status, code, title = 404, "document_not_found", "Document not found"

    def __init__(self, kb: str, document_id: str) -> None:
        self.kb = kb
        self.document_id = document_id
        super().__init__(f"no document {document_id} in knowledge base {kb!r}")


class BlobNotFound(RetrievalError):
    """No stored original with that hash: the stores disagree, a fault of ours (500)."""

    status, code, title = 500, "blob_not_found", "Stored original missing"

    def __init__(self, sha256: str) -> None:
        self.sha256 = sha256
        super().__init__(f"no stored original with sha256 {sha256}")


class CatalogTooNew(RetrievalError):
    """A catalog database whose schema version is above this release's: written by a newer
    release, refused untouched (409; the CLI's bad input, exit 2)."""

    status, code, title = 409, "catalog_too_new", "Catalog from a newer release"

    def __init__(self, where: str, found: int, supported: int) -> None:
        self.where = where
        self.found = found
        self.supported = supported
        super().__init__(
            f"the catalog at {where} has schema version {found}, written by a newer release "
            f"of evrag; this release reads versions up to {supported}: upgrade evrag to open it"
        )

    @property
    def extra(self) -> Mapping[str, Any]:
        return {"schema_version": self.found, "supported_version": self.supported}


class IntegrityCheckDenied(RetrievalError):
    """The catalog's PostgreSQL role may not run `amcheck` (create the extension, or run its
    functions): the catalog's pages cannot be checked, which says nothing of their state
    (403). `reason` says what a superuser can grant."""

    status, code, title = 403, "integrity_check_denied", "Integrity check denied"

    def __init__(self, role: str, detail: str) -> None:
        self.role = role
        self.detail = detail
        super().__init__(
            f"the catalog's pages were not checked: role {role!r} may not run amcheck "
            f"({detail}); a superuser can run CREATE EXTENSION amcheck in its database and "
            f"GRANT EXECUTE ON FUNCTION bt_index_check(regclass, boolean), "
            f"verify_heapam(regclass, boolean, boolean, text, bigint, bigint) TO {role}"
        )


class StoreFault(RetrievalError):
    """A store in a state it should never be in when called (closed, a point written without
    its payload, one of a knowledge base's two collections gone from a server): a fault of
    ours or damage (500), never of the input."""

    status, code, title = 500, "store_fault", "Store fault"
