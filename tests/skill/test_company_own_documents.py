"""A company's facts come only from its own documents (issue 33): a third party's report
that profiles it (with other founders than its own documents state) is never evidence about
it, and a similarly named company only that report profiles is refused, naming where it is
mentioned, never answered from it; a question scoped to the report reads what the report
says. On PDFs ingested by the real pipeline; questions in generated variants (short names,
lower case, possessives)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import render_answer
from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

_COMPANY = "Wrenfield Mills, Inc."
_SIMILAR = "Wrenfield Mill Systems Ltd."
_AUTHOR = "Tallis Research Partners"


def _presentation() -> bytes:
    return make_pdf(
        [
            [
                Line(f"{_COMPANY} - Management Presentation", size=16, bold=True),
                Line("- Prepared for prospective investors - Q1 2024", gap=10),
                Line("Leadership team", bold=True, gap=14),
                Line("- Ruth Calder - Co-founder and Chief Executive Officer.", gap=6),
                Line("- Ivo Marsh - Co-founder and Chief Technology Officer.", gap=6),
                Line("Company overview", bold=True, gap=14),
                Line("- 212 employees in the United Kingdom and Ireland", gap=6),
            ]
        ]
    )


def _report() -> bytes:
    return make_pdf(
        [
            [
                Line("Textile Machinery Outlook 2024", size=16, bold=True),
                Line(f"{_AUTHOR} - Industry Report - March 2024", gap=6),
                *paragraph(
                    f"{_COMPANY} is a Leeds-based maker of looms, founded in 2015 by Clara Voss "
                    "and Paul Reyes.",
                    gap=14,
                ),
                *paragraph(
                    f"{_SIMILAR} is a Glasgow-based maker of spindles, incorporated in Scotland "
                    "in 2011 and founded by Nadia Brook, who remains its managing director.",
                    gap=14,
                ),
            ]
        ]
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "own-documents",
        [("presentation.pdf", _presentation()), ("report.pdf", _report())],
    )


def _values(answer: Any) -> set[str]:
    return {str(v.value) for v in answer.conclusion.values}


@pytest.mark.parametrize(
    "question",
    [
        "Who founded Wrenfield Mills, Inc.?",
        "who are the founders of wrenfield mills?",
        "Who are Wrenfield Mills' co-founders?",
    ],
)
def test_founders_come_from_the_companys_own_documents(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", question
    assert _values(answer) == {"Ruth Calder", "Ivo Marsh"}
    assert {u.source_location.document for u in answer.evidence} == {"presentation.pdf"}


@pytest.mark.parametrize(
    "question",
    [
        "Who founded Wrenfield Mill Systems Ltd.?",
        "Where is Wrenfield Mill Systems incorporated?",
        "who is the managing director of wrenfield mill systems ltd.?",
    ],
)
def test_a_company_only_a_third_party_profiles_is_refused_naming_where(
    runtime: Any, question: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", question
    assert not answer.evidence and not answer.conclusion.values
    said = answer.conclusion.answer or ""
    assert "own documents" in said and "report.pdf" in said and _AUTHOR in said
    # as `evrag ask` prints it: where it is mentioned, by whom, and nothing the report says
    shown = render_answer(answer)
    assert "A: Not found in " in shown and f"report.pdf ({_AUTHOR})" in shown
    assert "Nadia Brook" not in shown and "Glasgow" not in shown


def test_a_question_scoped_to_the_report_reads_what_it_says(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb", "Who founded Wrenfield Mill Systems Ltd.?", documents=["report.pdf"]
    )
    assert answer.terminal_state == "CONCLUDED"
    assert _values(answer) == {"Nadia Brook"}
