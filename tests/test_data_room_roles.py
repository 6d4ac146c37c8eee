"""A role under an agreement asked yes/no over the real data room (tests/conftest.py
`data_room_kb`; issue 34 item 1 as the session-31 brief puts it): "Is X a <role> of/under
<agreement>?" is answered from the agreement's role bindings, Yes or No, the binding's clause
cited; a negated question is answered as asked. Generated: holders and non-holders x roles x
forms (a/the, of/under, lower case, short names, negation, the role's verb)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

_LOAN = "11_Loan_and_Security_Agreement_Keystone.pdf"
_SUPPLY = "20_Manufacturing_Agreement_Brightline_Halcyon.pdf"

# (entity as an analyst names it, role, agreement as named, does the entity hold the role,
# the agreement's file): the loan's preamble binds Lender, Borrower and Guarantor; the
# manufacturing agreement's Supplier and Buyer
_FACTS = (
    ("Halcyon Field Services", "guarantor", "the Keystone loan", True, _LOAN),
    ("Keystone Commerce Bank", "lender", "the loan agreement", True, _LOAN),
    ("Halcyon Robotics", "borrower", "the Keystone loan", True, _LOAN),
    ("Halcyon Robotics, Inc.", "guarantor", "the loan and security agreement", False, _LOAN),
    ("Northgate", "guarantor", "the Keystone loan", False, _LOAN),
    ("Halcyon Field Services", "lender", "the Keystone loan agreement", False, _LOAN),
    ("Brightline", "supplier", "the manufacturing agreement", True, _SUPPLY),
    ("Brightline Components", "buyer", "the manufacturing agreement", False, _SUPPLY),
)
_FORMS = (
    ("Is {x} a {role} of {agr}?", False),
    ("is {x} the {role} under {agr}", False),
    ("Is {x} not a {role} under {agr}?", True),
)


def _variants() -> list[tuple[str, str, str]]:
    out = []
    for i, (x, role, agr, holds, document) in enumerate(_FACTS):
        for j, (form, negated) in enumerate(_FORMS):
            if (i + j) % 3 == 2 and not negated:
                continue  # sampled: every fact in two or three forms
            text = form.format(x=x, role=role, agr=agr)
            if not text[:1].isupper():
                text = text.lower()
            said = "yes" if holds != negated else "no"
            out.append((text, said, document))
    out.append(("Does Halcyon Field Services guarantee the Keystone loan?", "yes", _LOAN))
    out.append(("Does Northgate guarantee the Keystone loan?", "no", _LOAN))
    return out


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


@pytest.mark.parametrize(("question", "said", "document"), _variants())
def test_a_role_under_an_agreement_is_answered_from_its_bindings(
    ask: Any, question: str, said: str, document: str
) -> None:
    answer = ask(question)
    assert answer.terminal_state == "CONCLUDED", answer.rejected_candidates
    assert answer.conclusion.answer == said, answer.conclusion.answer
    assert answer.evidence
    # the clause that binds the role is cited, from the agreement asked about only
    assert {e.source_location.document for e in answer.evidence} == {document}
    assert all('("' in e.quote for e in answer.evidence), [e.quote for e in answer.evidence]


def test_a_role_under_an_agreement_the_room_does_not_hold_is_refused(ask: Any) -> None:
    answer = ask("Is Halcyon Field Services a guarantor of the Zorblax loan?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert not answer.evidence
