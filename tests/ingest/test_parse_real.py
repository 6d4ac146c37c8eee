"""PdfParser on real documents from the shared data (skipped when the data is absent)."""

from __future__ import annotations

import json
import re

import pytest

from ingest import Chunker, PdfParser

from .conftest import CUAD, FINANCEBENCH, require


def _key(name: str) -> str:
    name = name.lower().replace("&", "and")
    name = re.sub(r"\b(the|inc|corp|corporation|llc|ltd|co|company|incorporated)\b", "", name)
    return re.sub(r"[^a-z0-9]", "", name)


def _cuad_parties(pdf: str) -> list[str]:
    for raw in require(CUAD / "clauses.jsonl").read_text().splitlines():
        row = json.loads(raw)
        if row["pdf"] == pdf:
            names = [
                re.sub(r"\(.*?\)|[\"“”]", "", p).strip() for p in row["Parties (answer)"].split(";")
            ]
            return [n for n in names if len(_key(n)) > 2][:2]
    raise AssertionError(f"{pdf} not in clauses.jsonl")


@pytest.mark.parametrize(
    ("pdf", "date"),
    [
        ("ATMOSENERGYCORP_11_22_2002-EX-10.17-TRANSPORTATION SERVICE AGREEMENT.PDF", "1992-05-20"),
        ("ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT.PDF", "2016-11-06"),
        (
            "BABCOCK_WILCOXENTERPRISES,INC_08_04_2015-EX-10.17-INTELLECTUAL PROPERTY AGREEMENT "
            "between THE BABCOCK _ WILCOX COMPANY and BABCOCK _ WILCOX ENTERPRISES, INC..PDF",
            "2015-06-26",
        ),
        ("MANAKOASERVICESCORP_11_21_2007-EX-7.5-STRATEGIC ALLIANCE AGREEMENT.PDF", None),
    ],
)
def test_cuad_agreements(pdf, date):
    path = require(CUAD / "pdf" / pdf)
    doc = PdfParser().run(path.read_bytes(), pdf)
    assert doc.document_type == "agreement"
    got = [_key(p) for p in doc.parties]
    for expected in _cuad_parties(pdf):
        assert any(_key(expected) in g or g in _key(expected) for g in got if g), (
            expected,
            doc.parties,
        )
    if date:
        assert doc.document_date == date
    assert any(line.is_heading for line in doc.lines)
    assert any(line.clause for line in doc.lines)
    # born-digital: no page's text layer is scored, none read again by OCR (issue 38)
    assert doc.pages
    assert all(page.text_layer is None and page.ocr_score is None for page in doc.pages)


def test_cuad_articles_and_sections():
    pdf = (
        "BABCOCK_WILCOXENTERPRISES,INC_08_04_2015-EX-10.17-INTELLECTUAL PROPERTY AGREEMENT "
        "between THE BABCOCK _ WILCOX COMPANY and BABCOCK _ WILCOX ENTERPRISES, INC..PDF"
    )
    doc = PdfParser().run(require(CUAD / "pdf" / pdf).read_bytes(), pdf)
    sections = {line.section for line in doc.lines if line.section}
    assert any("ARTICLE I" in s and "Section 1.2 Interpretation" in s for s in sections)
    roman = [line for line in doc.lines if line.is_furniture]
    assert roman and all(len(line.text) <= 6 for line in roman)  # page numbers "ii", "1"


def test_financebench_8k_with_filing_date():
    path = require(FINANCEBENCH / "AMCOR_2022_8K_dated-2022-07-01.pdf")
    doc = PdfParser().run(path.read_bytes(), path.name)
    assert doc.document_type == "filing"
    assert doc.document_date == "2022-07-01"


@pytest.mark.slow
def test_financebench_encrypted_10k_opens_and_chunks():
    path = require(FINANCEBENCH / "ADOBE_2022_10K.pdf")  # AES-256, empty user password
    doc = PdfParser().run(path.read_bytes(), path.name)
    assert len(doc.pages) == 99
    assert doc.document_type == "filing"
    assert doc.document_date == "2022-12-02"
    numbered = sum(
        1 for p in doc.pages if any(ln.is_furniture for ln in doc.lines if ln.page == p.number)
    )
    assert numbered > 80  # page numbers / running lines found on most pages
    item7 = [ln for ln in doc.lines if ln.section and "ITEM 7. MANAGEMENT" in ln.section.upper()]
    assert len(item7) > 100  # the heading's wrapped second line does not replace it
    records = Chunker().run(doc, "g")
    assert len(records) > 300
    assert all(len(r.text.split()) <= 180 for r in records)
