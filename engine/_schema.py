"""The JSON Schema (draft 2020-12) of the engine's input."""

from __future__ import annotations

import copy
from typing import Any

from engine._validate import MAX_BUNDLE_RECORDS, MAX_INDEPENDENT_SOURCES, MIN_INDEPENDENT_SOURCES
from engine._vocab import Mode, ResolutionPolicy

_TEXT: dict[str, Any] = {"type": "string", "minLength": 1, "pattern": "\\S"}
_TIMESTAMP: dict[str, Any] = {
    "type": "string",
    "format": "date-time",
    "description": "ISO 8601 date and time with a timezone (offset or Z).",
}
_UNIT: dict[str, Any] = {"type": "number", "minimum": 0, "maximum": 1}

_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Agent Evidence Sufficiency Engine v0.1 input",
    "description": (
        "One claim and its evidence bundle. Unknown fields are rejected everywhere. "
        "Not expressible here and also enforced: evidence ids are unique; records "
        "sharing a source_id declare the same independence_group (a missing one "
        "defaults to the source_id); NaN and Infinity are rejected; a null optional "
        "field counts as absent."
    ),
    "type": "object",
    "additionalProperties": False,
    "required": [
        "mode",
        "claim_or_condition",
        "evaluation_time",
        "evidence_requirements",
        "evidence_bundle",
    ],
    "properties": {
        "mode": {
            "enum": [m.value for m in Mode],
            "description": "Workflow label; the rules are identical for every mode.",
        },
        "claim_or_condition": {
            "type": "object",
            "additionalProperties": False,
            "required": ["id", "expected_value"],
            "properties": {
                "id": _TEXT,
                "expected_value": {"description": "Any JSON value; compared strictly."},
            },
        },
        "evaluation_time": _TIMESTAMP,
        "evidence_requirements": {
            "type": "object",
            "additionalProperties": False,
            "required": [
                "minimum_independent_sources",
                "required_source_types",
                "max_age_seconds",
                "confidence_threshold",
                "require_provenance",
            ],
            "properties": {
                "minimum_independent_sources": {
                    "type": "integer",
                    "minimum": MIN_INDEPENDENT_SOURCES,
                    "maximum": MAX_INDEPENDENT_SOURCES,
                },
                "required_source_types": {"type": "array", "uniqueItems": True, "items": _TEXT},
                "max_age_seconds": {"type": "number", "minimum": 0},
                "confidence_threshold": _UNIT,
                "require_provenance": {"type": "boolean"},
            },
        },
        "evidence_bundle": {
            "type": "array",
            "maxItems": MAX_BUNDLE_RECORDS,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "claim_id", "source_id", "source_type", "observed_at", "value"],
                "properties": {
                    "id": _TEXT,
                    "claim_id": _TEXT,
                    "source_id": _TEXT,
                    "source_type": _TEXT,
                    "observed_at": _TIMESTAMP,
                    "value": {"description": "Any JSON value."},
                    "confidence": {
                        "type": ["number", "null"],
                        "minimum": 0,
                        "maximum": 1,
                        "description": "Caller-supplied; a record without one is excluded.",
                    },
                    "independence_group": {
                        "anyOf": [_TEXT, {"type": "null"}],
                        "description": "Defaults to source_id.",
                    },
                    "provenance": {
                        "anyOf": [
                            {
                                "type": "object",
                                "additionalProperties": False,
                                "required": ["reference"],
                                "properties": {"reference": _TEXT},
                            },
                            {"type": "null"},
                        ]
                    },
                },
            },
        },
        "resolution_policy": {
            "enum": [p.value for p in ResolutionPolicy],
            "default": ResolutionPolicy.INSUFFICIENT_ON_CONFLICT.value,
        },
    },
}


def input_schema() -> dict[str, Any]:
    """The JSON Schema of the engine's input (a fresh copy)."""
    return copy.deepcopy(_SCHEMA)
