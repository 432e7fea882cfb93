"""The error answers a route documents in OpenAPI, so clients and schemathesis know them, and
the ``Allow`` header of a 405 (every method the path has, not only the first route's)."""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request

from ..schemas import Problem

_WHY = {
    401: "Not signed in, or the token is invalid or expired.",
    403: "Signed in, but not allowed to do this.",
    404: "No such thing.",
    409: "Conflicts with the current state (taken, full, already started…).",
    429: "Too many attempts; see the Retry-After header.",
    503: "A service the lobby needs (the engine, the database) is unavailable.",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {s: {"model": Problem, "description": _WHY[s]} for s in statuses}


def allowed_methods(request: Request) -> str:
    """Every method the app documents at this request's path, for the ``Allow`` of a 405.

    Starlette's 405 names only the methods of the first route whose path matched (``POST``
    for ``/quickplay``, which also has ``GET`` and ``DELETE``). The OpenAPI document is the
    one list of every path's methods (FastAPI keeps included routers nested)."""
    app = request.app
    table: list[tuple[re.Pattern[str], set[str]]] | None = getattr(app.state, "allow", None)
    if table is None:
        table = []
        for path, operations in app.openapi()["paths"].items():
            pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path))
            methods = {m.upper() for m in operations}
            table.append(
                (re.compile(f"^{pattern}$"), methods | ({"HEAD"} if "GET" in methods else set()))
            )
        app.state.allow = table
    path = request.url.path
    found = set().union(*(methods for pattern, methods in table if pattern.match(path)))
    return ", ".join(sorted(found))
