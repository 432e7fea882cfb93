"""Fixtures for the engine's tests: real engine processes on free ports against the real Redis.

Each test gets its own Redis key prefix (``redis_prefix``), so engines of different tests never
see each other's tables. :func:`engines` starts ``python -m inferno_engine`` processes and stops
them (SIGTERM, then SIGKILL) when the test ends.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from inferno_auth import Role, issue_token
from tests.support.engine_process import EngineProcess as SharedEngineProcess

ROOT = Path(__file__).resolve().parents[3]
KEY = "engine-test-key-0123456789abcdef0123456789"
#: The JavaScript clients written from proto/ alone (gRPC and gRPC-web).
NODE_CLIENT = ROOT / "clients" / "node"


def token(subject: str, role: Role = Role.PLAYER, **kwargs: object) -> str:
    return issue_token(KEY, subject, role, **kwargs)  # type: ignore[arg-type]


class EngineProcess(SharedEngineProcess):
    """An engine process signed with this suite's key."""

    def __init__(self, redis_url: str, prefix: str, **env: str) -> None:
        super().__init__(redis_url, prefix, KEY, **env)


@pytest.fixture
def engines(redis_url: str, redis_prefix: str) -> Iterator[Callable[..., EngineProcess]]:
    started: list[EngineProcess] = []

    def start(**env: str) -> EngineProcess:
        engine = EngineProcess(redis_url, redis_prefix, **env)
        started.append(engine)
        return engine

    yield start
    for engine in started:
        engine.stop()


@pytest.fixture
def engine(engines: Callable[..., EngineProcess]) -> EngineProcess:
    return engines()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def node_client() -> str:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.fail("the Node.js client test needs node and npm on PATH")
    modules = NODE_CLIENT / "node_modules"
    if not all((modules / p).is_dir() for p in ("@grpc/grpc-js", "protobufjs")):
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"],
            cwd=NODE_CLIENT,
            check=True,
            capture_output=True,
            timeout=240,
        )
    return node
