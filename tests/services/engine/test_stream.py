"""StreamEvents: live delivery, and resuming after a disconnect with no gap and no duplicate."""

from __future__ import annotations

import asyncio
import random

import pytest

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb

from .client import Client, create_table, play_one_move

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]


async def test_a_stream_resumed_from_the_last_event_id_misses_nothing(engines) -> None:
    a, b = engines(), engines()
    await create_table(a.address, "t", PLAYERS, {"order": 2})
    players = {s: Client(a.address, n) for s, n in enumerate(PLAYERS)}
    watcher = Client(a.address, "ana")
    watcher_b = Client(b.address, "ana")  # reconnects to another process
    operator = Client(a.address, "olga", Role.OPERATOR)
    rng = random.Random(9)
    received: list[pb.Event] = []

    async def moves() -> None:
        for _ in range(60):
            await play_one_move(players, "t", rng)
            await asyncio.sleep(0.002)
        await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id="t", reason="end of test"), metadata=operator.metadata
        )

    try:
        mover = asyncio.create_task(moves())
        first = watcher.stream("t")
        async for batch in first:
            received.extend(batch.events)
            if len(received) >= 25:
                first.cancel()  # the phone loses its connection
                break
        cut = received[-1].id
        async for batch in watcher_b.stream("t", after=cut):
            received.extend(batch.events)
        await mover
        replay = [e async for batch in watcher.stream("t") for e in batch.events]
    finally:
        for client in (*players.values(), watcher, watcher_b, operator):
            await client.close()
    ids = [e.id for e in received]
    assert len(ids) == len(set(ids)), "an event came twice"
    assert ids == [e.id for e in replay], "an event went missing"
    assert [e.SerializeToString() for e in received] == [e.SerializeToString() for e in replay]
    assert received[-1].table_status.status == pb.TABLE_STATUS_ABORTED
    versions = [e.version for e in received]
    assert versions == sorted(versions)
