"""The shared reader per table: followers in one process share one read of the log, a slow
follower falls behind without holding up the others, and nobody misses or repeats an event.

In-process, against the real Redis: the table logic (:class:`Tables`) with a small queue limit,
and changes committed straight through the store so the log grows faster than a slow follower
reads it.
"""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from inferno_auth import Claims, Role
from inferno_engine.bus import Publisher
from inferno_engine.feeds import Feeds, position
from inferno_engine.presence import Presence
from inferno_engine.tables import LIVE, Tables
from inferno_proto import engine_pb2 as pb
from inferno_rules import Event

pytestmark = pytest.mark.anyio
LOBBY = Claims("lobby", Role.SERVICE)
OPERATOR = Claims("olga", Role.OPERATOR)


async def commit_many(tables: Tables, table_id: str, count: int) -> None:
    """``count`` changes of one public event each, as fast as Redis takes them."""
    snap = await tables.store.read(table_id)
    assert snap is not None
    version = snap.version
    for n in range(count):
        done = await tables.store.commit(
            table_id,
            expected=version,
            status=LIVE,
            since_ms=0,
            events=[Event("note", {"n": n})],
        )
        assert done.outcome == "ok"
        version += 1
        if n % 20 == 0:
            await asyncio.sleep(0)


async def ids_of(tables: Tables, table_id: str, pause: float, out: list[str]) -> None:
    async for _, batch in tables.follow(LOBBY, table_id, "", None):
        out.extend(e.id for e in batch)
        if pause:
            await asyncio.sleep(pause)


async def test_a_slow_follower_reads_for_itself_and_misses_nothing(
    redis_url: str, redis_prefix: str
) -> None:
    from inferno_engine.store import TableStore

    client = aioredis.Redis.from_url(redis_url)
    waiting = aioredis.Redis.from_url(redis_url)
    store = TableStore(client, redis_prefix, waiting)
    publisher = Publisher(store)
    feeds = Feeds(store, block_ms=200, limit=2)
    tables = Tables(store, publisher, frozenset({"oh_hell"}), feeds, Presence(store, publisher))
    try:
        options = pb.GameOptions()
        seats = [("ana", "Ana", False), ("bruno", "Bruno", False), ("carla", "Carla", False)]
        await tables.create(LOBBY, "t", "oh_hell", options, seats, 0)
        fast: list[str] = []
        slow: list[str] = []
        followers = [
            asyncio.create_task(ids_of(tables, "t", 0, fast)),
            asyncio.create_task(ids_of(tables, "t", 0.01, slow)),
        ]
        await asyncio.sleep(0.3)  # both caught up and waiting on the feed
        assert feeds.tables == 1
        await commit_many(tables, "t", 400)
        await tables.change_status(OPERATOR, "t", "aborted", "end of test")
        await asyncio.wait_for(asyncio.gather(*followers), 30)
        # A service without a seat sees the public entries (the deals are private).
        log = [e.id for e in await store.events_after("t", "", count=10_000) if e.event.to is None]
    finally:
        await feeds.close()
        await client.aclose()
        await waiting.aclose()
    assert fast == log, "the fast follower missed or repeated an event"
    assert slow == log, "the slow follower missed or repeated an event"
    assert feeds.fell_behind >= 1, "the slow follower never fell behind: the test proves nothing"
    assert [position(i) for i in log] == sorted(position(i) for i in log)


async def test_a_spectator_cancelled_while_its_events_wait_out_the_delay_leaves_the_feed(
    redis_url: str, redis_prefix: str
) -> None:
    from inferno_engine.store import TableStore

    client = aioredis.Redis.from_url(redis_url)
    store = TableStore(client, redis_prefix)
    publisher = Publisher(store)
    feeds = Feeds(store, block_ms=200)
    tables = Tables(store, publisher, frozenset({"oh_hell"}), feeds, Presence(store, publisher))
    fan = Claims("fan", Role.SPECTATOR)
    got: list[str] = []

    async def watch() -> None:
        async for _, batch in tables.follow(fan, "t", "", None):
            got.extend(e.id for e in batch)

    try:
        seats = [("ana", "Ana", False), ("bruno", "Bruno", False), ("carla", "Carla", False)]
        await tables.create(LOBBY, "t", "oh_hell", pb.GameOptions(), seats, 0, spectator_delay=1)
        task = asyncio.create_task(watch())
        await asyncio.sleep(1.3)  # version 1 is shown; the spectator waits on the feed
        assert got and feeds.followers("t") == 1
        await commit_many(tables, "t", 1)
        await asyncio.sleep(0.4)  # version 2 arrived and waits out the delay
        assert all(i.startswith("1-") for i in got)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert feeds.followers("t") == 0, "the cancelled spectator is still subscribed"
    finally:
        await feeds.close()
        await client.aclose()
