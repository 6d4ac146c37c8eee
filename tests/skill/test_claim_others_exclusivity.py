"""Another's exclusivity (issue 34): "where Hydraspin is bound to an exclusive distributor
agreement with a third party" says nothing of the parties' own exclusivity (it had read as a
grant, or negated by the clause around it as a denial); a grant of the parties' own beside it
still reads, and "the exclusive right to arrange for third party advertising" is a grant."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Distributor shall not solicit customers in any territory where Hydraspin is bound "
            "to an exclusive distributor agreement with a third party.",
            None,
        ),
        ("Smith-Jones LLC is party to an exclusive supply arrangement with any third party.", None),
        (
            "acme grants o'brien & sons an exclusive license in the territory and shall not "
            "grant exclusive rights to any third party.",
            True,
        ),
        (
            "VerticalNet shall have the exclusive right to arrange for third party advertising.",
            True,
        ),
    ],
)
def test_exclusivity_with_others(sentence: str, expected: bool | None) -> None:
    assert holds("exclusive", sentence) is expected, sentence


# (issue 34, review) "third party" as an adjective, or after a preposition that gives nothing to
# it, leaves the exclusivity the parties' own; generated over the grant, the phrase and the
# parties; every 3rd of the product, lower case every other
_GRANTS = [
    "{y} grants {x} an exclusive license {phrase}.",
    "{y} hereby appoints {x} as its exclusive agent {phrase}.",
    "{x} is the exclusive reseller of {y} {phrase} in the Territory.",
]
_PHRASES = [
    "for a third party platform",
    "on a third-party marketplace",
    "for dealings with a third party",
    "for one or more third parties",
    "to sell through third party channels",
]
_PARTIES = [("Acme", "Beta"), ("O'Brien & Sons", "Smith-Jones LLC"), ("Licensee", "Licensor")]
_OWN = [
    (x, y, text.lower() if i % 2 else text)
    for i, ((x, y), grant, phrase) in enumerate(itertools.product(_PARTIES, _GRANTS, _PHRASES))
    if i % 3 == 0
    for text in [grant.format(x=x, y=y, phrase=phrase)]
]


@pytest.mark.parametrize(("x", "y", "sentence"), _OWN)
def test_a_third_party_adjective_leaves_the_grant(x: str, y: str, sentence: str) -> None:
    assert holds("exclusive", sentence, x, (y,)) is True, sentence


def test_an_adverb_after_a_third_party_ends_its_phrase() -> None:
    sentence = (
        "If Acme desires to grant an exclusive license to a Third Party solely to sell the "
        "Product, Acme shall first notify Beta."
    )
    assert holds("exclusive", sentence) is None, sentence
