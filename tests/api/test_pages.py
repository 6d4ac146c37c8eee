"""Page images: the cited lines (as the parser numbers them) are the highlighted ones."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from api import BadRequest, NotFound
from api._pages import parse_bbox, render_page
from ingest import PdfParser


def _pdf(path: Path) -> Path:
    doc = pymupdf.open()
    for p in range(2):
        page = doc.new_page(width=612, height=792)
        for i in range(10):
            page.insert_text(
                (72, 100 + 40 * i), f"Page {p + 1} line {i + 1}: the quick brown fox.", fontsize=12
            )
    doc.save(path)
    doc.close()
    return path


def _yellow_rows(png: bytes, zoom: float) -> set[int]:
    """PDF y coordinates (points) of pixel rows that carry highlight yellow."""
    pix = pymupdf.Pixmap(png)
    rows = set()
    n = pix.n
    samples = pix.samples
    for y in range(0, pix.height, 2):
        for x in range(0, pix.width, 7):
            i = (y * pix.width + x) * n
            r, g, b = samples[i], samples[i + 1], samples[i + 2]
            if r > 200 and g > 170 and b < 120:
                rows.add(int(y / zoom))
                break
    return rows


def test_highlight_covers_exactly_the_cited_lines(tmp_path: Path) -> None:
    path = _pdf(tmp_path / "x.pdf")
    parsed = PdfParser().run(path.read_bytes(), "x.pdf")
    lines = [ln for ln in parsed.lines if ln.page == 2 and ln.line_no in (3, 4)]
    assert [ln.text.split(":")[0] for ln in lines] == ["Page 2 line 3", "Page 2 line 4"]
    png = render_page(path, 2, line_start=3, line_end=4, zoom=1.0)
    assert png.startswith(b"\x89PNG")
    rows = _yellow_rows(png, 1.0)
    assert rows, "nothing highlighted"
    top = min(ln.bbox[1] for ln in lines) - 3
    bottom = max(ln.bbox[3] for ln in lines) + 3
    assert all(top <= y <= bottom for y in rows)
    assert _yellow_rows(render_page(path, 2, zoom=1.0), 1.0) == set()


def test_bbox_highlight_and_bad_locators(tmp_path: Path) -> None:
    path = _pdf(tmp_path / "x.pdf")
    rows = _yellow_rows(render_page(path, 1, bbox=parse_bbox("70,300,400,330"), zoom=1.0), 1.0)
    assert rows and all(295 <= y <= 335 for y in rows)
    with pytest.raises(NotFound):
        render_page(path, 3)
    with pytest.raises(BadRequest):
        render_page(path, 1, line_start=11)
    with pytest.raises(BadRequest):
        render_page(path, 1, line_start=4, line_end=2)
    for bad in ("1,2,3", "a,b,c,d", "10,10,5,20", "nan,0,1,1"):
        with pytest.raises(BadRequest):
            parse_bbox(bad)


def test_a_page_costly_to_draw_is_stopped_by_the_render_bounds(tmp_path):
    """1,000 nested non-rectangular clips: cheap to parse, minutes and gigabytes to draw.
    The page is drawn in a child that its bounds stop: a 422 naming the bound, quickly,
    and the server process does no drawing work itself."""
    import time

    import pymupdf

    from api import LimitExceeded
    from api._pages import render_page_image

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Nested clips", fontsize=12)
    clip = b"q 0 0 m 612 0 l 306 792 l h W n "
    xref = page.get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + b"\n" + clip * 1000 + b"Q " * 1000)
    path = tmp_path / "clips.pdf"
    doc.save(path)
    started = time.monotonic()
    with pytest.raises(LimitExceeded) as err:
        render_page_image(path, 1, zoom=2.0, render_seconds=2.0, render_memory_bytes=1 << 29)
    assert err.value.status == 422 and "page_render" in str(err.value)
    assert time.monotonic() - started < 10.0
