"""Fixtures for the engine's tests: real engine processes on free ports against the real Redis.

Each test gets its own Redis key prefix (``redis_prefix``), so engines of different tests never
see each other's tables. :func:`engines` starts ``python -m inferno_engine`` processes and stops
them (SIGTERM, then SIGKILL) when the test ends.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from inferno_auth import Role, issue_token

ROOT = Path(__file__).resolve().parents[3]
KEY = "engine-test-key-0123456789abcdef0123456789"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def token(subject: str, role: Role = Role.PLAYER, **kwargs: object) -> str:
    return issue_token(KEY, subject, role, **kwargs)  # type: ignore[arg-type]


class EngineProcess:
    """One ``python -m inferno_engine`` child process."""

    def __init__(self, redis_url: str, prefix: str, **env: str) -> None:
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT / "libs"), str(ROOT / "services" / "engine")]),
            "INFERNO_REDIS_URL": redis_url,
            "INFERNO_REDIS_PREFIX": prefix,
            "INFERNO_ENGINE_HOST": "127.0.0.1",
            "INFERNO_ENGINE_PORT": str(self.port),
            "INFERNO_TOKEN_KEY": KEY,
            "INFERNO_LOG_LEVEL": "WARNING",
            **env,
        }
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"engine-{self.port}.log"
        self.log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "inferno_engine"],
            env=environment,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self._wait_serving()

    def _wait_serving(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"engine exited: {self.log_path.read_text()}")
            try:
                with grpc.insecure_channel(self.address) as channel:
                    reply = health_pb2_grpc.HealthStub(channel).Check(
                        health_pb2.HealthCheckRequest(service="inferno.engine.v1.Engine"),
                        timeout=1,
                    )
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"engine did not start: {self.log_path.read_text()}")

    def kill(self) -> None:
        """SIGKILL: the process dies at once, mid-whatever."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.log.close()
        if not os.environ.get("INFERNO_KEEP_ENGINE_LOGS"):
            self.log_path.unlink(missing_ok=True)


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
