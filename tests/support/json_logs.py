"""Capture what a service logs, as the parsed JSON lines :func:`inferno_logs.configure` writes.

Restores the root logger's handlers and structlog's configuration afterwards, so pytest's own
log capture and other tests are untouched.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import structlog

from inferno_logs import configure


def read_lines(path: Path, **fields: Any) -> Lines:
    """The JSON lines (inferno_logs) a service wrote to ``path`` that have these fields; lines
    that are not JSON (from before logging was set up, a crash trace) are skipped."""
    found = Lines()
    for text in path.read_text(errors="replace").splitlines():
        if text.startswith("{"):
            line = json.loads(text)
            if all(line.get(k) == v for k, v in fields.items()):
                found.append(line)
    return found


class Lines(list[dict[str, Any]]):
    def with_(self, **fields: Any) -> list[dict[str, Any]]:
        return [line for line in self if all(line.get(k) == v for k, v in fields.items())]


@contextmanager
def json_logs(service: str = "test", level: str = "INFO") -> Iterator[Lines]:
    root = logging.getLogger()
    handlers, root_level = list(root.handlers), root.level
    buffer = io.StringIO()
    lines = Lines()
    configure(service, level, stream=buffer, cache=False)
    try:
        yield lines
    finally:
        lines.extend(json.loads(text) for text in buffer.getvalue().splitlines() if text)
        structlog.reset_defaults()
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(root_level)
