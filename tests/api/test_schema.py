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


def _hostile_bodies(body: Any, limit: int) -> list[tuple[str, Any]]:
    """A generated body made hostile: nested past any depth limit, and over the size limit."""
    deep: Any = "leaf"
    for _ in range(500):
        deep = [deep]
    huge = "x" * (limit + 1)
    if isinstance(body, dict):
        return [("nested", {**body, "nested": deep}), ("oversized", {**body, "huge": huge})]
    if isinstance(body, list):
        return [("nested", [*body, deep]), ("oversized", [*body, {"id": "h", "question": huge}])]
    return [("nested", deep), ("oversized", huge)]


@pytest.mark.slow
def test_oversized_and_deeply_nested_bodies_never_answer_5xx(
    api_client: TestClient, loaded_kb: dict[str, str]
) -> None:
    """Every operation with a JSON body, its schema-valid generated bodies made hostile
    (nested 500 levels; one byte over max_json_body_bytes): a 4xx problem, never a 5xx."""
    from tests.api.conftest import LIMITS

    schema = schemathesis.openapi.from_asgi("/openapi.json", api_client.app)
    failures: list[str] = []
    answered: set[tuple[str, int]] = set()
    for result in schema.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]
        if "application/json" not in operation.get_request_payload_content_types():
            continue
        path_parameters = {"kb": loaded_kb["kb"]} if "{kb}" in operation.path else None
        strategy = operation.as_strategy(
            generation_mode=GenerationMode.POSITIVE, path_parameters=path_parameters
        )

        @given(case=strategy)
        @settings(
            max_examples=3,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
            derandomize=True,
        )
        def check(case: schemathesis.Case) -> None:
            for kind, body in _hostile_bodies(case.body, LIMITS["max_json_body_bytes"]):
                case.body = body
                case.media_type = "application/json"
                response = case.call(headers={"X-API-Key": loaded_kb["key"]})
                label = f"{kind} {case.method} {case.formatted_path} -> {response.status_code}"
                answered.add((kind, response.status_code))
                if not 400 <= response.status_code < 500:
                    failures.append(f"{label}: {response.text[:300]}")
                    continue
                try:
                    case.validate_response(
                        response, checks=[not_a_server_error, content_type_conformance]
                    )
                except Exception as exc:
                    failures.append(f"{label}: {str(exc)[:300]}")

        check()
    assert not failures, "\n".join(failures)
    # The limits themselves answered (not only a 401/403/404 before reading the body).
    assert ("nested", 422) in answered and ("oversized", 413) in answered
