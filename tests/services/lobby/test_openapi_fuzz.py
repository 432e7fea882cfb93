"""Schemathesis against the lobby's own OpenAPI, over real HTTP: no 5xx, and every answer
matches the documented status codes, content types and schemas; an undocumented method gets
405 with an `Allow` header listing exactly the path's methods. Bounded (25 examples per
operation) so the run takes seconds (scoring's twin: tests/services/scoring/test_openapi_fuzz.py).
Not checked: that every schema-valid request is accepted (a table's players and options are
the game's business, answered 422 as documented, which the schema cannot spell out per game).

The lobby runs under uvicorn in a thread, on its own PostgreSQL database and Redis prefix,
with the in-process engine, and a signed-in player's token on every generated request.
"""

from __future__ import annotations

import socket
import threading
import time
import uuid
from collections.abc import Iterator

import httpx
import psycopg
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck, settings
from psycopg import sql
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    allow_header_conformance,
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from inferno_lobby.main import create_app
from inferno_lobby.settings import Settings

from .conftest import TEST_KEY
from .engine_double import InProcessEngine

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    allow_header_conformance,
    unsupported_method,
    negative_data_rejection,
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def lobby_url(lobby_database: str, redis_url: str) -> Iterator[str]:
    schema = f"lobby_{uuid.uuid4().hex[:12]}"
    prefix = f"test:{uuid.uuid4().hex[:12]}:"
    settings_ = Settings(
        env="test",
        database_url=lobby_database,
        db_schema=schema,
        redis_url=redis_url,
        redis_prefix=prefix,
        token_key=TEST_KEY,
        password_time_cost=1,
        password_memory_kib=1024,
        login_limit=100_000,
        signup_limit=100_000,
        table_create_limit=100_000,
    )
    port = _free_port()
    app = create_app(settings_, InProcessEngine(TEST_KEY))
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the lobby did not start"
        time.sleep(0.05)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        import redis

        r = redis.Redis.from_url(redis_url)
        keys = list(r.scan_iter(match=prefix + "*", count=1000))
        if keys:
            r.delete(*keys)
        r.close()
        with psycopg.connect(lobby_database, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture(scope="module")
def player_headers(lobby_url: str) -> dict[str, str]:
    answer = httpx.post(f"{lobby_url}/auth/guest", json={"display_name": "Fuzzer"})
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


# The document the running lobby serves; building the app opens no connection.
DOCUMENT = create_app(Settings(env="local")).openapi()
schema = schemathesis.openapi.from_dict(DOCUMENT)


@pytest.mark.parametrize("path", sorted(DOCUMENT["paths"]))
def test_an_undocumented_method_is_405_with_the_paths_methods_in_allow(
    lobby_url: str, player_headers: dict[str, str], path: str
) -> None:
    documented = {m.upper() for m in DOCUMENT["paths"][path]}
    concrete = path.replace("{table_id}", "0" * 32).replace("{seat}", "1")
    for method in sorted({"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} - documented):
        answer = httpx.request(method, lobby_url + concrete, headers=player_headers)
        assert answer.status_code == 405, (method, path)
        allowed = {m.strip() for m in answer.headers["allow"].split(",")}
        assert allowed - {"HEAD"} == documented, (method, path, answer.headers["allow"])
        assert answer.json() == {"detail": "Method Not Allowed", "code": "method_not_allowed"}


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_errors_and_answers_match_the_schema(case, lobby_url, player_headers) -> None:  # type: ignore[no-untyped-def]
    case.call_and_validate(base_url=lobby_url, headers=player_headers, checks=CHECKS)
