"""Fixtures for the console's tests: the whole platform (``inferno_cli.stack``, the console
included) on the real Redis and PostgreSQL under a fresh prefix and database, once per module;
an operator and a player signed up through the lobby; tables of bots started through it.

The platform is the integration suite's :class:`StackProcess` on the ``servers`` fixture; the
console is one of its services, on the port the launcher prints.
"""

from __future__ import annotations

import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.integration.conftest import servers  # noqa: F401 (the fixture)
from tests.integration.stack_process import StackProcess, child_env

PASSWORD = "paradiso-33-console"


@dataclass
class Platform:
    stack: StackProcess
    console: str
    operator: str
    player: str

    def lobby_tokens(self, username: str) -> dict[str, Any]:
        answer = httpx.post(
            f"{self.stack.lobby}/auth/login",
            json={"username": username, "password": PASSWORD},
            timeout=10,
        )
        answer.raise_for_status()
        return answer.json()

    def bots_table(self, game: str, players: int, options: dict[str, Any] | None = None) -> str:
        """A started table of ``game`` with a bot in every seat, opened by the operator."""
        auth = {"Authorization": f"Bearer {self.lobby_tokens(self.operator)['access_token']}"}
        with httpx.Client(base_url=self.stack.lobby, headers=auth, timeout=10) as lobby:
            body = {"game": game, "players": players, "take_seat": False, "options": options or {}}
            answer = lobby.post("/tables", json=body)
            assert answer.status_code == 201, answer.text
            table_id = answer.json()["id"]
            for _ in range(players):
                assert lobby.post(f"/tables/{table_id}/bots", json={}).status_code in (200, 201)
            started = lobby.post(f"/tables/{table_id}/start")
            assert started.status_code == 200, started.text
        return str(table_id)


def _sign_up(lobby: str, username: str) -> None:
    answer = httpx.post(
        f"{lobby}/auth/signup", json={"username": username, "password": PASSWORD}, timeout=10
    )
    assert answer.status_code == 201, answer.text


@pytest.fixture(scope="module")
def platform(
    request: pytest.FixtureRequest,
    servers: dict[str, str],  # noqa: F811 (the fixture imported above)
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Platform]:
    """The platform for one test module; a module sets ``BOT_DELAY_MS`` to make bots faster
    (the worker's pause before each bot move; 150 ms unless it says)."""
    import redis

    prefix = f"test:{uuid.uuid4().hex[:12]}:"
    stack = StackProcess(
        tmp_path_factory.mktemp("console-stack"),
        prefix=prefix,
        INFERNO_SIGNUP_LIMIT="100",
        # Every sign-in reaches the lobby from the console's address.
        INFERNO_LOGIN_LIMIT="1000",
        INFERNO_LOGIN_ADDRESS_LIMIT="1000",
        INFERNO_WORKER_BOT_DELAY_MS=str(getattr(request.module, "BOT_DELAY_MS", 150)),
        # The health page samples often enough for a test to see two samples.
        INFERNO_HEALTH_EVERY_SECONDS="1",
        **servers,
    )
    try:
        stack.wait_ready()
        found = [re.search(r"console\s+(http://\S+)", line) for line in stack.lines]
        console = next(m.group(1) for m in found if m)
        operator, player = f"op{uuid.uuid4().hex[:8]}", f"pl{uuid.uuid4().hex[:8]}"
        _sign_up(stack.lobby, operator)
        _sign_up(stack.lobby, player)
        database = servers.get("DATABASE_URL") or _embedded_database(stack)
        granted = subprocess.run(
            [sys.executable, "-m", "inferno_lobby", "grant-operator", operator],
            env=child_env(INFERNO_DATABASE_URL=database, INFERNO_REDIS_URL=stack.redis_url),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert granted.returncode == 0, granted.stderr
        yield Platform(stack, console, operator, player)
    finally:
        stack.stop()
        if servers.get("REDIS_URL"):
            client = redis.Redis.from_url(servers["REDIS_URL"])
            keys = list(client.scan_iter(match=prefix + "*", count=1000))
            if keys:
                client.delete(*keys)
            client.close()


def _embedded_database(stack: StackProcess) -> str:
    found = [re.search(r"postgres\s+(postgresql://\S+)", line) for line in stack.lines]
    return next(m.group(1) for m in found if m)


def signed_in(platform: Platform, username: str | None = None) -> httpx.Client:
    """An HTTP client holding an operator's console session (as a browser would)."""
    client = httpx.Client(base_url=platform.console, timeout=10)
    form = client.get("/sign-in")
    csrf = re.search(r'name="csrf" value="([^"]+)"', form.text)
    assert csrf, form.text
    answer = client.post(
        "/sign-in",
        data={
            "username": username or platform.operator,
            "password": PASSWORD,
            "csrf": csrf.group(1),
        },
    )
    assert answer.status_code == 303, answer.text
    return client
