"""A restriction "shall not ... without the consent of X" allows the act with that consent
(session-31 brief, item 4): "Can Halcyon pay dividends with Keystone's consent?" is Yes, with
the consent as its condition; asked without consent it stays No, and an act forbidden outright
is No with consent too. Generated: actors x actions x question forms (possessive, "of", "if
the <role> consents", approval, lower case) x sentence shapes, sampled."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from skill import Claim, ClauseReader, question_claim
from tests.skill.test_question_claims import ACTIONS, ACTORS, _subject

FORMS = [
    "Can {a} {v} with {o}'s consent?",
    "may {a} {v} with the prior written consent of {o}?",
    "Can {a} {v} if the {r} consents?",
    "Is {a} allowed to {v} with {o}'s approval?",
]
# (sentence: {m} the actor's role, {t} the other's, {s} the verb phrase; holds asked with
# consent; holds asked without it)
SENTENCES = [
    ("Without {t}'s prior written consent, the {m} shall not {s}.", True, False),
    ("The {m} shall not {s} without the prior written consent of the {t}.", True, False),
    ("The {m} may {s} with the consent of the {t}.", True, False),
    ("The {m} shall not {s} under any circumstances.", False, False),
]
PRODUCT = list(itertools.product(ACTORS, ACTIONS[:2], FORMS))
SAMPLE = PRODUCT[::2]


def _claim(question: str, parties: list[str], mine: str, theirs: str) -> Claim:
    asked = question_claim(question, _subject(parties))
    assert asked is not None, question
    claim, _ = asked
    return dataclasses.replace(claim, actor_terms=(mine,), other_terms=(theirs,))


@pytest.mark.parametrize(("actor", "action", "form"), SAMPLE)
def test_an_act_forbidden_without_consent_is_allowed_with_it(
    actor: tuple[str, list[str], str, str], action: tuple[str, str, str, str], form: str
) -> None:
    name, parties, mine, theirs = actor
    bare, _gerund, said, _elsewhere = action
    other = next(p for p in parties if not p.casefold().startswith(name.casefold()))
    question = form.format(a=name, v=bare, o=other.split()[0], r=theirs.lower())
    with_consent = _claim(question, parties, mine, theirs)
    without = _claim(
        f"Can {name} {bare} without {other.split()[0]}'s consent?", parties, mine, theirs
    )
    for shape, holds_with, holds_without in SENTENCES:
        sentence = shape.format(m=mine, t=theirs, s=said)
        reading, _ = ClauseReader(with_consent).read(sentence)
        assert reading is not None and reading.holds is holds_with, (question, sentence)
        if holds_with:
            # the consent is the condition the answer carries
            assert any("consent" in c.casefold() for c in reading.conditions), reading
        reading, _ = ClauseReader(without).read(sentence)
        assert reading is not None and reading.holds is holds_without, sentence
