"""Hostile PDFs for the parser's work limits (issue 18), built with PyMuPDF and zlib.

Each builder reproduces one reported defect; none is checked in. Sizes are parameters so a
test can keep generation cheap while the parser still sees the same shape of attack.
"""

from __future__ import annotations

import random
import zlib

import pymupdf

LETTER = (612.0, 792.0)
_CHUNK = 1 << 20


def deflate_blank(inflated_bytes: int, prefix: bytes = b"", suffix: bytes = b"") -> bytes:
    """Flate data inflating to `prefix`, `inflated_bytes` spaces, `suffix` (built in chunks)."""
    comp = zlib.compressobj(9)
    out = [comp.compress(prefix)]
    block = b" " * _CHUNK
    left = inflated_bytes
    while left > 0:
        out.append(comp.compress(block[: min(left, _CHUNK)]))
        left -= _CHUNK
    out.append(comp.compress(suffix))
    out.append(comp.flush())
    return b"".join(out)


def _page_with_text(text: str = "tiny") -> tuple[pymupdf.Document, pymupdf.Page]:
    doc = pymupdf.open()
    page = doc.new_page(width=LETTER[0], height=LETTER[1])
    page.insert_text((72, 72), text, fontsize=11)
    return doc, page


def _set_stream(doc: pymupdf.Document, xref: int, raw: bytes, filters: str) -> None:
    doc.update_stream(xref, raw, compress=False)
    doc.xref_set_key(xref, "Filter", filters)


def filter_array_bomb_pdf(inflated_bytes: int = 1 << 30) -> bytes:
    """The page content under `/Filter [/FlateDecode]` (an array) inflates to `inflated_bytes`."""
    doc, page = _page_with_text()
    raw = deflate_blank(inflated_bytes, prefix=b"BT /F1 11 Tf ET\n")
    _set_stream(doc, page.get_contents()[0], raw, "[/FlateDecode]")
    return doc.tobytes()


def chained_filter_bomb_pdf(inflated_bytes: int = 1 << 30) -> bytes:
    """Flate inside Flate inside ASCIIHex: a few KB of file inflating to `inflated_bytes`."""
    doc, page = _page_with_text()
    raw = zlib.compress(deflate_blank(inflated_bytes, prefix=b"BT /F1 11 Tf ET\n"), 9)
    _set_stream(
        doc,
        page.get_contents()[0],
        raw.hex().encode() + b">",
        "[/ASCIIHexDecode /FlateDecode /FlateDecode]",
    )
    return doc.tobytes()


def _add_form(doc: pymupdf.Document, page: pymupdf.Page, name: str, raw: bytes, filt: str) -> int:
    """A Form XObject named `name` in the page's resources; returns its xref."""
    xref = doc.get_new_xref()
    doc.update_object(
        xref, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << >> >>"
    )
    doc.update_stream(xref, raw, compress=False)
    if filt:
        doc.xref_set_key(xref, "Filter", filt)
    _name_xobject(doc, page, name, xref)
    return xref


def _name_xobject(doc: pymupdf.Document, page: pymupdf.Page, name: str, xref: int) -> None:
    page_res = doc.xref_get_key(page.xref, "Resources")
    if page_res[0] == "xref":
        res_xref = int(page_res[1].split()[0])
        doc.xref_set_key(res_xref, f"XObject/{name}", f"{xref} 0 R")
    else:
        doc.xref_set_key(page.xref, f"Resources/XObject/{name}", f"{xref} 0 R")


def _append_content(doc: pymupdf.Document, page: pymupdf.Page, content: bytes) -> None:
    xref = page.get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + b"\n" + content)


def form_bomb_pdf(inflated_bytes: int = 1 << 30, draws: int = 1, gap: bytes = b" ") -> bytes:
    """A Form XObject inflating to `inflated_bytes`, drawn `draws` times by the page.

    `gap` stands between the operand and `Do`: white space, or what else the lexer skips
    (a comment, a NUL), which a measure of the page must skip as well.
    """
    doc, page = _page_with_text()
    _add_form(doc, page, "Fx0", deflate_blank(inflated_bytes), "/FlateDecode")
    _append_content(doc, page, (b"q /Fx0" + gap + b"Do Q\n") * draws)
    return doc.tobytes()


def nested_forms_pdf(depth: int = 6, fanout: int = 8, ops: int = 20_000) -> bytes:
    """Forms drawing the next form `fanout` times, `depth` deep, the last one `ops` paths:
    a few KB of streams asking for fanout**depth * ops drawing operations."""
    doc, page = _page_with_text()
    prev = None
    for level in reversed(range(depth)):
        body = (
            b"".join(b"q /Fx%d Do Q\n" % (level + 1) for _ in range(fanout))
            if prev is not None
            else b"0 0 1 1 re f\n" * ops
        )
        xref = doc.get_new_xref()
        res = f"<< /XObject << /Fx{level + 1} {prev} 0 R >> >>" if prev is not None else "<< >>"
        doc.update_object(
            xref, f"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources {res} >>"
        )
        doc.update_stream(xref, body, compress=True)
        prev = xref
    _name_xobject(doc, page, "Fx0", prev)
    _append_content(doc, page, b"q /Fx0 Do Q\n" * fanout)
    return doc.tobytes()


def cyclic_forms_pdf() -> bytes:
    """Two forms drawing each other (MuPDF refuses the cycle; the checks must not loop)."""
    doc, page = _page_with_text("cyclic forms")
    a, b = doc.get_new_xref(), doc.get_new_xref()
    for me, other in ((a, b), (b, a)):
        doc.update_object(
            me,
            "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] "
            f"/Resources << /XObject << /Fx1 {other} 0 R >> >> >>",
        )
        doc.update_stream(me, b"q /Fx1 Do Q\n", compress=True)
    _name_xobject(doc, page, "Fx1", a)
    _append_content(doc, page, b"q /Fx1 Do Q\n")
    return doc.tobytes()


def inline_image_bomb_pdf(side: int = 60_000) -> bytes:
    """An inline image of side x side grey pixels (Flate, a few KB) in the page content."""
    doc, page = _page_with_text()
    data = deflate_blank(1 << 20)  # MuPDF reads it lazily: its size is in the dictionary
    inline = (
        b"q 100 0 0 100 72 300 cm BI /W %d /H %d /CS /G /BPC 8 /F /Fl /L %d ID "
        % (
            side,
            side,
            len(data),
        )
        + data
        + b"\nEI Q\n"
    )
    _append_content(doc, page, inline)
    return doc.tobytes()


def identical_lines_pdf(lines: int = 230_000, text: bytes = b"The same line again.") -> bytes:
    """One page showing the same text line `lines` times at the same place."""
    doc, page = _page_with_text("identical lines")
    one = b"BT /helv 10 Tf 1 0 0 1 72 400 Tm (" + text + b") Tj ET\n"
    page.insert_text((72, 100), "x", fontsize=10, fontname="helv")  # the font resource
    _append_content(doc, page, one * lines)
    return doc.tobytes(garbage=0, deflate=True)


def huge_page_pdf(side: float = 1.0e7, lines: int = 200) -> bytes:
    """A page `side` points wide and high with text across it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for i in range(lines):
        page.insert_text((72 + (i % 3) * 170, 72 + i * 3), f"cell {i}", fontsize=2)
    doc.xref_set_key(page.xref, "MediaBox", f"[0 0 {side:.0f} {side:.0f}]")
    return doc.tobytes()


def many_spans_pdf(spans: int = 400_000) -> bytes:
    """One page with `spans` separately positioned one-letter text runs."""
    doc, page = _page_with_text("many spans")
    page.insert_text((72, 100), "x", fontsize=10, fontname="helv")
    rng = random.Random(7)
    parts = [b"BT /helv 4 Tf\n"]
    for _ in range(spans):
        parts.append(
            b"1 0 0 1 %d %d Tm (%c) Tj\n"
            % (rng.randrange(600), rng.randrange(780), 65 + rng.randrange(26))
        )
    parts.append(b"ET\n")
    _append_content(doc, page, b"".join(parts))
    return doc.tobytes(garbage=0, deflate=True)


# ----------------------------------------------------------------------------- mutations


def bit_flips(data: bytes, rng: random.Random, flips: int) -> bytes:
    out = bytearray(data)
    for _ in range(flips):
        i = rng.randrange(len(out))
        out[i] ^= 1 << rng.randrange(8)
    return bytes(out)


def byte_mutations(data: bytes, rng: random.Random, count: int) -> bytes:
    """Random bytes written over random places (the mutation that found issue 18's crashes)."""
    out = bytearray(data)
    for _ in range(count):
        i = rng.randrange(len(out))
        n = rng.randrange(1, 9)
        out[i : i + n] = bytes(rng.randrange(256) for _ in range(n))
    return bytes(out)


def truncate_keep_eof(data: bytes, rng: random.Random) -> bytes:
    """Cut the file somewhere, then add back an %%EOF so the trailer check passes."""
    return data[: rng.randrange(16, len(data))] + b"\n%%EOF\n"


def damage_xref(data: bytes, rng: random.Random) -> bytes:
    """Wreck the cross-reference: the startxref offset, the table's entries or both."""
    out = bytearray(data)
    at = out.rfind(b"startxref")
    if at >= 0 and rng.random() < 0.5:
        end = out.find(b"%%EOF", at)
        out[at:end] = b"startxref\n%d\n" % rng.randrange(len(out) * 2)
    at = out.find(b"xref")
    if at >= 0:
        for _ in range(rng.randrange(1, 20)):
            i = rng.randrange(at, len(out))
            out[i] = rng.choice(b"0123456789 nf\n")
    return bytes(out)
