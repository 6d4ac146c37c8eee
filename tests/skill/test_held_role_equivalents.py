"""A role a question gives a party, read through its equivalents (vocabulary.yaml
contract_role_equivalents) only where the agreement writes the position so (review of
question34): a Bank is the Lender only beside its Borrower, never in a deposit account control
agreement that names a Lender of its own ("Can Keystone, as the Lender, ...?" where Keystone is
that agreement's Bank: SUBJECT_NOT_FOUND naming the role, was answered from it); a Contractor is
the Service Provider only beside whom it serves, never in a subcontract; a role qualified by a
place or a relation ("as the Canada Licensee", "as successor licensee") is the role it
qualifies where no agreement writes it whole, never where another party holds it. On PDFs
ingested by the real pipeline; generated over parties' names, short names, lower case and the
forms a role is given in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import Line, make_pdf, paragraph
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow


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


_FILES = [
    (
        "control.pdf",
        _agreement(
            "DEPOSIT ACCOUNT CONTROL AGREEMENT",
            "This Deposit Account Control Agreement is entered into as of March 2, 2023 among "
            'Quillon Instruments, Inc., a Delaware corporation ("Company"), Harbor Point '
            'Capital LLC ("Lender") and Keystone Trust Bank, N.A., a national banking '
            'association ("Bank").',
            "1.1 Bank shall comply with instructions originated by Lender directing the "
            "disposition of the funds in the Deposit Account without further consent by Company.",
        ),
    ),
    (
        "loan.pdf",
        _agreement(
            "LOAN AGREEMENT",
            "This Loan Agreement is entered into as of May 1, 2023 between Marlow Savings Bank "
            '("Bank") and Tessaro Medical GmbH, a German company ("Borrower").',
            "1.1 Bank agrees to make a term loan to Borrower in the amount of USD 2,000,000. "
            "1.2 Bank may accelerate the loan upon an Event of Default.",
        ),
    ),
    (
        "subcontract.pdf",
        _agreement(
            "SUBCONTRACT AGREEMENT",
            "This Subcontract Agreement is made as of June 3, 2022 by and between Vantor "
            'Networks, Inc. ("Contractor") and Selwyn Field Services LLC ("Subcontractor").',
            "1.1 Subcontractor shall perform the Services for Contractor. 1.2 Contractor may "
            "terminate this Agreement for convenience on thirty days' written notice.",
        ),
    ),
    (
        "services.pdf",
        _agreement(
            "SERVICES AGREEMENT",
            "This Services Agreement is made as of July 8, 2022 by and between Orlen Data "
            'Systems, Inc. ("Contractor") and Brightwater Foods LLC ("Customer").',
            "1.1 Contractor shall perform the Services for Customer. 1.2 Contractor may "
            "terminate this Agreement for convenience on thirty days' written notice.",
        ),
    ),
    (
        "license.pdf",
        _agreement(
            "LICENSE AGREEMENT",
            "This License Agreement is made as of January 9, 2021 by and between Tessaro "
            'Medical GmbH ("Licensor") and Pemberton Health Ltd. ("Licensee").',
            "1.1 Licensor grants to Licensee a non-exclusive licence to use the Licensed "
            "Software. 1.2 Licensee may terminate this Agreement for convenience.",
        ),
    ),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(tmp_path_factory, "held-role-equivalents", _FILES)


_FORMS = (
    "Can {x}, as the {role}, {act}?",
    "can {x} as {role} {act}?",
    "Can {x}, in its capacity as {role}, {act}?",
)

# (party as written, the role asked, what is asked, the document read; "" where the party
# holds the role nowhere: another party of its agreement holds it, or it is served, not serving)
_CASES = (
    ("Keystone Trust Bank", "Lender", "direct the disposition of the funds", ""),
    ("Keystone", "Lender", "direct the disposition of the funds", ""),
    ("Harbor Point Capital", "Lender", "direct the disposition of the funds", "control.pdf"),
    ("Marlow Savings Bank", "Lender", "accelerate the loan", "loan.pdf"),
    ("Marlow", "Lender", "accelerate the loan", "loan.pdf"),
    ("Vantor Networks", "Service Provider", "terminate for convenience", ""),
    ("Vantor", "Provider", "terminate for convenience", ""),
    ("Orlen Data Systems", "Service Provider", "terminate for convenience", "services.pdf"),
    ("Orlen", "Provider", "terminate for convenience", "services.pdf"),
    ("Pemberton Health", "Canada Licensee", "terminate for convenience", "license.pdf"),
    ("Pemberton", "successor Licensee", "terminate for convenience", "license.pdf"),
    ("Tessaro Medical", "Canada Licensee", "terminate for convenience", ""),
)


def _questions() -> list[tuple[str, str, str]]:
    out = []
    for i, (x, role, act, document) in enumerate(_CASES):
        for j, form in enumerate(_FORMS):
            if (i + j) % 3 == 2:
                continue  # sampled: every case in two forms
            text = form.format(x=x, role=role, act=act)
            out.append((text.lower() if form[0].islower() else text, role, document))
    return out


@pytest.mark.parametrize(("question", "role", "document"), _questions())
def test_a_role_is_read_through_its_equivalents_only_where_the_position_is_the_same(
    runtime: Any, question: str, role: str, document: str
) -> None:
    answer = runtime.skill.ask("kb", question)
    reasons = [r.reason for r in answer.rejected_candidates]
    if not document:
        assert answer.terminal_state == "SUBJECT_NOT_FOUND", (question, answer.evidence)
        assert not answer.evidence
        assert any(f"not the {role.title()}" in r for r in reasons), reasons
        return
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", (question, reasons)
    assert answer.subject_class.constraints.get("held_roles"), question
    named = {c.source_location.document for c in answer.candidate_subjects}
    assert named and named <= {document, ""}, named
    assert {e.source_location.document for e in answer.evidence} <= {document}
