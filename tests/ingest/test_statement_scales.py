"""A statement table's scale printed outside its caption (issue 35): in the sentence that
introduces the table, whose years keep it out of the caption ("The following table presents
our business segment information in fiscal 2019, fiscal 2018 and fiscal 2017 ($ in
millions):", Best Buy's segment note), or on a line of its own over the columns, read as a
header cell ("(In millions, except per share amounts)", "Dollars in thousands"). Never
across another table: a table below one whose scale is printed has none of its own."""

from __future__ import annotations

import pymupdf
import pytest

from domain import StatementCell
from ingest import PdfParser

EDGES = (400.0, 480.0, 560.0)
ROWS = (
    ("Revenue by reportable segment", ("", "", "")),
    ("Domestic", ("39,304", "38,662", "36,248")),
    ("International", ("3,575", "3,489", "3,155")),
    ("Total revenue", ("42,879", "42,151", "39,403")),
    ("Operating income", ("", "", "")),
    ("Domestic", ("1,797", "1,752", "1,764")),
    ("International", ("103", "91", "90")),
)


def _page(doc: pymupdf.Document, above: list[tuple[float, str]], y: float = 72.0) -> float:
    """One table on `doc`'s last page from `y`: the `above` lines (x, text) over its header
    of years, then its rows; returns where the table ends."""
    page = doc[-1]
    for x, text in above:
        page.insert_text((x, y), text, fontsize=9, fontname="helv")
        y += 13
    for edge, year in zip(EDGES, ("2019", "2018", "2017"), strict=True):
        page.insert_text((edge - pymupdf.get_text_length(year, fontsize=9), y), year, fontsize=9)
    for label, figures in ROWS:
        y += 13
        page.insert_text((72, y), label, fontsize=9, fontname="helv")
        for edge, figure in zip(EDGES, figures, strict=True):
            if figure:
                x = edge - pymupdf.get_text_length(figure, fontsize=9)
                page.insert_text((x, y), figure, fontsize=9, fontname="helv")
    return y


def _cells(*tables: list[tuple[float, str]]) -> tuple[StatementCell, ...]:
    doc = pymupdf.open()
    doc.new_page(width=612, height=792)
    y = 72.0
    for above in tables:
        y = _page(doc, above, y) + 40
    return PdfParser(ocr="off", isolate=False).run(doc.tobytes(), "f.pdf").statement_cells


def _scales(cells: tuple[StatementCell, ...], label: str) -> list[tuple[str, float, int | None]]:
    return [(c.period, c.value or 0.0, c.scale) for c in cells if c.row_label == label]


# the sentence before the table, one line whose years stand over the columns, its scale
# after them
SENTENCES = [
    [
        (
            72,
            "The following table presents our business segment information in fiscal 2019, 2018 and 2017 ($ in millions):",
        )
    ],
    [
        (
            72,
            "The table below sets out the results of each of our reportable segments for 2019, 2018 and 2017 (in millions):",
        )
    ],
    [
        (
            72,
            "best buy's business segment information, as reviewed by its CODM, in 2019, 2018 & 2017 ($ in millions):",
        )
    ],
    [
        (
            72,
            "Revenue and operating income of each of our reportable segments for the years 2019, 2018 and 2017 (in millions):",
        )
    ],
    [
        (
            72,
            "Information about the reportable segments is presented below for fiscal years 2019, 2018 and 2017 (dollars in millions):",
        )
    ],
]
# a line of its own over the columns: a header cell
HEADER_CELLS = [
    [(330, "(In millions, except per share amounts)")],
    [(420, "Dollars in millions")],
    [(72, "Segment Information"), (400, "($ in millions)")],
    [(72, "Segment information"), (380, "(in millions, except per share data)")],
]


@pytest.mark.parametrize("above", SENTENCES + HEADER_CELLS)
def test_a_scale_before_the_table_scales_its_cells(above: list[tuple[float, str]]) -> None:
    cells = _cells(above)
    assert ("FY2019", 3_575.0, 1_000_000) in _scales(cells, "International")
    assert all(c.scale == 1_000_000 for c in cells if c.unit == "USD"), cells


@pytest.mark.parametrize(
    ("above", "scale"),
    [
        ([(420, "Dollars in thousands")], 1_000),
        *(
            (
                [
                    (
                        72,
                        f"Our segment results, which the chief operating decision maker reviews, {y}",
                    )
                ],
                n,
            )
            for y, n in (
                ("in 2019, 2018 and 2017 (dollars in thousands):", 1_000),
                ("in 2019, 2018 and 2017 (in billions):", 1_000_000_000),
            )
        ),
    ],
)
def test_the_scale_words_say_which_scale(above: list[tuple[float, str]], scale: int) -> None:
    cells = _cells(above)
    assert {c.scale for c in cells if c.unit == "USD"} == {scale}


def test_no_scale_is_read_across_another_table() -> None:
    # the first table's sentence scales it; the second, right below with a sentence of no
    # scale, is read with none (never the first's)
    cells = _cells(
        SENTENCES[0],
        [
            (
                72,
                "Segment results, which the chief operating decision maker reviews, for 2019, 2018 and 2017, restated:",
            )
        ],
    )
    scales = [s for _, _, s in _scales(cells, "International")]
    # "International" twice a table: its revenue and its operating income, three years each
    assert scales == [1_000_000] * 6 + [None] * 6
