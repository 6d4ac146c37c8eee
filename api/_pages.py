"""A page of a stored PDF as PNG, with the cited lines (or a box) highlighted."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from api._errors import BadRequest, NotFound

_HIGHLIGHT = (1.0, 0.85, 0.0)
_PAD = 1.5  # points around each line, so the highlight covers ascenders and descenders


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
    doc: pymupdf.Document, page: pymupdf.Page
) -> list[tuple[float, float, float, float]]:
    """Each printed line's bbox, numbered as the ingestion numbers them (1-based index + 1)."""
    from ingest._pdf import PdfParser

    lines, _, _ = PdfParser()._page_lines(doc, page, "page")
    return [line.bbox for line in lines]


def render_page(
    path: Path,
    page_no: int,
    *,
    line_start: int | None = None,
    line_end: int | None = None,
    bbox: tuple[float, float, float, float] | None = None,
    zoom: float = 2.0,
) -> bytes:
    """PNG bytes of page `page_no` (1-based) with lines `line_start..line_end` highlighted."""
    if line_end is not None and line_start is None:
        raise BadRequest("line_end needs line_start")
    doc = pymupdf.open(path)
    try:
        if doc.needs_pass:
            doc.authenticate("")
        if not 1 <= page_no <= doc.page_count:
            raise NotFound(f"page {page_no} does not exist (the document has {doc.page_count})")
        page = doc[page_no - 1]
        rects: list[pymupdf.Rect] = []
        if line_start is not None:
            end = line_end if line_end is not None else line_start
            if end < line_start:
                raise BadRequest("line_end must be at least line_start")
            boxes = page_line_boxes(doc, page)
            if line_start > len(boxes):
                raise BadRequest(f"page {page_no} has {len(boxes)} lines; line_start {line_start}")
            for x0, y0, x1, y1 in boxes[line_start - 1 : end]:
                rects.append(pymupdf.Rect(x0 - _PAD, y0 - _PAD, x1 + _PAD, y1 + _PAD))
        if bbox is not None:
            rects.append(pymupdf.Rect(*bbox))
        for rect in rects:
            annot = page.add_highlight_annot(rect)
            annot.set_colors(stroke=_HIGHLIGHT)
            annot.update()
        pixmap = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), annots=True)
        return pixmap.tobytes("png")
    finally:
        doc.close()
