""" "Who is X?" over the real data room (tests/conftest.py `data_room_kb`, PDFs parsed and
bound by the real pipeline): the roles the binding index records for a person or a company,
each cited, in a stable order; an ended tenure shown as the index records it; an unknown
name refused (issue 33)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

_REYES = [
    "Chief Financial Officer of Halcyon Robotics, Inc.",
    "party to EXECUTIVE EMPLOYMENT AGREEMENT (as executive)",
    "signatory for HALCYON FIELD SERVICES LLC (as Manager)",
    "signatory for Halcyon Robotics, Inc. (as Chief Financial Officer)",
]
_FIELD_SERVICES = [
    "Daniel Reyes, signatory (as Manager)",
    "guarantor of LOAN AND SECURITY AGREEMENT",
    "party to LOAN AND SECURITY AGREEMENT (as guarantor)",
    "subsidiary of Halcyon Robotics, Inc.",
]
_NATARAJAN = [
    "secretary of Halcyon Robotics, Inc.",
    "secretary of Halcyon Robotics, Inc. (tenure ended, until 2024-06-14)",
]


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


@pytest.mark.parametrize(
    ("question", "roles"),
    [
        *(
            (asked.format(p=p), _REYES)
            for asked in (
                "Who is {p}?",
                "Tell me about {p}",
                "tell me about {p}.",
                "Tell me about {p}'s roles",
                "What does {p} do?",
                "What is {p}'s title?",
                "What is {p}’s role?",
                "What positions does {p} hold?",
            )
            for p in ("Daniel Reyes", "daniel reyes", "DANIEL REYES")
        ),
        *(
            (asked.format(p=p), _FIELD_SERVICES)
            for asked in ("Who is {p}?", "What is {p}?", "Tell me about {p}.", "who is {p}")
            for p in (
                "Halcyon Field Services",
                "Halcyon Field Services LLC",
                "halcyon field services",
                "halcyon field services llc",
            )
        ),
        ("tell me about priya natarajan", _NATARAJAN),
        # one person bound under each surname: the surname, with or without an honorific
        *(
            (asked.format(p=p), _REYES)
            for asked in ("Who is {p}?", "What is {p}'s title?", "tell me about {p}")
            for p in ("Reyes", "Mr. Reyes", "MR REYES", "Dr. Daniel Reyes")
        ),
        *((f"Who is {p}?", _NATARAJAN) for p in ("Natarajan", "Ms. Natarajan", "natarajan")),
        ("Who is Halcyon Robotics GmbH?", ["subsidiary of Halcyon Robotics, Inc."]),
        ("Who is Priya Natarajan?", _NATARAJAN),
    ],
)
def test_who_is_a_bound_subject(ask: Any, question: str, roles: list[str]) -> None:
    answer = ask(question)
    assert answer.terminal_state == "CONCLUDED", question
    assert [v.value for v in answer.conclusion.values] == roles, question
    assert answer.conclusion.answer == "; ".join(roles)
    assert answer.sufficient and answer.sufficiency["decision"] == "SUPPORTED", question
    by_id = {u.evidence_id: u for u in answer.evidence}
    for value in answer.conclusion.values:
        for evidence_id in value.evidence_ids:
            where = by_id[evidence_id].source_location
            assert where.document.endswith(".pdf") and where.page >= 1 and where.line_start >= 1
            assert by_id[evidence_id].quote


def test_reyes_is_cited_where_each_role_is_recorded(ask: Any) -> None:
    answer = ask("Who is Daniel Reyes?")
    by_id = {u.evidence_id: u for u in answer.evidence}
    cfo = answer.conclusion.values[0]
    assert {by_id[e].source_location.document for e in cfo.evidence_ids} == {
        "06_Board_Minutes_2023-02-09.pdf",
        "11_Loan_and_Security_Agreement_Keystone.pdf",
        "13_Employment_Agreement_Daniel_Reyes.pdf",
        # the company's own deck: "Daniel Reyes - Chief Financial Officer" (issue 33)
        "14_Management_Presentation_Q1_2024.pdf",
        "23_Board_Minutes_2024-06-20.pdf",
    }


def test_two_agreements_of_one_title_are_told_apart(ask: Any) -> None:
    values = [v.value for v in ask("Tell me about Northgate").conclusion.values]
    assert (
        "party to MASTER SERVICES AGREEMENT (07_Master_Services_Agreement_Halcyon_Northgate.pdf) (as customer)"
        in values
    )
    assert (
        "party to MASTER SERVICES AGREEMENT (18_MSA_Northgate_Ridgeway.pdf) (as client)" in values
    )


@pytest.mark.parametrize(
    "question",
    [
        "Who is Marcus Lee?",
        "tell me about marcus lee",
        "Tell me about daniel reyesworth",
        "Who is Mr. Reyesworth?",  # a near miss of a surname
        "Who is Dr. Lee?",  # a surname nobody bound has
    ],
)
def test_an_unknown_name_stays_refused(ask: Any, question: str) -> None:
    from skill import SubjectClassError

    try:
        answer = ask(question)
    except SubjectClassError:
        return
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.evidence == []


@pytest.mark.parametrize(
    "question",
    [
        "Who are the founders of Halcyon Robotics, Inc.?",
        "who founded halcyon robotics?",
        "Who is the treasurer of Halcyon Robotics, Inc.?",
    ],
)
def test_a_rejected_candidates_role_reads_as_documents_write_it(ask: Any, question: str) -> None:
    """A near-miss's reason names its role as the answer shows roles ("Chief Financial
    Officer", "registered agent"), never the index's key ("cfo", "registered_agent")."""
    reasons = [r.reason for r in ask(question).rejected_candidates]
    assert any("holds role" in r for r in reasons), reasons
    for reason in reasons:
        words = reason.split()
        assert not any("_" in w for w in words), reason
        assert not {"ceo", "cfo", "coo", "cto"} & set(words), reason
