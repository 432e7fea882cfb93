"""A real engine (``python -m inferno_engine``) as a child process on a free port.

Shared by the engine's own tests and the cross-service ones: each starts engines against the
real Redis under the test's key prefix and stops them (SIGTERM, then SIGKILL) afterwards.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class EngineProcess:
    """One ``python -m inferno_engine`` child process."""

    def __init__(self, redis_url: str, prefix: str, key: str, **env: str) -> None:
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT / "libs"), str(ROOT / "services" / "engine")]),
            "INFERNO_REDIS_URL": redis_url,
            "INFERNO_REDIS_PREFIX": prefix,
            "INFERNO_ENGINE_HOST": "127.0.0.1",
            "INFERNO_ENGINE_PORT": str(self.port),
            "INFERNO_TOKEN_KEY": key,
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
