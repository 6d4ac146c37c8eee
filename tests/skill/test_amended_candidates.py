"""A clause the classifier does not confirm stays a candidate when an amendment replaces it:
the replacing text is quoted as a candidate too (under the engine's threshold), never judged
sufficient (issue 14 with issue 16's clauses as amended).

Real PDFs through the real pipeline (PyMuPDF, the packaged classifier and embedding model,
Qdrant Edge)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

MERGER = (
    "In the event of a merger of Provider with any other entity, Client shall have the right "
    "to terminate this Agreement."
)
NEW_MERGER = (
    "In the event of a merger of Provider with any other entity, Client may terminate this "
    "Agreement upon ninety (90) days' written notice."
)
PARTIES = (
    "by and between Quillon Dynamics, Inc., a Delaware corporation (\u201cProvider\u201d), and "
    "Marrowfield Ventures LLC, a Texas limited liability company (\u201cClient\u201d)."
)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    agreement = clauses_pdf(
        "SERVICES AGREEMENT",
        [
            f"This Services Agreement is entered into as of March 1, 2020 {PARTIES}",
            "1. Reports. Provider will deliver the monthly reports by the fifth business day of "
            "each month.",
            f"2. Merger. {MERGER}",
            "3. Law. This Agreement shall be governed by the laws of the State of Oregon.",
        ],
    )
    amendment = clauses_pdf(
        "AMENDMENT NO. 1 TO SERVICES AGREEMENT",
        [
            "This AMENDMENT NO. 1 (this \u201cAmendment\u201d) is made and entered into as of "
            f"June 1, 2021 {PARTIES}",
            "A. Provider and Client are parties to that certain Services Agreement dated as of "
            "March 1, 2020 (the \u201cAgreement\u201d).",
            "1. Amendment of Section 2. Section 2 of the Agreement is hereby deleted in its "
            "entirety and replaced with the following:",
            f"\u201c2. Merger. {NEW_MERGER}\u201d",
            "2. Effect. Except as expressly amended by this Amendment, the Agreement remains in "
            "full force and effect.",
        ],
    )
    yield from ingested_runtime(
        tmp_path_factory,
        "amended",
        [("services.pdf", agreement), ("amendment.pdf", amendment)],
    )


@pytest.mark.slow
def test_the_text_replacing_an_unconfirmed_clause_is_a_candidate(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb",
        "Is there a change of control provision in the agreement between Quillon Dynamics and "
        "Marrowfield Ventures?",
    )
    assert answer.subject_class.attribute == "change_of_control"
    # the model never confirms change of control alone (its `confirm` is null)
    assert answer.sufficient is False
    assert answer.conclusion.values == []
    assert "clause_not_confirmed" in answer.risk_signals
    quoted = {" ".join(e.quote.split()): e.confidence for e in answer.evidence}
    # the amendment's text is what is in force, and it is quoted, as a candidate
    assert answer.supersessions, "the amendment's replacement was not read"
    assert any(NEW_MERGER in q for q in quoted), quoted
    assert all(c <= 0.45 for c in quoted.values()), quoted
