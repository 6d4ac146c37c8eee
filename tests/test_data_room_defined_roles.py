"""A defined role as a question's only subject, over the real data room (tests/conftest.py
`data_room_kb`; issue 33): "Can the Executive be terminated without cause?" names no party,
only a role one agreement defines for one of its parties; it asks about that agreement, the
role and its party shown in the answer's subject. A role no agreement defines is not found,
named; a generic word ("the Company", "the Parties") names no agreement; a role beside a
party keeps that party's reading. Generated: roles x wordings (capitals, lower case,
possessive, plural, negated)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skill import SubjectClassError
from tests.conftest import IngestedKB

pytestmark = pytest.mark.slow

_LOAN = "11_Loan_and_Security_Agreement_Keystone.pdf"
_EMPLOYMENT = "13_Employment_Agreement_Daniel_Reyes.pdf"
_MSA = "07_Master_Services_Agreement_Halcyon_Northgate.pdf"
# the MSA's amendments are read with it
_AMENDED = {
    _MSA: {
        _MSA,
        "08_MSA_Amendment_No1_Halcyon_Northgate.pdf",
        "19_MSA_Amendment_No2_Halcyon_Northgate.pdf",
    }
}

# (question, the role as written, its party, the agreement's document, what the answer opens
# with or None where the room states nothing that settles it)
_ASKED = (
    (
        "Can the Executive be terminated without cause?",
        "Executive",
        "Daniel Reyes",
        _EMPLOYMENT,
        "Yes",
    ),
    (
        "can the executive be terminated without cause",
        "executive",
        "Daniel Reyes",
        _EMPLOYMENT,
        "Yes",
    ),
    (
        "Can the Executive not be terminated without cause?",
        "Executive",
        "Daniel Reyes",
        _EMPLOYMENT,
        "No",
    ),
    (
        "What is the Executive's base salary?",
        "Executive",
        "Daniel Reyes",
        _EMPLOYMENT,
        "USD 325,000",
    ),
    (
        "what is the executive’s base salary",
        "executive",
        "Daniel Reyes",
        _EMPLOYMENT,
        "USD 325,000",
    ),
    ("Is the Executive entitled to severance?", "Executive", "Daniel Reyes", _EMPLOYMENT, "Yes"),
    (
        "Is the Borrower allowed to pay dividends?",
        "Borrower",
        "Halcyon Robotics, Inc.",
        _LOAN,
        "No",
    ),
    ("is the borrower allowed to pay dividends", "borrower", "Halcyon Robotics, Inc.", _LOAN, "No"),
    ("Is the Guarantor liable?", "Guarantor", "Halcyon Field Services LLC", _LOAN, None),
    (
        "Can the Provider terminate for convenience?",
        "Provider",
        "Halcyon Robotics, Inc.",
        _MSA,
        None,
    ),
)


@pytest.fixture(scope="module")
def skill(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield lambda question, **kw: rt.skill.ask(data_room_kb.kb, question, **kw)


@pytest.mark.parametrize(("question", "role", "party", "document", "opens"), _ASKED)
def test_a_role_alone_asks_about_the_agreement_defining_it(
    skill: Any, question: str, role: str, party: str, document: str, opens: str | None
) -> None:
    answer = skill(question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.rejected_candidates)
    assert answer.question == question
    shown = answer.subject_class.constraints
    assert (shown["defined_role"], shown["defined_role_party"]) == (role, party)
    # only the agreement defining the role (and its amendments) speaks
    cited = {e.source_location.document for e in answer.evidence}
    assert cited <= _AMENDED.get(document, {document}), cited
    if opens is not None:
        assert (answer.conclusion.answer or "").startswith(opens), answer.conclusion.answer


@pytest.mark.parametrize(
    "question",
    ["Does the Licensee have to pay royalties?", "Can the transporter terminate?"],
)
def test_a_role_no_agreement_defines_is_not_found_named(skill: Any, question: str) -> None:
    answer = skill(question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert not answer.evidence
    role = answer.subject_class.constraints["defined_role"]
    assert role.lower() in (answer.conclusion.answer or "").lower()


@pytest.mark.parametrize(
    "question",
    ["Can the Company terminate for convenience?", "What must the Parties keep confidential?"],
)
def test_a_generic_word_names_no_agreement(skill: Any, question: str) -> None:
    with pytest.raises(SubjectClassError):
        skill(question)


def test_a_role_beside_an_unknown_party_stays_refused(skill: Any) -> None:
    answer = skill("Can Zeta Dynamics Corp., as the Borrower, pay dividends?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert not answer.evidence


def test_a_role_in_a_scope_resolves_within_it(skill: Any) -> None:
    # the loan is outside the scope: its Borrower is no subject there
    inside = skill("Can the Executive be terminated without cause?", documents=[_EMPLOYMENT])
    assert inside.terminal_state == "CONCLUDED"
    assert {e.source_location.document for e in inside.evidence} == {_EMPLOYMENT}
    try:
        outside = skill("Is the Borrower allowed to pay dividends?", documents=[_EMPLOYMENT])
    except SubjectClassError:
        return
    assert "defined_role" not in outside.subject_class.constraints
    assert not any(e.source_location.document == _LOAN for e in outside.evidence)
