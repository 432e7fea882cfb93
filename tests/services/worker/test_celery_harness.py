"""Shared pieces of the worker's Celery tests (no tests here): real processes and tables.

Each test gets a real engine (``tests/support/engine_process.py``), a real Celery worker
process (``celery -A inferno_worker.celery_app worker``) and, when it wants clocks and bots to
follow the bus, the dispatcher (``python -m inferno_worker dispatch``), all against the real
Redis under the test's key prefix, and stops them afterwards.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2, engine_pb2_grpc
from tests.support.engine_process import ROOT, EngineProcess
from tests.support.json_logs import read_lines

KEY = "worker-test-key-0123456789abcdef0123456789"


def wait_until(check: Callable[[], object], timeout: float, what: str) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


class Child:
    """A worker-side child process with the test's settings; its output goes to a log file."""

    def __init__(self, args: list[str], env: dict[str, str], name: str) -> None:
        self.log_path = (
            Path(os.environ.get("TMPDIR", "/tmp")) / f"{name}-{uuid.uuid4().hex[:8]}.log"
        )
        self.log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            args, env=env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT
        )

    def text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def lines(self, **fields: object) -> list[dict[str, object]]:
        """The JSON log lines (inferno_logs) that have these fields."""
        return read_lines(self.log_path, **fields)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()
        if not os.environ.get("INFERNO_KEEP_ENGINE_LOGS"):
            self.log_path.unlink(missing_ok=True)


class Stack:
    """Engine + worker processes for one test."""

    def __init__(self, redis_url: str, prefix: str) -> None:
        self.redis_url = redis_url
        self.prefix = prefix
        self.engine = EngineProcess(redis_url, prefix, KEY)
        self.children: list[Child] = []
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                [str(ROOT), str(ROOT / "libs"), str(ROOT / "services" / "worker")]
            ),
            "INFERNO_REDIS_URL": redis_url,
            "INFERNO_REDIS_PREFIX": prefix,
            "INFERNO_TOKEN_KEY": KEY,
            "INFERNO_ENGINE_ADDRESS": self.engine.address,
            "INFERNO_WORKER_BOT_DELAY_MS": "0",
            "INFERNO_WORKER_VISIBILITY_TIMEOUT_S": "3",
            "INFERNO_LOG_LEVEL": "INFO",
        }
        self.channel = grpc.insecure_channel(self.engine.address)
        self.stub = engine_pb2_grpc.EngineStub(self.channel)
        self.service = [("authorization", f"Bearer {issue_token(KEY, 'test', Role.SERVICE)}")]

    def worker(self, *, heartbeat: bool = False, **env: str) -> Child:
        """A Celery worker; ``heartbeat`` keeps its event dispatcher (worker heartbeats), which
        ``celery control enable_events`` needs when task events are off at start."""
        args = [
            sys.executable, "-m", "celery", "-A", "inferno_worker.celery_app", "worker",
            "--pool=threads", "-c", "4", "--loglevel=INFO", "-n", f"w{uuid.uuid4().hex[:6]}@%h",
            "--without-gossip", "--without-mingle",
        ] + ([] if heartbeat else ["--without-heartbeat"])  # fmt: skip
        child = Child(args, {**self.env, **env}, "celery-worker")
        self.children.append(child)
        return child

    def dispatcher(self, **env: str) -> Child:
        child = Child(
            [sys.executable, "-m", "inferno_worker", "dispatch"], {**self.env, **env}, "dispatch"
        )
        self.children.append(child)
        return child

    def create_table(
        self, table_id: str, seats: list[tuple[str, bool]], turn_seconds: int = 0, **clock: int
    ) -> int:
        """A new Oh Hell table; ``clock``: bank_seconds, increment_seconds, grace_seconds."""
        request = engine_pb2.CreateTableRequest(
            table_id=table_id, game="oh_hell", turn_seconds=turn_seconds, **clock
        )
        for player_id, bot in seats:
            request.seats.add(player_id=player_id, name=player_id.title(), bot=bot)
        return self.stub.CreateTable(request, metadata=self.service).version

    def view(self, table_id: str, seat: int | None = None) -> engine_pb2.GetViewResponse:
        request = engine_pb2.GetViewRequest(table_id=table_id)
        if seat is not None:
            request.seat = seat
        return self.stub.GetView(request, metadata=self.service)

    def events(self, table_id: str) -> list[engine_pb2.Event]:
        """Every event of the table (public view), read from the engine's stream."""
        request = engine_pb2.StreamEventsRequest(table_id=table_id)
        out: list[engine_pb2.Event] = []
        stream = self.stub.StreamEvents(request, metadata=self.service, timeout=5)
        try:
            for batch in stream:
                out.extend(batch.events)
                if out and out[-1].id == self.view(table_id).last_event_id:
                    break
        finally:
            stream.cancel()
        return out

    def close(self) -> None:
        for child in self.children:
            child.stop()
        self.channel.close()
        self.engine.stop()


@pytest.fixture(name="stack")
def stack_fixture(redis_url: str, redis_prefix: str) -> Iterator[Stack]:
    s = Stack(redis_url, redis_prefix)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(name="send_task")
def send_task_fixture(
    stack: Stack, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., None]]:
    """Enqueue a task by name on the test's broker, as the dispatcher would."""
    for name in ("INFERNO_REDIS_URL", "INFERNO_REDIS_PREFIX", "INFERNO_TOKEN_KEY"):
        monkeypatch.setenv(name, stack.env[name])
    from inferno_worker.celery_app import make_app
    from inferno_worker.settings import get_settings

    get_settings.cache_clear()
    app = make_app()

    def send(name: str, *args: object) -> None:
        app.send_task(f"inferno_worker.{name}", args=args)

    yield send
    app.close()
    get_settings.cache_clear()
