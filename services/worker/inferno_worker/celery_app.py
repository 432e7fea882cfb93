"""The worker's Celery app: Redis broker, late acknowledgement, no result backend.

Tasks are acknowledged only after they return (``acks_late``) and a task whose worker died is
given back (``task_reject_on_worker_lost``), so a killed worker's task runs again; the tasks are
idempotent, so running again is safe. The broker's keys share the deployment's key prefix
(``global_keyprefix``). No task is sent with a countdown: turn deadlines and bots' delays
live in Redis (:mod:`inferno_worker.table_records`, :mod:`inferno_worker.due_moves`) and the
dispatcher's timer enqueues a task when it can run.

Operators see the workers through Celery's task events (``celery events``, Flower): off at
start (they cost about a third of the worker's CPU per move) unless
``INFERNO_WORKER_TASK_EVENTS=true``, and switched on while someone watches with ``celery
control enable_events`` (Flower does it itself); ``task-sent`` only with
``INFERNO_WORKER_SENT_EVENTS``. With ``INFERNO_WORKER_METRICS_PORT`` set the worker process
serves ``/metrics`` and ``/health/*`` (:mod:`inferno_worker.ops_server`; the metrics are the
process's own, so use ``--pool=threads``, where tasks run in that process).

Run: ``celery -A inferno_worker.celery_app worker --pool=threads -c 8``.
"""

from __future__ import annotations

import os
import threading
import warnings

import structlog
from celery import Celery
from celery.exceptions import SecurityWarning
from celery.signals import setup_logging, worker_ready, worker_shutting_down
from kombu import Exchange, Queue

from .settings import get_settings

QUEUE = "inferno-worker"
#: Timeout moves and real-time clock ticks have their own queue so a deployment can give clocks
#: dedicated workers (``-Q inferno-clock``) that never wait behind bot moves; a plain worker
#: consumes both and takes from this one first (``queue_order_strategy``). Its name must sort
#: before QUEUE's.
CLOCK_QUEUE = "inferno-clock"


def make_app() -> Celery:
    settings = get_settings()
    app = Celery("inferno_worker", broker=settings.redis_url, include=["inferno_worker.tasks"])
    app.conf.update(
        # kombu's Redis transport with a reused client: see inferno_worker.broker.
        broker_transport="inferno_worker.broker:Transport",
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        task_ignore_result=True,
        task_default_queue=QUEUE,
        task_queues=tuple(Queue(q, Exchange(q), routing_key=q) for q in (QUEUE, CLOCK_QUEUE)),
        task_default_exchange=QUEUE,
        task_default_routing_key=QUEUE,
        task_routes={
            "inferno_worker.timeout_move": {"queue": CLOCK_QUEUE},
            "inferno_worker.clock_tick": {"queue": CLOCK_QUEUE},
        },
        worker_prefetch_multiplier=1,
        broker_connection_retry_on_startup=True,
        # On a broker connection loss the tasks in hand run to their end (Celery 5's default,
        # stated so it does not change under us and warns no more): they take milliseconds, a
        # thread cannot be cancelled, and an ack that fails leaves the task to come back
        # (broker visibility timeout, reconciliation), which is harmless, the tasks being
        # idempotent. See inferno_worker.broker and docs/worker.md, "Redis restarts".
        worker_cancel_long_running_tasks_on_connection_loss=False,
        broker_transport_options={
            "visibility_timeout": settings.worker_visibility_timeout_s,
            "global_keyprefix": settings.redis_prefix,
            # A worker that consumes both queues always takes a waiting timeout first:
            # BRPOP lists the queues sorted by name, and "inferno-clock" sorts first.
            "queue_order_strategy": "sorted",
        },
        worker_hijack_root_logger=False,
        task_serializer="json",
        accept_content=["json"],
        worker_send_task_events=settings.worker_task_events,
        task_send_sent_event=settings.worker_sent_events,
    )
    return app


app = make_app()

_ready = threading.Event()


def worker_checks() -> dict[str, str | None]:
    """Readiness of this worker process: it finished starting, and the broker answers."""
    from .resources import redis_client

    checks: dict[str, str | None] = {"worker": None if _ready.is_set() else "not consuming"}
    try:
        redis_client().ping()
        checks["broker"] = None
    except Exception as err:
        checks["broker"] = f"failed: {type(err).__name__}"
    return checks


# Celery warns of a worker run as root on stderr, as plain text, before logging is set up; the
# same warning is logged as a JSON line once it is (see _json_logs).
warnings.filterwarnings("ignore", category=SecurityWarning)


@setup_logging.connect
def _json_logs(loglevel: object = None, **_: object) -> None:
    """A worker process logs JSON lines like every service (Celery's own lines included)."""
    import logging

    from inferno_logs import configure

    level = logging.getLevelName(loglevel) if isinstance(loglevel, int) else loglevel
    configure("worker", level if isinstance(level, str) and level.isalpha() else "INFO")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        structlog.get_logger("inferno_worker").warning(
            "worker_runs_as_root",
            advice="run the worker as an unprivileged user (the container image does)",
        )


@worker_ready.connect
def _serve_ops(**_: object) -> None:
    _ready.set()
    port = get_settings().worker_metrics_port
    if port:
        from . import ops_server

        ops_server.serve(port, worker_checks, get_settings().worker_metrics_host)


@worker_shutting_down.connect
def _not_ready(**_: object) -> None:
    _ready.clear()
