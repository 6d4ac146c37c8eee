"""The skill's answer object, exactly the shape of shared/CONTRACT.md (field order is fixed)."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from domain import SourceLocation
from skill._subject import SubjectClass


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ParentEntityBinding(_Frozen):
    parent_entity: str | None
    binding_type: str
    relation: str
    source_location: SourceLocation


class CandidateSubject(_Frozen):
    subject_id: str
    name: str
    class_attributes: dict[str, Any]
    parent_entity_binding: ParentEntityBinding | None
    source_location: SourceLocation


class RejectedCandidate(_Frozen):
    name: str
    reason: str


class DocumentCopy(_Frozen):
    """An exact copy of the cited document (same records but for its id and name): the
    same quote stands at the same page, lines and section there."""

    document: str
    document_id: str


class EvidenceUnit(_Frozen):
    evidence_id: str
    subject_id: str
    claim_id: str
    value: str | None
    quote: str
    source_location: SourceLocation
    source_type: str
    observed_at: str | None
    independence_group: str
    confidence: float
    also_in: list[DocumentCopy] = []


class RejectedEvidence(_Frozen):
    evidence_id: str
    reason: str
    source_location: SourceLocation
    quote: str = ""


class CitedValue(_Frozen):
    value: str
    evidence_ids: list[str]
    # the typed facts its quoted clause sentences state (skill/_details.py): {"notice":
    # ["90 days"], "who": ["Either Party"]}; empty where the attribute has none
    details: dict[str, list[str]] = {}


class Conclusion(_Frozen):
    answer: str | None
    values: list[CitedValue]


class Conflict(_Frozen):
    claim_id: str
    values: list[CitedValue]


class SupersededValue(_Frozen):
    """A value that was in force and no longer is: the documents that state it, the
    document's date, and the document that replaced it (with its effective date)."""

    value: str
    evidence_ids: list[str]
    documents: list[str]
    date: str | None
    superseded_by: str
    superseded_on: str | None


class Supersession(_Frozen):
    """A supersession the documents state (issue 16): `value` is in force, stated by
    `document` (an amendment or an amended and restated agreement, `relation`, its
    `number` and `effective_date`), whose `statement` names the agreement it changes and
    whose `change` states the change of the term; `history` lists what it replaced."""

    claim_id: str
    value: str
    evidence_ids: list[str]
    document: str
    relation: str
    number: int | None
    effective_date: str | None
    statement: dict[str, Any]
    change: dict[str, Any] | None
    history: list[SupersededValue]


Confidence = Literal["high", "medium", "low"]
Outcome = Literal["match", "mismatch", "not_established"]
Decision = Literal["SUPPORTED", "CONTRADICTED", "INSUFFICIENT"]


class Evaluation(_Frozen):
    """The claim "attribute = expected_value" judged by the engine over the answer's
    observations (an `ask(expected_value=...)`, a batch line's `expected_value`).

    `read_as` is the expected value normalized the way the attribute's values are ("NY
    law" -> "New York", "$5 million" -> "USD 5,000,000"); `outcome` is "match" when the
    engine supports it, "mismatch" when the evidence supports another value
    (CONTRADICTED), "not_established" otherwise (INSUFFICIENT, or the subject not found);
    `evidence_ids` are the deciding side's (both sides' when INSUFFICIENT)."""

    expected_value: str | bool | int | float
    read_as: str
    outcome: Outcome
    decision: Decision
    reason_codes: list[str]
    evidence_ids: list[str]


class Answer(_Frozen):
    question: str | None
    subject_class: SubjectClass
    state_trace: list[str]
    terminal_state: Literal["CONCLUDED", "SUBJECT_NOT_FOUND"]
    candidate_subjects: list[CandidateSubject]
    rejected_candidates: list[RejectedCandidate]
    evidence: list[EvidenceUnit]
    rejected_evidence: list[RejectedEvidence]
    conclusion: Conclusion
    conflicts: list[Conflict]
    confidence: Confidence
    sufficient: bool
    risk_signals: list[str]
    suggested_next_actions: list[str]
    sufficiency: dict[str, Any] | None
    # additive (issue 16): values replaced by a stated amendment, with their history
    supersessions: list[Supersession] = []
    # additive (issue 34): the expected value's judgement, only when one was given
    evaluation: Evaluation | None = None

    # No return annotation: pydantic then keeps the model's own schema for serialization
    # (an annotated dict would publish the answer as a bare object in the OpenAPI schema).
    @model_serializer(mode="wrap")
    def _without_absent_evaluation(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """An answer asked without an expected value serializes as before: no `evaluation`."""
        out = handler(self)
        if isinstance(out, dict) and out.get("evaluation") is None:
            out.pop("evaluation", None)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready object in the contract's field order."""
        return self.model_dump(mode="json")

    def to_json(self, *, indent: int | None = 2) -> str:
        """Deterministic JSON text: fixed field order, lists already sorted, no ASCII escaping."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent, sort_keys=False)
