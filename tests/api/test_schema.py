"""Schemathesis against the published OpenAPI schema, in process: no 5xx, responses match
the schema, and malformed input is rejected. Bounded: a few examples per operation."""

from __future__ import annotations

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
)

from tests.api.conftest import LIMITS


@pytest.fixture
def api_schema(api_client: TestClient, loaded_kb: dict[str, str]) -> schemathesis.BaseSchema:
    # The app is already started (lifespan) by api_client; schemathesis calls it in process.
    return schemathesis.openapi.from_asgi("/openapi.json", api_client.app)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: schemathesis.Case, loaded_kb: dict[str, str]) -> None:
    if "kb" in (case.path_parameters or {}):
        case.path_parameters["kb"] = loaded_kb["kb"]  # a real KB, so handlers run for real
    # A KB-scoped key: admin-only operations answer 403, and nothing here can delete `deals`.
    response = case.call(headers={"X-API-Key": loaded_kb["key"]})
    checks = [not_a_server_error, response_schema_conformance, content_type_conformance]
    if case.meta is not None and "negative" in str(getattr(case.meta, "generation", "")).lower():
        checks.append(negative_data_rejection)
    case.validate_response(response, checks=checks)
    assert response.status_code < 500, response.text
    assert LIMITS["max_top_k"]  # limits are the small test ones
