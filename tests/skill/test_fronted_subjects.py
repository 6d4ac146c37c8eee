"""A subject put before the question as a heading or a topic ("3M: what was net income in
2018?", "Regarding Acme, who is the CEO?", "Acme - who is the CEO?"): read as the question
with that subject after it, where the words before it are a name the knowledge base knows
whole. Words that are no such name ("Question:", "In 2021,", an
instruction, an unknown company) are never made a subject by it (issue 33)."""

from __future__ import annotations

import pytest

from skill import EvidenceSkill, SubjectClassError, topic_put_last
from tests.skill.conftest import KB

_TOPICS = ("Acme Robotics, Inc.", "Acme Robotics", "acme robotics", "ACME ROBOTICS, INC.")
_LEADS = ("", "For ", "Regarding ", "re ", "As to ", "With respect to ", "regarding ")
_ASKED = ("who is the CEO?", "Who is the CEO?", "who is the chief executive officer?")


@pytest.mark.parametrize(
    "question",
    [
        f"{lead}{topic}{sep}{asked}"
        for topic in _TOPICS
        for lead in _LEADS
        for sep in (": ", ", ", " - ")
        for asked in _ASKED
        # "Acme Robotics, Inc., who ...": the comma after the name is the separator
    ],
)
def test_a_subject_before_the_question_is_its_subject(skill: EvidenceSkill, question: str) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.risk_signals)
    assert answer.conclusion.answer and "Mark Chen" in answer.conclusion.answer, question


@pytest.mark.parametrize(
    "question",
    [
        f"{lead}{topic}{sep}{asked}"
        for topic in ("Zenith Motion Holdings", "zorblax", "Question", "Q", "In 2021")
        for lead in ("", "Regarding ")
        for sep in (": ", ", ")
        for asked in ("who is the CEO?", "Who is the chief executive officer?")
    ]
    + [
        "Answer in one sentence: who is the CEO?",
        "Assume you are an analyst: who is the CEO?",
        "Here's the question: who is the CEO?",
    ],
)
def test_words_before_the_question_that_name_nothing_known_are_no_subject(
    skill: EvidenceSkill, question: str
) -> None:
    """Refused (a question error, or an absent subject): never answered from a subject made of
    a lead-in, a time, an instruction or an unknown name."""
    try:
        answer = skill.ask(KB, question)
    except SubjectClassError:
        return
    assert answer.terminal_state == "SUBJECT_NOT_FOUND", (question, answer.terminal_state)
    assert not answer.evidence


@pytest.mark.parametrize(
    ("question", "person"),
    [
        (f"{lead}{other}{sep}{asked}", person)
        for other in ("Globex Corporation", "Initech LLC", "globex")
        for lead in ("", "Regarding ", "For ")
        # (after a comma or a dash, the question is read as written, as before: the known
        # name first is read as its subject; not solved here)
        for sep in (": ", ":")
        for asked, person in (
            ("who is the CEO of Acme Robotics?", "Mark Chen"),
            ("Who is the chief executive officer of Acme Robotics, Inc.?", "Mark Chen"),
        )
    ],
)
def test_a_subject_named_in_the_question_is_its_subject_whatever_comes_before(
    skill: EvidenceSkill, question: str, person: str
) -> None:
    """ "Globex Corporation: who is the CEO of Acme Robotics?" asks of Acme Robotics: a known
    name before a question that names its own subject is no subject put first."""
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED", (question, answer.risk_signals)
    assert answer.conclusion.answer and person in answer.conclusion.answer, question


@pytest.mark.parametrize(
    ("text", "moved"),
    [
        ("3M: what was net income in 2018?", "what was net income in 2018 for 3M?"),
        ("3m: net income for fy2018?", "net income for fy2018 for 3m?"),
        ("Regarding Acme Corp, who is the CEO?", "who is the CEO for Acme Corp?"),
        ("For Best Buy: revenue in FY2019", "revenue in FY2019 for Best Buy"),
        ("with respect to amazon - what was net income?", "what was net income for amazon?"),
        ("Acme Robotics, Inc., who is the CEO?", "who is the CEO for Acme Robotics, Inc.?"),
    ],
)
def test_the_subject_is_moved_after_the_question(text: str, moved: str) -> None:
    found = topic_put_last(text)
    assert found is not None and found[0] == moved


@pytest.mark.parametrize(
    "text",
    [
        "Who is the CEO of Acme?",  # nothing before the question
        "Acme, Globex, Initech and Umbrella are the parties",  # no question after a comma
        "Answer in USD millions: what was net income?",  # an instruction
        "One two three four five six seven eight nine: what was net income?",  # too long
    ],
)
def test_no_subject_before_the_question(text: str) -> None:
    assert topic_put_last(text) is None
