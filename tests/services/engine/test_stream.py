"""StreamEvents: live delivery, resuming after a disconnect with no gap and no duplicate, one
shared reader per followed table, and streams that outlive quiet spells."""

from __future__ import annotations

import asyncio
import random

import httpx
import psutil
import pytest
import redis

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb
from tests.support.engine_process import free_port

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


def redis_ports(pid: int) -> set[int]:
    """The local ports of the TCP connections process ``pid`` holds to Redis."""
    return {
        c.laddr.port
        for c in psutil.Process(pid).net_connections(kind="tcp")
        if c.raddr and c.raddr.port == 6379 and c.status == psutil.CONN_ESTABLISHED
    }


def blocked_reads(redis_url: str, pid: int) -> int:
    """How many of process ``pid``'s Redis connections are blocked in a stream read now."""
    ports = redis_ports(pid)
    client = redis.Redis.from_url(redis_url)
    try:
        return sum(
            1
            for c in client.client_list()
            if int(c["addr"].rsplit(":", 1)[1]) in ports and "b" in c["flags"]
        )
    finally:
        client.close()


async def test_followers_of_a_table_share_one_reader_per_engine(engines, redis_url) -> None:
    metrics_port = free_port()
    engine = engines(INFERNO_ENGINE_METRICS_PORT=str(metrics_port))
    tables = ["t1", "t2", "t3"]
    for table_id in tables:
        await create_table(engine.address, table_id, PLAYERS, {"order": 2})
    players = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    watchers = [Client(engine.address, f"fan{i}", Role.SPECTATOR) for i in range(10)]
    received: dict[tuple[int, str], list[str]] = {}
    live = asyncio.Event()

    async def watch(i: int, table_id: str) -> None:
        ids = received.setdefault((i, table_id), [])
        async for batch in watchers[i].stream(table_id):
            ids.extend(e.id for e in batch.events)
            if all(any(i.startswith("2-") for i in got) for got in received.values()):
                live.set()

    tasks = [asyncio.create_task(watch(i, t)) for i in range(10) for t in tables]
    try:
        await asyncio.sleep(1.0)  # every follower caught up and waits for news
        for table_id in tables:
            view = await players[0].view(table_id)
            seat = view.decision.seats[0]
            view = await players[seat].view(table_id)
            await players[seat].submit(table_id, view.version, view.legal_actions[0])
        await asyncio.wait_for(live.wait(), 10)
        for _ in range(50):  # until the feeds wait for news again
            waiting = blocked_reads(redis_url, engine.process.pid)
            if waiting == len(tables):
                break
            await asyncio.sleep(0.05)
        async with httpx.AsyncClient() as http:
            text = (await http.get(f"http://127.0.0.1:{metrics_port}/metrics")).text
    finally:
        for task in tasks:
            task.cancel()
        # Let the cancelled calls finish before their channels close: a call left in flight
        # would still hand grpc's poller work for this test's event loop once it has closed.
        await asyncio.gather(*tasks, return_exceptions=True)
        for client in (*players.values(), *watchers):
            await client.close()
    assert len(received) == 30
    # 30 followers on 3 tables: one waiting read per table, not one per follower.
    assert waiting == len(tables), f"{waiting} blocking reads for 30 followers of 3 tables"
    assert "inferno_engine_followed_tables 3.0" in text


async def test_a_stream_outlives_a_quiet_spell_longer_than_a_redis_read_timeout(engine) -> None:
    """A table with no news for longer than redis-py's 5 s socket timeout: the stream stays up
    and delivers the next move."""
    await create_table(engine.address, "t", PLAYERS, {"order": 2})
    players = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    watcher = Client(engine.address, "ana")
    versions: list[int] = []

    async def watch() -> None:
        async for batch in watcher.stream("t"):
            versions.extend(e.version for e in batch.events)
            if versions[-1] >= 2:
                return

    try:
        task = asyncio.create_task(watch())
        await asyncio.sleep(6.5)
        assert not task.done(), "the stream ended during the quiet spell"
        await play_one_move(players, "t", random.Random(1))
        await asyncio.wait_for(task, 5)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        for client in (*players.values(), watcher):
            await client.close()
    assert versions[-1] == 2


async def test_a_stream_ends_when_its_token_expires_and_resumes_with_a_fresh_one(engine) -> None:
    """A stream lives as long as its token: then UNAUTHENTICATED ``token_expired``, naming the
    last event id; re-opened with a fresh token and that id, it goes on with nothing lost."""
    import grpc

    await create_table(engine.address, "t", ["ana", "bruno", "carla"])
    players = {s: Client(engine.address, n) for s, n in enumerate(["ana", "bruno", "carla"])}
    short = Client(engine.address, "ana", ttl_seconds=2)
    rng = random.Random(1)
    seen: list[str] = []
    try:
        with pytest.raises(grpc.aio.AioRpcError) as ended:
            async for batch in short.stream("t"):
                seen.extend(e.id for e in batch.events)
        assert ended.value.code() == grpc.StatusCode.UNAUTHENTICATED
        trailing = dict(ended.value.trailing_metadata())
        assert trailing["inferno-reason"] == "token_expired"
        assert f"after_event_id={seen[-1]!r}" in ended.value.details()
        for _ in range(3):  # the table moves on while nobody follows
            await play_one_move(players, "t", rng)
        resumed: list[str] = []
        stream = players[0].stream("t", after=seen[-1])
        async for batch in stream:
            resumed.extend(e.id for e in batch.events)
            if len(resumed) >= 3 and resumed[-1] == (await players[0].view("t")).last_event_id:
                break
        stream.cancel()
        assert resumed and not set(resumed) & set(seen)  # nothing repeated
        assert int(resumed[0].split("-")[0]) == int(seen[-1].split("-")[0]) + 1  # none lost
    finally:
        for client in (*players.values(), short):
            await client.close()
