"""``python -m inferno_lobby`` serves the lobby (as the platform's launcher will run it)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from .conftest import TEST_KEY

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_python_m_inferno_lobby_serves_and_is_ready(
    lobby_db: str, redis_url: str, redis_prefix: str
) -> None:
    url, _, schema = lobby_db.partition("#")
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(str(ROOT / p) for p in ("libs", "services/lobby")),
        "INFERNO_ENV": "staging",
        "INFERNO_TOKEN_KEY": TEST_KEY,
        "INFERNO_DATABASE_URL": url,
        "INFERNO_DB_SCHEMA": schema,
        "INFERNO_REDIS_URL": redis_url,
        "INFERNO_REDIS_PREFIX": redis_prefix,
        "INFERNO_PORT": str(port),
    }
    server = subprocess.Popen([sys.executable, "-m", "inferno_lobby"], env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/health/ready", timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None, "the lobby exited"
                assert time.monotonic() < deadline, "the lobby did not start"
                time.sleep(0.1)
        assert answer.json() == {"status": "ok", "checks": {"database": "ok", "redis": "ok"}}
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_refuses_to_start_with_the_default_key_outside_local() -> None:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(str(ROOT / p) for p in ("libs", "services/lobby")),
        "INFERNO_ENV": "production",
    }
    env.pop("INFERNO_TOKEN_KEY", None)
    done = subprocess.run(
        [sys.executable, "-m", "inferno_lobby"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    assert "INFERNO_TOKEN_KEY must be set" in done.stderr


@pytest.mark.parametrize("argv", [["grant-operator"], ["bogus"]])
def test_bad_command_line_is_refused(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "inferno_lobby", *argv],
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT / "services/lobby") + os.pathsep + str(ROOT / "libs"),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "usage:" in done.stderr
