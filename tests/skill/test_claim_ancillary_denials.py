"""A denial said of something ancillary to the relationship (issue 34): a distribution
agreement whose distributor "shall be the only distributor appointed by NETGEAR in the
Territory" also grants it "a non-exclusive, royalty-free, limited right to use the
Trademarks"; the licence's non-exclusivity gave way to nothing and the answer was No. The
licence's denial is now the general rule the document's own statement of the relationship
decides over (quoted as related); alone, it still says No. Generated over parties, marks and
phrasings."""

from __future__ import annotations

import itertools

import pytest

from skill import Claim, ClauseReader
from tests.skill.claim_reading import ENTRIES

PARTIES = [("NETGEAR", "Ingram Micro"), ("Acme", "Beta"), ("O'Brien & Sons", "Smith-Jones LLC")]
MARKS = ["the Trademarks", "the Boxlot Marks", "its trade names and logos", "the NETGEAR marks"]
LICENCES = [
    "{a} grants {b} a non-exclusive, royalty-free, limited right to use {marks}.",
    "Solely for this purpose, {a} grants {b} a non-exclusive license to use {marks}.",
    "The license to use {marks} granted to {b} shall be non-exclusive.",
]
RELATIONSHIPS = [
    "{b} shall be the only distributor appointed by {a} in the Territory.",
    "{a} appoints {b} as its exclusive distributor of the Products in the Territory.",
]
CASES = list(itertools.product(PARTIES, MARKS, LICENCES, RELATIONSHIPS))[::3]


def _decided(sentences: list[str], *, negated: bool = False) -> list[bool]:
    """The polarities that decide, one document: each sentence read by the public
    ClauseReader, and a general reading set aside where a specific reading of the other
    polarity stands (lex specialis, as the engine's observation step applies it)."""
    reader = ClauseReader(Claim(ENTRIES["exclusive"], negated, None, ()))
    readings = [r for r, _ in (reader.read(s) for s in sentences) if r is not None]
    specific = {r.holds for r in readings if not r.general}
    return sorted({r.holds for r in readings if not (r.general and (not r.holds) in specific)})


@pytest.mark.parametrize(("parties", "marks", "licence", "relationship"), CASES)
def test_the_relationship_decides_over_a_marks_licence(
    parties: tuple[str, str], marks: str, licence: str, relationship: str
) -> None:
    a, b = parties
    grant = licence.format(a=a, b=b, marks=marks)
    own = relationship.format(a=a, b=b)
    assert _decided([grant, own]) == [True]
    assert _decided([grant.lower(), own.lower()]) == [True]
    # asked as the negation ("Is the relationship non-exclusive?"): No, from the relationship
    assert _decided([grant, own], negated=True) == [False]
    # alone, the licence says No
    assert _decided([grant]) == [False]


@pytest.mark.parametrize(
    "sentence",
    [
        # the relationship itself denied, a marks licence beside it
        "Acme appoints Beta as its non-exclusive distributor and grants it a license to use "
        "the Marks.",
        "Licensor grants Licensee a non-exclusive license to the Software.",
        "The appointment of Beta is non-exclusive.",
    ],
)
def test_a_denial_of_the_relationship_is_its_own(sentence: str) -> None:
    reading, _ = ClauseReader(Claim(ENTRIES["exclusive"], False, None, ())).read(sentence)
    assert reading is not None and reading.holds is False and not reading.general
    own = "Beta shall be the only distributor appointed by Acme in the Territory."
    assert _decided([sentence, own]) == [False, True]


# A licence granted only so that a party can perform under the agreement (a collaboration's
# "non-exclusive, sub-licenseable, worldwide license ... to the extent reasonably necessary for
# Achaogen to perform its obligations", beside "Microgenics shall ... exclusively commercialize
# the Assay"): ancillary as a marks licence is.
PERFORMING = [
    "{a} grants to {b} a royalty-free, non-exclusive, sub-licenseable, worldwide license under "
    "its Know-How to the extent reasonably necessary for {b} to perform its obligations under "
    "this Agreement.",
    "{a} grants {b} a non-exclusive right to use the Software solely to perform the Services.",
    "{a} hereby grants {b} a non-exclusive license for the sole purpose of performing its "
    "duties hereunder.",
    "{a} grants {b} a non-exclusive license, as necessary to carry out {b}'s responsibilities "
    "under the Development Plan.",
]
PERFORMING_CASES = list(itertools.product(PARTIES, PERFORMING, RELATIONSHIPS))[::2]


@pytest.mark.parametrize(("parties", "licence", "relationship"), PERFORMING_CASES)
def test_the_relationship_decides_over_a_licence_to_perform(
    parties: tuple[str, str], licence: str, relationship: str
) -> None:
    a, b = parties
    grant = licence.format(a=a, b=b)
    own = relationship.format(a=a, b=b)
    assert _decided([grant, own]) == [True]
    assert _decided([grant.lower(), own.lower()]) == [True]
    assert _decided([grant, own], negated=True) == [False]
    # alone, the licence says No
    assert _decided([grant]) == [False]


@pytest.mark.parametrize(
    "sentence",
    [
        # a licence of the relationship's own, its party's duties named after it
        "Acme grants Beta a non-exclusive license to sell the Products throughout the "
        "Territory, and Beta shall perform its obligations.",
        "Acme grants Beta a non-exclusive license to distribute the Products; Beta shall "
        "solely perform the marketing services.",
    ],
)
def test_a_licence_of_the_relationship_with_duties_beside_it_is_its_own(sentence: str) -> None:
    reading, _ = ClauseReader(Claim(ENTRIES["exclusive"], False, None, ())).read(sentence)
    assert reading is not None and reading.holds is False and not reading.general
