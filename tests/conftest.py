"""Shared fixtures: real Redis and PostgreSQL, each test run in its own key prefix / database.

The servers come from ``INFERNO_TEST_REDIS_URL`` / ``INFERNO_TEST_DATABASE_URL`` (CI and the
development machines set or default these to the local servers). Nothing assumes an empty
keyspace or database: Redis keys live under a fresh prefix, PostgreSQL work under a fresh
database that is dropped at the end.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

REDIS_URL = os.environ.get("INFERNO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
DATABASE_URL = os.environ.get(
    "INFERNO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)


@pytest.fixture(scope="session", autouse=True)
def one_event_loop() -> Iterator[None]:
    """Every async test of the session runs on one asyncio event loop.

    grpc.aio's poller hands a finished call back to the loop the call was made on; with a loop
    per test, a call of an earlier test that completes late (a stream's cancellation, a
    channel's close) lands on a closed loop and fails whichever test is running then ("Event
    loop is closed"). Holding one lease on anyio's test runner keeps one loop for the session.
    """
    from anyio.pytest_plugin import get_runner

    with get_runner("asyncio", {}):
        yield


@pytest.fixture(scope="session")
def redis_url() -> str:
    return REDIS_URL


@pytest.fixture
def redis_prefix(redis_url: str) -> Iterator[str]:
    """A key prefix no other test (or test run) uses; its keys are deleted afterwards."""
    import redis

    prefix = f"test:{uuid.uuid4().hex[:12]}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    try:
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture
def database_url() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test; dropped afterwards."""
    import psycopg
    from psycopg import sql

    name = f"inferno_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    base, _, _ = DATABASE_URL.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
