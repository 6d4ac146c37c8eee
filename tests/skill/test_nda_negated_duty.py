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
from pathlib import Path

import pytest
import yaml

import domain
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


# --- review36: the class read from the lexicon's own pieces -------------------------------
# the words a duty is said with, its nouns and where it comes from (propositions.yaml
# modality.duty_words / duty_nouns / duty_sources): every denial built of them is no
# prohibition ("Neither party shall be obligated to", "No party shall be required to", "is
# not required by law to", "shall not be under any obligation to")
_MODALITY_DATA = yaml.safe_load(
    (Path(domain.__file__).parent / "lexicon" / "propositions.yaml").read_text(encoding="utf-8")
)["modality"]
DUTY_WORDS = list(_MODALITY_DATA["duty_words"])
DUTY_NOUNS = list(_MODALITY_DATA["duty_nouns"])
SOURCES = ["", *(f" {s}" for s in _MODALITY_DATA["duty_sources"])]
NEGATED_WORD_FRAMES = [
    "{a} shall not be {w}{src} to {v}",
    "{a} is not legally {w}{src} to {v}",
    "neither party shall be {w}{src} to {v}",
    "no party shall be {w}{src} to {v}",
    "neither the Recipient nor its Affiliates shall be {w}{src} to {v}",
    "in no event shall {a} be {w}{src} to {v}",
]
NEGATED_NOUN_FRAMES = [
    "{a} shall not be under any {n}{src} to {v}",
    "{a} does not have any {n}{src} to {v}",
    "{a} shall have no {n}{src} to {v}",
    "{a} is under no {n}{src} to {v}",
]


def _pieces_cases() -> list[tuple[str, str]]:
    out = []
    words = itertools.product(NEGATED_WORD_FRAMES, DUTY_WORDS, SOURCES)
    for k, (frame, word, source) in enumerate(words):
        if k % 31 == 0:
            out.append((frame.replace("{w}", word).replace("{src}", source), ACTORS[k % 4]))
    nouns = itertools.product(NEGATED_NOUN_FRAMES, DUTY_NOUNS, SOURCES)
    for k, (frame, noun, source) in enumerate(nouns):
        if k % 23 == 4:
            out.append((frame.replace("{n}", noun).replace("{src}", source), ACTORS[k % 4]))
    return out


@pytest.mark.parametrize(("frame", "actor"), _pieces_cases())
def test_a_duty_denied_in_the_lexicon_s_words_is_not_stated(frame: str, actor: str) -> None:
    for k, claim in enumerate(sorted(CLAIMS)):
        sentence = _sentence(frame, actor, VERBS[k], CLAIMS[claim])
        assert holds(claim, sentence) is None, sentence
        assert holds(claim, sentence.lower(), negated=True) is None, sentence


# a conjunct in commas after the denied duty's "to" is the act's own modal: "is not obligated
# to, and will not, disclose" forbids it; "..., but may, disclose" allows it
@pytest.mark.parametrize(
    ("own", "expected"),
    [("and will not", False), ("and shall not", False), ("or may not", False), ("but may", True)],
)
def test_a_conjunct_after_a_denied_duty_is_the_act_s_modal(own: str, expected: bool) -> None:
    for k, (actor, word) in enumerate(zip(ACTORS, DUTY_WORDS, strict=False)):
        claim = sorted(CLAIMS)[k % 2]
        frame = "{a} is not " + word + " to, " + own + ", {v}"
        sentence = _sentence(frame, actor, VERBS[k], CLAIMS[claim])
        assert holds(claim, sentence) is expected, sentence
        assert holds(claim, sentence.lower(), negated=True) is (not expected), sentence


# a denied duty to refrain is no prohibition: the act allowed, whichever verb of refraining,
# duty word or negator says it ("not obliged to refrain from sharing", "not obligated to
# abstain from disclosing", "not required to prevent disclosure")
@pytest.mark.parametrize(
    "frame",
    [
        "{a} shall not be {w} to refrain from {v}",
        "{a} is not {w} to abstain from {v}",
        "neither party shall be {w} to refrain from {v}",
        "{a} is under no obligation to abstain from {v}",
        "{a} is not {w} to prevent the disclosure of Confidential Information to {whom}",
    ],
)
def test_a_denied_duty_to_refrain_allows_the_act(frame: str) -> None:
    for k, claim in enumerate(sorted(CLAIMS)):
        actor, word = ACTORS[k + 1], DUTY_WORDS[k * 2]
        gerund = ("disclosing", "sharing")[k]
        link = "with" if gerund == "sharing" else "to"
        act = f"{gerund} any Confidential Information {link} {CLAIMS[claim]}"
        sentence = capitalized(frame.format(a=actor, w=word, v=act, whom=CLAIMS[claim])) + "."
        assert holds(claim, sentence) is True, sentence
        assert holds(claim, sentence.lower(), negated=True) is False, sentence


# only adverbs may stand between the denied duty and the act: another verb makes the duty
# that verb's, and the act is read as that verb leaves it ("not required to limit disclosure
# ... to" is read through its restriction, never "not stated" for the word between)
@pytest.mark.parametrize("adverb", ["promptly", "also", "otherwise", "directly"])
def test_only_adverbs_between_a_denied_duty_and_the_act(adverb: str) -> None:
    for k, claim in enumerate(sorted(CLAIMS)):
        sentence = _sentence(
            "{a} is not required to " + adverb + " {v}", ACTORS[k], "disclose", CLAIMS[claim]
        )
        assert holds(claim, sentence) is None, sentence
        verb_between = sentence.replace(adverb + " disclose", "prevent the disclosure of")
        assert holds(claim, verb_between) is True, verb_between
