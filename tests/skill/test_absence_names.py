"""An absence names the agreement it was searched in: two candidate agreements of one title
(a company's "SERVICES AGREEMENT" with two counterparties) are told apart by their files."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime


def _services(counterparty: str, state: str) -> bytes:
    return clauses_pdf(
        "SERVICES AGREEMENT",
        [
            "This Services Agreement is entered into as of May 2, 2022 by and between Tavish "
            f"Instruments, Inc., a Delaware corporation, and {counterparty}, a {state} "
            "corporation.",
            "1. Services. Tavish Instruments will calibrate the laboratory equipment listed in "
            "Schedule A each quarter.",
            f"2. Law. This Agreement shall be governed by the laws of the State of {state}.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "absence-names",
        [
            ("services_orland.pdf", _services("Orland Biotech Corp.", "Ohio")),
            ("services_pemberton.pdf", _services("Pemberton Labs Corp.", "Utah")),
        ],
    )


@pytest.mark.slow
def test_two_agreements_of_one_title_are_told_apart_by_their_files(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb", "Does the Services Agreement of Tavish Instruments contain a non-compete clause?"
    )
    assert not answer.sufficient and answer.conclusion.values == []
    text = answer.conclusion.answer or ""
    assert text.startswith("Not stated in SERVICES AGREEMENT (services_"), text
    assert "— no non-compete clause found (" in text, text
    assert "services_orland.pdf" in text and "services_pemberton.pdf" in text, text


@pytest.mark.slow
def test_one_agreement_is_named_by_its_title_alone(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb",
        "Does the Services Agreement between Tavish Instruments and Orland Biotech contain a "
        "non-compete clause?",
    )
    text = answer.conclusion.answer or ""
    assert text.startswith(
        "Not stated in SERVICES AGREEMENT — no non-compete clause found (1 page searched"
    ), text
