"""Fixtures for ingest tests: real PDFs built with PyMuPDF, and real documents when present."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import ParsedDocument, PdfParser
from tests import pdfs

ROOT = Path(__file__).resolve().parents[2]

SHARED = Path("/work/shared/data")
if not SHARED.exists():
    SHARED = ROOT.parent / "shared" / "data"
CUAD = SHARED / "cuad"
FINANCEBENCH = SHARED / "financebench" / "pdfs"


@pytest.fixture(scope="session")
def contract_bytes() -> bytes:
    return pdfs.contract_pdf()


@pytest.fixture(scope="session")
def contract(contract_bytes: bytes) -> ParsedDocument:
    return PdfParser().run(contract_bytes, "msa.pdf")


@pytest.fixture(scope="session")
def corpus() -> list[tuple[str, bytes]]:
    """The round-trip corpus: synthetic PDFs of every layout, plus a few real ones if present."""
    docs: list[tuple[str, bytes]] = [
        ("msa.pdf", pdfs.contract_pdf()),
        (
            "columns.pdf",
            pdfs.two_column_pdf(
                "Quarterly Newsletter",
                [
                    f"Left paragraph {i}. " + "Revenue grew in every region this quarter. " * 6
                    for i in range(3)
                ],
                [
                    f"Right paragraph {i}. " + "Costs fell as the new plant came online. " * 6
                    for i in range(3)
                ],
            ),
        ),
    ]
    real = [
        CUAD / "pdf" / "ATMOSENERGYCORP_11_22_2002-EX-10.17-TRANSPORTATION SERVICE AGREEMENT.PDF",
        FINANCEBENCH / "AMCOR_2022_8K_dated-2022-07-01.pdf",
        FINANCEBENCH / "BESTBUY_2024Q2_10Q.pdf",
    ]
    docs.extend((p.name, p.read_bytes()) for p in real if p.exists())
    return docs


def require(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared data not present: {path}")
    return path
