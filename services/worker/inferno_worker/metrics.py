"""Prometheus metrics of the worker: its tasks, its clocks and the tables it follows.

The Celery worker process counts tasks by name and outcome, times them, and records how late
timers fire (deadline → the timeout task starting, and deadline → the forced move committed).
The dispatcher process counts what it enqueues and keeps the number of deadlines pending and
of tables followed. Both serve the default registry on ``/metrics`` (:mod:`.ops_server`); the
bus consumer's own metrics (``inferno_bus_*``: messages, lag, handler time) come with it.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

#: Fine around the goal (timer lateness p99 < 250 ms), coarse beyond a second.
LATENESS_BUCKETS = (
    0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75,
    1.0, 1.5, 2.0, 3.0, 5.0, 10.0,
)  # fmt: skip

TASKS = Counter(
    "inferno_worker_tasks_total",
    "Worker tasks run, by task and outcome (moved, replayed, closed, moved_on, refused, error).",
    ["task", "outcome"],
)
TASK_SECONDS = Histogram(
    "inferno_worker_task_seconds",
    "Time one task took, from start to return (engine calls included).",
    ["task"],
    buckets=LATENESS_BUCKETS,
)
TIMER_LATENESS = Histogram(
    "inferno_worker_timer_lateness_seconds",
    "How long after it fell due a task started (stage=started) and its move was committed by "
    "the engine (stage=committed): a timeout against the turn deadline (task=timeout_move), "
    "a bot's move against the end of its delay (task=bot_move), a real-time table's clock tick "
    "against the moment its game asked for (task=clock_tick).",
    ["task", "stage"],
    buckets=LATENESS_BUCKETS,
)
EVENT_LAG = Histogram(
    "inferno_worker_event_lag_seconds",
    "From the engine committing a table event to the dispatcher handling it.",
    buckets=LATENESS_BUCKETS,
)
ENQUEUED = Counter(
    "inferno_worker_enqueued_total",
    "Tasks the dispatcher and the timer put on the queue, by task.",
    ["task"],
)
DEADLINES_PENDING = Gauge(
    "inferno_worker_deadlines_pending",
    "Turn deadlines set and not fired yet (all tables).",
)
TABLES_FOLLOWED = Gauge(
    "inferno_worker_tables_followed",
    "Live tables the worker follows (created, not finished, aborted or closed).",
)

RECONCILED = Counter(
    "inferno_worker_reconciled_total",
    "Live tables found with no work pending whose decision the dispatcher scheduled again "
    "from the engine's state (a lost task, deadline or tick; see inferno_worker.reconcile).",
)

#: What the move functions return, in words, mapped to a few outcomes an operator can count.
_OUTCOMES = {"moved", "replayed", "closed", "ticked"}


def outcome_of(result: str) -> str:
    """``moved`` / ``replayed`` / ``closed`` / ``ticked`` as they are; a call the engine
    refused for good (:attr:`~inferno_worker.engine_client.Refused.permanent`) → ``refused``;
    every other "nothing to do" → ``moved_on``."""
    if result.startswith("refused ("):
        return "refused"
    return result if result in _OUTCOMES else "moved_on"
