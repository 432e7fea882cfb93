"""The console's Prometheus metrics: what its health sampler measures that no other service
exports (the Celery queues' depth, each consumer group's lag as Redis tells it) and the live
tables it sees, so Grafana (``deploy/grafana``) draws the same charts as the health page."""

from __future__ import annotations

from collections import Counter

from prometheus_client import CollectorRegistry, Gauge

REGISTRY = CollectorRegistry(auto_describe=True)
QUEUE_DEPTH = Gauge(
    "inferno_console_celery_queue_depth",
    "Celery tasks waiting in the broker (inferno-worker and inferno-clock queues).",
    registry=REGISTRY,
)
GROUP_LAG = Gauge(
    "inferno_console_bus_group_lag_messages",
    "Entries of the tables stream not yet handed to each consumer group (XINFO GROUPS).",
    ["group"],
    registry=REGISTRY,
)
LIVE_TABLES = Gauge(
    "inferno_console_tables",
    "Tables the console lists, by status (ended ones stay listed for 10 minutes).",
    ["status"],
    registry=REGISTRY,
)
STUCK_TABLES = Gauge(
    "inferno_console_stuck_tables",
    "Live tables with no change for the stuck time.",
    registry=REGISTRY,
)
PAGES_FOLLOWING = Gauge(
    "inferno_console_live_pages", "Pages following live updates (SSE) now.", registry=REGISTRY
)


def observe(
    queue_depth: int | None, lags: dict[str, int | None], rows: list[dict[str, object]], pages: int
) -> None:
    if queue_depth is not None:
        QUEUE_DEPTH.set(queue_depth)
    for group, lag in lags.items():
        if lag is not None:
            GROUP_LAG.labels(group).set(lag)
    counts = Counter(str(r["status"]) for r in rows)
    for status in ("live", "paused", "finished", "aborted"):
        LIVE_TABLES.labels(status).set(counts.get(status, 0))
    STUCK_TABLES.set(sum(1 for r in rows if r["stuck"]))
    PAGES_FOLLOWING.set(pages)
