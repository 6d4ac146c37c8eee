"""A party's name as only its filer writes it (an EDGAR footer) reaches that agreement and no
other (issue 33 item 4, the ArTara class): the alias is scoped to its document. Quillon, Inc.
is a party of two agreements; the supply agreement's pages carry the footer of its filer,
Quillon Therapeutics, Inc., and its body names a sibling, Quillon Europe GmbH. A question
naming the filer reaches the supply agreement however it writes the name; it never reaches
the services agreement, and the sibling reaches nothing (party38b's alias, knowledge-base
wide and read from the body, reached both).

Real PDFs through the real pipeline (PyMuPDF, the packaged model, Qdrant Edge)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime


def _agreement(title: str, second: str, clauses: list[str], footer: str | None) -> bytes:
    lines = [Line(title, size=14, bold=True, x=150)]
    for text in [
        f'This {title.title()} (this "Agreement") is entered into as of March 1, 2020 by and '
        f'between Quillon, Inc., a Delaware corporation ("Quillon"), and {second}.',
        *clauses,
    ]:
        lines.extend(paragraph(text, gap=10))
    return make_pdf([lines, [Line("Schedule 1. Products and prices as agreed.")]], footer=footer)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    supply = _agreement(
        "SUPPLY AGREEMENT",
        'Marrowfield Ventures LLC, a Texas limited liability company ("Buyer")',
        [
            "1. Supply. Quillon shall supply the products to Buyer.",
            "2. Distribution. Quillon Europe GmbH shall distribute the products in Europe on "
            "behalf of Quillon.",
            "3. Termination. Quillon may terminate this Agreement upon thirty (30) days' "
            "written notice.",
            "4. Law. This Agreement shall be governed by the laws of the State of Oregon.",
        ],
        footer="Source: QUILLON THERAPEUTICS, INC., 8-K, 3/2/2020",
    )
    services = _agreement(
        "SERVICES AGREEMENT",
        'Harrow Data LLC, a Nevada limited liability company ("Provider")',
        [
            "1. Services. Provider shall provide the services to Quillon.",
            "2. Termination. Quillon may terminate this Agreement upon ninety (90) days' "
            "written notice.",
            "3. Law. This Agreement shall be governed by the laws of the State of Nevada.",
        ],
        footer=None,
    )
    yield from ingested_runtime(
        tmp_path_factory, "filer", [("supply.pdf", supply), ("services.pdf", services)]
    )


def _reached(runtime: Any, question: str) -> tuple[str, set[str]]:
    answer = runtime.skill.ask("kb", question)
    return answer.terminal_state, {c.source_location.document for c in answer.candidate_subjects}


_REACHES_SUPPLY = [
    "What is the governing law of the supply agreement between Quillon Therapeutics, Inc. and "
    "Marrowfield Ventures?",
    "what is the governing law of the agreement between quillon therapeutics and marrowfield "
    "ventures?",
    "What is the governing law of the agreement between Marrowfield Ventures LLC and Quillon "
    "Therapeutics, Inc.?",
    "What is the governing law of Quillon Therapeutics' agreement with Marrowfield Ventures?",
    "May Quillon Therapeutics terminate its agreement with Marrowfield Ventures?",
    "May Quillon Therapeutics, Inc. terminate its agreement?",
]


@pytest.mark.slow
@pytest.mark.parametrize("question", _REACHES_SUPPLY)
def test_the_filer_s_name_reaches_its_own_agreement(runtime: Any, question: str) -> None:
    assert _reached(runtime, question) == ("CONCLUDED", {"supply.pdf"})


_REFUSED = [
    # the filer's name with the other agreement's party: that agreement is not its document
    "What is the governing law of the services agreement between Quillon Therapeutics, Inc. "
    "and Harrow Data?",
    "May Quillon Therapeutics terminate its agreement with Harrow Data LLC?",
    # a sibling the supply agreement's body names is no name of Quillon's
    "What is the governing law of the agreement between Quillon Europe GmbH and Marrowfield "
    "Ventures?",
    "May Quillon Europe GmbH terminate its agreement with Harrow Data?",
]


@pytest.mark.slow
@pytest.mark.parametrize("question", _REFUSED)
def test_the_filer_s_name_and_a_sibling_reach_no_other_agreement(
    runtime: Any, question: str
) -> None:
    assert _reached(runtime, question) == ("SUBJECT_NOT_FOUND", set())


@pytest.mark.slow
def test_the_party_s_own_name_still_reaches_both(runtime: Any) -> None:
    assert _reached(
        runtime, "What is the governing law of the agreement between Quillon and Harrow Data?"
    ) == ("CONCLUDED", {"services.pdf"})
    assert _reached(
        runtime, "What is the governing law of the agreement between Quillon and Marrowfield?"
    ) == ("CONCLUDED", {"supply.pdf"})
