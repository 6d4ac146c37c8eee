"""Bad input fails with a typed PdfRejected, fast and with bounded work."""

from __future__ import annotations

import pytest

from ingest import IngestError, PdfParser, PdfRejected, RejectCode
from tests import pdfs


def _reject(data: bytes, parser: PdfParser | None = None) -> PdfRejected:
    with pytest.raises(PdfRejected) as info:
        (parser or PdfParser()).run(data, "bad.pdf")
    err = info.value
    assert isinstance(err, IngestError)
    assert err.name == "bad.pdf" and err.reason and "\n" not in err.reason
    return err


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda c: pdfs.ZERO_BYTES, RejectCode.EMPTY),
        (lambda c: pdfs.NOT_A_PDF, RejectCode.NOT_PDF),
        (lambda c: b"Hello, this is a plain text file.\n" * 50, RejectCode.NOT_PDF),
        (lambda c: pdfs.truncated_pdf(c), RejectCode.TRUNCATED),
        (lambda c: pdfs.encrypted_pdf(c, user_password="s3cret"), RejectCode.ENCRYPTED),
        (lambda c: pdfs.empty_pages_pdf(3), RejectCode.NO_TEXT),
    ],
    ids=["zero-bytes", "zip", "text", "truncated", "password", "blank"],
)
def test_bad_input_is_rejected_with_a_typed_code(contract_bytes, make, code):
    assert _reject(make(contract_bytes)).code == code


def test_garbage_after_a_pdf_header_is_corrupt():
    data = b"%PDF-1.7\n" + bytes(range(256)) * 40 + b"\n%%EOF\n"
    assert _reject(data).code in (RejectCode.CORRUPT, RejectCode.NO_TEXT)


def test_empty_user_password_opens(contract_bytes, contract):
    data = pdfs.encrypted_pdf(contract_bytes, user_password="")
    doc = PdfParser().run(data, "msa.pdf")
    assert doc.text == contract.text
    assert doc.parties == contract.parties


def test_five_thousand_empty_pages_fail_fast(monkeypatch):
    """Bounded by work, not by a time the test measures: the page count is refused at open,
    before any page is read, and the parser's own CPU-time bound (its child's timeout
    outcome) is what stops a parse that does more work than it should."""
    import pymupdf

    data = pdfs.empty_pages_pdf(5000)
    err = _reject(data, PdfParser(max_cpu_seconds=2.0))
    assert err.code == RejectCode.TOO_MANY_PAGES and "5000" in err.reason
    loaded: list[int] = []
    load_page = pymupdf.Document.load_page

    def counted(doc: pymupdf.Document, *args: object, **kwargs: object) -> object:
        loaded.append(1)
        return load_page(doc, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(pymupdf.Document, "load_page", counted)
        err = _reject(data, PdfParser(isolate=False))
    assert err.code == RejectCode.TOO_MANY_PAGES and not loaded, f"{len(loaded)} pages read"
    # with the page cap lifted the blank pages are still refused, within the parser's bound
    err = _reject(data, PdfParser(max_pages=10_000, max_cpu_seconds=20.0))
    assert err.code == RejectCode.NO_TEXT


def test_decompression_bomb_is_refused():
    err = _reject(pdfs.content_bomb_pdf(48_000_000))
    assert err.code == RejectCode.BOMB and "page 1" in err.reason


def test_limits_on_characters_and_time(contract_bytes):
    assert _reject(contract_bytes, PdfParser(max_chars=500)).code == RejectCode.TOO_LARGE
    assert _reject(contract_bytes, PdfParser(max_seconds=0.0)).code == RejectCode.TIMEOUT
    assert _reject(contract_bytes, PdfParser(max_bytes=1000)).code == RejectCode.TOO_LARGE


def test_image_only_document_without_ocr_has_no_text():
    err = _reject(pdfs.image_only_pdf(["Scanned page"]), PdfParser(ocr="off"))
    assert err.code == RejectCode.NO_TEXT and "OCR disabled" in err.reason
