"""Whose liability a question asks of (issue 34: no Yes where the clause is absent): "Is
Acme's liability to Beta unlimited?", "is acme's aggregate liability capped?" are asked of Acme
(the claim's actor): a cap on the other party's liability ("In no event shall Beta's liability
exceed ...", "Beta's total liability shall not exceed") says nothing of Acme's, a cap on either
party's or on Acme's own does. Generated over parties (short names, "&", roles), the
question's wording and lower case."""

from __future__ import annotations

import itertools

import pytest

from skill import ClauseReader, parse_subject, read_claim
from tests.skill.claim_reading import RESTRICTION_PARTIES

# --- whose liability a question asks of ------------------------------------------------------

_QUESTIONS = [
    "Is {a}'s liability toward {b} uncapped under their contract?",
    "Is {a}'s aggregate liability under the contract with {b} uncapped?",
    "Is {a}'s total liability capped under the agreement with {b}?",
]
_OTHERS_CAP = [
    "In no event shall {b}'s liability under this Agreement exceed the fees paid in the "
    "preceding twelve months, other than for its gross negligence.",
    "{b}'s total liability under this Agreement shall not exceed $1,000,000.",
]
_OWN_CAP = [
    "In no event shall either party's liability under this Agreement exceed the fees paid in "
    "the preceding twelve months, except for breach of confidentiality.",
    "In no event shall {a}'s liability under this Agreement exceed the fees paid.",
]


def _liability_cases(caps: list[str]) -> list[tuple[str, str, str, str]]:
    out = []
    for (a, b), question, cap in itertools.product(RESTRICTION_PARTIES, _QUESTIONS, caps):
        out.append((a, b, question.format(a=a, b=b), cap.format(a=a, b=b)))
    return out


def _reading(a: str, b: str, question: str, sentence: str) -> bool | None:
    subject = parse_subject(
        {"type": "agreement", "attribute": "liability_cap", "constraints": {"parties": [a, b]}}
    )
    claim = read_claim(question, subject)
    assert claim is not None and claim.entry.name == "liability_capped", question
    assert claim.actor == a, question
    reading, _ = ClauseReader(claim).read(sentence)
    return None if reading is None else reading.holds


@pytest.mark.parametrize("a, b, question, cap", _liability_cases(_OTHERS_CAP)[::3])
@pytest.mark.parametrize("case", ["as is", "lower"])
def test_a_cap_on_the_other_partys_liability_says_nothing_of_the_asked(
    a: str, b: str, question: str, cap: str, case: str
) -> None:
    if case == "lower":
        question, cap = question.lower(), cap.lower()
    assert _reading(a, b, question, cap) is None, (question, cap)


@pytest.mark.parametrize("a, b, question, cap", _liability_cases(_OWN_CAP)[::3])
def test_a_cap_on_either_or_the_asked_partys_liability_speaks_of_it(
    a: str, b: str, question: str, cap: str
) -> None:
    assert _reading(a, b, question, cap) is not None, (question, cap)
