"""Closed vocabularies of the engine's input and output."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """Workflow label of the evaluation; the rules are identical for all four."""

    PRECONDITION = "precondition"
    TRIGGER = "trigger"
    CLAIM = "claim"
    OUTCOME = "outcome"


class ResolutionPolicy(StrEnum):
    """What mixed eligible evidence (support and contradiction) leads to."""

    INSUFFICIENT_ON_CONFLICT = "insufficient_on_conflict"
    CONTRADICTION_VETO = "contradiction_veto"


class Decision(StrEnum):
    """The verdict."""

    SUPPORTED = "SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    INSUFFICIENT = "INSUFFICIENT"


class ReasonCode(StrEnum):
    """Why the decision was reached; emitted in this declaration order."""

    SUPPORT_MEETS_CONTRACT = "SUPPORT_MEETS_CONTRACT"
    CONTRADICTION_MEETS_CONTRACT = "CONTRADICTION_MEETS_CONTRACT"
    NO_ELIGIBLE_EVIDENCE = "NO_ELIGIBLE_EVIDENCE"
    MIXED_EVIDENCE = "MIXED_EVIDENCE"
    CONTRADICTION_VETO = "CONTRADICTION_VETO"
    INSUFFICIENT_INDEPENDENT_SOURCES = "INSUFFICIENT_INDEPENDENT_SOURCES"
    MISSING_REQUIRED_SOURCE_TYPES = "MISSING_REQUIRED_SOURCE_TYPES"


class ExclusionReason(StrEnum):
    """Why one evidence record is not eligible; emitted in this declaration order."""

    CLAIM_MISMATCH = "CLAIM_MISMATCH"
    OBSERVED_AFTER_EVALUATION_TIME = "OBSERVED_AFTER_EVALUATION_TIME"
    STALE = "STALE"
    CONFIDENCE_MISSING = "CONFIDENCE_MISSING"
    CONFIDENCE_BELOW_THRESHOLD = "CONFIDENCE_BELOW_THRESHOLD"
    PROVENANCE_MISSING = "PROVENANCE_MISSING"
