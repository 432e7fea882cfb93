"""The verifiable shuffle command, and the bus events other services rely on."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
import redis

from inferno_auth import Role
from inferno_bus import Envelope, EventType, stream_key
from inferno_engine.bus import event_id
from inferno_engine.verify import load, verify
from inferno_proto import engine_pb2 as pb

from .client import Client, bus_when, create_table, play_one_move
from .conftest import ROOT

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]


async def play_then_abort(address: str, table_id: str, moves: int, options=None) -> None:
    await create_table(address, table_id, PLAYERS, options)
    clients = {s: Client(address, n) for s, n in enumerate(PLAYERS)}
    operator = Client(address, "olga", Role.OPERATOR)
    rng = random.Random(5)
    try:
        for _ in range(moves):
            assert await play_one_move(clients, table_id, rng) is not None
        await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id=table_id, reason="test"), metadata=operator.metadata
        )
    finally:
        for client in (*clients.values(), operator):
            await client.close()


def run_verify(*args: str, redis_url: str, prefix: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "inferno_engine.verify", *args],
        env={
            "PYTHONPATH": f"{ROOT / 'libs'}:{ROOT / 'services' / 'engine'}",
            "INFERNO_REDIS_URL": redis_url,
            "INFERNO_REDIS_PREFIX": prefix,
        },
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_the_verify_command_rederives_every_deal(
    engine, redis_url, redis_prefix, tmp_path
) -> None:
    await play_then_abort(engine.address, "t", 40, {"order": 2})
    done = run_verify(
        "t", "--export", str(tmp_path / "t.json"), redis_url=redis_url, prefix=redis_prefix
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("verified:")

    record = json.loads((tmp_path / "t.json").read_text())
    assert verify(record) == []
    # Swap two cards between two dealt hands: the log no longer follows from the seed.
    dealt = [e for e in record["events"] if e["kind"] == "hand_dealt"]
    dealt[0]["data"]["cards"][0], dealt[1]["data"]["cards"][0] = (
        dealt[1]["data"]["cards"][0],
        dealt[0]["data"]["cards"][0],
    )
    (tmp_path / "bad.json").write_text(json.dumps(record))
    bad = run_verify("--file", str(tmp_path / "bad.json"), redis_url=redis_url, prefix=redis_prefix)
    assert bad.returncode == 1 and "first deal" in bad.stdout

    record = json.loads((tmp_path / "t.json").read_text())
    record["seed"] = "0" * 64
    assert "commitment" in verify(record)[0]


async def test_verify_refuses_a_table_that_has_not_ended(engine, redis_url, redis_prefix):
    await create_table(engine.address, "live", PLAYERS)
    done = run_verify("live", redis_url=redis_url, prefix=redis_prefix)
    assert done.returncode == 2 and "ended" in done.stderr
    with pytest.raises(ValueError):
        verify(load(redis_url, redis_prefix, "live"))


async def test_bus_events_hide_sealed_bids_and_carry_deterministic_ids(
    engine, redis_url, redis_prefix
) -> None:
    await play_then_abort(engine.address, "s", 6, {"simultaneous_bids": True})
    envelopes = await bus_when(
        redis_url, redis_prefix, lambda es: any(e.type == "table.aborted" for e in es)
    )
    assert envelopes[0].type == "table.created"
    assert envelopes[-1].type == "table.aborted"
    created = envelopes[0].payload
    assert created["game"] == "oh_hell" and len(created["seed_commitment"]) == 64
    assert [s["player_id"] for s in created["seats"]] == PLAYERS
    assert "seed" not in created
    applied = [e for e in envelopes if e.type == "table.action_applied"]
    bids = [e for e in applied if e.payload["action"]["kind"] == "bid"]
    assert len(bids) == 4 and all(e.payload["action"]["arg"] is None for e in bids)
    plays = [e for e in applied if e.payload["action"]["kind"] == "play"]
    assert plays and all(e.payload["action"]["arg"] for e in plays)
    for env in envelopes:
        assert env.id == event_id("s", env.version, EventType(env.type))


async def test_a_commit_left_unpublished_is_published_by_the_next_call(
    engine, redis_url, redis_prefix
) -> None:
    """As if an engine died between its commit and its publish: the envelope waits in the
    table's outbox, and the next call on the table (on any engine) publishes it."""
    await create_table(engine.address, "t", PLAYERS)
    # The table's own table.created goes out just after the call: wait for it first.
    before = len(await bus_when(redis_url, redis_prefix, lambda es: len(es) == 1))
    client = redis.Redis.from_url(redis_url)
    bus = stream_key(redis_prefix, "tables")
    stranded = Envelope.new(EventType.ROUND_SCORED, "t", 7, {"round": 1}, at_ms=1)
    try:
        client.rpush(f"{redis_prefix}{{t:t}}:outbox", json.dumps(stranded.to_fields()))
        viewer = Client(engine.address, "ana")
        try:
            await viewer.view("t")
        finally:
            await viewer.close()
        published = [Envelope.from_fields(f) for _, f in client.xrange(bus)]
        assert client.llen(f"{redis_prefix}{{t:t}}:outbox") == 0
    finally:
        client.close()
    assert len(published) == before + 1 and published[-1].id == stranded.id


async def test_a_pause_and_a_resume_are_announced_on_the_bus(
    engine, redis_url, redis_prefix
) -> None:
    await create_table(engine.address, "p", PLAYERS)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    try:
        deciding = list((await operator.view("p")).decision.seats)
        for call, request in (
            (operator.stub.PauseTable, pb.PauseTableRequest(table_id="p", reason="dispute")),
            (operator.stub.ResumeTable, pb.ResumeTableRequest(table_id="p", reason="settled")),
        ):
            await call(request, metadata=operator.metadata)
    finally:
        await operator.close()
    envelopes = await bus_when(
        redis_url,
        redis_prefix,
        lambda es: sum(e.type == "table.status_changed" for e in es) == 2,
    )
    paused, resumed = [e for e in envelopes if e.type == "table.status_changed"]
    assert (paused.version, paused.payload) == (
        2,
        {"status": "paused", "reason": "dispute", "to_act": [], "waiting_on": [], "deadlines": {}},
    )
    # The timer service restarts the deciding seat's clock from here.
    assert (resumed.version, resumed.payload) == (
        3,
        {
            "status": "live",
            "reason": "settled",
            "to_act": deciding,
            "waiting_on": deciding,
            "deadlines": {},  # a table without a clock: nobody's runs out
        },
    )
    assert len(deciding) == 1
    assert "tick_at_ms" not in resumed.payload  # a turn-based game has no clock ticks


async def test_the_spectator_delay_and_privacy_travel_with_the_tables_start_and_end(
    engine, redis_url, redis_prefix
) -> None:
    """Scoring and the lobby hold a result and its seed until delayed spectators have seen the
    end: the delay rides on table.created, table.finished and table.aborted."""
    await create_table(engine.address, "late", PLAYERS, spectator_delay_seconds=7, private=True)
    await create_table(engine.address, "live", PLAYERS)
    clients = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    operator = Client(engine.address, "olga", Role.OPERATOR)
    rng = random.Random(3)
    try:
        while await play_one_move(clients, "late", rng) is not None:
            pass
        await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id="live", reason="test"), metadata=operator.metadata
        )
    finally:
        for client in (*clients.values(), operator):
            await client.close()
    envelopes = await bus_when(
        redis_url,
        redis_prefix,
        lambda es: {"table.finished", "table.aborted"} <= {e.type for e in es},
    )
    delays = {
        (e.table, e.type): e.payload["spectator_delay_seconds"]
        for e in envelopes
        if e.type in ("table.created", "table.finished", "table.aborted")
    }
    assert delays == {
        ("late", "table.created"): 7,
        ("late", "table.finished"): 7,
        ("live", "table.created"): 0,
        ("live", "table.aborted"): 0,
    }
    # A private table says so at its start and end, so nobody publishes its players or result.
    private = {
        (e.table, e.type): e.payload["private"]
        for e in envelopes
        if e.type in ("table.created", "table.finished", "table.aborted")
    }
    assert private == {
        ("late", "table.created"): True,
        ("late", "table.finished"): True,
        ("live", "table.created"): False,
        ("live", "table.aborted"): False,
    }
