"""A person the knowledge base binds, asked about by name in a question the grammar does not
read ("Who is Jane Smith?", "what stock does mark chen own?"), is that person:
read as a company, the gate refused them ("is a individual, not a legal_entity") as an absent
subject. A name bound to no one is still refused (issue 33)."""

from __future__ import annotations

import pytest

from domain import known_words
from skill import EvidenceSkill, SubjectClassError
from tests.skill.conftest import KB

_PEOPLE = ["Jane Smith", "Mark Chen", "Robert Lee"]
_ASKED = [
    "Who is {p}?",
    "who is {p}",
    "Tell me about {p}.",
    "What is {p}'s background?",
    "what stock does {p} own?",
]


def _assert_refused(skill: EvidenceSkill, question: str) -> None:
    """Refused: "it names no subject" before any search, or SUBJECT_NOT_FOUND with no
    evidence."""
    try:
        answer = skill.ask(KB, question)
    except SubjectClassError:
        return
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", (question, answer.subject_class)
    assert answer.evidence == []


@pytest.mark.parametrize(
    "question",
    [
        asked.format(p=written(person))
        for person in _PEOPLE
        for asked in _ASKED
        for written in (str, str.lower)
        # a known name in lower case after "about" is not read as one (left: the open
        # reader takes lower-case names only after a party's slot)
        if not (asked.startswith("Tell") and written is str.lower)
    ],
)
def test_a_bound_person_is_asked_about_as_a_person(skill: EvidenceSkill, question: str) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", (question, answer.rejected_candidates)
    assert answer.subject_class.type == "individual", question


@pytest.mark.parametrize(
    "question", [asked.format(p=p) for p in ("Nadia Okonkwo", "Mark Chan") for asked in _ASKED]
)
def test_a_person_bound_to_nothing_is_an_absent_subject(
    skill: EvidenceSkill, question: str
) -> None:
    _assert_refused(skill, question)


@pytest.mark.parametrize(
    "question",
    [
        f"{lead}{asked.format(p=written(person), x=written(unknown))}"
        for person in _PEOPLE
        for unknown in ("Zorblax", "Quintessa Holdings")
        for written in (str, str.lower)
        for asked in (
            "what stake does {p} hold in {x}?",
            "what role does {p} have at {x}?",
        )
        for lead in ("For FY 2022 (in USD millions), ", "Per the filings, ")
    ],
)
def test_a_person_asked_of_an_unknown_entity_is_refused(
    skill: EvidenceSkill, question: str
) -> None:
    # read as a person (the grammar does not read the lead), the entity the knowledge base
    # does not know is the subject's parent: refused, never answered of the person alone
    _assert_refused(skill, question)


@pytest.mark.parametrize(
    "question",
    [
        asked.format(p=f"{honorific}{written(person.split()[-1])}")
        for person in _PEOPLE
        for asked in _ASKED
        for honorific in ("", "Dr. ", "Ms ")
        for written in (str, str.upper)
        # a surname that is a word of legal English ("Smith", "Lee") only after an honorific
        if honorific or person.split()[-1].lower() not in known_words()
    ],
)
def test_a_bound_person_asked_by_surname_is_that_person(
    skill: EvidenceSkill, question: str
) -> None:
    # one person bound under each surname, no other name with it: the surname names them
    answer = skill.ask(KB, question)
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", (question, answer.rejected_candidates)
    assert answer.subject_class.type == "individual", question
    assert answer.subject_class.name in _PEOPLE, (question, answer.subject_class.name)


@pytest.mark.parametrize(
    "question", [asked.format(p=p.split()[0]) for p in _PEOPLE for asked in _ASKED[:2]]
)
def test_a_first_name_alone_names_nobody(skill: EvidenceSkill, question: str) -> None:
    _assert_refused(skill, question)


@pytest.mark.parametrize(
    "question",
    [
        asked.format(p=p, c=c)
        for p in ("Jane Smith", "jane smith", "Ms. Smith", "DR SMITH")
        for c in ("Acme", "Acme Robotics", "ACME ROBOTICS, INC.")
        for asked in (
            "Does {p} sit on {c}'s board?",
            "Did {p} serve on {c}'s board of directors?",
            "does {p} have a seat on {c}'s board",
        )
    ],
)
def test_does_a_person_sit_on_a_companys_board(skill: EvidenceSkill, question: str) -> None:
    # "sit on X's board" asks whether the person is a director of X, answered from the binding
    answer = skill.ask(KB, question)
    assert answer.subject_class.role == "director", (question, answer.subject_class)
    assert answer.terminal_state == "CONCLUDED", (question, answer.rejected_candidates)
    assert answer.sufficient, question


@pytest.mark.parametrize(
    "question", ["Does Mark Chen sit on Acme's board?", "Does Zorblax Quux sit on Acme's board?"]
)
def test_a_person_bound_to_no_board_seat_is_not_a_director(
    skill: EvidenceSkill, question: str
) -> None:
    try:
        answer = skill.ask(KB, question)
    except SubjectClassError:
        return
    assert not answer.sufficient, question


@pytest.mark.parametrize("question", ["Who is Smith?", "What stock does Chen own?", "Who is LEE?"])
def test_a_surname_that_is_a_word_alone_names_nobody(skill: EvidenceSkill, question: str) -> None:
    # "Smith" is a word of legal English (a smith, Smith & Co.): alone it is not Jane Smith
    try:
        answer = skill.ask(KB, question)
    except SubjectClassError:
        return
    assert answer.subject_class.name not in _PEOPLE, (question, answer.subject_class)
