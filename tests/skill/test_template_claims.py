"""A yes/no claim asked of one chosen document whose preamble names no party (a template NDA
with blanks, titled "NON-DISCLOSURE AGREEMENT" or plain "AGREEMENT"): the document chosen is
the agreement asked about, and its sentences decide the claim (issue 34, found by the
ContractNLI bench: 14 of its 31 development NDAs were refused as SUBJECT_NOT_FOUND).
Generated: each phrasing of each claim asked of a document that states it and of one that
states its opposite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pdfs import clauses_pdf
from tests.skill.conftest import ingested_runtime

pytestmark = pytest.mark.slow

BLANKS = (
    'This Agreement is made between ____________________ (the "Disclosing Party") and '
    '____________________ (the "Recipient").'
)
STATES = clauses_pdf(
    "NON-DISCLOSURE AGREEMENT",
    [
        BLANKS,
        "1. The Recipient agrees not to reverse engineer, decompile or disassemble any "
        "materials embodying Confidential Information.",
        "2. Upon termination of this Agreement, the Recipient shall return or destroy all "
        "Confidential Information in its possession.",
        "3. The Recipient may disclose Confidential Information only to its employees who need "
        "to know it.",
    ],
)
OPPOSITE = clauses_pdf(
    "AGREEMENT",
    [
        BLANKS,
        "1. Nothing in this Agreement shall prevent the Recipient from reverse engineering "
        "products it has lawfully obtained.",
        "2. The Recipient shall not be required to return or destroy any Confidential "
        "Information after this Agreement ends.",
        "3. The Recipient shall not disclose Confidential Information to any person, including "
        "its employees.",
    ],
)

# the general rule and the permission carved out of it, in two sentences of one document
CARVED = clauses_pdf(
    "CONFIDENTIALITY AGREEMENT",
    [
        BLANKS,
        "1. Confidential Information shall not be disclosed to any third party.",
        "2. The Recipient may disclose Confidential Information to its attorneys, accountants "
        "and other professional advisors who need to know it.",
    ],
)

# (phrasing, whether the claim as asked holds in STATES; OPPOSITE says the other)
QUESTIONS = [
    ("Does the NDA prohibit the recipient from reverse engineering the materials?", True),
    ("May the recipient reverse engineer the confidential materials under the agreement?", False),
    ("Is decompiling confidential materials forbidden under the NDA?", True),
    ("Must the recipient return or destroy confidential information when the NDA ends?", True),
    ("Is the recipient required to destroy or return the confidential information?", True),
    ("May the recipient share confidential information with its employees?", True),
    (
        "Is the recipient prohibited from disclosing confidential information to its employees?",
        False,
    ),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from ingested_runtime(
        tmp_path_factory,
        "templates",
        [("states.pdf", STATES), ("opposite.pdf", OPPOSITE), ("carved.pdf", CARVED)],
    )


@pytest.mark.parametrize(("question", "holds"), QUESTIONS)
@pytest.mark.parametrize("document", ["states.pdf", "opposite.pdf"])
def test_a_template_document_chosen_decides_the_claim(
    runtime: Any, question: str, holds: bool, document: str
) -> None:
    answer = runtime.skill.ask("kb", question, documents=[document])
    assert answer.terminal_state == "CONCLUDED", question
    expected = holds if document == "states.pdf" else not holds
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes" if expected else "No —"), (document, question, text)
    decision = "SUPPORTED" if expected else "CONTRADICTED"
    assert answer.sufficiency is not None and answer.sufficiency["decision"] == decision


@pytest.mark.parametrize(
    "question",
    [
        "May the recipient share confidential information with its professional advisors?",
        "Can the recipient disclose confidential information to its attorneys?",
    ],
)
def test_a_specific_permission_carves_out_of_the_general_rule(runtime: Any, question: str) -> None:
    answer = runtime.skill.ask("kb", question, documents=["carved.pdf"])
    text = answer.conclusion.answer or ""
    assert text.startswith("Yes"), text
    # the general rule is quoted, as related, not as the other side of a disagreement
    assert any("any third party" in e.quote for e in answer.evidence if e.value is None)


def test_unscoped_the_templates_are_not_guessed(runtime: Any) -> None:
    # documents naming no party: "the NDA" names none of them by itself
    answer = runtime.skill.ask("kb", QUESTIONS[0][0])
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
