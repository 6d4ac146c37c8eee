"""The Agent Evidence Sufficiency Engine v0.1: one claim, JSON in, JSON out.

A pure, deterministic function from an evidence contract to a verdict
(SUPPORTED / CONTRADICTED / INSUFFICIENT). No network, no LLM, no clock.

    >>> from engine import evaluate
    >>> evaluate(payload)["decision"]          # payload: the output of json.loads

Errors: every input error raises ``ContractError(field, reason)`` (a ``ValueError``);
``str(error)`` is one line naming the field path, e.g.
``evidence_bundle[3].confidence: must be between 0 and 1``. Bad JSON is a
``ContractError`` on field ``$``.

Decision reason codes (``ReasonCode``), emitted in this order:
    SUPPORT_MEETS_CONTRACT             only support is eligible and it meets the contract
    CONTRADICTION_MEETS_CONTRACT       the contradiction side meets the contract (CONTRADICTED)
    NO_ELIGIBLE_EVIDENCE               no record is eligible
    MIXED_EVIDENCE                     both sides have eligible records
    CONTRADICTION_VETO                 contradiction_veto policy blocked the support side
    INSUFFICIENT_INDEPENDENT_SOURCES   the deciding side has too few independence groups
    MISSING_REQUIRED_SOURCE_TYPES      the deciding side misses a required source type

Per-record exclusion reasons (``ExclusionReason``), all that apply, in this order:
    CLAIM_MISMATCH, OBSERVED_AFTER_EVALUATION_TIME, STALE, CONFIDENCE_MISSING,
    CONFIDENCE_BELOW_THRESHOLD, PROVENANCE_MISSING

Limitations (also in every output's ``limitations``): ``confidence`` is the minimum
caller-supplied confidence on the decisive side, not a calibrated probability;
provenance checks only that a reference is present; independence declarations
are trusted. See engine/README.md for the full rules and output shape.
"""

from engine._cli import main, render
from engine._decide import LIMITATIONS
from engine._engine import SufficiencyEngine, evaluate, evaluate_json
from engine._errors import ContractError
from engine._json import json_equal, parse_json
from engine._schema import input_schema
from engine._validate import MAX_BUNDLE_RECORDS
from engine._vocab import Decision, ExclusionReason, Mode, ReasonCode, ResolutionPolicy

__all__ = [
    "LIMITATIONS",
    "MAX_BUNDLE_RECORDS",
    "ContractError",
    "Decision",
    "ExclusionReason",
    "Mode",
    "ReasonCode",
    "ResolutionPolicy",
    "SufficiencyEngine",
    "evaluate",
    "evaluate_json",
    "input_schema",
    "json_equal",
    "main",
    "parse_json",
    "render",
]
