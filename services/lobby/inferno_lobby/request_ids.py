"""Request ids and the table id on every log line of an HTTP request, and one line per request.

A caller's ``x-request-id`` (up to 128 printable characters) is kept, else one is made; it is
echoed in the response's ``x-request-id`` header, bound for the request's log lines, and sent
on to the engine with any gRPC call the request makes (:mod:`inferno_lobby.engine_grpc`). A
path ``/tables/<id>/…`` binds ``table_id`` too, so one filter on the table id follows it from
the lobby through the engine, the worker and scoring. Each request ends with one ``request``
line: at info for changes and errors, at debug for reads that succeed (the bulk of the
traffic; at info they cost the table list a quarter of its rate). A plain ASGI middleware:
no extra task or body buffering per request.
"""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import structlog

from inferno_logs import REQUEST_ID, TABLE_ID, bound

log = structlog.get_logger("inferno_lobby.requests")
GIVEN = re.compile(r"^[\x21-\x7e]{1,128}$")
TABLE_PATH = re.compile(r"^/tables/([A-Za-z0-9_-]{1,64})(?:/|$)")
#: Paths too frequent and too dull to log at all (probes, metrics).
QUIET = frozenset({"/health/live", "/health/ready", "/metrics"})
#: Reads that succeed are the bulk of the traffic and change nothing: logged at debug. Every
#: change (POST, PUT, DELETE, …) and every error is logged at info.
READS = frozenset({"GET", "HEAD"})


def current_request_id() -> str | None:
    """The request id bound for what is being done now, if any."""
    value = structlog.contextvars.get_contextvars().get(REQUEST_ID)
    return str(value) if value else None


class RequestIds:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = next((v for k, v in scope.get("headers", ()) if k == b"x-request-id"), b"")
        text = given.decode("latin-1")
        request_id = text if GIVEN.match(text) else uuid.uuid4().hex
        path = scope.get("path", "")
        table = TABLE_PATH.match(path)
        status = 0

        async def send_with_id(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", ()))
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        started = time.perf_counter()
        ids = {REQUEST_ID: request_id, TABLE_ID: table.group(1) if table else None}
        with bound(**ids):
            try:
                await self.app(scope, receive, send_with_id)
            finally:
                if path not in QUIET:
                    method = scope.get("method", "WS")
                    quiet_read = method in READS and 0 < status < 400
                    (log.debug if quiet_read else log.info)(
                        "request",
                        method=method,
                        path=path if len(path) <= 200 else path[:200] + "…",
                        status=status,
                        ms=round((time.perf_counter() - started) * 1000, 1),
                    )
