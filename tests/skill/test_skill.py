"""The state machine end to end on a real knowledge base (embedded Qdrant Edge, real model).

Covers the specification's examples: an absent Master Services Agreement, "John Doe,
Founder" without a binding, a CEO rejected as founder; a planted conflict; alias resolution
through defined terms; yes/no claims each way; no store call after the gate closes; the
answer contract's shape; determinism.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine import ContractError
from retrieval import EdgeStore
from skill import (
    Answer,
    CandidateGate,
    EvidenceSkill,
    SubjectClassError,
    citation,
    parse_question,
    render_answer,
)

from .conftest import ACME, GLOBEX, KB, SkillFactory

pytestmark = pytest.mark.slow

CONTRACT_FIELDS = [
    "question",
    "subject_class",
    "state_trace",
    "terminal_state",
    "candidate_subjects",
    "rejected_candidates",
    "evidence",
    "rejected_evidence",
    "conclusion",
    "conflicts",
    "confidence",
    "sufficient",
    "risk_signals",
    "suggested_next_actions",
    "sufficiency",
]
CONCLUDED_TRACE = [
    "INIT",
    "SUBJECT_CLASS_IDENTIFIED",
    "CANDIDATE_SUBJECT_DISCOVERED",
    "EVIDENCE_RETRIEVAL",
    "EVIDENCE_VERIFIED",
    "CONCLUDED",
]
NOT_FOUND_TRACE = [
    "INIT",
    "SUBJECT_CLASS_IDENTIFIED",
    "CANDIDATE_SUBJECT_DISCOVERED",
    "SUBJECT_NOT_FOUND",
]


class RecordingStore:
    """The real store, with every call recorded (method name and arguments)."""

    def __init__(self, inner: EdgeStore) -> None:
        self.inner = inner
        self.calls: list[tuple[str, str]] = []

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(self.inner, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            shown = {k: v for k, v in kwargs.items() if k != "vector" and k != "query_vector"}
            self.calls.append((name, repr((args[:2], sorted(shown.items())))))
            return method(*args, **kwargs)

        return call


def values(answer: Answer) -> list[str]:
    return [v.value for v in answer.conclusion.values]


def reasons(answer: Answer) -> dict[str, str]:
    return {r.name: r.reason for r in answer.rejected_candidates}


def assert_contract(answer: Answer) -> None:
    data = json.loads(answer.to_json())
    # the contract's fields in order, then the additive ones (issue 16: supersessions)
    assert list(data) == [*CONTRACT_FIELDS, "supersessions"]
    ids = {u["evidence_id"] for u in data["evidence"]}
    for value in data["conclusion"]["values"]:
        assert set(value["evidence_ids"]) <= ids  # every cited id is an evidence unit
    for unit in data["evidence"]:
        loc = unit["source_location"]
        assert loc["page"] >= 1 and 1 <= loc["line_start"] <= loc["line_end"]
        assert unit["quote"]
        assert unit["claim_id"]
    if answer.terminal_state == "SUBJECT_NOT_FOUND":
        assert data["state_trace"] == NOT_FOUND_TRACE
        assert data["sufficient"] is False and data["confidence"] == "low"
        assert "subject_not_found" in data["risk_signals"]
        assert data["evidence"] == [] and data["conclusion"] == {"answer": None, "values": []}
        assert data["sufficiency"] is None
        assert data["suggested_next_actions"]
    else:
        assert data["state_trace"] == CONCLUDED_TRACE
    if not data["sufficient"]:
        assert data["suggested_next_actions"]


# -- roles: the candidates are the answer ------------------------------------------------


def test_founders_come_from_bindings_and_near_misses_are_rejected(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Who founded Acme Robotics, Inc.?")
    assert_contract(answer)
    assert answer.terminal_state == "CONCLUDED"
    assert values(answer) == ["Jane Smith", "Robert Lee"]
    assert (
        answer.sufficient and answer.sufficiency and answer.sufficiency["decision"] == "SUPPORTED"
    )
    rejected = reasons(answer)
    # A CEO of Entity A is not its founder.
    assert rejected["Mark Chen"] == f"holds role Chief Executive Officer of {ACME}, not founder"
    # "John Doe, Founder" names a role but binds him to no one.
    assert "John Doe" in rejected and "no binding" in rejected["John Doe"]
    assert "John Doe" not in values(answer)
    # A founder of another company.
    assert rejected["Alice Wong"] == f"founder of Beta Widgets LLC, no binding to {ACME}"
    for candidate in answer.candidate_subjects:
        link = candidate.parent_entity_binding
        assert link is not None and link.parent_entity == ACME and link.relation == "founder"
    quote = answer.evidence[0].quote
    assert quote == "The founders of the Company are Jane Smith and Robert Lee."


def test_a_short_name_resolves_to_the_group_parent(skill: EvidenceSkill) -> None:
    # "Acme Robotics" fits Acme Robotics, Inc. and its subsidiary Acme Robotics GmbH: the
    # bare group name denotes the parent.
    answer = skill.ask(KB, "Who is the CEO of Acme Robotics?")
    assert values(answer) == ["Mark Chen"]
    assert answer.candidate_subjects[0].parent_entity_binding is not None


def test_a_role_nobody_holds_is_not_found_with_reasons(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Who is the treasurer of Acme Robotics, Inc.?")
    assert_contract(answer)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert (
        reasons(answer)["Mark Chen"]
        == f"holds role Chief Executive Officer of {ACME}, not treasurer"
    )
    assert any("treasurer" in a for a in answer.suggested_next_actions)


def test_signatory_of_the_msa(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Who signed the MSA for Acme Robotics, Inc.?")
    assert values(answer) == ["Mark Chen"]
    loc = answer.evidence[0].source_location
    assert (loc.document, loc.page, loc.line_start, loc.line_end) == (
        "MSA_Acme_Globex.pdf",
        5,
        21,
        22,
    )


# -- SUBJECT_NOT_FOUND and the closed gate ---------------------------------------------


def test_absent_master_services_agreement_is_not_found(skill: EvidenceSkill) -> None:
    question = (
        "What is the governing law of the master services agreement between "
        "Acme Robotics, Inc. and Initech LLC?"
    )
    answer = skill.ask(KB, question)
    assert_contract(answer)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert answer.risk_signals == ["subject_not_found"]
    rejected = reasons(answer)
    # Their NDA is not an MSA; Acme's MSA is with Globex, not Initech.
    assert "not a master services agreement" in rejected["Mutual Non-Disclosure Agreement"]
    assert rejected["Master Services Agreement"] == "Initech LLC is not a party to the agreement"
    assert answer.suggested_next_actions[0] == (
        "Request the executed master services agreement between Acme Robotics, Inc. and Initech LLC"
    )


def test_unknown_entity_is_not_found_with_next_actions(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Who founded Umbrella Corporation?")
    assert_contract(answer)
    assert answer.suggested_next_actions == [
        "Request the certificate of incorporation or founders' agreement naming Umbrella "
        "Corporation's founders",
        "Check whether Umbrella Corporation operates under another legal name",
    ]


@pytest.mark.parametrize(
    "question",
    [
        "Who founded Umbrella Corporation?",
        "What is the governing law of the master services agreement between Acme Robotics, "
        "Inc. and Initech LLC?",
        "Who is the treasurer of Acme Robotics, Inc.?",
        "Where is Pinecrest Automation GmbH incorporated?",
    ],
)
def test_no_store_call_after_the_gate_closes(
    store: EdgeStore, make_skill: SkillFactory, knowledge_base: Any, question: str
) -> None:
    recording = RecordingStore(store)
    answer = make_skill(recording).ask(KB, question)
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    # The same gate alone makes exactly the calls the whole run made: nothing came after it.
    alone = RecordingStore(store)
    gate = CandidateGate(alone, make_skill(store).embedder)  # type: ignore[arg-type]
    result = gate.run(KB, parse_question(question), tuple(knowledge_base.committed(KB)))
    assert not result.candidates
    # State 1 reads the knowledge base's names first (one look-up of its bindings, kept for
    # the next questions); then the gate's calls, and nothing after them.
    before = len(recording.calls) - len(alone.calls)
    assert recording.calls[before:] == alone.calls
    assert [name for name, _ in recording.calls[:before]] in ([], ["find_bindings"])
    assert not any(name == "chunks_of" for name, _ in recording.calls)


# -- attributes: retrieval, integrity, conflicts ----------------------------------------


def test_governing_law_cites_the_exact_lines(skill: EvidenceSkill) -> None:
    answer = skill.ask(
        KB,
        "What is the governing law of the MSA between Acme Robotics, Inc. and Globex Corporation?",
    )
    assert_contract(answer)
    assert values(answer) == ["New York"]
    assert answer.sufficient
    unit = answer.evidence[0]
    loc = unit.source_location
    assert (loc.page, loc.line_start, loc.line_end, loc.clause) == (4, 12, 13, "6.2")
    assert unit.quote.startswith("This Agreement shall be governed by")
    assert citation(loc) == "MSA_Acme_Globex.pdf, p. 4, § 6.2 Governing Law, lines 12–13"


def test_planted_conflict_is_listed_never_arbitrated(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Where is Acme Robotics, Inc. incorporated?")
    assert_contract(answer)
    assert answer.terminal_state == "CONCLUDED"
    assert values(answer) == ["Delaware", "Nevada"]
    assert len(answer.conflicts) == 1
    conflict = answer.conflicts[0]
    assert [v.value for v in conflict.values] == ["Delaware", "Nevada"]
    assert all(v.evidence_ids for v in conflict.values)
    assert answer.conclusion.answer is None
    assert not answer.sufficient and answer.confidence == "low"
    assert "conflicting_evidence" in answer.risk_signals
    assert answer.sufficiency is not None and answer.sufficiency["decision"] == "INSUFFICIENT"
    # Units about other entities are rejected with reasons, never counted.
    rejected = {r.quote: r.reason for r in answer.rejected_evidence}
    assert rejected["Globex Corporation is incorporated in Ohio."].startswith("about Globex")
    assert any(q.startswith("Acme Robotics GmbH") for q in rejected)
    assert "evidence_rejected" in answer.risk_signals


def test_alias_through_a_defined_term(skill: EvidenceSkill) -> None:
    # "The Company was incorporated on ..." names Acme only through its defined term.
    answer = skill.ask(KB, "When was Acme Robotics, Inc. incorporated?")
    assert values(answer) == ["2015-03-02"]
    unit = answer.evidence[0]
    assert "Acme" not in unit.quote and "the Company" in unit.quote.replace(
        "The Company", "the Company"
    )
    assert unit.source_location.line_start == unit.source_location.line_end == 4


def test_obligations_of_a_party_by_its_defined_term(skill: EvidenceSkill) -> None:
    question = (
        "What are Globex Corporation's obligations under the master services agreement with "
        "Acme Robotics, Inc.?"
    )
    answer = skill.ask(KB, question)
    assert answer.terminal_state == "CONCLUDED"
    got = values(answer)
    assert any("Customer shall pay each undisputed invoice" in v for v in got)
    assert not any("Supplier shall provide" in v for v in got)  # Acme's, not Globex's


def test_obligations_under_a_named_provision_are_that_provision_s_only(
    skill: EvidenceSkill,
) -> None:
    # Globex's one obligation in the MSA is to pay invoices: asked under its confidentiality
    # covenant, no sentence of the MSA (nor its section heading) names confidentiality.
    question = (
        "What are Globex Corporation's obligations under the confidentiality covenant of the "
        "master services agreement with Acme Robotics, Inc.?"
    )
    answer = skill.ask(KB, question)
    assert answer.subject_class.constraints["provision"] == "confidentiality"
    assert answer.terminal_state == "CONCLUDED"
    assert not any("Customer shall pay" in v for v in values(answer))
    assert not any("Customer shall pay" in e.quote for e in answer.evidence)


# -- yes/no ----------------------------------------------------------------------------------


def test_yes_no_each_way(skill: EvidenceSkill) -> None:
    yes = skill.ask(KB, "Is Globex Corporation a party to the MSA?")
    assert values(yes) == ["yes"] and yes.sufficient
    no = skill.ask(KB, "Is Initech LLC a party to the master services agreement?")
    assert values(no) == ["no"] and no.sufficient
    # The party list the "no" rests on is quoted.
    assert "Globex Corporation" in no.evidence[0].quote
    sub = skill.ask(KB, "Is Acme Robotics GmbH a subsidiary of Acme Robotics, Inc.?")
    assert values(sub) == ["yes"]
    # Both known, no binding: not "no" but nothing concluded, and not sufficient.
    unknown = skill.ask(KB, f"Is {GLOBEX} a subsidiary of {ACME}?")
    assert_contract(unknown)
    assert unknown.terminal_state == "CONCLUDED" and values(unknown) == []
    assert not unknown.sufficient
    # The parent unknown: not found.
    absent = skill.ask(KB, "Is Acme Robotics GmbH a subsidiary of Zenith Motion Holdings?")
    assert absent.terminal_state == "SUBJECT_NOT_FOUND"


def test_an_explicit_denial_concludes_no(skill: EvidenceSkill) -> None:
    # The report states the link does not exist: "no", cited from that sentence.
    denied = skill.ask(KB, f"Is Beta Widgets LLC a subsidiary of {ACME}?")
    assert_contract(denied)
    assert values(denied) == ["no"]
    assert "not affiliated" in denied.evidence[0].quote
    assert denied.evidence[0].source_location.document == "Industry_Report_2022.pdf"


def test_an_auditor_question_needs_a_bound_auditor(skill: EvidenceSkill) -> None:
    # Globex is known, but no auditor is bound to it: no subject to answer about.
    answer = skill.ask(KB, f"Who audits {GLOBEX}?")
    assert answer.terminal_state == "SUBJECT_NOT_FOUND"
    assert any("auditor" in r.reason for r in answer.rejected_candidates)


def test_has_role_yes_and_held_role_mismatch(skill: EvidenceSkill) -> None:
    assert values(skill.ask(KB, "Is Mark Chen the CEO of Acme Robotics, Inc.?")) == ["yes"]
    answer = skill.ask(KB, "Is Mark Chen a founder of Acme Robotics, Inc.?")
    assert answer.terminal_state == "CONCLUDED" and values(answer) == []
    held = [r.reason for r in answer.rejected_candidates if r.name == "Mark Chen"]
    assert f"holds role Chief Executive Officer of {ACME}, not founder" in held


# -- inputs, contract, rendering, determinism ------------------------------------------------


def test_structured_subject_and_request_contract(skill: EvidenceSkill) -> None:
    subject = {"type": "individual", "role": "founder", "parent_entity": ACME}
    answer = skill.ask(KB, subject=subject)
    assert answer.question is None and values(answer) == ["Jane Smith", "Robert Lee"]
    strict = skill.ask(
        KB, subject=subject, evidence_requirements={"minimum_independent_sources": 2}
    )
    assert not strict.sufficient  # one certificate is one source
    assert strict.sufficiency is not None
    assert "INSUFFICIENT_INDEPENDENT_SOURCES" in strict.sufficiency["reason_codes"]
    assert strict.suggested_next_actions
    with pytest.raises(ContractError):
        skill.ask(KB, subject=subject, evidence_requirements={"confidence_threshold": 2})
    with pytest.raises(SubjectClassError):
        skill.ask(KB, "What is the weather like?")


def test_evaluation_time_defaults_to_the_latest_document_date(skill: EvidenceSkill) -> None:
    answer = skill.ask(KB, "Who founded Acme Robotics, Inc.?")
    # The latest document is the 2022-09-01 report: age is counted from that day's end.
    assert answer.sufficiency is not None
    record = answer.sufficiency["freshness"]["records"][0]
    assert record["age_seconds"] == 236822399 + 0  # 2015-03-02 -> 2022-09-01T23:59:59Z
    late = skill.ask(
        KB,
        "Who founded Acme Robotics, Inc.?",
        evaluation_time="2200-01-01T00:00:00Z",
        evidence_requirements={"max_age_seconds": 86400},
    )
    assert not late.sufficient and "stale_evidence" in late.risk_signals


def test_render_answer_numbers_citations(skill: EvidenceSkill) -> None:
    text = render_answer(skill.ask(KB, "Where is Acme Robotics, Inc. incorporated?"))
    assert "Conflicting evidence" in text
    assert "[1] Certificate_of_Incorporation_Acme.pdf, p. 1, § Article I, lines 3–4" in text
    assert "Suggested next actions:" in text


@pytest.mark.parametrize(
    "question",
    [
        "Who founded Acme Robotics, Inc.?",
        "Where is Acme Robotics, Inc. incorporated?",
        "What is the governing law of the master services agreement between Acme Robotics, "
        "Inc. and Initech LLC?",
    ],
)
def test_same_question_twice_gives_identical_bytes(skill: EvidenceSkill, question: str) -> None:
    first = skill.ask(KB, question).to_json()
    second = skill.ask(KB, question).to_json()
    assert first == second
