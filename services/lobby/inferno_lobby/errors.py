"""What can go wrong in the lobby, as exceptions that carry their HTTP status.

Domain code raises these; ``main`` turns each into a JSON answer a person can read
(``{"detail": "...", "code": "..."}``). A refused request raises before it writes anything, so
it changes nothing. Bad table options answer 422 in FastAPI's own validation-error shape, naming
the field (``loc``) and the values it allows (``ctx.allowed``).
"""

from __future__ import annotations

from typing import Any


class LobbyError(Exception):
    """A request the lobby refuses; ``status`` is the HTTP status, ``code`` is for programs."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.headers: dict[str, str] = {}


class Unauthorized(LobbyError):
    status, code = 401, "unauthorized"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.headers = {"WWW-Authenticate": "Bearer"}


class Forbidden(LobbyError):
    status, code = 403, "forbidden"


class NotFound(LobbyError):
    status, code = 404, "not_found"


class Conflict(LobbyError):
    status, code = 409, "conflict"


class TooManyRequests(LobbyError):
    status, code = 429, "too_many_requests"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": str(retry_after)}


class EngineUnavailable(LobbyError):
    status, code = 503, "engine_unavailable"


class InvalidField(LobbyError):
    """A value the request schema allows but the game does not (an option, a seat count)."""

    status, code = 422, "invalid_field"

    def __init__(self, loc: tuple[str, ...], message: str, allowed: str, value: Any) -> None:
        super().__init__(message)
        self.loc = loc
        self.allowed = allowed
        self.value = value

    def body(self) -> dict[str, Any]:
        from .bounds import validation_errors

        error = {
            "loc": list(self.loc),
            "msg": self.message,
            "type": "invalid_option",
            "input": self.value,
            "ctx": {"allowed": self.allowed},
        }
        return {"detail": validation_errors([error]), "code": "invalid_option"}
