"""A clause's title standing alone ("2. Assignment.", "(a) Transfer and Absolute Assignment of
Initial Receivables.") labels the clause and is never quoted as what the clause says, even
where it names the topic asked about. One real PDF through the real pipeline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

ASSIGN = (
    "Neither party may assign this Agreement without the prior written consent of the other party."
)
TRANSFER = (
    "Seller hereby sells, transfers and conveys to Buyer all of its right, title and interest "
    "in the Initial Receivables."
)
HEADINGS = ("2. Assignment.", "(a) Transfer and Absolute Assignment of Initial Receivables.")


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    agreement = clauses_pdf(
        "RECEIVABLES PURCHASE AGREEMENT",
        [
            "This Receivables Purchase Agreement is entered into as of May 1, 2022 by and between "
            "Quillon Dynamics, Inc., a Delaware corporation (\u201cSeller\u201d), and Marrowfield "
            "Ventures LLC, a Texas limited liability company (\u201cBuyer\u201d).",
            f"1. Sale. {HEADINGS[1]} {TRANSFER}",
            f"{HEADINGS[0]} {ASSIGN}",
            "3. Law. This Agreement shall be governed by the laws of the State of Oregon.",
        ],
    )
    yield from ingested_runtime(tmp_path_factory, "headings", [("rpa.pdf", agreement)])


def test_a_clause_title_is_never_quoted_as_the_clause(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb",
        "What are the assignment restrictions in the receivables purchase agreement between "
        "Quillon Dynamics and Marrowfield Ventures?",
    )
    quotes = [" ".join(e.quote.split()) for e in answer.evidence]
    assert any(ASSIGN in q for q in quotes), quotes
    assert not [q for q in quotes if q in HEADINGS], quotes
    values = [v.value for v in answer.conclusion.values]
    assert not [v for v in values if v in HEADINGS], values
