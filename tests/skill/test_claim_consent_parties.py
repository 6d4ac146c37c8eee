"""Whose consent, for whose assignment (review of session 33's consent-required questions).

1. A question whether consent is required binds the party that needs it ("Does Halcyon need
   Northgate's consent to assign?", "Is Northgate's consent required for Halcyon to assign?",
   "... before Halcyon can assign it?", "Is Halcyon required to obtain ...", "Halcyon's
   assignment", "assignment by Halcyon"): that party is the claim's actor, the one whose consent
   it is another. A clause binding the other party only says nothing of it.
2. Only the agreement's own assignment is asked: an object that is not the agreement, its
   rights or obligations ("its assets", "of equity", "to a transferee") makes no claim of
   assigning without consent.

Questions are generated over party pairs (short names, lower case, "&", a legal form's
comma) and wordings; sentences over the two sides of a one-sided anti-assignment clause.
"""

from __future__ import annotations

import itertools

import pytest

from skill import ClauseReader, QuestionReader, read_claim

_NAMES = [
    "Halcyon Robotics, Inc.",
    "Northgate Logistics, Inc.",
    "O'Brien & Sons Co.",
    "Brightline Analytics LLC",
]
_READER = QuestionReader(_NAMES)
# (the one needing consent, the one whose consent it is), as a question writes them
_PAIRS = [
    ("Halcyon", "Northgate"),
    ("Northgate", "Halcyon"),
    ("halcyon", "northgate"),
    ("O'Brien & Sons", "Brightline"),
    ("Brightline Analytics", "O'Brien & Sons"),
]
_NEEDS = [
    "Does {x} need {y}'s consent to assign the MSA?",
    "Is {y}'s consent required for {x} to assign the MSA?",
    "does the msa require {y}'s approval before {x} can assign it?",
    "Is {x} required to obtain {y}'s prior written consent to assign the agreement?",
    "Does {x}'s assignment of the MSA require {y}'s consent?",
    "Does assignment of this Agreement by {x} require {y}'s consent?",
    "Does {x} need consent from {y} to transfer its rights under the MSA?",
]
# the one bound (A) may not assign without the other's (B) consent
_ONE_SIDED = [
    "{A} may not assign this Agreement without the prior written consent of {B}.",
    "{A} shall not assign or transfer its rights hereunder without {B}'s prior written consent.",
]
# B is free, A is not
_TWO_SIDED = (
    "{B} may assign this Agreement without the consent of {A}. {A} shall not assign this "
    "Agreement without {B}'s prior written consent."
)


def _first(name: str) -> str:
    return name.casefold().split()[0]


def _needs_cases() -> list[tuple[str, str, str]]:
    out = []
    for i, (form, (x, y)) in enumerate(itertools.product(_NEEDS, _PAIRS)):
        if i % 2 == 0:
            out.append((form.format(x=x, y=y), x, y))
    return out


@pytest.mark.parametrize(("question", "needer", "consenter"), _needs_cases())
def test_the_party_needing_consent_is_the_actor(question: str, needer: str, consenter: str) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    assert claim.negated
    assert claim.actor is not None and _first(claim.actor) == _first(needer)
    assert _first(consenter) in [_first(o) for o in claim.others]


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        (form.format(x=x, y=y), clause.format(A=a, B=b), True if x == a else None)
        for i, (form, clause, (x, y), bound_first) in enumerate(
            itertools.product(_NEEDS[:4], _ONE_SIDED, _PAIRS[:2], [True, False])
        )
        for a, b in [(x, y) if bound_first else (y, x)]
        if i % 2 == 0 or not bound_first
    ],
)
def test_a_clause_binding_the_other_party_says_nothing_of_the_one_asked(
    question: str, sentence: str, expected: bool | None
) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None
    reading, _ = ClauseReader(claim).read(sentence)
    assert (None if reading is None else reading.holds) is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Does Halcyon need Northgate's consent to assign the MSA?", True),
        ("Is Halcyon's consent required for Northgate to assign the MSA?", False),
        ("does northgate need halcyon's consent to assign it?", False),
        ("Is Northgate's approval required before Halcyon can assign the agreement?", True),
    ],
)
def test_the_free_party_needs_none_the_bound_one_does(question: str, expected: bool) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None
    reading, _ = ClauseReader(claim).read(_TWO_SIDED.format(A="Halcyon", B="Northgate"))
    assert reading is not None and reading.holds is expected


@pytest.mark.parametrize(
    "question",
    [
        "Does Halcyon need Northgate's consent to transfer its assets?",
        "does o'brien & sons need brightline's approval to assign its patents?",
        "Does the Keystone loan require lender approval for any transfer of assets?",
        "Does the loan require consent for a change of control or transfer of equity?",
        "Is Northgate's consent required for the transfer of Halcyon's shares?",
        "Does the NDA require Northgate's consent before Halcyon can disclose Confidential "
        "Information to a transferee?",
        "Does the NDA require the Discloser's permission for disclosure to an assignee?",
        "Does the NDA not require consent before disclosure?",
        "Does Halcyon not need Northgate's consent to transfer its equipment?",
    ],
)
def test_a_transfer_of_something_else_is_no_assignment_asked(question: str) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is None or claim.entry.name != "assignment_without_consent"


@pytest.mark.parametrize(
    ("question", "negated"),
    [
        ("Does Halcyon need Northgate's consent to transfer it?", True),
        ("is consent required to assign halcyon's rights and obligations under the msa?", True),
        ("Does the Northgate lease require the landlord's consent for assignment?", True),
        ("Does any assignment or transfer of the MSA require Northgate's approval?", True),
        ("Does the MSA not require consent to assign its obligations hereunder?", False),
        ("Does assignment of the NDA not require Brightline's consent?", False),
    ],
)
def test_the_agreement_its_rights_or_no_object_is_asked(question: str, negated: bool) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    assert claim.negated is negated


# --- 3. the party whose consent an asked assignment names is another party ---------------------
_WITHOUT = [
    "Can {x} assign the MSA without {y}'s consent?",
    "Can {x} assign the MSA without the prior written consent of {y}?",
    "May {x} transfer the agreement without approval from {y}?",
]


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        (form.format(x=x, y=y), clause.format(A=a, B=b), False if x == a else None)
        for i, (form, clause, (x, y), bound_first) in enumerate(
            itertools.product(_WITHOUT, _ONE_SIDED, _PAIRS[:3], [True, False])
        )
        for a, b in [(x, y) if bound_first else (y, x)]
        if i % 3 == 0 or not bound_first
    ],
)
def test_the_consenting_partys_own_clause_never_answers_the_actor(
    question: str, sentence: str, expected: bool | None
) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    reading, _ = ClauseReader(claim).read(sentence)
    assert (None if reading is None else reading.holds) is expected
