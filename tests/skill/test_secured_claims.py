"""Whether a loan is secured, a claim of the lexicon's data (propositions.yaml `secured`):
"Yes" where the borrower grants a security interest or the obligations are secured by
collateral, "No" where the loan is stated unsecured, "Not stated" where the agreement only
covenants against other liens (a negative pledge says nothing of this loan's security), and
the negated question ("Is ... unsecured?") the other way round (issue 34)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

# (lender, borrower, file, the clause, the answer to "is it secured?")
_LOANS = [
    (
        "Harrowgate Bank, N.A.",
        "Pellucid Systems, Inc.",
        "pellucid.pdf",
        "To secure the payment of the Obligations, the Borrower hereby grants to the Lender a "
        "continuing security interest in all of the Collateral, wherever located.",
        "Yes",
    ),
    (
        "Ostrander Capital LLC",
        "Quayle & Finch Ltd.",
        "quayle.pdf",
        "The obligations of the Borrower under this Agreement are secured by a first priority "
        "pledge of the shares of its subsidiaries.",
        "Yes",
    ),
    (
        "Tamsin Credit Corp.",
        "Verbena Foods, Inc.",
        "verbena.pdf",
        "The Loan is a general unsecured obligation of the Borrower and ranks equally with its "
        "other unsecured indebtedness.",
        "No",
    ),
    (
        "Wexley Trust Company",
        "Yarrow Analytics, Inc.",
        "yarrow.pdf",
        "Without the Lender's prior written consent, the Borrower shall not create or permit "
        "any Lien on any of its property other than Permitted Liens, and the Borrower shall "
        "not grant any security interest in its assets to any other person.",
        "Not stated",
    ),
]
_ASKED = [
    ("Is the {b} loan agreement secured?", False),
    ("is the loan agreement between {l} and {b} secured", False),
    ("Does {b}'s loan agreement with {l} grant a security interest?", False),
    ("Is the loan agreement with {l} backed by collateral?", False),
    ("Is {b}'s loan agreement unsecured?", True),
]
_NEGATED = {"Yes": "No", "No": "Yes", "Not stated": "Not stated"}


def _loan(lender: str, borrower: str, clause: str) -> bytes:
    opening = (
        f"This Loan Agreement is entered into as of June 1, 2021 by and between {lender}, a "
        f"New York banking corporation (the \u201cLender\u201d), and {borrower}, a Delaware "
        f"corporation (the \u201cBorrower\u201d)."
    )
    body = [
        "The Lender agrees to make a term loan to the Borrower in the principal amount of "
        "USD 2,000,000, repayable in twelve quarterly installments.",
        clause,
        "This Agreement shall be governed by the laws of the State of New York.",
    ]
    return make_pdf(
        [
            [
                Line("LOAN AGREEMENT", size=16, bold=True, x=180),
                *paragraph(opening, gap=14),
                *(line for s in body for line in paragraph(s, gap=14)),
            ]
        ]
    )


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [
        (name, _loan(lender, borrower, clause)) for lender, borrower, name, clause, _ in _LOANS
    ]
    yield from ingested_runtime(tmp_path_factory, "secured", files)


def _short(name: str) -> str:
    return name.split(",")[0].split()[0]


@pytest.mark.parametrize(
    ("question", "file", "expected"),
    [
        (
            asked.format(l=_short(lender), b=written(_short(borrower))),
            name,
            _NEGATED[answer] if negated else answer,
        )
        for lender, borrower, name, _, answer in _LOANS
        for asked, negated in _ASKED
        for written in (str, str.lower)
    ],
)
def test_a_loan_is_secured_as_its_agreement_says(
    runtime: Any, question: str, file: str, expected: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.terminal_state)
    text = answer.conclusion.answer or ""
    assert text.startswith(expected), (question, text)
    assert {e.source_location.document for e in answer.evidence} <= {file}
