"""The application layer's errors: bad input to a use case, whatever edge it came from.

    AppError              base; `str()` is the one-line reason
    ├── BatchFormatError  a questions file that cannot be read
    ├── JobNotFound       no job of that id (API: 404)
    └── JobConflict       the job's state forbids the request (API: 409)

The CLI reports them on one line with exit code 2; the API maps them to 422 problems in its
one error handler.
"""

from __future__ import annotations


class AppError(Exception):
    """Bad input to an application use case."""


class BatchFormatError(AppError):
    """A questions file that cannot be used; `str()` is the one-line reason."""

    def __init__(self, reason: str, *, line: int | None = None) -> None:
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.line = line
        self.reason = reason


class JobNotFound(AppError):
    """No job of that id."""


class JobConflict(AppError):
    """The job's state does not allow the request (e.g. cancelling a finished job)."""
