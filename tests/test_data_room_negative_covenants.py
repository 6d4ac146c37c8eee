"""A loan's negative covenants over the real data room (tests/conftest.py `data_room_kb`;
session 35, the props35 records granting_liens / incurring_debt / paying_dividends). The Loan
and Security Agreement with Keystone says "Without Lender's prior written consent, no Loan
Party shall (a) incur any Indebtedness other than Permitted Indebtedness, (b) create any Lien
on the Collateral other than Permitted Liens, (c) merge ..., or (d) pay any dividend or make
any distribution on its capital stock." Asked of Halcyon with no agreement named, each is "No"
from that sentence, carrying its own item's exception only (liens: Permitted Liens; debt:
Permitted Indebtedness; dividends: none of the other items'). A causative ("Can Keystone
prohibit Halcyon from ...") is the question's own claim, never the record's. Generated over
full, short and lower-case names and synonyms of the act."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

_LOAN = "11_Loan_and_Security_Agreement_Keystone.pdf"
_NAMES = ["Halcyon", "Halcyon Robotics, Inc.", "halcyon"]
# (forms, the record, the exception carried, the other items' exceptions never carried)
_COVENANTS = [
    (
        ["Can {x} grant liens?", "May {x} create a lien on its assets?"],
        "granting_liens",
        "Permitted Liens",
        ("Permitted Indebtedness",),
    ),
    (
        ["Can {x} incur additional debt?", "May {x} incur indebtedness?"],
        "incurring_debt",
        "Permitted Indebtedness",
        ("Permitted Liens",),
    ),
    (
        ["Can {x} pay dividends?", "May {x} make distributions to its shareholders?"],
        "paying_dividends",
        None,
        ("Permitted Liens", "Permitted Indebtedness"),
    ),
]


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


def _cases() -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    out = []
    for i, (forms, claim, exception, others) in enumerate(_COVENANTS):
        for j, form in enumerate(forms):
            name = _NAMES[(i + j) % len(_NAMES)]
            question = form.format(x=name)
            out.append((question.lower() if name.islower() else question, claim, exception, others))
    return out


@pytest.mark.parametrize(("question", "claim", "exception", "others"), _cases())
def test_a_negative_covenant_is_no_with_its_own_exception(
    ask: Any, question: str, claim: str, exception: str | None, others: tuple[str, ...]
) -> None:
    answer = ask(question)
    assert answer.subject_class.constraints.get("claim") == claim, answer.subject_class
    text = answer.conclusion.answer or ""
    assert text.startswith("No —"), text
    # the exceptions carried, after the quoted sentence (which names every item's)
    _, _, carried = text.partition("(exceptions:")
    if exception is not None:
        assert exception in carried, text
    assert not any(o in carried for o in others), text
    assert {e.source_location.document for e in answer.evidence} == {_LOAN}


@pytest.mark.parametrize(
    "question",
    [
        "Can Keystone prohibit Halcyon from paying dividends?",
        "can keystone restrict halcyon from incurring indebtedness?",
        "Can Keystone prevent Halcyon from granting liens?",
    ],
)
def test_a_causative_is_not_the_records(ask: Any, question: str) -> None:
    answer = ask(question)
    claim = answer.subject_class.constraints.get("claim")
    assert claim not in {c for _, c, _, _ in _COVENANTS}, claim
