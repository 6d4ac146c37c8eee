"""Golden cases: tests/engine/golden/*.json hold an input and its exact expected output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import evaluate, render
from tests.engine._engine_inputs import GOLDEN

CASES = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_cases() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_case(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert set(case) == {"description", "input", "expected"}
    result = evaluate(case["input"])
    assert result == case["expected"]
    # Key order is part of the contract: compare the rendered text too.
    assert render(result) == render(case["expected"])
