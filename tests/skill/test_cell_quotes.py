"""A statement cell cited as evidence quotes its printed line (issue 35 audit, fb38b): the
exact source text of the line its `source_location` cites, its label and figures as the text
layer gives them, never the reading of it ("caption | row | column: value"), which the
values' `details["cells"]` keep. And a batch line counts among those with an expected value
only when it carries one: a judgement question's own claim ("Is X capital-intensive?") is no
expected value (issue 34 item 4), in the summary, the JSONL, the CSV and the HTML report."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

import pymupdf
import pytest

from app import (
    evaluation_summary,
    outcome,
    parse_questions,
    render_csv,
    render_html,
    render_jsonl,
    run_batch,
    summary_text,
)
from tests.pdfs import Line, Row, StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

HAZEL, QUILL = "HAZEL FOODS & CO.", "QUILL MINING CORP."
NUMBERS = {HAZEL: "53-0000003", QUILL: "54-0000004"}


def _filing(name: str, dividends: tuple[str, str, str]) -> bytes:
    cover: list[Line | Row] = [
        *ten_k_cover(name, NUMBERS[name]),
        # prose sharing a word with an adjusted measure asked, never its answer
        Line("We make adjustments to our hedging program that we believe are appropriate.", gap=12),
        Line(
            "Foreign currency translation adjustments are recorded in other comprehensive income."
        ),
        Line("Our growth strategy depends on new stores and on the organic demand we see."),
    ]
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions, except per share data)",
        ("2020", "2019", "2018"),
        (
            ("Revenue", 0, ("32,765", "31,657", "30,109")),
            ("Cost of sales", 0, ("16,682", "16,055", "15,118")),
            ("Operating income", 0, ("7,207", "7,692", "7,027")),
            ("Interest expense", 0, ("(350)", "(322)", "(199)")),
            ("Net income", 0, ("5,363", "4,869", "5,058")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Current assets:", 0, ()),
            ("Cash and cash equivalents", 10, ("2,853", "3,053")),
            ("Inventories", 10, ("4,366", "4,034")),
            ("Total current assets", 0, ("13,709", "14,277")),
            ("Property, plant and equipment, net", 0, ("8,738", "8,866")),
            ("Total assets", 0, ("36,500", "37,987")),
            ("Total current liabilities", 0, ("7,244", "7,687")),
            ("Total shareholders' equity", 0, ("9,848", "11,622")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019", "2018"),
        (
            # a label wrapped onto a second line: the figures print on the second
            ("Net cash provided by operating", 0, ()),
            ("activities", 0, ("6,439", "6,240", "6,662")),
            ("Capital expenditures", 0, ("(1,577)", "(1,373)", "(1,420)")),
            ("Dividends paid", 0, dividends),
            ("Other, net", 0, ("12", "8", "6")),
        ),
    )
    return statement_pdf(cover, [income, balance, cash])


FILES = [
    ("hazel.pdf", _filing(HAZEL, ("(900)", "(850)", "(800)"))),
    ("quill.pdf", _filing(QUILL, ("—", "—", "(30)"))),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "cellquotes", FILES)


def _printed_line(document: str, page: int, bbox: Any) -> str:
    """The words PyMuPDF reads on the page's line through the cited figure's box, left to
    right."""
    pdf = dict(FILES)[document]
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        words = doc[page - 1].get_text("words")
    middle = (bbox.y0 + bbox.y1) / 2
    on_line = sorted((w for w in words if w[1] <= middle <= w[3]), key=lambda w: w[0])
    return " ".join(w[4] for w in on_line)


def _assert_quotes_printed_lines(answer: Any) -> None:
    assert answer.evidence, answer.conclusion.answer
    for e in answer.evidence:
        where = e.source_location
        assert where.line_start == where.line_end
        line = _printed_line(where.document, where.page, where.bbox)
        quote = " ".join(e.quote.split())
        assert quote and quote in line, (quote, line)
        # the figure cited is on it, and no reading of the cell is quoted
        assert " | " not in quote


@pytest.mark.parametrize(
    ("question", "figure"),
    [
        ("What was Hazel Foods & Co.'s revenue in FY2020?", "32,765"),
        ("what was hazel foods' cost of sales in fy2019?", "16,055"),
        ("What were Quill Mining's total assets at the end of FY2020?", "36,500"),
        ("What were the capital expenditures of Hazel Foods in FY2019?", "(1,373)"),
        ("What was Quill Mining Corp.'s interest expense in FY2018?", "(199)"),
        ("How much were Hazel Foods' inventories at the end of FY2019?", "4,034"),
        ("What was Quill Mining's net cash provided by operating activities in FY2020?", "6,439"),
        ("What was Hazel Foods' FY2018 cash from operations?", "6,662"),
    ],
)
def test_a_cells_quote_is_its_printed_line(runtime: Any, question: str, figure: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    _assert_quotes_printed_lines(answer)
    assert all(figure in e.quote for e in answer.evidence), [e.quote for e in answer.evidence]
    # the reading stays in the value's details: caption, row under its parents, column
    (value,) = answer.conclusion.values
    cells = value.details["cells"]
    assert cells and all(figure in c and " | " in c for c in cells), cells


@pytest.mark.parametrize(
    "question",
    [
        "What was Hazel Foods' FY2020 current ratio?",
        "What was the operating margin of Quill Mining in FY2019?",
        "What was Hazel Foods & Co.'s capex to revenue ratio in FY2020?",
    ],
)
def test_a_metrics_operands_quote_their_printed_lines(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    _assert_quotes_printed_lines(answer)
    assert all(v.details.get("cells") for v in answer.conclusion.values)


@pytest.mark.parametrize(
    "question",
    [
        "Is Hazel Foods a capital-intensive business?",
        "Would you call Quill Mining an asset-heavy company?",
        # a dash printed for the year: quoted as printed, never read as 0
        "What were Quill Mining's dividends paid in FY2020?",
    ],
)
def test_quoted_cells_without_a_value_quote_their_printed_lines(
    runtime: Any, question: str
) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient
    _assert_quotes_printed_lines(answer)


_BATCH = [
    ("j1", "Is Hazel Foods a capital-intensive business?"),
    ("j2", "What drove the change in Quill Mining's operating margin?"),
    ("j3", "Was Hazel Foods' current ratio above 1.5 at the end of FY2020?"),
    ("j4", "is quill mining's FY2020 current ratio below 1.5?"),
]


@pytest.mark.parametrize(
    "question",
    [
        "What was Hazel Foods' FY2020 adjusted EBITDA?",
        "what was quill mining's adj. ebitda in fy2019?",
        "What was the non-GAAP operating income of Hazel Foods & Co. in FY2020?",
        "What were Quill Mining Corp.'s non-GAAP revenues in FY2019?",
        "What was Hazel Foods' organic growth in FY2020?",
        "What was Quill Mining's organic revenue growth in FY2020?",
        "What was Hazel Foods' adjusted EBITDA margin in FY2020?",
        "What was Quill Mining's FY2020 adjusted free cash flow?",
        "What was Hazel Foods' pro forma net income in FY2019?",
        "What was Quill Mining's revenue growth in constant currency in FY2020?",
    ],
)
def test_an_adjusted_measure_is_refused_with_nothing_quoted(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
    # never the GAAP row or metric of its name, never a passage sharing a word with it
    assert answer.evidence == [], [e.quote for e in answer.evidence]
    assert "defines itself" in (answer.conclusion.answer or ""), answer.conclusion.answer


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("What was Hazel Foods' operating income in FY2020?", "USD 7,207 million"),
        ("What was Quill Mining's unadjusted revenue in FY2019?", "USD 31,657 million"),
    ],
)
def test_an_unqualified_figure_is_still_read(runtime: Any, question: str, value: str) -> None:
    answer = concluded(runtime, question)
    assert [v.value for v in answer.conclusion.values] == [value]
    _assert_quotes_printed_lines(answer)


def _batch_file(expected: dict[str, str]) -> str:
    """A small batch file: one JSON object a line, `expected_value` only where given."""
    lines = [
        {"id": i, "question": q, **({"expected_value": expected[i]} if i in expected else {})}
        for i, q in _BATCH
    ]
    return "".join(json.dumps(line) + "\n" for line in lines)


@pytest.fixture(scope="module")
def batch(runtime: Any) -> list[dict[str, Any]]:
    return run_batch(runtime.skill, "kb", parse_questions(_batch_file({})))


def test_a_batch_without_expected_values_counts_none(batch: list[dict[str, Any]]) -> None:
    assert [outcome(r) for r in batch] == [None] * len(_BATCH)
    summary = evaluation_summary(batch)
    assert summary["with_expected_value"] == 0 and summary["accuracy"] is None
    assert summary_text(summary) == "no expected values"
    for line in render_jsonl(batch).splitlines():
        assert "evaluation" not in json.loads(line)
    rows = list(csv.DictReader(io.StringIO(render_csv(batch))))
    assert [r["outcome"] for r in rows] == [""] * len(_BATCH)
    assert "with an expected value" not in render_html(batch)


@pytest.mark.parametrize(("expected", "found"), [("yes", "match"), ("no", "mismatch")])
def test_only_lines_with_an_expected_value_count(runtime: Any, expected: str, found: str) -> None:
    # the line that carries one is judged; the others, the same questions, count for none
    results = run_batch(runtime.skill, "kb", parse_questions(_batch_file({"j3": expected})))
    assert [outcome(r) for r in results] == [None, None, found, None]
    summary = evaluation_summary(results)
    assert summary["with_expected_value"] == 1 and summary[found] == 1
    assert "1 with an expected value" in render_html(results)
    rows = list(csv.DictReader(io.StringIO(render_csv(results))))
    assert [r["outcome"] for r in rows] == ["", "", found, ""]
