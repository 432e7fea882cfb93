"""Bounds on what a caller sends and on what the lobby repeats of it.

Every identifier and string has a maximum length at the edge (the request schemas, path and
query parameters), and the whole body has one too (:class:`BodyLimit`, 2 MiB: the largest
valid request is well under 2 KiB, yet a field over its bound, even of a megabyte, gets the
422 that names the field and its bound rather than a bare 413). What an error answer or a log
line repeats of the caller's input is cut to a short prefix (:func:`short`), so a 1 MB value
never comes back as a 1 MB (or 2 MB) answer, nor fills the logs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from starlette.exceptions import HTTPException

#: Longest echo of a caller's value in an error answer (characters).
ECHO_CHARS = 64
#: Longest sentence an error answer carries (characters).
MESSAGE_CHARS = 300
#: Longest request body accepted (bytes).
MAX_BODY_BYTES = 2 * 1024 * 1024


def short(value: Any, limit: int = ECHO_CHARS) -> Any:
    """``value`` as it may be repeated to the caller: strings longer than ``limit`` cut to a
    prefix with "…" and the original length; containers whose JSON is longer, the same on
    their JSON text; small values unchanged."""
    if isinstance(value, str):
        return value if len(value) <= limit else f"{value[:limit]}… ({len(value)} characters)"
    if isinstance(value, bytes):
        return short(value.decode("utf-8", "replace"), limit)
    if isinstance(value, (dict, list, tuple)):
        text = json.dumps(value, default=str, ensure_ascii=False)
        return value if len(text) <= limit * 4 else short(text, limit * 4)
    return value


def sentence(text: str, limit: int = MESSAGE_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def validation_errors(errors: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """FastAPI's validation errors with every echo of the input cut short (``input``, ``ctx``
    values, ``loc`` parts such as a dict key the caller chose) and no ``url``."""
    cleaned = []
    for error in errors:
        item: dict[str, Any] = {
            "loc": [p if isinstance(p, int) else short(str(p), 40) for p in error.get("loc", ())],
            "msg": sentence(str(error.get("msg", ""))),
            "type": str(error.get("type", "")),
        }
        if "input" in error:
            item["input"] = short(error["input"])
        if error.get("ctx"):
            item["ctx"] = {
                str(k): short(v if isinstance(v, (str, int, float, bool)) else str(v), 200)
                for k, v in error["ctx"].items()
            }
        cleaned.append(item)
    return cleaned


class BodyTooLarge(HTTPException):
    """Raised while a body without Content-Length streams in past the limit; the app's
    handler for HTTP errors answers it (FastAPI re-raises HTTP errors met reading a body)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit} bytes")


class BodyLimit:
    """Refuses (413) a request whose body is longer than ``limit`` bytes, by its
    Content-Length or, without one, while it streams in. A plain ASGI middleware."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope.get("headers", ()) if k == b"content-length"), None)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        started = False

        async def counted_receive() -> dict[str, Any]:
            nonlocal seen
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def tracked_send(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps(
            {
                "detail": f"the request body is larger than {self.limit} bytes",
                "code": "body_too_large",
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
