"""Judgement questions over a generated 10-K's statement cells (issue 35, item 5): the
figures that bear on a judgement cited with their arithmetic and the judgement INSUFFICIENT;
a test the question states judged by the engine (yes / no, the claim SUPPORTED or
CONTRADICTED), negated or not; a figure question still answered as one; another company's
figures never used."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, StatementTable, statement_pdf, ten_k_cover
from tests.skill.conftest import concluded, ingested_runtime

BRAMBLE, CORVID = "BRAMBLE UTILITIES, INC.", "CORVID RAIL CORP."
NUMBERS = {BRAMBLE: "51-0000001", CORVID: "52-0000002"}


def _filing(name: str, operating: tuple[str, str, str], current_assets: str) -> bytes:
    cover: list[Line | Row] = [*ten_k_cover(name, NUMBERS[name])]
    income = StatementTable(
        "Consolidated Statements of Operations",
        "(In millions, except per share data)",
        ("2020", "2019", "2018"),
        (
            ("Revenue", 0, ("32,765", "31,657", "30,109")),
            ("Cost of sales", 0, ("16,682", "16,055", "15,118")),
            ("Gross profit", 0, ("16,083", "15,602", "14,991")),
            ("Operating income", 0, operating),
            ("Interest expense", 0, ("(350)", "(322)", "(199)")),
            ("Income before income taxes", 0, ("7,000", "7,548", "7,053")),
            ("Net income", 0, ("5,363", "4,869", "5,058")),
        ),
    )
    balance = StatementTable(
        "Consolidated Balance Sheets",
        "(In millions)",
        ("2020", "2019"),
        (
            ("Cash and cash equivalents", 0, ("2,853", "3,053")),
            ("Inventories", 0, ("4,366", "4,034")),
            ("Total current assets", 0, (current_assets, "14,277")),
            ("Property, plant and equipment, net", 0, ("8,738", "8,866")),
            ("Total assets", 0, ("36,500", "37,987")),
            ("Total current liabilities", 0, ("7,244", "7,687")),
            ("Long-term debt", 0, ("13,411", "12,096")),
            ("Total shareholders' equity", 0, ("9,848", "11,622")),
        ),
    )
    cash = StatementTable(
        "Consolidated Statements of Cash Flows",
        "(In millions)",
        ("2020", "2019", "2018"),
        (
            ("Net cash from operating activities", 0, ("6,439", "6,240", "6,662")),
            ("Capital expenditures", 0, ("(1,577)", "(1,373)", "(1,420)")),
            ("Dividends paid", 0, ("(900)", "(850)", "(800)")),
            ("Acquisitions, net of cash acquired", 0, ("(120)", "(40)", "(30)")),
            ("Other, net", 0, ("12", "8", "6")),
        ),
    )
    return statement_pdf(cover, [income, balance, cash])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        # operating margin 23.3% (2018), 24.3% (2019), 22.0% (2020); current ratio 1.89
        ("bramble.pdf", _filing(BRAMBLE, ("7,207", "7,692", "7,027"), "13,709")),
        # operating margin rising each year; current ratio 0.98
        ("corvid.pdf", _filing(CORVID, ("9,000", "8,000", "7,000"), "7,100")),
    ]
    yield from ingested_runtime(tmp_path_factory, "judgements", files)


def _documents(answer: Any) -> set[str]:
    return {e.source_location.document for e in answer.evidence}


@pytest.mark.parametrize(
    "question",
    [
        "Is Bramble Utilities a capital-intensive business?",
        "Is Bramble Utilities capital intensive?",
        "Would you call Bramble Utilities an asset-heavy company?",
    ],
)
def test_a_judgement_cites_its_figures_and_is_insufficient(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
    text = answer.conclusion.answer
    assert "capex to revenue FY2020: (1,577 / 32,765) x 100 = 4.8%" in text, text
    assert "ppe to total assets FY2020: (8,738 / 36,500) x 100 = 23.9%" in text, text
    assert text.endswith("whether that is capital-intensive is not a figure the statements give")
    # the question's own claim is no expected value: nothing the caller gave to evaluate
    assert answer.evaluation is None
    assert all(e.value is None for e in answer.evidence)
    quotes = " ".join(e.quote for e in answer.evidence)
    assert all(v in quotes for v in ("(1,577)", "32,765", "8,738", "36,500"))
    assert _documents(answer) == {"bramble.pdf"}


@pytest.mark.parametrize(
    "question",
    [
        "Is Bramble Utilities' operating margin improving?",
        "Has the operating margin of Bramble Utilities been declining?",
        "What drove the change in Bramble Utilities' operating margin?",
        # a course "as of" one year: the years up to it
        "Does Bramble Utilities have an improving operating margin profile as of FY2020?",
    ],
)
def test_a_course_without_a_test_cites_each_year(runtime: Any, question: str) -> None:
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
    text = answer.conclusion.answer
    for shown in ("7,027 / 30,109", "7,692 / 31,657", "7,207 / 32,765"):
        assert shown in text, text
    assert "is not a figure the statements give" in text


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("Was Bramble Utilities' current ratio above 1.5 at the end of FY2020?", "yes"),
        ("Is Bramble Utilities' FY2020 current ratio greater than 1.5?", "yes"),
        ("Is Bramble Utilities' FY2020 current ratio below 1.5?", "no"),
        ("Was Bramble Utilities' current ratio not above 2 in FY2020?", "yes"),
        ("Is Bramble Utilities' FY2020 current ratio at least 1.89?", "yes"),
        ("Isn't Bramble Utilities' FY2020 current ratio above 1.5?", "yes"),
        ("Was Corvid Rail's current ratio at least 1.0 in FY2020?", "no"),
        ("Was Bramble Utilities' FY2020 operating margin at least 25%?", "no"),
        ("Was Bramble Utilities' FY2020 operating margin above 20 percent?", "yes"),
        ("Was Bramble Utilities' FY2020 interest coverage ratio more than 10?", "yes"),
    ],
)
def test_a_stated_threshold_is_judged_by_the_engine(
    runtime: Any, question: str, verdict: str
) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value.casefold() for v in answer.conclusion.values] == [verdict]
    assert answer.conclusion.answer.startswith(("Yes" if verdict == "yes" else "No") + " (")
    assert answer.evaluation is None  # the question states the test, no expected value
    company = "corvid.pdf" if "Corvid" in question else "bramble.pdf"
    assert _documents(answer) == {company}


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("Did Bramble Utilities' operating margin rise in each year from FY2018 to FY2020?", "no"),
        ("Did Corvid Rail's operating margin rise every year from FY2018 to FY2020?", "yes"),
        ("Did Bramble Utilities' operating margin decline from FY2019 to FY2020?", "yes"),
        ("Did Bramble Utilities' operating margin improve from FY2018 to FY2019?", "yes"),
        (
            "Is it the case that Bramble Utilities' operating margin did not decline from "
            "FY2019 to FY2020?",
            "no",
        ),
        ("Did Corvid Rail's operating margin increase in each fiscal year?", "yes"),
    ],
)
def test_a_stated_course_is_judged_by_the_engine(runtime: Any, question: str, verdict: str) -> None:
    answer = concluded(runtime, question)
    assert answer.sufficient, answer.conclusion.answer
    assert [v.value.casefold() for v in answer.conclusion.values] == [verdict]
    assert "from each year to the next" in answer.conclusion.answer


def test_a_test_over_several_metrics_is_not_judged(runtime: Any) -> None:
    answer = concluded(runtime, "Is Bramble Utilities' leverage above 2 in FY2020?")
    assert not answer.sufficient and answer.conclusion.values == []
    assert "names no one metric" in answer.conclusion.answer


def test_a_figure_question_is_still_a_figure(runtime: Any) -> None:
    answer = concluded(
        runtime, "What is Bramble Utilities' FY2020 current ratio? Round to two decimal places."
    )
    assert answer.sufficient and [v.value for v in answer.conclusion.values] == ["1.89"]
    assert answer.evaluation is None


@pytest.mark.parametrize(
    "question",
    [
        *(
            f"Was Bramble Utilities' FY2020 operating margin above {n}?"
            for n in ("0.2", "0.25", "0.4")
        ),
        *(
            f"Was Bramble Utilities' FY2020 current ratio at least {n}?"
            for n in ("150%", "120 percent", "90%")
        ),
    ],
)
def test_a_threshold_in_another_unit_is_not_judged(runtime: Any, question: str) -> None:
    """ "operating margin above 0.4" is no percent and "current ratio above 150%" no ratio:
    never compared as written (40 with 0.4 had answered "Yes")."""
    answer = concluded(runtime, question)
    assert not answer.sufficient and answer.conclusion.values == []
    assert "is not in the metric's unit" in answer.conclusion.answer
