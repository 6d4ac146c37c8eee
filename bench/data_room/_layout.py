"""A small deterministic page-layout engine over PyMuPDF base-14 fonts.

Documents are lists of blocks (tuples); `render` flows them onto pages (one or two
columns), then stamps running headers and "Page i of n" footers. Nothing depends on
the clock: metadata dates are fixed and the file id is not regenerated.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pymupdf

LETTER = (612.0, 792.0)
LANDSCAPE = (792.0, 612.0)
FIXED_DATE = "D:20240601120000Z"

Block = tuple[Any, ...]


@dataclass
class Style:
    body_font: str = "tiro"
    bold_font: str = "tibo"
    italic_font: str = "tiit"
    size: float = 11.5
    leading: float = 1.42
    margin_x: float = 72.0
    top: float = 84.0
    bottom: float = 722.0
    columns: int = 1
    gutter: float = 22.0
    header: str | None = None
    footer_left: str | None = None
    page_size: tuple[float, float] = LETTER
    number_pages: bool = True


@dataclass
class _Cursor:
    page: pymupdf.Page
    col: int
    y: float
    frames: list[tuple[float, float]] = field(default_factory=list)


@functools.cache
def _char_width(font: str, char: str) -> float:
    return float(pymupdf.get_text_length(char, fontname=font, fontsize=1))


def text_width(text: str, font: str, size: float) -> float:
    """Advance width of text in a base-14 font (per-character widths, cached: MuPDF's own
    measure is slow from Python, and base-14 text has no kerning here)."""
    return size * sum(_char_width(font, ch) for ch in text)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap measured with the font's real advance widths."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        current = ""
        for word in words:
            trial = word if not current else current + " " + word
            if text_width(trial, font, size) <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


class Flow:
    """Flows blocks onto pages of one document."""

    def __init__(self, doc: pymupdf.Document, style: Style) -> None:
        self.doc = doc
        self.s = style
        self.first_page = len(doc)
        self.cur = self._new_page()

    # -- pages -----------------------------------------------------------------
    def _frames(self) -> list[tuple[float, float]]:
        w = self.s.page_size[0]
        if self.s.columns == 1:
            return [(self.s.margin_x, w - self.s.margin_x)]
        col_w = (w - 2 * self.s.margin_x - self.s.gutter) / 2
        x0 = self.s.margin_x
        return [(x0, x0 + col_w), (x0 + col_w + self.s.gutter, w - self.s.margin_x)]

    def _new_page(self) -> _Cursor:
        page = self.doc.new_page(width=self.s.page_size[0], height=self.s.page_size[1])
        return _Cursor(page=page, col=0, y=self.s.top, frames=self._frames())

    def _advance(self) -> None:
        if self.cur.col + 1 < len(self.cur.frames):
            self.cur.col += 1
            self.cur.y = self.s.top
        else:
            self.cur = self._new_page()

    def page_break(self) -> None:
        self.cur = self._new_page()

    @property
    def x0(self) -> float:
        return self.cur.frames[self.cur.col][0]

    @property
    def x1(self) -> float:
        return self.cur.frames[self.cur.col][1]

    def _room(self, height: float) -> None:
        if self.cur.y + height > self.s.bottom:
            self._advance()

    # -- primitives ------------------------------------------------------------
    def text_lines(
        self,
        text: str,
        *,
        font: str | None = None,
        size: float | None = None,
        indent: float = 0.0,
        align: str = "left",
        after: float | None = None,
        keep: int = 1,
    ) -> None:
        font = font or self.s.body_font
        size = size or self.s.size
        lead = size * self.s.leading
        width = self.x1 - self.x0 - indent
        lines = wrap(text, font, size, width)
        self._room(lead * min(keep, len(lines)))
        for line in lines:
            self._room(lead)
            x = self.x0 + indent
            if align == "center":
                x = self.x0 + (self.x1 - self.x0 - text_width(line, font, size)) / 2
            elif align == "right":
                x = self.x1 - text_width(line, font, size)
            self.cur.page.insert_text((x, self.cur.y + size), line, fontname=font, fontsize=size)
            self.cur.y += lead
        self.cur.y += self.s.size * 0.6 if after is None else after

    def table(
        self,
        columns: Sequence[tuple[str, float, str]],
        rows: Sequence[Sequence[str]],
        *,
        size: float | None = None,
        bold_last: bool = False,
    ) -> None:
        size = size or self.s.size - 1
        row_h = size * 1.9
        font, bold = self.s.body_font, self.s.bold_font
        total = sum(w for _, w, _ in columns)
        scale = (self.x1 - self.x0) / total

        def draw_row(cells: Sequence[str], fnt: str, rule: bool) -> None:
            self._room(row_h)
            x = self.x0
            for (_, w, align), cell in zip(columns, cells, strict=True):
                cw = w * scale
                tw = text_width(cell, fnt, size)
                tx = x + 3 if align == "left" else x + cw - tw - 3
                self.cur.page.insert_text(
                    (tx, self.cur.y + size * 1.3), cell, fontname=fnt, fontsize=size
                )
                x += cw
            y = self.cur.y + row_h
            if rule:
                self.cur.page.draw_line((self.x0, y), (self.x1, y), width=0.5)
            self.cur.y = y

        self._room(row_h * 3)
        top = self.cur.y
        self.cur.page.draw_line((self.x0, top), (self.x1, top), width=0.8)
        draw_row([c[0] for c in columns], bold, True)
        for i, row in enumerate(rows):
            last = i == len(rows) - 1
            draw_row(row, bold if (bold_last and last) else font, True)
        self.cur.y += self.s.size


def render_blocks(flow: Flow, blocks: Sequence[Block]) -> None:
    """Draw each block in order: title, center, h, p, pi, pb, line, sig, table, space, break."""
    s = flow.s
    for block in blocks:
        kind = block[0]
        if kind == "title":
            flow.text_lines(block[1], font=s.bold_font, size=s.size + 4, align="center", after=6)
        elif kind == "center":
            flow.text_lines(block[1], align="center", after=4)
        elif kind == "centerb":
            flow.text_lines(block[1], font=s.bold_font, align="center", after=6)
        elif kind == "h":
            flow.cur.y += 4
            flow.text_lines(block[1], font=s.bold_font, after=3, keep=3)
        elif kind == "p":
            flow.text_lines(block[1], keep=2)
        elif kind == "pi":
            flow.text_lines(block[1], indent=24, keep=2)
        elif kind == "pb":
            flow.text_lines(block[1], font=s.bold_font)
        elif kind == "it":
            flow.text_lines(block[1], font=s.italic_font)
        elif kind == "line":
            flow.text_lines(block[1], after=1)
        elif kind == "space":
            flow.cur.y += block[1]
        elif kind == "break":
            flow.page_break()
        elif kind == "table":
            flow.table(block[1], block[2], bold_last=bool(block[3]) if len(block) > 3 else False)
        elif kind == "sig":
            _signature_blocks(flow, block[1])
        else:
            raise ValueError(f"unknown block kind {kind!r}")


def _signature_blocks(flow: Flow, parties: Sequence[tuple[str, str, str]]) -> None:
    """Signature blocks: ENTITY / By: ____ / Name: / Title:, two to a row."""
    s = flow.s
    lead = s.size * s.leading
    half = (flow.x1 - flow.x0) / 2
    for i in range(0, len(parties), 2):
        pair = parties[i : i + 2]
        flow._room(lead * 6)
        y0 = flow.cur.y
        for j, (entity, name, title) in enumerate(pair):
            x = flow.x0 + j * half
            y = y0
            rows = [(entity, s.bold_font), ("By: ______________________________", s.body_font)]
            rows += [(f"Name: {name}", s.body_font)]
            if title:
                rows.append((f"Title: {title}", s.body_font))
            for text, font in rows:
                flow.cur.page.insert_text((x, y + s.size), text, fontname=font, fontsize=s.size)
                y += lead
        flow.cur.y = y0 + lead * 5.5


def stamp_running_text(doc: pymupdf.Document, first: int, style: Style, skip: set[int]) -> None:
    """Running header and "Page i of n" footer on every page of a multi-page document."""
    pages = list(range(first, len(doc)))
    n = len(pages)
    if n < 2 or not style.number_pages:
        return
    w, h = style.page_size
    for i, pno in enumerate(pages, start=1):
        if pno in skip:
            continue
        page = doc[pno]
        if style.header:
            page.insert_text((style.margin_x, 48), style.header, fontname="helv", fontsize=8)
            page.draw_line((style.margin_x, 54), (w - style.margin_x, 54), width=0.4)
        label = f"Page {i} of {n}"
        tw = text_width(label, "helv", 8)
        page.insert_text(((w - tw) / 2, h - 36), label, fontname="helv", fontsize=8)
        if style.footer_left:
            page.insert_text(
                (style.margin_x, h - 36), style.footer_left, fontname="helv", fontsize=7
            )


def scanned_page(
    doc: pymupdf.Document, blocks: Sequence[Block], style: Style, dpi: int = 150
) -> None:
    """Append an image-only page: lay the blocks out on a scratch page, rasterize, insert."""
    scratch = pymupdf.open()
    flow = Flow(scratch, style)
    render_blocks(flow, blocks)
    pix = scratch[0].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    png = pix.tobytes("png")
    scratch.close()
    page = doc.new_page(width=style.page_size[0], height=style.page_size[1])
    page.insert_image(page.rect, stream=png)


def finish(doc: pymupdf.Document, title: str, author: str) -> bytes:
    """Fixed metadata, no new file id: the same blocks give the same bytes."""
    doc.set_metadata(
        {
            "title": title,
            "author": author,
            "subject": "",
            "keywords": "",
            "creator": "evidence-rag data room generator",
            "producer": "PyMuPDF",
            "creationDate": FIXED_DATE,
            "modDate": FIXED_DATE,
        }
    )
    return doc.tobytes(garbage=3, deflate=True, no_new_id=True)
