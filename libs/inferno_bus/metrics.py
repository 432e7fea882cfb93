"""Prometheus metrics of bus consumers: what each group handled, its backlog and its pending.

Two numbers tell an operator whether a consumer keeps up: ``lag`` (entries in the stream the
group has not been handed yet, from ``XINFO GROUPS``) and ``pending`` (entries handed out but not
yet acknowledged: in work, or left by a consumer that died). The counters split what happened to
each message. The metrics live in the default registry so a service's ``/metrics`` shows them.
"""

from __future__ import annotations

from typing import NamedTuple

import redis
from prometheus_client import Counter, Gauge, Histogram

MESSAGES = Counter(
    "inferno_bus_messages_total",
    "Bus messages by what the consumer did with them.",
    ["stream", "group", "outcome"],  # handled, dead_lettered, failed, reclaimed
)
PENDING = Gauge(
    "inferno_bus_pending_messages",
    "Messages delivered to the group but not acknowledged yet.",
    ["stream", "group"],
)
LAG = Gauge(
    "inferno_bus_lag_messages",
    "Messages in the stream not yet delivered to the group.",
    ["stream", "group"],
)
HANDLER_SECONDS = Histogram(
    "inferno_bus_handler_seconds",
    "Time the handler took for one batch.",
    ["stream", "group"],
)


class Backlog(NamedTuple):
    """A group's backlog: ``lag`` is None when Redis cannot tell (entries were trimmed)."""

    pending: int
    lag: int | None


def group_backlog(client: redis.Redis, stream: str, group: str) -> Backlog:
    """Read the group's pending count and lag from Redis (``XINFO GROUPS``)."""
    for info in client.xinfo_groups(stream):
        name = info["name"]
        if (name.decode() if isinstance(name, bytes) else name) == group:
            lag = info.get("lag")
            return Backlog(pending=int(info["pending"]), lag=None if lag is None else int(lag))
    raise LookupError(f"stream {stream!r} has no consumer group {group!r}")


def observe_backlog(client: redis.Redis, stream: str, group: str) -> Backlog:
    """Read the backlog and publish it on the gauges."""
    backlog = group_backlog(client, stream, group)
    PENDING.labels(stream, group).set(backlog.pending)
    if backlog.lag is not None:
        LAG.labels(stream, group).set(backlog.lag)
    return backlog
