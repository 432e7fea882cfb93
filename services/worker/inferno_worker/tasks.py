"""The Celery tasks: thin wrappers that take ids, re-read the table and make one move.

``bot_move`` and ``timeout_move`` retry with exponential backoff when the engine or Redis is
unreachable; bad arguments fail at once with a message (retrying would not help); a table that
moved on is a normal outcome, logged and acknowledged. No task waits on another.
"""

from __future__ import annotations

import logging
import time

import grpc
import redis

from . import moves
from .celery_app import app
from .resources import engine, records
from .settings import get_settings

log = logging.getLogger(__name__)

_RETRY = {
    "autoretry_for": (grpc.RpcError, redis.ConnectionError, redis.TimeoutError),
    "retry_backoff": 0.2,
    "retry_backoff_max": 10,
    "retry_jitter": True,
    "max_retries": 8,
}


@app.task(name="inferno_worker.bot_move", **_RETRY)
def bot_move(table_id: str, version: int, seat: int) -> str:
    outcome = moves.bot_move(
        engine(), records(), get_settings().worker_bot, table_id, version, seat
    )
    log.info("bot move table=%s version=%s seat=%s: %s", table_id, version, seat, outcome)
    pause_ms = get_settings().worker_fault_pause_after_submit_ms
    if pause_ms:
        time.sleep(pause_ms / 1000)
    return outcome


@app.task(name="inferno_worker.timeout_move", **_RETRY)
def timeout_move(table_id: str, version: int, seat: int, due_ms: int = 0) -> str:
    outcome = moves.timeout_move(engine(), table_id, version, seat)
    late = int(time.time() * 1000) - due_ms if due_ms else 0
    log.info(
        "timeout move table=%s version=%s seat=%s late_ms=%s: %s",
        table_id,
        version,
        seat,
        late,
        outcome,
    )
    return outcome


@app.task(name="inferno_worker.close_idle", **_RETRY)
def close_idle(table_id: str, version: int) -> str:
    outcome = moves.close_idle(engine(), table_id, version)
    log.info("close idle table=%s version=%s: %s", table_id, version, outcome)
    return outcome
