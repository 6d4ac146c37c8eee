"""PdfParser: PDF bytes -> ParsedDocument (located lines, structure, metadata)."""

from __future__ import annotations

import hashlib
import shutil
import time
import zlib
from typing import Any

import pymupdf

from ingest._document import LocatedLine, PageInfo, ParsedDocument
from ingest._errors import PdfRejected, RejectCode
from ingest._layout import RawLine, detect_furniture, order_lines, pieces_from_dict
from ingest._metadata import classify, document_date, preamble_parties, title_of
from ingest._structure import assign_structure, body_font_size

# Ligatures expanded so "ﬁ" reads "fi"; images left out: they are never needed for text and
# decoding them is where image bombs cost memory (image-only pages are found via get_images).
_TEXT_FLAGS = (
    pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_LIGATURES & ~pymupdf.TEXT_PRESERVE_IMAGES
)
OCR_UNAVAILABLE = "image-only page: OCR unavailable (tesseract not installed)"
OCR_DISABLED = "image-only page: OCR disabled"
_HEAD_CHARS = 8000  # metadata looks at the start of the document only


class PdfParser:
    """Parse PDF bytes into a ParsedDocument, rejecting bad input with a typed PdfRejected.

    `ocr`: True or None (auto) OCR image-only pages when tesseract is installed; False never.
    Limits bound the work per document: pages, input bytes, decoded content-stream bytes per
    page, extracted characters, image pixels rendered for OCR and seconds.
    """

    def __init__(
        self,
        *,
        max_pages: int = 2000,
        max_seconds: float = 300.0,
        max_bytes: int = 200_000_000,
        max_chars: int = 20_000_000,
        max_page_stream_bytes: int = 32_000_000,
        max_image_pixels: int = 50_000_000,
        ocr: bool | None = None,
        ocr_language: str = "eng",
        ocr_dpi: int = 200,
    ) -> None:
        self.max_pages = max_pages
        self.max_seconds = max_seconds
        self.max_bytes = max_bytes
        self.max_chars = max_chars
        self.max_page_stream_bytes = max_page_stream_bytes
        self.max_image_pixels = max_image_pixels
        self.ocr = ocr
        self.ocr_language = ocr_language
        self.ocr_dpi = ocr_dpi

    def run(self, data: bytes, name: str) -> ParsedDocument:
        """Parse `data` (the PDF's bytes); `name` is the uploaded file name."""
        started = time.monotonic()
        self._check_bytes(data, name)
        try:
            doc = pymupdf.open(stream=data, filetype="pdf")
        except (pymupdf.FileDataError, RuntimeError, ValueError) as exc:
            raise PdfRejected(name, f"cannot open PDF: {exc}", RejectCode.CORRUPT) from exc
        try:
            return self._parse(doc, data, name, started)
        finally:
            doc.close()

    # ------------------------------------------------------------------ checks

    def _check_bytes(self, data: bytes, name: str) -> None:
        if not data:
            raise PdfRejected(name, "file is empty (0 bytes)", RejectCode.EMPTY)
        if len(data) > self.max_bytes:
            raise PdfRejected(
                name,
                f"file is {len(data)} bytes, over the {self.max_bytes} limit",
                RejectCode.TOO_LARGE,
            )
        if b"%PDF-" not in data[:1024]:
            raise PdfRejected(name, "not a PDF (no %PDF header)", RejectCode.NOT_PDF)
        if b"%%EOF" not in data[-2048:]:
            raise PdfRejected(name, "file is truncated (no %%EOF trailer)", RejectCode.TRUNCATED)

    def _open_checks(self, doc: pymupdf.Document, name: str) -> None:
        if doc.needs_pass and not doc.authenticate(""):
            raise PdfRejected(name, "PDF is password-protected", RejectCode.ENCRYPTED)
        if doc.page_count == 0:
            raise PdfRejected(name, "PDF has no pages", RejectCode.EMPTY)
        if doc.page_count > self.max_pages:
            raise PdfRejected(
                name,
                f"PDF has {doc.page_count} pages, over the {self.max_pages} page limit",
                RejectCode.TOO_MANY_PAGES,
            )

    def _check_streams(self, doc: pymupdf.Document, page: pymupdf.Page, name: str) -> None:
        """Reject a page whose content streams inflate past the limit (a decompression bomb)."""
        for xref in page.get_contents():
            filt = doc.xref_get_key(xref, "Filter")[1]
            if "FlateDecode" not in filt or "[" in filt:
                continue
            raw = doc.xref_stream_raw(xref) or b""
            try:
                out = zlib.decompressobj().decompress(raw, self.max_page_stream_bytes + 1)
            except zlib.error:
                continue  # MuPDF will report or repair it
            if len(out) > self.max_page_stream_bytes:
                raise PdfRejected(
                    name,
                    f"page {page.number + 1} content inflates past "
                    f"{self.max_page_stream_bytes} bytes (decompression bomb)",
                    RejectCode.BOMB,
                )

    def _check_images(self, doc: pymupdf.Document, page: pymupdf.Page, name: str) -> None:
        for img in page.get_images(full=True):
            width, height = int(img[2]), int(img[3])
            if width * height > self.max_image_pixels:
                raise PdfRejected(
                    name,
                    f"page {page.number + 1} has a {width}x{height} image, over the "
                    f"{self.max_image_pixels} pixel limit",
                    RejectCode.BOMB,
                )

    # ------------------------------------------------------------------ parse

    def _ocr_enabled(self) -> bool:
        return self.ocr is not False and shutil.which("tesseract") is not None

    def _page_lines(
        self, doc: pymupdf.Document, page: pymupdf.Page, name: str
    ) -> tuple[list[RawLine], bool, str | None]:
        self._check_streams(doc, page, name)
        page_dict: dict[str, Any] = page.get_text("dict", flags=_TEXT_FLAGS, sort=False)
        pieces = pieces_from_dict(page_dict)
        if pieces or not page.get_images():
            return order_lines(pieces, page.rect.width), False, None
        if not self._ocr_enabled():
            return [], False, OCR_DISABLED if self.ocr is False else OCR_UNAVAILABLE
        self._check_images(doc, page, name)
        try:
            textpage = page.get_textpage_ocr(
                flags=_TEXT_FLAGS, language=self.ocr_language, dpi=self.ocr_dpi, full=True
            )
        except (RuntimeError, ValueError) as exc:
            return [], False, f"image-only page: OCR failed ({exc})"
        page_dict = page.get_text("dict", flags=_TEXT_FLAGS, textpage=textpage, sort=False)
        lines = order_lines(pieces_from_dict(page_dict), page.rect.width)
        lines = [
            RawLine(ln.text, ln.bbox, ln.font_size, ln.bold, ln.is_table_row, ocr=True)
            for ln in lines
        ]
        return lines, True, None if lines else "image-only page: OCR found no text"

    def _parse(
        self, doc: pymupdf.Document, data: bytes, name: str, started: float
    ) -> ParsedDocument:
        self._open_checks(doc, name)
        raw_pages: list[list[RawLine]] = []
        infos: list[tuple[float, float, bool, str | None]] = []
        chars = 0
        for index in range(doc.page_count):
            page = doc.load_page(index)
            if time.monotonic() - started > self.max_seconds:
                raise PdfRejected(
                    name,
                    f"parsing took over {self.max_seconds:g} s (stopped at page {page.number + 1})",
                    RejectCode.TIMEOUT,
                )
            try:
                lines, ocr, skipped = self._page_lines(doc, page, name)
            except (RuntimeError, ValueError) as exc:
                if isinstance(exc, PdfRejected):
                    raise
                lines, ocr, skipped = [], False, f"page could not be read: {exc}"
            chars += sum(len(ln.text) + 1 for ln in lines)
            if chars > self.max_chars:
                raise PdfRejected(
                    name,
                    f"extracted text passes {self.max_chars} characters",
                    RejectCode.TOO_LARGE,
                )
            raw_pages.append(lines)
            infos.append((page.rect.width, page.rect.height, ocr, skipped))
        if chars == 0:
            skipped_pages = sum(1 for info in infos if info[3])
            reason = (
                f"no extractable text ({skipped_pages} of {len(infos)} pages skipped: {next(i[3] for i in infos if i[3])})"
                if skipped_pages
                else f"no extractable text in {len(infos)} pages"
            )
            raise PdfRejected(name, reason, RejectCode.NO_TEXT)
        return _assemble(data, name, raw_pages, infos)


def _assemble(
    data: bytes,
    name: str,
    raw_pages: list[list[RawLine]],
    infos: list[tuple[float, float, bool, str | None]],
) -> ParsedDocument:
    furniture = detect_furniture(
        [(info[1], lines) for info, lines in zip(infos, raw_pages, strict=True)]
    )
    structure = assign_structure(raw_pages, furniture)
    located: list[LocatedLine] = []
    offset = 0
    for page_no, (lines, flags, structs) in enumerate(
        zip(raw_pages, furniture, structure, strict=True), start=1
    ):
        for line_no, (raw, is_furniture, st) in enumerate(
            zip(lines, flags, structs, strict=True), start=1
        ):
            if located:
                offset += 1  # the "\n" joining lines
            located.append(
                LocatedLine(
                    page=page_no,
                    line_no=line_no,
                    text=raw.text,
                    bbox=tuple(round(v, 2) for v in raw.bbox),  # type: ignore[arg-type]
                    char_start=offset,
                    char_end=offset + len(raw.text),
                    section=st.section,
                    clause=st.clause,
                    paragraph=st.paragraph,
                    is_heading=st.is_heading,
                    is_furniture=is_furniture,
                    is_table_row=raw.is_table_row,
                    font_size=raw.font_size,
                    bold=raw.bold,
                    ocr=raw.ocr,
                )
            )
            offset += len(raw.text)
    text = "\n".join(line.text for line in located)
    pages = tuple(
        PageInfo(
            number=i,
            width=round(info[0], 2),
            height=round(info[1], 2),
            line_count=len(lines),
            ocr=info[2],
            skipped_reason=info[3],
        )
        for i, (info, lines) in enumerate(zip(infos, raw_pages, strict=True), start=1)
    )
    content = [ln for ln in located if not ln.is_furniture]
    body = body_font_size(
        [RawLine(ln.text, ln.bbox, ln.font_size, ln.bold, ln.is_table_row) for ln in content]
    )
    title = title_of(content, body)
    head = "\n".join(ln.text for ln in content)[:_HEAD_CHARS]
    first_page = (
        "\n".join(ln.text for ln in content if ln.page == content[0].page) if content else ""
    )
    landscape = sum(1 for info in infos if info[0] > info[1]) / len(infos)
    doc_type = classify(title, first_page, landscape)
    parties = (
        preamble_parties(" ".join(head.split("\n")))
        if doc_type in ("agreement", "amendment", "other")
        else ()
    )
    warnings = tuple(
        f"page {p.number}: {p.skipped_reason}" for p in pages if p.skipped_reason is not None
    )
    return ParsedDocument(
        document_id=hashlib.sha256(data).hexdigest(),
        name=name,
        text=text,
        lines=tuple(located),
        pages=pages,
        title=title,
        document_type=doc_type,
        document_date=document_date(" ".join(head.split("\n")), doc_type),
        parties=parties,
        warnings=warnings,
    )
