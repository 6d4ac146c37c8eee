"""The engine's public surface and its isolation from the rest of the project."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import engine
from tests.engine._engine_inputs import REPO


def test_exported_names_are_pinned() -> None:
    assert list(engine.__all__) == [
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
    for name in engine.__all__:
        assert hasattr(engine, name)


def test_engine_imports_nothing_of_the_project_or_third_parties() -> None:
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "import engine\n"
        "print(json.dumps(sorted(m for m in set(sys.modules) - before)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, check=True
    ).stdout
    roots = {name.split(".")[0] for name in json.loads(out)}
    project = {"domain", "ingest", "retrieval", "skill", "app", "api", "bench", "tests"}
    assert not roots & project
    assert not roots & {"pydantic", "fastapi", "pymupdf", "fitz", "qdrant_client", "numpy"}


def test_sufficiency_engine_component_matches_the_function() -> None:
    text = (REPO / "examples" / "input.json").read_text()
    component = engine.SufficiencyEngine()
    assert component.run_json(text) == engine.evaluate_json(text)
    assert component.run(json.loads(text)) == engine.evaluate(json.loads(text))


def test_vocabularies_are_stable() -> None:
    assert [c.value for c in engine.ReasonCode] == [
        "SUPPORT_MEETS_CONTRACT",
        "CONTRADICTION_MEETS_CONTRACT",
        "NO_ELIGIBLE_EVIDENCE",
        "MIXED_EVIDENCE",
        "CONTRADICTION_VETO",
        "INSUFFICIENT_INDEPENDENT_SOURCES",
        "MISSING_REQUIRED_SOURCE_TYPES",
    ]
    assert [r.value for r in engine.ExclusionReason] == [
        "CLAIM_MISMATCH",
        "OBSERVED_AFTER_EVALUATION_TIME",
        "STALE",
        "CONFIDENCE_MISSING",
        "CONFIDENCE_BELOW_THRESHOLD",
        "PROVENANCE_MISSING",
    ]
    assert [d.value for d in engine.Decision] == ["SUPPORTED", "CONTRADICTED", "INSUFFICIENT"]
