"""Presence: a seat's first open event stream announces it connected, its last one closing (or
its engine dying) announces it disconnected, on the bus; spectators never count."""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest

from inferno_auth import Role
from inferno_bus import EventType
from inferno_proto import engine_pb2 as pb

from .client import Client, bus_when, create_table

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla"]


def presence(envelopes: list[Any]) -> list[tuple[int, bool]]:
    return [
        (e.payload["seat"], e.payload["connected"])
        for e in envelopes
        if e.type == EventType.TABLE_PRESENCE
    ]


class Stream:
    """A StreamEvents call kept open in the background until :meth:`close`."""

    def __init__(self, client: Client, **kw: Any) -> None:
        self.call = client.stream("t", **kw)
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for _ in self.call:
            pass

    async def close(self) -> None:
        self.call.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


async def settled(redis_url: str, prefix: str, expected: list[tuple[int, bool]]) -> list[Any]:
    """The bus once it holds exactly ``expected`` presence news, checked again a moment later
    (so an extra announcement would be seen)."""
    envelopes = await bus_when(redis_url, prefix, lambda es: presence(es) == expected)
    await asyncio.sleep(0.4)
    envelopes = await bus_when(redis_url, prefix, lambda es: True)
    assert presence(envelopes) == expected
    return envelopes


async def test_a_seat_is_connected_while_any_of_its_streams_is_open(
    engine, redis_url, redis_prefix
) -> None:
    began = int(time.time() * 1000)
    await create_table(engine.address, "t", PLAYERS)
    ana = Client(engine.address, "ana")
    fan = Client(engine.address, "fan", Role.SPECTATOR)
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    try:
        first = Stream(ana)
        await settled(redis_url, redis_prefix, [(0, True)])
        second = Stream(ana)
        watching = [Stream(fan), Stream(lobby)]  # a spectator, and a service naming no seat
        await settled(redis_url, redis_prefix, [(0, True)])
        bot_seat = Stream(lobby, seat=2)  # the worker following a bot's seat
        await settled(redis_url, redis_prefix, [(0, True), (2, True)])
        await first.close()
        await settled(redis_url, redis_prefix, [(0, True), (2, True)])
        await second.close()
        await settled(redis_url, redis_prefix, [(0, True), (2, True), (0, False)])
        await bot_seat.close()
        envelopes = await settled(
            redis_url, redis_prefix, [(0, True), (2, True), (0, False), (2, False)]
        )
        for stream in watching:
            await stream.close()
    finally:
        for client in (ana, fan, lobby):
            await client.close()
    news = [e for e in envelopes if e.type == EventType.TABLE_PRESENCE]
    assert len({e.id for e in news}) == len(news)
    for e in news:
        assert e.table == "t"
        assert set(e.payload) == {"seat", "connected", "at_ms"}
        assert began <= e.payload["at_ms"] <= int(time.time() * 1000)


async def test_a_seat_stays_connected_across_engines_until_its_killed_engine_expires(
    engines, redis_url, redis_prefix
) -> None:
    a = engines(INFERNO_PRESENCE_TTL_SECONDS="1")
    b = engines(INFERNO_PRESENCE_TTL_SECONDS="1")
    await create_table(a.address, "t", PLAYERS)
    on_a, on_b = Client(a.address, "bruno"), Client(b.address, "bruno")
    try:
        stream_a = Stream(on_a)
        await settled(redis_url, redis_prefix, [(1, True)])
        stream_b = Stream(on_b)
        await asyncio.sleep(1.5)  # longer than the TTL: the engines keep the streams alive
        await settled(redis_url, redis_prefix, [(1, True)])
        await stream_b.close()
        await settled(redis_url, redis_prefix, [(1, True)])
        a.kill()  # its stream stays counted until it expires; b's sweep notices
        killed = time.monotonic()
        await bus_when(redis_url, redis_prefix, lambda es: presence(es) == [(1, True), (1, False)])
        assert time.monotonic() - killed < 4
        await settled(redis_url, redis_prefix, [(1, True), (1, False)])
        await stream_a.close()
    finally:
        await on_a.close()
        await on_b.close()


async def test_an_engine_stopping_announces_its_seats_disconnected(
    engines, redis_url, redis_prefix
) -> None:
    engine = engines(INFERNO_ENGINE_GRACE_SECONDS="0.5")  # the default TTL (30 s) stays
    await create_table(engine.address, "t", PLAYERS)
    carla = Client(engine.address, "carla")
    try:
        stream = Stream(carla)
        await settled(redis_url, redis_prefix, [(2, True)])
        stopping = time.monotonic()
        await asyncio.to_thread(engine.stop)  # SIGTERM: streams end, their seats are uncounted
        await bus_when(redis_url, redis_prefix, lambda es: presence(es) == [(2, True), (2, False)])
        assert time.monotonic() - stopping < 10, "it took the TTL, not the shutdown"
        await stream.close()
    finally:
        await carla.close()


async def test_streams_of_an_ended_table_announce_nothing(engine, redis_url, redis_prefix) -> None:
    await create_table(engine.address, "t", PLAYERS)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    ana = Client(engine.address, "ana")
    try:
        await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id="t", reason="test"), metadata=operator.metadata
        )
        events = [e async for batch in ana.stream("t") for e in batch.events]
        await bus_when(redis_url, redis_prefix, lambda es: "table.aborted" in {e.type for e in es})
        await settled(redis_url, redis_prefix, [])
    finally:
        await operator.close()
        await ana.close()
    assert events[-1].table_status.status == pb.TABLE_STATUS_ABORTED


async def test_a_flapping_client_is_announced_once_per_debounce_not_per_stream(
    engines, redis_url, redis_prefix
) -> None:
    """The outside attack: opening and closing a stream 200 times put 400 events on the bus.
    Debounced per seat, a burst of flaps costs the first announcement and at most one per
    debounce after it, and the bus ends with the seat's true state."""
    engine = engines(INFERNO_PRESENCE_DEBOUNCE_SECONDS="1")
    await create_table(engine.address, "t", PLAYERS)
    ana = Client(engine.address, "ana")
    started = time.monotonic()
    try:
        for _ in range(200):
            stream = Stream(ana)
            await asyncio.sleep(0.002)
            await stream.close()
        burst = time.monotonic() - started
        envelopes = await bus_when(
            redis_url, redis_prefix, lambda es: presence(es)[-1:] == [(0, False)], timeout=10
        )
        await asyncio.sleep(1.5)  # nothing more comes once the seat has settled
        envelopes = await bus_when(redis_url, redis_prefix, lambda es: True)
    finally:
        await ana.close()
    news = presence(envelopes)
    assert news[0] == (0, True) and news[-1] == (0, False)
    assert all(a != b for a, b in itertools.pairwise(news))  # they alternate
    assert len(news) <= 2 + 2 * int(burst / 1.0 + 1), (len(news), burst)


def spectator_counts(envelopes: list[Any]) -> list[int]:
    return [e.payload["count"] for e in envelopes if e.type == EventType.SPECTATORS]


async def test_spectators_are_counted_on_the_bus_never_named(
    engines, redis_url, redis_prefix
) -> None:
    """Spectators' streams (and players watching a table they do not sit at) are one count per
    table across engines, announced when it changes; a seat's or the worker's streams are not
    spectators, and no announcement names who watches."""
    a = engines(INFERNO_PRESENCE_DEBOUNCE_SECONDS="0")
    b = engines(INFERNO_PRESENCE_DEBOUNCE_SECONDS="0")
    began = int(time.time() * 1000)
    await create_table(a.address, "t", PLAYERS)
    fans = [Client(a.address, "fan", Role.SPECTATOR), Client(b.address, "fan2", Role.SPECTATOR)]
    ana, lobby = Client(a.address, "ana"), Client(b.address, "lobby", Role.SERVICE)
    try:
        own = [Stream(ana), Stream(lobby), Stream(lobby, seat=1)]  # none of them a spectator
        await bus_when(redis_url, redis_prefix, lambda es: len(presence(es)) == 2)
        first = Stream(fans[0])
        await bus_when(redis_url, redis_prefix, lambda es: spectator_counts(es) == [1])
        second = Stream(fans[1])  # on the other engine: the same count goes up
        await bus_when(redis_url, redis_prefix, lambda es: spectator_counts(es) == [1, 2])
        await first.close()
        envelopes = await bus_when(
            redis_url, redis_prefix, lambda es: spectator_counts(es) == [1, 2, 1]
        )
        await second.close()
        envelopes = await bus_when(
            redis_url, redis_prefix, lambda es: spectator_counts(es) == [1, 2, 1, 0]
        )
        for stream in own:
            await stream.close()
    finally:
        for client in (*fans, ana, lobby):
            await client.close()
    counted = [e for e in envelopes if e.type == EventType.SPECTATORS]
    assert len({e.id for e in counted}) == len(counted)
    for e in counted:
        assert e.table == "t" and set(e.payload) == {"count", "at_ms"}
        assert began <= e.payload["at_ms"] <= int(time.time() * 1000)
    assert sorted(presence(envelopes)[:2]) == [(0, True), (1, True)]
