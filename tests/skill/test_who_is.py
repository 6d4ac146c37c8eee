"""A question that asks only who or what a bound person or company is ("Who is Jane Smith?",
"Tell me about Acme Robotics GmbH", "What is Mark Chen's title?") is answered with the roles
the binding index records the subject holding, each with what it is held of and each cited;
never "no topic clause found" (issue 33). An unknown name stays refused."""

from __future__ import annotations

import pytest

from skill import EvidenceSkill, SubjectClassError
from tests.skill.conftest import KB

# (person or company, the roles the conftest knowledge base binds it to, in answer order)
_BOUND = {
    "Jane Smith": ["director of Acme Robotics, Inc.", "founder of Acme Robotics, Inc."],
    "Mark Chen": [
        "Chief Executive Officer of Acme Robotics, Inc.",
        "signatory for Acme Robotics, Inc. (as Chief Executive Officer)",
    ],
    "Robert Lee": ["founder of Acme Robotics, Inc."],
    "Alice Wong": ["founder of Beta Widgets LLC"],
    "Acme Robotics GmbH": ["subsidiary of Acme Robotics, Inc."],
    "Initech": ["party to Mutual Non-Disclosure Agreement"],
}
_COMPANIES = ("Acme Robotics GmbH", "Initech")
_PERSON_ASKED = [
    "Who is {p}?",
    "who is {p}",
    "Tell me about {p}.",
    "What does {p} do?",
    "What is {p}'s title?",
    "What is {p}’s role?",
    "What are the roles of {p}?",
    "What position does {p} hold?",
]
_COMPANY_ASKED = ["Who is {p}?", "What is {p}?", "Tell me about {p}.", "What does {p} do?"]


def _variants() -> list[tuple[str, str]]:
    out = []
    for subject in _BOUND:
        for asked in _COMPANY_ASKED if subject in _COMPANIES else _PERSON_ASKED:
            out.append((subject, asked.format(p=subject)))
            # a known name in lower case is read after "about" as after "is"
            out.append((subject, asked.format(p=subject.lower())))
    return out


@pytest.mark.parametrize(("subject", "question"), _variants())
def test_who_is_answers_with_the_roles_bound(
    skill: EvidenceSkill, subject: str, question: str
) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED", question
    values = [v.value for v in answer.conclusion.values]
    assert values == _BOUND[subject], question  # role, then what it is held of
    assert answer.conclusion.answer == "; ".join(values)
    assert "clause" not in (answer.conclusion.answer or "")
    cited = {u.evidence_id: u for u in answer.evidence}
    for value in answer.conclusion.values:
        assert value.evidence_ids, value
        for evidence_id in value.evidence_ids:
            unit = cited[evidence_id]
            assert unit.value == value.value
            assert unit.quote and unit.source_location.page >= 1
            assert unit.source_location.line_start >= 1


@pytest.mark.parametrize(
    "question",
    [
        "Tell me about zorblax quux",
        "tell me about the weather",
        "Tell me about jane smithers",
        "tell me about acme quux robotics",
    ],
)
def test_an_unknown_lower_case_phrase_after_about_is_no_name(
    skill: EvidenceSkill, question: str
) -> None:
    try:
        answer = skill.ask(KB, question)
    except SubjectClassError:
        return
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", question
    assert answer.evidence == [], question


# The people the knowledge base binds to a company, each with the role held, beside the
# company's own roles: the roles as the lexicon displays them, never their keys ("ceo").
_ACME_PEOPLE = [
    "Jane Smith, director",
    "Jane Smith, founder",
    "Mark Chen, Chief Executive Officer",
    "Mark Chen, signatory (as Chief Executive Officer)",
    "party to Master Services Agreement (as supplier)",
    "party to Mutual Non-Disclosure Agreement",
    "Robert Lee, founder",
]


@pytest.mark.parametrize(
    "question",
    [
        asked.format(p=name)
        for asked in ("Who is {p}?", "Tell me about {p}.", "What is {p}?", "who is {p}")
        for name in ("Acme Robotics, Inc.", "Acme Robotics", "acme robotics, inc.", "ACME ROBOTICS")
    ],
)
def test_a_company_is_shown_with_the_people_bound_to_it(
    skill: EvidenceSkill, question: str
) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED", question
    assert [v.value for v in answer.conclusion.values] == _ACME_PEOPLE, question
    cited = {u.evidence_id: u for u in answer.evidence}
    for value in answer.conclusion.values:
        assert value.evidence_ids, value
        assert all(
            cited[e].quote and cited[e].source_location.page >= 1 for e in value.evidence_ids
        )
    assert not any(
        key in (answer.conclusion.answer or "").split() for key in ("ceo", "ceo,", "cfo")
    )


def test_a_role_is_supported_only_under_the_engine_contract(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Who is Jane Smith?")
    assert answer.sufficiency is not None
    # the engine's verdict, and the answer's sufficiency follows it
    assert answer.sufficient == (answer.sufficiency["decision"] == "SUPPORTED")
    strict = skill.ask(
        KB, "Who is Jane Smith?", evidence_requirements={"minimum_independent_sources": 9}
    )
    assert strict.sufficiency is not None
    assert strict.sufficiency["decision"] == "INSUFFICIENT"
    assert not strict.sufficient
    assert [v.value for v in strict.conclusion.values] == [
        v.value for v in answer.conclusion.values
    ]


def test_who_is_is_deterministic(skill: EvidenceSkill) -> None:
    first = skill.ask(KB, "Who is Mark Chen?").model_dump_json()
    assert skill.ask(KB, "Who is Mark Chen?").model_dump_json() == first


@pytest.mark.parametrize("question", ["Who is Beta Widgets LLC?", "Tell me about Beta Widgets."])
def test_a_company_holding_no_role_is_shown_by_its_people(
    skill: EvidenceSkill, question: str
) -> None:
    # Beta Widgets LLC holds no role itself; Alice Wong founded it (it was "no role of Beta
    # Widgets LLC stated" before its people were shown)
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED"
    assert [v.value for v in answer.conclusion.values] == ["Alice Wong, founder"]
    assert answer.evidence and answer.evidence[0].quote


@pytest.mark.parametrize("question", ["Who is Nadia Okonkwo?", "Tell me about Mark Chan."])
def test_an_unknown_name_stays_refused(skill: EvidenceSkill, question: str) -> None:
    try:
        answer = skill.ask(KB, question)
    except SubjectClassError:
        return
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", question
    assert answer.evidence == []


@pytest.mark.parametrize(
    "question",
    ["What does Jane Smith hold?", "what does mark chen hold", "What did Robert Lee hold?"],
)
def test_a_holding_verb_alone_asks_no_roles(skill: EvidenceSkill, question: str) -> None:
    # "hold" asks who the person is only beside a role word ("What position does X hold?")
    answer = skill.ask(KB, question)
    assert answer.subject_class.constraints.get("topic") != "", question
