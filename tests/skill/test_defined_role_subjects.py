"""A defined role as a question's only subject on a generated knowledge base (issue 33): two
loan agreements each define "the Borrower" (and "the Lender"), one employment agreement
defines "the Executive". A role one agreement defines asks about it; a role two define is a
question error naming both agreements (never a pick); within a document scope the role is
read in the scope only; a role no agreement defines is not found, named; a role beside a
named party keeps that party's reading. Real PDFs by PyMuPDF, ingested through the real
pipeline."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import SubjectClassError
from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

# (file, title, borrower, lender, governing law)
_LOANS = (
    (
        "loan_a.pdf",
        "LOAN AGREEMENT",
        "Larchmont Analytics, Inc.",
        "Oakhurst Capital LLC",
        "New York",
    ),
    ("loan_b.pdf", "CREDIT AGREEMENT", "Brantley & Sons Corp.", "Pemberton Bank, N.A.", "Texas"),
)


def _loan(title: str, borrower: str, lender: str, law: str) -> bytes:
    return clauses_pdf(
        title,
        [
            f"This {title.title()} is entered into as of March 1, 2021 by and between "
            f'{borrower}, a Delaware corporation (the "Borrower"), and {lender}, a national '
            f'lender (the "Lender").',
            "1. Dividends. The Borrower shall not declare or pay any dividend without the "
            "prior written consent of the Lender.",
            f"2. Governing Law. This Agreement shall be governed by the laws of the State of {law}.",
        ],
    )


def _employment() -> bytes:
    return clauses_pdf(
        "EMPLOYMENT AGREEMENT",
        [
            "This Employment Agreement is entered into as of January 5, 2022 by and between "
            'Quillfeather Systems, Inc., a Delaware corporation (the "Company"), and Miriam '
            'Holloway (the "Executive").',
            "1. Termination. The Company may terminate the Executive's employment without Cause "
            "upon thirty (30) days' written notice.",
            "2. Governing Law. This Agreement shall be governed by the laws of the State of "
            "California.",
        ],
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [(name, _loan(title, b, lender, law)) for name, title, b, lender, law in _LOANS]
    files.append(("employment.pdf", _employment()))
    yield from ingested_runtime(tmp_path_factory, "defined-roles", files)


@pytest.mark.parametrize(
    "question",
    [
        "Can the Executive be terminated without cause?",
        "can the executive be terminated without cause",
        "Can the Executive not be terminated without cause?",
    ],
)
def test_a_role_one_agreement_defines_asks_about_it(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.rejected_candidates)
    shown = answer.subject_class.constraints
    assert shown["defined_role"].lower() == "executive"
    assert shown["defined_role_party"] == "Miriam Holloway"
    assert {e.source_location.document for e in answer.evidence} <= {"employment.pdf"}
    negated = " not " in question
    if question.lower().startswith("can"):
        said = answer.conclusion.answer or ""
        assert said.startswith("No" if negated else "Yes"), said


@pytest.mark.parametrize(
    "question",
    [
        "Is the Borrower allowed to pay dividends?",
        "is the borrower allowed to pay dividends",
        "What is the Lender's governing law?",
        "Can the Borrowers pay dividends?",
    ],
)
def test_a_role_two_agreements_define_names_both(runtime: Any, question: str) -> None:
    with pytest.raises(SubjectClassError) as raised:
        runtime.skill.ask("kb", question)
    reason = raised.value.reason
    assert "LOAN AGREEMENT" in reason and "CREDIT AGREEMENT" in reason, reason


@pytest.mark.parametrize(("file", "title", "borrower", "lender", "law"), _LOANS)
def test_a_role_in_a_scope_is_read_in_the_scope(
    runtime: Any, file: str, title: str, borrower: str, lender: str, law: str
) -> None:
    answer = runtime.skill.ask("kb", "Is the Borrower allowed to pay dividends?", documents=[file])
    assert answer.terminal_state == "CONCLUDED"
    assert (answer.conclusion.answer or "").startswith("No"), answer.conclusion.answer
    assert {e.source_location.document for e in answer.evidence} == {file}


def test_a_role_beside_a_named_party_keeps_the_party(runtime: Any) -> None:
    borrower = _LOANS[1][2]
    answer = runtime.skill.ask(
        "kb", f"What is the governing law of {borrower}'s loan with the Lender?"
    )
    assert "defined_role" not in answer.subject_class.constraints
    assert {e.source_location.document for e in answer.evidence} <= {_LOANS[1][0]}


@pytest.mark.parametrize(
    "question", ["May the Licensee sublicense?", "may the licensee's affiliates sublicense"]
)
def test_a_role_no_agreement_defines_is_not_found(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert not answer.evidence
    assert "licensee" in (answer.conclusion.answer or "").lower()


@pytest.mark.parametrize(
    "question", ["Can the Company terminate without cause?", "What must the parties do?"]
)
def test_a_generic_word_is_no_role(runtime: Any, question: str) -> None:
    with pytest.raises(SubjectClassError) as raised:
        runtime.skill.ask("kb", question)
    assert "several agreements" not in raised.value.reason
