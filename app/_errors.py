"""The application layer's errors: bad input to a use case, whatever edge it came from.

    AppError              base (422 invalid_input); `str()` is the one-line reason
    ├── BatchFormatError  a questions file that cannot be read (422, with its `line`)
    ├── JobNotFound       no job of that id (404)
    ├── JobConflict       the job's state forbids the request (409)
    ├── AnswerNotFound    no kept answer of that id in the knowledge base (404)
    ├── JsonTooDeep       JSON nested past the depth limit (app/_jsonbounds.py)
    ├── OriginalsLost     a reindex refused: committed documents' originals are gone (409)
    ├── ReindexFailed     a document that no longer rebuilds; the index is kept (500)
    ├── ArchiveInvalid    an import of a file that is no readable archive of ours (422)
    ├── ExportFailed      an original gone or altered while exporting; nothing written (409)
    └── ImportFailed      an archived document that did not ingest; no KB created (500)

All under `domain.EvidenceRagError` (the whole tree is drawn in domain/_errors.py). The CLI
reports them on one line with exit code 2; the API maps them, with every other error of the
project, in its one error handler.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain import EvidenceRagError


class AppError(EvidenceRagError):
    """Bad input to an application use case."""

    status, code, title = 422, "invalid_input", "Invalid input"


class BatchFormatError(AppError):
    """A questions file that cannot be used; `str()` is the one-line reason."""

    code, title = "invalid_questions_file", "Invalid questions file"

    def __init__(self, reason: str, *, line: int | None = None) -> None:
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.line = line
        self.reason = reason

    @property
    def extra(self) -> Mapping[str, Any]:
        return {"line": self.line} if self.line is not None else {}


class JobNotFound(AppError):
    """No job of that id."""

    status, code, title = 404, "not_found", "Not found"


class AnswerNotFound(AppError):
    """No kept answer of that id in the knowledge base (never given, deleted or dropped)."""

    status, code, title = 404, "not_found", "Not found"


class JobConflict(AppError):
    """The job's state does not allow the request (e.g. cancelling a finished job)."""

    status, code, title = 409, "conflict", "Conflict"


class OriginalsLost(AppError):
    """A reindex refused: some committed documents' originals are gone or altered, so their
    points cannot be rebuilt (409); nothing was changed."""

    status, code, title = 409, "originals_lost", "Originals lost"

    def __init__(self, kb: str, documents: Sequence[str]) -> None:
        self.kb = kb
        self.documents = tuple(documents)
        super().__init__(
            f"cannot reindex {kb!r}: the stored originals of {len(documents)} committed "
            f"document(s) are missing or altered ({', '.join(documents)}); the index cannot "
            "be rebuilt without them: restore them from a backup, or delete those documents"
        )


class ReindexFailed(AppError):
    """A reindex stopped: a committed document did not ingest again (a fault of ours, 500);
    the new shards are dropped and the current index is kept."""

    status, code, title = 500, "reindex_failed", "Reindex failed"


class ArchiveInvalid(AppError):
    """`evrag import` of a file that is not a readable knowledge-base archive of a version
    this release reads (corrupt, truncated, another format, an altered original)."""

    code, title = "archive_invalid", "Invalid archive"


class ExportFailed(AppError):
    """An export stopped: a committed document's original is gone or altered (deleted
    while exporting, or damaged); no archive was written."""

    status, code, title = 409, "export_failed", "Export failed"


class ImportFailed(AppError):
    """An import stopped: an archived original did not ingest (a fault of ours, 500); the
    new knowledge base is deleted again."""

    status, code, title = 500, "import_failed", "Import failed"
