"""An object-fronted question's verb is no word of its topic (session-31 brief, item 5):
"What financial covenants must Halcyon meet?" asks about "financial covenants", as "What are
Halcyon's financial covenants?" does. Generated: fronted nouns x auxiliaries x verbs (with and
without a particle) x subjects (a company, an agreement), lower case sampled."""

from __future__ import annotations

import itertools

import pytest

from skill import QuestionReader

_READER = QuestionReader(["Halcyon Robotics, Inc.", "Keystone Commerce Bank, N.A."])
NOUNS = ["financial covenants", "reporting obligations", "insurance requirements"]
# (auxiliary, verb as the question writes it after the subject)
VERBS = [("must", "meet"), ("does", "have to comply with"), ("should", "satisfy"), ("do", "owe")]
SUBJECTS = [("Halcyon", ""), ("Halcyon", " under the Keystone loan")]
CASES = list(itertools.product(NOUNS, VERBS, SUBJECTS))[::2]


@pytest.mark.parametrize(("noun", "verb", "subject"), CASES)
def test_the_fronted_words_are_the_topic_not_the_verb(
    noun: str, verb: tuple[str, str], subject: tuple[str, str]
) -> None:
    aux, said = verb
    name, after = subject
    question = f"What {noun} {aux} {name} {said}{after}?"
    for asked in (question, question.lower()):
        topic = _READER.read_open(asked).constraints.get("topic", "")
        assert topic.split()[-2:] == noun.split(), (asked, topic)
        assert said.split()[0] not in topic.split(), (asked, topic)
