"""Scanned pages with a text layer (issue 38): the layer is scored, a poor one is read again by
OCR and the better reading kept, a good one kept as it is; born-digital pages are never
scored."""

from __future__ import annotations

import pytest

from bench.data_room import scan_pdf
from bench.data_room._scan import noisy_words
from domain import known_words
from ingest import REREAD_BELOW, PdfParser, score_text_layer
from tests import pdfs
from tests.pdfs import Line

_BODY = [
    "This Agreement is made between Halyard Marine Systems, Inc. and Larkspur Freight LLC.",
    "The Supplier shall deliver the Services described in Schedule A to the Customer.",
    "Either party may terminate this Agreement on ninety days written notice to the other.",
    "The Customer shall pay each invoice within thirty days of the date of its receipt.",
    "This Agreement is governed by the laws of the State of Delaware without regard to",
    "its conflict of laws principles, and each party submits to the courts of that State.",
]


def _contract() -> bytes:
    page = [Line("MASTER SERVICES AGREEMENT", size=15, bold=True)]
    page += [Line(t, size=11) for t in _BODY]
    return pdfs.make_pdf([page])


def _words(text: str) -> list[str]:
    return text.lower().split()


@pytest.fixture(scope="module")
def born() -> tuple[bytes, str]:
    data = _contract()
    return data, PdfParser(isolate=False).run(data, "born.pdf").text


def _score(texts: list[str]) -> float:
    import numpy as np
    import pymupdf

    ink = np.ones((100, 100), dtype=bool)  # all ink: the words alone are scored
    boxes = [(0.0, float(i), 10.0, float(i) + 1.0) for i in range(len(texts))]
    return score_text_layer(list(zip(texts, boxes, strict=True)), ink, 1.0, pymupdf.Identity).score


def test_the_word_list_is_the_shipped_data_file():
    words = known_words()
    assert len(words) > 10_000
    assert {"agreement", "party", "terminate", "indemnify"} <= words
    assert not {"tbe", "agreemcnt", "sliall"} & words


def test_misread_split_and_impossible_words_lower_the_score():
    clean = _score(_BODY)
    assert clean >= REREAD_BELOW
    assert _score([" ".join(noisy_words(t.split(), seed=3)) for t in _BODY]) < REREAD_BELOW
    assert _score(["This Agre ement is ma de between the par ties."]) < clean
    assert _score(["COMPLETION AND LIOUDm MAINTENANCE 4GRFFMFST between the parties"]) < clean
    # a name the list does not know is no misreading; a known word one letter off is
    assert _score(["Halyard shall pay Larkspur."]) == 1.0
    assert _score(["The Supplier shall pay the Custcmer."]) < 1.0


def test_no_scoring_on_a_born_digital_page(born):
    data, _ = born
    (page,) = PdfParser(isolate=False).run(data, "born.pdf").pages
    assert (page.text_layer, page.layer_score, page.ocr_score) == (None, None, None)


def test_a_good_text_layer_is_kept_as_it_is(born):
    scan = scan_pdf(born[0], layer="good")
    parsed = PdfParser(isolate=False).run(scan, "good.pdf")
    (page,) = parsed.pages
    assert page.text_layer == "text" and page.ocr_score is None
    assert page.layer_score is not None and page.layer_score >= REREAD_BELOW
    assert not page.ocr and not any(line.ocr for line in parsed.lines)
    assert _words(parsed.text) == _words(born[1])


@pytest.mark.slow
def test_a_noisy_text_layer_is_read_again_and_the_ocr_kept(born):
    scan = scan_pdf(born[0], layer="noisy", seed=1)
    layer_only = PdfParser(isolate=False, ocr="off").run(scan, "noisy.pdf")
    (kept,) = layer_only.pages  # OCR off: the layer stays, scored, not read again
    assert kept.text_layer == "text" and kept.ocr_score is None
    assert kept.layer_score is not None and kept.layer_score < REREAD_BELOW
    parsed = PdfParser(isolate=False).run(scan, "noisy.pdf")
    (page,) = parsed.pages
    assert page.text_layer == "ocr" and page.ocr and page.ocr_backend
    assert page.layer_score == kept.layer_score
    assert page.ocr_score is not None and page.ocr_score > page.layer_score
    assert all(line.ocr for line in parsed.lines)
    want = _words(born[1])
    assert _words(parsed.text) == want
    assert _words(layer_only.text) != want
