"""Figures of tables whose columns are categories, and counts stated in a row's label (issue
35), asked as analysts ask them:

- a segment note's net sales by geographic area, its period printed once above it ("Year
  ended December 31, 2020"), its "Worldwide" column the segment's figure, its rows closed by
  "Total Company" under the caption "Net Sales (Millions)";
- a lease note's "Operating Leases | Finance Leases | Total" under "As of December 31,
  2020": the total of a row no primary statement prints ("Present value of lease
  liabilities"), asked as "the present value of <company>'s lease liabilities";
- the balance sheet's "Common stock ... Issued and outstanding - 412.5 million and 420.1
  million shares, respectively": the count of each year.
Never a category's column, never another year's figure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

WRENFIELD = "WRENFIELD OUTFITTERS, INC."
EDGES = (400.0, 480.0, 560.0)


def _wrenfield() -> bytes:
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (("Net sales", 0, ("9,000", "8,400")), ("Net income", 0, ("700", "650"))),
        edges=EDGES[1:],
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "$ in millions, except per share amounts",
        ("2020", "2019"),
        (
            ("Total liabilities", 0, ("6,100", "5,800")),
            ("Shareholders' equity", 0, ()),
            ("Common stock, $0.10 par value: Authorized - 1.0 billion shares; Issued and", 9, ()),
            ("outstanding - 412.5 million and 420.1 million shares, respectively", 9, ("41", "42")),
            ("Retained earnings", 9, ("2,430", "2,668")),
            ("Total equity", 0, ("2,795", "3,020")),
        ),
        edges=EDGES[1:],
    )
    segments = StatementTable(
        "NOTE 15. BUSINESS SEGMENTS",
        "Year ended December 31, 2020",
        (),
        (
            ("Apparel", 0, ("3,100", "1,900", "5,000")),
            ("Footwear", 0, ("2,600", "1,400", "4,000")),
            ("Total Company", 0, ("5,700", "3,300", "9,000")),
        ),
        header=(
            ((360.0, "United"), (440.0, "Other")),
            (
                (72.0, "Net Sales (Millions)"),
                (360.0, "States"),
                (440.0, "Countries"),
                (520.0, "Worldwide"),
            ),
        ),
        edges=EDGES,
    )
    leases = StatementTable(
        "NOTE 7. LEASES",
        "As of December 31, 2020, our lease liabilities were as follows (in millions):",
        (),
        (
            ("Gross lease liabilities", 0, ("1,300", "700", "2,000")),
            ("Less: imputed interest", 0, ("(300)", "(100)", "(400)")),
            ("Present value of lease liabilities", 0, ("1,000", "600", "1,600")),
            ("Less: current portion of lease liabilities", 0, ("(150)", "(250)", "(400)")),
            ("Total long-term lease liabilities", 0, ("850", "350", "1,200")),
        ),
        header=(((350.0, "Operating Leases"), (440.0, "Finance Leases"), (535.0, "Total")),),
        edges=EDGES,
    )
    # the segments' operating income under the concept as their heading, closed by a total
    by_segment = StatementTable(
        "NOTE 16. SEGMENT INFORMATION",
        "The following table presents our segment information ($ in millions):",
        ("2020", "2019"),
        (
            ("Operating income", 0, ()),
            ("Apparel (1)", 9, ("410", "380")),
            ("Footwear", 9, ("290", "270")),
            ("Total operating income", 9, ("700", "650")),
        ),
        edges=EDGES[1:],
    )
    # the cash flow statement's closing cash, counting restricted cash in it
    flows = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Net cash provided by operating activities", 0, ("900", "800")),
            (
                "Cash, cash equivalents and restricted cash at beginning of period",
                0,
                ("1,400", "1,250"),
            ),
            ("Cash, cash equivalents and restricted cash at end of period", 0, ("1,560", "1,400")),
        ),
        edges=EDGES[1:],
    )
    # a note reconciling the balance sheet's cash to the cash flow statement's: its prose
    # names both statements, its rows are balances
    reconciled = StatementTable(
        "NOTE 2. CASH, CASH EQUIVALENTS AND RESTRICTED CASH",
        "reported within our Consolidated Balance Sheets to the Consolidated Statements of Cash"
        " Flows ($ in millions):",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("1,330", "1,210")),
            ("Restricted cash included in Other current assets", 0, ("230", "190")),
            ("Total cash, cash equivalents and restricted cash", 0, ("1,560", "1,400")),
        ),
        edges=EDGES[1:],
    )
    return statement_pdf(
        ten_k_cover(WRENFIELD, "57-0000033"),
        [income, balance, segments, leases, by_segment, flows, reconciled],
    )


LARKSPUR = "LARKSPUR SOFTWARE, INC."


def _larkspur() -> bytes:
    """Revenue printed by kind under its heading, and the subscription revenue by segment in
    a note: a segment's revenue of one kind is printed by neither."""
    income = StatementTable(
        "Consolidated Statements of Income",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Revenue:", 0, ()),
            ("Subscription", 9, ("5,200", "4,600")),
            ("Product", 9, ("800", "900")),
            ("Total revenue", 9, ("6,000", "5,500")),
            ("Net income", 0, ("1,100", "950")),
        ),
        edges=EDGES[1:],
    )
    segments = StatementTable(
        "Subscription revenue by segment is as follows:",
        "(dollars in millions)",
        ("2020", "2019"),
        (
            ("Creative", 0, ("3,900", "3,400")),
            ("Document", 0, ("1,300", "1,200")),
            ("Total subscription revenue", 0, ("5,200", "4,600")),
        ),
        edges=EDGES[1:],
    )
    return statement_pdf(ten_k_cover(LARKSPUR, "57-0000037"), [income, segments])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "category-label-figures",
        [("w.pdf", _wrenfield()), ("l.pdf", _larkspur())],
    )


_ASKED = [
    # a segment's net sales: its row's "Worldwide" figure
    (
        "What were the net sales of Wrenfield Outfitters' Apparel segment in FY2020 (USD millions)?",
        "USD 5,000 million",
    ),
    (
        "what was the revenue of wrenfield outfitters's footwear segment in fiscal 2020?",
        "USD 4,000 million",
    ),
    (
        "What was the FY2020 net sales of Wrenfield Outfitters' Footwear segment?",
        "USD 4,000 million",
    ),
    # a lease note's total
    (
        "What was the present value of Wrenfield Outfitters' lease liabilities in FY2020?",
        "USD 1,600 million",
    ),
    (
        "What was the present value of Wrenfield Outfitters's lease liabilities as of December 31,"
        " 2020, in USD millions?",
        "USD 1,600 million",
    ),
    # a count the label states, of the year asked
    (
        "How many Wrenfield Outfitters common shares were issued and outstanding in FY2020, in"
        " millions?",
        "412.5 million shares",
    ),
    (
        "How many common shares outstanding did Wrenfield Outfitters have in fiscal 2019?",
        "420.1 million shares",
    ),
    (
        "What were the shares of common stock outstanding of WRENFIELD OUTFITTERS in FY2019?",
        "420.1 million shares",
    ),
]


# a segment's row under the concept as its heading ("Operating income" over "Apparel (1)"),
# with and without the segment word; the cash the cash flow statement closes with, restricted
# cash counted in it, and restricted cash alone from a note whose prose names both statements
_ASKED_SESSION_37 = [
    (
        "What was Wrenfield Outfitters' Apparel segment operating income in FY2020?",
        "USD 410 million",
    ),
    (
        "what was wrenfield outfitters's footwear segment operating income in fiscal 2019?",
        "USD 270 million",
    ),
    (
        "What was Wrenfield Outfitters' Footwear operating income in FY2020, in USD millions?",
        "USD 290 million",
    ),
    (
        "What were Wrenfield Outfitters' cash, cash equivalents and restricted cash at the end of"
        " FY2020?",
        "USD 1,560 million",
    ),
    (
        "What was Wrenfield Outfitters's cash and cash equivalents including restricted cash in"
        " fiscal 2019 (USD millions)?",
        "USD 1,400 million",
    ),
    (
        "wrenfield outfitters's cash & cash equivalents and restricted cash, FY2019?",
        "USD 1,400 million",
    ),
    (
        "How much restricted cash did Wrenfield Outfitters hold at the end of FY2020?",
        "USD 230 million",
    ),
    ("What was Wrenfield Outfitters' restricted cash balance in fiscal 2019?", "USD 190 million"),
]


# a part's item with a qualifier, printed by the table of the parts that totals it ("Total
# subscription revenue"): the part's row (session 38; session 37 refused these)
_ASKED_SESSION_38 = [
    ("What was Larkspur Software's Creative subscription revenue in FY2020?", "USD 3,900 million"),
    (
        "what was larkspur software's document subscription revenue in fiscal 2019?",
        "USD 1,200 million",
    ),
]


@pytest.mark.parametrize(("question", "value"), _ASKED + _ASKED_SESSION_37 + _ASKED_SESSION_38)
def test_a_category_tables_total_and_a_labels_count_answer(
    runtime: Any, question: str, value: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    values = [v.value for v in answer.conclusion.values]
    assert values and values[0].replace(".0 million", " million") == value, values


@pytest.mark.parametrize(
    "question",
    [
        # a year the segment table does not print (its period is printed once: 2020)
        "What were the net sales of Wrenfield Outfitters' Apparel segment in FY2019?",
        # a year no column prints
        "How many Wrenfield Outfitters common shares were issued and outstanding in FY2017?",
        "What was the present value of Wrenfield Outfitters' lease liabilities in FY2019?",
        # preferred shares: no row states them
        "How many Wrenfield Outfitters preferred shares were issued and outstanding in FY2020?",
        # a part's item no table of the parts prints (a qualifier between the segment's
        # name and the concept's words): never the company's figure of the concept ("Creative
        # subscription revenue" is printed: the note's table totals subscription revenue)
        "What was Larkspur Software's Creative product revenue in FY2020, in USD millions?",
        # ... with the company after it (session 38: was the company's total revenue)
        "What was the Creative product revenue of Larkspur Software in FY2020?",
        "what was the document product revenue of larkspur software in fiscal 2019?",
        # a segment's revenue: the note totals its subscription revenue only
        "What was Larkspur Software's Creative segment revenue in FY2020?",
        "what were larkspur software's document segment revenues in fiscal 2019?",
        # the balance sheet's cash is no figure of restricted cash, nor of cash with it
        "What were Wrenfield Outfitters' cash, cash equivalents and restricted cash in FY2018?",
    ],
)
def test_no_figure_of_a_period_or_item_not_printed(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert not answer.sufficient, answer.conclusion.answer
    # no figure concluded: never a category's column, nor the other year's count
    figures = [v.value for v in answer.conclusion.values if v.value.startswith("USD")]
    assert not [
        v
        for v in figures
        if any(
            w in v
            for w in (
                "3,100",
                "1,900",
                "1,000",
                "600",
                "700",
                "1,330",
                "1,210",
                "6,000",
                "5,500",
                "3,900",
                "1,200",
            )
        )
    ]
