"""The worker's client of the engine's gRPC API: a seat's view and a seat's move.

Bots act exactly like any client, with their own ``bot`` token bound to the table; timeout moves
and moves for an abandoned seat use the worker's ``service`` token naming the seat and
``forced``. Errors that mean "the world moved on" (stale version, not your turn, table over)
come back as :class:`Refused` so tasks can do nothing. A refusal that no retry can change
(ALREADY_EXISTS, PERMISSION_DENIED, INVALID_ARGUMENT…) comes back as :class:`Refused` too,
marked ``permanent``: the task logs it and stops, and the dispatcher's reconciliation looks at
the table again. Only what can succeed later (the engine unreachable, overloaded or slow) stays
a ``grpc.RpcError``, so the task retries.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import grpc
import structlog

from inferno_auth.tokens import Role, issue_token
from inferno_logs import REQUEST_ID
from inferno_proto import engine_pb2, engine_pb2_grpc

#: Answers that mean the move no longer applies; nothing to retry.
MOVED_ON = {
    grpc.StatusCode.ABORTED,  # stale version
    grpc.StatusCode.FAILED_PRECONDITION,  # not this seat's turn, table over or paused
    grpc.StatusCode.NOT_FOUND,
}

#: Answers that may change if the same call is made again later: these alone are retried.
TRANSIENT = {
    grpc.StatusCode.UNAVAILABLE,  # the engine restarting, or no engine answering
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.CANCELLED,
    grpc.StatusCode.UNKNOWN,
    grpc.StatusCode.INTERNAL,
}

SERVICE_SUBJECT = "worker"


class Refused(Exception):
    """The engine said no for a reason that retrying will not change.

    ``permanent``: not "the table moved on" but a refusal of the call itself (a reused action
    id, a role the engine does not accept, a malformed request): worth a warning, since the
    worker should never send one."""

    def __init__(self, code: grpc.StatusCode, message: str) -> None:
        super().__init__(f"{code.name}: {message[:200]}")
        self.code = code
        self.permanent = code not in MOVED_ON


@dataclass(frozen=True)
class Submitted:
    version: int
    replayed: bool


#: Tokens are issued for this long and reused for the first half of it.
TOKEN_TTL_S = 300
#: Bot tokens kept at most (one per bot seat of the tables in play); older ones are dropped.
TOKEN_CACHE_SIZE = 8192


class EngineClient:
    """One channel to the engine, and the tokens it signs, reused; safe to share between
    threads. A token is reused until half its lifetime has passed, so a task never signs one
    (and the engine can verify a token it has seen before cheaply)."""

    def __init__(self, address: str, token_key: str, timeout_s: float = 5.0) -> None:
        self._channel = grpc.insecure_channel(address)
        self._stub = engine_pb2_grpc.EngineStub(self._channel)
        self._key = token_key
        self._timeout = timeout_s
        self._tokens: dict[tuple[str, Role, str | None], tuple[float, str]] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        self._channel.close()

    def _token(self, subject: str, role: Role, table: str | None = None) -> str:
        now = time.monotonic()
        cached = self._tokens.get((subject, role, table))
        if cached is not None and cached[0] > now:
            return cached[1]
        token = issue_token(self._key, subject, role, table=table, ttl_seconds=TOKEN_TTL_S)
        with self._lock:
            if len(self._tokens) >= TOKEN_CACHE_SIZE:
                self._tokens = {k: v for k, v in self._tokens.items() if v[0] > now}
                if len(self._tokens) >= TOKEN_CACHE_SIZE:
                    self._tokens.clear()
            self._tokens[(subject, role, table)] = (now + TOKEN_TTL_S / 2, token)
        return token

    def bot_token(self, player_id: str, table_id: str) -> str:
        return self._token(player_id, Role.BOT, table_id)

    def service_token(self) -> str:
        return self._token(SERVICE_SUBJECT, Role.SERVICE)

    def operator_token(self) -> str:
        # Closing idle tables is an operator's act; the engine writes it to its audit log.
        return self._token(SERVICE_SUBJECT, Role.OPERATOR)

    def abort(self, table_id: str, reason: str, token: str) -> None:
        request = engine_pb2.AbortTableRequest(table_id=table_id, reason=reason)
        self._call(self._stub.AbortTable, request, token)

    def hand_over(self, table_id: str, seat: int, reason: str, token: str) -> bool:
        """HandOverSeat: the engine marks ``seat`` abandoned; ``False`` if it already was."""
        request = engine_pb2.HandOverSeatRequest(table_id=table_id, seat=seat, reason=reason)
        return bool(self._call(self._stub.HandOverSeat, request, token).handed_over)

    def advance_clock(self, table_id: str, token: str) -> engine_pb2.AdvanceClockResponse:
        """AdvanceClock: a real-time table's game clock reached its next tick."""
        request = engine_pb2.AdvanceClockRequest(table_id=table_id)
        return self._call(self._stub.AdvanceClock, request, token)

    def _meta(self, token: str) -> list[tuple[str, str]]:
        meta = [("authorization", f"Bearer {token}")]
        # The task's id (bound by inferno_worker.tasks) is the engine's request id for the
        # call, so the worker's line and the engine's line of one move share it.
        request_id = structlog.contextvars.get_contextvars().get(REQUEST_ID)
        if request_id:
            meta.append(("x-request-id", str(request_id)))
        return meta

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
            if code not in TRANSIENT:
                raise Refused(code, err.details() or "") from None  # type: ignore[attr-defined]
            raise
