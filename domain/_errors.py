"""The one root of the project's errors, and the whole tree under it.

Each error class says once what it means to a caller: `code` (a stable snake_case
string), `status` (the HTTP status it stands for) and `title` (the problem's title);
`str()` is the one-line reason and `extra` the structured fields a problem document adds.
The API maps the root in one place (api/_errors.py); the CLI exits 2 on a 4xx one.
A status of 500 means a fault of ours, not of the input: the API answers it as an
internal error and logs the message.

    EvidenceRagError                 (domain) root; 500 internal_error unless a class says
    ├── LexiconError                 (domain) a lexicon file that does not fit the schema (also a ValueError)
    ├── StorageFull                  (domain) 507 storage_full: a write the disk refused (full, quota, I/O error)
    ├── RetrievalError               (retrieval) 500 retrieval_error
    │   ├── StoreLocked              503 store_locked: the embedded store is held by another process
    │   ├── StoreUnavailable         503 store_unavailable: a Qdrant server cannot be reached
    │   ├── KnowledgeBaseNotFound    404 kb_not_found
    │   ├── KnowledgeBaseExists      409 kb_exists
    │   ├── InvalidKnowledgeBaseName 422 invalid_kb_name
    │   ├── DocumentNotFound         404 document_not_found
    │   ├── BlobNotFound             500 blob_not_found: a stored original is missing
    │   ├── CatalogTooNew            409 catalog_too_new: a catalog written by a newer release
    │   ├── IntegrityCheckDenied     403 integrity_check_denied: the catalog's role may not run amcheck
    │   ├── StoreFault               500 store_fault: a store used after close, a point without its payload, a lost collection
    │   ├── EmbeddingMismatch        409 embedding_mismatch: a KB embedded by another model/backend
    │   └── OnnxBackendError         500 onnx_backend_error: a model the ONNX backend cannot run
    ├── IngestError                  (ingest) 500 ingest_error
    │   ├── PdfRejected              422 pdf_rejected (+ reason_code; its own `.code` is the RejectCode)
    │   ├── ClauseModelError         500 clause_model_error: an unreadable clause model (also a RuntimeError)
    │   ├── OcrUnavailable           500 ocr_unavailable (caught by the parser: a page note)
    │   └── ScanTooLarge             500 scan_too_large (caught by the parser: a page note)
    ├── ChildFailed                  (ingest sandbox) 500 child_failed: a forked call gave no result
    │   ├── ChildTimedOut            500 child_timed_out
    │   ├── ChildOutOfMemory         500 child_out_of_memory
    │   └── ChildCrashed             500 child_crashed
    ├── ChildRaised                  (ingest sandbox) 500 child_raised: an exception that could not come back
    ├── SkillError                   (skill) 500 skill_error
    │   ├── SubjectClassError        422 subject_class_error
    │   ├── DocumentScopeError       422 document_scope_error (+ documents): a scope naming no document
    │   ├── ContractError            422 contract_error (+ field): the engine's ContractError, translated
    │   ├── NliModelError            500 nli_model_error: an unreadable NLI claim model (also a RuntimeError)
    │   ├── RouteModelError          500 route_model_error: an unreadable question router model (also a RuntimeError)
    │   └── IllegalTransition        500 illegal_transition: a state machine bug
    ├── AppError                     (app) 422 invalid_input
    │   ├── BatchFormatError         422 invalid_questions_file (+ line)
    │   ├── JobNotFound              404 not_found
    │   ├── JobConflict              409 conflict
    │   ├── AnswerNotFound           404 not_found: no kept answer of that id (app/_history.py)
    │   ├── JsonTooDeep              422 invalid_input (also a ValueError)
    │   ├── OriginalsLost            409 originals_lost: a reindex without some documents' originals
    │   ├── ReindexFailed            500 reindex_failed: a committed document no longer rebuilds
    │   ├── ArchiveInvalid           422 archive_invalid: an import of no readable archive of ours
    │   ├── ExportFailed             409 export_failed: an original gone or altered while exporting
    │   └── ImportFailed             500 import_failed: an archived original did not ingest
    └── ApiError                     (api) 400 bad_request
        ├── Unauthorized             401 unauthorized
        ├── Forbidden                403 forbidden
        ├── NotFound                 404 not_found
        ├── RequestTimeout           408 request_timeout: a request body that stopped arriving
        ├── Conflict                 409 conflict
        ├── LimitExceeded            413 or 422 limit_exceeded (+ limit, limit_value)
        ├── UnsupportedMediaType     415 unsupported_media_type
        └── BadRequest               422 invalid_input

`engine` imports nothing of the project, so its `ContractError` (a ValueError) is not
under the root: where the project calls the engine (skill's conclusion, the API's
`POST /v1/sufficiency/evaluate`) it is translated into `skill.ContractError`, which is
both a `SkillError` and the engine's `ContractError`.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from typing import Any


class EvidenceRagError(Exception):
    """Root of every error the project raises; `str()` is the one-line reason.

    `code`, `status` and `title` are set per class; an instance may set its own `status`
    where the same error means two (`api.LimitExceeded`: 413 or 422). The problem's code
    and title are read from the class: `ingest.PdfRejected` keeps its `RejectCode` in its
    own `.code`, as it always has.
    """

    code: str = "internal_error"
    status: int = 500
    title: str = "Internal error"

    @property
    def extra(self) -> Mapping[str, Any]:
        """Structured fields the problem document adds to code, title and detail."""
        return {}


# errno values of a write the device refused: no space, over quota, an I/O error
_STORAGE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO})
# SQLite's primary result codes for the same: SQLITE_FULL, SQLITE_IOERR
_SQLITE_STORAGE_CODES = frozenset({13, 10})


class StorageFull(EvidenceRagError):
    """A write the disk refused (no space left, a quota, an I/O error): nothing of the
    write is visible, what was committed before stays readable, and the same request goes
    through once space is back (507, the caller's to retry, not a fault of the input)."""

    status, code, title = 507, "storage_full", "Storage full"

    def __init__(self, reason: str) -> None:
        super().__init__(f"the data directory cannot be written: {reason}")
        self.reason = reason


def storage_failure(exc: BaseException) -> StorageFull | None:
    """The StorageFull that `exc` stands for (an OSError of ENOSPC/EDQUOT/EIO, a SQLite
    "database or disk is full" or I/O error, also when wrapped as its cause or `orig`);
    None for any other error."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, StorageFull):
            return current
        if isinstance(current, OSError) and current.errno in _STORAGE_ERRNOS:
            return StorageFull(current.strerror or str(current))
        code = getattr(current, "sqlite_errorcode", None)
        if isinstance(code, int) and code & 0xFF in _SQLITE_STORAGE_CODES:
            return StorageFull(f"the catalog database: {current}")
        orig = getattr(current, "orig", None)  # SQLAlchemy's DBAPIError wraps the driver's
        current = orig if isinstance(orig, BaseException) else current.__cause__
    return None
