"""A page of a stored PDF as PNG, with the cited lines (or a box) highlighted.

The image is bounded by its output pixels, not by the zoom asked for: a page's MediaBox
may be 14,400 points square (the PDF maximum) or more, and one such page at zoom 1 is a
200-megapixel pixmap. The zoom is lowered until the image fits `max_pixels`; a page that
does not fit even at the smallest zoom is refused naming the limit. The caller renders
in a bounded pool (see the page image route), so concurrent requests cannot multiply it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pymupdf

from api._errors import BadRequest, LimitExceeded, NotFound
from ingest import ChildFailed, ChildOutOfMemory, ChildTimedOut, run_in_child
from retrieval import BlobStore

_HIGHLIGHT = (1.0, 0.85, 0.0)
_PAD = 1.5  # points around each line, so the highlight covers ascenders and descenders
MIN_ZOOM = 0.25
MAX_ZOOM = 4.0
DEFAULT_MAX_PIXELS = 16_000_000
_OVER_MUPDF_LIMIT = "over MuPDF's limit"
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class PageImage:
    png: bytes
    zoom: float  # the zoom rendered at: the one asked for, or lower to fit the pixel budget
    width: int
    height: int


def parse_bbox(text: str) -> tuple[float, float, float, float]:
    """`x0,y0,x1,y1` in PDF points (origin top-left)."""
    parts = text.split(",")
    try:
        x0, y0, x1, y1 = (float(p) for p in parts)
    except ValueError:
        raise BadRequest("bbox must be four numbers: x0,y0,x1,y1") from None
    if not all(abs(v) < 1e6 for v in (x0, y0, x1, y1)) or x1 <= x0 or y1 <= y0:
        raise BadRequest("bbox must satisfy x0 < x1 and y0 < y1 (PDF points)")
    return x0, y0, x1, y1


def page_line_boxes(
    doc: pymupdf.Document, page: pymupdf.Page, stored: Path | None = None
) -> list[tuple[float, float, float, float]]:
    """Each printed line's bbox, numbered as the ingestion numbers them (1-based index + 1).

    A page that OCR read has its boxes stored at ingestion (`stored`, BlobStore.put_lines):
    they are used as they are, so a highlight never runs OCR. Other pages are laid out again
    from their text layer, the way ingestion did.
    """
    from ingest import PdfParser

    if stored is not None and stored.exists():
        pages = json.loads(stored.read_text()).get("pages", {})
        boxes = pages.get(str(page.number + 1))
        if boxes is not None:
            return [(b[0], b[1], b[2], b[3]) for b in boxes]
    lines, *_ = PdfParser(ocr="off")._page_lines(doc, page, "page")
    return [line.bbox for line in lines]


def fitted_zoom(width_pt: float, height_pt: float, zoom: float, max_pixels: int) -> float:
    """`zoom`, or the largest zoom (3 decimals) at which the page fits `max_pixels`.

    Raises LimitExceeded (413, `max_page_image_pixels`) when even MIN_ZOOM does not fit.
    """
    area = max(width_pt, 1.0) * max(height_pt, 1.0)
    if _pixels(width_pt, height_pt, zoom) <= max_pixels:
        return zoom
    fit = math.floor(math.sqrt(max_pixels / area) * 1000) / 1000
    while fit >= MIN_ZOOM and _pixels(width_pt, height_pt, fit) > max_pixels:
        fit -= 0.001  # rounding of the pixmap's edges
    if fit < MIN_ZOOM:
        raise LimitExceeded(
            "max_page_image_pixels",
            max_pixels,
            f"the page ({width_pt:.0f} x {height_pt:.0f} pt) is over {max_pixels} pixels "
            f"even at zoom {MIN_ZOOM}",
        )
    return round(fit, 3)


def _pixels(width_pt: float, height_pt: float, zoom: float) -> int:
    return math.ceil(width_pt * zoom) * math.ceil(height_pt * zoom)


@dataclass(frozen=True, slots=True)
class PageLines:
    """A page's size and its printed lines' boxes (PDF points, origin top-left), numbered
    as the ingestion numbers them: the `line_start`/`line_end` of a citation index them."""

    width: float
    height: float
    boxes: list[tuple[float, float, float, float]]


def render_page(
    path: Path,
    page_no: int,
    *,
    line_start: int | None = None,
    line_end: int | None = None,
    bbox: tuple[float, float, float, float] | None = None,
    zoom: float = 2.0,
    max_pixels: int = DEFAULT_MAX_PIXELS,
) -> bytes:
    """PNG bytes of page `page_no` (1-based) with lines `line_start..line_end` highlighted."""
    return render_page_image(
        path,
        page_no,
        line_start=line_start,
        line_end=line_end,
        bbox=bbox,
        zoom=zoom,
        max_pixels=max_pixels,
    ).png


def render_page_image(
    path: Path,
    page_no: int,
    *,
    line_start: int | None = None,
    line_end: int | None = None,
    bbox: tuple[float, float, float, float] | None = None,
    zoom: float = 2.0,
    max_pixels: int = DEFAULT_MAX_PIXELS,
    render_seconds: float = 20.0,
    render_memory_bytes: int = 1 << 30,
) -> PageImage:
    """The page as a PageImage, its zoom fitted to `max_pixels` (see `fitted_zoom`).

    Drawn in a child process bounded by `render_seconds` and `render_memory_bytes` (a page
    past either is a 422 naming the bound); the server process only reads the page's size.
    """
    if line_end is not None and line_start is None:
        raise BadRequest("line_end needs line_start")
    if not MIN_ZOOM <= zoom <= MAX_ZOOM:
        raise BadRequest(f"zoom must be between {MIN_ZOOM} and {MAX_ZOOM}")
    doc = pymupdf.open(path)
    try:
        if doc.needs_pass:
            doc.authenticate("")
        if not 1 <= page_no <= doc.page_count:
            raise NotFound(f"page {page_no} does not exist (the document has {doc.page_count})")
        page = doc[page_no - 1]
        # Before any work on the page: a page over the budget costs nothing more.
        fitted = fitted_zoom(page.rect.width, page.rect.height, zoom, max_pixels)
        end = line_end if line_end is not None else line_start
        if line_start is not None and end is not None and end < line_start:
            raise BadRequest("line_end must be at least line_start")
    finally:
        doc.close()

    def draw() -> tuple[bytes, int, int] | str:
        # In a child: laying out and drawing a page runs its content, which a hostile page
        # can make cost minutes and gigabytes (nested clips, shadings, patterns) in MuPDF
        # calls that cannot be stopped from Python and hold the GIL.
        with pymupdf.open(path) as child_doc:
            if child_doc.needs_pass:
                child_doc.authenticate("")
            child_page = child_doc[page_no - 1]
            rects: list[pymupdf.Rect] = []
            if line_start is not None and end is not None:
                boxes = page_line_boxes(child_doc, child_page, BlobStore.lines_path_of(path))
                if line_start > len(boxes):
                    return f"page {page_no} has {len(boxes)} lines; line_start {line_start}"
                for x0, y0, x1, y1 in boxes[line_start - 1 : end]:
                    rects.append(pymupdf.Rect(x0 - _PAD, y0 - _PAD, x1 + _PAD, y1 + _PAD))
            if bbox is not None:
                rects.append(pymupdf.Rect(*bbox))
            for rect in rects:
                annot = child_page.add_highlight_annot(rect)
                annot.set_colors(stroke=_HIGHLIGHT)
                annot.update()
            try:
                pixmap = child_page.get_pixmap(matrix=pymupdf.Matrix(fitted, fitted), annots=True)
            except pymupdf.mupdf.FzErrorLimit:
                return _OVER_MUPDF_LIMIT
            return pixmap.tobytes("png"), pixmap.width, pixmap.height

    drawn = _bounded(draw, page_no, render_seconds, render_memory_bytes, ("draw", "drawn"))
    if drawn == _OVER_MUPDF_LIMIT:
        # MuPDF's own ceiling, should a page slip past the budget above.
        raise LimitExceeded(
            "max_page_image_pixels", max_pixels, "the page image is over MuPDF's size limit"
        )
    if isinstance(drawn, str):
        raise BadRequest(drawn)
    png, width, height = drawn
    return PageImage(png, fitted, width, height)


def page_lines(
    path: Path,
    page_no: int,
    *,
    render_seconds: float = 20.0,
    render_memory_bytes: int = 1 << 30,
) -> PageLines:
    """Page `page_no`'s size and line boxes, laid out in a child under the render bounds.

    Laying out a page's text runs its content as drawing does (a hostile page can make it
    cost minutes), so it is bounded the same way: a page past either bound is a 422.
    """
    doc = pymupdf.open(path)
    try:
        if doc.needs_pass:
            doc.authenticate("")
        if not 1 <= page_no <= doc.page_count:
            raise NotFound(f"page {page_no} does not exist (the document has {doc.page_count})")
        width, height = doc[page_no - 1].rect.width, doc[page_no - 1].rect.height
    finally:
        doc.close()

    def lay_out() -> list[tuple[float, float, float, float]]:
        with pymupdf.open(path) as child_doc:
            if child_doc.needs_pass:
                child_doc.authenticate("")
            child_page = child_doc[page_no - 1]
            return page_line_boxes(child_doc, child_page, BlobStore.lines_path_of(path))

    boxes = _bounded(lay_out, page_no, render_seconds, render_memory_bytes, ("lay out", "laid out"))
    return PageLines(width, height, [(b[0], b[1], b[2], b[3]) for b in boxes])


def _bounded(
    work: Callable[[], _T],
    page_no: int,
    seconds: float,
    memory_bytes: int,
    verb: tuple[str, str],
) -> _T:
    """`work()` run in a child under the render bounds; its failures as API problems.

    `verb` is what the work does to the page, as infinitive and participle ("draw", "drawn").
    """
    do, done = verb
    try:
        result, _ = run_in_child(work, seconds=seconds, memory_bytes=memory_bytes)
    except ChildTimedOut:
        raise LimitExceeded(
            "page_render_seconds", int(seconds), f"the page takes too long to {do}", status=422
        ) from None
    except ChildOutOfMemory:
        raise LimitExceeded(
            "page_render_memory_bytes",
            memory_bytes,
            f"the page cannot be {done} within the memory bound",
            status=422,
        ) from None
    except (ChildFailed, RuntimeError, ValueError) as exc:  # MuPDF failing on a damaged page
        raise BadRequest(f"page {page_no} cannot be {done}: {str(exc).splitlines()[0]}") from None
    return result
