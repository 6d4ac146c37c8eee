"""A question read as an agreement's term only by its attribute's phrasing ("How much did X
pay out in cash dividends?": "pay" is a compensation phrasing) and naming no agreement asks
about the company itself when the company is party to no agreement of the knowledge base
(issue 33: FinanceBench's "How much did American Water Works pay out in cash dividends?").
A company that is party to an agreement keeps the agreement reading; an unknown one is refused.
Generated over two companies' filings (a 10-K cover) and one services agreement."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, Row, clauses_pdf, make_pdf, paragraph, ten_k_cover
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

FILERS = [("BRAMBLE UTILITIES, INC.", "Bramble Utilities"), ("CORVID RAIL CORP.", "Corvid Rail")]


def _filing(name: str, short: str) -> bytes:
    cover: list[Line | Row] = [
        *ten_k_cover(name, "51-0000001"),
        *paragraph(
            f"In 2020 {short} paid cash dividends of $412 million to its shareholders. "
            f"{short} operates in the eastern United States."
        ),
    ]
    return make_pdf([cover])


def _services() -> bytes:
    return clauses_pdf(
        "SERVICES AGREEMENT",
        [
            "This Services Agreement is entered into as of May 2, 2022 by and between Corvid "
            "Rail Corp., a Delaware corporation, and Harlow Signals LLC.",
            "1. Fees. Corvid Rail shall pay Harlow Signals a monthly fee of USD 20,000.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [(f"{short.split()[0].lower()}.pdf", _filing(name, short)) for name, short in FILERS]
    files.append(("services.pdf", _services()))
    yield from ingested_runtime(tmp_path_factory, "company-reading", files)


@pytest.mark.parametrize(
    "template",
    [
        "How much did {c} pay out in cash dividends?",
        "how much did {c} pay out in cash dividends in 2020",
        "How much (in USD millions) did {c} pay out in cash dividends for FY2020?",
    ],
)
def test_a_company_with_no_agreement_is_asked_about_itself(runtime: Any, template: str) -> None:
    question = template.format(c="Bramble Utilities")
    answer = runtime.skill.ask("kb", question)
    assert answer.subject_class.type == "legal_entity", question
    assert answer.terminal_state == "CONCLUDED", question
    assert {e.source_location.document for e in answer.evidence} == {"bramble.pdf"}
    assert any("412 million" in e.quote for e in answer.evidence)


def test_a_company_party_to_an_agreement_keeps_the_agreement_reading(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", "How much did Corvid Rail pay out in cash dividends?")
    assert answer.subject_class.type == "agreement"


def test_an_unknown_company_is_refused(runtime: Any) -> None:
    answer = runtime.skill.ask("kb", "How much did Zorblax Mining pay out in cash dividends?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
