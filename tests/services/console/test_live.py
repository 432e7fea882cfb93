"""The live list from the bus, on the real Redis: a table's story folded into its row, pushes
to the pages that follow, and entries the list cannot use skipped without stopping it."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis.asyncio as aioredis

from inferno_bus import Envelope, EventType, stream_key
from inferno_console.live import LiveTables

pytestmark = pytest.mark.anyio
SEATS = [{"seat": i, "player_id": f"p{i}", "name": f"Ana{i}", "bot": i > 0} for i in range(3)]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def publish(client: aioredis.Redis, prefix: str, *events: Envelope) -> None:
    for event in events:
        await client.xadd(stream_key(prefix, "tables"), event.to_fields())


async def test_a_tables_story_becomes_its_row_and_reaches_the_pages(
    redis_url: str, redis_prefix: str
) -> None:
    client = aioredis.Redis.from_url(redis_url)
    live = LiveTables(client, redis_prefix, push_every_seconds=0.05)
    t = "a" * 32
    await publish(
        client,
        redis_prefix,
        Envelope.new(
            EventType.TABLE_CREATED,
            t,
            1,
            {
                "game": "oh_hell",
                "seats": SEATS,
                "seed_commitment": "c0",
                "clock": {"turn_seconds": 30},
                "options": {"HOOK": True},
            },
        ),
        Envelope.new(
            EventType.ACTION_APPLIED,
            t,
            2,
            {
                "seat": 0,
                "action": {"kind": "bid", "arg": 1},
                "to_act": [1],
            },
        ),
    )
    # Entries the list cannot use: not an envelope, an unknown type, a payload of the wrong
    # shape. None of them stops the reader.
    stream = stream_key(redis_prefix, "tables")
    await client.xadd(stream, {"nonsense": "1"})
    await client.xadd(
        stream,
        {**Envelope.new(EventType.ACTION_APPLIED, t, 3).to_fields(), "type": "table.exploded"},
    )
    await publish(
        client,
        redis_prefix,
        Envelope.new(EventType.ACTION_APPLIED, t, 3, {"seat": "x", "action": 5}),
    )
    await live.start()
    try:
        await asyncio.wait_for(live.caught_up.wait(), 5)
        row = next(r for r in live.rows() if r["id"] == t)
        assert row["game"] == "oh_hell" and row["version"] == 3
        assert [s["kind"] for s in row["seats"]] == ["person", "bot", "bot"]
        assert row["to_act"] == ["Ana1"] and row["deadline_ms"] > 0
        assert row["last_move_ms"] > 0 and row["private"] is False

        page = live.subscribe()
        await publish(
            client,
            redis_prefix,
            Envelope.new(EventType.STATUS_CHANGED, t, 4, {"status": "paused", "reason": "r"}),
            Envelope.new(EventType.TABLE_PRESENCE, t, 0, {"seat": 0, "connected": False}),
            Envelope.new(EventType.SEAT_HANDED_OVER, t, 5, {"seat": 2, "reason": "gone"}),
        )
        pushed = await asyncio.wait_for(page.get(), 5)
        while not any(r["status"] == "paused" for r in pushed["rows"]):
            pushed = await asyncio.wait_for(page.get(), 5)
        await asyncio.sleep(0.2)
        seats = next(r for r in live.rows() if r["id"] == t)["seats"]
        assert seats[0]["connected"] is False and seats[2]["kind"] == "handed over"
        texts = [e["text"] for e in live.tables[t].events]
        assert "Ana0: bid 1" in texts and "paused: r" in texts
        assert live.tables[t].options == {"HOOK": True}
    finally:
        await live.stop()
        await client.aclose()


async def test_a_restart_reads_the_bus_from_the_last_snapshot_on(
    redis_url: str, redis_prefix: str
) -> None:
    client = aioredis.Redis.from_url(redis_url)
    first = LiveTables(client, redis_prefix, push_every_seconds=0.05)
    early, late = "b" * 32, "c" * 32
    created = {"game": "inferno", "seats": SEATS, "seed_commitment": "c1"}
    await publish(
        client,
        redis_prefix,
        Envelope.new(EventType.TABLE_CREATED, early, 1, created),
        Envelope.new(EventType.ACTION_APPLIED, early, 2, {"seat": 0, "action": {"kind": "take"}}),
    )
    await first.start()
    try:
        await asyncio.wait_for(first.caught_up.wait(), 5)
        await first.save_snapshot()
    finally:
        await first.stop()
    # What the snapshot covers leaves the stream: a restart must not need it.
    stream = stream_key(redis_prefix, "tables")
    for entry_id, _ in await client.xrange(stream):
        await client.xdel(stream, entry_id)
    await publish(
        client,
        redis_prefix,
        Envelope.new(EventType.TABLE_CREATED, late, 1, created),
        Envelope.new(EventType.STATUS_CHANGED, early, 3, {"status": "paused", "reason": "r"}),
    )
    second = LiveTables(client, redis_prefix, push_every_seconds=0.05)
    await second.start()
    try:
        await asyncio.wait_for(second.caught_up.wait(), 5)
        rows = {r["id"]: r for r in second.rows()}
        assert set(rows) == {early, late}
        assert rows[early]["status"] == "paused" and rows[early]["version"] == 3
        assert rows[early]["last_move_ms"] > 0 and rows[early]["game"] == "inferno"
        assert any(e["text"] == "Ana0: take" for e in second.tables[early].events)
        # A broken snapshot is not trusted: the whole stream is read instead.
        await client.set(second.snapshot_key, "{not json")
        third = LiveTables(client, redis_prefix)
        await third.load_snapshot()
        assert third.tables == {} and third.last_id == "0"
    finally:
        await second.stop()
        await client.aclose()


def test_who_must_act_is_who_the_table_waits_for(redis_url: str, redis_prefix: str) -> None:
    """Dante's Inferno: every seat may trade (``to_act``), the table waits only for the active
    player (``waiting_on``); the list names the latter, and falls back to ``to_act`` when a
    payload has no ``waiting_on`` (an older engine). The envelopes go through the real Redis
    stream (the bus's own Publisher) and are folded as the reader folds them."""
    import redis

    from inferno_bus import Publisher
    from inferno_console.live import read_entry

    sync = redis.Redis.from_url(redis_url)
    bus = Publisher(sync, redis_prefix)
    live = LiveTables(aioredis.Redis.from_url(redis_url), redis_prefix)
    t = "d" * 32
    created = {"game": "dantes_inferno", "seats": SEATS, "clock": {"turn_seconds": 30}}

    def fold() -> dict:
        for _id, fields in sync.xrange(stream_key(redis_prefix, "tables"), live.last_id, "+"):
            if _id.decode() != live.last_id:
                live.apply(read_entry(fields))
                live.last_id = _id.decode()
        return next(r for r in live.rows() if r["id"] == t)

    try:
        bus.publish(Envelope.new(EventType.TABLE_CREATED, t, 1, created))
        bus.publish(
            Envelope.new(
                EventType.ACTION_APPLIED,
                t,
                2,
                {"seat": 0, "action": {"kind": "roll"}, "to_act": [0, 1, 2], "waiting_on": [0]},
            )
        )
        assert fold()["to_act"] == ["Ana0"]
        for kind, version, payload, names in (
            (EventType.STATUS_CHANGED, 3, {"status": "live", "to_act": [0, 1, 2],
                                           "waiting_on": [1]}, ["Ana1"]),
            (EventType.SEAT_HANDED_OVER, 4, {"seat": 2, "to_act": [0, 1, 2],
                                             "waiting_on": [1, 2]}, ["Ana1", "Ana2"]),
            (EventType.CLOCK_TICKED, 5, {"to_act": [0, 1, 2], "waiting_on": [2]}, ["Ana2"]),
            (EventType.ACTION_APPLIED, 6, {"seat": 2, "action": {"kind": "end_turn"},
                                           "to_act": [0, 1]}, ["Ana0", "Ana1"]),
        ):  # fmt: skip
            bus.publish(Envelope.new(kind, t, version, payload))
            row = fold()
            assert row["version"] == version and row["to_act"] == names, (kind, row)
    finally:
        sync.close()


async def test_the_spectator_count_comes_from_the_bus_and_is_pushed(
    redis_url: str, redis_prefix: str
) -> None:
    """``table.spectators`` (the engine's count of open spectator streams, put on the bus here
    by the bus's own publisher) becomes the row's ``spectators``: 0 until a count is told, then
    each new count pushed to the pages, without changing the table's last change."""
    import redis

    from inferno_bus import Publisher

    client = aioredis.Redis.from_url(redis_url)
    sync = redis.Redis.from_url(redis_url)
    bus = Publisher(sync, redis_prefix)
    live = LiveTables(client, redis_prefix, push_every_seconds=0.05)
    t = "e" * 32
    bus.publish(Envelope.new(EventType.TABLE_CREATED, t, 1, {"game": "oh_hell", "seats": SEATS}))
    await live.start()
    try:
        await asyncio.wait_for(live.caught_up.wait(), 5)
        row = next(r for r in live.rows() if r["id"] == t)
        assert row["spectators"] == 0
        changed = row["last_change_ms"]
        page = live.subscribe(t)
        for count in (3, 1, 0):
            bus.publish(Envelope.new(EventType.SPECTATORS, t, 0, {"count": count, "at_ms": 1}))
            pushed = await asyncio.wait_for(page.get(), 5)
            while pushed["rows"][0]["spectators"] != count:
                pushed = await asyncio.wait_for(page.get(), 5)
            assert f"spectators: {count} watching" in [e["text"] for e in pushed["events"]]
        assert next(r for r in live.rows() if r["id"] == t)["last_change_ms"] == changed
        # A restart from the snapshot keeps the count.
        bus.publish(Envelope.new(EventType.SPECTATORS, t, 0, {"count": 2, "at_ms": 2}))
        for _ in range(100):
            if live.tables[t].spectators == 2:
                break
            await asyncio.sleep(0.05)
        await live.save_snapshot()
        again = LiveTables(client, redis_prefix)
        await again.load_snapshot()
        assert again.tables[t].spectators == 2
    finally:
        await live.stop()
        sync.close()
        await client.aclose()


def test_a_new_table_shows_who_must_act_before_anyone_moves(
    redis_url: str, redis_prefix: str
) -> None:
    """``table.created`` names the first decision (``waiting_on``, ``deadlines``): the row shows
    who must act and until when at once; an older engine's, naming nobody, shows nobody."""
    import redis

    from inferno_bus import Publisher
    from inferno_console.live import read_entry

    sync = redis.Redis.from_url(redis_url)
    live = LiveTables(aioredis.Redis.from_url(redis_url), redis_prefix)
    new, old = "a1" * 16, "b2" * 16
    created = {"game": "dantes_inferno", "seats": SEATS, "clock": {"turn_seconds": 30}}
    try:
        Publisher(sync, redis_prefix).publish_many(
            [
                Envelope.new(
                    EventType.TABLE_CREATED,
                    new,
                    1,
                    {
                        **created,
                        "to_act": [0, 1, 2],
                        "waiting_on": [0],
                        "deadlines": {"0": 1_800_000_030_000},
                    },
                ),
                Envelope.new(EventType.TABLE_CREATED, old, 1, created),
            ]
        )
        for _id, fields in sync.xrange(stream_key(redis_prefix, "tables")):
            live.apply(read_entry(fields))
        rows = {r["id"]: r for r in live.rows()}
        assert rows[new]["to_act"] == ["Ana0"]
        assert rows[new]["deadline_ms"] == 1_800_000_030_000
        assert rows[old]["to_act"] == []
    finally:
        sync.close()


def test_the_deadline_is_the_waited_seats_own_from_the_bus(
    redis_url: str, redis_prefix: str
) -> None:
    """With the bus's per-seat ``deadlines`` the row's deadline is the earliest of the waited
    seats' own (a bot's seat has none, so none runs); without them, last change + turn time.
    The envelopes go through the real Redis stream and are folded as the reader folds them."""
    import redis

    from inferno_bus import Publisher
    from inferno_console.live import read_entry

    sync = redis.Redis.from_url(redis_url)
    bus = Publisher(sync, redis_prefix)
    live = LiveTables(aioredis.Redis.from_url(redis_url), redis_prefix)
    t, old = "f" * 32, "9" * 32
    created = {"game": "oh_hell", "seats": SEATS, "clock": {"turn_seconds": 30}}
    bid = {"kind": "bid", "arg": 1}

    def fold() -> dict:
        for _id, fields in sync.xrange(stream_key(redis_prefix, "tables"), live.last_id, "+"):
            if _id.decode() != live.last_id:
                live.apply(read_entry(fields))
                live.last_id = _id.decode()
        return {r["id"]: r for r in live.rows()}

    try:
        bus.publish_many(
            [
                Envelope.new(EventType.TABLE_CREATED, t, 1, created),
                Envelope.new(EventType.TABLE_CREATED, old, 1, created),
                Envelope.new(
                    EventType.ACTION_APPLIED,
                    t,
                    2,
                    {
                        "seat": 2,
                        "action": bid,
                        "to_act": [0],
                        "deadlines": {"0": 1_800_000_090_000},
                    },
                ),
                Envelope.new(
                    EventType.ACTION_APPLIED, old, 2, {"seat": 2, "action": bid, "to_act": [0]}
                ),
            ]
        )
        rows = fold()
        assert rows[t]["deadline_ms"] == 1_800_000_090_000
        assert rows[old]["deadline_ms"] == live.tables[old].last_change_ms + 30_000
        for kind, version, payload, due in (
            (EventType.ACTION_APPLIED, 3, {"seat": 0, "action": bid, "to_act": [1, 2],
                                           "deadlines": {}}, 0),  # bots: no clock runs
            (EventType.SEAT_HANDED_OVER, 4, {"seat": 0, "to_act": [0, 1],
                                             "deadlines": {"1": 5, "0": 7}}, 5),
            (EventType.STATUS_CHANGED, 5, {"status": "paused", "to_act": [0, 1],
                                           "deadlines": {}}, 0),
            (EventType.STATUS_CHANGED, 6, {"status": "live", "to_act": [0, 1],
                                           "deadlines": {"0": 9}}, 9),
        ):  # fmt: skip
            bus.publish(Envelope.new(kind, t, version, payload))
            row = fold()[t]
            assert row["version"] == version and row["deadline_ms"] == due, (kind, row)
    finally:
        sync.close()


async def test_stopping_ends_even_a_read_that_ignores_its_cancellation(
    redis_url: str, redis_prefix: str
) -> None:
    """redis-py was seen to go on waiting for a blocking XREAD's answer after its task was
    cancelled, so stopping the console hung. Here the read does that on purpose (a minute's
    block, cancellation ignored): ``stop`` still returns at once, with no task left behind."""
    client = aioredis.Redis.from_url(redis_url)
    live = LiveTables(client, redis_prefix)
    real_xread = live._bus.xread
    ignored = 0

    async def stubborn(*args: object, **kwargs: object) -> object:
        nonlocal ignored
        while True:
            try:
                return await real_xread(*args, **{**kwargs, "block": 60_000})
            except asyncio.CancelledError:
                ignored += 1  # as seen: the read goes on

    live._bus.xread = stubborn  # type: ignore[method-assign]
    try:
        await live.start()
        await asyncio.sleep(0.3)  # the reader is inside its blocking read now
        started = time.monotonic()
        await asyncio.wait_for(live.stop(), 10)
        assert time.monotonic() - started < 3
        assert ignored >= 1, "the read was cancelled and carried on, as redis-py's did"
        assert all(task.done() for task in live._tasks)
        # The pages' connection pool is the caller's and still works.
        assert await client.ping()
    finally:
        await client.aclose()
