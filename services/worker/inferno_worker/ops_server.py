"""The worker's operations endpoint: ``/metrics``, ``/health/live`` and ``/health/ready``.

A small threaded WSGI server (standard library) in a daemon thread of the process it reports
on, like the lobby's routes of the same names: ``/metrics`` is the Prometheus default
registry, ``/health/live`` answers while the process runs, ``/health/ready`` runs the
process's checks and answers 200 when all pass, 503 (with the failing check named) when not.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import make_wsgi_app

log = logging.getLogger(__name__)

#: name → a check that returns None when fine, else what is wrong, in words.
Checks = Callable[[], dict[str, str | None]]


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # scrapes every few seconds would flood the log


def make_app(checks: Checks) -> Callable[..., Iterable[bytes]]:
    metrics = make_wsgi_app()

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/metrics":
            return metrics(environ, start_response)  # type: ignore[no-any-return]
        if path == "/health/live":
            return _json(start_response, 200, {"status": "ok"})
        if path == "/health/ready":
            try:
                problems = checks()
            except Exception as err:  # a check that crashes is a failed check, not a 500
                problems = {"checks": f"failed: {type(err).__name__}: {err}"}
            failing = {k: v for k, v in problems.items() if v}
            body = {
                "status": "unavailable" if failing else "ok",
                "checks": {k: v or "ok" for k, v in problems.items()},
            }
            return _json(start_response, 503 if failing else 200, body)
        return _json(start_response, 404, {"error": f"no such page {path!r}; try /metrics"})

    return app


def _json(start_response: Callable[..., Any], code: int, body: dict[str, Any]) -> list[bytes]:
    reason = {200: "OK", 404: "Not Found", 503: "Service Unavailable"}[code]
    data = json.dumps(body).encode()
    start_response(
        f"{code} {reason}",
        [("Content-Type", "application/json"), ("Content-Length", str(len(data)))],
    )
    return [data]


def serve(port: int, checks: Checks, host: str = "0.0.0.0") -> WSGIServer:
    """Start serving on ``host:port`` in a daemon thread; returns the server (``.shutdown()``)."""
    server = make_server(host, port, make_app(checks), _Server, _QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="ops-http", daemon=True)
    thread.start()
    log.info("metrics and health on http://%s:%d/", host, server.server_port)
    return server
