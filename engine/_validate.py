"""Strict validation of the engine's input into frozen records.

Hand-written on plain ``json.loads`` output rather than pydantic: the engine must
stay within a small factor of ``json.loads`` itself (see ``bench/engine.py``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine._errors import ContractError
from engine._json import canonical, member_path
from engine._vocab import Mode, ResolutionPolicy

MAX_BUNDLE_RECORDS = 1000
MIN_INDEPENDENT_SOURCES = 1
MAX_INDEPENDENT_SOURCES = 1000

TOP_FIELDS = (
    "mode",
    "claim_or_condition",
    "evaluation_time",
    "evidence_requirements",
    "evidence_bundle",
    "resolution_policy",
)
TOP_REQUIRED = TOP_FIELDS[:5]
CLAIM_FIELDS = ("id", "expected_value")
REQUIREMENT_FIELDS = (
    "minimum_independent_sources",
    "required_source_types",
    "max_age_seconds",
    "confidence_threshold",
    "require_provenance",
)
RECORD_FIELDS = (
    "id",
    "claim_id",
    "source_id",
    "source_type",
    "observed_at",
    "value",
    "confidence",
    "independence_group",
    "provenance",
)
RECORD_REQUIRED = RECORD_FIELDS[:6]
PROVENANCE_FIELDS = ("reference",)

_RECORD_ALLOWED = frozenset(RECORD_FIELDS)
_MODES = {m.value: m for m in Mode}
_POLICIES = {p.value: p for p in ResolutionPolicy}

Number = int | float


@dataclass(frozen=True, slots=True)
class Requirements:
    """``evidence_requirements``, validated."""

    minimum_independent_sources: int
    required_source_types: tuple[str, ...]
    max_age_seconds: Number
    confidence_threshold: Number
    require_provenance: bool


@dataclass(frozen=True, slots=True)
class Evidence:
    """One bundle record, validated; ``value_key`` is its canonical JSON value."""

    id: str
    claim_id: str
    source_id: str
    source_type: str
    observed_at: datetime
    value_key: object
    confidence: Number | None
    independence_group: str
    has_provenance: bool


@dataclass(frozen=True, slots=True)
class Contract:
    """A whole validated input."""

    mode: Mode
    claim_id: str
    expected_key: object
    evaluation_time: datetime
    requirements: Requirements
    evidence: tuple[Evidence, ...]
    resolution_policy: ResolutionPolicy


def _object(
    value: object, path: str, fields: tuple[str, ...], required: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ContractError(path or "$", f"must be an object (got {_json_type(value)})")
    if len(value) > len(fields) or not value.keys() <= set(fields):
        unknown = sorted((k for k in value if k not in fields), key=str)
        if unknown:
            raise ContractError(member_path(path, unknown[0]), "unknown field")
    for name in required:
        if name not in value:
            raise ContractError(member_path(path, name), "required field missing")
    return value


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _string(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise ContractError(path, f"must be a string (got {_json_type(value)})")
    if not value.strip():
        raise ContractError(path, "must be a non-empty string")
    return value


def _number(value: object, path: str, low: Number, high: Number | None) -> Number:
    # bool is an int subclass in Python but never a JSON number.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ContractError(path, f"must be a number (got {_json_type(value)})")
    if isinstance(value, float) and not math.isfinite(value):
        raise ContractError(path, "must be a finite number")
    if high is None:
        if value < low:
            raise ContractError(path, f"must be at least {low}")
    elif not low <= value <= high:
        raise ContractError(path, f"must be between {low} and {high}")
    return value


def _integer(value: object, path: str, low: int, high: int) -> int:
    number = _number(value, path, low, high)
    if isinstance(number, float):
        # 3.0 is the JSON number 3: accepted, as JSON Schema's "integer" does.
        if not number.is_integer():
            raise ContractError(path, "must be an integer")
        return int(number)
    return number


def _timestamp(value: object, path: str) -> datetime:
    if not isinstance(value, str):
        raise ContractError(path, f"must be an ISO 8601 timestamp string (got {_json_type(value)})")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ContractError(path, "must be an ISO 8601 timestamp") from None
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        raise ContractError(path, "must be an ISO 8601 timestamp with a timezone")
    return parsed


def _choice(value: object, path: str, choices: dict[str, Any]) -> Any:
    if not isinstance(value, str) or value not in choices:
        raise ContractError(path, "must be one of " + ", ".join(choices))
    return choices[value]


def _requirements(value: object) -> Requirements:
    path = "evidence_requirements"
    obj = _object(value, path, REQUIREMENT_FIELDS, REQUIREMENT_FIELDS)
    minimum = _integer(
        obj["minimum_independent_sources"],
        f"{path}.minimum_independent_sources",
        MIN_INDEPENDENT_SOURCES,
        MAX_INDEPENDENT_SOURCES,
    )
    types_path = f"{path}.required_source_types"
    raw_types = obj["required_source_types"]
    if not isinstance(raw_types, list | tuple):
        raise ContractError(
            types_path, f"must be an array of strings (got {_json_type(raw_types)})"
        )
    seen: dict[str, int] = {}
    for i, item in enumerate(raw_types):
        name = _string(item, f"{types_path}[{i}]")
        if name in seen:
            raise ContractError(f"{types_path}[{i}]", f"duplicates {types_path}[{seen[name]}]")
        seen[name] = i
    max_age = _number(obj["max_age_seconds"], f"{path}.max_age_seconds", 0, None)
    threshold = _number(obj["confidence_threshold"], f"{path}.confidence_threshold", 0, 1)
    require_provenance = obj["require_provenance"]
    if not isinstance(require_provenance, bool):
        raise ContractError(
            f"{path}.require_provenance",
            f"must be a boolean (got {_json_type(require_provenance)})",
        )
    return Requirements(minimum, tuple(seen), max_age, threshold, require_provenance)


def _text(value: object, path: str, name: str) -> str:
    # Fast path first: the field path is only built when there is an error to report.
    if type(value) is str and value and not value.isspace():
        return value
    return _string(value, f"{path}.{name}")


def _record(value: object, path: str) -> Evidence:
    if type(value) is not dict or not value.keys() <= _RECORD_ALLOWED:
        _object(value, path, RECORD_FIELDS, RECORD_REQUIRED)
    assert isinstance(value, dict)
    for name in RECORD_REQUIRED:
        if name not in value:
            raise ContractError(f"{path}.{name}", "required field missing")
    evidence_id = _text(value["id"], path, "id")
    claim_id = _text(value["claim_id"], path, "claim_id")
    source_id = _text(value["source_id"], path, "source_id")
    source_type = _text(value["source_type"], path, "source_type")
    raw_time = value["observed_at"]
    observed_at = _fast_timestamp(raw_time)
    if observed_at is None:
        observed_at = _timestamp(raw_time, f"{path}.observed_at")
    raw = value["value"]
    value_key = ("s", raw) if type(raw) is str else canonical(raw, f"{path}.value")
    # An explicit null in an optional field means "absent" (callers serialize None).
    confidence = value.get("confidence")
    if confidence is not None and (type(confidence) is not float or not 0.0 <= confidence <= 1.0):
        confidence = _number(confidence, f"{path}.confidence", 0, 1)
    group = value.get("independence_group")
    group = source_id if group is None else _text(group, path, "independence_group")
    provenance = value.get("provenance")
    if provenance is not None:
        prov_path = f"{path}.provenance"
        prov = _object(provenance, prov_path, PROVENANCE_FIELDS, PROVENANCE_FIELDS)
        _text(prov["reference"], prov_path, "reference")
    return Evidence(
        evidence_id,
        claim_id,
        source_id,
        source_type,
        observed_at,
        value_key,
        confidence,
        group,
        provenance is not None,
    )


def _fast_timestamp(value: object) -> datetime | None:
    """The parsed timestamp when it is valid, else None (the caller reports why)."""
    if type(value) is not str:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.utcoffset() is not None else None


def _bundle(value: object) -> tuple[Evidence, ...]:
    path = "evidence_bundle"
    if not isinstance(value, list | tuple):
        raise ContractError(path, f"must be an array of evidence objects (got {_json_type(value)})")
    if len(value) > MAX_BUNDLE_RECORDS:
        raise ContractError(
            path, f"has {len(value)} records; at most {MAX_BUNDLE_RECORDS} are allowed"
        )
    records = tuple(_record(item, f"{path}[{i}]") for i, item in enumerate(value))
    ids: dict[str, int] = {}
    groups: dict[str, tuple[str, int]] = {}
    for i, record in enumerate(records):
        first = ids.setdefault(record.id, i)
        if first != i:
            raise ContractError(f"{path}[{i}].id", f"duplicates the id of {path}[{first}]")
        declared = groups.setdefault(record.source_id, (record.independence_group, i))
        if declared[0] != record.independence_group:
            raise ContractError(
                f"{path}[{i}].independence_group",
                f"records sharing a source_id must declare the same independence group "
                f"(this record: {_quote(record.independence_group)}, "
                f"{path}[{declared[1]}]: {_quote(declared[0])}; a missing group defaults to the source_id)",
            )
    return records


def _quote(text: str) -> str:
    return json.dumps(text)


def validate(payload: object) -> Contract:
    """Check ``payload`` (the output of ``json.loads``) against the input contract."""
    top = _object(payload, "", TOP_FIELDS, TOP_REQUIRED)
    mode = _choice(top["mode"], "mode", _MODES)
    claim = _object(top["claim_or_condition"], "claim_or_condition", CLAIM_FIELDS, CLAIM_FIELDS)
    claim_id = _string(claim["id"], "claim_or_condition.id")
    expected_key = canonical(claim["expected_value"], "claim_or_condition.expected_value")
    evaluation_time = _timestamp(top["evaluation_time"], "evaluation_time")
    requirements = _requirements(top["evidence_requirements"])
    evidence = _bundle(top["evidence_bundle"])
    raw_policy = top.get("resolution_policy")
    policy = (
        ResolutionPolicy.INSUFFICIENT_ON_CONFLICT
        if raw_policy is None
        else _choice(raw_policy, "resolution_policy", _POLICIES)
    )
    return Contract(mode, claim_id, expected_key, evaluation_time, requirements, evidence, policy)
