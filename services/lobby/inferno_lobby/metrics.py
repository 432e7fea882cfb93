"""Prometheus metrics of the lobby: requests by route and status, and the lobby's own events.

The middleware labels requests by the route's path template (``/tables/{table_id}``), never by
the raw path, so the number of series stays bounded whatever clients send.
"""

from __future__ import annotations

import time

from prometheus_client import CollectorRegistry, Counter, Histogram
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class LobbyMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "inferno_lobby_http_requests",
            "HTTP requests answered, by method, route and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "inferno_lobby_http_request_seconds",
            "Time to answer an HTTP request, by route.",
            ["route"],
            registry=self.registry,
        )
        self.events = Counter(
            "inferno_lobby_events",
            "Things that happened in the lobby: sign-ups, log-ins, tables, matches.",
            ["event"],
            registry=self.registry,
        )


class MetricsMiddleware:
    """A plain ASGI middleware (cheaper than BaseHTTPMiddleware on every request)."""

    def __init__(self, app: ASGIApp, metrics: LobbyMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            route = _route_of(scope)
            self.metrics.requests.labels(scope["method"], route, str(status)).inc()
            self.metrics.latency.labels(route).observe(time.perf_counter() - started)


def _route_of(scope: Scope) -> str:
    route = scope.get("route")
    if route is not None and hasattr(route, "path"):
        return str(route.path)
    app = scope.get("app")
    for candidate in getattr(getattr(app, "router", None), "routes", []):
        match, _ = candidate.matches(scope)
        if match == Match.FULL and hasattr(candidate, "path"):
            return str(candidate.path)
    return "unmatched"
