"""The stack fixture: Redis and PostgreSQL for the whole platform, then the platform itself.

Servers: from testcontainers where a Docker engine answers; otherwise the ones the shared
fixtures name (``INFERNO_TEST_REDIS_URL`` / ``INFERNO_TEST_DATABASE_URL``, defaulting to the
local servers) when they answer, with a fresh key prefix and a fresh database; otherwise none,
and the launcher starts embedded ones. The four services always run as real processes.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import DATABASE_URL, REDIS_URL

from .stack_process import StackProcess


def _docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
    except Exception:  # no socket, no daemon, no permission: all mean "no Docker here"
        return False
    return True


def _servers_answer() -> bool:
    import psycopg
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        with psycopg.connect(DATABASE_URL, connect_timeout=2):
            pass
    except Exception:  # either server missing means we cannot use them
        return False
    return True


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, str]]:
    """``REDIS_URL`` / ``DATABASE_URL`` for the launcher, or ``{}`` for embedded servers."""
    if _docker_answers():
        from testcontainers.postgres import PostgresContainer
        from testcontainers.redis import RedisContainer

        with RedisContainer("redis:7.4") as r, PostgresContainer("postgres:17") as p:
            host, port = r.get_container_host_ip(), r.get_exposed_port(6379)
            yield {
                "REDIS_URL": f"redis://{host}:{port}/0",
                "DATABASE_URL": p.get_connection_url(driver=None),
            }
        return
    if not _servers_answer():
        yield {}
        return
    import psycopg
    from psycopg import sql

    name = f"inferno_stack_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield {"REDIS_URL": REDIS_URL, "DATABASE_URL": f"{DATABASE_URL.rpartition('/')[0]}/{name}"}
    finally:
        with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture(scope="module")
def stack(
    servers: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[StackProcess]:
    """The platform, up, on the servers above under a key prefix of its own."""
    import redis

    prefix = f"test:{uuid.uuid4().hex[:12]}:"
    # Every test signs up from 127.0.0.1: lift the per-address sign-up limit for this run.
    running = StackProcess(
        tmp_path_factory.mktemp("stack"),
        prefix=prefix,
        INFERNO_SIGNUP_LIMIT="100",
        # Bots move at once and a lone quick-play player gets bots after a second.
        INFERNO_WORKER_BOT_DELAY_MS="0",
        INFERNO_QUICKPLAY_BOT_WAIT_SECONDS="1",
        **servers,
    )
    try:
        running.wait_ready()
        yield running
    finally:
        running.stop()
        if servers.get("REDIS_URL"):
            client = redis.Redis.from_url(servers["REDIS_URL"])
            keys = list(client.scan_iter(match=prefix + "*", count=1000))
            if keys:
                client.delete(*keys)
            client.close()


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    return tmp_path / "session.json"
