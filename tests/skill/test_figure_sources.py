"""Which statement cells are a company's figure (issue 35), on generated 10-Ks: a balance is
never read from the cash flow statement's row of the same name (that row is its change); a
table of another reporting entity (a deed of cross guarantee's closed group, the guarantors,
the parent company alone) is never the company's; a per-share row is named by its heading
("Earnings per common share" over "Basic"); an annual filing's table of quarters holds no
fiscal year's figure; and a question's line item written in lower case ("cash and cash
equivalents") is no party even where the knowledge base knows a name "Cash"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import QuestionReader
from tests.pdfs import StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import ingested_runtime

ELM, FIR = "ELM PAPER CORP.", "FIR METALS, INC."
NUMBERS = {ELM: "61-0000006", FIR: "62-0000007"}
_QUARTER_EDGES = (330.0, 400.0, 470.0, 540.0)


Rows = tuple[tuple[str, float, tuple[str, ...]], ...]


def _income(per_share: Rows, extra: Rows = ()) -> StatementTable:
    return StatementTable(
        "Consolidated Statements of Income",
        "(In millions, except per share data)",
        ("2022", "2021"),
        (
            ("Net sales", 0, ("10,000", "9,000")),
            ("Cost of sales", 0, ("6,000", "5,500")),
            *extra,
            ("Operating income", 0, ("1,600", "1,400")),
            ("Net income", 0, ("1,503", "1,848")),
            *per_share,
        ),
    )


def _balance(receivables: str | None, extra: Rows = ()) -> StatementTable:
    rows: Rows = (
        ("Cash and cash equivalents", 0, ("2,000", "1,800")),
        *(((receivables, 0, ("3,100", "2,900")),) if receivables else ()),
        ("Inventories", 0, ("2,400", "2,200")),
        ("Total current assets", 0, ("7,500", "6,900")),
        ("Total assets", 0, ("40,000", "38,000")),
        *extra,
        ("Total current liabilities", 0, ("5,000", "4,600")),
    )
    return StatementTable("Consolidated Balance Sheets", "(In millions)", ("2022", "2021"), rows)


def _cash_flows(receivables: str, extra: Rows = ()) -> StatementTable:
    return StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2022", "2021"),
        (
            ("Net income", 0, ("1,503", "1,848")),
            # changes in operating assets: a balance's change, printed under its name
            (receivables, 0, ("(198)", "(430)")),
            ("Inventories", 0, ("(200)", "(100)")),
            *((("Unearned revenue", 0, ("1,654", "1,151")),) if extra else ()),
            ("Net cash provided by operating activities", 0, ("1,831", "1,790")),
            ("Capital expenditures", 0, ("(116)", "(131)")),
            *extra,
        ),
    )


def _elm() -> bytes:
    per_share = (
        ("Earnings per common share", 0.0, ("", "")),
        ("Basic", 9.0, ("1.96", "2.43")),
        ("Diluted", 9.0, ("1.95", "2.40")),
    )
    guarantee = StatementTable(
        "Deed of Cross Guarantee Consolidated Statements of Income",
        "(In millions)",
        ("2022", "2021"),
        (
            ("Net sales", 0, ("377", "350")),
            ("Cost of sales", 0, ("(319)", "(300)")),
            ("Net income", 0, ("41", "38")),
            ("Basic earnings per share", 0, ("0.06", "0.05")),
        ),
    )
    quarters = StatementTable(
        "Quarterly Financial Data (unaudited)",
        "(In millions, except per share data)",
        ("2022", "2022", "2022", "2022"),
        (
            ("Net sales", 0, ("2,400", "2,500", "2,450", "2,650")),
            ("Net income", 0, ("440", "330", "210", "523")),
            ("Basic earnings per common share", 0, ("0.58", "0.43", "0.27", "0.68")),
            ("Diluted earnings per common share", 0, ("0.58", "0.43", "0.26", "0.68")),
        ),
        header=(
            tuple(
                (e - 60, d)
                for e, d in zip(
                    _QUARTER_EDGES,
                    ("March 31,", "June 30,", "September 30,", "December 31,"),
                    strict=True,
                )
            ),
        ),
        edges=_QUARTER_EDGES,
    )
    receivables = "Trade receivables, net of allowances of $23 and $16, respectively"
    return statement_pdf(
        ten_k_cover(ELM, NUMBERS[ELM], "December 31, 2022"),
        [
            _income(per_share),
            _balance(receivables),
            _cash_flows("Trade receivables, net"),
            guarantee,
            quarters,
        ],
    )


def _fir() -> bytes:
    label = "Net income attributable to common shareholders"
    per_share = (
        ("Basic earnings per share: (a)", 0.0, ("", "")),
        (label, 9.0, ("3.92", "3.44")),
        ("Diluted earnings per share: (a)", 0.0, ("", "")),
        (label, 9.0, ("3.91", "3.43")),
    )
    guarantors = StatementTable(
        "Condensed Consolidating Balance Sheets - Guarantor Subsidiaries",
        "(In millions)",
        ("2022", "2021"),
        (
            ("Total assets", 0, ("12,000", "11,000")),
            ("Total current liabilities", 0, ("900", "800")),
        ),
    )
    # line items no concept holds, asked by their printed names; the income taxes read for
    # the effective tax rate
    income = (
        ("Product development", 0, ("998", "1,101")),
        ("Income before income taxes", 0, ("1,633", "1,877")),
        ("Income tax expense", 0, ("130", "29")),
    )
    balance = (
        ("Unearned revenue", 0, ("8,190", "6,536")),
        ("Unredeemed gift card liabilities", 0, ("290", "385")),
        # one name under two headings: the heading says which
        ("Current liabilities:", 0, ("", "")),
        ("Deferred revenue", 9, ("446", "453")),
        ("Long-term liabilities:", 0, ("", "")),
        ("Deferred revenue", 9, ("117", "145")),
    )
    flows = (
        ("Principal repayments of finance leases", 0, ("(9,628)", "(7,449)")),
        # a loss printed in parentheses (no cost word names it), a lone generic row
        ("Equity-method investment activity, net of tax", 0, ("(14)", "9")),
        ("Foreign currency translation", 0, ("(55)", "(32)")),
        ("Other", 0, ("12", "10")),
    )
    # a note's table whose prose names the statement of income: its rows are no statement's
    note = StatementTable(
        "Share-based compensation expense included in our consolidated statements of income",
        "(In millions)",
        ("2022", "2021"),
        (
            ("Product development", 0, ("53", "61")),
            ("Income tax benefit", 0, ("(29)", "(46)")),
        ),
    )
    # no receivables on the balance sheet: the cash flows' change is no balance
    return statement_pdf(
        ten_k_cover(FIR, NUMBERS[FIR], "December 31, 2022"),
        [
            _income(per_share, income),
            _balance(None, balance),
            _cash_flows("Accounts receivable", flows),
            guarantors,
            note,
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("elm-10k.pdf", _elm()), ("fir-10k.pdf", _fir())]
    yield from ingested_runtime(tmp_path_factory, "figure-sources", files)


def _ask(runtime: Any, question: str) -> Any:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    return answer


def _values(answer: Any) -> list[str]:
    assert answer.sufficient, answer.conclusion.answer
    return [v.value for v in answer.conclusion.values]


@pytest.mark.parametrize(
    "question",
    [
        "What were Elm Paper's trade receivables at the end of FY2022 (in USD millions)?",
        "What were Elm Paper's accounts receivable in FY2022?",
        "What is Elm Paper's FY2022 receivables balance?",
    ],
)
def test_a_balance_is_read_from_the_balance_sheet_not_its_change(
    runtime: Any, question: str
) -> None:
    answer = _ask(runtime, question)
    assert _values(answer) == ["USD 3,100 million"]
    assert all("Balance Sheets" in (e.source_location.section or "") for e in answer.evidence)


@pytest.mark.parametrize(
    "question",
    [
        "What were Fir Metals' accounts receivable at the end of FY2022?",
        "What was Fir Metals' FY2021 accounts receivable (in USD millions)?",
    ],
)
def test_a_balance_the_balance_sheet_does_not_print_is_insufficient(
    runtime: Any, question: str
) -> None:
    answer = _ask(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
    assert not any("Cash Flows" in (e.source_location.section or "") for e in answer.evidence)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What were Elm Paper's net sales in FY2022?", "USD 10,000 million"),
        ("What was Elm Paper's FY2021 cost of sales (in USD millions)?", "USD 5,500 million"),
        ("What were Fir Metals' total assets at the end of FY2022?", "USD 40,000 million"),
    ],
)
def test_another_entitys_statements_are_not_the_companys(
    runtime: Any, question: str, value: str
) -> None:
    answer = _ask(runtime, question)
    assert _values(answer) == [value]
    sections = [e.source_location.section or "" for e in answer.evidence]
    assert not any("Guarantee" in s or "Guarantor" in s for s in sections)


@pytest.mark.parametrize(
    "question",
    [
        "What was Fir Metals' current ratio at the end of FY2022?",
        # a date that ends the fiscal year: the year's metric
        "What was Fir Metals' current ratio as of December 31, 2022?",
    ],
)
def test_a_metric_reads_no_other_entitys_operand(runtime: Any, question: str) -> None:
    assert _values(_ask(runtime, question)) == ["1.50"]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What is Elm Paper's basic EPS for FY2022?", "USD 1.96 per share"),
        ("What was Elm Paper's diluted EPS in FY2021?", "USD 2.40 per share"),
        ("What was Fir Metals' diluted EPS in FY2021?", "USD 3.43 per share"),
        ("What is Fir Metals' FY2022 basic earnings per share?", "USD 3.92 per share"),
    ],
)
def test_a_per_share_row_is_named_by_its_heading(runtime: Any, question: str, value: str) -> None:
    # Elm's annual table of quarters prints basic EPS for each quarter of 2022 (its fourth
    # ending on the year's last day): none of them is the year's
    answer = _ask(runtime, question)
    assert _values(answer) == [value]
    assert all("Quarterly" not in (e.source_location.section or "") for e in answer.evidence)


def test_an_annual_filings_table_of_quarters_holds_no_years_figure(runtime: Any) -> None:
    answer = _ask(runtime, "What was Elm Paper's net income in FY2022?")
    assert _values(answer) == ["USD 1,503 million"]
    assert {e.source_location.page for e in answer.evidence} == {2}


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("What was Elm Paper's cash and cash equivalents in FY2022?", "Elm Paper"),
        ("What is Elm Paper's free cash flow? It is cash from operations less capex.", "Elm Paper"),
        (
            "What was Elm Paper's FY2022 quick ratio, (cash + receivables) / current liabilities?",
            "Elm Paper",
        ),
        (
            "What was Elm Paper's net income attributable to Elm Paper Corp. in FY2022?",
            "Elm Paper Corp.",
        ),
    ],
)
def test_a_line_items_words_and_a_name_written_twice_are_one_subject(
    question: str, name: str
) -> None:
    # "Cash" is a name the knowledge base knows (a product's); "Elm Paper" and "Elm Paper
    # Corp." one entity written twice
    reader = QuestionReader(["Elm Paper Corp.", "Elm Paper", "Cash"])
    subject = reader.read(question)
    assert (subject.type, subject.name) == ("legal_entity", name)


def test_a_capitalised_known_name_beside_a_line_item_is_still_a_party() -> None:
    reader = QuestionReader(["Elm Paper Corp.", "Cash"])
    subject = reader.read(
        "What are the payment terms of the agreement between Elm Paper Corp. and Cash?"
    )
    assert subject.type == "agreement" and set(subject.parties) == {"Elm Paper Corp.", "Cash"}


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Elm Paper's net income as a percentage of net sales in FY2022?", "15.0%"),
        ("What was Elm Paper's FY2021 operating income as a % of net sales?", "15.6%"),
        (
            "What was Fir Metals' cost of sales as a percent of net sales in FY2022? Round to "
            "two decimal places.",
            "60.00%",
        ),
    ],
)
def test_a_line_item_as_a_share_of_another_is_computed(
    runtime: Any, question: str, value: str
) -> None:
    answer = _ask(runtime, question)
    assert _values(answer) == [value]
    assert answer.conclusion.values[0].details["arithmetic"]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Fir Metals' unearned revenue as of December 31, 2022?", "USD 8,190 million"),
        # lower case, a plural the row does not print, a two-digit fiscal year
        ("what were fir metals' unearned revenues at the end of FY22?", "USD 8,190 million"),
        (
            "What was Fir Metals' product development expense in the 2022 fiscal year?",
            "USD 998 million",
        ),
        (
            "What were Fir Metals' FY2021 principal repayments of finance leases (USD millions)?",
            "USD 7,449 million",
        ),
        (
            "What were Fir Metals' unredeemed gift card liabilities in FY'21, in USD billions?",
            "USD 0.39 billion",
        ),
    ],
)
def test_a_line_item_no_concept_holds_is_read_by_its_printed_name(
    runtime: Any, question: str, value: str
) -> None:
    # a balance sheet's row before the cash flow statement's change of its name; a
    # statement's row before a note table's of its name
    answer = _ask(runtime, question)
    assert _values(answer) == [value]
    assert all("Share-based" not in (e.source_location.section or "") for e in answer.evidence)


def test_a_statements_own_table_before_a_notes_naming_it(runtime: Any) -> None:
    # the note's "Income tax benefit (29)" is no income tax of the year
    question = "What was Fir Metals' FY22 effective tax rate, in percent rounded to one decimal?"
    assert _values(_ask(runtime, question)) == ["8.0%"]


def test_an_item_with_no_cell_is_named_as_asked(runtime: Any) -> None:
    answer = _ask(runtime, "What was Fir Metals' research and development expense in FY2022?")
    assert not answer.sufficient and answer.conclusion.values == []
    assert "no cell for 'research and development expense'" in (answer.conclusion.answer or "")


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "What was Fir Metals' current deferred revenue as of December 31, 2022?",
            "USD 446 million",
        ),
        ("What was Fir Metals' long-term deferred revenue at the end of FY21?", "USD 145 million"),
        ("What was Fir Metals' deferred revenue at FY2022 year end?", None),
    ],
)
def test_a_qualified_item_is_the_row_under_its_heading(
    runtime: Any, question: str, value: str | None
) -> None:
    answer = _ask(runtime, question)
    if value is None:
        # two rows of the name, the question does not say which: nothing concluded
        assert not answer.sufficient, answer.conclusion.answer
    else:
        assert _values(answer) == [value]


@pytest.mark.parametrize(
    ("question", "value"),
    [
        (
            "What was Fir Metals' equity-method investment activity, net of tax in 2022?",
            "USD -14 million",
        ),
        (
            "what was fir metals' equity-method investment activity, net of tax in FY21?",
            "USD 9 million",
        ),
        ("What was Fir Metals' foreign currency translation in FY2022?", "USD -55 million"),
    ],
)
def test_a_row_no_cost_word_names_keeps_its_printed_sign(
    runtime: Any, question: str, value: str
) -> None:
    answer = _ask(runtime, question)
    assert _values(answer) == [value]


@pytest.mark.parametrize(
    "question",
    [
        "What was Fir Metals' other expense in FY2022?",
        "What were fir metals' other costs in 2022?",
        "What was Fir Metals' total cost in FY22?",
    ],
)
def test_a_generic_word_alone_names_no_row(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    values = [v.value for v in answer.conclusion.values] if answer.conclusion else []
    assert "USD 12 million" not in values, values
