"""A party named before an agreement's type, in lower case ("the globex msa", "the acme nda",
"the liability cap in the globex msa"): the party's name, never a word of the type, and never
dropped as a qualifier. An owner the knowledge base does not know ("the zephyr msa") is an
absent subject, never any MSA's answer (issue 33, subject integrity)."""

from __future__ import annotations

import pytest

from domain import entity_key
from skill import EvidenceSkill
from tests.skill.conftest import KB

# (owner as written, the type as written, the agreement's independence group in the test KB)
_OWNED = [
    (owner, written, group)
    for owner, types, group in [
        ("globex", ("msa", "master services agreement", "MSA"), "g-msa"),
        ("acme", ("msa", "master services agreement"), "g-msa"),  # opens two known names
        ("initech", ("nda", "non-disclosure agreement", "mutual nda"), "g-nda"),
        ("acme", ("nda", "mnda"), "g-nda"),
    ]
    for written in types
]
_TEMPLATES = [
    "what is the governing law of the {o} {t}?",
    "What is the governing law of the {o} {t}?",
    "Who are the parties to the {o} {t}?",
    "what is the liability cap in the {o} {t}?",
]


@pytest.mark.parametrize(
    ("question", "owner", "group"),
    [(t.format(o=o, t=w), o, g) for o, w, g in _OWNED for t in _TEMPLATES],
)
def test_a_lower_case_owner_before_the_type_is_a_party(
    skill: EvidenceSkill, question: str, owner: str, group: str
) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED", answer.risk_signals
    assert entity_key(owner) in [entity_key(p) for p in answer.subject_class.parties]
    assert answer.subject_class.document_type in (
        "master_services_agreement",
        "non_disclosure_agreement",
    )
    assert {e.independence_group for e in answer.evidence} <= {group}


@pytest.mark.parametrize(
    "question",
    [
        t.format(o=o, t=w)
        for o, w in [
            ("zephyr", "msa"),
            ("umbrella", "nda"),
            ("initech", "msa"),  # a known party, of another agreement
            ("globex", "nda"),
            ("zephyr", "master services agreement"),
        ]
        for t in _TEMPLATES[:2]
    ],
)
def test_an_owner_of_no_such_agreement_is_an_absent_subject(
    skill: EvidenceSkill, question: str
) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.evidence == []
    assert answer.conclusion.values == []
