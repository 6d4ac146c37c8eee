"""The sample data room's yes/no claims answered as stated (issue 34, session 32).

1. An assignment asked *with* the consent the clause requires ("Can Halcyon assign the MSA
   with Northgate's consent?", "... if Northgate consents?") is "Yes, with conditions" (the
   consent its condition, the successor exception carried); asked without it, "No" with the
   exception. The consent's words name no party of the subject.
2. A body's act ("Did the board approve the Keystone loan?") is judged on the board minutes: a
   resolution approving the named agreement is "Yes" citing it; an amendment's resolution is
   not the agreement's; minutes that never act on it are "Not stated in the board minutes",
   nothing cited as a value. The reader of a body's act: approve / authorize / ratify / adopt,
   denied ("did not approve"), deferred, tabled, pending.
3. A question naming one party (by name or by role) is judged on that party's own rights:
   "The Company may terminate the Executive's employment without Cause" is never the
   Executive's right.
4. A causative ("Can Keystone prohibit Halcyon from paying dividends?", "can keystone stop
   halcyon from ...") asks the other party's action, in the proposition records' path and in
   the question's own words (skill/_question_claims.py).

Phrasings are written several ways (lower case, short and full names, possessives, passives,
negations, synonyms of the act); the sentences of the reader's tests are generated over
bodies, acts, agreements and denials, a fixed sample of the product.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import SourceLocation
from skill import (
    BodyAct,
    DocumentInfo,
    EvidenceUnit,
    QuestionKind,
    QuestionReader,
    SubjectClass,
    body_act_asked,
    body_records,
    consent_not_a_party,
    latest_acts,
    read_act,
)
from tests.conftest import IngestedKB


# --- the body's act, read from a sentence ------------------------------------------------------
def _agreement(document_type: str | None, *parties: str, **more: Any) -> SubjectClass:
    return SubjectClass(
        type="agreement",
        document_type=document_type,
        attribute="topic",
        constraints={"parties": list(parties), **more},
        kind=QuestionKind.AGREEMENT_ATTRIBUTE,
    )


_LOAN = _agreement("loan_agreement", "Keystone")
_MSA = _agreement("master_services_agreement", "Northgate")
_BOARD = BodyAct("board", "board", "the loan")
_AGREEMENTS = [
    (_LOAN, "the Loan and Security Agreement with Keystone Commerce Bank, N.A."),
    (_LOAN, "the term loan from Keystone Bank"),
    (_MSA, "the Master Services Agreement with Northgate Logistics, Inc."),
    (_MSA, "the MSA with Northgate"),
]
_APPROVALS = [
    "RESOLVED, that {a}, in the form presented to the Board, be, and it hereby is, approved.",
    "Upon motion duly made and seconded, the Board unanimously approved {a}.",
    "The Board authorized the Chief Executive Officer to execute {a}.",
    "The directors ratified {a} as executed by the Company.",
    "the board adopted a resolution approving {a}",
]
_DENIALS = [
    "The Board did not approve {a}.",
    "After discussion, the directors resolved to defer consideration of {a} to a future meeting.",
    "The proposal to enter into {a} was tabled.",
    "Entry into {a} remains subject to approval by the Board.",
    "the board declined to authorize {a}",
    "The Board postponed its vote on {a}.",
]


def _cases(forms: list[str]) -> list[tuple[SubjectClass, str]]:
    return [(s, f.format(a=a)) for (s, a), f in itertools.product(_AGREEMENTS, forms)]


@pytest.mark.parametrize(("subject", "sentence"), _cases(_APPROVALS)[::2])
def test_a_resolution_on_the_agreement_is_the_bodys_act(
    subject: SubjectClass, sentence: str
) -> None:
    assert read_act(sentence, _BOARD, subject) == (True, True)


@pytest.mark.parametrize(("subject", "sentence"), _cases(_DENIALS)[::2])
def test_a_denial_or_a_deferral_is_no_act(subject: SubjectClass, sentence: str) -> None:
    assert read_act(sentence, _BOARD, subject) == (False, True)


@pytest.mark.parametrize(
    "sentence",
    [
        # another agreement, another party's
        "RESOLVED, that the Master Services Agreement with Northgate Logistics, Inc. be approved.",
        "The Board approved the loan agreement with Harbor Trust Bank.",
        # the agreement named, no act
        "Mr. Reyes reviewed compliance with the covenants of the Loan and Security Agreement "
        "with Keystone Commerce Bank, N.A.",
        # another act of the same meeting
        "The minutes of the prior meeting were approved as presented.",
    ],
)
def test_what_names_no_act_on_the_agreement_says_nothing(sentence: str) -> None:
    assert read_act(sentence, _BOARD, _LOAN)[0] is None


def test_an_amendments_resolution_is_not_the_agreements() -> None:
    sentence = (
        "RESOLVED, that Amendment No. 1 to the Master Services Agreement with Northgate "
        "Logistics, Inc., increasing the limitation of liability, be, and it hereby is, approved."
    )
    assert read_act(sentence, _BOARD, _MSA)[0] is None
    asked = _agreement("master_services_agreement", "Northgate", amendment="Amendment No. 1")
    assert read_act(sentence, _BOARD, asked) == (True, True)


def test_the_records_own_company_need_not_be_named() -> None:
    # its minutes call it "the Company": the other party names the agreement
    both = _agreement("master_services_agreement", "Halcyon", "Northgate")
    sentence = (
        "RESOLVED, that the Master Services Agreement with Northgate Logistics, Inc. is approved."
    )
    own = "Halcyon Robotics, Inc. - Minutes of the Board of Directors"
    assert read_act(sentence, _BOARD, both, own) == (True, True)
    assert read_act(sentence, _BOARD, both)[0] is None


# --- review of session 32: another counterparty, acts done to the agreement, two matters -------
# the agreements asked, each with a form that names it and the record's own company
_OWNED = [
    (
        _MSA,
        "the Master Services Agreement with {p}",
        "Northgate Logistics, Inc. Minutes of the Board",
    ),
    (_MSA, "the MSA with {p}", "Halcyon Robotics Minutes of the Board. Agenda: MSA with Northgate"),
    (_LOAN, "the loan agreement with {p}", "Keystone Commerce Bank Board of Directors Minutes"),
    (_LOAN, "the Loan and Security Agreement with {p}", "halcyon board minutes"),
]
_OTHERS = ["Ridgeway Systems, Inc.", "Harbor Trust & Co.", "Alder's Bank"]


def test_an_agreement_asked_of_no_party_is_any_counterpartys() -> None:
    sentence = "RESOLVED, that the MSA with Ridgeway Systems, Inc. is approved."
    assert read_act(sentence, _BOARD, _agreement("master_services_agreement")) == (True, True)


@pytest.mark.parametrize(
    ("subject", "named", "own", "other"),
    [(s, n, o, p) for (s, n, o), p in zip(_OWNED, itertools.cycle(_OTHERS), strict=False)]
    + [(s, n.lower(), o, p) for (s, n, o), p in zip(_OWNED[1::2], _OTHERS[1:], strict=False)],
)
def test_another_counterparty_is_another_agreement(
    subject: SubjectClass, named: str, own: str, other: str
) -> None:
    a = named.format(p=other)
    for form in _APPROVALS[:2]:
        assert read_act(form.format(a=a), _BOARD, subject, own)[0] is None


_DONE_TO = [
    "RESOLVED, that the termination of {a} is hereby approved.",
    "RESOLVED, that the waiver of the payment default under {a} is approved.",
    "the Company's assignment of {a} to Ridgeway is authorized",
    "The Board approved a Statement of Work under {a}.",
    "RESOLVED, that the First Amendment and Restatement of {a} be, and it hereby is, approved.",
    "The directors ratified the extension of {a}.",
    "The Board approved the Company's consent to the novation of {a}.",
    "the board authorized the renewal of {a} for one year",
]


@pytest.mark.parametrize(("subject", "sentence"), _cases(_DONE_TO)[::3])
def test_an_act_on_what_is_done_to_the_agreement_is_none_on_it(
    subject: SubjectClass, sentence: str
) -> None:
    assert read_act(sentence, _BOARD, subject) == (None, True)


_TWO_MATTERS_YES = [
    "The Board approved {a} and rejected the proposal to open a new plant.",
    "RESOLVED, that {a} is approved, with the deferred closing fee payable at closing.",
    "RESOLVED, that {a} be approved and that the withholding tax forms be filed.",
    "The Board approved {a}, subject to final review by counsel.",
    "The Board did not approve the budget but approved {a}.",
    "RESOLVED, that the officers be, and each hereby is, authorized to execute and deliver {a}.",
    "{A} was approved by the Board of Directors.",
    "RESOLVED, that {a}, with such changes as the officers may approve, be, and it hereby is, "
    "approved.",
    "RESOLVED, that {a}, including the schedules thereto, be approved by the Company.",
    "Upon motion duly made and seconded, the Board, by unanimous vote, approved {a}.",
    "The Board then voted to approve {a}.",
]
_NO_ACT_OF_THE_BODY = [
    "Management will seek the Board's approval of {a} next month.",
    "The CFO presented {a} for the Board's approval.",
    "The Board discussed whether to ratify {a}; no vote was taken.",
    "{A} was approved by the lender's credit committee.",
    "RESOLVED, that the officers are authorized to negotiate {a}.",
    "The counterparty approved {a} at its own meeting.",
    "The Board authorized management to review {a}.",
]


def _cap(forms: list[str]) -> list[str]:
    return [f.replace("{A}", "{a}") for f in forms]


def _capitalised(cases: list[tuple[SubjectClass, str]]) -> list[tuple[SubjectClass, str]]:
    return [(s, t[0].upper() + t[1:]) for s, t in cases]


@pytest.mark.parametrize(("subject", "sentence"), _capitalised(_cases(_cap(_TWO_MATTERS_YES)))[::3])
def test_the_act_of_the_agreements_clause_decides(subject: SubjectClass, sentence: str) -> None:
    assert read_act(sentence, _BOARD, subject) == (True, True)


@pytest.mark.parametrize(
    ("subject", "sentence"), _capitalised(_cases(_cap(_NO_ACT_OF_THE_BODY)))[1::3]
)
def test_a_mention_a_proposal_or_another_bodys_act_is_no_act(
    subject: SubjectClass, sentence: str
) -> None:
    assert read_act(sentence, _BOARD, subject) == (None, True)


@pytest.mark.parametrize(
    ("record", "body", "words", "names"),
    [
        ("Minutes of the Audit Committee of the Board of Directors", "board", "board", False),
        ("Minutes of the Board's Audit Committee", "board", "board", False),
        (
            "Minutes of the Audit Committee of the Board of Directors",
            "committee",
            "audit committee",
            True,
        ),
        ("Minutes of a Meeting of the Board of Directors of Halcyon", "board", "board", True),
        ("Minutes of the Annual Meeting of Stockholders", "shareholders", "shareholders", True),
        ("Minutes of the Annual Meeting of Stockholders", "board", "board", False),
    ],
)
def test_a_committees_records_are_not_the_boards(
    record: str, body: str, words: str, names: bool
) -> None:
    info = DocumentInfo("d1", "minutes", "board_minutes", "2021-06-15", "g1", title=record)
    assert bool(body_records(BodyAct(body, words, "the loan"), [info], {})) is names


@pytest.mark.parametrize("owner", ["the Company", "the company", "its Company", "The Corporation"])
def test_a_defined_owner_filters_no_record_by_its_article(owner: str) -> None:
    act = body_act_asked(f"Did {owner}'s board approve the Keystone loan?")
    assert act is not None
    board = DocumentInfo("d1", "board_minutes", "board_minutes", None, "g1", title="Halcyon Board")
    committee = DocumentInfo(
        "d2", "minutes", "board_minutes", None, "g2", title="The Audit Committee"
    )
    assert body_records(act, [board, committee], {}) == [board]


def _act_unit(value: str, document: str) -> EvidenceUnit:
    loc = SourceLocation(
        document=f"{document}.pdf",
        document_id=document,
        page=1,
        line_start=1,
        line_end=1,
        char_start=0,
        char_end=10,
    )
    return EvidenceUnit(
        evidence_id=f"{document}:{value}",
        subject_id="loan",
        claim_id="claim:body_act:board",
        value=value,
        quote=f"{value} act",
        source_location=loc,
        source_type="board minutes",
        observed_at=None,
        independence_group=document,
        confidence=0.9,
    )


@pytest.mark.parametrize(
    ("values", "dates", "decides"),
    [
        (["no", "yes"], ["2021-03-01", "2021-06-15"], ["yes"]),
        (["yes", "no"], ["2021-03-01", "2021-06-15"], ["no"]),
        (["no", "no", "yes"], ["2020-12-01", "2021-03-01", "2021-06-15"], ["yes"]),
        # undated, or the latest meeting at odds with itself: all judged (a conflict shown)
        (["no", "yes"], ["", "2021-06-15"], ["no", "yes"]),
        (["no", "yes", "no"], ["2021-03-01", "2021-06-15", "2021-06-15"], ["no", "yes", "no"]),
    ],
)
def test_the_latest_meeting_decides_the_earlier_are_history(
    values: list[str], dates: list[str], decides: list[str]
) -> None:
    units = [_act_unit(v, f"m{i}") for i, v in enumerate(values)]
    judged, history = latest_acts(units, dates)
    assert [u.value for u in judged] == decides
    assert len(judged) + len(history) == len(units)


@pytest.mark.parametrize(
    ("question", "body", "owner"),
    [
        ("Did the board approve the Keystone loan?", "board", ""),
        ("did the board of directors ratify the keystone loan agreement?", "board", ""),
        ("Did Halcyon's board approve the loan agreement with Keystone?", "board", "Halcyon"),
        ("Has the Board formally authorized the MSA with Northgate?", "board", ""),
        ("Was the Keystone loan approved by the board?", "board", ""),
        ("Were the bylaws adopted by the stockholders?", "shareholders", ""),
        ("Did the audit committee approve the engagement of the auditors?", "committee", ""),
    ],
)
def test_a_bodys_act_asked(question: str, body: str, owner: str) -> None:
    act = body_act_asked(question)
    assert act is not None and act.body == body and act.owner == owner


@pytest.mark.parametrize(
    "question",
    [
        "What did the board approve on June 15, 2021?",
        "Can Halcyon assign the MSA with Northgate with Northgate's consent?",
        "Is the board's approval required to assign the MSA?",
    ],
)
def test_no_bodys_act_asked(question: str) -> None:
    assert body_act_asked(question) is None


@pytest.mark.parametrize(
    ("question", "read"),
    [
        (
            "Can Northgate assign the MSA with Halcyon with Halcyon's consent?",
            "Can Northgate assign the MSA with Halcyon?",
        ),
        (
            "can halcyon assign the northgate msa with the prior written consent of northgate?",
            "can halcyon assign the northgate msa?",
        ),
        (
            "Can Halcyon pay a dividend without Keystone's consent under the loan agreement?",
            "Can Halcyon pay a dividend under the loan agreement?",
        ),
        ("May Halcyon assign the MSA if Northgate consents?", "May Halcyon assign the MSA?"),
    ],
)
def test_a_consent_names_no_party_of_the_subject(question: str, read: str) -> None:
    assert consent_not_a_party(question) == read


# a consent the question asks of, after "with <party>": the party stays the subject's; the
# forms over generated names (short, two words, apostrophes, lower case), a fixed sample of the product
_PARTIES = ["Northgate", "acme", "Keystone Bank", "O'Brien"]
_ASKED_OF = [
    "Does the MSA with {p} require consent for assignment?",
    "Does assignment of the MSA with {p} need consent?",
    "Does the lease with {p} require landlord consent?",
    "Does the MSA with {p} require Halcyon's consent to assign?",
    "Is the lease with {p} subject to approval?",
    "does the license with {p} call for consent?",
]


@pytest.mark.parametrize(
    ("form", "party"),
    [
        (form, party)
        for i, (form, party) in enumerate(itertools.product(_ASKED_OF, _PARTIES))
        if i % 3 == 0
    ],
)
def test_a_consent_asked_of_keeps_the_party_before_it(form: str, party: str) -> None:
    question = form.format(p=party)
    assert f"with {party}" in consent_not_a_party(question)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        (
            "Can Halcyon assign without the consent of Northgate the MSA?",
            "Can Halcyon assign the MSA?",
        ),
        (
            "can acme assign without the prior written consent of the lender under the lease?",
            "can acme assign under the lease?",
        ),
        (
            "May Beta transfer the note without the consent of Bank of America?",
            "May Beta transfer the note?",
        ),
        (
            "Can Halcyon assign the MSA with the consent of Smith & Jones to a successor?",
            "Can Halcyon assign the MSA to a successor?",
        ),
    ],
)
def test_a_consents_owner_ends_where_the_question_goes_on(question: str, read: str) -> None:
    assert consent_not_a_party(question) == read


@pytest.mark.parametrize(
    ("question", "parties"),
    [
        ("Does the MSA with Northgate require consent for assignment?", ["Northgate"]),
        ("does the lease with acme need landlord consent?", ["acme"]),
        ("Can Halcyon assign without the consent of Northgate the MSA?", ["Halcyon"]),
    ],
)
def test_the_subject_of_a_consent_question_keeps_its_parties(
    question: str, parties: list[str]
) -> None:
    subject = QuestionReader(
        ["Halcyon Robotics, Inc.", "Northgate Logistics LLC", "Acme Corp."]
    ).read(question)
    assert subject.type == "agreement" and subject.parties == parties


# --- the data room, end to end ----------------------------------------------------------------


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _ask(runtime: Any, question: str) -> dict[str, Any]:
    return json.loads(runtime.skill.ask("halcyon", question).to_json())  # type: ignore[no-any-return]


def _deciding(a: dict[str, Any]) -> list[str]:
    ids = {i for v in a["conclusion"]["values"] for i in v["evidence_ids"]}
    return [e["quote"] for e in a["evidence"] if e["evidence_id"] in ids]


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Can Halcyon assign the MSA with Northgate with Northgate's consent?",
        "can halcyon assign the northgate msa with northgate's consent?",
        "Can Halcyon Robotics assign the Master Services Agreement with Northgate Logistics with "
        "the prior written consent of Northgate?",
        "May Halcyon assign the MSA with Northgate if Northgate consents?",
        "Does the MSA with Northgate let Halcyon assign it with Northgate's consent?",
        "Can Northgate assign the MSA with Halcyon with Halcyon's consent?",
        "Is Halcyon allowed to transfer the Halcyon/Northgate MSA upon Northgate's approval?",
        "Can Halcyon assign the Northgate MSA once Northgate has given its written consent?",
    ],
)
def test_an_assignment_with_consent_is_yes_with_conditions(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith("Yes, with conditions —"), a["conclusion"]
    assert [v["value"] for v in a["conclusion"]["values"]] == ["yes"]
    details = a["conclusion"]["values"][0]["details"]
    assert any("consent" in c for c in details["conditions"])
    assert any("successor" in e for e in details["exceptions"])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("Can Halcyon assign the MSA with Northgate without Northgate's consent?", "No —"),
        ("Is Halcyon not allowed to assign the MSA with Northgate without consent?", "Yes —"),
        (
            "Is Halcyon prohibited from assigning the MSA with Northgate without Northgate's "
            "consent?",
            "Yes —",
        ),
    ],
)
def test_an_assignment_without_consent_keeps_its_exception(
    runtime: Any, question: str, head: str
) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith(head), a["conclusion"]["answer"]
    assert any("successor" in e for e in a["conclusion"]["values"][0]["details"]["exceptions"])


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Did the board approve the Keystone loan?",
        "Did Halcyon's board approve the loan agreement with Keystone?",
        "did the board approve the keystone loan and security agreement?",
        "Was the Keystone loan approved by the board?",
        "Did the shareholders approve the Keystone loan?",
        # another company's board: no record of its acts here
        "Did Ridgeway's board approve the MSA with Northgate?",
    ],
)
def test_an_approval_no_record_states_is_not_stated(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith("Not stated"), a["conclusion"]["answer"]
    assert a["conclusion"]["values"] == [] and a["sufficient"] is False
    assert all(e["value"] is None for e in a["evidence"])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "resolved"),
    [
        ("Did the board approve the MSA with Northgate?", "the Master Services Agreement with"),
        ("Has the board approved the Halcyon Northgate MSA?", "the Master Services Agreement with"),
        (
            "did the board authorize the northgate master services agreement?",
            "the Master Services Agreement with",
        ),
        ("Did the board approve Amendment No. 1 to the Northgate MSA?", "Amendment No. 1 to"),
    ],
)
def test_a_resolution_approving_the_agreement_is_yes_citing_it(
    runtime: Any, question: str, resolved: str
) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith("Yes —"), a["conclusion"]["answer"]
    assert a["sufficiency"]["decision"] == "SUPPORTED"
    quotes = [" ".join(q.split()) for q in _deciding(a)]
    assert quotes and all(f"RESOLVED, that {resolved}" in q for q in quotes), quotes


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "Can Daniel Reyes terminate his employment agreement without cause?",
        "Can the Executive terminate the employment agreement for convenience?",
    ],
)
def test_the_other_partys_right_is_not_the_named_partys(runtime: Any, question: str) -> None:
    a = _ask(runtime, question)
    assert not a["conclusion"]["answer"].startswith("Yes"), a["conclusion"]["answer"]
    assert all("The Company may terminate" not in q for q in _deciding(a))


@pytest.mark.slow
def test_the_named_partys_own_right_is_yes(runtime: Any) -> None:
    a = _ask(runtime, "Can Halcyon terminate Daniel Reyes's employment without cause?")
    assert a["conclusion"]["answer"].startswith("Yes, with conditions —")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "claim"),
    [
        ("Can Northgate stop Halcyon from assigning the agreement?", "assignment_without_consent"),
        ("Can Halcyon prevent Northgate from assigning the MSA?", "assignment_without_consent"),
        ("Can Keystone prohibit Halcyon from paying dividends?", "asked_pay_dividend"),
        ("can keystone stop halcyon from merging with another company?", "asked_merg"),
        ("Can Keystone restrict Halcyon from incurring indebtedness?", "asked_incur_indebted"),
    ],
)
def test_a_causative_asks_the_other_partys_action(runtime: Any, question: str, claim: str) -> None:
    a = _ask(runtime, question)
    assert a["subject_class"]["constraints"]["claim"] == claim
    assert a["conclusion"]["answer"].startswith("Yes —"), a["conclusion"]["answer"]
