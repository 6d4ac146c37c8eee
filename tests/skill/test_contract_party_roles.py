"""'Who is the lender under the loan agreement?': the party an agreement defines by a contract
role (its defined term: Lender, Borrower, Supplier, Licensee ...), cited to the preamble that
defines it; the same company defined otherwise in another agreement is not that role there; a
role no party of the agreement is defined by is not found. On PDFs ingested by the real
pipeline (issue 33: a role term names a party only within one agreement)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import SubjectClassError
from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime


def _agreement(title: str, preamble: str, body: str) -> bytes:
    return make_pdf(
        [
            [
                Line(title, size=16, bold=True, x=150),
                *paragraph(preamble, gap=14),
                Line("1. Terms", bold=True, gap=14),
                *paragraph(body),
            ]
        ]
    )


_LOAN = _agreement(
    "LOAN AGREEMENT",
    "This Loan Agreement is entered into as of May 1, 2023 between Harbor Point Bank, N.A., a "
    'national banking association ("Lender"), and Quillon Instruments, Inc., a Delaware '
    'corporation ("Borrower").',
    "1.1 Lender agrees to make a term loan to Borrower in the amount of USD 2,000,000.",
)
_SUPPLY = _agreement(
    "SUPPLY AGREEMENT",
    "This Supply Agreement is made as of June 3, 2022 by and between Quillon Instruments, Inc., "
    'a Delaware corporation ("Supplier"), and Tessaro Medical GmbH, a German company '
    '("Customer").',
    "1.1 Supplier shall supply the Products to Customer in accordance with each Purchase Order.",
)
_LICENSE = _agreement(
    "LICENSE AGREEMENT",
    "This License Agreement is made as of January 9, 2021 by and between Tessaro Medical GmbH "
    '("Licensor") and Quillon Instruments, Inc. ("Licensee").',
    "1.1 Licensor grants to Licensee a non-exclusive licence to use the Licensed Software.",
)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    files = [("loan.pdf", _LOAN), ("supply.pdf", _SUPPLY), ("license.pdf", _LICENSE)]
    yield from ingested_runtime(tmp_path_factory, "contract-party-roles", files)


_CASES = [
    ("lender", "the loan agreement", "Harbor Point Bank, N.A.", "loan.pdf"),
    ("borrower", "Quillon's loan agreement", "Quillon Instruments, Inc.", "loan.pdf"),
    ("supplier", "the supply agreement", "Quillon Instruments, Inc.", "supply.pdf"),
    ("customer", "the Tessaro supply agreement", "Tessaro Medical GmbH", "supply.pdf"),
    ("licensor", "the license agreement", "Tessaro Medical GmbH", "license.pdf"),
    ("licensee", "the Quillon license agreement", "Quillon Instruments, Inc.", "license.pdf"),
]


@pytest.mark.parametrize(
    ("question", "party", "document"),
    [
        (asked.format(r=written(role), a=agreement), party, document)
        for role, agreement, party, document in _CASES
        for written in (str, str.capitalize, str.upper)
        for asked in (
            "Who is the {r} under {a}?",
            "Which company is the {r} in {a}?",
            "who is the {r} of {a}",
            "Who was the {r} to {a}?",
        )
    ],
)
def test_the_party_an_agreement_defines_by_a_role(
    runtime: Any, question: str, party: str, document: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.rejected_candidates)
    assert [v.value for v in answer.conclusion.values] == [party], question
    assert answer.sufficient, question
    cited = {u.evidence_id: u for u in answer.evidence}
    (value,) = answer.conclusion.values
    assert {cited[e].source_location.document for e in value.evidence_ids} == {document}


@pytest.mark.parametrize(
    ("question", "party"),
    [
        ("Who is the lender to Quillon under the loan agreement?", "Harbor Point Bank, N.A."),
        (
            "who is the LENDER to quillon instruments in the loan agreement",
            "Harbor Point Bank, N.A.",
        ),
        (
            "Which company is the licensor to Quillon under the license agreement?",
            "Tessaro Medical GmbH",
        ),
        ("Who is the supplier to Tessaro under the supply agreement?", "Quillon Instruments, Inc."),
    ],
)
def test_the_role_to_a_named_party_under_an_agreement(
    runtime: Any, question: str, party: str
) -> None:
    # "the lender to Quillon under ...": the named party scopes the agreements; its
    # counterparty defined by the role is the answer (before, "Quillon under the loan
    # agreement" was read as the agreement's type)
    answer = runtime.skill.ask("kb", question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.rejected_candidates)
    assert [v.value for v in answer.conclusion.values] == [party], question


@pytest.mark.parametrize(
    "question",
    [
        "Who is the lender to Zorblax under the loan agreement?",
        "Who is the licensor under the loan agreement?",  # no party is defined so there
        "Who is the lender under the supply agreement?",
        "Who is the distributor under the license agreement?",
        "Who is the lender under the Zorblax loan agreement?",  # an unknown party
    ],
)
def test_a_role_no_party_of_the_agreement_holds_is_not_found(runtime: Any, question: str) -> None:
    try:
        answer = runtime.skill.ask("kb", question)
    except SubjectClassError:
        return
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", (question, answer.conclusion)
    assert answer.evidence == []
