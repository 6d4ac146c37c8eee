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
- a passive whose agent is another party ("No right in this Agreement shall be assigned by
  Schoolpop without ...", asked of the other party): not the actor's action.
- a negation or a party inside the condition a sentence opens with ("If Cellco is not the
  Servicer, the Servicer may not delegate ... without the consent of the Issuer", "If Halcyon
  does not pay within thirty days, Northgate may terminate"): the condition's, not the
  right's.

Controls keep what does say it ("shall be its exclusive partner", "a non-exclusive license",
"5. Either party may terminate.")."""

from __future__ import annotations

import pytest

from domain import lexicon
from tests.skill.claim_reading import holds as _holds

_ENTRIES = {p.name: p for p in lexicon().propositions}
PARTIES = [("Northgate", "Halcyon"), ("ACME Widgets", "Orbis Media")]


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


@pytest.mark.parametrize(
    ("sentence", "actor", "other"),
    [
        (v, a, b)
        for a, b in PARTIES
        for s in (
            f"No right or interest in this Agreement shall be assigned by {b} without prior "
            f"written permission of the Seller.",
            f"This Agreement may not be transferred by {b} without the Seller's consent.",
            f"Any rights of {b} hereunder shall not be assigned by {b} without the consent of "
            "the Seller.",
        )
        for v in (s, s.lower())
    ],
)
def test_a_passive_whose_agent_is_another_party_is_not_the_actors(
    sentence: str, actor: str, other: str
) -> None:
    assert _holds("assignment_without_consent", sentence, actor, (other,)) is None, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        v
        for s in (
            "This Agreement may not be assigned by either party without the consent of the other.",
            "This Agreement shall not be assigned by Northgate without the consent of Halcyon.",
        )
        for v in (s, s.lower())
    ],
)
def test_a_passive_whose_agent_is_the_actor_or_any_party_is_still_read(sentence: str) -> None:
    assert _holds("assignment_without_consent", sentence, "Northgate", ("Halcyon",)) is False


CONDITIONED = [
    (f"{cond}, {a} {modal} {verb} this Agreement{tail}.", name, not_)
    for a, b in PARTIES
    for cond in (
        f"If {b} does not pay within thirty days",
        f"if {b} is not the Servicer or the Custodian",
        f"In the event that {b} fails to perform and does not cure within 30 days",
    )
    for modal, not_ in (("may", False), ("may not", True), ("shall not be entitled to", True))
    for name, verb, tail in (
        ("termination", "terminate", " upon written notice"),
        ("assignment_without_consent", "assign", " without the consent of the other party"),
    )
]


@pytest.mark.parametrize(("sentence", "name", "negated"), CONDITIONED)
def test_a_negation_in_the_opening_condition_is_the_conditions(
    sentence: str, name: str, negated: bool
) -> None:
    assert _holds(name, sentence) is (not negated), sentence
    assert _holds(name, sentence.lower()) is (not negated), sentence


@pytest.mark.parametrize(("sentence", "name", "negated"), CONDITIONED[:12])
def test_a_party_in_the_opening_condition_is_not_the_actor(
    sentence: str, name: str, negated: bool
) -> None:
    # asked of the party the condition names, the right is the other party's
    a, b = PARTIES[0]
    assert _holds(name, sentence, b, (a,)) is None, sentence
