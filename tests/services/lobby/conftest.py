"""Fixtures for the lobby's tests: a lobby app on the real PostgreSQL and Redis (a fresh
database and key prefix per test), the in-process engine, and small helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from inferno_lobby.main import create_app
from inferno_lobby.settings import Settings

from .engine_double import InProcessEngine

TEST_KEY = "lobby-tests-signing-key-0123456789abcdef"


@pytest.fixture
def settings(database_url: str, redis_url: str, redis_prefix: str) -> Settings:
    return Settings(
        env="test",
        database_url=database_url,
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

    def make(**changes: Any) -> TestClient:
        app = create_app(settings.model_copy(update=changes), engine)
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


def snapshot(database_url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row of the lobby, to prove that a refused request changed nothing."""
    with psycopg.connect(database_url) as conn:
        return {
            name: conn.execute(f"SELECT * FROM lobby.{name} ORDER BY 1, 2").fetchall()
            for name in ("accounts", "tables", "seats")
        }
