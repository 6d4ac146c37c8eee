"""Errors raised by `ingest`.

Hierarchy (under `domain.EvidenceRagError`; the whole tree is drawn in domain/_errors.py)::

    IngestError                 base of the errors this package judges a document by
    ├── PdfRejected             a PDF that cannot be ingested; `code` says why (RejectCode)
    ├── ClauseModelError        the clause model cannot be read (ingest/_clauses.py)
    ├── OcrUnavailable          the OCR backend cannot run here (ingest/_ocr.py)
    └── ScanTooLarge            a region past the OCR pixel budget (ingest/_scan.py)

The sandbox's errors (`ChildFailed`, `ChildRaised`, ingest/_sandbox.py) sit under the root,
not here: the pipeline reports an `IngestError` met on a document as `ingest_error`, and
whatever a child raised stays the internal fault it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from domain import EvidenceRagError


class IngestError(EvidenceRagError):
    """Base of the errors the ingest package raises about a document or its own models."""

    code, title = "ingest_error", "Ingest error"


class RejectCode(StrEnum):
    NOT_PDF = "not_pdf"
    EMPTY = "empty"
    TRUNCATED = "truncated"
    CORRUPT = "corrupt"
    ENCRYPTED = "encrypted"
    TOO_MANY_PAGES = "too_many_pages"
    TOO_LARGE = "too_large"
    BOMB = "bomb"
    NO_TEXT = "no_text"
    TIMEOUT = "timeout"


class PdfRejected(IngestError):
    """A document that cannot be ingested, with a typed code and a one-line reason.

    Its own `.code` is the `RejectCode`; the problem's code (`pdf_rejected`) is the class's,
    and the reject code goes in the problem as `reason_code`."""

    status, code, title = 422, "pdf_rejected", "PDF rejected"

    def __init__(self, name: str, reason: str, code: RejectCode) -> None:
        super().__init__(f"{name}: {reason} ({code})")
        self.name = name
        self.reason = reason
        self.code = code

    @property
    def extra(self) -> Mapping[str, Any]:
        return {"reason_code": str(self.code)}

    def __reduce__(self) -> tuple[type[PdfRejected], tuple[str, str, RejectCode]]:
        # Pickled whole: a document is parsed in a child process (ingest/_sandbox.py).
        # (`code` is typed as the root's str; it holds the RejectCode given.)
        return (type(self), (self.name, self.reason, RejectCode(self.code)))
