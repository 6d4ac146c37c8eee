"""What a page asks MuPDF to interpret, measured with bounded work before MuPDF runs it.

MuPDF decodes a content stream through its whole filter chain and runs every Form XObject
each time it is drawn, with no limit of its own (issue 18: a 1 GiB Flate stream under
`/Filter [/FlateDecode]` or inside a form cost a minute of CPU; a form drawn 12 times, 12).
`measure_page` decodes each stream with MuPDF's own filters but stops reading at the
budget, and counts a form's bytes once for every time the content draws it, nested forms
multiplied through, so a page's total is the content MuPDF would interpret for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pymupdf
from pymupdf import mupdf

# A name operand followed by the Do operator (name characters per PDF 32000 7.3.5).
# Between the operand and `Do` the lexer skips white space, NULs and comments too.
_DO = re.compile(rb"/([^\s/\[\]<>(){}%]+)(?:[\s\x00]|%[^\r\n]*)*Do(?![^\s/\[\]<>(){}%])")
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
# An inline image's dictionary, between BI and ID (bounded, so a stray BI costs little).
_INLINE_IMAGE = re.compile(rb"BI\s(.{0,4096}?)\sID\s", re.DOTALL)
_INLINE_SIZE = re.compile(rb"/(W|Width|H|Height)\s+(\d{1,12})")


@dataclass(slots=True)
class PageWork:
    """Work a page asks for; `stream_bytes` stops counting a little past the budget."""

    stream_bytes: int = 0  # decoded content bytes to interpret, forms times their draws
    text_ops: int = 0  # text-showing operators (Tj, TJ, ', "), forms times their draws
    inline_pixels: int = 0  # pixels of the largest inline image
    forms: int = 0  # distinct Form XObjects decoded


@dataclass(slots=True)
class _FormCost:
    stream_bytes: int
    text_ops: int


def measure_page(doc: pymupdf.Document, page: pymupdf.Page, max_stream_bytes: int) -> PageWork:
    """Decode the page's content streams and the forms they draw, up to `max_stream_bytes`.

    A form on the path that draws it again is a cycle, which MuPDF refuses to run: counted
    once. Streams MuPDF cannot decode count what was read before the error.
    """
    pdf = pymupdf._as_pdf_document(doc)
    work = PageWork()
    budget = max_stream_bytes + 1
    content = b"".join(
        _read_stream(partial(mupdf.pdf_open_stream_number, pdf, xref), budget)
        for xref in page.get_contents()
    )
    resources = mupdf.pdf_page_resources(pymupdf._as_pdf_page(page))
    meter = _FormMeter(work, budget)
    own = meter.stream(content, resources, frozenset())
    work.stream_bytes = own.stream_bytes
    work.text_ops = own.text_ops
    return work


class _FormMeter:
    def __init__(self, work: PageWork, budget: int) -> None:
        self.work = work
        self.budget = budget
        self.memo: dict[int, _FormCost] = {}

    def stream(self, data: bytes, resources: mupdf.PdfObj, path: frozenset[int]) -> _FormCost:
        cost = _FormCost(len(data), _text_ops(data))
        self._inline_images(data)
        draws: dict[bytes, int] = {}
        for match in _DO.finditer(data):
            key = _NAME_ESCAPE.sub(lambda m: bytes([int(m[1], 16)]), match[1])
            draws[key] = draws.get(key, 0) + 1
        if not draws:
            return cost
        xobjects = mupdf.pdf_dict_gets(resources, "XObject")
        for key, times in draws.items():
            if cost.stream_bytes >= self.budget:
                break
            form = mupdf.pdf_dict_gets(xobjects, key.decode("latin-1"))
            if not mupdf.pdf_is_stream(form):
                continue
            if mupdf.pdf_to_name(mupdf.pdf_dict_gets(form, "Subtype")) != "Form":
                continue
            child = self.form(form, resources, path)
            cost.stream_bytes += times * child.stream_bytes
            cost.text_ops += times * child.text_ops
        return cost

    def form(
        self, form: mupdf.PdfObj, parent_resources: mupdf.PdfObj, path: frozenset[int]
    ) -> _FormCost:
        xref = mupdf.pdf_to_num(form)
        if xref in path:
            return _FormCost(0, 0)  # a cycle: MuPDF will not run it again
        if xref in self.memo:
            return self.memo[xref]
        self.work.forms += 1
        data = _read_stream(partial(mupdf.pdf_open_stream, form), self.budget)
        own = mupdf.pdf_dict_gets(form, "Resources")
        # A form without resources of its own uses its parent's (as MuPDF does).
        resources = own if mupdf.pdf_is_dict(own) else parent_resources
        cost = self.stream(data, resources, path | {xref})
        # Saturate: past the budget the exact figure is not needed, and products of
        # nested draw counts must stay small numbers.
        cost.stream_bytes = min(cost.stream_bytes, self.budget)
        self.memo[xref] = cost
        return cost

    def _inline_images(self, data: bytes) -> None:
        if b"ID" not in data:
            return
        for match in _INLINE_IMAGE.finditer(data):
            sizes = {k[:1]: int(v) for k, v in _INLINE_SIZE.findall(match[1])}
            pixels = sizes.get(b"W", 0) * sizes.get(b"H", 0)
            self.work.inline_pixels = max(self.work.inline_pixels, pixels)


def _text_ops(data: bytes) -> int:
    # An over-count (quotes inside strings count too) is fine for a limit far above real pages.
    return data.count(b"Tj") + data.count(b"TJ") + data.count(b"'") + data.count(b'"')


def _read_stream(open_stream: Callable[[], mupdf.FzStream], budget: int) -> bytes:
    """Up to `budget` decoded bytes of a stream: MuPDF's filters, read no further."""
    try:
        limited = mupdf.fz_open_null_filter(open_stream(), budget, 0)
        data: bytes = mupdf.fz_read_all(limited, 0).fz_buffer_extract_copy()
    except mupdf.FzErrorBase:
        return b""  # undecodable: MuPDF reports or repairs it when it reads the page
    return data
