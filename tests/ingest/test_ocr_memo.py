"""An image read by OCR once is not read again in the same process: the parser's sandbox
child hands what it read to the parent, whose next child starts with it (ingest/_ocr.py).
The answer is the one a fresh read gives; another image is read afresh."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from ingest import MEMO_PAGES, OcrLine, OcrPage, PdfParser, memo_pages, recording, remember
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
    assert kept == min(before + 1, MEMO_PAGES)  # the child's read reached this process
    # read again: from what the parent kept (no new image), the same document
    with recording() as read:
        again = PdfParser(isolate=False).run(scan, "scan.pdf")
    assert memo_pages() == kept and len(read) == 1
    assert again == first
    # another image is read afresh, not taken for the first
    other = PdfParser().run(pdfs.image_only_pdf(["Signed by Halyard Marine"]), "o.pdf")
    assert "Halyard Marine" in other.text and "Acme" not in other.text


def test_a_fork_while_another_thread_holds_the_memo_does_not_hang_the_parse() -> None:
    """The pipeline parses ahead in threads: one thread may be keeping a child's reads
    (holding the memo's lock) while another forks the next parse's child."""
    scan = pdfs.image_only_pdf(["Counterpart signature page of Keystone Capital"])
    holding = threading.Event()

    def held_pages() -> Iterator[tuple[bytes, OcrPage]]:
        holding.set()  # `remember` holds the memo's lock while it takes these: across the
        time.sleep(3)  # fork of the parse's child, which comes at once
        yield b"held", _page("held")

    thread = threading.Thread(target=lambda: remember(held_pages()))
    thread.start()
    try:
        assert holding.wait(10)
        parsed = PdfParser(max_seconds=60).run(scan, "held.pdf")
    finally:
        thread.join()
    assert "Keystone Capital" in parsed.text


def test_what_is_kept_is_bounded_the_oldest_going_first() -> None:
    pages = [(f"key-{i}".encode(), _page(f"line {i}")) for i in range(MEMO_PAGES + 10)]
    remember(pages)
    assert memo_pages() == MEMO_PAGES
    with recording() as read:
        remember(pages[-1:])  # kept already: nothing grows
    assert memo_pages() == MEMO_PAGES and read == []
