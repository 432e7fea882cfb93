"""The dispatcher process (``python -m inferno_worker dispatch``): the bus consumer in the main
thread, the timer loop (deadlines, bots' delays, clock ticks, reconciliation) in a second one,
and the Celery producer that enqueues the tasks; also the workers' health ping.

Imported only once a command runs, so ``--help`` needs no settings.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
import time
from collections.abc import Mapping, Sequence

from kombu import Producer

from inferno_bus.consumer import Consumer, Message, stop_on_signals

from . import metrics, tasks
from .dispatch import Dispatcher, Timer
from .due_moves import DueMoves
from .due_ticks import DueTicks
from .reconcile import Reconciler
from .resources import engine, records, redis_client
from .settings import get_settings

log = logging.getLogger("inferno_worker")

#: The timer loop counts as stuck (not ready) when it has not reached Redis for this long.
TIMER_STUCK_S = 5.0


_local = threading.local()


def _producer() -> Producer:
    """This thread's own producer, kept (taking one from Celery's pool for every task was a
    sixth of the cost of enqueueing it). Its connection reconnects on its own when it breaks."""
    producer = getattr(_local, "producer", None)
    if producer is None:
        producer = _local.producer = tasks.app.producer_pool.acquire(block=True)
    return producer


def enqueue_now(task: str, table_id: str, version: int, seat: int, due_ms: int = 0) -> None:
    target = tasks.bot_move if task == "bot_move" else tasks.timeout_move
    target.apply_async(
        (table_id, version, seat), {"due_ms": due_ms} if due_ms else None, producer=_producer()
    )
    metrics.ENQUEUED.labels(task).inc()


def enqueue_timeout(table_id: str, version: int, seat: int, due_ms: int) -> None:
    enqueue_now("timeout_move", table_id, version, seat, due_ms)


def enqueue_tick(table_id: str, due_ms: int) -> None:
    tasks.clock_tick.apply_async((table_id,), {"due_ms": due_ms}, producer=_producer())
    metrics.ENQUEUED.labels("clock_tick").inc()


def enqueue_close(table_id: str, version: int) -> None:
    tasks.close_idle.apply_async((table_id, version), producer=_producer())
    metrics.ENQUEUED.labels("close_idle").inc()


def dispatch_checks(consumer: Consumer, timer: Timer) -> dict[str, str | None]:
    """Readiness of the dispatcher: its bus reads succeed and its timer loop is alive."""
    stuck = time.monotonic() - timer.last_ok
    return {
        "bus": None if consumer.ready else f"failed: {consumer.last_error or 'not started'}",
        "timer": None if stuck < TIMER_STUCK_S else f"no Redis answer for {stuck:.0f} s",
    }


def run_dispatch() -> None:
    settings = get_settings()
    table_records = records()
    due_moves = DueMoves(redis_client(), settings.redis_prefix)
    due_ticks = DueTicks(redis_client(), settings.redis_prefix)

    def enqueue(task: str, table_id: str, version: int, seat: int, delay_s: float) -> None:
        """Now, or (a bot's human-like delay) when the timer finds it due."""
        if delay_s <= 0:
            enqueue_now(task, table_id, version, seat)
            return
        due_ms = int(time.time() * 1000 + delay_s * 1000)
        due_moves.add(table_id, version, seat, due_ms)
        timer.deadline_set(due_ms)

    dispatcher = Dispatcher(
        table_records,
        engine(),
        enqueue,
        bot_delay_ms=settings.worker_bot_delay_ms,
        default_turn_ms=settings.worker_turn_ms,
        default_grace_ms=settings.worker_grace_ms,
        abandon_after=settings.worker_abandon_after,
        ticks=due_ticks,
        real_time_think_ms=settings.worker_real_time_think_ms,
    )

    def handle(batch: Sequence[Message]) -> Mapping[str, str] | None:
        now = time.time()
        for message in batch:  # a stream entry's id starts with its commit time in ms
            metrics.EVENT_LAG.observe(max(0.0, now - int(message.entry_id.split("-")[0]) / 1000))
        return dispatcher.handle(batch)

    consumer = Consumer(
        redis_client(),
        settings.redis_prefix,
        "worker",
        f"{socket.gethostname()}-{os.getpid()}",
        handle,
    )
    reconciler = Reconciler(
        table_records,
        engine(),
        dispatcher,
        due_moves,
        stall_ms=settings.worker_reconcile_after_ms,
    )
    timer = Timer(
        table_records,
        enqueue_timeout,
        enqueue_close,
        settings.worker_idle_close_s * 1000,
        due_moves=due_moves,
        enqueue_bot=lambda table_id, version, seat, due_ms: enqueue_now(
            "bot_move", table_id, version, seat, due_ms
        ),
        due_ticks=due_ticks,
        enqueue_tick=enqueue_tick,
        max_wait_s=settings.worker_timer_poll_ms / 1000,
        reconcile=reconciler.run_once if settings.worker_reconcile_after_ms else None,
        reconcile_every_s=settings.worker_reconcile_every_s,
    )
    table_records.on_deadline = timer.deadline_set

    def stop() -> None:
        consumer.stop()
        timer.stop()

    stop_on_signals(stop)
    if settings.worker_dispatch_metrics_port:
        from . import ops_server

        ops_server.serve(
            settings.worker_dispatch_metrics_port,
            lambda: dispatch_checks(consumer, timer),
            settings.worker_metrics_host,
        )
    thread = threading.Thread(target=timer.run, name="timer", daemon=True)
    thread.start()
    log.info("dispatcher and timer running")
    consumer.run()
    timer.stop()
    thread.join(5)


def health(timeout_s: float) -> int:
    """Ping the Celery workers over the broker; print who answered; 0 if anyone did."""
    from .celery_app import app

    replies = app.control.ping(timeout=timeout_s) or []
    for reply in replies:
        for name, answer in reply.items():
            print(f"{name}: {answer.get('ok', answer)}")
    if not replies:
        print(f"no Celery worker answered within {timeout_s:g} s", file=sys.stderr)
        return 1
    return 0
