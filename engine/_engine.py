"""The engine's entry points: a pure function and a small component around it."""

from __future__ import annotations

from typing import Any

from engine._decide import decide
from engine._json import parse_json
from engine._validate import validate


def evaluate(payload: object) -> dict[str, Any]:
    """Evaluate one input (the output of ``json.loads``) and return the output document.

    Raises ``ContractError`` for any input error; then no verdict exists.
    """
    return decide(validate(payload))


def evaluate_json(data: str | bytes) -> dict[str, Any]:
    """Parse JSON text strictly, then ``evaluate`` it."""
    return evaluate(parse_json(data))


class SufficiencyEngine:
    """The engine as a component: stateless; ``run`` is ``evaluate``."""

    def run(self, payload: object) -> dict[str, Any]:
        """Evaluate one input; see ``evaluate``."""
        return evaluate(payload)

    def run_json(self, data: str | bytes) -> dict[str, Any]:
        """Evaluate one JSON text; see ``evaluate_json``."""
        return evaluate_json(data)
