"""Operators see the workers: metrics, health, Celery task events; and bot delays in Redis.

Real engine, Redis, Celery worker and dispatcher processes: both serve ``/metrics`` (tasks by
outcome, timer lateness, what was enqueued, tables followed) and ``/health/*``; a dispatcher
whose Redis is unreachable says so with 503; ``python -m inferno_worker health`` answers 0 with
a worker up and 1 (with a sentence) without; a worker's tasks show up as Celery task events.
Bots wait out their delay in a Redis sorted set that the timer fires, never before it is due.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import redis
from prometheus_client.parser import text_string_to_metric_families

from inferno_bus.envelope import stream_key
from tests.support.engine_process import free_port

from .test_celery_harness import (  # noqa: F401 (fixtures)
    Stack,
    stack_fixture,
    wait_until,
)

BOTS = [("bot-a", True), ("bot-b", True), ("bot-c", True), ("bot-d", True)]
SILENT = [("ana", False), ("bo", False), ("cy", False)]


def _get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()
    except OSError:
        return 0, ""


def _samples(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    _, text = _get(port, "/metrics")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def _value(port: int, name: str, **labels: str) -> float:
    return _samples(port).get((name, tuple(sorted(labels.items()))), 0.0)


def test_worker_and_dispatcher_serve_metrics_and_health(stack: Stack) -> None:
    worker_port, dispatch_port = free_port(), free_port()
    worker = stack.worker(INFERNO_WORKER_METRICS_PORT=str(worker_port))
    stack.dispatcher(
        INFERNO_WORKER_DISPATCH_METRICS_PORT=str(dispatch_port), INFERNO_WORKER_TURN_MS="300"
    )
    stack.create_table("bots", BOTS)
    stack.create_table("quiet", SILENT)
    moved = "inferno_worker_tasks_total"
    wait_until(
        lambda: _value(worker_port, moved, task="bot_move", outcome="moved") >= 5, 60, "bot moves"
    )
    wait_until(
        lambda: _value(worker_port, moved, task="timeout_move", outcome="moved") >= 2,
        60,
        "timeouts",
    )
    lateness = "inferno_worker_timer_lateness_seconds_count"
    for stage in ("started", "committed"):
        assert _value(worker_port, lateness, task="timeout_move", stage=stage) >= 2
    assert _value(worker_port, "inferno_worker_task_seconds_count", task="bot_move") >= 5
    enqueued = "inferno_worker_enqueued_total"
    assert _value(dispatch_port, enqueued, task="bot_move") >= 5
    assert _value(dispatch_port, enqueued, task="timeout_move") >= 2
    wait_until(
        lambda: _value(dispatch_port, "inferno_worker_tables_followed") == 2, 10, "the gauge"
    )
    assert _value(dispatch_port, "inferno_worker_event_lag_seconds_count") >= 5
    stream = stream_key(stack.prefix, "tables")
    assert _value(
        dispatch_port,
        "inferno_bus_messages_total",
        stream=stream,
        group="worker",
        outcome="handled",
    )
    # Celery's plain-text superuser warning is a JSON line (these tests run as root).
    assert "superuser privileges" not in worker.text()
    if os.geteuid() == 0:
        assert worker.lines(event="worker_runs_as_root", level="warning")
    for port in (worker_port, dispatch_port):
        assert _get(port, "/health/live") == (200, '{"status": "ok"}')
        code, body = _get(port, "/health/ready")
        assert code == 200, body
        assert json.loads(body)["status"] == "ok"
        code, body = _get(port, "/nothing-here")
        assert code == 404 and "/metrics" in body
    assert json.loads(_get(worker_port, "/health/ready")[1])["checks"] == {
        "worker": "ok",
        "broker": "ok",
    }
    assert json.loads(_get(dispatch_port, "/health/ready")[1])["checks"] == {
        "bus": "ok",
        "timer": "ok",
    }


def test_a_dispatcher_that_cannot_reach_redis_is_not_ready(stack: Stack) -> None:
    port = free_port()
    stack.dispatcher(
        INFERNO_WORKER_DISPATCH_METRICS_PORT=str(port),
        INFERNO_REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
    )
    wait_until(lambda: _get(port, "/health/live")[0] == 200, 30, "the dispatcher to start")

    def ready() -> tuple[int, dict]:
        code, body = _get(port, "/health/ready")
        return code, json.loads(body)

    # Not ready from the start ("not started"), then with the reason once it has tried.
    assert ready()[0] == 503
    wait_until(lambda: "redis unreachable" in ready()[1]["checks"]["bus"], 10, "the reason")
    code, reply = ready()
    assert code == 503 and reply["status"] == "unavailable"
    # The timer loop cannot reach Redis either: after a few seconds it says so too.
    wait_until(lambda: ready()[1]["checks"]["timer"] != "ok", 15, "the timer check")
    assert "no Redis answer" in ready()[1]["checks"]["timer"]


def test_health_command_answers_with_and_without_a_worker(stack: Stack) -> None:
    def health() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "inferno_worker", "health", "--timeout", "2"],
            env=stack.env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    none = health()
    assert none.returncode == 1
    assert "no Celery worker answered" in none.stderr
    worker = stack.worker()
    wait_until(lambda: "ready" in worker.text(), 30, "the worker to start")
    up = health()
    assert up.returncode == 0, up.stderr
    assert "pong" in up.stdout


def test_tasks_show_up_as_celery_task_events_once_switched_on(stack: Stack, monkeypatch) -> None:
    for name in ("INFERNO_REDIS_URL", "INFERNO_REDIS_PREFIX", "INFERNO_TOKEN_KEY"):
        monkeypatch.setenv(name, stack.env[name])
    from inferno_worker.celery_app import make_app
    from inferno_worker.settings import get_settings

    get_settings.cache_clear()
    app = make_app()
    seen: list[dict] = []
    listening = threading.Event()

    def listen() -> None:
        with app.connection() as conn:
            receiver = app.events.Receiver(conn, handlers={"*": seen.append})
            listening.set()
            with contextlib.suppress(TimeoutError):
                receiver.capture(limit=None, timeout=40, wakeup=False)

    def kinds() -> set[str]:
        return {e["type"] for e in list(seen) if e.get("type", "").startswith("task-")}

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    try:
        listening.wait(10)
        time.sleep(0.5)  # the receiver subscribes after declaring its queue
        worker = stack.worker(heartbeat=True)  # task events off at start: the default
        wait_until(lambda: "ready" in worker.text(), 30, "the worker to start")
        stack.dispatcher(INFERNO_WORKER_SENT_EVENTS="true")
        stack.create_table("seen", BOTS)
        wait_until(lambda: "task-sent" in kinds(), 30, "task-sent events from the dispatcher")
        time.sleep(1.0)
        assert "task-received" not in kinds()  # the worker sends none until asked
        # An operator switches them on while watching (Flower does this by itself).
        enable = subprocess.run(
            [sys.executable, "-m", "celery", "-A", "inferno_worker.celery_app", "control",
             "enable_events"],
            env=stack.env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert enable.returncode == 0, enable.stderr
        assert "task events enabled" in enable.stdout
        stack.create_table("seen-2", BOTS)  # the first game may be over by now
        wait_until(
            lambda: {"task-received", "task-started", "task-succeeded"} <= kinds(),
            30,
            "the worker's task events",
        )
        names = {e.get("name") for e in list(seen) if e["type"] == "task-received"}
        assert "inferno_worker.bot_move" in names
    finally:
        app.close()
        get_settings.cache_clear()


def test_bots_wait_out_their_delay_in_redis_and_the_timer_fires_them(
    redis_url: str, redis_prefix: str
) -> None:
    from inferno_worker.dispatch import Timer
    from inferno_worker.due_moves import DueMoves
    from inferno_worker.table_records import TableRecords

    client = redis.Redis.from_url(redis_url)
    fired: list[tuple[str, int, int, int]] = []
    due_moves = DueMoves(client, redis_prefix)
    timer = Timer(
        TableRecords(client, redis_prefix),
        lambda *args: None,
        due_moves=due_moves,
        enqueue_bot=lambda *args: fired.append(args),
        max_wait_s=5.0,
    )
    try:
        now = int(time.time() * 1000)
        due_moves.add("t", 4, 2, now + 400)
        due_moves.add("u", 9, 0, now - 10)
        assert timer.tick() == 1 and fired == [("u", 9, 0, now - 10)]
        assert due_moves.count() == 1
        # The loop sleeps until the next one is due (not the 5 s cap), then fires it.
        assert 0.2 < timer.seconds_to_next() <= 0.4
        thread = threading.Thread(target=timer.run, daemon=True)
        thread.start()
        wait_until(lambda: len(fired) == 2, 3, "the delayed bot move")
        assert fired[1][:3] == ("t", 4, 2) and time.time() * 1000 >= now + 400
        # A deadline set in this process wakes the sleeping loop at once.
        late = int(time.time() * 1000) + 60_000
        timer.deadline_set(late)  # later than its next look: no wake needed
        woke = time.monotonic()
        due_moves.add("v", 1, 3, int(time.time() * 1000))
        timer.deadline_set(int(time.time() * 1000))
        wait_until(lambda: len(fired) == 3, 2, "the woken timer")
        assert time.monotonic() - woke < 1.0 and due_moves.count() == 0
        # More due at once than the timer reads per look: all of them fire, in due order.
        now = int(time.time() * 1000)
        for i in range(75):
            due_moves.add("w", i + 1, 0, now - 1000 + i)
        timer.deadline_set(now)
        wait_until(lambda: len(fired) == 78, 5, "75 moves due at once")
        assert [f[1] for f in fired[3:]] == list(range(1, 76))
        timer.stop()
        thread.join(5)
        assert not thread.is_alive()
    finally:
        client.close()


def test_bot_tables_with_a_delay_keep_it_between_moves(stack: Stack) -> None:
    stack.worker()
    stack.dispatcher(INFERNO_WORKER_BOT_DELAY_MS="300")
    stack.create_table("slow", BOTS)
    client = redis.Redis.from_url(stack.redis_url)
    stream = stream_key(stack.prefix, "tables")
    try:

        def moves() -> list[int]:
            return [
                int(entry_id.decode().split("-")[0])
                for entry_id, fields in client.xrange(stream)
                if fields[b"type"] == b"table.action_applied" and fields[b"table"] == b"slow"
            ]

        wait_until(lambda: len(moves()) >= 6, 60, "six bot moves")
        times = moves()
        # Each move comes at least the delay after the one before it, and not much later.
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert min(gaps) >= 300, gaps
        assert max(gaps) < 3000, gaps
        assert client.zcard(f"{stack.prefix}worker:bot_due") <= 1
    finally:
        client.close()


def test_help_needs_no_settings_and_a_missing_key_says_what_to_set() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "INFERNO_TOKEN_KEY"}
    shown = subprocess.run(
        [sys.executable, "-m", "inferno_worker", "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert "dispatch" in shown.stdout and "INFERNO_TOKEN_KEY" in shown.stdout
    refused = subprocess.run(
        [sys.executable, "-m", "inferno_worker", "dispatch"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2
    assert "needs INFERNO_TOKEN_KEY" in refused.stderr and "Traceback" not in refused.stderr
