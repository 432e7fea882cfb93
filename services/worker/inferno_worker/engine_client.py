"""The worker's client of the engine's gRPC API: a seat's view and a seat's move.

Bots act exactly like any client, with their own ``bot`` token bound to the table; timeout moves
and moves for an abandoned seat use the worker's ``service`` token naming the seat and
``forced``. Errors that mean "the world moved on" (stale version, not your turn, table over)
come back as :class:`Refused` so tasks can do nothing; an unreachable engine stays a
``grpc.RpcError`` so the task retries.
"""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from inferno_auth.tokens import Role, issue_token
from inferno_proto import engine_pb2, engine_pb2_grpc

#: Answers that mean the move no longer applies; nothing to retry.
MOVED_ON = {
    grpc.StatusCode.ABORTED,  # stale version
    grpc.StatusCode.FAILED_PRECONDITION,  # not this seat's turn, table over or paused
    grpc.StatusCode.NOT_FOUND,
}

SERVICE_SUBJECT = "worker"


class Refused(Exception):
    """The engine said no for a reason that retrying will not change."""

    def __init__(self, code: grpc.StatusCode, message: str) -> None:
        super().__init__(f"{code.name}: {message}")
        self.code = code


@dataclass(frozen=True)
class Submitted:
    version: int
    replayed: bool


class EngineClient:
    """One channel to the engine; safe to share between threads."""

    def __init__(self, address: str, token_key: str, timeout_s: float = 5.0) -> None:
        self._channel = grpc.insecure_channel(address)
        self._stub = engine_pb2_grpc.EngineStub(self._channel)
        self._key = token_key
        self._timeout = timeout_s

    def close(self) -> None:
        self._channel.close()

    def bot_token(self, player_id: str, table_id: str) -> str:
        return issue_token(self._key, player_id, Role.BOT, table=table_id, ttl_seconds=300)

    def service_token(self) -> str:
        return issue_token(self._key, SERVICE_SUBJECT, Role.SERVICE, ttl_seconds=300)

    def operator_token(self) -> str:
        # Closing idle tables is an operator's act; the engine writes it to its audit log.
        return issue_token(self._key, SERVICE_SUBJECT, Role.OPERATOR, ttl_seconds=300)

    def abort(self, table_id: str, reason: str, token: str) -> None:
        request = engine_pb2.AbortTableRequest(table_id=table_id, reason=reason)
        self._call(self._stub.AbortTable, request, token)

    def hand_over(self, table_id: str, seat: int, reason: str, token: str) -> bool:
        """HandOverSeat: the engine marks ``seat`` abandoned; ``False`` if it already was."""
        request = engine_pb2.HandOverSeatRequest(table_id=table_id, seat=seat, reason=reason)
        return bool(self._call(self._stub.HandOverSeat, request, token).handed_over)

    def _meta(self, token: str) -> list[tuple[str, str]]:
        return [("authorization", f"Bearer {token}")]

    def view(self, table_id: str, seat: int | None, token: str) -> engine_pb2.GetViewResponse:
        """The view as ``token`` sees it (``seat`` only with a service token)."""
        request = engine_pb2.GetViewRequest(table_id=table_id)
        if seat is not None:
            request.seat = seat
        return self._call(self._stub.GetView, request, token)

    def submit(
        self,
        table_id: str,
        version: int,
        action_id: str,
        token: str,
        *,
        action: engine_pb2.Action | None = None,
        seat: int | None = None,
        forced: bool = False,
    ) -> Submitted:
        request = engine_pb2.SubmitActionRequest(
            table_id=table_id, expected_version=version, action_id=action_id, forced=forced
        )
        if action is not None:
            request.action.CopyFrom(action)
        if seat is not None:
            request.seat = seat
        reply = self._call(self._stub.SubmitAction, request, token)
        return Submitted(version=reply.version, replayed=reply.replayed)

    def _call(self, method, request, token):  # type: ignore[no-untyped-def]
        try:
            return method(request, metadata=self._meta(token), timeout=self._timeout)
        except grpc.RpcError as err:
            code = err.code()  # type: ignore[attr-defined]
            if code in MOVED_ON:
                raise Refused(code, err.details()) from None  # type: ignore[attr-defined]
            raise
