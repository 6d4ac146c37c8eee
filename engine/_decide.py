"""The sufficiency rules: eligibility, sides, decision, and the output document."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction
from typing import Any

from engine._validate import Contract, Evidence, Number, Requirements
from engine._vocab import Decision, ExclusionReason, ReasonCode, ResolutionPolicy

_MICROSECOND = timedelta(microseconds=1)
_US_PER_S = 1_000_000

LIMITATIONS = (
    "confidence is the minimum caller-supplied confidence on the decisive side; "
    "it is not a calibrated probability",
    "provenance checks only that a non-empty reference is present; "
    "the reference itself is not verified",
    "independence groups are trusted as declared by the caller; "
    "records without one count as independent per source_id",
)


def _seconds(microseconds: int) -> Number:
    whole, rest = divmod(microseconds, _US_PER_S)
    return whole if rest == 0 else microseconds / _US_PER_S


class _Side:
    """Eligible records on one side (support or contradiction)."""

    __slots__ = ("records",)

    def __init__(self) -> None:
        self.records: list[Evidence] = []

    def summary(self, requirements: Requirements) -> tuple[dict[str, Any], bool, list[ReasonCode]]:
        groups = sorted({r.independence_group for r in self.records})
        covered = sorted({r.source_type for r in self.records})
        covered_set = set(covered)
        missing = sorted(t for t in requirements.required_source_types if t not in covered_set)
        shortfall: list[ReasonCode] = []
        if len(groups) < requirements.minimum_independent_sources:
            shortfall.append(ReasonCode.INSUFFICIENT_INDEPENDENT_SOURCES)
        if missing:
            shortfall.append(ReasonCode.MISSING_REQUIRED_SOURCE_TYPES)
        meets = not shortfall
        details = {
            "evidence_ids": [r.id for r in self.records],
            "independence_groups": groups,
            "independent_source_count": len(groups),
            "source_types_covered": covered,
            "source_types_missing": missing,
            "meets_contract": meets,
        }
        return details, meets, shortfall

    def min_confidence(self) -> Number:
        # Every eligible record has a confidence: a missing one excludes it.
        return min(r.confidence for r in self.records if r.confidence is not None)


def decide(contract: Contract) -> dict[str, Any]:
    """Apply the rules to a validated contract and build the output document."""
    req = contract.requirements
    evaluation_time = contract.evaluation_time
    max_age = req.max_age_seconds
    max_age_us: int | Fraction = (
        max_age * _US_PER_S if isinstance(max_age, int) else Fraction(max_age) * _US_PER_S
    )
    threshold = req.confidence_threshold
    support, contradiction = _Side(), _Side()
    excluded: list[dict[str, Any]] = []
    ages: list[tuple[int, str]] = []
    provenance: list[dict[str, Any]] = []
    missing_provenance = 0

    for record in sorted(contract.evidence, key=_by_id):
        reasons: list[str] = []
        if record.claim_id != contract.claim_id:
            reasons.append(ExclusionReason.CLAIM_MISMATCH.value)
        age_us = (evaluation_time - record.observed_at) // _MICROSECOND
        if age_us < 0:
            reasons.append(ExclusionReason.OBSERVED_AFTER_EVALUATION_TIME.value)
        elif age_us > max_age_us:
            reasons.append(ExclusionReason.STALE.value)
        if record.confidence is None:
            reasons.append(ExclusionReason.CONFIDENCE_MISSING.value)
        elif record.confidence < threshold:
            reasons.append(ExclusionReason.CONFIDENCE_BELOW_THRESHOLD.value)
        if not record.has_provenance:
            missing_provenance += 1
            if req.require_provenance:
                reasons.append(ExclusionReason.PROVENANCE_MISSING.value)
        provenance.append({"id": record.id, "present": record.has_provenance})
        if reasons:
            excluded.append({"id": record.id, "reasons": reasons})
            continue
        ages.append((age_us, record.id))
        side = support if record.value_key == contract.expected_key else contradiction
        side.records.append(record)

    support_details, support_meets, support_short = support.summary(req)
    contra_details, contra_meets, contra_short = contradiction.summary(req)
    mixed = bool(support.records) and bool(contradiction.records)
    policy = contract.resolution_policy

    codes: list[ReasonCode] = []
    decision = Decision.INSUFFICIENT
    decisive: _Side | None = None
    if not support.records and not contradiction.records:
        codes.append(ReasonCode.NO_ELIGIBLE_EVIDENCE)
    elif not mixed:
        meets, short, side = (
            (support_meets, support_short, support)
            if support.records
            else (contra_meets, contra_short, contradiction)
        )
        if meets:
            is_support = side is support
            decision = Decision.SUPPORTED if is_support else Decision.CONTRADICTED
            codes.append(
                ReasonCode.SUPPORT_MEETS_CONTRACT
                if is_support
                else ReasonCode.CONTRADICTION_MEETS_CONTRACT
            )
            decisive = side
        else:
            codes.extend(short)
    elif policy is ResolutionPolicy.INSUFFICIENT_ON_CONFLICT:
        codes.append(ReasonCode.MIXED_EVIDENCE)
    else:
        # contradiction_veto: any eligible contradiction blocks support; CONTRADICTED
        # still needs the full contract on the contradiction side.
        codes.extend((ReasonCode.MIXED_EVIDENCE, ReasonCode.CONTRADICTION_VETO))
        if contra_meets:
            decision = Decision.CONTRADICTED
            codes.append(ReasonCode.CONTRADICTION_MEETS_CONTRACT)
            decisive = contradiction
        else:
            codes.extend(contra_short)

    order = list(ReasonCode)
    codes.sort(key=order.index)
    return {
        "decision": decision.value,
        "reason_codes": [c.value for c in codes],
        "resolution_details": {
            "policy": policy.value,
            "mixed": mixed,
            "minimum_independent_sources": req.minimum_independent_sources,
            "required_source_types": sorted(req.required_source_types),
            "support": support_details,
            "contradiction": contra_details,
        },
        "confidence": decisive.min_confidence() if decisive is not None else None,
        "mode": contract.mode.value,
        "claim_id": contract.claim_id,
        "excluded_evidence": excluded,
        "freshness": {
            "max_age_seconds": max_age,
            # ages is in id order already; ties on age go to the smallest id.
            "records": [_age_entry(entry) for entry in ages],
            "oldest": _age_entry(min(ages, key=_oldest_first)) if ages else None,
            "newest": _age_entry(min(ages)) if ages else None,
        },
        "provenance": {
            "required": req.require_provenance,
            "present_count": len(provenance) - missing_provenance,
            "missing_count": missing_provenance,
            "records": provenance,
        },
        "limitations": list(LIMITATIONS),
    }


def _by_id(record: Evidence) -> str:
    return record.id


def _oldest_first(entry: tuple[int, str]) -> tuple[int, str]:
    return -entry[0], entry[1]


def _age_entry(entry: tuple[int, str]) -> dict[str, Any]:
    return {"id": entry[1], "age_seconds": _seconds(entry[0])}
