"""A cap on liability said with a carve-out in brackets between the liability and its limit,
or with "in an amount greater than" (issue 34; found on CUAD development contracts where the
cap was "not stated"): "In no event shall X's liability ... (other than due to a breach
resulting from X's gross negligence or willful misconduct) exceed ...", "in no event shall
either party be liable to the other party in an amount greater than ...". Generated over
parties, carve-outs, limits and case; an exclusion of consequential damages and a time limit
are no amount cap."""

from __future__ import annotations

import itertools

import pytest

from tests.skill.claim_reading import holds


def _holds(sentence: str, *, negated: bool = False) -> bool | None:
    return holds("liability_capped", sentence, negated=negated)


_WHO = ["Truelink's liability", "the Supplier's aggregate liability", "either party's liability"]
_CARVE_OUTS = [
    "(other than due to a breach resulting from its gross negligence or willful misconduct)",
    "(except for its indemnification obligations under Section 9 and any breach of Section 12 "
    "(Confidentiality))",
    # a bracket is passed whole, with its own full stops
    "(other than under Sections 9.2 and 9.3 of this Agreement)",
]
_LIMITS = [
    "the total compensation paid for hosting and support services over the preceding 12 months",
    "the fees paid by Customer under this Agreement",
]


@pytest.mark.parametrize(("who", "carve", "limit"), itertools.product(_WHO, _CARVE_OUTS, _LIMITS))
@pytest.mark.parametrize("upper", [False, True])
def test_a_cap_with_a_carve_out_in_brackets_holds(
    who: str, carve: str, limit: str, upper: bool
) -> None:
    sentence = (
        f"In no event shall {who} for any matter arising under or related to Sections 3, 4, 7 "
        f"and 11 of this Agreement {carve} exceed {limit}."
    )
    sentence = sentence.upper() if upper else sentence
    assert _holds(sentence) is True, sentence
    # asked "uncapped?", the carve-out is uncapped (tests/skill/test_uncapped_carve_outs.py)
    assert _holds(sentence, negated=True) is True, sentence


_PARTIES = ["either party", "the Company", "Licensor"]
_GREATER = ["in an amount greater than", "for any amount greater than", "for amounts more than"]


@pytest.mark.parametrize(("party", "greater"), itertools.product(_PARTIES, _GREATER))
@pytest.mark.parametrize("lead", ["", "Except in the event of a claim under Section 10, "])
def test_a_cap_said_as_an_amount_greater_than_holds(party: str, greater: str, lead: str) -> None:
    sentence = (
        f"{lead}in no event shall {party} be liable to the other party {greater} the fees paid."
    )
    sentence = sentence[0].upper() + sentence[1:]
    assert _holds(sentence) is True, sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "In no event shall either party be liable for any indirect or consequential damages.",
        "Neither party shall be liable for delays caused by events beyond its control.",
        "In no event shall the Company be liable for lost profits, even if advised of their "
        "possibility, and no claim may be brought more than one year after it arose.",
    ],
)
def test_no_amount_cap_is_not_read_as_one(sentence: str) -> None:
    assert _holds(sentence) is not True, sentence


# a limit said in another provision conjoined to the liability's ("..., provided that the
# Supplier shall not invoice amounts greater than"; "..., and neither party may assign ... for
# any sum greater than"; "..., and the Term shall not exceed"): no cap on liability
_OPENINGS = [
    "Neither party shall be liable for indirect damages",
    "In no event shall {p} be liable for any consequential damages",
    "neither party's liability for lost profits is excluded",
]
_OTHER_PROVISIONS = [
    ", provided that {p} shall not invoice amounts greater than the agreed price.",
    ", and neither party may assign this Agreement for any sum greater than its fair value.",
    ", provided, however, that {p} may not charge any amount in excess of the list price.",
    ", and the term of any Statement of Work shall not exceed twelve months.",
    ", but {p} will not be reimbursed for sums more than the approved budget.",
    ", and the fees of {p} shall be limited to the amounts set out in Exhibit A.",
]


@pytest.mark.parametrize(
    "sentence",
    [
        (opening + other).format(p=party)
        for opening, other, party in itertools.product(
            _OPENINGS, _OTHER_PROVISIONS, ["the Supplier", "Licensee", "Smith & Jones"]
        )
    ],
)
@pytest.mark.parametrize("case", ["as written", "lower", "upper"])
def test_a_limit_in_another_provision_is_no_cap(sentence: str, case: str) -> None:
    sentence = sentence[0].upper() + sentence[1:]
    sentence = {"lower": sentence.lower(), "upper": sentence.upper()}.get(case, sentence)
    assert _holds(sentence) is not True, sentence
