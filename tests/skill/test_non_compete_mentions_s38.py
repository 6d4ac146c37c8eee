"""Two classes of sentences that name competing and restrict nothing (session 38, from the
CUAD claims bench's development rows where CUAD marks no non-compete): "competitive analysis"
(of a product, not competing with it), and a party's word that no other agreement's
non-competition binds it. Each comes with a real restriction beside it that still reads."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader

_NON_COMPETE = Claim({p.name: p for p in lexicon().propositions}["non_compete"], False, None, ())
_PARTIES = ["Distributor", "the Licensee", "Beta & Co.", "acme corp", "The Consultant"]


def _holds(sentence: str) -> bool | None:
    reading, _ = ClauseReader(_NON_COMPETE).read(sentence)
    return None if reading is None else reading.holds


@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize(
    "sentence",
    [
        "{p} shall not use the Software for any competitive analysis.",
        "{p} may not, nor authorize its customers to, translate, decompile, use for any"
        " competitive analysis, or reverse engineer the Software.",
        "{p} will not use the Licensed Materials for competitive intelligence or benchmarking.",
        "{p} shall not publish any competitive evaluations of the Product.",
    ],
)
def test_competitive_analysis_is_no_restriction_on_competing(party: str, sentence: str) -> None:
    text = sentence.format(p=party)
    assert _holds(text) is None, text
    assert _holds(text.upper()) is None, text


@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize(
    "sentence",
    [
        "{p} is not under any legal obligation, including any obligation of confidentiality"
        " or non-competition, which prevents it from performing this Agreement.",
        "{p} represents that it is not bound by any non-competition agreement that would"
        " prevent its performance hereunder.",
        "{p} is not a party to any non-compete covenant with a former employer.",
        "{p} warrants that it is not subject to any agreement containing non-competition"
        " provisions.",
    ],
)
def test_no_other_non_competition_binding_is_no_restriction(party: str, sentence: str) -> None:
    text = sentence.format(p=party)
    assert _holds(text) is None, text


@pytest.mark.parametrize("party", _PARTIES)
@pytest.mark.parametrize(
    "sentence",
    [
        "{p} shall not engage in any business that competes with the Company.",
        "During the Term, {p} shall not, directly or indirectly, sell any product which is"
        " competitive with the Products.",
        "{p} shall not be employed by or own any interest in a competitor of the Company.",
    ],
)
def test_a_real_restriction_still_reads(party: str, sentence: str) -> None:
    text = sentence.format(p=party)
    assert _holds(text) is True, text
