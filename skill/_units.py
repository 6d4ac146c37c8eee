"""States 3-5 by kind of question: the evidence units of the gate's candidates. A yes/no is
cited from the gate's verdict bindings, an agreement's parties and a role's holders from
their bindings, a topic from its passages (skill/_topic.py); an attribute from its holders
bound and in office, and the sentences the collector keeps (skill/_evidence.py).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from domain import Binding, SourceLocation, entity_key
from retrieval import VectorStore
from skill._answer import EvidenceUnit, RejectedEvidence
from skill._candidate import GateResult
from skill._conclude import is_single_valued
from skill._evidence import EvidenceCollector, evidence_id
from skill._gate import ATTRIBUTE_ROLES
from skill._intent import TOPIC
from skill._quarters import stated_year_end
from skill._search import QueryEmbedder
from skill._subject import QuestionKind, SubjectClass
from skill._tenure import OfficeTenure
from skill._topic import topic_units
from skill._values import normalize_jurisdiction


def evidence_units(
    store: VectorStore,
    embedder: QueryEmbedder,
    kb: str,
    subject: SubjectClass,
    gate: GateResult,
    collector: EvidenceCollector,
    committed: Sequence[str],
) -> tuple[list[EvidenceUnit], list[RejectedEvidence]]:
    """The evidence units of the gate's candidates for the question's kind, and the units
    rejected (`embedder`: for a topic's words; `store`: for an attribute's bound holders)."""
    units: list[EvidenceUnit] = []
    rejected: list[RejectedEvidence] = []
    if subject.kind is QuestionKind.YES_NO:
        if gate.verdict is None:
            return [], []
        claim = _yes_no_claim(subject, gate)
        target = gate.candidates[0].subject_id
        for b in gate.verdict_bindings:
            units.append(collector.binding_unit(b, target, claim, gate.verdict))
        return _dedupe(units), []
    if subject.attribute == "parties":
        for c in gate.candidates:
            claim = f"{c.subject_id}:parties"
            for b in c.bindings:
                if b.role == "party":
                    units.append(collector.binding_unit(b, c.subject_id, claim, b.subject_name))
        return _dedupe(units), []
    if subject.kind in (QuestionKind.ROLE, QuestionKind.RELATION):
        parent = _parent_key(subject, gate)
        for c in gate.candidates:
            claim = f"{parent}:{subject.role}"
            for b in c.bindings:
                units.append(collector.binding_unit(b, c.subject_id, claim, c.name))
        return _dedupe(units), []
    attribute = subject.attribute or ""
    if attribute == TOPIC:
        topic = str(subject.constraints.get("topic") or "")
        vector = embedder.embed_query(topic) if topic else []
        act = subject.constraints.get("act")
        asked = subject.constraints.get("act_years") or ()
        since = subject.constraints.get("act_since")
        periods = (
            (
                frozenset(int(y) for y in asked),
                bool(subject.constraints.get("act_fiscal")),
                int(since) if since is not None else None,
            )
            if act
            else None
        )
        for c in gate.candidates:
            claim = f"{c.subject_id}:{TOPIC}:{topic}"
            # an act asked in fiscal years: the company's fiscal year end, as its 10-K's
            # cover states it
            year_end = (
                stated_year_end(
                    sorted(
                        b.subject_name
                        for b in store.find_bindings(
                            kb, role="fiscal_year_end", parent_key=c.subject_id
                        )
                    )
                )
                if periods is not None and periods[1]
                else None
            )
            units.extend(
                topic_units(
                    collector,
                    kb,
                    c,
                    claim,
                    committed,
                    topic,
                    vector,
                    quantity=subject.constraints.get("quantity"),
                    act=str(act) if act else None,
                    periods=periods,
                    year_end=year_end,
                )
            )
        return _dedupe(units), []
    for c in gate.candidates:
        claim = f"{c.subject_id}:{attribute}"
        party_key = party_role = None
        if subject.kind is QuestionKind.OBLIGATIONS:
            if subject.constraints.get("party"):
                party_key = _resolved_key(str(subject.constraints["party"]), gate)
            party_role = subject.constraints.get("party_role")
            claim = f"{claim}:{party_key or party_role or 'all'}"
        not_now: dict[str, str] = {}  # holders not in office then, by key: why
        if subject.kind is QuestionKind.ENTITY_ATTRIBUTE and attribute in ATTRIBUTE_ROLES:
            # holders whose office the documents say ended (or began later) are not the
            # value then: "We served as the Company's auditor from 2011 to 2019"
            held, ended = OfficeTenure(collector.document_info).holders(
                store.find_bindings(
                    kb,
                    role=ATTRIBUTE_ROLES[attribute],
                    parent_key=c.subject_id,
                    document_ids=committed,
                ),
                ATTRIBUTE_ROLES[attribute],
                subject.constraints.get("as_of"),
            )
            for b in held:
                units.append(
                    collector.binding_unit(b, c.subject_id, claim, _binding_value(attribute, b))
                )
            for b, why in ended:
                value = _binding_value(attribute, b)
                not_now[b.subject_key] = why
                rejected.append(
                    _not_in_office(
                        evidence_id(b.location, claim, value), value, why, b.location, b.quote
                    )
                )
        found, dropped = collector.collect(
            kb,
            c,
            subject,
            claim,
            committed,
            attribute=attribute,
            party_key=party_key,
            party_role=party_role,
            single_valued=is_single_valued(subject),
        )
        for unit in found:
            why_not = not_now.get(entity_key(unit.value)) if unit.value else None
            if why_not is None:
                units.append(unit)
            else:  # a sentence naming a holder the documents say is not in office then
                rejected.append(
                    _not_in_office(
                        unit.evidence_id,
                        str(unit.value),
                        why_not,
                        unit.source_location,
                        unit.quote,
                    )
                )
        rejected.extend(dropped)
    return _dedupe(units), _dedupe_rejected(rejected)


def _not_in_office(
    evidence_id: str, value: str, why: str, location: SourceLocation, quote: str
) -> RejectedEvidence:
    """Evidence of a holder the documents say is not in office at the question's time."""
    return RejectedEvidence(
        evidence_id=evidence_id, reason=f"{value}: {why}", source_location=location, quote=quote
    )


def _parent_key(subject: SubjectClass, gate: GateResult) -> str:
    if subject.parent_entity:
        wanted = entity_key(subject.parent_entity)
        for e in gate.entities:
            if entity_key(e.query) == wanted:
                return e.key
        return wanted
    agreements = sorted(
        {
            b.attributes.get("agreement_key") or b.parent_key or ""
            for c in gate.candidates
            for b in c.bindings
        }
        - {""}
    )
    return agreements[0] if agreements else "agreement"


def _resolved_key(name: str, gate: GateResult) -> str:
    wanted = entity_key(name)
    for e in gate.entities:
        if entity_key(e.query) == wanted:
            return e.key
    return wanted


def _yes_no_claim(subject: SubjectClass, gate: GateResult) -> str:
    name = entity_key(subject.name or "")
    for e in gate.entities:
        if entity_key(e.query) == name:
            name = e.key
    if subject.attribute == "is_party":
        role = str(subject.constraints.get("party_role") or "party").replace(" ", "_")
        return f"{name}:{role}:{gate.candidates[0].subject_id}"
    return f"{name}:{subject.role}:{_parent_key(subject, gate)}"


def _binding_value(attribute: str, binding: Binding) -> str:
    if attribute == "jurisdiction_of_incorporation":
        return _jurisdiction(binding.subject_name)
    return binding.subject_name


@functools.lru_cache(maxsize=4096)
def _jurisdiction(name: str) -> str:
    """Memoized: copies of a document bind the same names over and over."""
    return normalize_jurisdiction(name) or name


def _dedupe(units: list[EvidenceUnit]) -> list[EvidenceUnit]:
    seen: dict[str, EvidenceUnit] = {}
    for u in units:
        seen.setdefault(u.evidence_id, u)
    return list(seen.values())


def _dedupe_rejected(units: list[RejectedEvidence]) -> list[RejectedEvidence]:
    seen: dict[str, RejectedEvidence] = {}
    for u in units:
        seen.setdefault(u.evidence_id, u)
    return list(seen.values())
