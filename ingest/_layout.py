"""Page layout: visual lines from PyMuPDF's text dict, reading order, running furniture."""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

BBoxT = tuple[float, float, float, float]

# Two pieces of text on one baseline further apart than this many font sizes are
# separate cells (a table row), joined with CELL_SEP.
_CELL_GAP_EM = 1.0
CELL_SEP = " | "
_WS = re.compile(r"\s+")
_ENUMERATOR = re.compile(
    r"^(?:\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxIVX]{1,5})[.)]|\d{1,3}(?:\.\d{1,3})+|[•●▪◦·\-–])$"
)
_BOLD_FLAG = 16
_MAX_GAP_CANDIDATES = 500  # column-gap positions tried per page (every 2 pt up to 2500 pt)


@dataclass(frozen=True, slots=True)
class RawLine:
    """One visual line on a page, before structure is assigned."""

    text: str
    bbox: BBoxT
    font_size: float
    bold: bool
    is_table_row: bool
    ocr: bool = False


@dataclass(frozen=True, slots=True)
class _Piece:
    """A run of spans of one PyMuPDF line with no large horizontal gap inside."""

    text: str
    bbox: BBoxT
    size: float
    bold_chars: int
    chars: int


def _clean(text: str) -> str:
    return _WS.sub(" ", text.replace("\x00", "")).strip()


def _is_bold(span: dict) -> bool:
    return bool(span.get("flags", 0) & _BOLD_FLAG) or "bold" in str(span.get("font", "")).lower()


def pieces_from_dict(page_dict: dict) -> list[_Piece]:
    """Split the page's text lines into pieces, cutting a line where its spans are far apart."""
    pieces: list[_Piece] = []
    for block in page_dict.get("blocks", ()):
        if block.get("type", 0) != 0:
            continue
        for line in block.get("lines", ()):
            current: list[dict] = []
            for span in line.get("spans", ()):
                if not span.get("text", "").strip():
                    # a space span (OCR emits them) joins words; a wide one parts cells
                    width = span["bbox"][2] - span["bbox"][0]
                    if width > _CELL_GAP_EM * max(span["size"], 1.0):
                        if current:
                            pieces.append(_make_piece(current))
                        current = []
                    elif current:
                        current.append(span)
                    continue
                if current:
                    prev = current[-1]
                    gap = span["bbox"][0] - prev["bbox"][2]
                    if gap > _CELL_GAP_EM * max(prev["size"], span["size"], 1.0):
                        pieces.append(_make_piece(current))
                        current = []
                current.append(span)
            if current:
                pieces.append(_make_piece(current))
    return [p for p in pieces if p.text]


def _make_piece(spans: list[dict]) -> _Piece:
    while len(spans) > 1 and not spans[-1]["text"].strip():
        spans = spans[:-1]
    text = _clean("".join(s["text"] for s in spans))
    x0 = min(s["bbox"][0] for s in spans)
    y0 = min(s["bbox"][1] for s in spans)
    x1 = max(s["bbox"][2] for s in spans)
    y1 = max(s["bbox"][3] for s in spans)
    counts = [len(s["text"].strip()) for s in spans]
    chars = sum(counts)
    # the dominant size: the one carrying most characters
    by_size: Counter[float] = Counter()
    for s, n in zip(spans, counts, strict=True):
        by_size[round(float(s["size"]), 1)] += n
    size = max(by_size.items(), key=lambda kv: (kv[1], kv[0]))[0]
    bold = sum(n for s, n in zip(spans, counts, strict=True) if _is_bold(s))
    return _Piece(text, (x0, y0, x1, y1), size, bold, chars)


def _find_column_gap(pieces: Sequence[_Piece], width: float) -> float | None:
    """An x position splitting the page into two text columns, or None.

    Columns are told from tables by line width: column text fills its column, while
    table cells are short, so a gap between a label column and a figures column is no gutter.
    """
    if len(pieces) < 8:
        return None
    x0 = np.sort(np.fromiter((p.bbox[0] for p in pieces), dtype=float, count=len(pieces)))
    x1 = np.sort(np.fromiter((p.bbox[2] for p in pieces), dtype=float, count=len(pieces)))
    # Every 2 points; a page too wide for that gets _MAX_GAP_CANDIDATES positions (a 10^7
    # point page asked for 2M positions, each compared with every piece: issue 18).
    step = max(2.0, 0.4 * width / _MAX_GAP_CANDIDATES)
    xs = np.arange(0.3 * width, 0.7 * width + 1e-9, step)
    left_n = np.searchsorted(x1, xs, side="right")  # pieces ending at or before x
    right_n = len(pieces) - np.searchsorted(x0, xs, side="left")  # starting at or after x
    crossing = len(pieces) - left_n - right_n
    smaller = np.minimum(left_n, right_n)
    ok = (smaller >= 4) & (crossing <= 0.25 * (left_n + right_n))
    score = smaller - 2 * crossing
    # best score first, then leftmost: a stable order
    for i in sorted(np.flatnonzero(ok).tolist(), key=lambda i: (-int(score[i]), i)):
        x = float(xs[i])
        left = [p for p in pieces if p.bbox[2] <= x]
        right = [p for p in pieces if p.bbox[0] >= x]
        left_x0 = min(p.bbox[0] for p in left)
        right_x1 = max(p.bbox[2] for p in right)
        lw = statistics.median(p.bbox[2] - p.bbox[0] for p in left)
        rw = statistics.median(p.bbox[2] - p.bbox[0] for p in right)
        ly = (min(p.bbox[1] for p in left), max(p.bbox[3] for p in left))
        ry = (min(p.bbox[1] for p in right), max(p.bbox[3] for p in right))
        overlap = min(ly[1], ry[1]) - max(ly[0], ry[0])
        shorter = min(ly[1] - ly[0], ry[1] - ry[0])
        if lw >= 0.6 * (x - left_x0) and rw >= 0.6 * (right_x1 - x) and overlap >= 0.5 * shorter:
            return x
        if int(score[i]) < int(score.max()) - 8:
            break  # far worse splits will not pass either; bound the work per page
    return None


def _merge_rows(pieces: list[_Piece]) -> list[RawLine]:
    """Join pieces sharing a baseline into one line, left to right; order lines top-down."""
    ordered = sorted(pieces, key=lambda p: ((p.bbox[1] + p.bbox[3]) / 2, p.bbox[0]))
    rows: list[list[_Piece]] = []
    # The open row's vertical extent, kept as pieces join: recomputing it per piece was
    # quadratic in the pieces of one row (issue 18: a page of 230k identical lines).
    ry0 = ry1 = 0.0
    for p in ordered:
        if rows:
            overlap = min(ry1, p.bbox[3]) - max(ry0, p.bbox[1])
            height = min(ry1 - ry0, p.bbox[3] - p.bbox[1])
            if height > 0 and overlap >= 0.5 * height:
                rows[-1].append(p)
                ry0, ry1 = min(ry0, p.bbox[1]), max(ry1, p.bbox[3])
                continue
        rows.append([p])
        ry0, ry1 = p.bbox[1], p.bbox[3]
    lines: list[RawLine] = []
    for row in rows:
        row.sort(key=lambda q: (q.bbox[0], q.bbox[1]))
        parts = [row[0].text]
        table = False
        for i, (prev, cur) in enumerate(itertools.pairwise(row)):
            gap = cur.bbox[0] - prev.bbox[2]
            if i == 0 and _ENUMERATOR.match(prev.text):
                parts.append(" ")  # a hanging-indent list item, not a table cell
            elif gap > _CELL_GAP_EM * max(prev.size, cur.size, 1.0):
                parts.append(CELL_SEP)
                table = True
            else:
                parts.append(" ")
            parts.append(cur.text)
        chars = sum(q.chars for q in row) or 1
        by_size: Counter[float] = Counter()
        for q in row:
            by_size[q.size] += q.chars
        size = max(by_size.items(), key=lambda kv: (kv[1], kv[0]))[0]
        bbox = (
            min(q.bbox[0] for q in row),
            min(q.bbox[1] for q in row),
            max(q.bbox[2] for q in row),
            max(q.bbox[3] for q in row),
        )
        bold = sum(q.bold_chars for q in row) * 2 > chars
        lines.append(RawLine(_clean("".join(parts)), bbox, size, bold, table))
    return [line for line in lines if line.text]


def order_lines(pieces: list[_Piece], width: float) -> list[RawLine]:
    """Reading order: top to bottom; on a two-column band, the left column before the right."""
    gap = _find_column_gap(pieces, width)
    if gap is None:
        return _merge_rows(pieces)
    # Full-width pieces (titles, spanning paragraphs) cut the page into bands.
    ordered = sorted(pieces, key=lambda p: (p.bbox[1], p.bbox[0]))
    out: list[RawLine] = []
    band: list[_Piece] = []

    def flush() -> None:
        left = [p for p in band if p.bbox[2] <= gap]
        right = [p for p in band if p.bbox[2] > gap]
        out.extend(_merge_rows(left))
        out.extend(_merge_rows(right))
        band.clear()

    spanning: list[_Piece] = []
    for p in ordered:
        if p.bbox[0] < gap < p.bbox[2]:
            if band:
                flush()
            spanning.append(p)
            continue
        if spanning:
            out.extend(_merge_rows(spanning))
            spanning = []
        band.append(p)
    if spanning:
        out.extend(_merge_rows(spanning))
    if band:
        flush()
    return out


# ----------------------------------------------------------------------------- furniture

_PAGE_NUMBER = re.compile(
    r"^[\W_]*(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s+(?:of|/)\s+\d{1,4})?[\W_]*$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
_BAND = 0.1  # top/bottom share of the page height where running furniture lives


def _furniture_key(text: str) -> str:
    return _WS.sub(" ", _DIGITS.sub("#", text.lower())).strip()


def _outer_only(line: RawLine, height: float) -> bool:
    return not (line.bbox[3] <= _BAND * height or line.bbox[1] >= (1 - _BAND) * height)


def detect_furniture(pages: Sequence[tuple[float, Sequence[RawLine]]]) -> list[list[bool]]:
    """Flag running headers, footers and page numbers.

    A line is furniture when it sits in the top or bottom band of its page and either
    repeats (digits normalised) on other pages' bands, or is a bare page number.
    """
    keys_per_page: list[list[str | None]] = []
    bands: list[list[bool]] = []
    counts: Counter[str] = Counter()
    for height, lines in pages:
        keys: list[str | None] = []
        for i, line in enumerate(lines):
            in_band = line.bbox[3] <= _BAND * height or line.bbox[1] >= (1 - _BAND) * height
            # a page's first or last line may be a page number wherever the text ends
            outer = i == 0 or i == len(lines) - 1
            keys.append(_furniture_key(line.text) if in_band or outer else None)
        bands.append(
            [
                k is not None and not _outer_only(ln, height)
                for k, ln in zip(keys, lines, strict=True)
            ]
        )
        keys_per_page.append(keys)
        for key in set(k for k in keys if k is not None):
            counts[key] += 1
    n_pages = len(pages)
    min_repeats = 2 if n_pages <= 4 else max(3, int(0.2 * n_pages))
    flags: list[list[bool]] = []
    for (_, lines), keys, band in zip(pages, keys_per_page, bands, strict=True):
        page_flags = []
        for i, (line, k, in_band) in enumerate(zip(lines, keys, band, strict=True)):
            if k is None:
                page_flags.append(False)
            else:
                # running text is short and sits at the very top or bottom of the page
                edge = i < 3 or i >= len(lines) - 3
                page_flags.append(
                    bool(_PAGE_NUMBER.match(line.text))
                    or (
                        in_band
                        and edge
                        and len(line.text.split()) <= 15
                        and counts[k] >= min_repeats
                    )
                )
        flags.append(page_flags)
    return flags
