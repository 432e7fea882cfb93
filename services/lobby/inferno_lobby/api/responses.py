"""The error answers a route documents in OpenAPI, so clients and schemathesis know them."""

from __future__ import annotations

from typing import Any

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
