"""Sentences that made a CUAD yes/no answer "The sentences disagree" (issue 34: every yes/no
question answered Yes, No or Not stated) by reading a claim where they state none. The classes
found on CUAD's development agreements, each in generated variants (lower case, other party
names, synonyms):

- "exclusive" said of something else than the relationship: "excluding" ("Monday-Friday,
  exclusive holidays"), the integration clause said with adverbs ("completely and exclusively
  states the agreement"), a remedy ("sole and exclusive obligation for failing to deliver"),
  "only" of a use ("for its use exclusively");
- a numbered heading ("6.1 Exclusive License by Achaogen.", "38.0 NON-EXCLUSIVE NATURE OF
  AGREEMENT"): its section number is no word, a heading states nothing.

Controls keep what does say it ("shall be its exclusive partner", "a non-exclusive license",
"5. Either party may terminate.")."""

from __future__ import annotations

import pytest

from domain import lexicon
from skill import Claim, ClauseReader

_ENTRIES = {p.name: p for p in lexicon().propositions}
PARTIES = [("Northgate", "Halcyon"), ("ACME Widgets", "Orbis Media")]


def _holds(name: str, sentence: str) -> bool | None:
    reading, _ = ClauseReader(Claim(_ENTRIES[name], False, None, ())).read(sentence)
    return None if reading is None else reading.holds


def _variants(sentences: list[str]) -> list[str]:
    """Each sentence as written and in lower case."""
    return [v for s in sentences for v in (s, s.lower())]


NOT_EXCLUSIVITY = _variants(
    [
        f"All services will be performed during the regular business hours of {a} "
        f"(Monday-Friday, exclusive {days})."
        for a, _ in PARTIES
        for days in ("holidays", "public holidays", "weekends")
    ]
    + [
        f"This Agreement {how} and exclusively {verb} the agreement of {a} and {b} regarding "
        "its subject matter."
        for a, b in PARTIES
        for how in ("completely", "fully", "entirely")
        for verb in ("states", "sets forth", "embodies")
    ]
    + [
        f"{a}'s sole and exclusive {what} for failing to deliver the minimum impressions shall "
        "be to continue the promotion until it delivers them."
        for a, _ in PARTIES
        for what in ("obligation", "duty")
    ]
    + [
        f"{b} may duplicate these materials for {b}'s {what} exclusively and use them to "
        "conduct other classes."
        for _, b in PARTIES
        for what in ("use", "internal use", "purposes")
    ]
    + [
        f"{number} {title}"
        for number in ("6.1", "38.0", "(c)", "12.")
        for title in ("Exclusive License by Northgate.", "NON-EXCLUSIVE NATURE OF AGREEMENT")
    ]
)


@pytest.mark.parametrize("sentence", NOT_EXCLUSIVITY)
def test_exclusive_said_of_something_else_or_a_heading_states_nothing(sentence: str) -> None:
    assert _holds("exclusive", sentence) is None, sentence


@pytest.mark.parametrize(
    ("sentence", "exclusive"),
    [
        (v, holds)
        for a, b in PARTIES
        for s, holds in (
            (f"During the term, {a} shall be {b}'s exclusive partner for sports tickets.", True),
            (f"{a} grants to {b} an exclusive license to sell the Products in Canada.", True),
            (f"{a} grants to {b} a non-exclusive license to use the marks.", False),
            (f"{b} shall purchase the Products exclusively from {a}.", True),
        )
        for v in (s, s.lower())
    ],
)
def test_an_exclusive_relationship_is_still_read(sentence: str, exclusive: bool) -> None:
    assert _holds("exclusive", sentence) is exclusive, sentence


@pytest.mark.parametrize(
    "sentence",
    _variants(
        [
            f"{number} {said}"
            for number in ("5.", "(b)", "12.3")
            for said in (
                "Either party may terminate.",
                "Northgate may terminate immediately.",
                "ACME Widgets may terminate.",
            )
        ]
    ),
)
def test_a_short_numbered_sentence_with_a_modal_still_states(sentence: str) -> None:
    assert _holds("termination", sentence) is True, sentence
