"""PdfParser: PDF bytes -> ParsedDocument (located lines, structure, metadata)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pymupdf
from pymupdf import mupdf

from ingest._document import LocatedLine, PageInfo, ParsedDocument
from ingest._errors import PdfRejected, RejectCode
from ingest._layer_quality import REREAD_BELOW, page_ink, score_text_layer
from ingest._layout import RawLine, detect_furniture, order_lines, pieces_from_dict
from ingest._metadata import (
    classify,
    dated_statements,
    kind_headings,
    preamble_parties,
    title_of,
    unexecuted_mark,
)
from ingest._ocr import (
    OCR_BACKENDS,
    OcrUnavailable,
    RapidOcrReader,
    backend_label,
    rapidocr_available,
    recording,
    remember,
)
from ingest._page_work import measure_page
from ingest._sandbox import (
    ChildCrashed,
    ChildOutOfMemory,
    ChildTimedOut,
    fork_available,
    run_in_child,
)
from ingest._scan import MIN_REGION_SHARE, ScanTooLarge, ocr_regions, outside_text, read_region
from ingest._statements import Word, read_statement_page
from ingest._structure import assign_structure, body_font_size

# Ligatures expanded so "ﬁ" reads "fi"; images left out: they are never needed for text and
# decoding them is where image bombs cost memory (image-only pages are found via get_images).
_TEXT_FLAGS = (
    pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_LIGATURES & ~pymupdf.TEXT_PRESERVE_IMAGES
)
OCR_UNAVAILABLE = "image-only page: OCR unavailable (tesseract not installed)"
OCR_DISABLED = "image-only page: OCR disabled"
OCR_NO_TEXT = "image-only page: OCR found no text"
_HEAD_CHARS = 8000  # metadata looks at the start of the document only
_KILL_GRACE_SECONDS = 2.0  # the child's own check between pages says where it stopped
# An image of at least this many pixels may be a scanned page or part of one (a quarter
# of a letter page at 150 dpi); logos and icons are far smaller.
_SCAN_PIXELS = 500_000
# An image covering this share of the page is the page itself scanned: text over it is an
# OCR layer (scored, and read again when poor), not typed text (a scanned exhibit pasted into
# a typed page covers less; a full-bleed scan a little less than all, by its margins' trim).
_PAGE_SIZED = 0.8
_UNREADABLE = "page could not be read"
# Table rows a page holds before its words are kept for the statement table reader: a
# segment note's table of two segments and their total under a row of years is four.
_TABLE_PAGE_ROWS = 4
_PYMUPDF_DIR = os.path.dirname(pymupdf.__file__)


class PdfParser:
    """Parse PDF bytes into a ParsedDocument, rejecting bad input with a typed PdfRejected.

    `ocr`: the OCR backend for image regions, "rapidocr" (the default: models in its wheel),
    "tesseract" (when the binary is installed) or "off". A page with no text layer is read
    whole; on a page with text, large images with no text over them are read and their
    lines joined to the text layer's. A page whose text lies over a page-sized image (a scan
    with an OCR layer) has that layer scored, and, when it scores poorly, is read again by OCR
    and the better reading kept (ingest/_layer_quality.py). Each page records the backend that
    read it, and such a page the reading kept and both scores.
    Limits bound the work per document: pages, input bytes, decoded content-stream bytes per
    page, extracted characters, image pixels rendered for OCR and seconds; isolated, also
    `max_cpu_seconds` of the child's CPU time when given (a bound on work, which a loaded
    machine does not stretch as it stretches the wall clock).
    """

    def __init__(
        self,
        *,
        max_pages: int = 2000,
        max_seconds: float = 300.0,
        max_bytes: int = 200_000_000,
        max_chars: int = 20_000_000,
        max_page_stream_bytes: int = 32_000_000,
        max_page_text_ops: int = 100_000,
        max_image_pixels: int = 50_000_000,
        ocr: str = "rapidocr",
        ocr_language: str = "eng",
        ocr_dpi: int = 200,
        ocr_threads: int = 1,
        ocr_page_seconds: float = 60.0,
        max_ocr_seconds: float = 1800.0,
        isolate: bool = True,
        max_memory_bytes: int = 2 * 2**30,
        max_cpu_seconds: float | None = None,
    ) -> None:
        self.max_pages = max_pages
        self.max_seconds = max_seconds
        self.max_bytes = max_bytes
        self.max_chars = max_chars
        self.max_page_stream_bytes = max_page_stream_bytes
        self.max_page_text_ops = max_page_text_ops
        self.max_image_pixels = max_image_pixels
        if ocr not in OCR_BACKENDS:
            raise ValueError(f"ocr must be one of {', '.join(OCR_BACKENDS)}, not {ocr!r}")
        self.ocr = ocr
        self.ocr_language = ocr_language
        self.ocr_dpi = ocr_dpi
        self.ocr_threads = ocr_threads
        self.ocr_page_seconds = ocr_page_seconds
        self.max_ocr_seconds = max_ocr_seconds
        self.isolate = isolate
        self.max_memory_bytes = max_memory_bytes
        self.max_cpu_seconds = max_cpu_seconds

    def run(self, data: bytes, name: str) -> ParsedDocument:
        """Parse `data` (the PDF's bytes); `name` is the uploaded file name.

        With `isolate` (and an OS that can fork) the parse runs in a child process, killed
        past `max_seconds` or `max_memory_bytes` of resident memory: MuPDF's C calls cannot
        be stopped from Python, and one page could take minutes (issue 18).
        """
        self._check_bytes(data, name)
        if not self.isolate or not fork_available():
            return self._run_here(data, name)

        def parse() -> tuple[ParsedDocument, list[Any]]:
            with recording() as read:
                return self._run_here(data, name), read

        try:
            (parsed, read), _ = run_in_child(
                parse,
                seconds=self.max_seconds + self._ocr_allowance(data) + _KILL_GRACE_SECONDS,
                memory_bytes=self.max_memory_bytes,
                cpu_seconds=self.max_cpu_seconds,
            )
        except ChildTimedOut as exc:
            if self.max_cpu_seconds is not None and "CPU-time" in str(exc):
                reason = f"parsing used over {self.max_cpu_seconds:g} s of CPU time (stopped)"
            else:
                reason = f"parsing took over {self.max_seconds:g} s (stopped)"
            raise PdfRejected(name, reason, RejectCode.TIMEOUT) from exc
        except ChildOutOfMemory as exc:
            raise PdfRejected(
                name,
                f"parsing needed over {self.max_memory_bytes // 2**20} MiB of memory (stopped)",
                RejectCode.TOO_LARGE,
            ) from exc
        except ChildCrashed as exc:
            if exc.usage.peak_rss_growth >= self.max_memory_bytes // 2:
                # an allocation refused at the address-space backstop can abort MuPDF
                # before the parent's memory poll sees the bound passed
                raise PdfRejected(
                    name,
                    f"parsing needed over {self.max_memory_bytes // 2**20} MiB of memory "
                    f"(stopped: {exc})",
                    RejectCode.TOO_LARGE,
                ) from exc
            raise PdfRejected(
                name, f"corrupt PDF: the parser crashed on it ({exc})", RejectCode.CORRUPT
            ) from exc
        remember(read)  # the next child, forked from here, reads none of them again
        return parsed

    def _ocr_allowance(self, data: bytes) -> float:
        """Seconds added to the limit for OCR: `ocr_page_seconds` per page holding an image
        large enough to be a scan (a logo on every page of a filing gets nothing), at most
        `max_ocr_seconds` in all, whatever a file claims.

        Counted in a child of its own (opening is where a hostile file may hang), so a born-
        digital document keeps the bare limit and a scan gets time for its pages.
        """
        if self.ocr == "off":
            return 0.0

        def pages_with_images() -> int:
            with pymupdf.open(stream=data, filetype="pdf") as doc:
                if doc.needs_pass and not doc.authenticate(""):
                    return 0
                if doc.page_count > self.max_pages:  # the parse refuses it at open
                    return 0
                count = doc.page_count
                return sum(1 for i in range(count) if _holds_scan(doc.load_page(i)))

        try:
            pages, _ = run_in_child(
                pages_with_images,
                seconds=min(self.max_seconds, 30.0),
                memory_bytes=self.max_memory_bytes,
            )
        except Exception:  # the parse itself will meet and report whatever failed here
            return 0.0
        return min(self.ocr_page_seconds * int(pages), self.max_ocr_seconds)

    def _run_here(self, data: bytes, name: str) -> ParsedDocument:
        started = time.monotonic()
        pymupdf.TOOLS.mupdf_warnings(reset=True)  # from here on, this document's
        try:
            doc = pymupdf.open(stream=data, filetype="pdf")
        except (pymupdf.FileDataError, RuntimeError, ValueError, mupdf.FzErrorBase) as exc:
            raise PdfRejected(name, f"cannot open PDF: {exc}", RejectCode.CORRUPT) from exc
        try:
            parsed = self._parse(doc, data, name, started)
            damage = _damage_warning(doc)
            if damage is None:
                return parsed
            return dataclasses.replace(parsed, warnings=(*parsed.warnings, damage))
        except MemoryError as exc:
            raise PdfRejected(name, "parsing ran out of memory", RejectCode.TOO_LARGE) from exc
        except Exception as exc:
            # MuPDF's own errors, and pymupdf's when it trips over a damaged file (issue 18:
            # "FzErrorSyntax: invalid key in dict", "TypeError: in method 'll_fz_warn'").
            if isinstance(exc, PdfRejected) or not _raised_by_mupdf(exc):
                raise
            raise _mupdf_rejection(name, exc) from exc
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
        """Reject a page asking for more work than the limits allow (decompression bombs).

        Counted before MuPDF runs the page, reading no more than the limit: content streams
        decoded through every filter (a name, an array, chained), each Form XObject's content
        once per draw (nested forms too), inline image pixels and text-showing operators.
        """
        work = measure_page(doc, page, self.max_page_stream_bytes)
        where = f"page {page.number + 1}"
        if work.stream_bytes > self.max_page_stream_bytes:
            raise PdfRejected(
                name,
                f"{where} content inflates past {self.max_page_stream_bytes} bytes "
                f"(decompression bomb{', forms counted per draw' if work.forms else ''})",
                RejectCode.BOMB,
            )
        if work.inline_pixels > self.max_image_pixels:
            raise PdfRejected(
                name,
                f"{where} has an inline image of {work.inline_pixels} pixels, over the "
                f"{self.max_image_pixels} pixel limit",
                RejectCode.BOMB,
            )
        if work.text_ops > self.max_page_text_ops:
            raise PdfRejected(
                name,
                f"{where} shows text {work.text_ops} times, over the "
                f"{self.max_page_text_ops} limit",
                RejectCode.TOO_LARGE,
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

    def _ocr_unavailable(self) -> str | None:
        """Why image regions cannot be read here, or None when they can."""
        if self.ocr == "off":
            return OCR_DISABLED
        if self.ocr == "tesseract" and shutil.which("tesseract") is None:
            return OCR_UNAVAILABLE
        if self.ocr == "rapidocr" and not rapidocr_available():
            return "image-only page: OCR unavailable (rapidocr-onnxruntime not installed)"
        return None

    def _page_lines(
        self, doc: pymupdf.Document, page: pymupdf.Page, name: str
    ) -> tuple[list[RawLine], str | None, str | None, _LayerChoice | None]:
        """The page's lines, the OCR backend that read any of them, why a part was skipped,
        and, on a scan with a text layer, which reading was kept and their scores."""
        self._check_streams(doc, page, name)
        page_dict: dict[str, Any] = page.get_text("dict", flags=_TEXT_FLAGS, sort=False)
        pieces = pieces_from_dict(page_dict)
        if not page.get_images():
            return order_lines(pieces, page.rect.width), None, None, None
        text_lines = order_lines(pieces, page.rect.width) if pieces else []
        regions = ocr_regions(page, [p.bbox for p in pieces]) if pieces else [page.rect]
        # a page-sized image under the text (more than a stamp's few pieces over it, or it
        # would be a region read as before: the typed text joined by the image's OCR)
        area = page.rect.width * page.rect.height
        if (
            pieces
            and not any(r.width * r.height >= _PAGE_SIZED * area for r in regions)
            and _holds_scan(page, share=_PAGE_SIZED)
        ):
            return self._checked_layer(doc, page, name, text_lines)
        lines, ocr, skipped = self._image_regions(doc, page, name, text_lines, pieces, regions)
        return lines, ocr, skipped, None

    def _checked_layer(
        self, doc: pymupdf.Document, page: pymupdf.Page, name: str, text_lines: list[RawLine]
    ) -> tuple[list[RawLine], str | None, None, _LayerChoice]:
        """A scanned page's text layer, or its OCR reading when the layer scores under
        REREAD_BELOW and the reading scores higher. The layer stays when OCR cannot run or
        fails: the page has text either way."""
        ink, scale = page_ink(page)
        to_display = page.rotation_matrix
        layer = score_text_layer([(ln.text, ln.bbox) for ln in text_lines], ink, scale, to_display)
        if layer.score >= REREAD_BELOW or self._ocr_unavailable() is not None:
            return text_lines, None, None, _LayerChoice("text", layer.score, None)
        self._check_images(doc, page, name)
        try:
            ocr_lines = self._read_regions(page, [page.rect], has_text=False)
        except (ScanTooLarge, OcrUnavailable, RuntimeError, ValueError, MemoryError):
            return text_lines, None, None, _LayerChoice("text", layer.score, None)
        reading = score_text_layer([(ln.text, ln.bbox) for ln in ocr_lines], ink, scale, to_display)
        if ocr_lines and reading.score > layer.score:
            return (
                ocr_lines,
                self._backend_label,
                None,
                _LayerChoice("ocr", layer.score, reading.score),
            )
        return text_lines, None, None, _LayerChoice("text", layer.score, reading.score)

    def _image_regions(
        self,
        doc: pymupdf.Document,
        page: pymupdf.Page,
        name: str,
        text_lines: list[RawLine],
        pieces: list[Any],
        regions: list[pymupdf.Rect],
    ) -> tuple[list[RawLine], str | None, str | None]:
        """A page with images: its text lines with OCR of its image `regions` (the whole page
        when it has no text), the backend that read them, and why a part was skipped."""
        if not regions:
            return text_lines, None, None
        if (why := self._ocr_unavailable()) is not None:
            return (
                text_lines,
                None,
                (why if not pieces else why.replace("image-only page", "image region")),
            )
        self._check_images(doc, page, name)
        try:
            ocr_lines = self._read_regions(page, regions, bool(pieces))
        except (ScanTooLarge, OcrUnavailable) as exc:
            return text_lines, None, f"image-only page: not read by OCR ({exc})"
        except (RuntimeError, ValueError, MemoryError) as exc:
            return text_lines, None, f"image-only page: OCR failed ({type(exc).__name__}: {exc})"
        if pieces:
            ocr_lines = outside_text(ocr_lines, [p.bbox for p in pieces])
            if not ocr_lines:
                return text_lines, None, None
            return _merge_by_top(text_lines, ocr_lines), self._backend_label, None
        if not ocr_lines:
            return [], self._backend_label, OCR_NO_TEXT
        return ocr_lines, self._backend_label, None

    @property
    def _backend_label(self) -> str:
        return backend_label(self.ocr)

    def _read_regions(
        self, page: pymupdf.Page, regions: list[pymupdf.Rect], has_text: bool
    ) -> list[RawLine]:
        if self.ocr == "tesseract":
            textpage = page.get_textpage_ocr(
                flags=_TEXT_FLAGS, language=self.ocr_language, dpi=self.ocr_dpi, full=not has_text
            )
            page_dict = page.get_text("dict", flags=_TEXT_FLAGS, textpage=textpage, sort=False)
            lines = order_lines(pieces_from_dict(page_dict), page.rect.width)
            return [
                RawLine(ln.text, ln.bbox, ln.font_size, ln.bold, ln.is_table_row, ocr=True)
                for ln in lines
            ]
        reader = RapidOcrReader(threads=self.ocr_threads)
        clip_all = len(regions) == 1 and regions[0] == page.rect
        out: list[RawLine] = []
        for region in regions:
            out.extend(
                read_region(
                    page,
                    reader,
                    dpi=self.ocr_dpi,
                    max_pixels=self.max_image_pixels,
                    clip=None if clip_all else region,
                    half_turns=not has_text,
                )
            )
        return out

    def _parse(
        self, doc: pymupdf.Document, data: bytes, name: str, started: float
    ) -> ParsedDocument:
        self._open_checks(doc, name)
        raw_pages: list[list[RawLine]] = []
        page_words: list[list[Word]] = []
        infos: list[tuple[float, float, str | None, str | None, _LayerChoice | None]] = []
        chars = 0
        ocr_pages = 0
        for index in range(doc.page_count):
            # each page OCR read so far adds its allowance (a scan reads slower than text)
            limit = self.max_seconds + min(self.ocr_page_seconds * ocr_pages, self.max_ocr_seconds)
            if time.monotonic() - started > limit:
                raise PdfRejected(
                    name,
                    f"parsing took over {limit:g} s (stopped at page {index + 1})",
                    RejectCode.TIMEOUT,
                )
            page = doc.load_page(index)
            try:
                lines, ocr, skipped, layer = self._page_lines(doc, page, name)
            except Exception as exc:
                if isinstance(exc, PdfRejected) or not (
                    isinstance(exc, (RuntimeError, ValueError)) or _raised_by_mupdf(exc)
                ):
                    raise
                if _out_of_memory(exc):  # the memory bound met inside MuPDF: not damage
                    raise _mupdf_rejection(name, exc) from exc
                lines, ocr, skipped = [], None, f"{_UNREADABLE}: {_first_line(exc)}"
                layer = None
            chars += sum(len(ln.text) + 1 for ln in lines)
            if chars > self.max_chars:
                raise PdfRejected(
                    name,
                    f"extracted text passes {self.max_chars} characters",
                    RejectCode.TOO_LARGE,
                )
            raw_pages.append(lines)
            infos.append((page.rect.width, page.rect.height, ocr, skipped, layer))
            # The words of a page of several table rows, read from its own text layer (not
            # OCR): a statement table's cells are read from their positions in _assemble.
            page_words.append(
                [w[:5] for w in page.get_text("words", flags=_TEXT_FLAGS)]
                if ocr is None
                and layer is None
                and sum(ln.is_table_row for ln in lines) >= _TABLE_PAGE_ROWS
                else []
            )
            ocr_pages += 1 if ocr is not None or (skipped and "OCR failed" in skipped) else 0
        if chars == 0:
            unreadable = [i[3] for i in infos if i[3] and i[3].startswith(_UNREADABLE)]
            if unreadable:
                raise PdfRejected(
                    name,
                    f"corrupt PDF: no text, {len(unreadable)} of {len(infos)} pages could not "
                    f"be read ({unreadable[0]})",
                    RejectCode.CORRUPT,
                )
            skipped_pages = sum(1 for info in infos if info[3])
            reason = (
                f"no extractable text ({skipped_pages} of {len(infos)} pages skipped: {next(i[3] for i in infos if i[3])})"
                if skipped_pages
                else f"no extractable text in {len(infos)} pages"
            )
            raise PdfRejected(name, reason, RejectCode.NO_TEXT)
        return _assemble(data, name, raw_pages, infos, page_words)


def _assemble(
    data: bytes,
    name: str,
    raw_pages: list[list[RawLine]],
    infos: list[tuple[float, float, str | None, str | None, _LayerChoice | None]],
    page_words: Sequence[Sequence[Word]] = (),
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
            ocr=info[2] is not None,
            ocr_backend=info[2],
            skipped_reason=info[3],
            **(info[4].fields() if info[4] is not None else {}),
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
    doc_type = classify(title, first_page, landscape, kind_headings(content, title))
    parties = (
        preamble_parties(" ".join(head.split("\n")))
        if doc_type in ("agreement", "amendment", "other")
        else ()
    )
    warnings = tuple(
        f"page {p.number}: {p.skipped_reason}" for p in pages if p.skipped_reason is not None
    )
    dated, effective = dated_statements(content, doc_type)
    return ParsedDocument(
        document_id=hashlib.sha256(data).hexdigest(),
        name=name,
        text=text,
        lines=tuple(located),
        pages=pages,
        title=title,
        document_type=doc_type,
        document_date=dated.date if dated else None,
        parties=parties,
        warnings=warnings,
        date_statement=dated,
        effective_date=effective,
        unexecuted=unexecuted_mark(located),
        statement_cells=tuple(
            cell
            for page_no, words in enumerate(page_words, start=1)
            if words
            for cell in read_statement_page(
                page_no,
                words,
                [
                    (ln.line_no, ln.bbox, ln.text, ln.char_start, ln.char_end)
                    for ln in located
                    if ln.page == page_no
                ],
                infos[page_no - 1][0],
            )
        ),
    )


@dataclass(frozen=True, slots=True)
class _LayerChoice:
    """Which reading of a scan with a text layer was kept, and the scores of both."""

    text_layer: str  # "text" or "ocr"
    layer_score: float
    ocr_score: float | None

    def fields(self) -> dict[str, Any]:
        """As PageInfo's fields."""
        return {
            "text_layer": self.text_layer,
            "layer_score": self.layer_score,
            "ocr_score": self.ocr_score,
        }


def _holds_scan(page: pymupdf.Page, share: float = MIN_REGION_SHARE) -> bool:
    """Whether the page draws an image of scan size: many pixels over `share` of the page or
    more (resources alone can list images a page never draws)."""
    if not any(int(img[2]) * int(img[3]) >= _SCAN_PIXELS for img in page.get_images(full=True)):
        return False
    area = max(page.rect.width * page.rect.height, 1.0)
    return any(
        pymupdf.Rect(info["bbox"]).get_area() >= share * area
        and info["width"] * info["height"] >= _SCAN_PIXELS
        for info in page.get_image_info()
    )


def _merge_by_top(text_lines: list[RawLine], ocr_lines: list[RawLine]) -> list[RawLine]:
    """Text-layer lines with OCR lines from image regions, each placed by its top edge."""
    out: list[RawLine] = []
    pending = sorted(ocr_lines, key=lambda ln: (ln.bbox[1], ln.bbox[0]))
    i = 0
    for line in text_lines:
        while i < len(pending) and pending[i].bbox[1] < line.bbox[1]:
            out.append(pending[i])
            i += 1
        out.append(line)
    out.extend(pending[i:])
    return out


def _raised_by_mupdf(exc: BaseException) -> bool:
    """An error of MuPDF's, or one raised inside pymupdf's own code (a bad file tripping it)."""
    if isinstance(exc, mupdf.FzErrorBase | pymupdf.FileDataError):
        return True
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code.co_filename.startswith(_PYMUPDF_DIR)


def _damage_warning(doc: pymupdf.Document) -> str | None:
    """A warning when MuPDF repaired the file or skipped damaged parts while reading it."""
    errors = [
        line
        for line in pymupdf.TOOLS.mupdf_warnings(reset=True).splitlines()
        if "error" in line and not line.startswith("...")
    ]
    if not doc.is_repaired and not errors:
        return None
    what = "repaired by MuPDF" if doc.is_repaired else "parts MuPDF could not read were skipped"
    detail = f"; {len(errors)} errors, the first: {errors[0][:200]}" if errors else ""
    return f"damaged PDF: {what}, text may be incomplete{detail}"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:300] if text else ''}"


def _out_of_memory(exc: BaseException) -> bool:
    message = str(exc).lower()
    return "alloc" in message or "memory" in message


def _mupdf_rejection(name: str, exc: BaseException) -> PdfRejected:
    """A MuPDF failure as a typed rejection: past one of MuPDF's limits, or a corrupt file."""
    if _out_of_memory(exc):
        return PdfRejected(
            name, f"out of memory in MuPDF: {_first_line(exc)}", RejectCode.TOO_LARGE
        )
    if isinstance(exc, mupdf.FzErrorLimit):
        return PdfRejected(name, f"past a MuPDF limit: {_first_line(exc)}", RejectCode.TOO_LARGE)
    return PdfRejected(name, f"corrupt PDF: {_first_line(exc)}", RejectCode.CORRUPT)
