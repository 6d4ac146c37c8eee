"""An agreement whose title joins kinds ("Non-Disclosure and Non-Compete Agreement", "Loan &
Security Agreement", "Supply and Distribution Agreement") is an agreement of each kind it
joins (issue 33: "the agreement's type not matched"): asked by either kind, with its parties,
it answers; a kind it does not join still names no agreement. Found on a ContractNLI NDA
titled "NON-DISCLOSURE AND NON-COMPETE AGREEMENT" that "the NDA" did not reach. Generated over
titles, their kinds, the parties' order and case, one knowledge base."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

# (title, its parties, the kinds it joins as a question writes them, the state of its law)
_AGREEMENTS = [
    (
        "NON-DISCLOSURE AND NON-COMPETE AGREEMENT",
        ("Larchmont Analytics, Inc.", "Oakhurst Capital LLC"),
        ["NDA", "non-disclosure agreement", "non-compete agreement", "confidentiality agreement"],
        "New York",
    ),
    (
        "LOAN & SECURITY AGREEMENT",
        ("Brindle Freight Corp.", "Quarry Bank, N.A."),
        ["loan agreement", "security agreement", "loan and security agreement"],
        "Delaware",
    ),
    (
        "Supply and Distribution Agreement",
        ("Pelorus Foods Ltd.", "Veldt Trading Company"),
        ["supply agreement", "distribution agreement", "supply contract"],
        "Texas",
    ),
]


def _pdf(title: str, a: str, b: str, law: str) -> bytes:
    return clauses_pdf(
        title.upper(),
        [
            f"This {title.title()} is entered into as of June 1, 2022 by and between {a} and {b}.",
            "1. Term. This Agreement remains in force for two years.",
            f"2. Law. This Agreement shall be governed by the laws of the State of {law}.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pdfs = [(f"joined-{i}.pdf", _pdf(t, *p, law)) for i, (t, p, _, law) in enumerate(_AGREEMENTS)]
    yield from ingested_runtime(tmp_path_factory, "joined-types", pdfs)


def _short(name: str) -> str:
    return name.split()[0].rstrip(",")


@pytest.mark.parametrize(
    ("kind", "parties", "law"),
    [(k, p, law) for _, p, kinds, law in _AGREEMENTS for k in kinds],
)
def test_each_kind_a_title_joins_names_the_agreement(
    runtime: Any, kind: str, parties: tuple[str, str], law: str
) -> None:
    a, b = parties
    for question in (
        f"What is the governing law of the {kind} between {a} and {b}?",
        f"what law governs the {kind.lower()} between {_short(b).lower()} and {_short(a)}",
        f"What is the governing law of {_short(a)}'s {kind} with {_short(b)}?",
    ):
        answer = runtime.skill.ask("kb", question)
        assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
        assert law in (answer.conclusion.answer or ""), (question, answer.conclusion.answer)


@pytest.mark.parametrize(
    ("kind", "parties"),
    [
        ("license agreement", _AGREEMENTS[0][1]),
        ("lease", _AGREEMENTS[1][1]),
        ("franchise agreement", _AGREEMENTS[2][1]),
    ],
)
def test_a_kind_the_title_does_not_join_names_no_agreement(
    runtime: Any, kind: str, parties: tuple[str, str]
) -> None:
    a, b = parties
    answer = runtime.skill.ask(
        "kb", f"What is the governing law of the {kind} between {a} and {b}?"
    )
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", answer.terminal_state
