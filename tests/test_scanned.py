"""The whole pipeline on scans: data-room documents rasterized (no text layer, skewed, noisy)
are ingested with the default OCR, and questions are answered from them with citations to the
recognized lines, the gate holding as on born-digital documents. Scans that carry an old OCR's
text layer answer likewise: a noisy layer is read again, a good one kept (issue 38)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api import ApiSettings, create_app
from app import Runtime, Settings
from bench.data_room import scan_pdf

pytestmark = pytest.mark.slow

_SCANNED = ("01_Certificate_of_Incorporation.pdf", "03_Founders_Agreement.pdf")
_SKEW = (1.2, -0.8)  # degrees, page by page
# Answered from these two documents (born-digital), and one trap (a look-alike company).
_QUESTIONS = (
    "Who is the CEO of Halcyon Robotics?",
    "Who acted as incorporator of Halcyon Robotics, Inc.?",
    "Who is the registered agent of Halcyon Robotics, Inc.?",
    "Who is the CEO of Halcyon Robotic Systems Ltd.?",
)


def _open_kb(paths: list[Path], data_dir: Path):
    rt = Runtime.open(Settings(data_dir=data_dir))
    report = rt.ingestor.run("room", paths)
    assert not report.failed, [(d.name, d.reason) for d in report.failed]
    return rt


@pytest.fixture(scope="module")
def kbs(data_room: list[Path], tmp_path_factory: pytest.TempPathFactory):
    """The two documents as they are, and as scans, each in a knowledge base of its own."""
    folder = tmp_path_factory.mktemp("scans")
    born, scans = [], []
    for source in data_room:
        if source.name in _SCANNED:
            target = folder / source.name
            target.write_bytes(scan_pdf(source.read_bytes(), skew=_SKEW, noise=8.0))
            born.append(source)
            scans.append(target)
    # One embedded store open at a time is enough: each test opens the one it reads.
    born_rt = _open_kb(born, tmp_path_factory.mktemp("born-kb") / "evrag")
    born_rt.close()
    scan_rt = _open_kb(scans, tmp_path_factory.mktemp("scan-kb") / "evrag")
    scan_rt.close()
    return born_rt.settings, scan_rt.settings


@pytest.fixture(scope="module", params=["noisy", "good"])
def layered(request, data_room: list[Path], tmp_path_factory: pytest.TempPathFactory):
    """The two documents as scans with an invisible text layer, noisy or good."""
    folder = tmp_path_factory.mktemp(f"layer-{request.param}")
    # The noisy layer lies over the very images `kbs` scanned (same skew, noise and seed): the
    # layer is refused and the page read again, and the images are the ones OCR read already
    # in this process, so that reading is not paid twice. A good layer is kept, so it must lie
    # over an upright page where its words are printed.
    skew = _SKEW if request.param == "noisy" else 0.0
    paths = []
    for source in data_room:
        if source.name in _SCANNED:
            target = folder / source.name
            target.write_bytes(
                scan_pdf(source.read_bytes(), skew=skew, noise=8.0, layer=request.param)
            )
            paths.append(target)
    rt = _open_kb(paths, tmp_path_factory.mktemp(f"layer-{request.param}-kb") / "evrag")
    try:
        yield request.param, rt
    finally:
        rt.close()


def _answers(rt) -> list[dict]:
    return [rt.skill.ask("room", q).model_dump(mode="json") for q in _QUESTIONS]


def test_every_scanned_page_is_read_and_recorded(kbs):
    _, scan_settings = kbs
    with Runtime.open(scan_settings) as scanned:
        docs = scanned.catalog.list_documents("room")
    assert sorted(d.name for d in docs) == sorted(_SCANNED)
    for doc in docs:
        assert doc.details["ocr_pages"] == list(range(1, doc.pages + 1))
        (backend,) = doc.details["ocr_backends"]
        assert backend.startswith("rapidocr-onnxruntime")
        assert doc.details["ocr_backends"][backend] == doc.details["ocr_pages"]
        assert "content_key" in doc.details  # every page read: may fold as an exact copy


def test_scans_answer_as_the_born_digital_documents_do(kbs):
    born_settings, scan_settings = kbs
    with Runtime.open(scan_settings) as scanned:
        _same_answers(born_settings, scanned)


def test_a_noisy_layer_is_read_again_and_a_good_one_kept(layered):
    layer, rt = layered
    for doc in rt.catalog.list_documents("room"):
        layers = doc.details["text_layers"]
        assert len(layers) >= 2  # each page with text (a blank page has no layer: OCR reads it)
        blank = sorted(set(range(1, doc.pages + 1)) - {t["page"] for t in layers})
        if layer == "noisy":
            assert all(t["layer"] == "ocr" and t["ocr_score"] > t["layer_score"] for t in layers)
            assert doc.details["ocr_pages"] == list(range(1, doc.pages + 1))
        else:
            assert all(t["layer"] == "text" and t["ocr_score"] is None for t in layers)
            assert doc.details["ocr_pages"] == blank


def test_scans_with_a_text_layer_answer_as_the_born_digital_documents_do(kbs, layered):
    born_settings, _ = kbs
    layer, rt = layered
    # A kept layer has no bold and sizes guessed from word boxes (as an OCR layer has), so its
    # headings, hence sections, differ: same answers, evidence possibly from another page.
    _same_answers(born_settings, rt, same_pages=layer == "noisy")


def _same_answers(born_settings: Settings, scanned: Runtime, *, same_pages: bool = True) -> None:
    with Runtime.open(born_settings) as born:
        expected = _answers(born)
    got = _answers(scanned)
    for want, have in zip(expected, got, strict=True):
        assert have["terminal_state"] == want["terminal_state"], have["question"]
        values = sorted(v["value"] for v in have["conclusion"]["values"])
        assert values == sorted(v["value"] for v in want["conclusion"]["values"])
        if not same_pages:
            continue
        # cited where the born-digital answer cites: same documents, pages and lines
        cited = sorted(
            (e["source_location"]["document"], e["source_location"]["page"])
            for e in have["evidence"]
        )
        assert cited == sorted(
            (e["source_location"]["document"], e["source_location"]["page"])
            for e in want["evidence"]
        )
    assert got[0]["terminal_state"] == "CONCLUDED" and got[-1]["terminal_state"] == (
        "SUBJECT_NOT_FOUND"
    )


def test_a_cited_scanned_line_can_be_shown_on_its_page(kbs):
    """The page image route highlights a cited line of a scanned page from the line boxes
    OCR found at ingestion: the page has no text layer to lay out again, so without them it
    would have no lines at all (and a highlight would have to run OCR again)."""
    _, scan_settings = kbs
    admin = {"Authorization": "Bearer scan-admin"}
    app = create_app(scan_settings, ApiSettings(admin_key="scan-admin"))
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.post("/v1/kbs/room/query", json={"question": _QUESTIONS[0]}, headers=admin)
        assert answer.status_code == 200, answer.text[:300]
        evidence = answer.json()["evidence"]
        assert evidence
        for unit in evidence:
            loc = unit["source_location"]
            assert loc["line_start"] and loc["line_end"] and unit["quote"].strip()
            url = f"/v1/kbs/room/documents/{loc['document_id']}/pages/{loc['page']}/image"
            lines = {"line_start": loc["line_start"], "line_end": loc["line_end"]}
            shown = client.get(url, params=lines, headers=admin)
            assert shown.status_code == 200, shown.text[:300]
            assert shown.content.startswith(b"\x89PNG")
            # Past the page's last line: the answer names how many lines the page has.
            past = client.get(url, params={"line_start": 100_000}, headers=admin)
            assert past.status_code == 422, past.text[:300]
            counted = re.search(r"page \d+ has (\d+) lines", past.json()["detail"])
            assert counted and int(counted.group(1)) >= loc["line_end"], past.json()
