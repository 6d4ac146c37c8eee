"""Multipart uploads stream to disk: bytes land in a file as they arrive, and a limit
stops the request at the chunk that crosses it, not after the whole body."""

from __future__ import annotations

from pathlib import Path

import pytest

from api import ApiSettings, LimitExceeded, UnsupportedMediaType
from api._uploads import RefusedUpload, StoredUpload, UploadReceiver, display_name
from ingest import RejectCode

BOUNDARY = b"XyZ123"


def _body(files: list[tuple[str, bytes]]) -> bytes:
    out = b""
    for name, data in files:
        out += (
            b"--" + BOUNDARY + b"\r\n"
            b'Content-Disposition: form-data; name="files"; filename="' + name.encode() + b'"\r\n'
            b"Content-Type: application/pdf\r\n\r\n" + data + b"\r\n"
        )
    return out + b"--" + BOUNDARY + b"--\r\n"


def _chunks(data: bytes, size: int = 4096) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def test_a_file_is_written_while_it_streams(tmp_path: Path) -> None:
    pdf = b"%PDF-1.7\n" + bytes(range(256)) * 400 + b"\n%%EOF\n"
    receiver = UploadReceiver(BOUNDARY, tmp_path, ApiSettings(admin_key="k"))
    chunks = _chunks(_body([("a/b/../report.pdf", pdf)]))
    for chunk in chunks[: len(chunks) // 2]:
        receiver.feed(chunk)
    partial = list(tmp_path.glob(".part-*"))
    assert len(partial) == 1 and 0 < partial[0].stat().st_size < len(pdf)
    for chunk in chunks[len(chunks) // 2 :]:
        receiver.feed(chunk)
    (stored,) = receiver.finish()
    assert stored.name == "report.pdf" and stored.size == len(pdf)
    assert stored.path.read_bytes() == pdf and stored.path.name == f"{stored.sha256}.pdf"
    assert not list(tmp_path.glob(".part-*"))


@pytest.mark.parametrize(
    ("limits", "files", "limit"),
    [
        ({"max_file_bytes": 50_000}, [("a.pdf", b"%PDF-" + b"1" * 200_000)], "max_file_bytes"),
        (
            {"max_request_bytes": 50_000},
            [("a.pdf", b"%PDF-" + b"1" * 200_000)],
            "max_request_bytes",
        ),
        (
            {"max_files_per_request": 1},
            [("a.pdf", b"%PDF-1"), ("b.pdf", b"%PDF-2")],
            "max_files_per_request",
        ),
    ],
)
def test_a_limit_stops_the_stream_early(
    tmp_path: Path, limits: dict[str, int], files: list[tuple[str, bytes]], limit: str
) -> None:
    receiver = UploadReceiver(
        BOUNDARY, tmp_path, ApiSettings.model_validate({"admin_key": "k", **limits})
    )
    chunks = _chunks(_body(files), 1024)
    fed = 0
    with pytest.raises(LimitExceeded) as err:
        for chunk in chunks:
            fed += 1
            receiver.feed(chunk)
    assert err.value.limit == limit
    if "max_files" not in limit:
        assert fed < len(chunks) // 2  # stopped long before the end of the body
    receiver.abort()
    assert not list(tmp_path.glob(".part-*"))


def test_not_a_pdf_is_refused_on_its_first_bytes(tmp_path: Path) -> None:
    """Refused alone: its file goes at its first bytes, the PDF after it is stored."""
    receiver = UploadReceiver(BOUNDARY, tmp_path, ApiSettings(admin_key="k"))
    pdf = b"%PDF-1.7\n" + b"1" * 10_000
    chunks = _chunks(_body([("x.pdf", b"GIF89a" + b"0" * 100_000), ("y.pdf", pdf)]), 1024)
    for chunk in chunks[:3]:
        receiver.feed(chunk)
    assert not list(tmp_path.iterdir())
    for chunk in chunks[3:]:
        receiver.feed(chunk)
    refused, stored = receiver.finish()
    assert refused == RefusedUpload(
        "x.pdf", RejectCode.NOT_PDF, "not a PDF (it does not start with %PDF-)"
    )
    assert isinstance(stored, StoredUpload) and stored.path.read_bytes() == pdf
    assert [p.name for p in tmp_path.iterdir()] == [stored.path.name]


def test_every_part_refused_is_a_415_naming_each(tmp_path: Path) -> None:
    receiver = UploadReceiver(BOUNDARY, tmp_path, ApiSettings(admin_key="k"))
    for chunk in _chunks(_body([("a.pdf", b""), ("b.pdf", b"%PD")])):
        receiver.feed(chunk)
    with pytest.raises(UnsupportedMediaType) as err:
        receiver.finish()
    assert str(err.value) == (
        "a.pdf: an empty file (0 bytes); b.pdf: not a PDF (it does not start with %PDF-)"
    )
    assert not list(tmp_path.iterdir())


def test_nothing_is_stored_before_the_whole_request_is_accepted(tmp_path: Path) -> None:
    """A request refused for one file too many left the files before it in uploads/."""
    limits = ApiSettings.model_validate({"admin_key": "k", "max_files_per_request": 2})
    receiver = UploadReceiver(BOUNDARY, tmp_path, limits)
    files = [(f"{i}.pdf", b"%PDF-1.7 " + bytes([48 + i]) * 5000) for i in range(3)]
    with pytest.raises(LimitExceeded):
        for chunk in _chunks(_body(files)):
            receiver.feed(chunk)
    assert not list(tmp_path.glob("*.pdf"))
    receiver.abort()
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("../../etc/passwd", "passwd"),
        ("C:\\\\x\\\\y.pdf", "y.pdf"),
        ("..", "upload-3.pdf"),
        ("", "upload-3.pdf"),
        ("a\x00b.pdf", "ab.pdf"),
    ],
)
def test_display_names_are_never_paths(raw: str, name: str) -> None:
    assert display_name(raw, 3) == name
