"""Builders of engine inputs for the tests (plain dicts, as json.loads gives them)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"

EVALUATION_TIME = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
CLAIM = "claim-1"

_UNSET: Any = object()
OMIT: Any = object()  # pass as a field's value to leave the field out


def observed(age_seconds: float) -> str:
    """An ``observed_at`` that is ``age_seconds`` before the evaluation time."""
    return (EVALUATION_TIME - timedelta(seconds=age_seconds)).isoformat()


def record(
    evidence_id: str,
    *,
    value: Any = True,
    source_id: str | None = None,
    source_type: str = "carrier_scan",
    age: float = 60,
    confidence: Any = 0.9,
    group: Any = _UNSET,
    provenance: Any = _UNSET,
    claim_id: str = CLAIM,
) -> dict[str, Any]:
    """One evidence record; its own source and group unless told otherwise."""
    rec: dict[str, Any] = {
        "id": evidence_id,
        "claim_id": claim_id,
        "source_id": source_id or f"src-{evidence_id}",
        "source_type": source_type,
        "observed_at": observed(age),
        "value": value,
    }
    if confidence is not OMIT:
        rec["confidence"] = confidence
    if group is not _UNSET:
        rec["independence_group"] = group
    if provenance is _UNSET:
        rec["provenance"] = {"reference": f"doc://{evidence_id}"}
    elif provenance is not OMIT:
        rec["provenance"] = provenance
    return rec


def contract(
    records: list[dict[str, Any]],
    *,
    expected: Any = True,
    minimum: Any = 1,
    types: list[str] | None = None,
    max_age: Any = 3600,
    threshold: Any = 0.5,
    require_provenance: Any = False,
    policy: Any = _UNSET,
    mode: str = "claim",
) -> dict[str, Any]:
    """A whole input around ``records``."""
    payload: dict[str, Any] = {
        "mode": mode,
        "claim_or_condition": {"id": CLAIM, "expected_value": expected},
        "evaluation_time": EVALUATION_TIME.isoformat(),
        "evidence_requirements": {
            "minimum_independent_sources": minimum,
            "required_source_types": types if types is not None else [],
            "max_age_seconds": max_age,
            "confidence_threshold": threshold,
            "require_provenance": require_provenance,
        },
        "evidence_bundle": records,
    }
    if policy is not _UNSET:
        payload["resolution_policy"] = policy
    return payload
