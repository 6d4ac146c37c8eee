"""The sample data room's yes/no claims, the classes session 32 left open (issue 34, session 33).

1. A term that runs "unless (earlier) terminated by either party upon N days' notice" (or
   "until terminated by ...") is a right of the party after "by" to end it on notice: a
   termination for convenience of both parties ("either", "any", "each party"), of the one
   named alone; no agent, or a ground named ("for material breach", "by mutual agreement"),
   is none.
2. Whether consent is required to assign ("Does the MSA with Northgate require consent for
   assignment?", "Is consent needed to assign ...?") asks the negation of assigning without
   it: Yes where a clause forbids it without consent, its exceptions carried; "not require"
   asks the claim itself.
3. The exception as the question: a case the question names ("to a successor in a merger",
   "to an acquirer", "in connection with a merger or sale of substantially all assets") names
   no party, and an exception naming it decides the other way ("except to a successor in
   connection with a merger": Yes); a case no exception names (an affiliate) keeps No.
4. A body's act asked with its owner after "of" ("the board of Halcyon"), an owner with a
   legal form's comma, the act's negation ("Did the board not approve ...?"), and a passive
   with an owner ("Was the MSA approved by Halcyon's board of directors?").
5. A legal form with its period inside the question ("Halcyon Robotics, Inc.", "inc.",
   "L.L.C.", "Co.") does not end the actor: the claim is the action after it.

Sentences are generated over parties, openings and notice forms (a fixed sample of the
product); the data room's own questions end to end are marked slow.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from skill import ClauseReader, QuestionReader, body_act_asked, question_claim, read_claim
from tests.conftest import IngestedKB
from tests.skill.claim_reading import capitalized, holds

_NAMES = [
    "Halcyon Robotics, Inc.",
    "Northgate Logistics, Inc.",
    "Keystone Commerce Bank, N.A.",
    "Acme Holdings L.L.C.",
    "O'Brien & Sons Co.",
]
_READER = QuestionReader(_NAMES)

# --- 1. a term "unless terminated earlier by either party upon notice" --------------------------
_TERMS = [
    "this Agreement shall remain in effect for a period of two (2) years from the Effective "
    "Date, unless terminated earlier by {p} upon {n}",
    "this agreement shall continue for three years unless earlier terminated by {p} upon {n}",
    "the Term shall be one (1) year, unless sooner terminated by {p} at any time upon {n}",
    "this Agreement shall remain in force until terminated by {p} for any reason or no reason "
    "upon {n}",
]
_BOTH = ["either party", "any party", "each party", "either Party", "Acme or Beta"]
_NOTICES = [
    "thirty (30) days' written notice",
    "60 days notice",
    "ninety (90) days' prior written notice to the other party",
]


@pytest.mark.parametrize(
    ("sentence", "actor"),
    [
        (capitalized(t.format(p=p, n=n)), a)
        for i, (t, p, n, a) in enumerate(
            itertools.product(_TERMS, _BOTH, _NOTICES, ["Acme", "Beta"])
        )
        if i % 7 == 0
    ],
)
def test_a_term_ended_by_either_party_on_notice_is_a_right_of_both(
    sentence: str, actor: str
) -> None:
    other = "Beta" if actor == "Acme" else "Acme"
    assert holds("termination_without_cause", sentence, actor, (other,)) is True
    assert holds("termination_without_cause", sentence, actor, (other,), negated=True) is False


@pytest.mark.parametrize("template", _TERMS)
def test_a_term_ended_by_one_party_is_that_partys_right(template: str) -> None:
    sentence = capitalized(template.format(p="Beta", n=_NOTICES[0]))
    assert holds("termination_without_cause", sentence, "Beta", ("Acme",)) is True
    assert holds("termination_without_cause", sentence, "Acme", ("Beta",)) is None


@pytest.mark.parametrize(
    "sentence",
    [
        # no agent: no one's right
        "This Agreement shall continue until terminated in accordance with Section 9.",
        "This Agreement shall remain in effect for two years unless sooner terminated as "
        "provided herein.",
        # a ground named, or both parties' agreement: no termination for convenience
        "This Agreement shall remain in effect for two years, unless terminated earlier by "
        "either party for material breach.",
        "This Agreement shall continue for one year unless terminated earlier by mutual written "
        "agreement of the parties.",
        # another verb than ending the term
        "The obligations shall survive until released by either party upon notice.",
    ],
)
def test_a_term_with_no_ones_right_to_end_it_says_nothing(sentence: str) -> None:
    assert holds("termination_without_cause", sentence, "Acme", ("Beta",)) is None
    assert holds("termination_without_cause", sentence.lower(), "Acme", ("Beta",)) is None


# --- 2. whether consent is required to assign --------------------------------------------------
_ASSIGNMENT = (
    "Neither Party may assign this Agreement without the prior written consent of the other "
    "Party, except to a successor in connection with a merger, acquisition or sale of all or "
    "substantially all of its assets."
)
_REQUIRED = [
    "Does the MSA with {p} require consent for assignment?",
    "Is consent needed to assign the MSA with {p}?",
    "is consent required to assign the {p} msa?",
    "Is {p}'s consent required for Halcyon to assign the MSA?",
    "Does assignment of the MSA with {p} require the other party's approval?",
    "Does the lease with {p} call for the landlord's consent to a transfer?",
]
_COUNTERPARTIES = ["Northgate", "northgate", "O'Brien & Sons", "Keystone Commerce Bank, N.A."]


@pytest.mark.parametrize(
    "question",
    [
        f.format(p=p)
        for i, (f, p) in enumerate(itertools.product(_REQUIRED, _COUNTERPARTIES))
        if i % 3 == 0
    ],
)
def test_consent_required_to_assign_is_yes_with_its_exception(question: str) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    assert claim.negated
    reading, _ = ClauseReader(claim).read(_ASSIGNMENT)
    assert reading is not None and reading.holds is True
    assert any("successor" in e for e in reading.exceptions)


@pytest.mark.parametrize(
    "question",
    [
        "Does the MSA with Northgate not require consent for assignment?",
        "Is consent not required to assign the MSA with Northgate?",
        "does the northgate msa not need consent to transfer it?",
    ],
)
def test_consent_said_not_required_asks_the_claim(question: str) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    assert not claim.negated
    reading, _ = ClauseReader(claim).read(_ASSIGNMENT)
    assert reading is not None and reading.holds is False


# --- 3. the exception as the question ----------------------------------------------------------
_EXCEPTED = [
    # (the question's case, the sentence's exception)
    ("to a successor in a merger", "except to a successor in connection with a merger"),
    ("to its successor by merger", "except to a successor by merger or consolidation"),
    ("to an acquirer", "except in connection with an acquisition of all of its assets"),
    (
        "in connection with a merger or sale of substantially all assets",
        "other than to a successor in a merger or a sale of substantially all of its assets",
    ),
    ("to a purchaser of its business", "except to a buyer of its business"),
]
_ASKED_IN = [
    "Can {a} assign the MSA with {b} {c} without {b}'s consent?",
    "can {a} assign the agreement {c} without consent?",
    "May {a} transfer the MSA {c}?",
]
_RULES = [
    "Neither party may assign this Agreement without the prior written consent of the other "
    "party, {e}.",
    "{A} shall not assign this Agreement without {B}'s prior written consent, {e}.",
]


def _case_cases() -> list[tuple[str, str]]:
    out = []
    products = itertools.product(_EXCEPTED, _ASKED_IN, _RULES, [("Halcyon", "Northgate")])
    for i, ((case, exception), asked, rule, (a, b)) in enumerate(products):
        if i % 2 == 0:
            question = asked.format(a=a if i % 4 else a.lower(), b=b, c=case)
            out.append((question, rule.format(A=a, B=b, e=exception)))
    return out


@pytest.mark.parametrize(("question", "sentence"), _case_cases())
def test_an_exception_naming_the_case_asked_grants_it(question: str, sentence: str) -> None:
    subject = _READER.read(question)
    assert all("successor" not in p and "acquir" not in p for p in subject.parties)
    claim = read_claim(question, subject)
    assert claim is not None and claim.entry.name == "assignment_without_consent"
    reading, _ = ClauseReader(claim).read(sentence)
    assert reading is not None and reading.holds is True
    assert reading.conditions and not reading.exceptions


@pytest.mark.parametrize(
    ("question", "holds_"),
    [
        # the negation asked of the case: No
        ("Is Halcyon prohibited from assigning the MSA to a successor in a merger?", False),
        ("Is Halcyon not allowed to assign the MSA to an acquirer without consent?", False),
        # a case no exception names: the rule decides, its exception carried
        ("Can Halcyon assign the MSA to an affiliate without Northgate's consent?", False),
        ("can halcyon assign the msa to a subsidiary without consent?", False),
    ],
)
def test_the_case_decides_only_where_an_exception_names_it(question: str, holds_: bool) -> None:
    claim = read_claim(question, _READER.read(question))
    assert claim is not None
    reading, _ = ClauseReader(claim).read(_ASSIGNMENT)
    assert reading is not None and reading.holds is holds_


# --- 4. a body's act: the owner after "of", a legal form's comma, the negation asked ----------
@pytest.mark.parametrize(
    ("question", "owner", "negated"),
    [
        ("Did the board of Halcyon approve the Northgate MSA?", "Halcyon", False),
        (
            "did the board of directors of halcyon robotics, inc. approve the msa?",
            "halcyon robotics, inc.",
            False,
        ),
        (
            "Did Halcyon Robotics, Inc.'s board approve the MSA with Northgate?",
            "Halcyon Robotics, Inc.",
            False,
        ),
        ("Did the board not approve the Northgate MSA?", "", True),
        ("Was the Keystone loan not approved by the board?", "", True),
        (
            "has the board of Acme Holdings L.L.C. never ratified the lease?",
            "Acme Holdings L.L.C.",
            True,
        ),
    ],
)
def test_a_bodys_act_asked_with_its_owner_and_negation(
    question: str, owner: str, negated: bool
) -> None:
    act = body_act_asked(question)
    assert act is not None and act.body == "board"
    assert act.owner == owner and act.negated is negated


@pytest.mark.parametrize(
    "question",
    [
        "Was the Northgate MSA approved by Halcyon's board of directors?",
        "was the msa with northgate ratified by halcyon's board?",
        "Did the board of Halcyon not approve the Northgate MSA?",
    ],
)
def test_a_bodys_act_is_asked_of_the_agreement(question: str) -> None:
    subject = _READER.read(question)
    assert subject.type == "agreement"
    assert subject.document_type == "master_services_agreement"


# --- 5. a legal form with its period inside the question ---------------------------------------
@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("can halcyon robotics, inc. prepay the keystone loan?", "prepay"),
        ("Can Halcyon Robotics, Inc. prepay the Keystone loan?", "prepay"),
        ("can halcyon robotics inc. pay a dividend without keystone's consent?", "pay"),
        ("Can O'Brien & Sons Co. audit the books?", "audit"),
        ("can acme holdings l.l.c. sublease the premises?", "sublease"),
        ("May Keystone Commerce Bank, N.A. accelerate the loan?", "accelerate"),
    ],
)
def test_a_legal_forms_period_does_not_end_the_actor(question: str, verb: str) -> None:
    asked = question_claim(question, _READER.read(question))
    assert asked is not None
    claim, _ = asked
    assert claim.entry.name.startswith(f"asked_{verb[:4]}")
    assert claim.actor is not None and claim.actor.casefold().split()[0] in question.casefold()


# --- the data room, end to end -----------------------------------------------------------------
@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "lead", "cited"),
    [
        # 1. the NDA's term ends on either party's notice
        ("Can Halcyon terminate the NDA with Brightline for convenience?", "Yes, with", "5.1"),
        (
            "can brightline terminate the mutual nondisclosure agreement without cause?",
            "Yes, with",
            "5.1",
        ),
        ("Is Halcyon not allowed to terminate the NDA without cause?", "No —", "5.1"),
        ("Can Northgate terminate the MSA with Halcyon for convenience?", "Not stated", ""),
        # 2. consent required to assign
        ("Does the MSA with Northgate require consent for assignment?", "Yes —", "Neither Party"),
        ("is consent needed to assign the northgate msa?", "Yes —", "Neither Party"),
        (
            "Does the Northgate MSA require Halcyon's consent for Northgate to assign it?",
            "Yes —",
            "Neither Party",
        ),
        (
            "Does the MSA with Northgate not require consent for assignment?",
            "No —",
            "Neither Party",
        ),
        # 3. the exception as the question
        (
            "Can Halcyon assign the MSA to a successor in a merger without Northgate's consent?",
            "Yes, with",
            "Neither Party",
        ),
        (
            "can halcyon assign the northgate msa to an acquirer without consent?",
            "Yes, with",
            "Neither Party",
        ),
        (
            "May Northgate assign the MSA to its successor by merger without Halcyon's consent?",
            "Yes, with",
            "Neither Party",
        ),
        (
            "Is Halcyon prohibited from assigning the MSA to a successor in a merger without consent?",
            "No —",
            "Neither Party",
        ),
        (
            "Can Halcyon assign the MSA with Northgate to an affiliate without Northgate's consent?",
            "No —",
            "Neither Party",
        ),
        # 4. a body's act
        (
            "Did the board of Halcyon approve the Northgate MSA?",
            "Yes —",
            "RESOLVED, that the Master",
        ),
        (
            "Was the Northgate MSA approved by Halcyon's board of directors?",
            "Yes —",
            "RESOLVED, that the Master",
        ),
        (
            "Did Halcyon Robotics, Inc.'s board approve the MSA with Northgate?",
            "Yes —",
            "RESOLVED, that the Master",
        ),
        ("Did the board not approve the Northgate MSA?", "No —", "RESOLVED, that the Master"),
        (
            "Has the board of directors ratified the Northgate services agreement?",
            "Yes —",
            "RESOLVED, that the Master",
        ),
        ("did the board approve the ridgeway msa?", "Not stated", ""),
        ("Did Northgate's board approve the MSA with Halcyon?", "Not stated", ""),
        # 5. a legal form's period inside the question
        (
            "can halcyon robotics, inc. prepay the keystone loan?",
            "Yes, with",
            "Borrower may prepay",
        ),
        (
            "can halcyon robotics inc. pay a dividend without keystone's consent?",
            "No —",
            "Without Lender",
        ),
        (
            "Is Brightline Components, Inc. allowed to terminate the NDA for convenience?",
            "Yes, with",
            "5.1",
        ),
    ],
)
def test_the_data_rooms_claims_as_stated(
    runtime: Any, question: str, lead: str, cited: str
) -> None:
    a = json.loads(runtime.skill.ask("halcyon", question).to_json())
    assert a["conclusion"]["answer"].startswith(lead), a["conclusion"]["answer"]
    ids = {i for v in a["conclusion"]["values"] for i in v["evidence_ids"]}
    quotes = [" ".join(e["quote"].split()) for e in a["evidence"] if e["evidence_id"] in ids]
    if cited:
        assert quotes and all(cited in q for q in quotes), quotes
    else:
        assert a["conclusion"]["values"] == []
