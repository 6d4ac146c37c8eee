"""A limit of use to the purpose said in more of the words NDAs use (issue 34): "undertakes not
to use ... otherwise than for the Purpose", "shall not exploit ... for any purpose other than",
"shall restrict its use of ... to the Purpose". Generated over actors, verbs and purposes;
a permission to use the information for any purpose, and a limit on whom it may be disclosed
to, are no such limit."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds


def _holds(sentence: str, *, negated: bool = False) -> bool | None:
    return holds("use_limited_to_purpose", sentence, negated=negated)


_ACTORS = ["The Recipient", "Each party", "The Receiving Party", "Company", "you"]
_PURPOSES = ["the Purpose", "the evaluation of the Business Opportunity", "the Project"]
_LIMITS = [
    "{a} undertakes not to use the Confidential Information otherwise than for {p}.",
    "{a} shall not exploit the Confidential Information for any purpose other than {p}.",
    "{a} will not utilize any Evaluation Material for any purpose except {p}.",
    "{a} shall restrict its use of the Confidential Information to {p}.",
    "{a} agrees to limit its use of the Proprietary Information to the purposes of {p}.",
]


@pytest.mark.parametrize(
    ("form", "actor", "purpose"), itertools.product(_LIMITS, _ACTORS, _PURPOSES)
)
def test_a_limit_of_use_in_other_words_holds(form: str, actor: str, purpose: str) -> None:
    sentence = form.format(a=actor, p=purpose)
    sentence = sentence[0].upper() + sentence[1:]
    assert _holds(sentence) is True, sentence
    assert _holds(sentence, negated=True) is False, sentence


@pytest.mark.parametrize("actor", _ACTORS)
@pytest.mark.parametrize(
    "form",
    [
        "{a} may use the Confidential Information for any purpose.",
        "{a} shall restrict access to the Confidential Information to its employees.",
        "{a} shall limit disclosure of the Confidential Information to those who need to know.",
    ],
)
def test_no_limit_of_use_is_not_read_as_one(actor: str, form: str) -> None:
    sentence = form.format(a=actor)
    sentence = sentence[0].upper() + sentence[1:]
    assert _holds(sentence) is not True, sentence
