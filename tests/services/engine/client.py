"""A small grpc.aio client for the engine tests: one authenticated stub per player."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any

import grpc

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc

from .conftest import token


class Client:
    def __init__(self, address: str, subject: str, role: Role = Role.PLAYER, **claims: Any):
        self.channel = grpc.aio.insecure_channel(address)
        self.stub = engine_pb2_grpc.EngineStub(self.channel)
        self.subject = subject
        self.metadata = (("authorization", f"Bearer {token(subject, role, **claims)}"),)

    async def close(self) -> None:
        await self.channel.close()

    async def view(self, table_id: str, **kw: Any) -> pb.GetViewResponse:
        return await self.stub.GetView(
            pb.GetViewRequest(table_id=table_id, **kw), metadata=self.metadata
        )

    async def submit(
        self, table_id: str, version: int, action: pb.Action | None, action_id: str = "", **kw: Any
    ) -> pb.SubmitActionResponse:
        request = pb.SubmitActionRequest(
            table_id=table_id,
            expected_version=version,
            action_id=action_id or uuid.uuid4().hex,
            **kw,
        )
        if action is not None:
            request.action.CopyFrom(action)
        return await self.stub.SubmitAction(request, metadata=self.metadata)

    def stream(self, table_id: str, after: str = "", **kw: Any) -> Any:
        return self.stub.StreamEvents(
            pb.StreamEventsRequest(table_id=table_id, after_event_id=after, **kw),
            metadata=self.metadata,
        )


def bid(count: int) -> pb.Action:
    action = pb.Action()
    action.oh_hell.bid.count = count
    return action


def play(card: str) -> pb.Action:
    action = pb.Action()
    action.oh_hell.play.card = card
    return action


async def create_table(
    address: str,
    table_id: str,
    players: list[str],
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> pb.CreateTableResponse:
    lobby = Client(address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id=table_id, game="oh_hell", **kw)
        for name in players:
            request.seats.add(player_id=name, name=name.title())
        for field, value in (options or {}).items():
            setattr(request.options.oh_hell, field, value)
        return await lobby.stub.CreateTable(request, metadata=lobby.metadata)
    finally:
        await lobby.close()


async def play_one_move(
    clients: dict[int, Client], table_id: str, rng: random.Random
) -> tuple[pb.GetViewResponse, pb.SubmitActionResponse] | None:
    """The seat whose turn it is looks at its view and makes a random legal move."""
    anyone = next(iter(clients.values()))
    public = await anyone.view(table_id)
    if not public.decision.seats:
        return None
    seat = rng.choice(list(public.decision.seats))
    view = await clients[seat].view(table_id)
    move = rng.choice(list(view.legal_actions))
    return view, await clients[seat].submit(table_id, view.version, move)


def status_of(err: grpc.aio.AioRpcError) -> tuple[grpc.StatusCode, dict[str, str]]:
    return err.code(), {k: v for k, v in (err.trailing_metadata() or ())}


async def bus_when(redis_url: str, prefix: str, ready: Any, timeout: float = 5.0) -> list[Any]:
    """The bus envelopes, once ``ready(envelopes)`` holds (the engine publishes just after it
    answers, so a test that has its answer may look a moment too early)."""
    import asyncio

    import redis

    from inferno_bus import Envelope, stream_key

    client = redis.Redis.from_url(redis_url)
    try:
        for _ in range(int(timeout / 0.02)):
            envelopes = [
                Envelope.from_fields(f) for _, f in client.xrange(stream_key(prefix, "tables"))
            ]
            if ready(envelopes):
                return envelopes
            await asyncio.sleep(0.02)
    finally:
        client.close()
    raise AssertionError("the expected bus events were not published in time")


async def shut_down(tasks: list[asyncio.Task[Any]], clients: list[Client]) -> None:
    """Cancel the readers and let their calls finish before the channels close: a call left in
    flight would hand grpc's poller work for this test's event loop after it has closed."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for client in clients:
        await client.close()
