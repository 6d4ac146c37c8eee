"""Amendments a filing printed together (issue 16), through the real pipeline: one PDF opens
with the last page of the agreement, then Amendment No. 1 (no heading of its own, the
distributor a name shaped like a person's, "acting on behalf of itself and its affiliates"),
then, after its signatures, Amendment #2, which names the agreement by Amendment No. 1's date
and by another word for its type ("Distribution" for "Distributor").

A topic answer about the changed section gives Amendment #2's text in force, with the
agreement's own text and Amendment No. 1's as its history; a question about Amendment #2
itself takes nothing from the agreement's page printed before it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime


def _lines(*paragraphs: str) -> list[Line]:
    return [line for text in paragraphs for line in paragraph(text, gap=10)]


def _base() -> bytes:
    return make_pdf(
        [
            [
                Line("DISTRIBUTOR AGREEMENT", size=16, bold=True, x=160),
                Line("Agreement Number: N7 Effective Date: March 1, 2019"),
                *_lines(
                    "Harrow Fielding, a corporation organized under the laws of the State of "
                    'California ("Distributor") and Quillon Devices, Inc. ("Quillon") agree that '
                    "the following terms govern the sale of Products.",
                    "1. APPOINTMENT. Quillon appoints Distributor as a distributor of Products.",
                    "2. TERRITORY. Distributor may not resell any Products outside of the "
                    "Territory identified herein as the United States.",
                    "19. GOVERNING LAW. This Agreement is governed by the laws of the State of "
                    "California.",
                ),
                Line("By: /s/ Ann Weller"),
                Line("Name: Ann Weller"),
            ]
        ]
    )


def _amendments() -> bytes:
    last_page = _lines(
        "18. NOTICES. Notices are given in writing to the addresses above.",
        "19. GOVERNING LAW. This Agreement is governed by the laws of the State of California.",
        "20. ENTIRE AGREEMENT. This Agreement is the entire agreement of the parties.",
    )
    amendments = [
        *_lines(
            'This Amendment is entered into effective October 1, 2019 ("Amendment Date") by and '
            'between Quillon Devices, Inc. ("Quillon") and Harrow Fielding ("Distributor") '
            "acting on behalf of itself and its affiliates.",
            'Quillon and Distributor having previously entered into a Distributor Agreement ("'
            'Agreement") with an Effective Date of March 1, 2019, now mutually agree to amend that '
            "Agreement as follows:",
            "1. Subject to the terms of this Amendment, the Territory listed in Section 2 of the "
            "Agreement is amended to be the United States and Canada.",
        ),
        Line("By: /s/ Ann Weller"),
        Line("Name: Ann Weller"),
        Line("AMENDMENT #2 TO THE DISTRIBUTION AGREEMENT", bold=True, gap=14),
        *_lines(
            "THIS AMENDMENT is entered into this 15th day of July 2021, by and between Harrow "
            'Fielding ("Distributor") and Quillon Devices, Inc. ("Quillon").',
            'The parties have agreed to amend their Distribution Agreement ("Agreement") dated '
            "October 1, 2019.",
            "1. Section 2, TERRITORY, is amended to be the United States, Canada and Mexico.",
            "2. This Amendment shall remain in effect for the current term of the Agreement.",
        ),
        Line("By: /s/ Bo Chen"),
        Line("Name: Bo Chen"),
    ]
    return make_pdf([last_page, amendments])


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "bound-amendments",
        [("distributor.pdf", _base()), ("amendments.pdf", _amendments())],
    )


def _quotes(answer: Any, ids: list[str]) -> list[str]:
    cited = {e.evidence_id: e for e in answer.evidence}
    return [" ".join(cited[i].quote.split()) for i in ids if i in cited]


@pytest.mark.slow
def test_the_territory_in_force_is_the_second_amendments_with_the_rest_as_history(
    runtime: Any,
) -> None:
    for question in (
        "What is the territory under the distributor agreement between Quillon Devices and "
        "Harrow Fielding?",
        "What territory does the distribution agreement between Harrow Fielding and Quillon "
        "Devices cover?",
    ):
        answer = runtime.skill.ask("kb", question)
        values = [i for v in answer.conclusion.values for i in v.evidence_ids]
        in_force = _quotes(answer, values)
        assert any("Canada and Mexico" in q for q in in_force), question
        assert not any("identified herein as the United States" in q for q in in_force)
        (supersession,) = answer.supersessions
        assert supersession.number == 2 and supersession.effective_date == "2021-07-15"
        history = _quotes(answer, [i for h in supersession.history for i in h.evidence_ids])
        assert any("identified herein as the United States" in q for q in history)
        assert any("the United States and Canada." in q for q in history)
        assert "superseded_value" in answer.risk_signals


@pytest.mark.slow
def test_the_amendment_itself_takes_nothing_from_the_agreements_page_before_it(
    runtime: Any,
) -> None:
    answer = runtime.skill.ask(
        "kb",
        "What is the governing law of the Amendment #2 to the Distribution Agreement between "
        "Quillon Devices and Harrow Fielding?",
    )
    assert answer.conclusion.values == []
    assert any("outside the amendment's own text" in r.reason for r in answer.rejected_evidence), (
        answer.rejected_evidence
    )


@pytest.mark.slow
def test_each_amendment_the_pdf_prints_is_asked_about_on_its_own(runtime: Any) -> None:
    """Amendment #2 is dated by its own opening, the unnumbered Amendment by its own: neither
    takes the other's text, though one PDF prints both."""
    parties = "between Quillon Devices and Harrow Fielding"
    second = runtime.skill.ask(
        "kb",
        f"What is the effective date of the Amendment #2 to the Distribution Agreement {parties}?",
    )
    assert [v.value for v in second.conclusion.values] == ["2021-07-15"]
    first = runtime.skill.ask(
        "kb", f"What is the effective date of the Amendment to the Distributor Agreement {parties}?"
    )
    assert [v.value for v in first.conclusion.values] == ["2019-10-01"]
