"""The statement table reader on a generated statement page: parentheses, dashes, the
caption's scale, two periods, indented parent rows, a wrapped label, per-share rows."""

from __future__ import annotations

import pymupdf
import pytest

from domain import StatementCell
from ingest import PdfParser

COLUMNS = (72.0, 380.0, 470.0)


def _statement_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0

    def text(x: float, s: str, right: bool = False) -> None:
        if right:  # figures right-aligned on their column's edge, as filings print them
            x = x - pymupdf.get_text_length(s, fontsize=9)
        page.insert_text((x, y), s, fontsize=9, fontname="helv")

    def row(label: str, indent: float, a: str, b: str) -> None:
        nonlocal y
        y += 13
        text(COLUMNS[0] + indent, label)
        if a:
            text(COLUMNS[1] + 40, a, right=True)
        if b:
            text(COLUMNS[2] + 40, b, right=True)

    text(72, "Corvid Holdings, Inc.")
    y += 13
    text(72, "Consolidated Statements of Cash Flows")
    y += 13
    text(72, "(in millions, except per share data)")
    y += 18
    text(COLUMNS[1], "Fiscal 2023")
    text(COLUMNS[2], "Fiscal 2022")
    row("Operating activities", 0, "", "")
    row("Net income", 9, "1,234", "(56)")
    row("Adjustments to reconcile net income to net cash", 9, "", "")
    row("provided by operating activities", 14, "310", "298")
    row("Net cash provided by operating activities", 0, "1,544", "242")
    row("Investing activities", 0, "", "")
    row("Purchases of property and equipment", 9, "(1,577)", "(1,373)")
    # (the base-14 font has no em dash: "-" is the dash filings print in ASCII)
    row("Acquisitions, net of cash acquired", 9, "-", "(2,023)")
    row("Diluted earnings per share", 0, "3.45", "(0.12)")
    # a wrapped label naming amounts and years in prose is no header of a new table
    row("Advances, net of refunds of $24, $30 in 2023, 2022", 0, "", "")
    row("and 2021, respectively", 0, "28", "26")
    row("Dividends paid", 0, "(389)", "(353)")
    for _ in range(4):  # enough table rows for the page to be read as tables
        row("Other, net", 9, "12", "8")
    return doc.tobytes()


@pytest.fixture(scope="module")
def cells() -> tuple[StatementCell, ...]:
    return PdfParser(ocr="off", isolate=False).run(_statement_pdf(), "corvid.pdf").statement_cells


def _cell(cells: tuple[StatementCell, ...], label: str, period: str) -> StatementCell:
    found = [c for c in cells if c.row_label == label and c.period == period]
    assert len(found) == 1, [(c.row_label, c.period) for c in cells]
    return found[0]


def test_periods_scale_and_signs(cells: tuple[StatementCell, ...]) -> None:
    capex = _cell(cells, "Purchases of property and equipment", "FY2023")
    assert (capex.value, capex.scale, capex.unit, capex.text) == (-1577.0, 10**6, "USD", "(1,577)")
    assert capex.amount == -1_577_000_000
    assert _cell(cells, "Purchases of property and equipment", "FY2022").value == -1373.0
    assert _cell(cells, "Net income", "FY2022").value == -56.0
    assert "Cash Flows" in capex.caption


def test_dash_is_an_empty_cell(cells: tuple[StatementCell, ...]) -> None:
    acquisitions = _cell(cells, "Acquisitions, net of cash acquired", "FY2023")
    assert acquisitions.value is None and acquisitions.amount is None
    assert _cell(cells, "Acquisitions, net of cash acquired", "FY2022").value == -2023.0


def test_parents_by_indentation_and_wrapped_labels(cells: tuple[StatementCell, ...]) -> None:
    capex = _cell(cells, "Purchases of property and equipment", "FY2023")
    assert capex.parents == ("Investing activities",)
    assert _cell(cells, "Net income", "FY2023").parents == ("Operating activities",)
    wrapped = _cell(
        cells,
        "Adjustments to reconcile net income to net cash provided by operating activities",
        "FY2023",
    )
    assert wrapped.value == 310.0
    assert _cell(cells, "Net cash provided by operating activities", "FY2023").parents == ()


def test_per_share_rows_are_not_scaled(cells: tuple[StatementCell, ...]) -> None:
    eps = _cell(cells, "Diluted earnings per share", "FY2022")
    assert (eps.value, eps.unit, eps.scale) == (-0.12, "USD/share", 1)


def test_each_cell_cites_its_printed_line(cells: tuple[StatementCell, ...]) -> None:
    doc = PdfParser(ocr="off", isolate=False).run(_statement_pdf(), "corvid.pdf")
    capex = _cell(cells, "Purchases of property and equipment", "FY2023")
    line = next(ln for ln in doc.lines if ln.page == capex.page and ln.line_no == capex.line_no)
    assert line.text == capex.line_text
    assert doc.text[capex.char_start : capex.char_end] == line.text
    assert "(1,577)" in line.text
    _, y0, x1, y1 = capex.bbox
    assert x1 == pytest.approx(COLUMNS[1] + 40, abs=1.0) and y0 < y1


def test_years_in_a_labels_prose_start_no_table(cells: tuple[StatementCell, ...]) -> None:
    dividends = _cell(cells, "Dividends paid", "FY2022")
    assert (dividends.value, dividends.scale) == (-353.0, 10**6)
    assert "Cash Flows" in dividends.caption
