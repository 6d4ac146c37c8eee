"""Yes/no questions about an agreement are claims the engine judges (issue 34).

The clause reader on generated sentences (each modality, negation, exception and actor
written several ways), the question's claim read from generated phrasings (lower case,
synonyms, negations), and the issue's questions on the data room ingested by the real
pipeline: "Yes —", "No —" or "Not stated in" from the engine's verdict, never "a sentence
was found"."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import lexicon
from skill import Claim, ClauseReader, SubjectClassError, parse_subject, read_claim
from tests.conftest import IngestedKB

_ENTRIES = {p.name: p for p in lexicon().propositions}


def _claim(name: str, *, negated: bool = False, actor: str | None = None) -> Claim:
    others = ("Halcyon",) if actor == "Northgate" else ("Northgate",) if actor else ()
    return Claim(_ENTRIES[name], negated, actor, others)


def _holds(claim: Claim, sentence: str) -> bool | None:
    reading, _ = ClauseReader(claim).read(sentence)
    return None if reading is None else reading.holds


# --- the clause reader ------------------------------------------------------------------------

ANY_PARTY = ["Either Party", "either party", "Each party", "Northgate"]


@pytest.mark.parametrize("who", ANY_PARTY)
@pytest.mark.parametrize(
    "right",
    [
        "for convenience upon ninety (90) days' written notice",
        "at any time, without cause, by giving thirty days' notice",
        "for any reason or no reason upon 60 days' notice",
    ],
)
def test_a_right_to_terminate_without_cause_holds(who: str, right: str) -> None:
    claim = _claim("termination_without_cause", actor="Northgate")
    assert _holds(claim, f"{who} may terminate this Agreement {right}.") is True


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement may not be terminated by either party for convenience.",
        "Neither Party shall have the right to terminate this Agreement without cause.",
        "In no event may either party terminate this Agreement for convenience.",
    ],
)
def test_a_termination_forbidden_does_not_hold(sentence: str) -> None:
    assert _holds(_claim("termination_without_cause", actor="Northgate"), sentence) is False


@pytest.mark.parametrize(
    "sentence",
    [
        # a prohibition of terminating something else, or for a cause: nothing of the
        # agreement's termination without cause (outright_answers: silent)
        "The licenses granted hereunder may not be terminated.",
        "Neither Party shall exercise the right to terminate on the ground of force majeure.",
        "In the event that Party B breaches this covenant, Party A has the right to terminate "
        "this Agreement at any time.",
        "This Agreement may be terminated at any time by agreement in writing executed by the "
        "parties.",
    ],
)
def test_what_says_nothing_of_termination_without_cause(sentence: str) -> None:
    assert _holds(_claim("termination_without_cause", actor="Northgate"), sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Either Party may terminate this Agreement upon written notice if the other Party "
        "materially breaches this Agreement and fails to cure such breach within thirty days.",
        "Northgate may terminate this Agreement immediately if Halcyon becomes insolvent.",
    ],
)
def test_termination_for_cause_says_nothing_of_termination_without_cause(sentence: str) -> None:
    reading, related = ClauseReader(_claim("termination_without_cause", actor="Northgate")).read(
        sentence
    )
    assert reading is None and related


def test_another_partys_right_is_not_the_actors() -> None:
    sentence = "Halcyon may terminate this Agreement for convenience on 30 days' notice."
    assert _holds(_claim("termination_without_cause", actor="Northgate"), sentence) is None
    assert _holds(_claim("termination_without_cause", actor="Halcyon"), sentence) is True


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        (
            "Neither Party may assign this Agreement without the prior written consent of the "
            "other Party, except to a successor in a merger.",
            False,
        ),
        (
            "No party shall assign any of its rights hereunder without the other party's "
            "written approval.",
            False,
        ),
        ("Supplier may assign this Agreement only with Customer's prior written consent.", False),
        ("Either party may assign this Agreement without the consent of the other party.", True),
        ("either party may freely assign this agreement to any affiliate.", True),
        (
            "The interests of Morpho in this Agreement are personal and shall not be assigned "
            "by Morpho without a prior written consent of Ximage.",
            False,
        ),
        (
            "H. This Agreement may not be assigned by either party without prior written "
            "permission from the other party.",
            False,
        ),
        (
            "Neither this Agreement nor any right created by it shall be assignable by either "
            "party without the prior written consent of the other.",
            False,
        ),
    ],
)
def test_assignment_without_consent(sentence: str, holds: bool) -> None:
    assert _holds(_claim("assignment_without_consent"), sentence) is holds


def test_an_exception_is_carried_with_its_scope() -> None:
    reading, _ = ClauseReader(_claim("assignment_without_consent")).read(
        "Neither Party may assign this Agreement without the prior written consent of the other "
        "Party, except to a successor in connection with a merger."
    )
    assert reading is not None and reading.holds is False
    assert reading.exceptions == ("except to a successor in connection with a merger",)


@pytest.mark.parametrize(
    ("sentence", "capped"),
    [
        (
            "In no event shall either party's aggregate liability exceed the fees paid in the "
            "twelve months preceding the claim.",
            True,
        ),
        ("Each party's total liability under this Agreement shall not exceed $1,000,000.", True),
        ("SUPPLIER'S LIABILITY IS LIMITED TO THE AMOUNTS PAID HEREUNDER.", True),
        ("Licensee's liability under this Agreement shall be unlimited.", False),
    ],
)
@pytest.mark.parametrize("negated", [False, True])
def test_a_cap_read_as_asked_capped_or_uncapped(sentence: str, capped: bool, negated: bool) -> None:
    # "Is the liability uncapped?" is the negation of "is it capped?"
    assert _holds(_claim("liability_capped", negated=negated), sentence) is (capped != negated)


@pytest.mark.parametrize(
    ("sentence", "renews"),
    [
        ("This Agreement shall automatically renew for successive one-year terms.", True),
        ("Thereafter the Agreement shall renew automatically for one (1) year terms.", True),
        (
            "The term shall be extended for successive periods of one year unless either party "
            "objects.",
            True,
        ),
        ("This Agreement shall not renew automatically; a renewal needs an amendment.", False),
    ],
)
def test_automatic_renewal(sentence: str, renews: bool) -> None:
    assert _holds(_claim("automatic_renewal"), sentence) is renews


@pytest.mark.parametrize(
    ("sentence", "restricted"),
    [
        ("During the Term, Distributor shall not sell any products that compete with them.", True),
        ("The Executive is prohibited from engaging in any competing business.", True),
        ("Nothing in this Agreement shall prevent either party from competing.", False),
    ],
)
def test_a_restriction_read_through_double_negation(sentence: str, restricted: bool) -> None:
    assert _holds(_claim("non_compete"), sentence) is restricted
    # "Can X compete?" asks the prohibition's negation
    assert _holds(_claim("non_compete", negated=True), sentence) is (not restricted)


@pytest.mark.parametrize(
    "sentence",
    [
        "The courts of New York shall have exclusive jurisdiction over any dispute.",
        "No remedy conferred by this Agreement is intended to be exclusive of any other remedy.",
        "All work product shall be the exclusive property of the Company.",
    ],
)
def test_exclusive_courts_remedies_and_property_are_no_exclusivity(sentence: str) -> None:
    assert _holds(_claim("exclusive"), sentence) is None


def test_a_sentence_of_another_topic_yields_no_observation() -> None:
    reading, related = ClauseReader(_claim("assignment_without_consent")).read(
        "This Agreement shall be governed by the laws of the State of New York."
    )
    assert reading is None and not related


# --- the question's claim ---------------------------------------------------------------------

_MSA = parse_subject(
    {
        "type": "agreement",
        "document_type": "master_services_agreement",
        "attribute": "termination_right",
        "constraints": {"parties": ["Northgate", "Halcyon"], "party": "Northgate"},
    }
)


@pytest.mark.parametrize(
    ("question", "name", "negated"),
    [
        (
            "Can Northgate terminate the MSA with Halcyon without cause?",
            "termination_without_cause",
            False,
        ),
        ("can northgate terminate the msa for convenience?", "termination_without_cause", False),
        ("May Northgate end the MSA for any reason?", "termination_without_cause", False),
        ("Is Northgate's liability under the MSA uncapped?", "liability_capped", True),
        ("is liability unlimited under the msa?", "liability_capped", True),
        ("Is there a cap on liability in the MSA?", "liability_capped", False),
        (
            "Can Northgate assign the MSA without Halcyon's consent?",
            "assignment_without_consent",
            False,
        ),
        (
            "Is Northgate prohibited from assigning the MSA without consent?",
            "assignment_without_consent",
            True,
        ),
        ("Does the MSA renew automatically?", "automatic_renewal", False),
        ("does the msa auto-renew?", "automatic_renewal", False),
        ("Can Northgate compete with Halcyon?", "non_compete", True),
        ("Does the MSA restrict Northgate from competing with Halcyon?", "non_compete", False),
        # the action's gerund after "without" is what the question says is not done
        (
            "Must Northgate return all materials under the MSA without keeping any copies?",
            "retaining_copies",
            True,
        ),
    ],
)
def test_a_yes_no_question_is_read_as_its_claim(question: str, name: str, negated: bool) -> None:
    claim = read_claim(question, _MSA)
    assert claim is not None and (claim.entry.name, claim.negated) == (name, negated)


@pytest.mark.parametrize(
    "question",
    [
        f"{aux} {who} keep {what} confidential{end}"
        for aux in ("Must", "Shall", "Does")
        for who in ("the parties", "Northgate", "each party")
        for what in ("the terms of the MSA", "its terms", "the pricing under the MSA")
        for end in ("?", " under the MSA?")
    ]
    + ["Must Northgate keep Halcyon's information in confidence?"],
)
def test_keeping_something_confidential_is_not_retaining_copies(question: str) -> None:
    """ "keep ... confidential" asks of confidentiality; "keep copies" of copies kept. Keeping terms
    or pricing with no copy named ("keep its terms") is abiding by them, not retention (ask39b);
    keeping copies of the same things is."""
    claim = read_claim(question, _MSA)
    assert claim is None or claim.entry.name != "retaining_copies"
    bare = question.replace(" confidential", "").replace(" in confidence", "")
    if "information" not in bare:
        plain = read_claim(bare, _MSA)
        assert plain is None or plain.entry.name != "retaining_copies"
    kept = read_claim(bare.replace(" keep ", " keep copies of "), _MSA)
    assert kept is not None and kept.entry.name == "retaining_copies"


@pytest.mark.parametrize(
    "question", ["What is the governing law of the MSA?", "Who are the parties to the MSA?"]
)
def test_a_value_question_makes_no_yes_no_claim(question: str) -> None:
    assert read_claim(question, _MSA) is None


def test_a_structured_subject_names_its_claim() -> None:
    subject = parse_subject(
        {"type": "agreement", "constraints": {"parties": ["Halcyon"], "claim": "liability_capped"}}
    )
    assert subject.attribute == "liability_cap"
    with pytest.raises(SubjectClassError, match="unknown claim"):
        parse_subject(
            {"type": "agreement", "constraints": {"parties": ["Halcyon"], "claim": "uncapped"}}
        )


# --- the data room, end to end ----------------------------------------------------------------


@pytest.fixture(scope="module")
def runtime(data_room_kb: IngestedKB) -> Iterator[Any]:
    from app import Runtime

    with Runtime.open(data_room_kb.settings()) as rt:
        yield rt


def _ask(runtime: Any, question: str | None = None, **kw: Any) -> dict[str, Any]:
    answer = runtime.skill.ask("halcyon", question, **kw)
    return json.loads(answer.to_json())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "question",
    [
        "Can Northgate terminate the MSA with Halcyon without cause?",
        "can northgate terminate the msa with halcyon for convenience?",
        "May Northgate Logistics end its master services agreement with Halcyon for any reason?",
        # "at any time", "whenever it wants", "in its sole discretion" ask the same claim (the
        # breach clause was answered "Yes, with conditions")
        "Can Northgate terminate the MSA with Halcyon at any time?",
        "can northgate end the msa with halcyon at any time?",
        "Can Northgate cancel the Halcyon MSA whenever it wants?",
        "May Northgate terminate its MSA with Halcyon in its sole discretion?",
        "Can Northgate terminate the MSA with Halcyon with or without cause?",
    ],
)
def test_termination_without_cause_is_not_stated_never_the_breach_clause(
    runtime: Any, question: str
) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith("Not stated in MASTER SERVICES AGREEMENT")
    assert a["conclusion"]["values"] == [] and a["sufficient"] is False
    assert "not_stated" in a["risk_signals"]
    # the breach clause is quoted as related, not as an answer
    assert "materially breaches" in a["conclusion"]["answer"]
    assert all(e["value"] is None for e in a["evidence"])


@pytest.mark.parametrize(
    ("question", "head", "value"),
    [
        # the MSA's cap carves out indemnification obligations: uncapped for them, otherwise
        # capped (tests/skill/test_uncapped_carve_outs.py)
        (
            "Is Halcyon's liability under the MSA with Northgate uncapped?",
            "Yes, with conditions — uncapped for A PARTY'S INDEMNIFICATION OBLIGATIONS; "
            "otherwise capped: ",
            "yes",
        ),
        (
            "Is Halcyon's liability under its MSA with Northgate unlimited?",
            "Yes, with conditions — uncapped for",
            "yes",
        ),
        ("Is Halcyon's liability under the MSA with Northgate capped?", "Yes —", "yes"),
        ("Can Halcyon assign the MSA with Northgate without consent?", "No —", "no"),
        ("May Halcyon transfer the Northgate MSA without Northgate's consent?", "No —", "no"),
        ("Can either party assign the Halcyon-Northgate MSA without consent?", "No —", "no"),
        ("Is the Halcyon/Northgate MSA subject to automatic renewal?", "Yes —", "yes"),
        ("Does the MSA between Northgate and Halcyon renew automatically?", "Yes —", "yes"),
    ],
)
def test_the_issues_claims_answered_as_stated(
    runtime: Any, question: str, head: str, value: str
) -> None:
    a = _ask(runtime, question)
    assert a["conclusion"]["answer"].startswith(head), a["conclusion"]["answer"]
    assert [v["value"] for v in a["conclusion"]["values"]] == [value]
    decision = {"yes": "SUPPORTED", "no": "CONTRADICTED"}[value]
    assert a["sufficiency"]["decision"] == decision and a["sufficient"] is True
    deciding = set(a["conclusion"]["values"][0]["evidence_ids"])
    quoted = {e["evidence_id"]: e for e in a["evidence"]}
    assert deciding <= set(quoted) and all(quoted[i]["value"] == value for i in deciding)


def test_the_exception_and_condition_are_carried(runtime: Any) -> None:
    assign = _ask(runtime, "Can Halcyon assign the MSA with Northgate without consent?")
    details = assign["conclusion"]["values"][0]["details"]
    assert any("successor" in e for e in details["exceptions"])
    renewal = _ask(runtime, "Is the Halcyon/Northgate MSA subject to automatic renewal?")
    assert any(
        "non-renewal" in e for e in renewal["conclusion"]["values"][0]["details"]["exceptions"]
    )


def test_a_structured_claim_is_the_prose_one(runtime: Any) -> None:
    prose = _ask(runtime, "Is Halcyon's liability under the MSA with Northgate uncapped?")
    structured = _ask(
        runtime,
        subject={
            "type": "agreement",
            "document_type": "master_services_agreement",
            "constraints": {
                "parties": ["Halcyon", "Northgate"],
                "claim": "liability_capped",
                "negated": True,
            },
        },
    )
    assert structured["conclusion"] == prose["conclusion"]
    assert structured["sufficiency"] == prose["sufficiency"]


def test_an_expected_answer_is_evaluated(runtime: Any) -> None:
    question = "Is Halcyon's liability under the MSA with Northgate uncapped?"
    assert _ask(runtime, question, expected_value="yes")["evaluation"]["outcome"] == "match"
    assert _ask(runtime, question, expected_value="no")["evaluation"]["outcome"] == "mismatch"


def test_a_claim_answer_is_the_same_bytes_twice(runtime: Any) -> None:
    question = "Can Halcyon assign the MSA with Northgate without consent?"
    first = runtime.skill.ask("halcyon", question).to_json()
    assert runtime.skill.ask("halcyon", question).to_json() == first


@pytest.mark.parametrize("adjective", ["limited", "capped"])
def test_a_word_after_a_full_name_is_the_questions(runtime: Any, adjective: str) -> None:
    # "... with Northgate Logistics, Inc. limited?": the adjective, not a second legal form
    a = _ask(
        runtime,
        f"Is Halcyon Robotics, Inc.'s liability under the MSA with Northgate Logistics, Inc. "
        f"{adjective}?",
    )
    assert a["terminal_state"] == "CONCLUDED"
    assert all(adjective not in p for p in a["subject_class"]["constraints"]["parties"])
    assert a["conclusion"]["answer"].startswith("Yes —"), a["conclusion"]["answer"]


_CONTRACTIONS = [
    ("Can", "Can't"),
    ("Could", "Couldn't"),
    ("Does", "Doesn't"),
    ("Did", "Didn't"),
    ("Must", "Mustn't"),
    ("Shall", "Shan't"),
    ("Should", "Shouldn't"),
    ("Will", "Won't"),
    ("Would", "Wouldn't"),
]


@pytest.mark.parametrize(("auxiliary", "contracted"), _CONTRACTIONS)
@pytest.mark.parametrize(
    "rest",
    [
        "Northgate return all materials under the MSA",
        "Northgate keep copies of Halcyon's information",
        "the parties assign the MSA without consent",
    ],
)
def test_a_negative_contraction_opens_a_yes_no_question(
    auxiliary: str, contracted: str, rest: str
) -> None:
    """ "Shouldn't Northgate return all materials?" asks the claim "Should Northgate return
    all materials?" asks (its "n't" expects the answer, it does not deny the claim)."""
    plain = read_claim(f"{auxiliary} {rest}?", _MSA)
    assert plain is not None
    asked = f"{contracted} {rest}?"
    for written in (asked, asked.lower(), asked.replace("'t", "’t")):
        claim = read_claim(written, _MSA)
        assert claim is not None, written
        assert (claim.entry.name, claim.negated) == (plain.entry.name, plain.negated), written
