"""An image read by OCR once is not read again in the same process: the parser's sandbox
child hands what it read to the parent, whose next child starts with it (ingest/_ocr.py).
The answer is the one a fresh read gives; another image, or other settings, are read."""

from __future__ import annotations

import pytest

from ingest import OcrLine, OcrPage, PdfParser, memo_pages, recording, remember
from tests import pdfs

pytestmark = pytest.mark.slow

_LINES = ["Scanned signature page", "Signed by Acme Robotics for Larkspur Freight LLC"]


def _page(text: str) -> OcrPage:
    line = OcrLine(text, ((0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0)), 0.99)
    return OcrPage((line,), 0, 10, 5)


def test_a_scan_read_in_the_sandbox_is_kept_by_the_parent_and_read_alike() -> None:
    scan = pdfs.image_only_pdf(_LINES)
    parser = PdfParser()  # isolated: parsed in a forked child
    before = memo_pages()
    first = parser.run(scan, "scan.pdf")
    assert first.pages[0].ocr and "Acme Robotics" in first.text
    kept = memo_pages()
    assert kept == min(before + 1, 64)  # the child's read reached this process
    # read again: from what the parent kept (no new image), the same document
    with recording() as read:
        again = PdfParser(isolate=False).run(scan, "scan.pdf")
    assert memo_pages() == kept and len(read) == 1
    assert again == first
    # another image is read afresh and kept beside it
    other = PdfParser().run(pdfs.image_only_pdf(["Signed by Halyard Marine"]), "o.pdf")
    assert "Halyard Marine" in other.text and "Acme" not in other.text
    assert memo_pages() == min(kept + 1, 64)


def test_other_settings_read_the_image_again() -> None:
    scan = pdfs.image_only_pdf(["Counterpart signature page of Keystone Capital"])
    with recording() as one:
        PdfParser(isolate=False, ocr_threads=1).run(scan, "s.pdf")
    with recording() as two:
        PdfParser(isolate=False, ocr_threads=2).run(scan, "s.pdf")
    assert len(one) == len(two) == 1 and one[0][0] != two[0][0]
    assert [ln.text for ln in one[0][1].lines] == [ln.text for ln in two[0][1].lines]


def test_what_is_kept_is_bounded_the_oldest_going_first() -> None:
    pages = [(f"key-{i}".encode(), _page(f"line {i}")) for i in range(100)]
    remember(pages)
    assert memo_pages() == 64
    with recording() as read:
        remember(pages[-1:])  # kept already: nothing grows
    assert memo_pages() == 64 and read == []
