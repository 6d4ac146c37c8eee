"""Obligations that do not end with the agreement survive it (issue 34, polarity review): "the
duties of confidence shall not terminate upon the expiry of this Agreement" read No, the
denial "obligations ... shall terminate upon the expiration" found with the negation inside its
optional word. Negated, the ending is survival (Yes); said plainly it is still No, and an end
of something else ("of any Project") says nothing. Generated over subjects (parties, short
names, "&", possessives), verbs of ending, prepositions, events, negations and lower case."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

_SUBJECTS = [
    "the obligations of confidentiality",
    "Acme's duties under Section 4",
    "the recipient's undertakings hereunder",
    "O'Brien & Sons' obligations under this NDA",
    "all covenants of the Receiving Party",
]
_ENDS = ["terminate", "cease", "expire", "lapse", "end"]
_WHEN = ["upon the expiry of", "on termination of", "with the termination of", "upon expiration of"]
_NEGATIONS = ["shall not", "will not", "shall never"]
_THINGS = ["this Agreement", "the Agreement", "this NDA"]


def _sentences(negation: str) -> list[str]:
    return [
        capitalized(f"{s} {negation} {e} {w} {t}.")
        for s, e, w, t in zip(
            _SUBJECTS,
            _ENDS,
            itertools.cycle(_WHEN),
            itertools.cycle(_THINGS),
            strict=False,
        )
    ]


@pytest.mark.parametrize("negation", _NEGATIONS)
def test_obligations_that_do_not_end_with_the_agreement_survive(negation: str) -> None:
    for sentence in _sentences(negation):
        assert holds("survival", sentence) is True, sentence
        assert holds("survival", sentence.lower()) is True, sentence
        # said plainly, the same words end the obligations with the agreement
        plain = sentence.replace(f" {negation} ", " shall ")
        assert holds("survival", plain) is False, plain


def test_another_things_end_says_nothing_of_survival() -> None:
    sentence = (
        "The obligations of the Recipient shall not terminate upon the termination of any Project."
    )
    assert holds("survival", sentence) is None
