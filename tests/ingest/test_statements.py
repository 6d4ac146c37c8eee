"""The statement table reader on a generated statement page: parentheses, dashes, the
caption's scale, two periods, indented parent rows, a wrapped label, per-share rows."""

from __future__ import annotations

import pymupdf
import pytest

from domain import StatementCell
from ingest import PdfParser
from tests.pdfs import Line, StatementTable, statement_pdf

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


def _variant_pdf() -> bytes:
    """An earnings statement as retailers print it: "in thousands", fiscal years ending in
    January and February (dates above the years), a restated column, per-share rows and
    share counts under parent rows that name their unit, losses in parentheses."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    edges = (420.0, 520.0)
    y = 72.0

    def line(*items: tuple[float, str, bool]) -> None:
        nonlocal y
        y += 13
        for x, s, right in items:
            if right:
                x = x - pymupdf.get_text_length(s, fontsize=9)
            page.insert_text((x, y), s, fontsize=9, fontname="helv")

    line((72, "Wren Stores, Inc.", False))
    line((72, "Consolidated Statements of Earnings", False))
    line((72, "(in thousands, except per share amounts)", False))
    line((edges[1], "As Restated", True))
    line((edges[0], "February 1, 2020", True), (edges[1], "February 2, 2019", True))
    line((72, "Fiscal Years Ended", False), (edges[0], "2020", True), (edges[1], "2019", True))
    rows = (
        ("Revenue", 0, "43,638,000", "42,879,000"),
        ("Net earnings (loss)", 0, "1,541,000", "(1,464,000)"),
        # a heading wrapped onto a second line, its rows at its own indentation (Corning)
        ("Earnings (loss) per share attributable to", 0, "", ""),
        ("Wren Stores, Inc.:", 0, "", ""),
        ("Basic", 0, "5.82", "(5.30)"),
        ("Diluted", 0, "5.75", "(5.20)"),
        ("Weighted-average common shares outstanding:", 0, "", ""),
        ("Basic", 9, "264,900", "276,400"),
        ("Diluted", 9, "268,100", "281,400"),
        ("Shares used to compute diluted net income per share", 0, "268,100", "281,400"),
    )
    for label, indent, a, b in rows:
        line((72 + indent, label, False), (edges[0], a, True), (edges[1], b, True))
    return doc.tobytes()


@pytest.fixture(scope="module")
def variant() -> tuple[StatementCell, ...]:
    return PdfParser(ocr="off", isolate=False).run(_variant_pdf(), "wren.pdf").statement_cells


def _under(cells: tuple[StatementCell, ...], parent: str, label: str, period: str) -> StatementCell:
    found = [
        c
        for c in cells
        if c.row_label == label and c.parents[-1:] == (parent,) and c.period == period
    ]
    assert len(found) == 1, [(c.parents, c.row_label, c.period) for c in cells]
    return found[0]


def test_per_share_rows_under_a_per_share_heading_are_not_dollars(
    variant: tuple[StatementCell, ...],
) -> None:
    eps = [c for c in variant if c.row_label == "Diluted" and c.unit != "shares"]
    assert [(c.period, c.value, c.unit, c.scale) for c in eps] == [
        ("FY2020", 5.75, "USD/share", 1),
        ("FY2019", -5.2, "USD/share", 1),
    ]
    # the heading names the unit of the rows under it, until a row stands left of it
    assert _cell(variant, "Revenue", "FY2020").unit == "USD"
    shares = _under(variant, "Weighted-average common shares outstanding:", "Diluted", "FY2020")
    assert (shares.value, shares.unit, shares.scale) == (268_100.0, "shares", 1_000)
    # a label that counts shares, though it names the per-share figure they compute
    used = _cell(variant, "Shares used to compute diluted net income per share", "FY2020")
    assert (used.unit, used.scale) == ("shares", 1_000)


def test_thousands_february_year_ends_and_a_restated_column(
    variant: tuple[StatementCell, ...],
) -> None:
    revenue = _cell(variant, "Revenue", "FY2019")
    assert (revenue.amount, revenue.period_end) == (42_879_000_000, "2019-02-02")
    assert "Restated" in revenue.column
    loss = _cell(variant, "Net earnings (loss)", "FY2019")
    assert (loss.value, loss.scale, loss.unit) == (-1_464_000.0, 1_000, "USD")
    assert _cell(variant, "Net earnings (loss)", "FY2020").period_end == "2020-02-01"


def test_a_span_centred_over_two_columns_spans_both() -> None:
    # a 10-Q prints "Three Months Ended" and "Six Months Ended" each once, centred over its
    # two columns: the prior year's column under each is that span too, not a fiscal year
    edges = (350.0, 420.0, 490.0, 560.0)
    table = StatementTable(
        "Condensed Consolidated Statements of Operations",
        "(In millions; unaudited)",
        ("2023", "2022", "2023", "2022"),
        (
            *(
                (label, 0.0, ("13,507", "6,704", "20,699", "14,992"))
                for label in ("Revenue", "Cost of revenue", "Gross profit", "Operating income")
            ),
            ("Net income", 0.0, ("6,188", "656", "8,231", "2,274")),
        ),
        header=(
            ((300.0, "Three Months Ended"), (440.0, "Six Months Ended")),
            tuple((e - 45, ("July 29,", "July 30,")[i % 2]) for i, e in enumerate(edges)),
        ),
        edges=edges,
    )
    data = statement_pdf([Line("FORM 10-Q")], [table])
    cells = PdfParser(ocr="off", isolate=False).run(data, "q.pdf").statement_cells
    income = [c for c in cells if c.row_label == "Net income"]
    assert [(c.period, c.months, c.text) for c in income] == [
        ("3M:2023-07-29", 3, "6,188"),
        ("3M:2022-07-30", 3, "656"),
        ("6M:2023-07-29", 6, "8,231"),
        ("6M:2022-07-30", 6, "2,274"),
    ]
    assert income[1].column == "Three Months Ended July 30, 2022"


@pytest.mark.parametrize(
    ("spans", "day", "end"),
    [
        # Amcor's 10-Q: "Three Months Ended December 31," and "Six Months Ended December 31,"
        # on one line over "2022  2021  2022  2021"
        (("Three Months Ended December 31,", "Six Months Ended December 31,"), None, "12-31"),
        (("Three Months Ended June 30,", "Nine Months Ended June 30,"), None, "06-30"),
        (("3 Months Ended Sep. 30,", "9 Months Ended Sep. 30,"), None, "09-30"),
        # a date printed over each column as well is that column's own
        (("Three Months Ended", "Six Months Ended"), "July 29,", "07-29"),
    ],
)
def test_a_span_and_its_date_printed_once_date_every_column_under_it(
    spans: tuple[str, str], day: str | None, end: str
) -> None:
    edges = (350.0, 420.0, 490.0, 560.0)
    table = StatementTable(
        "Condensed Consolidated Statements of Income",
        "($ in millions, except per share data)",
        ("2022", "2021", "2022", "2021"),
        tuple(
            (label, 0.0, ("3,642", "3,507", "7,354", "6,927"))
            for label in ("Net sales", "Cost of sales", "Gross profit", "Operating income")
        ),
        header=(
            ((290.0, spans[0]), (440.0, spans[1])),
            *((tuple((e - 45, day) for e in edges),) if day else ()),
        ),
        edges=edges,
    )
    data = statement_pdf([Line("FORM 10-Q")], [table])
    cells = PdfParser(ocr="off", isolate=False).run(data, "q.pdf").statement_cells
    sales = [c for c in cells if c.row_label == "Net sales"]
    first, second = (
        int(s.split()[0]) if s[0].isdigit() else {"Three": 3, "Six": 6, "Nine": 9}[s.split()[0]]
        for s in spans
    )
    assert [(c.period, c.period_end, c.months) for c in sales] == [
        (f"{first}M:2022-{end}", f"2022-{end}", first),
        (f"{first}M:2021-{end}", f"2021-{end}", first),
        (f"{second}M:2022-{end}", f"2022-{end}", second),
        (f"{second}M:2021-{end}", f"2021-{end}", second),
    ]


def test_a_title_centred_above_the_spans_is_the_caption_not_a_columns_words() -> None:
    # Amcor's 10-Q centres its title over the columns, right above "Three Months Ended
    # December 31,": the title is the table's caption (it names the statement), and no
    # column's header holds its words
    edges = (350.0, 420.0, 490.0, 560.0)
    table = StatementTable(
        "Amcor-like plc and Subsidiaries",
        "",
        ("2022", "2021", "2022", "2021"),
        tuple(
            (label, 0.0, ("3,642", "3,507", "7,354", "6,927"))
            for label in ("Net sales", "Cost of sales", "Gross profit", "Operating income")
        ),
        header=(
            ((220.0, "Condensed Consolidated Statements of Income"),),
            ((290.0, "(Unaudited)"),),
            ((290.0, "Three Months Ended December 31,"), (440.0, "Six Months Ended December 31,")),
        ),
        edges=edges,
    )
    data = statement_pdf([Line("FORM 10-Q")], [table])
    cells = PdfParser(ocr="off", isolate=False).run(data, "q.pdf").statement_cells
    sales = [c for c in cells if c.row_label == "Net sales"]
    assert [c.period for c in sales] == [
        "3M:2022-12-31",
        "3M:2021-12-31",
        "6M:2022-12-31",
        "6M:2021-12-31",
    ]
    assert all("Statements of Income" in c.caption for c in sales)
    assert not any("Consolidated" in c.column or "Unaudited" in c.column for c in sales)
