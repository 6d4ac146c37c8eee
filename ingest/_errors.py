"""Errors raised by `ingest`.

Hierarchy::

    IngestError                 base of every error this package raises
    └── PdfRejected             a PDF that cannot be ingested; `code` says why (RejectCode)
"""

from __future__ import annotations

from enum import StrEnum


class IngestError(Exception):
    """Base of every error raised by the ingest package."""


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
    """A document that cannot be ingested, with a typed code and a one-line reason."""

    def __init__(self, name: str, reason: str, code: RejectCode) -> None:
        super().__init__(f"{name}: {reason} ({code})")
        self.name = name
        self.reason = reason
        self.code = code

    def __reduce__(self) -> tuple[type[PdfRejected], tuple[str, str, RejectCode]]:
        # Pickled whole: a document is parsed in a child process (ingest/_sandbox.py).
        return (type(self), (self.name, self.reason, self.code))
