"""An NDA's confidentiality period is how long its obligations survive, with the anchor the
period runs from (issue 34, session 30): "The obligations of confidentiality under this
Agreement shall survive for three (3) years after the expiration or termination of this
Agreement" answers "What is the confidentiality period?" as "3 years after expiration or
termination", not the definition of Confidential Information. Variants are generated
(periods, verbs, anchors, subjects) and run as a fixed sample."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from skill import extract_values

_PERIODS = [("three (3) years", "3 years"), ("24 months", "24 months"), ("five years", "5 years")]
_VERBS = ["shall survive for", "will survive for a period of", "survive for"]
_ANCHORS = [
    ("after the expiration or termination of this Agreement", "after expiration or termination"),
    ("following termination of this Agreement", "following termination"),
    ("from the date of disclosure", "from date of disclosure"),
]
_SUBJECTS = [
    "The obligations of confidentiality under this Agreement",
    "each party's non-disclosure obligations",
    "The Recipient's duties hereunder",
]
# every 4th of the 81 sentences (the whole product passes; checked once by hand)
_CASES = list(itertools.product(_PERIODS, _VERBS, _ANCHORS, _SUBJECTS))[::4]


@pytest.mark.parametrize(("period", "verb", "anchor", "subject"), _CASES)
def test_a_surviving_obligation_is_the_confidentiality_period(
    period: tuple[str, str], verb: str, anchor: tuple[str, str], subject: str
) -> None:
    text = f"{subject} {verb} {period[0]} {anchor[0]}."
    values = [v.value for v in extract_values("confidentiality_period", text)]
    assert values == [f"{period[1]} {anchor[1]}"], text


@pytest.mark.parametrize(
    "text",
    [
        "This Agreement shall remain in effect for two (2) years from the Effective Date.",
        "Sections 4, 5 and 7 shall survive any termination of this Agreement.",
        "The Receiving Party shall return all materials within thirty (30) days after termination.",
        "The warranty shall survive for twelve months.",
    ],
)
def test_no_survival_period_is_no_confidentiality_period(text: str) -> None:
    assert extract_values("confidentiality_period", text) == []


@pytest.fixture(scope="module")
def runtime(data_room_kb: Any) -> Iterator[Any]:
    from app import Runtime, Settings

    with Runtime.open(Settings(data_dir=data_room_kb.data_dir)) as rt:
        yield rt


@pytest.mark.parametrize(
    "question",
    [
        "What is the confidentiality period under the Halcyon Brightline NDA?",
        "how long do the confidentiality obligations survive under the nda between brightline "
        "and halcyon?",
        # the asking words after a preposition: a value question, never a yes/no claim
        "For how many years do the confidentiality obligations of the NDA survive?",
        "for how long do halcyon's confidentiality obligations under the brightline nda survive?",
    ],
)
def test_the_nda_s_confidentiality_period_is_its_survival(
    runtime: Any, data_room_kb: Any, question: str
) -> None:
    answer = runtime.skill.ask(data_room_kb.kb, question).model_dump(mode="json")
    assert answer["sufficient"], answer["conclusion"]
    assert answer["conclusion"]["answer"] == "3 years after expiration or termination"
