"""A value claim answered "Not stated in <agreement> — ..." carries the signal `not_stated`
(session 38, house38): the "Which agreement?" step and the web workspace read the signal,
never the words, so every route that writes the lead sets it. A day of the year asked of an
agreement that states only its length ("Does the MSA ... terminate on December 31?": three
years is no date) is the case main left without it. Phrasings: case, possessives, the
parties in either order, synonyms of the act (terminate, expire), days written both ways.
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


@pytest.mark.parametrize(
    "question",
    [
        "Does the MSA between Halcyon and Northgate terminate on December 31?",
        "does the msa between halcyon and northgate terminate on december 31?",
        "Does the MSA between Northgate and Halcyon expire on 31 December?",
        "Does Halcyon's MSA with Northgate terminate on June 30?",
    ],
)
def test_a_not_stated_value_claim_carries_the_signal(ask: Any, question: str) -> None:
    answer = ask(question)
    text = answer.conclusion.answer or ""
    assert text.startswith("Not stated in "), (question, text)
    assert "not_stated" in answer.risk_signals, (question, answer.risk_signals)
