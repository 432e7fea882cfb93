"""The live list from the bus, on the real Redis: a table's story folded into its row, pushes
to the pages that follow, and entries the list cannot use skipped without stopping it."""

from __future__ import annotations

import asyncio

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
