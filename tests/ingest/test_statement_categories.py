"""Statement tables the reader once missed (issue 35), as generated filing pages:

- a table whose columns are categories, not periods, its period printed once above it (a
  lease note's "Operating Leases | Finance Leases | Total" under "As of December 31, 2019";
  a segment note's geographic areas, stacked over several unruled header lines, beside
  "Worldwide" under "Year ended December 31, 2018"): its total column is the row's figure of
  that period, a category's column none;
- a count a balance sheet's row states in its label, not in a cell ("Issued and outstanding -
  218.1 million and 227.4 million shares, respectively"): one count per column, in order.
"""

from __future__ import annotations

import pytest

from domain import StatementCell
from ingest import PdfParser
from tests.pdfs import Line, StatementTable, statement_pdf

EDGES = (400.0, 480.0, 560.0)

# (title, caption: the period printed once, the columns' header lines, the total's header,
# its year and end date)
CATEGORY_TABLES = [
    (
        "Note 4 - LEASES",
        "As of December 31, 2019, our lease liabilities were as follows (in millions):",
        (((350.0, "Operating Leases"), (440.0, "Finance Leases"), (535.0, "Total")),),
        "FY2019",
        "2019-12-31",
    ),
    (
        "Note 12. Leases",
        "Our lease liabilities as of september 28, 2019 (in thousands):",
        (((360.0, "Operating"), (445.0, "Finance"), (520.0, "Consolidated")),),
        "FY2019",
        "2019-09-28",
    ),
    (
        "NOTE 18. Business Segments",
        "Net Sales (Millions)  Year ended December 31, 2018",
        (
            ((365.0, "Europe,"),),
            ((365.0, "Middle"), (445.0, "Other")),
            ((365.0, "East and"), (445.0, "Unallocated")),
            ((365.0, "Africa"), (445.0, "Adjustments"), (525.0, "Worldwide")),
        ),
        "FY2018",
        "2018-12-31",
    ),
]
ROWS = (
    ("Gross lease liabilities", 0.0, ("31,963", "28,875", "60,838")),
    ("Less: imputed interest", 0.0, ("(6,128)", "(1,896)", "(8,024)")),
    ("Present value of lease liabilities", 9.0, ("25,835", "26,979", "52,814")),
    ("Less: current portion", 0.0, ("(3,139)", "(9,884)", "(13,023)")),
)


def _table(title: str, caption: str, header: tuple[tuple[tuple[float, str], ...], ...]):
    return StatementTable(title, caption, (), ROWS, header=header, edges=EDGES)


# a table whose period is not one: two years above its categories
TWO_YEARS = StatementTable(
    "Note 9. Leases",
    "As of December 31, 2019 and 2018 (in millions):",
    (),
    ROWS,
    header=(((350.0, "Operating Leases"), (440.0, "Finance Leases"), (535.0, "Total")),),
    edges=EDGES,
)

SHARE_LABELS = [
    # (the label's lines, the counts per column and their scale)
    (
        (
            "Common stock, $0.10 par value: Authorized - 1.0 billion shares; Issued and",
            "outstanding - 218.1 million and 227.4 million shares, respectively",
        ),
        ((218.1, 1_000_000), (227.4, 1_000_000)),
    ),
    (
        (
            "Common stock, $.01 par value; authorized 3,000 shares;",
            "outstanding 412.5 and 420.1 million shares",
        ),
        ((412.5, 1_000_000), (420.1, 1_000_000)),
    ),
    (
        (
            "Common stock, no par value: Authorized - 2,000,000,000 shares;",
            "issued and outstanding - 944,033,056 and 951,240,210 shares",
        ),
        ((944_033_056.0, 1), (951_240_210.0, 1)),
    ),
    # the security named in the subject's head before a joined item or a parenthesis, never
    # only as its last word
    (
        (
            "Common stock and additional paid-in capital, $0.0001 par value: 1,000 shares"
            " authorized;",
            "issued and outstanding - 435 million and 440 million shares, respectively",
        ),
        ((435.0, 1_000_000), (440.0, 1_000_000)),
    ),
    (
        (
            "Common stock ($.01 par value; authorized 3,000 shares;",
            "outstanding 412.5 and 420.1 million shares)",
        ),
        ((412.5, 1_000_000), (420.1, 1_000_000)),
    ),
    (
        (
            "Common stock (par value $0.01) and additional paid-in capital: authorized 4,000"
            " shares;",
            "outstanding - 120.5 and 118.2 million shares",
        ),
        ((120.5, 1_000_000), (118.2, 1_000_000)),
    ),
]


def _balance_sheet(label: tuple[str, str]) -> StatementTable:
    return StatementTable(
        "Consolidated Balance Sheets",
        "$ in millions, except per share amounts",
        ("2023", "2022"),
        (
            ("Total current liabilities", 0.0, ("8,000", "7,500")),
            ("Shareholders' equity", 0.0, ()),
            (
                "Preferred stock, $1.00 par value: Authorized - 400,000 shares; none",
                9.0,
                ("-", "-"),
            ),
            (label[0], 9.0, ()),
            (label[1], 9.0, ("22", "23")),
            ("Retained earnings", 9.0, ("2,430", "2,668")),
            ("Total equity", 0.0, ("2,795", "3,020")),
        ),
        edges=EDGES[1:],
    )


# counts not read: three for two columns; short counts with no scale word (millions, as
# the table's caption says, or shares as printed?)
UNREAD = [
    (
        "Common stock, $0.01 par value: Authorized - 1.0 billion shares;",
        "issued and outstanding - 218.1, 227.4 and 230.0 million shares",
    ),
    (
        "Common stock, $0.01 par value: Authorized - 1,000 shares;",
        "issued and outstanding - 477 and 484 shares",
    ),
]

# counts a line states of no security named before them: a sentence's subject ("As of the
# date it was approved by our shareholders, there were 46 million shares ..."), or the figures
# inside the security's own name ("Treasury shares (2 million and 3 million shares, ...")
PROSE_COUNTS = [
    (
        "Plan awards",
        "as of the date it was approved by our shareholders, there were 46 million and 40"
        " million shares",
    ),
    (
        "Under the plan our stockholders approved; awards outstanding - 12.5",
        "million and 10.0 million shares, respectively",
    ),
    ("Treasury shares (2 million and 3 million shares,", "respectively)"),
    ("Per the Plan, as amended by our holders: issued - 7 million", "and 9 million units"),
    # a security word only after a figure or a parenthesis of the subject: no security's name
    ("Approved by holders of 46 million shares; awards - 12 million", "and 10 million shares"),
    ("Reserved for issuance (under the plan); awards - 12.5 million", "and 10.0 million shares"),
    ("In 2023 and 2022; repurchased - 5.5 million and 6.5", "million shares, respectively"),
]


@pytest.fixture(scope="module")
def pages() -> list[tuple[StatementCell, ...]]:
    tables = [
        *(_table(t, c, h) for t, c, h, _, _ in CATEGORY_TABLES),
        TWO_YEARS,
        *(_balance_sheet(lines) for lines, _ in SHARE_LABELS),
        *(_balance_sheet(lines) for lines in UNREAD),
        *(_balance_sheet(lines) for lines in PROSE_COUNTS),
    ]
    data = statement_pdf([Line("FORM 10-K")], tables)
    cells = PdfParser(ocr="off", isolate=False).run(data, "f.pdf").statement_cells
    # the cover is page 1: each table's cells by its page
    return [tuple(c for c in cells if c.page == i + 2) for i in range(len(tables))]


@pytest.mark.parametrize("index", range(len(CATEGORY_TABLES)))
def test_a_category_tables_total_column_is_the_rows_figure_of_its_one_period(
    pages: list[tuple[StatementCell, ...]], index: int
) -> None:
    _, caption, _, period, end = CATEGORY_TABLES[index]
    cells = pages[index]
    present = [c for c in cells if c.row_label == "Present value of lease liabilities"]
    assert [(c.period, c.period_end, c.text, c.unit) for c in present] == [
        (period, end, "52,814", "USD")
    ]
    assert [c.value for c in cells] == [60_838, -8_024, 52_814, -13_023]
    scale = 1_000 if "thousands" in caption else 1_000_000 if "illions" in caption else None
    assert {c.scale for c in cells} == {scale}
    # the total column's figure, cited at its own words, never a category's
    assert all(c.bbox[2] == pytest.approx(EDGES[2], abs=1) for c in cells)


def test_a_category_table_with_two_years_above_it_has_no_period(
    pages: list[tuple[StatementCell, ...]],
) -> None:
    assert pages[len(CATEGORY_TABLES)] == ()


@pytest.mark.parametrize("index", range(len(SHARE_LABELS)))
def test_a_count_stated_in_a_rows_label_is_a_cell_of_each_column(
    pages: list[tuple[StatementCell, ...]], index: int
) -> None:
    cells = pages[len(CATEGORY_TABLES) + 1 + index]
    counts = [c for c in cells if c.unit == "shares"]
    assert [(c.period, c.value, c.scale) for c in counts] == [
        ("FY2023", *SHARE_LABELS[index][1][0]),
        ("FY2022", *SHARE_LABELS[index][1][1]),
    ]
    assert {c.row_label.split()[:2] == ["Common", "stock"] for c in counts} == {True}
    assert all("outstanding" in c.row_label and c.row_label.endswith("shares") for c in counts)
    # the stock's dollars stay the row's cells; the preferred stock's label states no count
    assert [c.text for c in cells if c.unit == "USD" and "Common" in c.row_label] == ["22", "23"]


@pytest.mark.parametrize("index", range(len(UNREAD)))
def test_counts_not_one_per_column_or_of_no_stated_scale_are_read_as_none(
    pages: list[tuple[StatementCell, ...]], index: int
) -> None:
    cells = pages[len(pages) - len(PROSE_COUNTS) - len(UNREAD) + index]
    assert [c.text for c in cells if c.unit == "USD" and "Common" in c.row_label] == ["22", "23"]
    assert [c for c in cells if c.unit == "shares"] == []


@pytest.mark.parametrize("index", range(len(PROSE_COUNTS)))
def test_a_count_in_a_line_naming_no_security_before_it_is_read_as_none(
    pages: list[tuple[StatementCell, ...]], index: int
) -> None:
    cells = pages[len(pages) - len(PROSE_COUNTS) + index]
    # the line's own figures stay its cells; the counts its words state are none
    line = [c for c in cells if c.line_text.endswith("| 22 | 23")]
    assert [c.text for c in line] == ["22", "23"]
    assert [c for c in cells if "stated in the label" in c.column] == []


# rows that are years: blocks of two years stacked under one header, the caption naming one
# ("Year ended December 31, 2019"), and a lease note's maturity schedule; no cell of either
# is the caption's year's
_BLOCK_ROWS = (
    ("Net sales", 0.0, ("1,200", "800", "2,000")),
    ("Operating income", 0.0, ("300", "100", "400")),
)
_MATURITY_ROWS = (
    ("Gross lease liabilities", 0.0, ("31,963", "28,875", "60,838")),
    ("Less: imputed interest", 0.0, ("(6,128)", "(1,896)", "(8,024)")),
)
YEAR_ROW_TABLES = [
    StatementTable(
        "Note 18. Segment Information",
        f"Year ended {end}, {first} (in millions)",
        (),
        (
            (str(first), 0.0, ()),
            *_BLOCK_ROWS,
            (str(first - 1), 0.0, ()),
            *((label, indent, ("1,100", "700", "1,800")) for label, indent, _ in _BLOCK_ROWS),
        ),
        header=(((360.0, "Americas"), (450.0, "Europe"), (535.0, total)),),
        edges=EDGES,
    )
    for first, end, total in ((2019, "December 31", "Total"), (2021, "june 30", "Worldwide"))
] + [
    StatementTable(
        "Note 7. Leases",
        f"As of {end}, {year}, maturities of lease liabilities were (in millions):",
        (),
        (
            *((str(year + k), 0.0, ("1,000", "200", "1,200")) for k in (1, 2, 3)),
            ("Thereafter", 0.0, ("5,000", "900", "5,900")),
            *_MATURITY_ROWS,
        ),
        header=(((350.0, "Operating Leases"), (440.0, "Finance Leases"), (535.0, total)),),
        edges=EDGES,
    )
    for year, end, total in ((2019, "December 31", "Total"), (2022, "January 29", "Total"))
]

# a count of units or warrants a label states is stored in its own unit, never shares
UNIT_LABELS = [
    (
        (
            "Common units, no par value: Authorized - 500 million units; Issued and",
            "outstanding - 218.1 million and 227.4 million units, respectively",
        ),
        "units",
    ),
    (
        (
            "Public warrants: authorized 40,000,000 warrants;",
            "outstanding 23,000,000 and 23,500,000 warrants",
        ),
        "warrants",
    ),
]


@pytest.fixture(scope="module")
def year_row_pages() -> list[tuple[StatementCell, ...]]:
    tables = [*YEAR_ROW_TABLES, *(_balance_sheet(lines) for lines, _ in UNIT_LABELS)]
    data = statement_pdf([Line("FORM 10-K")], tables)
    cells = PdfParser(ocr="off", isolate=False).run(data, "f.pdf").statement_cells
    return [tuple(c for c in cells if c.page == i + 2) for i in range(len(tables))]


@pytest.mark.parametrize("index", range(len(YEAR_ROW_TABLES)))
def test_rows_that_are_years_are_no_category_tables_rows_of_the_captions_year(
    year_row_pages: list[tuple[StatementCell, ...]], index: int
) -> None:
    cells = year_row_pages[index]
    # no block's total and no maturity's year stored as the caption's period
    assert [c.text for c in cells if c.text in {"2,000", "1,800", "1,200", "5,900"}] == []
    assert not any(c.row_label.strip().isdigit() for c in cells)


@pytest.mark.parametrize("index", range(len(UNIT_LABELS)))
def test_a_count_stated_in_a_label_is_stored_in_its_nouns_unit(
    year_row_pages: list[tuple[StatementCell, ...]], index: int
) -> None:
    cells = year_row_pages[len(YEAR_ROW_TABLES) + index]
    unit = UNIT_LABELS[index][1]
    assert [c for c in cells if c.unit == "shares"] == []
    counted = [c for c in cells if c.unit == unit]
    assert [c.period for c in counted] == ["FY2023", "FY2022"]
    assert all(c.row_label.endswith(unit) for c in counted)
