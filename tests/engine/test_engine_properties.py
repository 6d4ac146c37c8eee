"""Hypothesis properties of the engine, and determinism across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import evaluate, render
from tests.engine._engine_inputs import EXAMPLES, GOLDEN, REPO, contract, record

VALUES = [
    True,
    False,
    1,
    1.0,
    "true",
    None,
    0,
    {"a": 1, "b": [1, 2]},
    {"b": [1, 2], "a": 1.0},
    [2, 1],
]
TYPES = ["carrier_scan", "receiver_ack", "invoice", "email"]
SOURCES = [f"src-{i}" for i in range(6)]


@st.composite
def records(draw: st.DrawFn, evidence_id: str, sources: list[str] = SOURCES) -> dict[str, Any]:
    source = draw(st.sampled_from(sources))
    rec = record(
        evidence_id,
        value=draw(st.sampled_from(VALUES)),
        source_id=source,
        source_type=draw(st.sampled_from(TYPES)),
        age=draw(st.sampled_from([-10, 0, 1.5, 60, 3600, 3601, 7200])),
        confidence=draw(st.sampled_from([None, 0.4, 0.5, 0.9, 1])),
        claim_id=draw(st.sampled_from(["claim-1", "claim-1", "claim-2"])),
        provenance=draw(st.sampled_from([None, {"reference": f"doc://{evidence_id}"}])),
    )
    # A group derived from the source keeps the per-source declaration consistent.
    if source in ("src-0", "src-1"):
        rec["independence_group"] = "shared-group"
    elif source == "src-2":
        rec["independence_group"] = None
    return rec


@st.composite
def payloads(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(min_value=0, max_value=12))
    bundle = [draw(records(f"ev-{i:02d}")) for i in range(count)]
    return contract(
        bundle,
        expected=draw(st.sampled_from(VALUES)),
        minimum=draw(st.integers(min_value=1, max_value=4)),
        types=draw(st.lists(st.sampled_from(TYPES), unique=True, max_size=3)),
        max_age=draw(st.sampled_from([0, 60, 3600, 3600.5])),
        threshold=draw(st.sampled_from([0, 0.5, 0.9])),
        require_provenance=draw(st.booleans()),
        policy=draw(st.sampled_from(["insufficient_on_conflict", "contradiction_veto"])),
        mode=draw(st.sampled_from(["precondition", "trigger", "claim", "outcome"])),
    )


def _ineligible_record() -> st.SearchStrategy[dict[str, Any]]:
    # A fresh source so no group declaration can clash; each variant fails one rule.
    variants: list[dict[str, Any]] = [
        {"claim_id": "claim-unrelated"},
        {"age": -1},
        {"age": 10**7},
        {"confidence": None},
        {"confidence": 0.0},  # below every threshold but 0 (the test swaps it for None then)
    ]
    return st.sampled_from(variants).map(lambda kw: record("zz-extra", source_id="src-extra", **kw))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads(), data=st.data())
def test_output_is_identical_for_any_permutation_of_the_bundle(
    payload: dict[str, Any], data: st.DataObject
) -> None:
    expected = render(evaluate(payload))
    permuted = data.draw(st.permutations(payload["evidence_bundle"]))
    assert render(evaluate({**payload, "evidence_bundle": permuted})) == expected


@settings(max_examples=150, deadline=None)
@given(payload=payloads(), extra=_ineligible_record(), position=st.integers(0, 12))
def test_adding_an_ineligible_record_never_changes_the_decision(
    payload: dict[str, Any], extra: dict[str, Any], position: int
) -> None:
    if extra["confidence"] == 0.0 and payload["evidence_requirements"]["confidence_threshold"] == 0:
        extra["confidence"] = None
    before = evaluate(payload)
    bundle = list(payload["evidence_bundle"])
    bundle.insert(min(position, len(bundle)), extra)
    after = evaluate({**payload, "evidence_bundle": bundle})
    assert "zz-extra" in {e["id"] for e in after["excluded_evidence"]}
    assert after["decision"] == before["decision"]
    assert after["reason_codes"] == before["reason_codes"]
    assert after["resolution_details"] == before["resolution_details"]
    assert after["confidence"] == before["confidence"]


@settings(max_examples=100, deadline=None)
@given(payload=payloads())
def test_decision_is_consistent_with_details(payload: dict[str, Any]) -> None:
    result = evaluate(payload)
    details = result["resolution_details"]
    support, contradiction = details["support"], details["contradiction"]
    assert details["mixed"] == bool(support["evidence_ids"] and contradiction["evidence_ids"])
    if result["decision"] == "SUPPORTED":
        assert support["meets_contract"]
        assert not contradiction["evidence_ids"]
    elif result["decision"] == "CONTRADICTED":
        assert contradiction["meets_contract"]
        assert not details["mixed"] or details["policy"] == "contradiction_veto"
    else:
        assert result["confidence"] is None
    for side in (support, contradiction):
        assert side["independent_source_count"] == len(side["independence_groups"])
        assert side["evidence_ids"] == sorted(side["evidence_ids"])
    eligible = set(support["evidence_ids"]) | set(contradiction["evidence_ids"])
    excluded = {e["id"] for e in result["excluded_evidence"]}
    assert eligible.isdisjoint(excluded)
    assert eligible | excluded == {r["id"] for r in payload["evidence_bundle"]}


def _determinism_inputs(tmp_path: Path) -> list[Path]:
    paths = sorted(EXAMPLES.glob("*.json"))
    for golden in sorted(GOLDEN.glob("*.json")):
        target = tmp_path / golden.name
        target.write_text(json.dumps(json.loads(golden.read_text())["input"]), encoding="utf-8")
        paths.append(target)
    # A large input with many groups, types and values exercises every set in the engine.
    big = [
        record(
            f"ev-{(i * 7919) % 1000:04d}-é",
            value=[True, {"k": i % 3}, "x"][i % 3],
            source_id=f"s-{i % 97}",
            source_type=f"type-{i % 13}",
            age=i * 3.25,
            confidence=(i % 10) / 10,
            group=f"g-{i % 97 % 41}",
        )
        for i in range(1000)
    ]
    large = tmp_path / "large.json"
    large.write_text(
        json.dumps(
            contract(big, expected=True, minimum=5, types=["type-1", "type-12"], max_age=2000)
        ),
        encoding="utf-8",
    )
    return [*paths, large]


_RUNNER = (
    "import sys, engine\n"
    "for path in sys.argv[1:]:\n"
    "    code = engine.main([path])\n"
    "    sys.stdout.buffer.write(b'--- %d\\n' % code)\n"
)


def test_byte_identical_output_across_processes_and_hash_seeds(tmp_path: Path) -> None:
    paths = [str(p) for p in _determinism_inputs(tmp_path)]
    outputs = []
    for seed in ("0", "1", "4242", "random"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO)}
        proc = subprocess.run(
            [sys.executable, "-c", _RUNNER, *paths],
            cwd=REPO,
            env=env,
            capture_output=True,
            check=True,
            timeout=120,
        )
        assert proc.stderr == b""
        outputs.append(proc.stdout)
    assert outputs[0].count(b"--- 0\n") == len(paths)
    assert all(out == outputs[0] for out in outputs[1:])
