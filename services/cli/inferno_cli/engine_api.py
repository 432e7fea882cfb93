"""The engine's gRPC API as a player uses it: read your view of a table, make a move.

The lobby's access token is the engine's credential too (same key; its subject is the
player id of the seat). gRPC refusals become :class:`ClientError` with the engine's message.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import grpc

from inferno_proto import engine_pb2, engine_pb2_grpc

from .lobby_api import ClientError

_WHY = {
    grpc.StatusCode.UNAUTHENTICATED: "the engine did not accept your sign-in",
    grpc.StatusCode.PERMISSION_DENIED: "not allowed",
    grpc.StatusCode.NOT_FOUND: "no such table at the engine",
    grpc.StatusCode.INVALID_ARGUMENT: "that move is not allowed",
    grpc.StatusCode.FAILED_PRECONDITION: "not now",
    grpc.StatusCode.ABORTED: "the table changed meanwhile; look again",
    grpc.StatusCode.UNAVAILABLE: "the engine is not reachable",
}


class Engine:
    """``renew``: gives a fresh access token (through the lobby's refresh token) when the
    engine says the one in hand has expired, so a long game does not end with the token."""

    def __init__(
        self,
        address: str,
        token: str,
        timeout: float = 10.0,
        renew: Callable[[], str] | None = None,
    ) -> None:
        self.channel = grpc.insecure_channel(address)
        self.stub = engine_pb2_grpc.EngineStub(self.channel)
        self.address = address
        self.token = token
        self.timeout = timeout
        self.renew = renew

    def close(self) -> None:
        self.channel.close()

    def _call(self, method: str, request: object, renewed: bool = False) -> object:
        metadata = (("authorization", f"Bearer {self.token}"),)
        try:
            return getattr(self.stub, method)(request, metadata=metadata, timeout=self.timeout)
        except grpc.RpcError as err:
            code = err.code()
            if code == grpc.StatusCode.UNAUTHENTICATED and self.renew and not renewed:
                # The access token expired mid-game: renew it and make the same call again
                # (a move keeps its action id, so it cannot be made twice).
                self.token = self.renew()
                return self._call(method, request, renewed=True)
            why = _WHY.get(code, f"the engine answered {code.name}")
            raise ClientError(f"{why}: {err.details()}") from err

    def view(self, table_id: str) -> engine_pb2.GetViewResponse:
        reply = self._call("GetView", engine_pb2.GetViewRequest(table_id=table_id))
        assert isinstance(reply, engine_pb2.GetViewResponse)
        return reply

    def move(
        self, table_id: str, version: int, action: engine_pb2.Action
    ) -> engine_pb2.SubmitActionResponse:
        request = engine_pb2.SubmitActionRequest(
            table_id=table_id,
            expected_version=version,
            action_id=uuid.uuid4().hex,  # one key per move: a retried call is not a second move
            action=action,
        )
        reply = self._call("SubmitAction", request)
        assert isinstance(reply, engine_pb2.SubmitActionResponse)
        return reply
