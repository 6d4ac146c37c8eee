"""Schemathesis against the published OpenAPI schema, in process: no 5xx, responses match
the schema, and malformed input is rejected with a 4xx. Bounded: a few examples per
operation and generation mode."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
)

EXAMPLES = 6


def _run(operation: Any, mode: GenerationMode, key: str, kb: str) -> list[str]:
    failures: list[str] = []
    # Positive cases run against the real KB, so handlers do real work; negative cases keep
    # their generated path (replacing it could turn the one invalid part into a valid one).
    path_parameters = (
        {"kb": kb} if "{kb}" in operation.path and mode is GenerationMode.POSITIVE else None
    )
    strategy = operation.as_strategy(generation_mode=mode, path_parameters=path_parameters)

    @given(case=strategy)
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        derandomize=True,
    )
    def check(case: schemathesis.Case) -> None:
        response = case.call(headers={"X-API-Key": key})
        label = f"{mode.value} {case.method} {case.formatted_path} -> {response.status_code}"
        if response.status_code >= 500:
            failures.append(f"{label}: {response.text[:300]}")
            return
        checks = [not_a_server_error, content_type_conformance]
        if mode is GenerationMode.NEGATIVE:
            checks.append(negative_data_rejection)  # invalid input answers 4xx
        else:
            checks.append(response_schema_conformance)
        try:
            case.validate_response(response, checks=checks)
        except Exception as exc:  # collect every operation's failures, report them together
            failures.append(f"{label}: {str(exc)[:500]}")

    try:
        check()
    except Unsatisfiable:  # nothing to negate in this operation (no parameters, no body)
        pass
    return failures


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=str)
def test_api_conforms_to_its_schema(
    api_client: TestClient, loaded_kb: dict[str, str], mode: GenerationMode
) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", api_client.app)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]
        operations += 1
        # A KB-scoped key: admin-only operations answer 403, and nothing can delete `deals`.
        failures += _run(operation, mode, loaded_kb["key"], loaded_kb["kb"])
    assert operations >= 25
    assert not failures, "\n".join(failures)
