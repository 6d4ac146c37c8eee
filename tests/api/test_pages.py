"""Page images: the cited lines (as the parser numbers them) are the highlighted ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest
from fastapi.testclient import TestClient

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


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, Path]]:
    """The two-page PDF ingested and served: (client with the admin key, its pages' URL, the
    PDF's path)."""
    from api import ApiSettings, create_app
    from app import Runtime, Settings

    tmp = tmp_path_factory.mktemp("pages")
    path = _pdf(tmp / "x.pdf")
    settings = Settings(data_dir=tmp / "data")
    with Runtime.open(settings) as rt:
        rt.ingestor.run("kb", [path])
        (document,) = rt.catalog.list_documents("kb")
    app = create_app(settings, ApiSettings(admin_key="pages-admin"))
    admin = {"Authorization": "Bearer pages-admin"}
    with TestClient(app, headers=admin, raise_server_exceptions=False) as client:
        yield client, f"/v1/kbs/kb/documents/{document.document_id}/pages", path


def _image(pages: tuple[TestClient, str, Path], page: int, **params: object) -> bytes:
    client, url, _ = pages
    got = client.get(f"{url}/{page}/image", params={"zoom": 1.0, **params})
    assert got.status_code == 200, got.text[:300]
    return got.content


def test_highlight_covers_exactly_the_cited_lines(
    pages: tuple[TestClient, str, Path],
) -> None:
    path = pages[2]
    parsed = PdfParser().run(path.read_bytes(), "x.pdf")
    lines = [ln for ln in parsed.lines if ln.page == 2 and ln.line_no in (3, 4)]
    assert [ln.text.split(":")[0] for ln in lines] == ["Page 2 line 3", "Page 2 line 4"]
    png = _image(pages, 2, line_start=3, line_end=4)
    assert png.startswith(b"\x89PNG")
    rows = _yellow_rows(png, 1.0)
    assert rows, "nothing highlighted"
    top = min(ln.bbox[1] for ln in lines) - 3
    bottom = max(ln.bbox[3] for ln in lines) + 3
    assert all(top <= y <= bottom for y in rows)
    assert _yellow_rows(_image(pages, 2), 1.0) == set()


def test_bbox_highlight_and_bad_locators(pages: tuple[TestClient, str, Path]) -> None:
    client, url, _ = pages
    rows = _yellow_rows(_image(pages, 1, bbox="70,300,400,330"), 1.0)
    assert rows and all(295 <= y <= 335 for y in rows)
    assert client.get(f"{url}/3/image").status_code == 404
    for bad in ({"line_start": 11}, {"line_start": 4, "line_end": 2}):
        got = client.get(f"{url}/1/image", params=bad)
        assert got.status_code in (400, 422) and got.json()["detail"], (bad, got.text)
    for bad_box in ("1,2,3", "a,b,c,d", "10,10,5,20", "nan,0,1,1"):
        got = client.get(f"{url}/1/image", params={"bbox": bad_box})
        assert got.status_code in (400, 422) and got.json()["detail"], (bad_box, got.text)


def test_a_page_costly_to_draw_is_stopped_by_the_render_bounds(tmp_path):
    """1,000 nested non-rectangular clips: cheap to parse, minutes and gigabytes to draw.
    The page is drawn in a child that its bounds stop: a 422 naming the bound, and the
    server process does no drawing work itself."""
    import pymupdf

    from api import LimitExceeded
    from api._pages import render_page_image
    from ingest import ChildOutOfMemory, ChildTimedOut

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Nested clips", fontsize=12)
    clip = b"q 0 0 m 612 0 l 306 792 l h W n "
    xref = page.get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + b"\n" + clip * 1000 + b"Q " * 1000)
    path = tmp_path / "clips.pdf"
    doc.save(path)
    with pytest.raises(LimitExceeded) as err:
        render_page_image(path, 1, zoom=2.0, render_seconds=2.0, render_memory_bytes=1 << 29)
    assert err.value.status == 422 and "page_render" in str(err.value)
    # stopped by the child's own bound (its timeout or memory outcome), not by finishing:
    # no time measured here, which a loaded machine would stretch
    assert isinstance(err.value.__context__, (ChildTimedOut, ChildOutOfMemory))


def test_line_boxes_are_numbered_as_citations_number_them(
    pages: tuple[TestClient, str, Path],
) -> None:
    """GET .../pages/{page}/lines: the lines a citation's line_start/line_end name, with the
    boxes the highlight covers, and the page's size to place them on its image."""
    client, url, path = pages
    got = client.get(f"{url}/2/lines")
    assert got.status_code == 200, got.text[:300]
    body = got.json()
    assert (body["page"], body["width"], body["height"]) == (2, 612, 792)
    parsed = PdfParser().run(path.read_bytes(), "x.pdf")
    expected = [(ln.line_no, list(ln.bbox)) for ln in parsed.lines if ln.page == 2]
    assert [(ln["line_no"], ln["bbox"]) for ln in body["lines"]] == expected
    third = body["lines"][2]["bbox"]
    rows = _yellow_rows(_image(pages, 2, line_start=3), 1.0)
    assert rows and all(third[1] - 3 <= y <= third[3] + 3 for y in rows)
    assert client.get(f"{url}/3/lines").status_code == 404
    assert client.get(f"{url}/0/lines").status_code == 422
    assert client.get(f"{url}/1/lines", headers={"Authorization": "Bearer nope"}).status_code == 401
    other = url.replace("/kbs/kb/", "/kbs/missing/")
    assert client.get(f"{other}/1/lines").status_code == 404
