"""A topic of an agreement named with it ("the confidentiality obligation under the globex
msa", "the warranty period of the Acme NDA") is what the question asks about, in that
agreement: its words are never read as a party's name (which refused the question as an
absent subject), and the agreement's owner stays the subject (issue 33)."""

from __future__ import annotations

import pytest

from domain import entity_key
from skill import EvidenceSkill, parse_agreement
from tests.skill.conftest import KB

_AGREEMENTS = [
    ("globex", "msa", "g-msa"),
    ("Globex", "master services agreement", "g-msa"),
    ("initech", "nda", "g-nda"),
    ("Initech", "Non-Disclosure Agreement", "g-nda"),
]
_TOPICS = ["confidentiality obligation", "warranty period", "non-solicitation covenant"]
_TEMPLATES = [
    "How long does the {topic} {prep} the {o} {t} last?",
    "how long does the {topic} {prep} the {o} {t} last",
    "When does the {topic} {prep} the {o} {t} expire?",
]


@pytest.mark.parametrize(
    ("question", "owner", "topic", "group"),
    [
        (template.format(topic=topic, prep=prep, o=o, t=t), o, topic, g)
        for o, t, g in _AGREEMENTS
        for topic in _TOPICS
        for prep in ("under", "of", "in")
        for template in _TEMPLATES
    ],
)
def test_a_topic_named_with_its_agreement_is_no_party(
    skill: EvidenceSkill, question: str, owner: str, topic: str, group: str
) -> None:
    answer = skill.ask(KB, question)
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", question
    parties = [entity_key(p) for p in answer.subject_class.parties]
    assert entity_key(owner) in parties, (question, parties)
    topic_words = set(topic.replace("-", " ").split())
    assert not any(topic_words & set(p.split()) for p in parties), (question, parties)
    assert {e.independence_group for e in answer.evidence} <= {group}


@pytest.mark.parametrize(
    "question",
    [
        template.format(o=o, thing=thing)
        for o in ("Globex", "globex", "Initech LLC", "initech")
        for thing in ("any patents", "some real estate", "all of the trademarks", "any property")
        for template in ("Does {o} own {thing}?", "does {o} own {thing}")
    ],
)
def test_what_a_company_owns_is_no_subsidiary_name(skill: EvidenceSkill, question: str) -> None:
    # "Does Globex own any patents?" asks about patents, not whether a company named "any
    # patents" is Globex's subsidiary (an absent subject, refused)
    answer = skill.ask(KB, question)
    assert answer.subject_class.attribute != "is_subsidiary", question
    assert answer.terminal_state != "SUBJECT_NOT_FOUND", question


@pytest.mark.parametrize(
    ("phrase", "document_type"),
    [
        (f"{det}{first} {link} the {second}", expected)
        for first, expected in [
            ("security agreement", "security_agreement"),
            ("guaranty agreement", "guaranty_agreement"),
            ("pledge agreement", "pledge_agreement"),
        ]
        for second in ("credit agreement", "Loan Agreement", "msa")
        # ("in the msa" names no party and is read as no agreement, before and after this)
        for link in ("under", "of")
        for det in ("the ", "")
    ],
)
def test_an_agreement_under_another_is_an_agreement(phrase: str, document_type: str) -> None:
    # the words before the link name an agreement themselves: no topic of the other one
    parsed = parse_agreement(phrase)
    assert parsed is not None and parsed.document_type == document_type, (phrase, parsed)
