"""The REST API against its own OpenAPI schema: requests generated from the schema (valid and not)
and sent to a real server process on loopback never get a server error, and every answer has a
documented status, content type and body shape."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from server_support import ServerProcess

from bigtop.server.app import create_app

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
SCHEMA = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())
OPERATIONS = {f"{op.method.upper()} {op.path}": op for op in (result.ok() for result in SCHEMA.get_all_operations())}



def test_every_route_is_in_the_schema() -> None:
    assert {"GET /api/games", "POST /api/tables", "POST /api/tables/{table_id}/moves", "POST /api/replays"} <= set(OPERATIONS)


@pytest.mark.parametrize("operation", sorted(OPERATIONS))
def test_every_answer_is_documented_and_none_is_a_server_error(operation: str, server: ServerProcess) -> None:
    @given(case=OPERATIONS[operation].as_strategy())
    @settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def answer(case: schemathesis.Case) -> None:
        case.call_and_validate(base_url=server.url, checks=CHECKS)

    answer()
