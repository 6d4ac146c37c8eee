""" "No" before the subject of a verb that no modal governs (issue 34): "No provision of this
Agreement grants Licensee exclusive rights" denies as "nothing in this Agreement grants"
does. Generated over the subject's noun, the verb and the parties; a deterministic sample."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

NOUNS = [
    "provision of this Agreement",
    "term hereof",
    "part of this Agreement",
    "section of the License Agreement",
]
VERBS = ["grants", "confers on", "gives", "creates for"]
PARTIES = ["Licensee", "Acme", "O'Brien & Sons", "the distributor"]
OBJECTS = ["exclusive rights", "an exclusive license in the Territory"]

CASES = list(itertools.product(NOUNS, VERBS, PARTIES, OBJECTS))[::7]


@pytest.mark.parametrize(("noun", "verb", "party", "what"), CASES)
def test_no_subject_of_a_granting_verb_denies_exclusivity(
    noun: str, verb: str, party: str, what: str
) -> None:
    sentence = f"No {noun} {verb} {party} {what}."
    assert holds("exclusive", sentence) is False
    assert holds("exclusive", sentence.lower()) is False


@pytest.mark.parametrize(
    "sentence",
    [
        # "has no": a description, the grant stands
        "Acme grants Beta an exclusive license to each Product that has no patent that restricts its sale.",
        # the "no" of another clause
        "Licensor grants Licensee an exclusive license in the Territory.",
    ],
)
def test_a_grant_with_no_in_another_sense_stands(sentence: str) -> None:
    assert holds("exclusive", sentence) is True
