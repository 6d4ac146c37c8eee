"""A duty denied ("is not required to disclose", "Nothing in this Agreement obligates any party
to reveal", "is under no obligation to share") neither allows the act nor forbids it: asked
whether the recipient may share with its employees or advisors, such a sentence is not
stated, never a "No" (issue 34: it was read as a prohibition and, beside the NDA's real
permission, made the document's readings disagree: not stated where the NDA says yes). The
lexicon's `modality.negated_duty` names the phrases; generated over actors, the phrases, the
verbs of sharing, whom it is shared with and case. A duty denied of another act than the
action ("not obliged to obtain consent to"), a prohibition and a permission read as before."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

ACTORS = ["the Recipient", "the Receiving Party", "either party", "Acme & Co."]
DENIED_DUTIES = [
    "{a} shall not be required to {v}",
    "{a} is not obligated to {v}",
    "{a} will not be obliged to {v}",
    "{a} is under no obligation to {v}",
    "nothing in this Agreement obligates {a} to {v}",
    "no provision of this Agreement requires {a} to {v}",
    "{a} shall not be required to promptly {v}",
]
VERBS = ["disclose", "share", "provide", "reveal"]
CLAIMS = {
    "sharing_with_employees": "its employees",
    "sharing_with_advisors": "its attorneys and accountants",
}


def _sentence(frame: str, actor: str, verb: str, whom: str) -> str:
    verb_phrase = f"{verb} any Confidential Information to {whom}"
    if verb == "share":
        verb_phrase = f"share any Confidential Information with {whom}"
    return capitalized(frame.format(a=actor, v=verb_phrase)) + "."


# a sample of the generated cases (actor x frame x verb x claim), each case cheap
_CASES = [
    (frame, actor, verb, claim)
    for k, (frame, actor, verb, claim) in enumerate(
        itertools.product(DENIED_DUTIES, ACTORS, VERBS, sorted(CLAIMS))
    )
    if k % 7 == 0
]


@pytest.mark.parametrize(("frame", "actor", "verb", "claim"), _CASES)
def test_a_denied_duty_to_share_is_not_stated(
    frame: str, actor: str, verb: str, claim: str
) -> None:
    sentence = _sentence(frame, actor, verb, CLAIMS[claim])
    assert holds(claim, sentence) is None, sentence
    assert holds(claim, sentence.lower()) is None, sentence
    assert holds(claim, sentence, negated=True) is None, sentence


@pytest.mark.parametrize("claim", sorted(CLAIMS))
@pytest.mark.parametrize(
    ("frame", "expected"),
    [
        # a prohibition and a permission of the act itself read as before
        ("{a} shall not {v}", False),
        ("{a} may not {v}", False),
        ("{a} shall not be permitted to {v}", False),
        ("{a} may {v}", True),
        ("{a} is entitled to {v}", True),
        # the denied duty is of another act: the prohibition after it still reads
        ("{a} is not required to return the materials and shall not {v}", False),
    ],
)
def test_a_prohibition_or_permission_of_the_act_still_reads(
    claim: str, frame: str, expected: bool
) -> None:
    for actor in ("the Recipient", "either party"):
        sentence = _sentence(frame, actor, "disclose", CLAIMS[claim])
        assert holds(claim, sentence) is expected, sentence
