"""Build real PDFs with PyMuPDF for tests: text pages, columns, tables, scans, bad input.

    from tests.pdfs import Line, Row, make_pdf, contract_pdf
    data = make_pdf([[Line("1. Definitions", bold=True), Line("Body text.")]], footer="Page {page}")

Every builder returns the PDF's bytes (and writes them to `path` when one is given).
Text is laid out top-down from `top`; a Line's `gap` adds space above it (a paragraph
break), a Row places cells at fixed x positions (a table row).
"""

from __future__ import annotations

import textwrap
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pymupdf

LETTER = (612.0, 792.0)


@dataclass(frozen=True)
class Line:
    text: str
    size: float = 11.0
    bold: bool = False
    x: float = 72.0
    gap: float = 0.0  # extra points above the line


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    xs: tuple[float, ...] = (72.0, 300.0, 420.0, 500.0)
    size: float = 10.0
    bold: bool = False
    gap: float = 0.0


Item = Line | Row


def _write(data: bytes, path: str | Path | None) -> bytes:
    if path is not None:
        Path(path).write_bytes(data)
    return data


def paragraph(text: str, width: int = 90, gap: float = 6.0, **kw: object) -> list[Line]:
    """A paragraph wrapped to `width` characters; the first line carries the gap."""
    lines = textwrap.wrap(text, width)
    return [
        Line(t, gap=gap if i == 0 else 0.0, **kw)  # type: ignore[arg-type]
        for i, t in enumerate(lines)
    ]


def _draw(page: pymupdf.Page, items: Sequence[Item], top: float) -> None:
    y = top
    for item in items:
        y += item.gap + item.size * 1.35
        font = "hebo" if item.bold else "helv"
        if isinstance(item, Row):
            for cell, x in zip(item.cells, item.xs, strict=False):
                page.insert_text((x, y), cell, fontsize=item.size, fontname=font)
        else:
            page.insert_text((item.x, y), item.text, fontsize=item.size, fontname=font)


def _furniture(page: pymupdf.Page, number: int, header: str | None, footer: str | None) -> None:
    width, height = page.rect.width, page.rect.height
    if header:
        page.insert_text((72, 40), header.format(page=number), fontsize=8, fontname="helv")
    if footer:
        text = footer.format(page=number)
        x = width / 2 - pymupdf.get_text_length(text, fontsize=8) / 2
        page.insert_text((x, height - 30), text, fontsize=8, fontname="helv")


def make_doc(
    pages: Sequence[Sequence[Item]],
    *,
    header: str | None = None,
    footer: str | None = None,
    size: tuple[float, float] = LETTER,
    top: float = 72.0,
) -> pymupdf.Document:
    doc = pymupdf.open()
    for number, items in enumerate(pages, start=1):
        page = doc.new_page(width=size[0], height=size[1])
        _furniture(page, number, header, footer)
        _draw(page, items, top)
    return doc


def make_pdf(
    pages: Sequence[Sequence[Item]],
    path: str | Path | None = None,
    *,
    header: str | None = None,
    footer: str | None = None,
    size: tuple[float, float] = LETTER,
) -> bytes:
    """A text PDF: one list of Lines/Rows per page; `{page}` in header/footer is the number."""
    doc = make_doc(pages, header=header, footer=footer, size=size)
    return _write(doc.tobytes(garbage=3, deflate=True), path)


def clauses_pdf(title: str, clauses: Sequence[str]) -> bytes:
    """One page: a bold title, then each clause as a paragraph."""
    return make_pdf(
        [
            [
                Line(title, size=16, bold=True, x=120),
                *(line for clause in clauses for line in paragraph(clause, gap=14)),
            ]
        ]
    )


def two_column_pdf(
    title: str,
    left: Sequence[str],
    right: Sequence[str],
    path: str | Path | None = None,
) -> bytes:
    """One page: a full-width title, then paragraphs in a left and a right column."""
    doc = pymupdf.open()
    page = doc.new_page(width=LETTER[0], height=LETTER[1])
    page.insert_text((72, 72), title, fontsize=16, fontname="hebo")
    for column, x in ((left, 54.0), (right, 320.0)):
        y = 100.0
        for para in column:
            y += 6
            for text in textwrap.wrap(para, 44):
                y += 13.5
                page.insert_text((x, y), text, fontsize=10, fontname="helv")
    return _write(doc.tobytes(garbage=3, deflate=True), path)


def image_only_pdf(lines: Sequence[str], path: str | Path | None = None, dpi: int = 200) -> bytes:
    """A scanned-looking page: the text rendered to a pixmap and inserted as an image only."""
    src = pymupdf.open()
    page = src.new_page(width=LETTER[0], height=LETTER[1])
    y = 90.0
    for text in lines:
        page.insert_text((72, y), text, fontsize=14, fontname="helv")
        y += 24
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    out = pymupdf.open()
    scan = out.new_page(width=LETTER[0], height=LETTER[1])
    scan.insert_image(scan.rect, pixmap=pix)
    return _write(out.tobytes(garbage=3, deflate=True), path)


def append_image_page(data: bytes, lines: Sequence[str]) -> bytes:
    """`data` with an image-only page added at the end."""
    doc = pymupdf.open(stream=data, filetype="pdf")
    doc.insert_pdf(pymupdf.open(stream=image_only_pdf(lines), filetype="pdf"))
    return doc.tobytes(garbage=3, deflate=True)


def encrypted_pdf(data: bytes, user_password: str = "", owner_password: str = "owner") -> bytes:
    """`data` re-saved with AES-256 encryption (an empty user password opens without asking)."""
    doc = pymupdf.open(stream=data, filetype="pdf")
    return doc.tobytes(
        encryption=pymupdf.mupdf.PDF_ENCRYPT_AES_256,
        owner_pw=owner_password,
        user_pw=user_password,
        permissions=pymupdf.mupdf.PDF_PERM_PRINT | pymupdf.mupdf.PDF_PERM_COPY,
    )


def truncated_pdf(data: bytes, keep: float = 0.5) -> bytes:
    return data[: int(len(data) * keep)]


ZERO_BYTES = b""
NOT_A_PDF = b"PK\x03\x04 this is a zip archive, not a PDF\n" + bytes(range(256))


def empty_pages_pdf(count: int) -> bytes:
    """`count` blank pages, written directly (PyMuPDF takes seconds to add thousands of pages)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids ["
        + b" ".join(b"%d 0 R" % (3 + i) for i in range(count))
        + b"] /Count %d >>" % count,
    ]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"] * count
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def content_bomb_pdf(inflated_bytes: int = 48_000_000) -> bytes:
    """One page whose Flate content stream inflates to `inflated_bytes` of whitespace."""
    doc = pymupdf.open()
    page = doc.new_page(width=LETTER[0], height=LETTER[1])
    page.insert_text((72, 72), "tiny", fontsize=11)
    xref = page.get_contents()[0]
    raw = zlib.compress(b"BT /F1 11 Tf ET\n" + b" " * inflated_bytes, 9)
    doc.update_stream(xref, raw, compress=False)
    doc.xref_set_key(xref, "Filter", "/FlateDecode")
    return doc.tobytes()


# ----------------------------------------------------------------------------- a contract

CONTRACT_PREAMBLE = (
    'This Master Supply Agreement (this "Agreement") is entered into as of March 3, 2021 '
    'by and between Acme Robotics, Inc., a Delaware corporation ("Supplier"), and Northwind '
    'Traders LLC, a New York limited liability company ("Customer").'
)

_FILLER = (
    "The parties shall perform their obligations under this Section in good faith and with "
    "reasonable care. Each party will keep records sufficient to show its compliance. "
    "Notices under this Section are effective on receipt. No waiver is valid unless it is in "
    "writing and signed by the party against whom it is asserted. "
)


def contract_pages() -> list[list[Item]]:
    """A three-page agreement with numbered sections, sub-clauses and a page-spanning clause."""
    page1: list[Item] = [
        Line("MASTER SUPPLY AGREEMENT", size=18, bold=True, x=150),
        *paragraph(CONTRACT_PREAMBLE, gap=14),
        Line("1. Definitions", bold=True, gap=14),
        *paragraph(
            '"Products" means the robotic assemblies listed in Schedule A. "Term" has the '
            "meaning given in Section 5.1. " + _FILLER
        ),
        Line("2. Supply of Products", bold=True, gap=14),
        Line("2.1 Orders", bold=True, gap=8),
        *paragraph("Customer may order Products by written purchase order. " + _FILLER * 2),
        Line("2.2 Delivery", bold=True, gap=8),
        *paragraph(
            "Supplier shall deliver Products DDP to the Customer's facility. " + _FILLER * 3
        ),
    ]
    page2: list[Item] = [
        *paragraph("Title passes on delivery. Risk of loss passes with title. " + _FILLER, gap=0),
        Line("6. Payment", bold=True, gap=14),
        Line("6.2 Invoices", bold=True, gap=8),
        *paragraph("(a) Supplier shall invoice Customer monthly in arrears. " + _FILLER),
        *paragraph("(b) Customer shall pay each undisputed invoice within thirty days. " + _FILLER),
        Line("7. Miscellaneous", bold=True, gap=14),
        Line("7.2 Governing Law", bold=True, gap=8),
        *paragraph(
            "This Agreement is governed by the laws of the State of New York, without regard to "
            "its conflict of laws rules. " + _FILLER
        ),
    ]
    page3: list[Item] = [
        Line("7.3 Entire Agreement", bold=True, gap=8),
        *paragraph("This Agreement is the entire agreement of the parties. " + _FILLER),
        Line("Schedule A", bold=True, gap=14),
        Row(("Item", "Unit price", "Quantity"), bold=True),
        Row(("Robotic arm RX-7", "$12,500.00", "40")),
        Row(("Gripper module G2", "$1,150.00", "120")),
        Row(("Controller unit C1", "$3,400.00", "40")),
    ]
    return [page1, page2, page3]


def contract_pdf(path: str | Path | None = None) -> bytes:
    """The agreement of contract_pages() with a running header and page-number footer."""
    return make_pdf(
        contract_pages(),
        path,
        header="Master Supply Agreement - Confidential",
        footer="Page {page} of 3",
    )


@dataclass(frozen=True)
class StatementTable:
    """A statement table as filings print it: a title and caption above a header of years,
    rows of (label, indent, figures) with each figure right-aligned on its column's edge."""

    title: str
    caption: str
    years: tuple[str, ...]
    rows: tuple[tuple[str, float, tuple[str, ...]], ...]
    # header lines above the years, each a row of (x, text): a 10-Q's spans and dates
    # ("Three Months Ended" centred over its two columns, "July 29," over each)
    header: tuple[tuple[tuple[float, str], ...], ...] = ()
    # the columns' right edges (three columns by default; a 10-Q's four are narrower)
    edges: tuple[float, ...] = (400.0, 480.0, 560.0)


def statement_pdf(cover: Sequence[Item], tables: Sequence[StatementTable]) -> bytes:
    """A filing: a cover page of `cover` items, then one page per statement table."""
    doc = make_doc([cover])
    for table in tables:
        edges = table.edges
        page = doc.new_page(width=LETTER[0], height=LETTER[1])
        y = 72.0
        for text in (table.title, table.caption):
            page.insert_text((72, y), text, fontsize=9, fontname="helv")
            y += 13
        y += 5
        for line in table.header:
            for x, text in line:
                page.insert_text((x, y), text, fontsize=9, fontname="helv")
            y += 11
        for edge, year in zip(edges, table.years, strict=False):
            x = edge - pymupdf.get_text_length(year, fontsize=9)
            page.insert_text((x, y), year, fontsize=9, fontname="helv")
        for label, indent, figures in table.rows:
            y += 13
            page.insert_text((72 + indent, y), label, fontsize=9, fontname="helv")
            for edge, figure in zip(edges, figures, strict=False):
                x = edge - pymupdf.get_text_length(figure, fontsize=9)
                page.insert_text((x, y), figure, fontsize=9, fontname="helv")
    return _write(doc.tobytes(garbage=3, deflate=True), None)


_COVER_COLS = (60.0, 250.0, 420.0)


def ten_k_cover(
    name: str, employer_id: str, year_ended: str = "December 31, 2020"
) -> list[Line | Row]:
    """A Form 10-K cover for the fiscal year ended `year_ended` (fiscal 2020 by default): the
    registrant's name, its caption, Delaware and its I.R.S. employer number in the form's
    three captioned columns."""
    return _cover("FORM 10-K", f"For the fiscal year ended {year_ended}", name, employer_id)


def ten_q_cover(name: str, employer_id: str, period_ended: str) -> list[Line | Row]:
    """A Form 10-Q cover for the quarterly period ended `period_ended`, as `ten_k_cover`."""
    return _cover("FORM 10-Q", f"For the quarterly period ended {period_ended}", name, employer_id)


def _cover(form: str, period: str, name: str, employer_id: str) -> list[Line | Row]:
    return [
        Line("UNITED STATES", bold=True, x=250),
        Line("SECURITIES AND EXCHANGE COMMISSION", bold=True, x=180),
        Line(form, bold=True, x=270, gap=8),
        Line(period, x=200, gap=6),
        Line(name, bold=True, x=190, gap=10),
        Line("(Exact name of registrant as specified in its charter)", size=9, x=190),
        Row(("Delaware", "", employer_id), xs=_COVER_COLS, gap=10),
        Row(("(State or other jurisdiction of", "", "(I.R.S. Employer"), xs=_COVER_COLS, size=9),
        Row(("incorporation or organization)", "", "Identification No.)"), xs=_COVER_COLS, size=9),
    ]
