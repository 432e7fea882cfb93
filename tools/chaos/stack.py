"""The stack of killable processes: a private Redis, a fresh database, every platform service.

Redis is the chaos run's own ``redis-server`` (``--appendonly yes --appendfsync always``, data
in a temporary directory, a free port on 127.0.0.1), so a write Redis acknowledged survives a
SIGKILL; the machine's shared Redis is never touched. PostgreSQL is the local server, with a
database created for the run and dropped at the end. The services are those ``make run``
starts (:data:`inferno_cli.stack.SERVICES`), on free ports, with the worker's bot delay at 0
and reconciliation after 2 s. Each process can be SIGKILLed (:meth:`ChaosStack.kill`) and
started again (:meth:`ChaosStack.restart`), waiting for its health check.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis as redis_lib

from inferno_cli.stack import SERVICES, Ports, Service

ROOT = Path(__file__).resolve().parents[2]

#: What the chaos run can kill: Redis, then the services in ``make run``'s order.
KINDS = ("redis", *(s.name for s in SERVICES))

#: The worker's settings for the run (docs/worker.md): bots move at once, a table whose
#: decision has had no change for 2 s is looked at again every second.
WORKER_ENV = {
    "INFERNO_WORKER_BOT_DELAY_MS": "0",
    "INFERNO_WORKER_RECONCILE_AFTER_MS": "2000",
    "INFERNO_WORKER_RECONCILE_EVERY_S": "1",
    "INFERNO_WORKER_VISIBILITY_TIMEOUT_S": "10",
    "INFERNO_WORKER_IDLE_CLOSE_S": "0",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Proc:
    """One killable process: how to start it, how to know it is ready, its current process."""

    name: str
    argv: list[str]
    env: dict[str, str]
    ready: object  # () -> bool
    log: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0
    died_alone: int = 0
    down_since: float | None = field(default=None)

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.argv,
                env=self.env,
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.starts += 1

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def is_ready(self) -> bool:
        return bool(self.ready())  # type: ignore[operator]

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(15)


class StackError(RuntimeError):
    pass


class ChaosStack:
    """Redis, a fresh database and every service, each one killable and restartable."""

    def __init__(
        self,
        postgres_url: str = "postgresql://postgres@127.0.0.1:5432/postgres",
        start_timeout: float = 90.0,
        keep: bool = False,
    ) -> None:
        self.admin_url = postgres_url
        self.start_timeout = start_timeout
        self.keep = keep
        self.dir = Path(tempfile.mkdtemp(prefix="inferno-chaos-"))
        self.logs = self.dir / "logs"
        self.logs.mkdir()
        self.key = secrets.token_urlsafe(48)
        self.prefix = "inferno:"
        self.redis_port = free_port()
        self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.database = f"inferno_chaos_{uuid.uuid4().hex[:10]}"
        base = postgres_url.rsplit("/", 1)[0]
        self.database_url = f"{base}/{self.database}"
        self.ports = Ports(free_port(), free_port(), free_port(), free_port(), free_port())
        self.procs: dict[str, Proc] = {}
        self._db_created = False

    # ------------------------------------------------------------------ building the processes

    def _redis_proc(self) -> Proc:
        binary = os.environ.get("INFERNO_REDIS_SERVER") or shutil.which("redis-server")
        if not binary:
            raise StackError("redis-server is not on the PATH (or INFERNO_REDIS_SERVER)")
        data = self.dir / "redis"
        data.mkdir(exist_ok=True)
        argv = [
            binary, "--bind", "127.0.0.1", "--port", str(self.redis_port), "--dir", str(data),
            "--appendonly", "yes", "--appendfsync", "always", "--save", "",
            "--protected-mode", "no", "--daemonize", "no",
        ]  # fmt: skip

        def ready() -> bool:
            try:
                client = redis_lib.Redis(port=self.redis_port, socket_timeout=1)
                try:
                    return bool(client.ping())
                finally:
                    client.close()
            except redis_lib.RedisError:
                return False

        return Proc("redis", argv, dict(os.environ), ready, self.logs / "redis.log")

    def _service_proc(self, service: Service) -> Proc:
        path = os.pathsep.join(
            str(ROOT / p)
            for p in (
                "libs", "services/engine", "services/scoring", "services/lobby",
                "services/worker", "services/cli",
            )
        )  # fmt: skip
        env = {
            **os.environ,
            "PYTHONPATH": path + os.pathsep + os.environ.get("PYTHONPATH", ""),
            "INFERNO_ENV": "local",
            "INFERNO_REDIS_URL": self.redis_url,
            "INFERNO_REDIS_PREFIX": self.prefix,
            "INFERNO_DATABASE_URL": self.database_url,
            "INFERNO_TOKEN_KEY": self.key,
            "INFERNO_LOG_LEVEL": "INFO",
            **WORKER_ENV,
            **service.env(self.ports, self.key),
        }
        argv = [sys.executable, "-m", service.module, *service.args]
        ports = self.ports
        return Proc(
            service.name, argv, env, lambda: service.ready(ports), self.logs / f"{service.name}.log"
        )

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.database}"')
        self._db_created = True
        self.procs["redis"] = self._redis_proc()
        for service in SERVICES:
            self.procs[service.name] = self._service_proc(service)
        for name in KINDS:
            self.procs[name].start()
            self.wait_ready(name)

    def wait_ready(self, name: str, timeout: float | None = None) -> float:
        """Wait until ``name`` answers its health check; returns the seconds it took."""
        proc = self.procs[name]
        began = time.monotonic()
        deadline = began + (timeout or self.start_timeout)
        while not proc.is_ready():
            if not proc.alive():
                # A service may exit when a dependency is down as it starts: start it again.
                time.sleep(0.5)
                proc.start()
            if time.monotonic() > deadline:
                raise StackError(f"{name} did not become ready in time; see {proc.log}")
            time.sleep(0.1)
        proc.down_since = None
        return time.monotonic() - began

    def kill(self, name: str) -> None:
        proc = self.procs[name]
        proc.kill(signal.SIGKILL)
        proc.down_since = time.monotonic()

    def restart(self, name: str) -> float:
        self.procs[name].start()
        return self.wait_ready(name)

    def revive_dead(self) -> list[str]:
        """Start again every process that died without being killed; their names."""
        revived = []
        for name, proc in self.procs.items():
            if proc.process is not None and not proc.alive() and proc.down_since is None:
                proc.died_alone += 1
                proc.start()
                revived.append(name)
        return revived

    def stop(self, keep_files: bool = False) -> None:
        """Stop everything; drop the database unless ``keep``, remove the temporary directory
        (logs, Redis data) unless ``keep`` or ``keep_files``."""
        # All at once (nothing is left to finish gracefully): SIGTERM, 10 s, then SIGKILL.
        alive = [p for p in self.procs.values() if p.alive()]
        for proc in alive:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.process.pid, signal.SIGTERM)  # type: ignore[union-attr]
        deadline = time.monotonic() + 10
        for proc in alive:
            try:
                proc.process.wait(max(0.1, deadline - time.monotonic()))  # type: ignore[union-attr]
            except subprocess.TimeoutExpired:
                proc.kill(signal.SIGKILL)
        if self._db_created and not self.keep:
            try:
                with psycopg.connect(self.admin_url, autocommit=True) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
            except psycopg.Error as err:
                print(f"[chaos] could not drop {self.database}: {err}", file=sys.stderr)
        if not (self.keep or keep_files):
            shutil.rmtree(self.dir, ignore_errors=True)
