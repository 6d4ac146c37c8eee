"""PdfParser on PDFs built with PyMuPDF: lines, reading order, furniture, structure, metadata."""

from __future__ import annotations

import hashlib

import pytest

from ingest import OCR_DISABLED, ParsedDocument, PdfParser
from tests import pdfs
from tests.pdfs import Line, Row


def _line(doc: ParsedDocument, needle: str):
    return next(line for line in doc.lines if needle in line.text)


def test_document_id_is_sha256_and_parse_is_deterministic(contract_bytes, contract):
    assert contract.document_id == hashlib.sha256(contract_bytes).hexdigest()
    assert PdfParser().run(contract_bytes, "msa.pdf") == contract


def test_every_line_slices_out_of_the_document_text(contract):
    assert contract.text == "\n".join(line.text for line in contract.lines)
    for line in contract.lines:
        assert contract.text[line.char_start : line.char_end] == line.text
        assert "\n" not in line.text and line.text == line.text.strip()


def test_lines_are_numbered_per_page_from_the_top_counting_furniture(contract):
    for page in contract.pages:
        lines = [line for line in contract.lines if line.page == page.number]
        assert [line.line_no for line in lines] == list(range(1, page.line_count + 1))
        tops = [line.bbox[1] for line in lines]
        assert tops == sorted(tops)
    first = [line for line in contract.lines if line.page == 1]
    assert first[0].text == "Master Supply Agreement - Confidential"
    assert first[0].is_furniture and first[0].line_no == 1
    assert first[1].text == "MASTER SUPPLY AGREEMENT" and first[1].line_no == 2


def test_running_header_and_page_numbers_are_furniture(contract):
    furniture = [line.text for line in contract.lines if line.is_furniture]
    assert furniture.count("Master Supply Agreement - Confidential") == 3
    assert [t for t in furniture if t.startswith("Page ")] == [f"Page {n} of 3" for n in (1, 2, 3)]
    assert not any(line.is_furniture for line in contract.lines if "Governing Law" in line.text)
    assert all(not line.is_furniture for line in contract.content_lines())


def test_section_paths_and_clauses(contract):
    governing = _line(contract, "governed by the laws of the State of New York")
    assert governing.section == "7. Miscellaneous > 7.2 Governing Law"
    assert governing.clause == "7.2"
    assert _line(contract, "7.2 Governing Law").is_heading
    assert _line(contract, "(a) Supplier shall invoice").clause == "6.2(a)"
    assert _line(contract, "(b) Customer shall pay").clause == "6.2(b)"
    assert _line(contract, "(b) Customer shall pay").section == "6. Payment > 6.2 Invoices"
    # a paragraph continued over a page break keeps its section
    assert _line(contract, "Title passes on delivery").section == (
        "2. Supply of Products > 2.2 Delivery"
    )
    assert _line(contract, "Robotic arm RX-7").section == "Schedule A"


def test_paragraphs_split_on_headings_and_gaps(contract):
    a = _line(contract, "(a) Supplier shall invoice")
    b = _line(contract, "(b) Customer shall pay")
    assert a.paragraph is not None and b.paragraph is not None and b.paragraph > a.paragraph
    wrapped = [line for line in contract.lines if line.paragraph == a.paragraph]
    assert len(wrapped) > 2
    continued = _line(contract, "Title passes on delivery")
    before = _line(contract, "Supplier shall deliver Products DDP")
    assert continued.paragraph == before.paragraph  # no sentence end before the page break


def test_table_rows_stay_together(contract):
    row = _line(contract, "Robotic arm RX-7")
    assert row.text == "Robotic arm RX-7 | $12,500.00 | 40"
    assert row.is_table_row
    assert not _line(contract, "7.2 Governing Law").is_table_row


def test_contract_metadata(contract):
    assert contract.title == "MASTER SUPPLY AGREEMENT"
    assert contract.document_type == "agreement"
    assert contract.document_date == "2021-03-03"
    assert contract.parties == ("Acme Robotics, Inc.", "Northwind Traders LLC")


def test_two_column_reading_order():
    left = [
        f"Alpha paragraph {i} says revenue grew in every region this quarter." * 3 for i in range(3)
    ]
    right = [f"Omega paragraph {i} says costs fell as the new plant opened." * 3 for i in range(3)]
    doc = PdfParser().run(pdfs.two_column_pdf("Quarterly Newsletter", left, right), "cols.pdf")
    texts = [line.text for line in doc.lines]
    assert texts[0] == "Quarterly Newsletter"
    alpha = [i for i, t in enumerate(texts) if "Alpha" in t or "revenue" in t]
    omega = [i for i, t in enumerate(texts) if "Omega" in t or "costs fell" in t]
    assert alpha and omega and max(alpha) < min(omega)
    # a column line never swallows the text beside it
    assert not any("Alpha" in t and "Omega" in t for t in texts)


def test_table_beside_labels_is_not_mistaken_for_columns():
    rows = [Row((f"Line item {i}", f"{i * 1000:,}", f"{i * 900:,}")) for i in range(1, 15)]
    doc = PdfParser().run(
        pdfs.make_pdf([[Line("Balance Sheet", size=14, bold=True), *rows]]), "t.pdf"
    )
    assert [line.text for line in doc.lines[1:4]] == [
        "Line item 1 | 1,000 | 900",
        "Line item 2 | 2,000 | 1,800",
        "Line item 3 | 3,000 | 2,700",
    ]


@pytest.mark.parametrize(
    ("heading", "body", "section", "clause"),
    [
        ("ARTICLE IV", "The Company shall maintain insurance.", "ARTICLE IV", None),
        ("Article 5 Remedies", "Remedies are cumulative.", "Article 5 Remedies", None),
        (
            "Section 3.2 Insurance",
            "The Company shall maintain insurance.",
            "Section 3.2 Insurance",
            "3.2",
        ),
        ("Exhibit 21", "Subsidiaries of the registrant are listed.", "Exhibit 21", None),
        ("Schedule B Prices", "Prices are fixed for the term.", "Schedule B Prices", None),
        ("4.1 Term", "The term is five years.", "4.1 Term", "4.1"),
    ],
)
def test_numbering_patterns_open_sections(heading, body, section, clause):
    pages = [
        [
            Line("Preliminary Statement", size=16, bold=True),
            *pdfs.paragraph("The parties record the following terms. " * 4),
            Line(heading, gap=12),
            *pdfs.paragraph(body * 3),
        ]
    ]
    doc = PdfParser().run(pdfs.make_pdf(pages), "n.pdf")
    line = _line(doc, body.split(".")[0])
    assert line.section is not None and line.section.endswith(section)
    assert line.clause == clause


def test_typographic_headings_without_numbers():
    pages = [
        [
            Line("Annual Review", size=20, bold=True),
            *pdfs.paragraph("This review covers the year. " * 6),
            Line("Operations", size=14, bold=True, gap=12),
            *pdfs.paragraph("Plants ran at full capacity all year. " * 5),
            Line("Outlook", size=14, bold=True, gap=12),
            *pdfs.paragraph("Demand is expected to stay firm next year. " * 5),
        ]
    ]
    doc = PdfParser().run(pdfs.make_pdf(pages), "h.pdf")
    assert _line(doc, "Plants ran").section == "Operations"
    assert _line(doc, "Demand is expected").section == "Outlook"
    assert doc.title == "Annual Review"


def test_wrapped_numbered_line_is_not_a_title():
    text = "1.5 million units were shipped in the year, well above the plan agreed with the board."
    pages = [
        [
            Line("Results", size=16, bold=True),
            *pdfs.paragraph("Shipments rose sharply. " + text, 40),
        ]
    ]
    doc = PdfParser().run(pdfs.make_pdf(pages), "w.pdf")
    assert all(line.clause is None for line in doc.lines)


# ----------------------------------------------------------------------------- metadata rules


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            [
                "FIRST AMENDMENT TO LOAN AGREEMENT",
                "This First Amendment is dated as of May 1, 2020.",
            ],
            "amendment",
        ),
        (
            ["CERTIFICATE OF INCORPORATION", "The name of the corporation is Acme Robotics, Inc."],
            "certificate",
        ),
        (["AMENDED AND RESTATED BYLAWS", "Article I Offices"], "bylaws"),
        (
            ["MINUTES OF THE MEETING OF THE BOARD OF DIRECTORS", "Present: all directors."],
            "minutes",
        ),
        (["MEMORANDUM", "To: Board of Directors", "From: General Counsel"], "memo"),
        (["FOR IMMEDIATE RELEASE", "Acme Robotics reports record revenue"], "press_release"),
        (
            ["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", "Annual report"],
            "filing",
        ),
        (["CONSOLIDATED BALANCE SHEETS", "Total assets 1,000"], "financial_statement"),
        (["SUPPLY AGREEMENT", "This Supply Agreement is made between the parties."], "agreement"),
        (
            ["Acme Robotics, Inc.", "Dear Ms. Jones,", "We are pleased to confirm the terms."],
            "letter",
        ),
        (["Quarterly Operations Report", "Plants ran at full capacity."], "report"),
        (["Shopping list", "apples and pears"], "other"),
    ],
)
def test_document_type_classifier(lines, expected):
    page = [Line(lines[0], size=16, bold=True)] + [Line(t, gap=6) for t in lines[1:]]
    doc = PdfParser().run(pdfs.make_pdf([page]), "d.pdf")
    assert doc.document_type == expected


@pytest.mark.parametrize(
    ("sentence", "iso"),
    [
        ("This Agreement is entered into as of January 5, 2019 by the parties.", "2019-01-05"),
        ("This Lease is made this 3rd day of June, 2015 between the parties.", "2015-06-03"),
        ("The note is dated 12 March 2018 and payable on demand.", "2018-03-12"),
        ("This certificate was executed on 2020-11-30 by the secretary.", "2020-11-30"),
        ("Date of Report (Date of earliest event reported): July 1, 2022", "2022-07-01"),
        ("The plan, effective as of Sept. 9, 2021, was adopted on October 1, 2021.", "2021-09-09"),
    ],
)
def test_document_date(sentence, iso):
    page = [Line("NOTICE", size=16, bold=True), *pdfs.paragraph(sentence)]
    assert PdfParser().run(pdfs.make_pdf([page]), "d.pdf").document_date == iso


@pytest.mark.parametrize(
    ("preamble", "parties"),
    [
        (
            'This License Agreement is made by and between Orion Labs, Inc., a Delaware corporation ("Licensor"), and Vega Health GmbH ("Licensee").',
            ("Orion Labs, Inc.", "Vega Health GmbH"),
        ),
        (
            "This Agreement is entered into between Harbor Bank, N.A. and Pine Street Capital LLC.",
            ("Harbor Bank, N.A.", "Pine Street Capital LLC"),
        ),
        (
            'This Services Agreement is made among Delta Corp. ("Delta"), an Ohio corporation, Echo Ltd. ("Echo"), and Foxtrot LLC ("Foxtrot").',
            ("Delta Corp.", "Echo Ltd.", "Foxtrot LLC"),
        ),
    ],
)
def test_preamble_parties(preamble, parties):
    page = [Line("SERVICES AGREEMENT", size=16, bold=True), *pdfs.paragraph(preamble)]
    assert PdfParser().run(pdfs.make_pdf([page]), "p.pdf").parties == parties


# ----------------------------------------------------------------------------- OCR


def test_image_only_page_is_reported_when_ocr_is_off(contract_bytes):
    data = pdfs.append_image_page(contract_bytes, ["Scanned signature page", "Signed by Acme"])
    doc = PdfParser(ocr="off").run(data, "scan.pdf")
    last = doc.pages[-1]
    assert last.skipped_reason == OCR_DISABLED and last.line_count == 0
    assert doc.warnings == (f"page {last.number}: {OCR_DISABLED}",)


def test_image_only_page_is_read_with_ocr(contract_bytes):
    """The default OCR (rapidocr, no system package) reads a scanned page appended to text."""
    data = pdfs.append_image_page(
        contract_bytes, ["Scanned signature page", "Signed by Acme Robotics"]
    )
    doc = PdfParser().run(data, "scan.pdf")
    last = doc.pages[-1]
    assert last.ocr and last.skipped_reason is None
    ocr_lines = [line for line in doc.lines if line.page == last.number]
    assert ocr_lines and all(line.ocr for line in ocr_lines)
    text = " ".join(line.text for line in ocr_lines)
    assert "Scanned signature page" in text and "Acme Robotics" in text
    assert not any(line.ocr for line in doc.lines if line.page < last.number)
