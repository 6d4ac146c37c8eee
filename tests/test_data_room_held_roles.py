"""A role given to a party the question names ("Can Halcyon, as the Borrower, pay
dividends?", "X as licensee", "X, in its capacity as Lender") over the real data room
(tests/conftest.py `data_room_kb`; issue 33 item 2): the question is read in the agreement(s)
where that party holds that role (its contract role or defined term), never another agreement
of the same party; a role the party holds nowhere is SUBJECT_NOT_FOUND, naming the role.
Generated: parties x roles x the forms a role is given in (", as the R," / "as R" / "in its
capacity as R" / lower case)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

_LOAN = "11_Loan_and_Security_Agreement_Keystone.pdf"
_EMPLOYMENT = "13_Employment_Agreement_Daniel_Reyes.pdf"
_FOUNDERS = "03_Founders_Agreement.pdf"
_MSA = "07_Master_Services_Agreement_Halcyon_Northgate.pdf"
_OTHER_MSA = "18_MSA_Northgate_Ridgeway.pdf"

# (party as an analyst names it, the role it is given, what it is asked, the documents where
# the party holds that role): the data room's Halcyon is party to several agreements, the
# Borrower of one, the Company of the employment and founders' agreements
_HELD = (
    ("Halcyon", "Borrower", "pay dividends", {_LOAN}),
    ("Halcyon Robotics", "borrower", "grant liens", {_LOAN}),
    ("Keystone Commerce Bank", "Lender", "accelerate the loan", {_LOAN}),
    ("Daniel Reyes", "Executive", "compete after termination", {_EMPLOYMENT}),
    ("Halcyon", "Company", "terminate the Executive without cause", {_EMPLOYMENT, _FOUNDERS}),
    ("Northgate", "Customer", "terminate the MSA for convenience", {_MSA}),
    ("Northgate", "Client", "terminate the MSA for convenience", {_OTHER_MSA}),
    # a role qualified by a place or a relation: the role it qualifies
    ("Halcyon", "Delaware Borrower", "pay dividends", {_LOAN}),
    ("Keystone Commerce Bank", "successor Lender", "accelerate the loan", {_LOAN}),
)
_FORMS = (
    "Can {x}, as the {role}, {act}?",
    "can {x} as {role} {act}?",
    "Can {x}, in its capacity as {role}, {act}?",
)
# (party, a role it holds under no agreement here, what it is asked)
_NOT_HELD = (
    ("Halcyon Robotics", "Lender", "pay dividends"),
    ("Keystone Commerce Bank", "Borrower", "pay dividends"),
    ("Northgate", "Licensee", "terminate the MSA for convenience"),
    ("Keystone Commerce Bank", "Successor Borrower", "pay dividends"),
)


def _held_variants() -> list[tuple[str, frozenset[str]]]:
    out = []
    for i, (x, role, act, documents) in enumerate(_HELD):
        for j, form in enumerate(_FORMS):
            if (i + j) % 3 == 2:
                continue  # sampled: every party in two forms
            text = form.format(x=x, role=role, act=act)
            if form[0].islower():
                text = text.lower()
            out.append((text, frozenset(documents)))
    return out


@pytest.fixture(scope="module")
def ask(data_room_ask: Any) -> Any:
    return data_room_ask


@pytest.mark.parametrize(("question", "documents"), _held_variants())
def test_a_role_given_to_a_party_reads_only_the_agreements_where_it_holds_it(
    ask: Any, question: str, documents: frozenset[str]
) -> None:
    answer = ask(question)
    assert answer.terminal_state == "CONCLUDED", answer.rejected_candidates
    assert answer.subject_class.constraints.get("held_roles")
    cited = {e.source_location.document for e in answer.evidence}
    assert cited <= documents, cited
    named = {c.source_location.document for c in answer.candidate_subjects}
    assert named and named <= documents | {""}, named


_NOT_FOUND = [
    (form.format(x=x, role=role, act=act), role)
    for i, (x, role, act) in enumerate(_NOT_HELD)
    for form in _FORMS[i % 2 :: 2]
]


@pytest.mark.parametrize(("question", "role"), _NOT_FOUND)
def test_a_role_the_party_holds_nowhere_is_not_found(ask: Any, question: str, role: str) -> None:
    answer = ask(question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    # the party's agreements are named, with the role the party does not hold there
    # (its equivalents named beside it: "not the Lender nor Bank under it")
    assert any(
        f"not the {role}" in r.reason and r.reason.endswith("under it")
        for r in answer.rejected_candidates
    ), answer.rejected_candidates


# --- a role the party holds under an equivalent word (session 34) ----------------------------
# (party, the role as the question words it, the role the agreement writes, what is asked, the
# documents, the answer's lead word): vocabulary.yaml contract_role_equivalents
_EQUIVALENT = (
    ("Halcyon", "Employer", "terminate the Executive without cause", {_EMPLOYMENT}, "Yes"),
    ("Halcyon Robotics", "employer", "terminate Daniel Reyes without cause", {_EMPLOYMENT}, "Yes"),
    ("Daniel Reyes", "Employee", "compete with Halcyon after termination", {_EMPLOYMENT}, "No"),
    # the loan states no acceleration: read in the loan (the Lender's), and said so
    (
        "Keystone Commerce Bank",
        "Bank",
        "accelerate the loan",
        {_LOAN},
        "Not stated in LOAN AND SECURITY AGREEMENT",
    ),
)
_EQUIVALENT_NOT_HELD = (
    ("Halcyon", "Employee", "compete after termination"),
    ("Northgate", "Employer", "terminate the Executive without cause"),
    ("Keystone Commerce Bank", "Employer", "terminate the Executive without cause"),
)


@pytest.mark.parametrize(
    ("question", "documents", "lead"),
    [
        (form.format(x=x, role=role, act=act), frozenset(documents), lead)
        for i, (x, role, act, documents, lead) in enumerate(_EQUIVALENT)
        for form in _FORMS[i % 2 :: 2]
    ],
)
def test_a_role_named_by_its_equivalent_reads_the_agreement_that_writes_it(
    ask: Any, question: str, documents: frozenset[str], lead: str
) -> None:
    if question[0].islower():
        question = question.lower()
    answer = ask(question)
    assert answer.terminal_state == "CONCLUDED", answer.rejected_candidates
    cited = {e.source_location.document for e in answer.evidence}
    assert cited <= documents, cited
    named = {c.source_location.document for c in answer.candidate_subjects}
    assert named and named <= documents | {""}, named
    assert (answer.conclusion.answer or "").startswith(lead)


@pytest.mark.parametrize(
    ("question", "role"),
    [
        (form.format(x=x, role=role, act=act), role)
        for i, (x, role, act) in enumerate(_EQUIVALENT_NOT_HELD)
        for form in _FORMS[i % 2 :: 2]
    ],
)
def test_a_role_held_under_no_word_for_it_is_not_found(ask: Any, question: str, role: str) -> None:
    answer = ask(question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert not answer.evidence
    assert any(f"not the {role}" in r.reason for r in answer.rejected_candidates), (
        answer.rejected_candidates
    )


# --- words after "as" that are no role: read as the question without them ---------------------
_ASIDES = [
    ("Can Halcyon, as a Delaware corporation, pay dividends?", "Can Halcyon pay dividends?"),
    ("can halcyon as Delaware pay dividends?", "can halcyon pay dividends?"),
    ("Can Halcyon, as successor to Acme, assign the MSA?", "Can Halcyon assign the MSA?"),
    ("Can Halcyon as Successor assign the MSA?", "Can Halcyon assign the MSA?"),
    # a relation with no commas: its party's name goes with it (session 34)
    ("Can Halcyon as successor to Acme assign the MSA?", "Can Halcyon assign the MSA?"),
    ("can halcyon as successor to acme assign the msa?", "can halcyon assign the msa?"),
    # a capacity with no role named (session 34)
    ("Can Halcyon, in its capacity, pay dividends?", "Can Halcyon pay dividends?"),
    (
        "Is the MSA with Northgate as Amended terminable for convenience?",
        "Is the MSA with Northgate, as amended, terminable for convenience?",
    ),
    (
        "Can Northgate as Ohio corporation terminate the MSA with Halcyon for convenience?",
        "Can Northgate terminate the MSA with Halcyon for convenience?",
    ),
]


@pytest.mark.parametrize(("question", "plain"), _ASIDES)
def test_a_place_or_verb_form_after_as_is_read_as_the_question_without_it(
    ask: Any, question: str, plain: str
) -> None:
    answer, expected = ask(question), ask(plain)
    assert not answer.subject_class.constraints.get("held_roles")
    assert answer.terminal_state == expected.terminal_state
    assert answer.conclusion.answer == expected.conclusion.answer
