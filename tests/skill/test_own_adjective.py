""" "On its own", "of their own": after a possessive pronoun "own" is the adjective, never the
verb of "Does Acme own Beta?" (a question about developing something "on its own and without
use of the Confidential Information, similar products" was read as an ownership question whose
owned company was "and without use of ...", and refused as naming an unknown party)."""

from __future__ import annotations

import itertools

import pytest

from skill import SubjectClassError, parse_question

PRONOUNS = ("its", "their", "his", "her", "our", "your", "my")
ACTORS = ("Beta Labs", "the Receiving Party", "quarry hill mills", "A&B Corp.")
SHAPES = (
    "Does the agreement let {actor} develop, on {pronoun} own and without help, similar products?",
    "Does the NDA preserve {actor}'s right to build, on {pronoun} own and without use of the "
    "confidential information, comparable products?",
    "Does {actor} keep the right to develop similar technology of {pronoun} own accord?",
)


@pytest.mark.parametrize(
    ("shape", "actor", "pronoun"), list(itertools.product(SHAPES, ACTORS, PRONOUNS))
)
def test_own_after_a_possessive_pronoun_asks_no_ownership(
    shape: str, actor: str, pronoun: str
) -> None:
    question = shape.format(actor=actor, pronoun=pronoun)
    for asked in (question, question.lower(), question.upper()):
        try:
            subject = parse_question(asked)
        except SubjectClassError:
            continue  # no template fits: the open reading reads it
        assert subject.attribute != "is_subsidiary", (asked, subject)
        assert subject.role != "subsidiary", (asked, subject)


@pytest.mark.parametrize(
    ("owner", "owned"),
    [("Acme Robotics", "Beta Labs"), ("acme", "beta labs"), ("Its Holdings Inc.", "Myriad Ltd")],
)
def test_the_verb_own_still_asks_ownership(owner: str, owned: str) -> None:
    for verb in ("Does", "Did", "does"):
        subject = parse_question(f"{verb} {owner} own {owned}?")
        assert subject.attribute == "is_subsidiary"
        assert (subject.name, subject.parent_entity) == (owned, owner)
