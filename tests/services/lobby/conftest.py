"""Fixtures for the lobby's tests: a lobby app on the real PostgreSQL and Redis, the
in-process engine, and small helpers.

Each test gets a fresh key prefix (``redis_prefix``) and a fresh PostgreSQL *schema* of its
own (the lobby keeps all its tables in one schema, ``INFERNO_DB_SCHEMA``), inside one database
created for the session like the shared ``database_url`` fixture does. Creating a schema costs
a few milliseconds where creating a database costs a second or more, which keeps the suite
well under its time budget; every test still starts from nothing and assumes nothing about
what else the database holds.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg import sql

from inferno_lobby.main import create_app
from inferno_lobby.settings import Settings
from tests.conftest import DATABASE_URL

from .engine_double import InProcessEngine

TEST_KEY = "lobby-tests-signing-key-0123456789abcdef"


@pytest.fixture(scope="session")
def lobby_database() -> Iterator[str]:
    name = f"inferno_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield f"{DATABASE_URL.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture
def lobby_db(lobby_database: str) -> Iterator[str]:
    """The session's database, seen through a fresh schema: ``<url>#<schema>``."""
    schema = f"lobby_{uuid.uuid4().hex[:12]}"
    yield f"{lobby_database}#{schema}"
    with psycopg.connect(lobby_database, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
def settings(lobby_db: str, redis_url: str, redis_prefix: str) -> Settings:
    url, _, schema = lobby_db.partition("#")
    return Settings(
        env="test",
        database_url=url,
        db_schema=schema,
        redis_url=redis_url,
        redis_prefix=redis_prefix,
        token_key=TEST_KEY,
        # Cheap hashing keeps the suite fast; production uses argon2-cffi's defaults.
        password_time_cost=1,
        password_memory_kib=1024,
        quickplay_bot_wait_seconds=30,
        quickplay_sweep_seconds=0.1,
        db_pool_size=4,
    )


@pytest.fixture
def engine() -> InProcessEngine:
    return InProcessEngine(TEST_KEY)


@pytest.fixture
def make_client(settings: Settings, engine: InProcessEngine) -> Iterator[Callable[..., TestClient]]:
    """Start a lobby with some settings changed; every lobby started is shut down after."""
    started: list[TestClient] = []

    def make(ratings: Any = None, gateway: Any = engine, **changes: Any) -> TestClient:
        """``gateway=None`` lets the lobby build its engine gateway from its settings."""
        app = create_app(settings.model_copy(update=changes), gateway, ratings)
        client = TestClient(app)
        client.__enter__()
        started.append(client)
        return client

    yield make
    for client in started:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def sign_up(client: TestClient, username: str, password: str = "paradiso-33") -> dict[str, Any]:
    answer = client.post("/auth/signup", json={"username": username, "password": password})
    assert answer.status_code == 201, answer.text
    return answer.json()


def bearer(tokens: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {tokens['access_token']}"}


def snapshot(lobby_db: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row of the lobby, to prove that a refused request changed nothing."""
    url, _, schema = lobby_db.partition("#")
    with psycopg.connect(url) as conn:
        return {
            name: conn.execute(
                sql.SQL("SELECT * FROM {} ORDER BY 1, 2").format(sql.Identifier(schema, name))
            ).fetchall()
            for name in ("accounts", "tables", "seats")
        }
