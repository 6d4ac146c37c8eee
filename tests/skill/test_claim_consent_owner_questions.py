"""Consent as the question, the consenting party named and no one said to assign (issue 34,
session 34): "Is Halcyon's consent required to assign the MSA?" asks whether another party
needs Halcyon's consent. The one whose consent it is is never the actor: a clause binding only
that party (it has no consent right) says nothing of it (Not stated, never Yes); a clause
binding the other party answers (Yes, or No where the question is negated); a mutual clause
answers; where the consenting party may assign freely and the other may not, Yes.

Questions are generated over party pairs (short names, lower case, "&") and wordings,
sentences over the sides of one-sided and two-sided anti-assignment clauses."""

from __future__ import annotations

import itertools

import pytest

from skill import ClauseReader, QuestionReader, read_claim

_READER = QuestionReader(
    ["Halcyon Robotics, Inc.", "Northgate Logistics, Inc.", "O'Brien & Sons Co.", "Brightline LLC"]
)
# (the one whose consent is asked, the other party), as a question and a clause write them
_PAIRS = [
    ("Halcyon", "Northgate"),
    ("northgate", "Halcyon"),
    ("O'Brien & Sons", "Brightline"),
]
_ASKS = [
    "Is {y}'s consent required to assign the MSA?",
    "is the consent of {y} required to assign the agreement?",
    "Does assignment of the MSA require {y}'s approval?",
    "Is {y}'s approval needed for an assignment of the MSA?",
]
_ASKS_NOT = [
    "Is {y}'s consent not required to assign the MSA?",
    "Can the MSA be assigned without {y}'s consent?",
]
_ONE_SIDED = [
    "{A} may not assign this Agreement without the prior written consent of {B}.",
    "{A} shall not assign or transfer its rights hereunder without {B}'s prior written consent.",
]
_MUTUAL = (
    "Neither Party may assign this Agreement without the prior written consent of the other Party."
)
_TWO_SIDED = (
    "{B} may assign this Agreement without the consent of {A}. {A} shall not assign this "
    "Agreement without {B}'s prior written consent."
)


def _reading(question: str, sentence: str) -> bool | None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    assert claim.actor is None
    reading, _ = ClauseReader(claim).read(sentence)
    return None if reading is None else reading.holds


def _title(name: str) -> str:
    return name[0].upper() + name[1:]


def _one_sided_cases() -> list[tuple[str, str, bool | None]]:
    out = []
    forms = [(f, True) for f in _ASKS] + [(f, False) for f in _ASKS_NOT]
    for i, ((form, asks), clause, (y, other)) in enumerate(
        itertools.product(forms, _ONE_SIDED, _PAIRS)
    ):
        if i % 2:
            continue  # sampled: every form, clause and pair in some case
        question = form.format(y=y)
        # the other party bound, y's consent needed: answers (consent required: Yes)
        out.append((question, clause.format(A=_title(other), B=_title(y)), asks))
        # y itself bound: y has no consent right, the clause says nothing of y's consent
        out.append((question, clause.format(A=_title(y), B=_title(other)), None))
    return out


@pytest.mark.parametrize(("question", "sentence", "expected"), _one_sided_cases())
def test_the_consenting_party_is_never_the_actor(
    question: str, sentence: str, expected: bool | None
) -> None:
    assert _reading(question, sentence) is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [(f.format(y=y), True) for f, (y, _) in zip(_ASKS, itertools.cycle(_PAIRS), strict=False)]
    + [(f.format(y=y), False) for f, (y, _) in zip(_ASKS_NOT, _PAIRS, strict=False)],
)
def test_a_mutual_clause_answers(question: str, expected: bool) -> None:
    assert _reading(question, _MUTUAL) is expected


@pytest.mark.parametrize(
    ("question", "free", "bound", "expected"),
    [
        ("Is Halcyon's consent required to assign the MSA?", "Halcyon", "Northgate", True),
        ("Is Halcyon's consent required to assign the MSA?", "Northgate", "Halcyon", False),
        (
            "can the msa be assigned without o'brien & sons' consent?",
            "O'Brien & Sons",
            "Brightline",
            False,
        ),
        (
            "Can the MSA be assigned without Brightline's consent?",
            "O'Brien & Sons",
            "Brightline",
            True,
        ),
    ],
)
def test_the_free_partys_consent_is_what_the_bound_one_needs(
    question: str, free: str, bound: str, expected: bool
) -> None:
    assert _reading(question, _TWO_SIDED.format(A=bound, B=free)) is expected
