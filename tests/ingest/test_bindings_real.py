"""BindingExtractor on parsed PDFs: one built with PyMuPDF, and the CUAD gold contracts."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain import Binding, SubjectType
from ingest import (
    BindingExtractor,
    GoldBinding,
    GoldDocument,
    PdfParser,
    load_gold,
    score_bindings,
)
from tests.pdfs import Line, make_pdf

from .conftest import CUAD, require

GOLD = Path(__file__).resolve().parents[1] / "gold" / "cuad_bindings.jsonl"


@pytest.fixture(scope="module")
def license_pdf() -> bytes:
    page1 = [
        Line("SOFTWARE LICENSE AGREEMENT", size=14, bold=True),
        Line(
            "This Software License Agreement is entered into as of January 5, 2022 by and", gap=10
        ),
        Line('between Northwind Analytics, Inc., a Delaware corporation (the "Licensor"), and'),
        Line('Contoso Retail GmbH, a company organized under the laws of Germany ("Licensee").'),
        Line("WHEREAS, Licensor develops software;", gap=8),
        Line("1. License. Licensor grants Licensee a license.", gap=8),
        Line("Priya Natarajan, Chief Technology Officer of the Licensor, is the contact.", gap=8),
    ]
    page2 = [
        Line("IN WITNESS WHEREOF, the parties have signed this Agreement."),
        Line("NORTHWIND ANALYTICS, INC.", gap=12),
        Line("By: /s/ Priya Natarajan"),
        Line("Name: Priya Natarajan"),
        Line("Title: Chief Technology Officer"),
        Line("CONTOSO RETAIL GMBH", gap=12),
        Line("By: /s/ Lukas Becker"),
        Line("Name: Lukas Becker"),
        Line("Title: Managing Director"),
    ]
    return make_pdf([page1, page2], footer="Confidential - Page {page}")


def test_bindings_from_a_built_pdf(license_pdf: bytes) -> None:
    doc = PdfParser().run(license_pdf, "license.pdf")
    result = BindingExtractor().run(doc)
    by_role: dict[str, set[tuple[str, str | None]]] = {}
    for b in result.bindings:
        by_role.setdefault(b.role, set()).add((b.subject_key, b.parent_key))
    agreement_key = f"agreement:{doc.document_id[:16]}"
    assert by_role["party"] == {
        ("northwind analytics inc", agreement_key),
        ("contoso retail gmbh", agreement_key),
    }
    assert by_role["jurisdiction"] == {
        ("delaware", "northwind analytics inc"),
        ("germany", "contoso retail gmbh"),
    }
    assert by_role["cto"] == {("priya natarajan", "northwind analytics inc")}
    assert by_role["signatory"] == {
        ("priya natarajan", "northwind analytics inc"),
        ("lukas becker", "contoso retail gmbh"),
    }
    assert by_role["managing_director"] == {("lukas becker", "contoso retail gmbh")}
    roles = {
        b.subject_key: b.attributes.get("contract_role")
        for b in result.bindings
        if b.role == "party"
    }
    assert roles == {"northwind analytics inc": "licensor", "contoso retail gmbh": "licensee"}
    for b in result.bindings:
        _assert_cited(doc.text, b)
        assert "Confidential - Page" not in b.quote
    signatory = next(b for b in result.bindings if b.role == "signatory")
    assert signatory.location.page == 2
    assert signatory.subject_type == SubjectType.INDIVIDUAL


def _assert_cited(text: str, b: Binding) -> None:
    loc = b.location
    # No furniture sits inside these spans, so the quote is the exact slice of the text.
    assert text[loc.char_start : loc.char_end] == b.quote


@pytest.mark.slow
def test_cuad_gold_precision_and_recall() -> None:
    require(CUAD / "pdf")
    gold: list[GoldDocument] = load_gold(GOLD)
    assert len(gold) >= 15
    parser, extractor = PdfParser(), BindingExtractor()
    predicted: list[Binding] = []
    for g in gold:
        data = require(CUAD / "pdf" / g.document).read_bytes()
        predicted.extend(extractor.run(parser.run(data, g.document)).bindings)
    report = score_bindings(predicted, gold)
    print(report.table())
    assert report.overall.precision >= 0.95, report.table()
    assert report.overall.recall >= 0.90, report.table()
    for score in report.per_type:
        assert score.precision >= 0.95, report.table()
    assert report.contract_role_accuracy >= 0.95


def test_scorer_counts_misses_and_false_positives(license_pdf: bytes) -> None:
    doc = PdfParser().run(license_pdf, "license.pdf")
    predicted = BindingExtractor().run(doc).bindings
    gold = [
        GoldDocument(
            "license.pdf",
            ("party", "jurisdiction"),
            tuple(
                load_gold_line(
                    [
                        (
                            "party",
                            "contractual_role",
                            "Northwind Analytics Inc",
                            "agreement",
                            "licensor",
                        ),
                        ("party", "contractual_role", "Fabrikam LLC", "agreement", None),
                        (
                            "jurisdiction",
                            "registration",
                            "Delaware",
                            "Northwind Analytics, Inc.",
                            None,
                        ),
                    ]
                )
            ),
        )
    ]
    report = score_bindings(predicted, gold)
    scores = {s.binding_type: s for s in report.per_type}
    assert (
        scores["contractual_role"].true_positives,
        scores["contractual_role"].false_negatives,
    ) == (
        1,
        1,
    )
    assert scores["contractual_role"].false_positives == 1  # Contoso is not in this gold
    assert scores["registration"].false_positives == 1  # nor is Germany
    assert report.misses == ("license.pdf: party Fabrikam LLC -> agreement",)
    assert report.contract_role_accuracy == 1.0
    assert report.unjudged > 0  # signatory, cto, agreement: roles outside the annotated scope
    assert "MISS license.pdf" in report.table()


def load_gold_line(rows: list[tuple[str, str, str, str, str | None]]) -> list:
    return [
        GoldBinding("license.pdf", role, btype, subject, parent, contract_role)
        for role, btype, subject, parent, contract_role in rows
    ]
