"""A claim asked whether an action is allowed in any case at all (`any_case`: "May the
receiving party retain some copies?", issue 34, generalization: generated sentences, not the
bench's documents):

- a proviso that gives the denied action back to the party the denial binds ("shall not
  retain any copies, provided that the Recipient may retain one archival copy"; "except that
  it may keep") says the claim holds, asked of no party in particular; a proviso of another
  party ("provided that the Disclosing Party may retain"), or one that denies it too ("may not
  retain"), leaves the denial;
- a sentence denying it is the general rule (a grant of the same document carves out of it),
  a grant is specific;
- a claim without `any_case` keeps its reading of a proviso grant ("Neither party shall
  assign ..., provided that either party may assign it to a successor": No, with the
  exception)."""

from __future__ import annotations

import itertools

import pytest

from domain import lexicon
from skill import Claim, ClauseReader
from tests.skill.claim_reading import capitalized, holds

# (the main clause's party, the proviso's words for the same party)
SAME_PARTY = [
    ("The Receiving Party", "the Receiving Party"),
    ("Recipient", "Recipient"),
    ("The Recipient and its Representatives", "the Recipient"),
    ("the recipient", "it"),
    ("Either party", "either party"),
]
OTHER_PARTY = [("The Receiving Party", "the Disclosing Party"), ("Recipient", "Discloser")]
DENIALS = [
    "{a} shall not retain any copies of the Confidential Information",
    "{a} will not keep any Confidential Information after its return",
    "{a} must return all Confidential Information and shall not retain any copy thereof",
]
PROVISOS = [
    ", provided that {b} may retain one copy for archival purposes.",
    "; provided, however, that {b} may retain one archival copy in its legal files.",
    ", except that {b} may keep one copy to comply with applicable law.",
]
NEGATED_PROVISOS = [", provided that {b} may not retain any archival copy."]


def _sentences(parties: list[tuple[str, str]], provisos: list[str]) -> list[str]:
    out = [
        capitalized(d.format(a=a) + p.format(b=b))
        for d, p, (a, b) in itertools.product(DENIALS, provisos, parties)
    ]
    return out[::2] if len(out) > 20 else out  # a sample of the generated variants


def _reading(name: str, sentence: str, negated: bool = False):
    entry = {p.name: p for p in lexicon().propositions}[name]
    reading, _ = ClauseReader(Claim(entry, negated, None, ())).read(sentence)
    return reading


@pytest.mark.parametrize("sentence", _sentences(SAME_PARTY, PROVISOS))
def test_a_proviso_giving_the_denied_action_back_holds(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is True
    # asked negated ("Must it return everything without keeping any copies?"): No
    assert holds("retaining_copies", sentence, negated=True) is False
    reading = _reading("retaining_copies", sentence)
    assert reading is not None and not reading.general


@pytest.mark.parametrize(
    "sentence", _sentences(OTHER_PARTY, PROVISOS) + _sentences(SAME_PARTY, NEGATED_PROVISOS)
)
def test_another_partys_or_a_denying_proviso_leaves_the_denial(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is False


@pytest.mark.parametrize("party", [a for a, _ in SAME_PARTY])
@pytest.mark.parametrize("negated", [False, True])
def test_a_denial_is_the_general_rule_a_grant_specific(party: str, negated: bool) -> None:
    denial = _reading("retaining_copies", capitalized(DENIALS[0].format(a=party)) + ".", negated)
    assert denial is not None and denial.holds is negated and denial.general
    grant = _reading(
        "retaining_copies",
        capitalized(f"{party} may retain one copy of the Confidential Information."),
        negated,
    )
    assert grant is not None and grant.holds is not negated and not grant.general


@pytest.mark.parametrize(
    "sentence",
    [
        "Neither party shall assign this Agreement without the consent of the other party, "
        "provided that either party may assign it to a successor in a merger.",
        "Acme shall not assign this Agreement, provided, however, that Acme may assign it to an "
        "affiliate.",
    ],
)
def test_a_claim_without_any_case_keeps_the_denial_with_its_exception(sentence: str) -> None:
    reading = _reading("assignment_without_consent", sentence)
    assert reading is not None and reading.holds is False and reading.exceptions


# (session 33 review) the proviso gives back what was denied only where it keeps the claim's
# own object: the information, copies, notes or materials of it, or names none; copies of the
# party's own things, or none of it, give nothing back
KEPT = [
    "a copy thereof in its legal files",
    "an archival copy of the Confidential Information",
    "copies of such Confidential Information as required by law",
    ", in the office of its legal counsel, one copy",
]
NOT_KEPT = [
    "copies of its own board minutes",
    "its own records",
    "none of the Confidential Information in electronic form",
    "no copies of the Confidential Information",
    "nothing",
]


def _with_object(denial: str, party: tuple[str, str], kept: str) -> str:
    a, b = party
    return capitalized(f"{denial.format(a=a)}, provided that {b} may retain {kept}.").replace(
        "retain ,", "retain,"
    )


@pytest.mark.parametrize(
    "sentence",
    [_with_object(d, party, k) for d, party, k in itertools.product(DENIALS[:2], SAME_PARTY, KEPT)][
        ::3
    ],
)
def test_a_proviso_keeping_the_claims_own_object_holds(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is True
    assert holds("retaining_copies", sentence.lower()) is True


@pytest.mark.parametrize(
    "sentence",
    [
        _with_object(d, party, k)
        for d, party, k in itertools.product(DENIALS[:2], SAME_PARTY, NOT_KEPT)
    ][::3],
)
def test_a_proviso_keeping_something_else_or_none_leaves_the_denial(sentence: str) -> None:
    assert holds("retaining_copies", sentence) is False
    assert holds("retaining_copies", sentence.lower()) is False
