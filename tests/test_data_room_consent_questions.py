"""Consent as the question over the real data room (tests/conftest.py `data_room_kb`; issue 34,
session 34): the MSA Halcyon / Northgate says "Neither Party may assign this Agreement without
the prior written consent of the other Party, except to a successor in connection with a
merger ...". Who must consent and who assigns are two roles read apart: each party's consent
is required for the other's assignment (Yes, the successor exception carried), an assignment
without it is No, and a party with no consent right under the MSA (no party to it) is never
answered Yes. Generated over the two parties, short and lower-case names, possessives, "the
consent of", negations."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

_MSA = "07_Master_Services_Agreement_Halcyon_Northgate.pdf"
_PAIRS = [("Halcyon", "Northgate"), ("northgate", "halcyon")]
# (form, its answer's lead word): y's consent, x assigning
_FORMS = [
    ("Is {y}'s consent required to assign the MSA?", "Yes"),
    ("Is the consent of {y} required to assign the MSA with {x}?", "Yes"),
    ("Does {x} need {y}'s consent to assign?", "Yes"),
    ("Is {y}'s consent required for {x} to assign the MSA?", "Yes"),
    ("Is {y}'s consent not required for {x} to assign the MSA?", "No"),
    ("Can {x} assign the MSA without {y}'s approval?", "No"),
    ("Does assignment of the MSA with {y} not require consent?", "No"),
    # the consenting party asked to consent to the action (session 34)
    ("Must {y} consent to an assignment of the MSA?", "Yes"),
    ("Does {y} have to approve a transfer of the MSA?", "Yes"),
]


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


def _cases() -> list[tuple[str, str]]:
    out = []
    for i, (form, lead) in enumerate(_FORMS):
        for j, (x, y) in enumerate(_PAIRS):
            if (i + j) % 2 == 0 or i < 2:
                question = form.format(x=x, y=y)
                out.append((question.lower() if x.islower() else question, lead))
    return out


@pytest.mark.parametrize(("question", "lead"), _cases())
def test_consent_is_read_as_the_consenting_and_the_assigning_party(
    ask: Any, question: str, lead: str
) -> None:
    answer = ask(question)
    assert answer.terminal_state == "CONCLUDED", answer.rejected_candidates
    text = answer.conclusion.answer or ""
    assert text.startswith(f"{lead} —"), text
    assert "successor" in text  # the exception carried
    assert {e.source_location.document for e in answer.evidence} == {_MSA}


@pytest.mark.parametrize(
    "question",
    [
        "Is Keystone's consent required for Halcyon to assign the MSA?",
        "Is Ridgeway's consent required for Northgate to assign the MSA with Halcyon?",
        "is daniel reyes's consent required to assign the msa?",
    ],
)
def test_a_party_with_no_consent_right_is_never_answered_yes(ask: Any, question: str) -> None:
    answer = ask(question)
    assert not (answer.conclusion.answer or "").startswith("Yes")
