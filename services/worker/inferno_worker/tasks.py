"""The Celery tasks: thin wrappers that call :mod:`inferno_worker.moves` with the shared clients.

Each task takes the table id and the version it was scheduled for; all the checking lives in
``moves``. Engine or Redis unreachable → retried with exponential backoff; a bad argument →
:class:`~inferno_worker.moves.BadMove`, not retried. Every run is counted by outcome and timed
(:mod:`inferno_worker.metrics`); a timeout (against its deadline) and a delayed bot move
(against the end of its delay) and a real-time table's clock tick (against the moment the
game asked for) record how late they started and how late their move was committed (``due_ms``,
set by the timer that enqueued them).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import grpc
import redis
import structlog
from celery import current_task

from inferno_logs import bound

from . import metrics, moves
from .celery_app import app
from .resources import engine, records, ticks
from .settings import get_settings

log = structlog.get_logger("inferno_worker.tasks")


@contextmanager
def _ids(table_id: str) -> Iterator[None]:
    """The table id and this task's id (the request id its engine calls carry) on every line."""
    request = getattr(current_task, "request", None)
    with bound(table_id=table_id, request_id=getattr(request, "id", None)):
        yield


_TRANSIENT = (grpc.RpcError, redis.ConnectionError, redis.TimeoutError)
_RETRY = {
    "autoretry_for": _TRANSIENT,
    "retry_backoff": 0.2,
    "retry_backoff_max": 10,
    "retry_jitter": True,
    "max_retries": 8,
}


def _observed(task: str, run: Callable[[], str]) -> str:
    """Run one task's work, counting its outcome and timing it."""
    started = time.perf_counter()
    try:
        outcome = run()
    except moves.BadMove:
        metrics.TASKS.labels(task, "refused").inc()
        raise
    except Exception:
        metrics.TASKS.labels(task, "error").inc()  # retried if transient (see _RETRY)
        raise
    finally:
        metrics.TASK_SECONDS.labels(task).observe(time.perf_counter() - started)
    metrics.TASKS.labels(task, metrics.outcome_of(outcome)).inc()
    return outcome


def _started(task: str, due_ms: int) -> None:
    if due_ms:
        metrics.TIMER_LATENESS.labels(task, "started").observe(
            max(0.0, time.time() - due_ms / 1000)
        )


def _committed(task: str, due_ms: int, outcome: str) -> int:
    """Milliseconds from due to now; observed when the task's move was committed now."""
    late_ms = int(time.time() * 1000) - due_ms if due_ms else 0
    if due_ms and outcome in ("moved", "ticked"):
        metrics.TIMER_LATENESS.labels(task, "committed").observe(max(0, late_ms) / 1000)
    return late_ms


@app.task(name="inferno_worker.bot_move", **_RETRY)
def bot_move(table_id: str, version: int, seat: int, due_ms: int = 0) -> str:
    _started("bot_move", due_ms)
    with _ids(table_id):
        outcome = _observed(
            "bot_move",
            lambda: moves.bot_move(
                engine(), records(), get_settings().worker_bot, table_id, version, seat
            ),
        )
        late_ms = _committed("bot_move", due_ms, outcome)
        log.info("bot_move", version=version, seat=seat, outcome=outcome, late_ms=late_ms)
    pause_ms = get_settings().worker_fault_pause_after_submit_ms
    if pause_ms:
        time.sleep(pause_ms / 1000)
    return outcome


@app.task(name="inferno_worker.timeout_move", **_RETRY)
def timeout_move(table_id: str, version: int, seat: int, due_ms: int = 0) -> str:
    _started("timeout_move", due_ms)
    with _ids(table_id):
        outcome = _observed(
            "timeout_move", lambda: moves.timeout_move(engine(), table_id, version, seat)
        )
        late_ms = _committed("timeout_move", due_ms, outcome)
        log.info("timeout_move", version=version, seat=seat, outcome=outcome, late_ms=late_ms)
    return outcome


@app.task(name="inferno_worker.close_idle", **_RETRY)
def close_idle(table_id: str, version: int) -> str:
    with _ids(table_id):
        outcome = _observed("close_idle", lambda: moves.close_idle(engine(), table_id, version))
        log.info("close_idle", version=version, outcome=outcome)
    return outcome


@app.task(name="inferno_worker.clock_tick", **_RETRY)
def clock_tick(table_id: str, due_ms: int = 0) -> str:
    _started("clock_tick", due_ms)
    with _ids(table_id):
        outcome = _observed(
            "clock_tick", lambda: moves.clock_tick(engine(), ticks(), table_id, due_ms)
        )
        late_ms = _committed("clock_tick", due_ms, outcome)
        log.info("clock_tick", outcome=outcome, late_ms=late_ms)
    return outcome
