"""Schemathesis against scoring's own OpenAPI, over real HTTP (uvicorn in a thread, on a
database of its own with a few matches stored): no 5xx, every answer's status code, content
type and body as documented, and 405 with an `Allow` header listing exactly the path's methods.
Bounded (25 examples per operation) so the run takes seconds."""

from __future__ import annotations

import socket
import threading
import time
import uuid
from collections.abc import Iterator

import httpx
import psycopg
import pytest
import redis
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

from inferno_bus import Consumer, Publisher
from inferno_scoring.api import create_app
from inferno_scoring.db import UNAVAILABLE, make_pool, migrate
from inferno_scoring.handler import ScoringHandler
from tests.conftest import DATABASE_URL

from .conftest import drain, finished

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    allow_header_conformance,
    unsupported_method,
    negative_data_rejection,
]
#: The ids the OpenAPI document gives as examples, so generated requests find real rows.
PLAYER = "6f1c2b9e-3f0a-4c2e-9a53-2f8f3f0d9c11"
TABLE = "0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def scoring_url(redis_url: str) -> Iterator[str]:
    name = f"inferno_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = f"{DATABASE_URL.rpartition('/')[0]}/{name}"
    prefix = f"test:{uuid.uuid4().hex[:12]}:"
    migrate(url)
    pool = make_pool(url, size=2, timeout=5)
    pool.wait()
    bus = redis.Redis.from_url(redis_url, decode_responses=True)
    consumer = Consumer(
        bus, prefix, "scoring", "fuzz", ScoringHandler(pool), block_ms=10, transient=UNAVAILABLE
    )
    consumer.ensure_group()
    now = int(time.time() * 1000)
    Publisher(bus, prefix).publish_many(
        [
            finished(TABLE, now - 60_000, [PLAYER, "p2", "p3", "bot1"]),
            finished("t2", now - 30_000, [PLAYER, "p3", "p4"], rounds=3),
        ]
    )
    drain(consumer)
    port = _free_port()
    app = create_app(pool, lambda: {"postgresql": "ok", "redis": "ok"})
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "scoring did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        pool.close()
        keys = list(bus.scan_iter(match=prefix + "*", count=1000))
        if keys:
            bus.delete(*keys)
        bus.close()
        with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


# The document the running service serves; building the app opens no connection.
DOCUMENT = create_app(None, dict).openapi()  # type: ignore[arg-type]
schema = schemathesis.openapi.from_dict(DOCUMENT)


def test_the_examples_point_at_stored_rows(scoring_url: str) -> None:
    assert httpx.get(f"{scoring_url}/matches/{TABLE}").status_code == 200
    assert httpx.get(f"{scoring_url}/players/{PLAYER}/matches").status_code == 200


@pytest.mark.parametrize("path", sorted(DOCUMENT["paths"]))
def test_an_undocumented_method_is_405_with_the_paths_methods_in_allow(
    scoring_url: str, path: str
) -> None:
    documented = {m.upper() for m in DOCUMENT["paths"][path]}
    concrete = path.replace("{game}", "oh_hell").replace("{player_id}", PLAYER)
    concrete = concrete.replace("{table_id}", TABLE)
    for method in sorted({"GET", "POST", "PUT", "PATCH", "DELETE"} - documented):
        answer = httpx.request(method, scoring_url + concrete)
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
def test_no_server_errors_and_answers_match_the_schema(case, scoring_url) -> None:  # type: ignore[no-untyped-def]
    case.call_and_validate(base_url=scoring_url, checks=CHECKS)
