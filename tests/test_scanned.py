"""The whole pipeline on scans: data-room documents rasterized (no text layer, skewed, noisy)
are ingested with the default OCR, and questions are answered from them with citations to the
recognized lines, the gate holding as on born-digital documents."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from api._pages import page_line_boxes
from api._runtime import Runtime
from retrieval import BlobStore, Settings
from tests.pdfs import scan_pdf

pytestmark = pytest.mark.slow

_SCANNED = ("01_Certificate_of_Incorporation.pdf", "03_Founders_Agreement.pdf")


@pytest.fixture(scope="module")
def scanned_kb(data_room: list[Path], tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("scans")
    paths = []
    for source in data_room:
        if source.name in _SCANNED:
            target = folder / source.name
            target.write_bytes(scan_pdf(source.read_bytes(), skew=(1.2, -0.8), noise=8.0))
            paths.append(target)
    settings = Settings(data_dir=tmp_path_factory.mktemp("scanned-kb") / "evrag")
    with Runtime.open(settings) as rt:
        report = rt.ingestor.run("scans", paths)
        assert not report.failed, [(d.name, d.reason) for d in report.failed]
        yield rt


def test_every_scanned_page_is_read_and_recorded(scanned_kb):
    docs = scanned_kb.catalog.list_documents("scans")
    assert sorted(d.name for d in docs) == sorted(_SCANNED)
    for doc in docs:
        assert doc.details["ocr_pages"] == list(range(1, doc.pages + 1))
        (backend,) = doc.details["ocr_backends"]
        assert backend.startswith("rapidocr-onnxruntime")
        assert doc.details["ocr_backends"][backend] == doc.details["ocr_pages"]
        assert "content_key" in doc.details  # every page read: may fold as an exact copy


def test_a_question_is_answered_from_scanned_lines_with_citations(scanned_kb):
    answer = scanned_kb.skill.ask("scans", "Who founded Halcyon Robotics, Inc.?")
    assert answer.terminal_state == "CONCLUDED"
    values = {v.value for v in answer.conclusion.values}
    assert {"Maria Okafor", "Tomas Lindgren"} <= values, values
    for unit in answer.evidence:
        loc = unit.source_location
        assert loc.document in _SCANNED and loc.line_start and loc.line_end
        # the quote is the recognized text of the cited lines, which the page image can show
        stored = BlobStore(scanned_kb.settings.data_dir).lines_path(loc.document_id)
        path = scanned_kb.blobs.path(loc.document_id)
        with pymupdf.open(path) as pdf:
            boxes = page_line_boxes(pdf, pdf[loc.page - 1], stored)
        assert len(boxes) >= loc.line_end
        assert unit.quote.strip()


def test_the_gate_holds_on_scans(scanned_kb):
    answer = scanned_kb.skill.ask("scans", "Who founded Brightline Analytics, Inc.?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert not answer.evidence
