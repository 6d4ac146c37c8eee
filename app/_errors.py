"""The application layer's errors: bad input to a use case, whatever edge it came from.

    AppError              base (422 invalid_input); `str()` is the one-line reason
    ├── BatchFormatError  a questions file that cannot be read (422, with its `line`)
    ├── JobNotFound       no job of that id (404)
    ├── JobConflict       the job's state forbids the request (409)
    └── JsonTooDeep       JSON nested past the depth limit (app/_jsonbounds.py)

All under `domain.EvidenceRagError` (the whole tree is drawn in domain/_errors.py). The CLI
reports them on one line with exit code 2; the API maps them, with every other error of the
project, in its one error handler.
"""

from __future__ import annotations

from collections.abc import Mapping
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


class JobConflict(AppError):
    """The job's state does not allow the request (e.g. cancelling a finished job)."""

    status, code, title = 409, "conflict", "Conflict"
