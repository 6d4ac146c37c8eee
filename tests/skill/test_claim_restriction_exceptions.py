"""A restriction's own exception is no denial of it (issue 34: every yes/no answered Yes, No or
Not stated). "The parties acknowledge that the foregoing will not prevent CNET from displaying
text links ... to Competing Computer Products Retailers" followed a restriction on CNET; read
alone it said CNET is not restricted from competing, and the CUAD answer was "The sentences
disagree". Words whose subject refers back to a restriction ("the foregoing", "this Section",
"such covenant") and say it does not prevent, restrict or prohibit something carve a case out
of it: they state no observation of the claim. Generated over back-references, limiting verbs,
parties (short names, "&", lower case) and the claim asked plain or negated; a sample runs.
Controls: the agreement itself leaving a party free ("Nothing in this Agreement shall prevent
X from competing") still says No; the restriction itself still says Yes."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import capitalized, holds

BACK_REFERENCES = [
    "the foregoing",
    "the parties acknowledge that the foregoing",
    "nothing in this Section",
    "this Section 7",
    "such covenant",
    "the above restriction",
]
LIMITING = [
    "will not prevent {x} from displaying links to competing retailers",
    "shall not restrict {x} from selling competing products to its existing customers",
    "does not prohibit {x} from owning less than 2% of a competing company",
]
PARTIES = [("CNET", "Cyberian Outpost"), ("Johnson & Marsh", "Orbis Labs"), ("acme", "beta")]
CASES = list(itertools.product(BACK_REFERENCES, LIMITING, PARTIES))[::4]


@pytest.mark.parametrize(("reference", "limiting", "parties"), CASES)
@pytest.mark.parametrize("negated", [False, True])
def test_a_restrictions_exception_states_nothing_of_it(
    reference: str, limiting: str, parties: tuple[str, str], negated: bool
) -> None:
    x, y = parties
    verb = "shall" if reference.startswith("nothing") else None
    clause = limiting.format(x=x)
    if verb:
        # "nothing in this Section shall prevent": the negation is the subject's own
        clause = clause.replace("will not ", "shall ").replace("shall not ", "shall ")
        clause = clause.replace("does not prohibit", "shall prohibit")
    sentence = capitalized(f"{reference} {clause}.")
    assert holds("non_compete", sentence, x, (y,), negated=negated) is None


@pytest.mark.parametrize(("x", "y"), PARTIES)
def test_the_agreement_leaving_a_party_free_and_the_restriction_itself_still_answer(
    x: str, y: str
) -> None:
    freed = f"Nothing in this Agreement shall prevent {x} from competing with {y}."
    assert holds("non_compete", freed, x, (y,)) is False
    assert holds("non_compete", freed, x, (y,), negated=True) is True
    restricted = capitalized(f"{x} shall not compete with {y} during the Term.")
    assert holds("non_compete", restricted, x, (y,)) is True
    assert holds("non_compete", restricted, x, (y,), negated=True) is False
