"""The live feed: lobby changes and the engine's table events reach WebSocket clients."""

from __future__ import annotations

import time
from typing import Any

import redis
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from inferno_bus import Envelope, EventType, stream_key

from .conftest import bearer, sign_up


def next_messages(ws: WebSocketTestSession, count: int) -> list[dict[str, Any]]:
    return [ws.receive_json() for _ in range(count)]


def test_feed_follows_a_table_from_opened_to_finished(
    client: TestClient, redis_url: str, redis_prefix: str
) -> None:
    owner = sign_up(client, "dante")
    with client.websocket_connect("/feed") as ws:
        assert ws.receive_json() == {"type": "feed.ready"}
        table = client.post(
            "/tables", json={"game": "oh_hell", "players": 3}, headers=bearer(owner)
        ).json()
        for _ in range(2):
            client.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
        client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
        bus = redis.Redis.from_url(redis_url)
        key = stream_key(redis_prefix, "tables")
        # A move inside the table is not lobby news; the end of the table is.
        for kind, payload in [
            (EventType.ACTION_APPLIED, {"seat": 0, "action": {"kind": "bid", "arg": 1}}),
            (EventType.TABLE_FINISHED, {"game": "oh_hell", "scores": [10, 3, 0], "winners": [0]}),
        ]:
            event = Envelope.new(kind, table=table["id"], version=7, payload=payload)
            bus.xadd(key, event.to_fields())
        bus.close()
        messages = next_messages(ws, 6)
    assert [(m["source"], m["type"]) for m in messages] == [
        ("lobby", "table.opened"),
        ("lobby", "table.seats_changed"),
        ("lobby", "table.seats_changed"),
        ("lobby", "table.filled"),
        ("lobby", "table.started"),
        ("bus", "table.finished"),
    ]
    assert all(m["table"] == table["id"] for m in messages)
    assert messages[4]["data"]["status"] == "started"
    assert messages[4]["data"]["seed_commitment"]
    assert messages[5]["data"]["winners"] == [0]


def test_private_tables_never_reach_the_feed(
    client: TestClient, redis_url: str, redis_prefix: str
) -> None:
    owner = sign_up(client, "dante")
    bus = redis.Redis.from_url(redis_url)
    key = stream_key(redis_prefix, "tables")
    with client.websocket_connect("/feed") as ws:
        assert ws.receive_json()["type"] == "feed.ready"
        private = client.post(
            "/tables",
            json={"game": "oh_hell", "players": 3, "private": True},
            headers=bearer(owner),
        ).json()
        # Neither the engine's news of the private table nor of a table we never made.
        for table_id in (private["id"], "f" * 32):
            event = Envelope.new(EventType.TABLE_FINISHED, table=table_id, version=3)
            bus.xadd(key, event.to_fields())
        public = client.post(
            "/tables", json={"game": "oh_hell", "players": 3}, headers=bearer(owner)
        ).json()
        bus.xadd(key, Envelope.new(EventType.TABLE_ABORTED, table=public["id"]).to_fields())
        messages = next_messages(ws, 2)
    bus.close()
    assert sorted((m["type"], m["table"]) for m in messages) == [
        ("table.aborted", public["id"]),
        ("table.opened", public["id"]),
    ]
    assert all("invite_code" not in m["data"] for m in messages)


def test_every_client_gets_every_message(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    with client.websocket_connect("/feed") as one, client.websocket_connect("/feed") as two:
        one.receive_json()
        two.receive_json()
        table = client.post(
            "/tables", json={"game": "oh_hell", "players": 3}, headers=bearer(owner)
        ).json()
        assert one.receive_json()["table"] == table["id"]
        assert two.receive_json()["table"] == table["id"]


def test_finished_and_aborted_tables_are_marked_in_the_list(
    client: TestClient, redis_url: str, redis_prefix: str
) -> None:
    owner = sign_up(client, "dante")
    ids = []
    for _ in range(2):
        table = client.post(
            "/tables", json={"game": "oh_hell", "players": 3}, headers=bearer(owner)
        ).json()
        for _ in range(2):
            client.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
        client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
        ids.append(table["id"])
    bus = redis.Redis.from_url(redis_url, decode_responses=True)
    key = stream_key(redis_prefix, "tables")
    bus.xadd(key, {"id": "garbage", "type": "table.finished"})  # malformed: dead-lettered
    for table_id, kind in zip(
        ids, (EventType.TABLE_FINISHED, EventType.TABLE_ABORTED), strict=True
    ):
        bus.xadd(key, Envelope.new(kind, table=table_id, version=9).to_fields())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        statuses = [client.get(f"/tables/{t}", headers=bearer(owner)).json()["status"] for t in ids]
        if statuses == ["finished", "aborted"]:
            break
        time.sleep(0.05)
    assert statuses == ["finished", "aborted"]
    dead = bus.xrange(stream_key(redis_prefix, "dead_letter"))
    assert len(dead) == 1 and dead[0][1]["id"] == "garbage" and dead[0][1]["reason"]
    assert bus.xpending(key, "lobby")["pending"] == 0
    bus.close()


def test_a_client_too_slow_to_keep_up_is_dropped_not_buffered(
    redis_url: str, redis_prefix: str
) -> None:
    import asyncio

    from redis.asyncio import Redis

    from inferno_lobby import feed

    async def scenario() -> tuple[list[object], list[object]]:
        client = Redis.from_url(redis_url, decode_responses=True)
        hub = feed.FeedHub(client, redis_prefix, queue_size=3)
        await hub.start()
        slow, fast = hub.subscribe(), hub.subscribe()
        got_fast: list[object] = []
        for n in range(5):
            await feed.publish(client, redis_prefix, ["table.opened"], {"id": f"t{n}"}, 1000)
            got_fast.append(await asyncio.wait_for(fast.get(), 5))  # this one keeps up
        await asyncio.sleep(0.1)
        got_slow = []
        while not slow.empty():
            got_slow.append(slow.get_nowait())
        await hub.stop()
        await client.aclose()
        return got_fast, got_slow

    got_fast, got_slow = asyncio.run(scenario())
    assert [m["table"] for m in got_fast] == [f"t{n}" for n in range(5)]  # type: ignore[index]
    # The slow client got what fitted, then the end marker (None): the server closes it.
    assert got_slow[-1] is None
    assert len(got_slow) <= 3


def test_a_finished_table_result_waits_for_the_spectator_delay(
    client: TestClient, redis_url: str, redis_prefix: str
) -> None:
    """Issue 22.6: the result (scores, seed) reaches the feed only once delayed spectators
    have seen the end, finished_at + delay; the lobby's own delay counts even when the event
    has no spectator_delay_seconds, and the event's counts too."""
    owner = sign_up(client, "dante")
    bus = redis.Redis.from_url(redis_url)
    key = stream_key(redis_prefix, "tables")
    with client.websocket_connect("/feed") as ws:
        assert ws.receive_json() == {"type": "feed.ready"}
        tables = []
        for lobby_delay in (2, 0):
            table = client.post(
                "/tables",
                json={"game": "oh_hell", "players": 3, "spectator_delay_seconds": lobby_delay},
                headers=bearer(owner),
            ).json()
            for _ in range(2):
                client.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
            client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
            tables.append(table["id"])
        next_messages(ws, 10)  # opened, seats ×2, filled, started, twice
        finished_ms = int(time.time() * 1000)
        payloads = [
            {"game": "oh_hell", "winners": [0], "seed": "s1", "finished_at": finished_ms},
            {"game": "oh_hell", "winners": [1], "seed": "s2", "finished_at": finished_ms,
             "spectator_delay_seconds": 2},
        ]  # fmt: skip
        for table_id, payload in zip(tables, payloads, strict=True):
            event = Envelope.new(EventType.TABLE_FINISHED, table=table_id, payload=payload)
            bus.xadd(key, event.to_fields())
        bus.close()
        # Something that happens meanwhile comes first.
        other = client.post(
            "/tables", json={"game": "oh_hell", "players": 3}, headers=bearer(owner)
        ).json()
        first = ws.receive_json()
        assert (first["type"], first["table"]) == ("table.opened", other["id"])
        assert time.time() < finished_ms / 1000 + 2, "the machine was too slow to check in time"
        held = [ws.receive_json(), ws.receive_json()]
        arrived = time.time()
    assert {(m["type"], m["table"]) for m in held} == {("table.finished", t) for t in tables}
    assert arrived >= finished_ms / 1000 + 2
    assert {m["data"]["seed"] for m in held} == {"s1", "s2"}
