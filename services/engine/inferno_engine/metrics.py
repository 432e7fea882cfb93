"""Prometheus metrics of the engine: moves, call latency, errors by status code.

Served on ``INFERNO_ENGINE_METRICS_PORT`` (``/metrics``) when that is set.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

ACTIONS = Counter(
    "inferno_engine_actions_total",
    "Moves submitted, by game and outcome (applied, rejected, stale).",
    ["game", "outcome"],
)
LATENCY = Histogram(
    "inferno_engine_rpc_seconds",
    "Time to answer a unary call, by method.",
    ["method"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
ERRORS = Counter(
    "inferno_engine_rpc_errors_total",
    "Calls that ended in an error, by method and gRPC status code.",
    ["method", "code"],
)
FOLLOWED_TABLES = Gauge(
    "inferno_engine_followed_tables",
    "Tables this process reads for its StreamEvents followers (one blocking read each).",
)
FELL_BEHIND = Counter(
    "inferno_engine_followers_fell_behind_total",
    "Followers that fell a full queue behind their table's feed and read the log themselves.",
)
