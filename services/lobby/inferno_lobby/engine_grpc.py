"""The lobby's engine port over gRPC: ``CreateTable`` on the engine that serves the game.

The lobby signs a short-lived ``service`` token with the key the engine verifies, so the engine
needs no call back to the lobby. ``INFERNO_ENGINE_ADDRESS`` names the default engine and
``INFERNO_ENGINE_ADDRESSES`` (``game=host:port,…``) the per-game deployments, so an operator can
give a busy game its own engines; clients learn a table's address from the lobby's answers.
"""

from __future__ import annotations

from typing import Any

import grpc

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2, engine_pb2_grpc
from inferno_proto.options import options_to_proto

from .engine import EngineError, SeatAssignment, TableSettings
from .request_ids import current_request_id


class GrpcEngine:
    """Implements :class:`~inferno_lobby.engine.EngineGateway` against real engines."""

    def __init__(
        self,
        default_address: str,
        token_key: str,
        *,
        per_game: dict[str, str] | None = None,
        algorithm: str = "HS256",
        timeout_seconds: float = 5.0,
        hand_over_after: int = 0,
    ) -> None:
        self.default_address = default_address
        self.per_game = dict(per_game or {})
        self._key = token_key
        self._algorithm = algorithm
        self._timeout = timeout_seconds
        self.hand_over_after = hand_over_after

    def address_for(self, game: str) -> str:
        """Where the tables of ``game`` live."""
        return self.per_game.get(game, self.default_address)

    def _metadata(self) -> tuple[tuple[str, str], ...]:
        token = issue_token(
            self._key, "lobby", Role.SERVICE, ttl_seconds=60, algorithm=self._algorithm
        )
        request_id = current_request_id()
        sent = (("authorization", f"Bearer {token}"),)
        # The engine logs the lobby's request id, so one request is one trail across both.
        return (*sent, ("x-request-id", request_id)) if request_id else sent

    async def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[SeatAssignment],
        settings: TableSettings | None = None,
    ) -> str:
        request = engine_pb2.CreateTableRequest(
            table_id=table_id,
            game=game,
            options=options_to_proto(game, options),
            seats=[
                engine_pb2.SeatAssignment(player_id=s.player_id, name=s.name, bot=s.bot)
                for s in sorted(seats, key=lambda s: s.seat)
            ],
            # The table's clock; the lobby has no disconnect grace setting, so the worker's
            # default applies (grace_seconds 0).
            turn_seconds=settings.decision_seconds if settings else 0,
            bank_seconds=settings.time_bank_seconds if settings else 0,
            increment_seconds=settings.increment_seconds if settings else 0,
            spectator_delay_seconds=settings.spectator_delay_seconds if settings else 0,
            private=settings.private if settings else False,
            hand_over_after=self.hand_over_after if settings else 0,
        )
        # A channel per call: tables start rarely, and this keeps the gateway free of event-loop
        # state, so it works in every uvicorn worker and test loop alike.
        async with grpc.aio.insecure_channel(self.address_for(game)) as channel:
            stub = engine_pb2_grpc.EngineStub(channel)
            try:
                answer = await stub.CreateTable(
                    request, metadata=self._metadata(), timeout=self._timeout
                )
                return str(answer.seed_commitment)
            except grpc.aio.AioRpcError as err:
                if err.code() == grpc.StatusCode.ALREADY_EXISTS:
                    # Idempotent by table id: the table was opened by an earlier try.
                    return await self._commitment(stub, table_id, err)
                raise EngineError(_say(err)) from None

    async def _commitment(
        self, stub: engine_pb2_grpc.EngineStub, table_id: str, first: grpc.aio.AioRpcError
    ) -> str:
        try:
            view = await stub.GetView(
                engine_pb2.GetViewRequest(table_id=table_id),
                metadata=self._metadata(),
                timeout=self._timeout,
            )
        except grpc.aio.AioRpcError:
            raise EngineError(_say(first)) from None
        return str(view.seed_commitment)


def _say(err: grpc.aio.AioRpcError) -> str:
    if err.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        return "the game engine cannot be reached right now; try starting the table again"
    return f"the game engine refused the table: {err.details()}"


def parse_addresses(text: str) -> dict[str, str]:
    """``"oh_hell=engine-oh-hell:50051,inferno=…"`` → ``{"oh_hell": "engine-oh-hell:50051"}``."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        game, sep, address = part.partition("=")
        if not sep or not game.strip() or not address.strip():
            raise ValueError(f"INFERNO_ENGINE_ADDRESSES wants game=host:port items; got {part!r}")
        out[game.strip()] = address.strip()
    return out
