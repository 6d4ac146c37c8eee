"""An evergreen term is automatic renewal (issue 34, CUAD's Renewal Term): an agreement that
"shall continue from year to year thereafter" or "shall be effective month to month, until
terminated" renews itself period after period until a party ends it; it was read as not stated
(the sentence only a candidate). Generated over subjects, modals, continuations and tails, as
written and in lower case, asked as is and negated; controls keep a continuation by agreement
and a payment made month to month out of it."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds

SUBJECTS = ["This Agreement", "Thereafter, the agreement", "The Term", "this Contract"]
CONTINUES = [
    "{modal} continue from year to year thereafter",
    "{modal} be effective month to month",
    "{modal} remain in effect on a year-to-year basis",
    "{modal} thereafter continue in full force and effect from month to month",
]
TAILS = [
    ", until terminated by either party upon thirty days' written notice.",
    " unless either party gives notice of termination.",
    ", subject to the provisions for termination hereof.",
]
EVERGREEN = [
    f"{subject} {continues.format(modal=modal)}{tail}"
    for (subject, continues, tail), modal in zip(
        itertools.product(SUBJECTS, CONTINUES, TAILS), itertools.cycle(["shall", "will"])
    )
][::5]


@pytest.mark.parametrize("sentence", EVERGREEN)
def test_an_evergreen_term_renews_automatically(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is True, sentence
    assert holds("automatic_renewal", sentence.lower()) is True, sentence
    # "Does the agreement not renew automatically?": No
    assert holds("automatic_renewal", sentence, negated=True) is False, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall continue from year to year only if the parties so agree in writing.",
        "This Agreement shall continue from year to year upon mutual agreement of the parties.",
        "The Licensee shall continue from year to year at its option by giving notice.",
        "Rent shall be paid month to month.",
        "This Agreement shall continue for a period of one year.",
    ],
)
def test_a_continuation_by_agreement_or_a_payment_is_no_evergreen(sentence: str) -> None:
    assert holds("automatic_renewal", sentence) is None, sentence
