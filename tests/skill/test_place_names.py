"""A company whose name opens with a place ("Arkansas Western Pipeline Company", organized in
Arkansas) is named by that word in a party slot: "between Arkansas and Ozark" asks about its
agreement, not the state (issue 33). The exact key "arkansas" is a jurisdiction the binding
index records; a person or a company of that short name comes first.

Generated: three states, each a company named after it and incorporated there, each with one
agreement with a counterparty; asked with the short names in either order, in lower case, and
with a possessive. A place that opens no company's name stays no party.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

CASES = [
    ("Arkansas", "Western Pipeline Company", "Ozark Freight LLC", "New York"),
    ("Nevada", "Mineral Holdings, Inc.", "Quarrystone Partners LLC", "California"),
    ("Texas", "Gulf Terminals Corp.", "Brazos Tankers Ltd.", "Delaware"),
]


def _agreement(state: str, rest: str, counterparty: str, law: str) -> bytes:
    return clauses_pdf(
        "TRANSPORTATION SERVICE AGREEMENT",
        [
            "This Transportation Service Agreement is entered into as of March 3, 2021 by and "
            f"between {state} {rest}, a {state} corporation, and {counterparty}.",
            f"1. Service. {counterparty} will carry the products of {state} {rest} each month.",
            f"2. Law. This Agreement shall be governed by the laws of the State of {law}.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "place-names",
        [(f"{c[0].lower()}.pdf", _agreement(*c)) for c in CASES],
    )


@pytest.mark.parametrize(("state", "rest", "counterparty", "law"), CASES)
def test_a_place_that_opens_a_company_name_names_the_company(
    runtime: Any, state: str, rest: str, counterparty: str, law: str
) -> None:
    other = counterparty.split()[0]
    questions = [
        f"What is the governing law of the agreement between {state} and {other}?",
        f"What is the governing law of the agreement between {other} and {state}?",
        f"what is the governing law of the agreement between {state.lower()} and {other.lower()}?",
        f"What is the governing law of {state}'s agreement with {other}?",
    ]
    for question in questions:
        answer = runtime.skill.ask("kb", question)
        assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
        assert law in (answer.conclusion.answer or ""), (question, answer.conclusion.answer)
        assert {e.source_location.document for e in answer.evidence} == {f"{state.lower()}.pdf"}, (
            question
        )


def test_a_place_that_opens_no_company_name_is_no_party(runtime: Any) -> None:
    answer = runtime.skill.ask(
        "kb", "What is the governing law of the agreement between Oregon and Ozark?"
    )
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
