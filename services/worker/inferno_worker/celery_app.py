"""The worker's Celery app: Redis broker, late acknowledgement, no result backend.

Tasks are acknowledged only after they return (``acks_late``) and a task whose worker died is
given back (``task_reject_on_worker_lost``), so a killed worker's task runs again; the tasks are
idempotent, so running again is safe. The broker's keys share the deployment's key prefix
(``global_keyprefix``). Countdowns are only the short bot delay, far below the visibility
timeout; clocks live in Redis (:mod:`inferno_worker.table_records`).

Run: ``celery -A inferno_worker.celery_app worker --pool=threads -c 8``.
"""

from __future__ import annotations

from celery import Celery
from kombu import Exchange, Queue

from .settings import get_settings

QUEUE = "inferno-worker"
#: Timeout moves have their own queue so a deployment can give clocks dedicated workers
#: (``-Q inferno-clock``) that never wait behind bot moves; a plain worker consumes both.
CLOCK_QUEUE = "inferno-clock"


def make_app() -> Celery:
    settings = get_settings()
    app = Celery("inferno_worker", broker=settings.redis_url, include=["inferno_worker.tasks"])
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        task_ignore_result=True,
        task_default_queue=QUEUE,
        task_queues=tuple(Queue(q, Exchange(q), routing_key=q) for q in (QUEUE, CLOCK_QUEUE)),
        task_default_exchange=QUEUE,
        task_default_routing_key=QUEUE,
        task_routes={"inferno_worker.timeout_move": {"queue": CLOCK_QUEUE}},
        worker_prefetch_multiplier=1,
        broker_connection_retry_on_startup=True,
        broker_transport_options={
            "visibility_timeout": settings.worker_visibility_timeout_s,
            "global_keyprefix": settings.redis_prefix,
        },
        worker_hijack_root_logger=False,
        task_serializer="json",
        accept_content=["json"],
    )
    return app


app = make_app()
