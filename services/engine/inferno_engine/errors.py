"""The engine's refusals, each tied to one gRPC status code.

Domain code raises these; the call wrapper (``interceptors.py``) turns them into the status, the
message and the trailing metadata (``inferno-reason``, ``inferno-version``) documented in the
proto.
Keeping gRPC out of the domain code lets the table logic be tested and reasoned about alone.
"""

from __future__ import annotations

import grpc


class EngineError(Exception):
    """A refused call. ``reason`` is a stable code for programs; ``message`` is for people."""

    status = grpc.StatusCode.INTERNAL

    def __init__(self, message: str, reason: str = "", version: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason or self.default_reason
        self.version = version

    default_reason = "internal"


class Unauthenticated(EngineError):
    status = grpc.StatusCode.UNAUTHENTICATED
    default_reason = "unauthenticated"


class PermissionDenied(EngineError):
    status = grpc.StatusCode.PERMISSION_DENIED
    default_reason = "permission_denied"


class TableNotFound(EngineError):
    status = grpc.StatusCode.NOT_FOUND
    default_reason = "no_such_table"


class InvalidArgument(EngineError):
    status = grpc.StatusCode.INVALID_ARGUMENT
    default_reason = "invalid_argument"


class RuleBroken(EngineError):
    """The rules refused the move, or the table does not take moves now."""

    status = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "failed_precondition"


class StaleVersion(EngineError):
    status = grpc.StatusCode.ABORTED
    default_reason = "stale_version"


class AlreadyExists(EngineError):
    status = grpc.StatusCode.ALREADY_EXISTS
    default_reason = "already_exists"


class GameNotServed(EngineError):
    status = grpc.StatusCode.UNIMPLEMENTED
    default_reason = "game_not_served"
