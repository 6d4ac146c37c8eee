"""Every input error: rejected with a one-line reason naming the field, no verdict."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Any

import pytest

from engine import ContractError, evaluate, parse_json
from tests.engine._engine_inputs import contract, record

Mutation = Callable[[dict[str, Any]], Any]


def base() -> dict[str, Any]:
    return contract(
        [record("a", group="g"), record("b", source_id="s2")],
        minimum=1,
        types=["carrier_scan"],
        policy="insufficient_on_conflict",
    )


def set_(path: str, value: Any) -> Mutation:
    """Set a dotted path (list indexes as numbers) to ``value``."""

    def apply(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return apply


def drop(path: str) -> Mutation:
    def apply(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        del target[last]

    return apply


def many_records(count: int) -> Mutation:
    def apply(doc: dict[str, Any]) -> None:
        doc["evidence_bundle"] = [record(f"r{i}") for i in range(count)]

    return apply


R = "evidence_requirements"
B = "evidence_bundle"

ERRORS: list[tuple[str, Mutation, str, str]] = [
    # (case id, mutation, field named, words of the reason)
    ("unknown top field", set_("colour", "red"), "colour", "unknown field"),
    ("odd unknown key", set_("bad key\n", 1), '["bad key\\n"]', "unknown field"),
    ("mode missing", drop("mode"), "mode", "required"),
    ("claim missing", drop("claim_or_condition"), "claim_or_condition", "required"),
    ("time missing", drop("evaluation_time"), "evaluation_time", "required"),
    ("requirements missing", drop(R), R, "required"),
    ("bundle missing", drop(B), B, "required"),
    ("mode unknown", set_("mode", "Claim"), "mode", "must be one of"),
    ("mode not string", set_("mode", 1), "mode", "must be one of"),
    ("mode null", set_("mode", None), "mode", "must be one of"),
    ("claim not object", set_("claim_or_condition", "c"), "claim_or_condition", "object"),
    ("claim unknown", set_("claim_or_condition.note", 1), "claim_or_condition.note", "unknown"),
    ("claim id missing", drop("claim_or_condition.id"), "claim_or_condition.id", "required"),
    ("claim id empty", set_("claim_or_condition.id", ""), "claim_or_condition.id", "non-empty"),
    ("claim id blank", set_("claim_or_condition.id", "  "), "claim_or_condition.id", "non-empty"),
    ("claim id number", set_("claim_or_condition.id", 7), "claim_or_condition.id", "string"),
    (
        "expected missing",
        drop("claim_or_condition.expected_value"),
        "claim_or_condition.expected_value",
        "required",
    ),
    (
        "expected NaN",
        set_("claim_or_condition.expected_value", math.nan),
        "claim_or_condition.expected_value",
        "finite",
    ),
    (
        "expected nested inf",
        set_("claim_or_condition.expected_value", {"a": [1, math.inf]}),
        "claim_or_condition.expected_value.a[1]",
        "finite",
    ),
    (
        "expected not JSON",
        set_("claim_or_condition.expected_value", {1, 2}),
        "claim_or_condition.expected_value",
        "not a JSON value",
    ),
    (
        "expected non-string key",
        set_("claim_or_condition.expected_value", {1: 2}),
        "claim_or_condition.expected_value",
        "keys must be strings",
    ),
    ("time naive", set_("evaluation_time", "2026-03-02T12:00:00"), "evaluation_time", "timezone"),
    ("time date only", set_("evaluation_time", "2026-03-02"), "evaluation_time", "timezone"),
    ("time garbage", set_("evaluation_time", "yesterday"), "evaluation_time", "ISO 8601"),
    ("time number", set_("evaluation_time", 1772452800), "evaluation_time", "string"),
    ("time empty", set_("evaluation_time", ""), "evaluation_time", "ISO 8601"),
    ("requirements not object", set_(R, []), R, "object"),
    ("requirements unknown", set_(f"{R}.strict", True), f"{R}.strict", "unknown"),
    *[
        (f"requirement {name} missing", drop(f"{R}.{name}"), f"{R}.{name}", "required")
        for name in (
            "minimum_independent_sources",
            "required_source_types",
            "max_age_seconds",
            "confidence_threshold",
            "require_provenance",
        )
    ],
    *[
        (
            f"minimum {value!r}",
            set_(f"{R}.minimum_independent_sources", value),
            f"{R}.minimum_independent_sources",
            reason,
        )
        for value, reason in [
            (0, "between 1 and 1000"),
            (1001, "between 1 and 1000"),
            (-1, "between 1 and 1000"),
            (True, "number"),
            (1.5, "integer"),
            ("2", "number"),
            (None, "number"),
        ]
    ],
    (
        "types not array",
        set_(f"{R}.required_source_types", "a"),
        f"{R}.required_source_types",
        "array",
    ),
    (
        "types duplicate",
        set_(f"{R}.required_source_types", ["a", "b", "a"]),
        f"{R}.required_source_types[2]",
        "duplicates",
    ),
    (
        "types non-string",
        set_(f"{R}.required_source_types", ["a", 3]),
        f"{R}.required_source_types[1]",
        "string",
    ),
    (
        "types empty string",
        set_(f"{R}.required_source_types", [""]),
        f"{R}.required_source_types[0]",
        "non-empty",
    ),
    *[
        (f"max age {value!r}", set_(f"{R}.max_age_seconds", value), f"{R}.max_age_seconds", reason)
        for value, reason in [
            (-1, "at least 0"),
            (-0.5, "at least 0"),
            (True, "number"),
            ("10", "number"),
            (math.inf, "finite"),
            (None, "number"),
        ]
    ],
    *[
        (
            f"threshold {value!r}",
            set_(f"{R}.confidence_threshold", value),
            f"{R}.confidence_threshold",
            reason,
        )
        for value, reason in [
            (1.01, "between 0 and 1"),
            (-0.1, "between 0 and 1"),
            (2, "between 0 and 1"),
            (True, "number"),
            (None, "number"),
            (math.nan, "finite"),
        ]
    ],
    *[
        (
            f"require_provenance {value!r}",
            set_(f"{R}.require_provenance", value),
            f"{R}.require_provenance",
            "boolean",
        )
        for value in ("yes", 1, 0, None)
    ],
    ("bundle not array", set_(B, {}), B, "array"),
    ("bundle of 1001", many_records(1001), B, "at most 1000"),
    ("record not object", set_(f"{B}.1", "ev"), f"{B}[1]", "object"),
    ("record unknown", set_(f"{B}.1.weight", 1), f"{B}[1].weight", "unknown"),
    *[
        (f"record {name} missing", drop(f"{B}.1.{name}"), f"{B}[1].{name}", "required")
        for name in ("id", "claim_id", "source_id", "source_type", "observed_at", "value")
    ],
    *[
        (f"record {name} {value!r}", set_(f"{B}.1.{name}", value), f"{B}[1].{name}", reason)
        for name in ("id", "claim_id", "source_id", "source_type")
        for value, reason in [("", "non-empty"), (5, "string"), (None, "string"), (["x"], "string")]
    ],
    (
        "duplicate id",
        set_(f"{B}.1.id", "a"),
        f"{B}[1].id",
        "duplicates the id of evidence_bundle[0]",
    ),
    (
        "observed naive",
        set_(f"{B}.0.observed_at", "2026-03-02T11:00:00"),
        f"{B}[0].observed_at",
        "timezone",
    ),
    (
        "observed garbage",
        set_(f"{B}.0.observed_at", "2026-13-02T11:00:00Z"),
        f"{B}[0].observed_at",
        "ISO 8601",
    ),
    ("observed number", set_(f"{B}.0.observed_at", 5), f"{B}[0].observed_at", "string"),
    ("value NaN", set_(f"{B}.0.value", math.nan), f"{B}[0].value", "finite"),
    ("value nested", set_(f"{B}.0.value", [{"k": math.inf}]), f"{B}[0].value[0].k", "finite"),
    ("value bytes", set_(f"{B}.0.value", b"x"), f"{B}[0].value", "not a JSON value"),
    *[
        (f"confidence {value!r}", set_(f"{B}.0.confidence", value), f"{B}[0].confidence", reason)
        for value, reason in [
            (1.5, "between 0 and 1"),
            (-0.01, "between 0 and 1"),
            (True, "number"),
            (False, "number"),
            ("0.9", "number"),
            (math.nan, "finite"),
            ([0.9], "number"),
        ]
    ],
    *[
        (
            f"group {value!r}",
            set_(f"{B}.0.independence_group", value),
            f"{B}[0].independence_group",
            reason,
        )
        for value, reason in [("", "non-empty"), (5, "string"), ({"g": 1}, "string")]
    ],
    ("provenance string", set_(f"{B}.0.provenance", "doc://1"), f"{B}[0].provenance", "object"),
    (
        "provenance empty object",
        set_(f"{B}.0.provenance", {}),
        f"{B}[0].provenance.reference",
        "required",
    ),
    (
        "provenance empty ref",
        set_(f"{B}.0.provenance", {"reference": ""}),
        f"{B}[0].provenance.reference",
        "non-empty",
    ),
    (
        "provenance blank ref",
        set_(f"{B}.0.provenance", {"reference": " \t"}),
        f"{B}[0].provenance.reference",
        "non-empty",
    ),
    (
        "provenance ref number",
        set_(f"{B}.0.provenance", {"reference": 3}),
        f"{B}[0].provenance.reference",
        "string",
    ),
    (
        "provenance unknown",
        set_(f"{B}.0.provenance", {"reference": "x", "page": 2}),
        f"{B}[0].provenance.page",
        "unknown",
    ),
    ("policy unknown", set_("resolution_policy", "veto"), "resolution_policy", "must be one of"),
    ("policy number", set_("resolution_policy", 1), "resolution_policy", "must be one of"),
]


def _group_conflict(doc: dict[str, Any]) -> None:
    doc[B][1]["source_id"] = doc[B][0]["source_id"]  # record 0 declares group "g"


def _group_conflict_with_default(doc: dict[str, Any]) -> None:
    doc[B][0].pop("independence_group")
    doc[B][1]["source_id"] = doc[B][0]["source_id"]
    doc[B][1]["independence_group"] = "elsewhere"


ERRORS += [
    ("group conflict", _group_conflict, f"{B}[1].independence_group", "same independence group"),
    (
        "group conflict with default",
        _group_conflict_with_default,
        f"{B}[1].independence_group",
        "same independence group",
    ),
]


@pytest.mark.parametrize(
    ("mutation", "field", "reason"),
    [pytest.param(m, f, r, id=i) for i, m, f, r in ERRORS],
)
def test_input_error_names_the_field(mutation: Mutation, field: str, reason: str) -> None:
    payload = base()
    evaluate(copy.deepcopy(payload))  # the base itself is valid
    mutation(payload)
    with pytest.raises(ContractError) as info:
        evaluate(payload)
    error = info.value
    assert error.field == field
    assert reason in error.reason
    message = str(error)
    assert message == f"{field}: {error.reason}"
    assert "\n" not in message


@pytest.mark.parametrize("payload", [[], "x", 3, None, True])
def test_document_must_be_an_object(payload: Any) -> None:
    with pytest.raises(ContractError) as info:
        evaluate(payload)
    assert info.value.field == "$"


def test_first_error_in_document_order_is_reported() -> None:
    payload = base()
    payload["mode"] = "nope"
    payload[B][0]["confidence"] = 7
    with pytest.raises(ContractError) as info:
        evaluate(payload)
    assert info.value.field == "mode"


def test_same_source_same_group_is_fine() -> None:
    payload = base()
    payload[B][1]["source_id"] = payload[B][0]["source_id"]
    payload[B][1]["independence_group"] = "g"
    assert evaluate(payload)["decision"] == "SUPPORTED"


BAD_JSON = [
    ("empty", b"", "Expecting value"),
    ("truncated", b'{"mode": ', "Expecting value"),
    ("NaN literal", b'{"mode": NaN}', "NaN is not a JSON value"),
    ("Infinity literal", b'{"mode": -Infinity}', "-Infinity is not a JSON value"),
    ("duplicate key", b'{"mode": "claim", "mode": "trigger"}', 'duplicate object key "mode"'),
    ("not UTF-8", b'{"mode": "\xff"}', "not UTF-8"),
    ("trailing data", b"{} {}", "Extra data"),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("huge integer", b"1" * 5000, "invalid JSON"),
]


@pytest.mark.parametrize(("data", "reason"), [pytest.param(d, r, id=i) for i, d, r in BAD_JSON])
def test_bad_json_is_an_input_error(data: bytes, reason: str) -> None:
    with pytest.raises(ContractError) as info:
        parse_json(data)
    assert info.value.field == "$"
    assert reason in info.value.reason
    assert "\n" not in str(info.value)


def test_overflowing_float_is_rejected_as_not_finite() -> None:
    payload = base()
    text = json.dumps(payload).replace('"expected_value": true', '"expected_value": 1e400')
    with pytest.raises(ContractError) as info:
        evaluate(parse_json(text))
    assert info.value.field == "claim_or_condition.expected_value"


def test_bom_and_text_input_are_accepted() -> None:
    text = json.dumps(base())
    assert parse_json(text) == parse_json(b"\xef\xbb\xbf" + text.encode())


def test_deeply_nested_value_is_an_input_error() -> None:
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    payload = base()
    payload[B][0]["value"] = deep
    with pytest.raises(ContractError) as info:
        evaluate(payload)
    assert info.value.field.startswith(f"{B}[0].value")
    assert "nested too deeply" in info.value.reason
