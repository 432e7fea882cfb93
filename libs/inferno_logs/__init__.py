"""One way to log for every service: a JSON object per line, naming the service, and the
request id and table id of whatever is being done, so one filter follows a table's story.

Call :func:`configure` once at process start. structlog loggers render straight to JSON (the
fast path the engine uses per call); records of the standard ``logging`` module (Celery,
uvicorn, psycopg, our own ``logging.getLogger`` users) go through structlog's
``ProcessorFormatter`` and come out in the same shape. Ids are bound with :func:`bound` (or
``structlog.contextvars`` directly) and appear on every line logged inside it, from either
kind of logger:

    {"ts": "...", "level": "info", "service": "worker", "table_id": "t1",
     "request_id": "…", "logger": "inferno_worker.tasks", "event": "bot move"}

The keys ``table_id`` and ``request_id`` are the same in every service (``docs/logging.md``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import structlog
from structlog.typing import EventDict, Processor, WrappedLogger

TABLE_ID = "table_id"
REQUEST_ID = "request_id"
_configured: dict[str, Any] = {}


def _add_service(service: str) -> Processor:
    def add(_logger: WrappedLogger, _name: str, event: EventDict) -> EventDict:
        event.setdefault("service", service)
        return event

    return add


def configure(
    service: str, level: str = "INFO", stream: IO[str] | None = None, *, cache: bool = True
) -> None:
    """JSON lines on ``stream`` (stderr) for structlog and standard-library loggers alike.

    ``cache`` keeps each structlog logger's set-up after its first line (fast, for services);
    tests that configure and reset logging within one process turn it off.
    """
    out = stream or sys.stderr
    numeric = logging.getLevelNamesMapping()[level.upper()]
    shared: list[Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts"),
        _add_service(service),
    ]
    structlog.configure(
        processors=[
            *shared,
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=out),
        cache_logger_on_first_use=cache,
    )
    handler = logging.StreamHandler(out)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[*shared, structlog.stdlib.add_logger_name],
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer(),
            ],
        )
    )
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(numeric)
    _configured.update(service=service, level=level)


@contextmanager
def bound(**ids: object) -> Iterator[None]:
    """Bind ids (``table_id=…``, ``request_id=…``) to every line logged inside the block.

    ``None`` values are left out. What was bound before is restored afterwards, so blocks nest
    and a thread or task reused for other work carries no stale ids.
    """
    given = {k: v for k, v in ids.items() if v is not None and v != ""}
    tokens = structlog.contextvars.bind_contextvars(**given)
    try:
        yield
    finally:
        structlog.contextvars.reset_contextvars(**tokens)


__all__ = ["REQUEST_ID", "TABLE_ID", "bound", "configure"]
