"""The worker and the dispatcher ride out Redis restarts (issue 22.2).

A redis-server of the test's own (a free port, ``--appendonly yes --appendfsync always`` in a
temporary directory, so what Redis acknowledged survives) under a real engine, a real Celery
worker started with ``make run``'s arguments (:data:`inferno_cli.stack.SERVICES`) and the
dispatcher. Four Oh Hell tables of four bots play while that Redis is stopped (SIGKILL and
SIGTERM in turn) and started again on the same port and directory, ten times. Both worker
processes must still run, every table must finish (the reconciliation pass, docs/worker.md,
reschedules work a restart lost), and the logs must hold no AttributeError (a broker channel
closed after a Redis restart once raised one, and the Celery worker exited).

Also, without restarts: that channel's close after its transport was released (the code
path that raised the AttributeError) gives its unacknowledged task back.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import redis

from inferno_cli.stack import SERVICES
from inferno_proto import engine_pb2
from tests.support.engine_process import free_port

from .test_celery_harness import KEY, Child, Stack, wait_until

BOTS = [("bot-a", True), ("bot-b", True), ("bot-c", True), ("bot-d", True)]
TABLES = 4
RESTARTS = 10


class RedisServer:
    """A redis-server of the test's own that can be SIGKILLed and started again."""

    def __init__(self) -> None:
        binary = os.environ.get("INFERNO_REDIS_SERVER") or shutil.which("redis-server")
        if not binary:
            pytest.skip("redis-server is not on the PATH")
        self.dir = Path(tempfile.mkdtemp(prefix="inferno-redis-restarts-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.argv = [
            binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.dir),
            "--appendonly", "yes", "--appendfsync", "always", "--save", "",
            "--protected-mode", "no", "--daemonize", "no",
        ]  # fmt: skip
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def ping(self) -> bool:
        client = redis.Redis(port=self.port, socket_timeout=1)
        try:
            return bool(client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def start(self) -> None:
        log = (self.dir / "redis.log").open("ab")
        self.process = subprocess.Popen(
            self.argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        log.close()
        wait_until(self.ping, 20, "redis-server to answer")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def shutdown(self) -> None:
        """A clean stop: SIGTERM is Redis's SHUTDOWN (AOF fsynced, clients disconnected)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(10)

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def _worker_args() -> list[str]:
    """The Celery worker exactly as ``make run`` starts it, with fewer threads."""
    (service,) = [s for s in SERVICES if s.name == "worker"]
    args = [a for a in service.args if not a.startswith("--concurrency")]
    return [sys.executable, "-m", service.module, *args, "--concurrency=8"]


def _status(stack: Stack, table_id: str) -> int | None:
    request = engine_pb2.GetViewRequest(table_id=table_id)
    try:
        return stack.stub.GetView(request, metadata=stack.service, timeout=2).status
    except Exception:  # the engine may be between Redis connections
        return None


@pytest.mark.timeout(240)
def test_worker_and_dispatcher_ride_out_ten_redis_restarts_under_load() -> None:
    server = RedisServer()
    stack = Stack(server.url, "inferno:")
    env = {
        "INFERNO_WORKER_RECONCILE_AFTER_MS": "2000",
        "INFERNO_WORKER_RECONCILE_EVERY_S": "1",
        "INFERNO_WORKER_IDLE_CLOSE_S": "0",
    }
    began = time.monotonic()
    try:
        worker = Child(_worker_args(), {**stack.env, **env}, "celery-worker")
        stack.children.append(worker)
        dispatcher = stack.dispatcher(**env)
        wait_until(lambda: "ready" in worker.text(), 60, "the Celery worker to start")
        wait_until(lambda: "dispatcher and timer running" in dispatcher.text(), 30, "dispatch")
        tables = [f"r{i}" for i in range(TABLES)]
        for table_id in tables:
            stack.create_table(table_id, BOTS)
        playing = []  # tables not finished when Redis went down, restart by restart
        downtimes = []  # seconds from stopping Redis to its answering again
        for restart in range(RESTARTS):
            time.sleep(1.5)
            playing.append(
                sum(_status(stack, t) != engine_pb2.TABLE_STATUS_FINISHED for t in tables)
            )
            # Half of them a SIGKILL, half a clean shutdown; down for half a second.
            down = time.monotonic()
            server.kill() if restart % 2 == 0 else server.shutdown()
            time.sleep(0.5)
            server.start()
            downtimes.append(round(time.monotonic() - down, 1))
            assert worker.process.poll() is None, worker.text()[-4000:]
            assert dispatcher.process.poll() is None, dispatcher.text()[-4000:]
        restarted = time.monotonic() - began
        assert playing[-1] > 0, f"the tables finished before the last restart: {playing}"

        def all_finished() -> bool:
            return all(_status(stack, t) == engine_pb2.TABLE_STATUS_FINISHED for t in tables)

        wait_until(all_finished, 150, "every table to finish")
        assert worker.process.poll() is None, worker.text()[-4000:]
        assert dispatcher.process.poll() is None, dispatcher.text()[-4000:]
        assert "AttributeError" not in worker.text()
        assert "Error on restarting" not in worker.text()
        assert "Unrecoverable error" not in worker.text()
        assert "AttributeError" not in dispatcher.text()
        print(
            f"{RESTARTS} restarts in {restarted:.0f} s (tables playing at each: {playing}, "
            f"Redis down for {downtimes} s), "
            f"{TABLES} tables finished {time.monotonic() - began:.0f} s after the start"
        )
    finally:
        stack.close()
        server.close()


def test_a_channel_closed_after_its_transport_was_released_gives_unacked_tasks_back(
    redis_url: str, redis_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's path after Redis went away: the consumer's ``collect()`` could not close
    the channel (its BRPOP socket was dead) but released the transport; the later ``close()``
    drops the channel's pools and gives its unacknowledged task back, which needs a new pool
    (once ``AttributeError: 'NoneType' object has no attribute 'hostname'``, and the worker
    exited)."""
    monkeypatch.setenv("INFERNO_REDIS_URL", redis_url)
    monkeypatch.setenv("INFERNO_REDIS_PREFIX", redis_prefix)
    monkeypatch.setenv("INFERNO_TOKEN_KEY", KEY)
    from inferno_worker.celery_app import QUEUE, make_app
    from inferno_worker.settings import get_settings

    get_settings.cache_clear()
    app = make_app()
    client = redis.Redis.from_url(redis_url)
    try:
        conn = app.connection()
        app.send_task("inferno_worker.bot_move", args=("t", 1, 0), connection=conn)
        channel = conn.default_channel
        message = channel.basic_get(QUEUE, no_ack=False)
        assert message is not None
        assert client.llen(f"{redis_prefix}{QUEUE}") == 0
        assert client.hlen(f"{redis_prefix}unacked") == 1
        channel._disconnect_pools()
        conn._do_close_transport()  # what Connection.collect() ends with
        assert channel.connection.client is None
        conn.close()  # the consumer's close after collect(): the channel closes now
        assert channel.closed
        assert client.llen(f"{redis_prefix}{QUEUE}") == 1
        assert client.hlen(f"{redis_prefix}unacked") == 0
        assert channel._pool is None and channel._sync_client is None
    finally:
        client.close()
        app.close()
        get_settings.cache_clear()
