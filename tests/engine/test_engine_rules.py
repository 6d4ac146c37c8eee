"""Every rule and boundary of the sufficiency engine."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import ContractError, evaluate, json_equal, render
from tests.engine._engine_inputs import CLAIM, EXAMPLES, OMIT, contract, observed, record


def decide(payload: dict[str, Any]) -> dict[str, Any]:
    return evaluate(json.loads(json.dumps(payload)))


# --- the four example files -------------------------------------------------------

EXAMPLE_DECISIONS = [
    ("input.json", "SUPPORTED", ["SUPPORT_MEETS_CONTRACT"]),
    (
        "input_receiver_removed.json",
        "INSUFFICIENT",
        ["INSUFFICIENT_INDEPENDENT_SOURCES", "MISSING_REQUIRED_SOURCE_TYPES"],
    ),
    ("input_receiver_false.json", "INSUFFICIENT", ["MIXED_EVIDENCE"]),
    ("input_both_false.json", "CONTRADICTED", ["CONTRADICTION_MEETS_CONTRACT"]),
]


@pytest.mark.parametrize(("name", "decision", "codes"), EXAMPLE_DECISIONS)
def test_examples(name: str, decision: str, codes: list[str]) -> None:
    result = evaluate(json.loads((EXAMPLES / name).read_text()))
    assert result["decision"] == decision
    assert result["reason_codes"] == codes
    assert result["excluded_evidence"] == []


def test_example_supported_is_fresh_with_provenance_and_independent() -> None:
    result = evaluate(json.loads((EXAMPLES / "input.json").read_text()))
    support = result["resolution_details"]["support"]
    assert support["independent_source_count"] == 2
    assert support["source_types_missing"] == []
    assert result["provenance"]["missing_count"] == 0
    assert result["confidence"] == 0.9


# --- eligibility boundaries ---------------------------------------------------------


@pytest.mark.parametrize(
    ("max_age", "age", "eligible"),
    [
        (3600, 3600, True),
        (3600, 3601, False),
        (3600, 3600.000001, False),
        (0, 0, True),
        (0, 0.000001, False),
        (10.5, 10.5, True),
        (10.5, 10.500001, False),
    ],
)
def test_age_boundary(max_age: float, age: float, eligible: bool) -> None:
    result = decide(contract([record("a", age=age)], max_age=max_age))
    assert (result["decision"] == "SUPPORTED") is eligible
    if not eligible:
        assert result["excluded_evidence"] == [{"id": "a", "reasons": ["STALE"]}]
    else:
        assert result["freshness"]["records"] == [{"id": "a", "age_seconds": age}]


def test_observed_exactly_at_evaluation_time_is_eligible() -> None:
    assert decide(contract([record("a", age=0)]))["decision"] == "SUPPORTED"


@pytest.mark.parametrize("age", [-1, -0.000001, -86400])
def test_observed_after_evaluation_time_is_excluded(age: float) -> None:
    result = decide(contract([record("a", age=age)], max_age=10**9))
    assert result["excluded_evidence"] == [
        {"id": "a", "reasons": ["OBSERVED_AFTER_EVALUATION_TIME"]}
    ]
    assert result["decision"] == "INSUFFICIENT"


def test_timezone_offsets_are_honoured() -> None:
    # 13:00+01:00 is 12:00Z: exactly the evaluation time, age 0.
    rec = record("a")
    rec["observed_at"] = "2026-03-02T13:00:00+01:00"
    assert decide(contract([rec], max_age=0))["freshness"]["records"] == [
        {"id": "a", "age_seconds": 0}
    ]
    rec["observed_at"] = "2026-03-02T13:00:01+01:00"
    assert decide(contract([rec], max_age=0))["excluded_evidence"][0]["reasons"] == [
        "OBSERVED_AFTER_EVALUATION_TIME"
    ]


@pytest.mark.parametrize(
    ("threshold", "confidence", "reasons"),
    [
        (0.8, 0.8, []),
        (0.8, 0.7999999, ["CONFIDENCE_BELOW_THRESHOLD"]),
        (0, 0, []),
        (1, 1, []),
        (1, 0.9999, ["CONFIDENCE_BELOW_THRESHOLD"]),
        (0.5, None, ["CONFIDENCE_MISSING"]),
        (0, OMIT, ["CONFIDENCE_MISSING"]),
    ],
)
def test_confidence_boundary(threshold: float, confidence: Any, reasons: list[str]) -> None:
    result = decide(contract([record("a", confidence=confidence)], threshold=threshold))
    if reasons:
        assert result["excluded_evidence"] == [{"id": "a", "reasons": reasons}]
        assert result["decision"] == "INSUFFICIENT"
    else:
        assert result["excluded_evidence"] == []
        assert result["decision"] == "SUPPORTED"
        assert result["confidence"] == confidence


@pytest.mark.parametrize("provenance", [OMIT, None])
def test_provenance_required(provenance: Any) -> None:
    rec = record("a", provenance=provenance)
    required = decide(contract([rec], require_provenance=True))
    assert required["excluded_evidence"] == [{"id": "a", "reasons": ["PROVENANCE_MISSING"]}]
    assert required["provenance"] == {
        "required": True,
        "present_count": 0,
        "missing_count": 1,
        "records": [{"id": "a", "present": False}],
    }
    optional = decide(contract([rec], require_provenance=False))
    assert optional["decision"] == "SUPPORTED"
    assert optional["provenance"]["records"] == [{"id": "a", "present": False}]


def test_claim_mismatch_is_excluded() -> None:
    result = decide(contract([record("a", claim_id="another-claim")]))
    assert result["excluded_evidence"] == [{"id": "a", "reasons": ["CLAIM_MISMATCH"]}]
    assert result["reason_codes"] == ["NO_ELIGIBLE_EVIDENCE"]


def test_every_reason_of_an_excluded_record_is_reported_in_order() -> None:
    rec = record(
        "a", claim_id="x", age=-5, confidence=OMIT, provenance=OMIT
    )  # future, so not also stale
    stale = record("b", claim_id="x", age=99999, confidence=0.1, provenance=OMIT)
    result = decide(contract([stale, rec], require_provenance=True))
    assert result["excluded_evidence"] == [
        {
            "id": "a",
            "reasons": [
                "CLAIM_MISMATCH",
                "OBSERVED_AFTER_EVALUATION_TIME",
                "CONFIDENCE_MISSING",
                "PROVENANCE_MISSING",
            ],
        },
        {
            "id": "b",
            "reasons": [
                "CLAIM_MISMATCH",
                "STALE",
                "CONFIDENCE_BELOW_THRESHOLD",
                "PROVENANCE_MISSING",
            ],
        },
    ]


def test_empty_bundle_is_insufficient() -> None:
    result = decide(contract([]))
    assert result["decision"] == "INSUFFICIENT"
    assert result["reason_codes"] == ["NO_ELIGIBLE_EVIDENCE"]
    assert result["confidence"] is None
    assert result["freshness"]["oldest"] is None
    assert result["freshness"]["newest"] is None


# --- strict JSON equality -------------------------------------------------------------

EQUALITY = [
    (True, True, True),
    (True, 1, False),
    (True, "true", False),
    (1, "1", False),
    (False, 0, False),
    (None, False, False),
    (None, None, True),
    (3, 3.0, True),
    (0, -0.0, True),
    (0.1, 0.1, True),
    (2**53 + 1, float(2**53), False),
    ("é", "é", True),
    ("a", "A", False),
    ({"a": 1, "b": 2}, {"b": 2, "a": 1}, True),
    ({"a": 1}, {"a": 1, "b": None}, False),
    ({"a": [1, {"b": 1.0}]}, {"a": [1, {"b": 1}]}, True),
    ([1, 2], [2, 1], False),
    ([1, 2], [1, 2], True),
    ([], {}, False),
    ([True], [1], False),
]


@pytest.mark.parametrize(("expected", "value", "equal"), EQUALITY)
def test_strict_json_equality(expected: Any, value: Any, equal: bool) -> None:
    assert json_equal(expected, value) is equal
    result = decide(contract([record("a", value=value)], expected=expected))
    assert result["decision"] == ("SUPPORTED" if equal else "CONTRADICTED")


# --- counting and coverage --------------------------------------------------------------


def test_counting_is_by_independence_group_not_record() -> None:
    records = [record("a", group="g1"), record("b", group="g1"), record("c", group="g1")]
    result = decide(contract(records, minimum=2))
    assert result["decision"] == "INSUFFICIENT"
    assert result["reason_codes"] == ["INSUFFICIENT_INDEPENDENT_SOURCES"]
    support = result["resolution_details"]["support"]
    assert support["independence_groups"] == ["g1"]
    assert support["independent_source_count"] == 1
    records.append(record("d", group="g2"))
    assert decide(contract(records, minimum=2))["decision"] == "SUPPORTED"


def test_missing_group_defaults_to_source_id() -> None:
    records = [
        record("a", source_id="s1"),
        record("b", source_id="s1"),
        record("c", source_id="s2"),
    ]
    support = decide(contract(records, minimum=2))["resolution_details"]["support"]
    assert support["independence_groups"] == ["s1", "s2"]
    explicit_null = [record("a", source_id="s1", group=None), record("b", source_id="s1")]
    assert decide(contract(explicit_null))["resolution_details"]["support"][
        "independence_groups"
    ] == ["s1"]


def test_two_sources_may_share_a_group() -> None:
    records = [record("a", source_id="s1", group="g"), record("b", source_id="s2", group="g")]
    assert decide(contract(records, minimum=2))["reason_codes"] == [
        "INSUFFICIENT_INDEPENDENT_SOURCES"
    ]


def test_required_source_types_must_all_be_covered() -> None:
    records = [record("a", source_type="carrier_scan"), record("b", source_type="email")]
    result = decide(contract(records, types=["receiver_ack", "carrier_scan"]))
    assert result["decision"] == "INSUFFICIENT"
    assert result["reason_codes"] == ["MISSING_REQUIRED_SOURCE_TYPES"]
    support = result["resolution_details"]["support"]
    assert support["source_types_covered"] == ["carrier_scan", "email"]
    assert support["source_types_missing"] == ["receiver_ack"]
    records.append(record("c", source_type="receiver_ack"))
    assert decide(contract(records, types=["receiver_ack", "carrier_scan"]))["decision"] == (
        "SUPPORTED"
    )


def test_excluded_records_do_not_cover_types_or_count() -> None:
    records = [record("a"), record("b", source_type="receiver_ack", age=10**6)]
    result = decide(contract(records, minimum=2, types=["receiver_ack"]))
    assert result["reason_codes"] == [
        "INSUFFICIENT_INDEPENDENT_SOURCES",
        "MISSING_REQUIRED_SOURCE_TYPES",
    ]


@pytest.mark.parametrize(
    ("minimum", "groups", "decision"),
    [(1, 1, "SUPPORTED"), (1000, 1000, "SUPPORTED"), (1000, 999, "INSUFFICIENT")],
)
def test_minimum_independent_sources_bounds(minimum: int, groups: int, decision: str) -> None:
    records = [record(f"r{i:04d}") for i in range(groups)]
    result = decide(contract(records, minimum=minimum))
    assert result["decision"] == decision
    assert result["resolution_details"]["support"]["independent_source_count"] == groups


def test_a_bundle_of_1000_records_is_accepted() -> None:
    records = [record(f"r{i:04d}", source_id=f"s{i % 10}") for i in range(1000)]
    result = decide(contract(records, minimum=10))
    assert result["decision"] == "SUPPORTED"
    assert len(result["resolution_details"]["support"]["evidence_ids"]) == 1000


def test_minimum_as_integral_float_is_the_same_number() -> None:
    records = [record("a"), record("b")]
    assert decide(contract(records, minimum=2.0)) == decide(contract(records, minimum=2))


# --- policies ---------------------------------------------------------------------------

MIXED = [
    record("s1", value=True),
    record("s2", value=True),
    record("c1", value=False),
    record("c2", value=False),
]


@pytest.mark.parametrize(
    ("policy", "minimum", "records", "decision", "codes"),
    [
        ("insufficient_on_conflict", 2, MIXED, "INSUFFICIENT", ["MIXED_EVIDENCE"]),
        ("insufficient_on_conflict", 1, MIXED[:1] + MIXED[2:], "INSUFFICIENT", ["MIXED_EVIDENCE"]),
        (
            "contradiction_veto",
            2,
            MIXED,
            "CONTRADICTED",
            ["CONTRADICTION_MEETS_CONTRACT", "MIXED_EVIDENCE", "CONTRADICTION_VETO"],
        ),
        (
            "contradiction_veto",
            2,
            MIXED[:3],
            "INSUFFICIENT",
            ["MIXED_EVIDENCE", "CONTRADICTION_VETO", "INSUFFICIENT_INDEPENDENT_SOURCES"],
        ),
        ("contradiction_veto", 2, MIXED[:2], "SUPPORTED", ["SUPPORT_MEETS_CONTRACT"]),
        ("contradiction_veto", 2, MIXED[2:], "CONTRADICTED", ["CONTRADICTION_MEETS_CONTRACT"]),
        (
            "insufficient_on_conflict",
            2,
            MIXED[2:],
            "CONTRADICTED",
            ["CONTRADICTION_MEETS_CONTRACT"],
        ),
        (
            "insufficient_on_conflict",
            3,
            MIXED[2:],
            "INSUFFICIENT",
            ["INSUFFICIENT_INDEPENDENT_SOURCES"],
        ),
    ],
)
def test_policies(
    policy: str, minimum: int, records: list[dict[str, Any]], decision: str, codes: list[str]
) -> None:
    result = decide(contract(records, minimum=minimum, policy=policy))
    assert result["decision"] == decision
    assert result["reason_codes"] == codes
    details = result["resolution_details"]
    assert details["policy"] == policy
    assert details["mixed"] is (
        bool(details["support"]["evidence_ids"]) and bool(details["contradiction"]["evidence_ids"])
    )


def test_veto_blocks_support_that_meets_the_contract() -> None:
    records = [*MIXED[:2], MIXED[2]]
    result = decide(contract(records, minimum=1, policy="contradiction_veto"))
    assert result["resolution_details"]["support"]["meets_contract"] is True
    assert result["decision"] == "CONTRADICTED"
    assert result["confidence"] == 0.9


@pytest.mark.parametrize("policy", [OMIT, None])
def test_default_policy_is_insufficient_on_conflict(policy: Any) -> None:
    payload = contract(MIXED, minimum=2, policy=policy)
    if policy is OMIT:
        del payload["resolution_policy"]
    result = decide(payload)
    assert result["resolution_details"]["policy"] == "insufficient_on_conflict"
    assert result["decision"] == "INSUFFICIENT"


@pytest.mark.parametrize("mode", ["precondition", "trigger", "claim", "outcome"])
@pytest.mark.parametrize("policy", ["insufficient_on_conflict", "contradiction_veto"])
def test_all_modes_apply_identical_rules(mode: str, policy: str) -> None:
    for records in (MIXED, MIXED[:2], MIXED[2:], MIXED[:3]):
        reference = decide(contract(records, minimum=2, policy=policy, mode="claim"))
        result = decide(contract(records, minimum=2, policy=policy, mode=mode))
        assert result["mode"] == mode
        assert {**result, "mode": "claim"} == reference


# --- confidence and output shape ----------------------------------------------------------


def test_confidence_is_minimum_on_decisive_side_and_null_when_insufficient() -> None:
    records = [
        record("a", value=False, confidence=0.7),
        record("b", value=False, confidence=1),
        record("c", value=True, confidence=0.55),
    ]
    veto = decide(contract(records, policy="contradiction_veto"))
    assert veto["decision"] == "CONTRADICTED"
    assert veto["confidence"] == 0.7
    default = decide(contract(records))
    assert default["decision"] == "INSUFFICIENT"
    assert default["confidence"] is None


def test_output_key_order_and_sorted_lists() -> None:
    records = [
        record("z", source_type="t2", group="g2", age=10),
        record("m", source_type="t1", group="g9", age=30),
        record("a", source_type="t3", group="g1", age=30, claim_id="other"),
        record("b", source_type="t0", group="g5", age=20),
    ]
    result = decide(contract(records, types=["t9", "t1", "t2"]))
    assert list(result) == [
        "decision",
        "reason_codes",
        "resolution_details",
        "confidence",
        "mode",
        "claim_id",
        "excluded_evidence",
        "freshness",
        "provenance",
        "limitations",
    ]
    support = result["resolution_details"]["support"]
    assert support["evidence_ids"] == ["b", "m", "z"]
    assert support["independence_groups"] == ["g2", "g5", "g9"]
    assert support["source_types_covered"] == ["t0", "t1", "t2"]
    assert support["source_types_missing"] == ["t9"]
    assert result["resolution_details"]["required_source_types"] == ["t1", "t2", "t9"]
    assert [r["id"] for r in result["provenance"]["records"]] == ["a", "b", "m", "z"]
    freshness = result["freshness"]
    assert freshness["records"] == [
        {"id": "b", "age_seconds": 20},
        {"id": "m", "age_seconds": 30},
        {"id": "z", "age_seconds": 10},
    ]
    assert freshness["oldest"] == {"id": "m", "age_seconds": 30}
    assert freshness["newest"] == {"id": "z", "age_seconds": 10}


def test_freshness_ties_break_by_smallest_id() -> None:
    records = [record("b", age=5), record("ab", age=5), record("a", age=5)]
    freshness = decide(contract(records))["freshness"]
    assert freshness["oldest"] == {"id": "a", "age_seconds": 5}
    assert freshness["newest"] == {"id": "a", "age_seconds": 5}


def test_fractional_ages_are_exact_to_the_microsecond() -> None:
    rec = record("a")
    rec["observed_at"] = "2026-03-02T11:59:58.750000Z"
    assert decide(contract([rec]))["freshness"]["records"] == [{"id": "a", "age_seconds": 1.25}]


def test_limitations_are_stated() -> None:
    limitations = " ".join(decide(contract([record("a")]))["limitations"])
    assert "not a calibrated probability" in limitations
    assert "reference is present" in limitations
    assert "trusted" in limitations


def test_rendering_keeps_non_ascii_and_ends_with_newline() -> None:
    text = render(decide(contract([record("évidence-ü")])))
    assert "évidence-ü" in text
    assert text.endswith("}\n")


def test_input_is_not_mutated() -> None:
    payload = contract([record("b"), record("a")])
    before = json.dumps(payload)
    evaluate(payload)
    assert json.dumps(payload) == before


def test_claim_id_is_echoed() -> None:
    assert decide(contract([]))["claim_id"] == CLAIM


def test_observed_helper_round_trips() -> None:
    assert observed(0) == "2026-03-02T12:00:00+00:00"


def test_error_is_a_value_error_with_fields() -> None:
    with pytest.raises(ContractError) as info:
        evaluate({})
    assert isinstance(info.value, ValueError)
    assert info.value.field == "mode"
    assert info.value.reason == "required field missing"
