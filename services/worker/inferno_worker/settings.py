"""The worker's settings, read once from the environment (``INFERNO_`` prefix).

Shared names (``INFERNO_REDIS_URL``, ``INFERNO_REDIS_PREFIX``, ``INFERNO_TOKEN_KEY``) mean the
same as in the engine and lobby; the worker's own ones start with ``INFERNO_WORKER_``. The token
key is required: without it the worker could not act for any seat, so it fails at start.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class WorkerSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="INFERNO_", extra="ignore")

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "inferno:"
    token_key: str = Field(min_length=1)
    engine_address: str = "127.0.0.1:50051"
    #: Which bot takes bot seats and abandoned seats (``inferno_worker.bots`` names).
    worker_bot: str = "heuristic"
    #: A human-like pause before a bot moves (0 in tests).
    worker_bot_delay_ms: int = Field(default=800, ge=0)
    #: Real-time games (Burn in Hell): a bot seat looks at the table again this long after a
    #: change (its own move included), so bots play at a human pace and never flood a table.
    worker_real_time_think_ms: int = Field(default=1000, ge=50)
    #: Time per decision when the table itself sets none (0 = no clock for such tables).
    worker_turn_ms: int = Field(default=0, ge=0)
    #: Disconnect grace for tables that set none (0 = a disconnect changes nothing).
    worker_grace_ms: int = Field(default=0, ge=0)
    #: Consecutive timeouts after which the seat is handed to a bot for the rest of the game.
    worker_abandon_after: int = Field(default=3, ge=1)
    #: The timer sleeps until the earliest deadline but never longer than this, so deadlines
    #: set by another dispatcher process are seen within it (its own wake it at once).
    worker_timer_poll_ms: int = Field(default=200, ge=1)
    #: A table with no move for this long is closed (aborted with reason "idle"); 0 = never.
    worker_idle_close_s: int = Field(default=3600, ge=0)
    #: Reconciliation (inferno_worker.reconcile): a followed live table with no change for this
    #: long and no work pending has its decision scheduled again from the engine's state (a
    #: lost task, deadline or tick); 0 = never. Bounds the delay a player sees after a loss.
    worker_reconcile_after_ms: int = Field(default=10_000, ge=0)
    #: How often the timer thread runs a reconciliation pass.
    worker_reconcile_every_s: float = Field(default=5.0, gt=0)
    #: Redis broker visibility timeout: an unacknowledged task comes back after this long.
    worker_visibility_timeout_s: int = Field(default=300, ge=1)
    #: Fault injection for tests only: hold a bot task this long after the engine accepted its
    #: move, before it returns and is acknowledged (a crash there must not move twice).
    worker_fault_pause_after_submit_ms: int = Field(default=0, ge=0)
    #: gRPC deadline of each engine call.
    worker_rpc_timeout_s: float = Field(default=5.0, gt=0)
    #: Port of the Celery worker's ``/metrics`` and ``/health/*`` (0 = not served).
    worker_metrics_port: int = Field(default=0, ge=0, le=65535)
    #: Port of the dispatcher's ``/metrics`` and ``/health/*`` (0 = not served).
    worker_dispatch_metrics_port: int = Field(default=0, ge=0, le=65535)
    #: The address both of them listen on (``make run`` keeps every listener on 127.0.0.1).
    worker_metrics_host: str = "0.0.0.0"
    #: Celery task events from the worker from its start (``celery events``, Flower):
    #: received, started, succeeded, failed, retried. Off by default: they cost about a third
    #: of the worker's CPU per move. Flower turns them on itself; for ``celery events`` run
    #: ``celery -A inferno_worker.celery_app control enable_events`` (and ``disable_events``).
    worker_task_events: bool = False
    #: Also a ``task-sent`` event from the dispatcher for every task it enqueues (Flower's
    #: "sent" state); off by default: it is a fifth of the dispatcher's CPU per move.
    worker_sent_events: bool = False


@lru_cache(maxsize=1)
def get_settings() -> WorkerSettings:
    return WorkerSettings()
