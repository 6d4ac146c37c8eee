"""Scanned regions of a page as located lines, like the text layer's.

A region (the whole page, or an image placed on a page that has text elsewhere) is rendered
in grayscale, read by the OCR backend upright, deskewed, and laid out by the same reading-order
code as born-digital text (rows, two columns, table cells). Each line's box is then mapped back
to the page's own coordinates (PyMuPDF's unrotated page space, where the text layer's boxes
are), so citations, highlights and line numbers work on scans exactly as on text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pymupdf

from ingest._errors import IngestError
from ingest._layout import RawLine, _Piece, order_lines
from ingest._ocr import OcrLine, OcrPage, RapidOcrReader, skew_angle

Point = tuple[float, float]
BBox = tuple[float, float, float, float]

# Box height (deskewed, in points) to font size: the detector's boxes are padded (unclip
# ratio 1.6) around the glyphs; measured on rendered pages of known size, ~1.45 x the size.
_BOX_TO_FONT = 1 / 1.45
# A line inking this much more than the page's median line is bold.
_BOLD_INK = 1.3
_SAME_SIZE = 0.2
# An image on a text page is read only when it is large and carries (almost) no text over it.
MIN_REGION_SHARE = 0.12
_MAX_TEXT_PIECES_OVER = 3


class ScanTooLarge(IngestError):
    """The region cannot be rendered for OCR within the pixel budget, even at the lowest dpi.

    The parser catches it and notes the page as not read (ingest/_pdf.py)."""

    code, title = "scan_too_large", "Scanned region too large"


def region_dpi(rect: pymupdf.Rect, dpi: int, max_pixels: int, *, floor: int = 100) -> int:
    """The dpi to render `rect` at: `dpi`, lowered so the image stays within `max_pixels`."""
    area_in = max(rect.width, 1.0) * max(rect.height, 1.0) / (72.0 * 72.0)
    fit = int(math.sqrt(max_pixels / area_in)) if area_in > 0 else dpi
    chosen = min(dpi, fit)
    if chosen < floor:
        raise ScanTooLarge(
            f"a {rect.width:.0f}x{rect.height:.0f} pt region needs more than {max_pixels} "
            f"pixels at {floor} dpi"
        )
    return chosen


def ocr_regions(page: pymupdf.Page, text_boxes: Sequence[BBox]) -> list[pymupdf.Rect]:
    """Image areas of a page that has a text layer which OCR should read (display space).

    Large images with (nearly) no text over them: a scanned signature page pasted into a
    born-digital contract, a scanned exhibit after a typed cover. A logo or a background
    image under typed text is left alone.
    """
    display = page.rect
    page_area = max(display.width * display.height, 1.0)
    to_display = page.rotation_matrix
    centres = [pymupdf.Point((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) * to_display for b in text_boxes]
    regions: list[pymupdf.Rect] = []
    for info in page.get_image_info():
        rect = (pymupdf.Rect(info["bbox"]) * to_display) & display
        if rect.is_empty or rect.width * rect.height < MIN_REGION_SHARE * page_area:
            continue
        if sum(1 for c in centres if rect.contains(c)) > _MAX_TEXT_PIECES_OVER:
            continue
        if any(rect.intersects(r) for r in regions):
            continue  # overlapping placements are read once, as the first
        regions.append(rect)
    regions.sort(key=lambda r: (r.y0, r.x0))
    return regions


def read_region(
    page: pymupdf.Page,
    reader: RapidOcrReader,
    *,
    dpi: int,
    max_pixels: int,
    clip: pymupdf.Rect | None = None,
    half_turns: bool = True,
) -> list[RawLine]:
    """OCR one region of the page (display space; None: the whole page) into ordered lines.

    `half_turns=False` for an image on a page whose text layer reads upright: it is not
    tested for standing upside down (see RapidOcrReader.read)."""
    region = clip if clip is not None else page.rect
    dpi = region_dpi(region, dpi, max_pixels)
    pixmap = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, clip=region, alpha=False)
    gray = np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.h, pixmap.stride)
    gray = gray[:, : pixmap.w]
    result = reader.read(gray, half_turns=half_turns)
    return lines_from_ocr(
        result,
        image_size=(pixmap.w, pixmap.h),
        scale=72.0 / dpi,
        origin=(region.x0, region.y0),
        derotate=page.derotation_matrix,
    )


def lines_from_ocr(
    result: OcrPage,
    *,
    image_size: tuple[int, int],
    scale: float,
    origin: Point = (0.0, 0.0),
    derotate: pymupdf.Matrix | None = None,
) -> list[RawLine]:
    """Lay out recognized lines in their upright, deskewed frame; boxes back in page space."""
    if not result.lines:
        return []
    angle = math.radians(skew_angle(result.lines))
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = result.width / 2.0, result.height / 2.0

    def deskew(p: Point) -> Point:
        dx, dy = p[0] - cx, p[1] - cy
        return cx + cos * dx - sin * dy, cy + sin * dx + cos * dy

    def reskew(p: Point) -> Point:
        dx, dy = p[0] - cx, p[1] - cy
        return cx + cos * dx + sin * dy, cy - sin * dx + cos * dy

    sizes = _type_sizes(result.lines, scale)
    inks = sorted(line.ink for line in result.lines if line.ink > 0)
    typical_ink = inks[len(inks) // 2] if inks else 0.0
    pieces = []
    for line, size in zip(result.lines, sizes, strict=True):
        pts = [deskew(p) for p in line.quad]
        xs, ys = [p[0] * scale for p in pts], [p[1] * scale for p in pts]
        bbox = (min(xs), min(ys), max(xs), max(ys))
        chars = len(line.text.replace(" ", ""))
        bold = typical_ink > 0 and line.ink >= _BOLD_INK * typical_ink
        pieces.append(_Piece(line.text, bbox, size, chars if bold else 0, chars))
    ordered = order_lines(pieces, result.width * scale)
    width, height = image_size
    out = []
    for raw in ordered:
        x0, y0, x1, y1 = (v / scale for v in raw.bbox)
        corners = [reskew(p) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
        page_pts = []
        for p in corners:
            ux, uy = _unturn(p, result.quarter_turns, width, height)
            point = pymupdf.Point(origin[0] + ux * scale, origin[1] + uy * scale)
            page_pts.append(point * derotate if derotate is not None else point)
        bbox = (
            min(p.x for p in page_pts),
            min(p.y for p in page_pts),
            max(p.x for p in page_pts),
            max(p.y for p in page_pts),
        )
        out.append(RawLine(raw.text, bbox, raw.font_size, raw.bold, raw.is_table_row, ocr=True))
    return out


def _type_sizes(lines: Sequence[OcrLine], scale: float) -> list[float]:
    """Each line's type size in points, in half points; sizes within 20% of the page's most
    common size are that size (the estimate is good to ~15%, and body text is one size)."""
    raw = [
        (line.em_px if line.em_px > 0 else (line.quad[3][1] - line.quad[0][1]) * _BOX_TO_FONT)
        * scale
        for line in lines
    ]
    halves = [max(1.0, round(v * 2) / 2) for v in raw]
    weights: dict[float, int] = {}
    for size, line in zip(halves, lines, strict=True):
        weights[size] = weights.get(size, 0) + len(line.text)
    if not weights:
        return halves
    # the body size: the heaviest half-point bin with its neighbours (ties: the smaller)
    body = max(
        weights,
        key=lambda v: (sum(w for u, w in weights.items() if abs(u - v) <= 0.5), -v),
    )
    return [body if abs(h - body) <= _SAME_SIZE * body else h for h in halves]


def _unturn(p: Point, turns: int, width: int, height: int) -> Point:
    """A point of the upright image back in the rendered image (np.rot90's k undone).

    `width`/`height` are the rendered image's size, before turning.
    """
    x, y = p
    if turns == 1:
        return width - y, x
    if turns == 2:
        return width - x, height - y
    if turns == 3:
        return y, height - x
    return x, y


def outside_text(lines: Sequence[RawLine], text_boxes: Sequence[BBox]) -> list[RawLine]:
    """OCR lines that do not cover text the page already has (OCR only where no text is)."""
    kept = []
    for line in lines:
        x0, y0, x1, y1 = line.bbox
        area = max((x1 - x0) * (y1 - y0), 1e-6)
        covered = 0.0
        for b in text_boxes:
            w = min(x1, b[2]) - max(x0, b[0])
            h = min(y1, b[3]) - max(y0, b[1])
            if w > 0 and h > 0:
                covered += w * h
        if covered < 0.3 * area:
            kept.append(line)
    return kept
