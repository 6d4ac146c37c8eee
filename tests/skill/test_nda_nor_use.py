"""A limit of use stated by a "nor" after another act the same negation forbids ("will not at
any time, whether during or after the Testing Period, (a) disclose any Confidential Information
to any third party, nor (b) use any Confidential Information except as required", "will
neither disclose ... nor use it other than for the Purpose"): the use is forbidden but for the
purpose, so the limit holds. Far from its negation (over 80 characters), the "nor" clause had
been read as no statement of the limit. Generated over actors, modal verbs, what lies between,
item marks, the exceptions' words and case; a "nor" clause of liability limits nothing."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

ACTORS = ["The Recipient", "Attendee", "the Receiving Party", "Acme & Sons", "You"]
OPENINGS = ["will not", "shall not", "agrees that it will not", "shall never", "will neither"]
# what the negation forbids first, long enough that the use lies far from it
FIRST = [
    "at any time, whether during or after the Testing Period, disclose any Confidential "
    "Information to any third party or give any third party access thereto",
    "disclose the Confidential Information to any person or entity whatsoever at any time "
    "during or after the term hereof",
    "(a) publish, divulge or communicate any Confidential Information to any third party in "
    "any form",
]
# a "nor" clause that says who answers for another's use, or one with no exception (no purpose
# the use is limited to), states no limit
NO_LIMIT = [
    "The Recipient shall not be liable for any disclosure by third parties of the information, "
    "nor for any use by them other than for the Purpose.",
    "The Recipient shall keep the information confidential, nor shall it be liable where "
    "information is used other than for the Purpose by a third party.",
    "{a} {o} {f}, nor use any of it in any way whatsoever.",
]
USES = [
    "nor (b) use any Confidential Information except as required in taking the Test",
    "nor use the Confidential Information for any purpose other than the Purpose",
    "nor shall it use the Evaluation Material otherwise than for evaluating the Transaction",
    "nor to exploit any of it except in connection with the Project",
]


@pytest.mark.parametrize(("actor", "opening"), itertools.product(ACTORS, OPENINGS))
def test_a_use_forbidden_by_a_far_nor_but_for_the_purpose_is_limited(
    actor: str, opening: str
) -> None:
    for first, use in itertools.product(FIRST, USES):
        sentence = capitalized(f"{actor} {opening} {first}, {use}.")
        assert holds("use_limited_to_purpose", sentence) is True, sentence
        assert holds("use_limited_to_purpose", sentence.lower()) is True, sentence
        assert holds("use_limited_to_purpose", sentence, negated=True) is False, sentence
    for first, frame in itertools.product(FIRST, NO_LIMIT):
        sentence = capitalized(frame.format(a=actor, o=opening, f=first))
        assert holds("use_limited_to_purpose", sentence) is None, sentence
