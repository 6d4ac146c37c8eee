"""Progress reporting for long runs: events from the pipeline, a bar on a terminal."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TextIO


@dataclass(frozen=True, slots=True)
class ProgressEvent:
    """One step of a run: `done` of `total` units (documents or questions) finished."""

    done: int
    total: int
    name: str = ""
    pages: int = 0  # pages parsed so far in this run
    chunks: int = 0  # chunks written so far in this run
    failed: int = 0


class ProgressPrinter:
    """A one-line progress bar on a terminal; silent when `enabled` is false (pipes, CI)."""

    def __init__(self, stream: TextIO, *, enabled: bool = True, width: int = 28) -> None:
        self._stream = stream
        self._enabled = enabled
        self._width = width
        self._drawn = False

    def __call__(self, event: ProgressEvent) -> None:
        if not self._enabled:
            return
        total = max(event.total, 1)
        filled = int(self._width * event.done / total)
        bar = "#" * filled + "-" * (self._width - filled)
        parts = [f"[{bar}] {event.done}/{event.total}"]
        if event.pages:
            parts.append(f"{event.pages} pages")
        if event.chunks:
            parts.append(f"{event.chunks} chunks")
        if event.failed:
            parts.append(f"{event.failed} failed")
        if event.name:
            parts.append(event.name[:40])
        self._stream.write("\r\x1b[2K" + "  ".join(parts))
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
            self._drawn = False


def collect_pdfs(paths: list[Path]) -> list[Path]:
    """Files as given, folders expanded to their PDFs (recursively), in a stable order.

    A named file is kept whatever its extension: the parser rejects what is not a PDF with
    a reason, so nothing the user named is dropped silently.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(
                sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() == ".pdf")
            )
        else:
            found.append(path)
    seen: set[Path] = set()
    unique: list[Path] = []
    for p in found:
        key = p.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique
