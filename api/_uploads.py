"""Multipart PDF uploads streamed to disk, checked against the limits as bytes arrive.

Nothing is held whole in memory: each part is hashed and written in chunks to a
temporary file; only once the whole request is accepted are the parts renamed to
`<sha256>.pdf`, so a refused request (a limit, a malformed body, a dead client) leaves
nothing behind. A part that is no PDF (or empty) is refused alone, with its reason: the
other parts go on. The client's filename is kept only as the document's display name; it
never becomes a path.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import anyio
from python_multipart.exceptions import FormParserError, MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from api._errors import BadRequest, LimitExceeded, UnsupportedMediaType
from api._limits import ApiSettings
from ingest import RejectCode

PDF_MAGIC = b"%PDF-"
_MAX_FIELD_BYTES = 64 * 1024
_NAME_SAFE = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class StoredUpload:
    name: str  # display name only
    sha256: str
    size: int
    path: Path  # <upload_dir>/<sha256>.pdf


@dataclass(frozen=True, slots=True)
class RefusedUpload:
    """A part refused on its own (not a PDF, or empty): the request's other parts go on."""

    name: str  # display name only
    code: RejectCode
    reason: str


MAX_NAME_CHARS = 255
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,8}$")


def display_name(raw: str | None, index: int) -> str:
    """The last path component of the client's filename, control characters removed.

    A name over MAX_NAME_CHARS is shortened in its stem: the extension (`.pdf`) is kept.
    """
    name = (raw or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = _NAME_SAFE.sub("", name).strip()
    if name in ("", ".", ".."):
        name = f"upload-{index}.pdf"
    if len(name) <= MAX_NAME_CHARS:
        return name
    found = _EXTENSION.search(name)
    extension = found.group(0) if found else ""
    return name[: MAX_NAME_CHARS - len(extension)].rstrip() + extension


class _Part:
    def __init__(self, tmp: Path, name: str) -> None:
        self.tmp = tmp
        self.name = name
        self.size = 0
        self.head = b""
        self.digest = hashlib.sha256()
        self.file: IO[bytes] = open(tmp, "wb")  # noqa: SIM115 - closed in _on_part_end
        self.refused: RefusedUpload | None = None


class UploadReceiver:
    """Parses one multipart request body; call `feed` per chunk, then `finish`."""

    def __init__(self, boundary: bytes, upload_dir: Path, limits: ApiSettings) -> None:
        self.upload_dir = upload_dir
        self.limits = limits
        # Every file part in request order; the stored ones are renamed by `finish`.
        self.parts: list[StoredUpload | RefusedUpload] = []
        self._total = 0
        self._files = 0
        self._field_bytes = 0
        self._part: _Part | None = None
        self._is_file = False
        self._headers: dict[bytes, bytes] = {}
        self._header_field = b""
        self._header_value = b""
        self._tmp_files: list[Path] = []
        self._renames: list[tuple[Path, Path]] = []  # (.part-* file, <sha256>.pdf), by finish
        # feed() runs in a worker thread; abort() may come from the event loop while it
        # does (a cancelled request): the lock makes abort wait for the chunk in flight.
        self._lock = threading.Lock()
        self._aborted = False
        callbacks: Any = {
            "on_part_begin": self._on_part_begin,
            "on_header_field": self._on_header_field,
            "on_header_value": self._on_header_value,
            "on_header_end": self._on_header_end,
            "on_headers_finished": self._on_headers_finished,
            "on_part_data": self._on_part_data,
            "on_part_end": self._on_part_end,
        }
        self._parser = MultipartParser(boundary, callbacks)

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            if self._aborted:
                raise BadRequest("the upload was aborted")
            self._feed(chunk)

    def _feed(self, chunk: bytes) -> None:
        self._total += len(chunk)
        if self._total > self.limits.max_request_bytes:
            raise LimitExceeded(
                "max_request_bytes",
                self.limits.max_request_bytes,
                f"request body over {self.limits.max_request_bytes} bytes",
            )
        self._parser.write(chunk)

    def finish(self) -> list[StoredUpload | RefusedUpload]:
        """The parts in request order, the stored ones renamed to `<sha256>.pdf`.

        A request with no file, or whose every file was refused, is refused whole (415
        naming each file's reason): there is nothing to ingest."""
        self._parser.finalize()
        if self._part is not None:
            raise BadRequest("truncated multipart body")
        if not self.parts:
            raise BadRequest(
                "no files in the request (send PDFs as multipart parts with a filename)"
            )
        if not any(isinstance(p, StoredUpload) for p in self.parts):
            raise UnsupportedMediaType("; ".join(_reason(p) for p in self.parts))
        for tmp, final in self._renames:
            os.replace(tmp, final)
            self._tmp_files.remove(tmp)
        return self.parts

    def abort(self) -> None:
        """Remove every temporary file of this request (a limit, a bad part, a dead client)."""
        with self._lock:
            self._aborted = True
            if self._part is not None:
                self._part.file.close()
                self._part = None
            for tmp in self._tmp_files:
                with contextlib.suppress(FileNotFoundError):
                    tmp.unlink()
            self._tmp_files.clear()

    # -- parser callbacks ----------------------------------------------------------------

    def _on_part_begin(self) -> None:
        self._headers = {}
        self._is_file = False

    def _on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._header_field += data[start:end]

    def _on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def _on_header_end(self) -> None:
        self._headers[self._header_field.lower()] = self._header_value
        self._header_field = b""
        self._header_value = b""

    def _on_headers_finished(self) -> None:
        _, options = parse_options_header(self._headers.get(b"content-disposition", b""))
        filename = options.get(b"filename")
        if filename is None:
            return  # a plain form field: counted, ignored
        self._is_file = True
        self._files += 1
        if self._files > self.limits.max_files_per_request:
            raise LimitExceeded(
                "max_files_per_request",
                self.limits.max_files_per_request,
                f"more than {self.limits.max_files_per_request} files in one request",
            )
        name = display_name(filename.decode("utf-8", "replace"), self._files)
        tmp = self.upload_dir / f".part-{uuid.uuid4().hex}"
        self._tmp_files.append(tmp)
        self._part = _Part(tmp, name)

    def _on_part_data(self, data: bytes, start: int, end: int) -> None:
        if not self._is_file:
            self._field_bytes += end - start
            if self._field_bytes > _MAX_FIELD_BYTES:
                raise LimitExceeded("max_field_bytes", _MAX_FIELD_BYTES, "form fields over 64 KiB")
            return
        part = self._part
        assert part is not None
        piece = data[start:end]
        part.size += len(piece)
        if part.size > self.limits.max_file_bytes:
            raise LimitExceeded(
                "max_file_bytes",
                self.limits.max_file_bytes,
                f"{part.name}: over {self.limits.max_file_bytes} bytes",
            )
        if part.refused is not None:
            return  # its bytes still count against the request's limit; none is written
        if len(part.head) < len(PDF_MAGIC):
            part.head += piece[: len(PDF_MAGIC) - len(part.head)]
            if len(part.head) >= len(PDF_MAGIC) or not PDF_MAGIC.startswith(part.head):
                self._check_magic(part)
                if part.refused is not None:
                    return
        part.digest.update(piece)
        part.file.write(piece)

    def _check_magic(self, part: _Part) -> None:
        """Refuse `part` alone if it is empty or does not start as a PDF: its file goes."""
        if part.refused is not None or part.head.startswith(PDF_MAGIC):
            return
        if part.size == 0:
            part.refused = RefusedUpload(part.name, RejectCode.EMPTY, "an empty file (0 bytes)")
        else:
            part.refused = RefusedUpload(
                part.name, RejectCode.NOT_PDF, "not a PDF (it does not start with %PDF-)"
            )
        part.file.close()
        part.tmp.unlink(missing_ok=True)
        self._tmp_files.remove(part.tmp)

    def _on_part_end(self) -> None:
        if not self._is_file:
            return
        part = self._part
        assert part is not None
        self._part = None
        part.file.close()
        self._check_magic(part)
        if part.refused is not None:
            self.parts.append(part.refused)
            return
        sha = part.digest.hexdigest()
        final = self.upload_dir / f"{sha}.pdf"
        self._renames.append((part.tmp, final))
        self.parts.append(StoredUpload(part.name, sha, part.size, final))


def _reason(part: StoredUpload | RefusedUpload) -> str:
    assert isinstance(part, RefusedUpload)
    return f"{part.name}: {part.reason}"


async def receive_pdfs(
    request: Request, upload_dir: Path, limits: ApiSettings
) -> list[StoredUpload | RefusedUpload]:
    """Stream a multipart body of PDFs into `upload_dir`; limits are checked as it arrives.

    The parts in request order: stored ones, and ones refused alone. Any error leaves no
    file of this request in `upload_dir`."""
    content_type, options = parse_options_header(request.headers.get("content-type", ""))
    if content_type != b"multipart/form-data" or not options.get(b"boundary"):
        raise UnsupportedMediaType("send the PDFs as multipart/form-data")
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limits.max_request_bytes:
        raise LimitExceeded(
            "max_request_bytes",
            limits.max_request_bytes,
            f"request body over {limits.max_request_bytes} bytes",
        )
    upload_dir.mkdir(parents=True, exist_ok=True)
    try:
        receiver = UploadReceiver(options[b"boundary"], upload_dir, limits)
    except FormParserError as exc:  # a boundary the parser refuses (over 256 characters)
        raise BadRequest(f"invalid multipart boundary: {exc}") from None
    try:
        async for chunk in request.stream():
            if chunk:
                # File writes off the event loop: other requests keep being served.
                await anyio.to_thread.run_sync(receiver.feed, chunk)
        return receiver.finish()
    except MultipartParseError as exc:
        receiver.abort()
        raise BadRequest(f"malformed multipart body: {exc}") from None
    except BaseException:
        receiver.abort()
        raise
