"""Spectator delay: a spectator sees a table only as it was ``spectator_delay_seconds`` ago.

A version's commit time is the stamp the commit step wrote (Redis time); the test checks that
the stamp lies between the start and the end of the call that made the version, and that the
spectator received each event at least the delay after it.
"""

from __future__ import annotations

import asyncio
import random
import time

import grpc
import pytest
import redis

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb

from .client import Client, create_table, play_one_move, status_of

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]
DELAY = 2


def commit_times(redis_url: str, prefix: str) -> dict[int, float]:
    """Each version's commit time (seconds), as the engine stamped it."""
    client = redis.Redis.from_url(redis_url)
    try:
        entries = client.xrange(f"{prefix}{{t:t}}:history")
    finally:
        client.close()
    return {int(eid.split(b"-")[0]): int(fields[b"at"]) / 1000 for eid, fields in entries}


async def test_a_spectators_stream_is_delayed_resumable_and_public(
    engine, redis_url, redis_prefix
) -> None:
    started = {1: time.time()}
    await create_table(engine.address, "t", PLAYERS, {"order": 2}, spectator_delay_seconds=DELAY)
    ended = {1: time.time()}
    players = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    spectator = Client(engine.address, "fan", Role.SPECTATOR, table="t")
    lobby = Client(engine.address, "lobby", Role.SERVICE)  # the live public stream, no delay
    operator = Client(engine.address, "olga", Role.OPERATOR)
    rng = random.Random(3)
    got: list[tuple[float, pb.Event]] = []
    seat_got: list[tuple[float, pb.Event]] = []

    async def watch(client: Client, into: list[tuple[float, pb.Event]], after: str = "") -> None:
        async for batch in client.stream("t", after=after):
            into.extend((time.time(), e) for e in batch.events)

    async def moves() -> None:
        for _ in range(8):
            before = time.time()
            played = await play_one_move(players, "t", rng)
            assert played is not None
            started[played[1].version] = before
            ended[played[1].version] = time.time()
            await asyncio.sleep(0.3)
        before = time.time()
        done = await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id="t", reason="end of test"), metadata=operator.metadata
        )
        started[done.version] = before
        ended[done.version] = time.time()

    try:
        seat_task = asyncio.create_task(watch(players[0], seat_got))
        mover = asyncio.create_task(moves())
        first = spectator.stream("t")
        async for batch in first:
            got.extend((time.time(), e) for e in batch.events)
            if len({e.version for _, e in got}) >= 3:
                first.cancel()  # the spectator's connection drops
                break
        await watch(spectator, got, after=got[-1][1].id)
        await mover
        await asyncio.wait_for(seat_task, 5)
        public = [e async for batch in lobby.stream("t") for e in batch.events]
    finally:
        for client in (*players.values(), spectator, lobby, operator):
            await client.close()
    ids = [e.id for _, e in got]
    assert len(ids) == len(set(ids)), "an event came twice"
    assert [e.SerializeToString() for _, e in got] == [e.SerializeToString() for e in public], (
        "the spectator's events are not exactly the public ones"
    )
    assert not any(e.oh_hell.HasField("hand_dealt") for _, e in got), "a deal leaked"
    assert any(e.oh_hell.HasField("hand_dealt") for _, e in seat_got)
    assert got[-1][1].table_status.status == pb.TABLE_STATUS_ABORTED
    committed = commit_times(redis_url, redis_prefix)
    assert sorted(committed) == sorted(started)
    for version, at in committed.items():  # the stamps are the commits' times (ms precision)
        assert started[version] - 0.002 <= at <= ended[version] + 0.002
    for at, event in got:
        assert at >= committed[event.version] + DELAY, f"{event.id} came before the delay"
    late = [at - started[e.version] for at, e in got]
    assert max(late) < DELAY + 2.0, "the spectator got events far later than the delay"
    # The seat sees its table live.
    assert all(at - started[e.version] < DELAY for at, e in seat_got)


async def test_a_spectators_view_is_the_table_as_it_was_delay_seconds_ago(engine) -> None:
    await create_table(engine.address, "t", PLAYERS, {"order": 2}, spectator_delay_seconds=DELAY)
    players = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    spectator = Client(engine.address, "fan", Role.SPECTATOR)
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    rng = random.Random(5)
    try:
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await spectator.view("t")
        code, trailers = status_of(refused.value)
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert trailers["inferno-reason"] == "spectator_delay"
        assert "inferno-version" not in trailers, "the refusal told the live version"
        await asyncio.sleep(DELAY + 0.2)
        for _ in range(3):
            await play_one_move(players, "t", rng)
        then = await lobby.view("t")  # the live public view at this version
        await asyncio.sleep(DELAY + 0.2)
        for _ in range(2):
            await play_one_move(players, "t", rng)
        now = await lobby.view("t")
        seen = await spectator.view("t")
        seat = await players[0].view("t")
        operator_view = await operator.view("t")
    finally:
        for client in (*players.values(), spectator, lobby, operator):
            await client.close()
    assert now.version == then.version + 2
    assert seen.version == then.version, "the spectator saw a version younger than the delay"
    assert seen.last_event_id == then.last_event_id
    assert list(seen.decision.seats) == list(then.decision.seats)
    assert not seen.legal_actions and not seen.HasField("your_seat")
    assert seen.spectator_delay_seconds == DELAY
    assert abs(seen.clocks.server_time_ms - (time.time() - DELAY) * 1000) < 1000
    for view in (seen, then):
        view.clocks.server_time_ms = 0
    then.spectator_delay_seconds = DELAY
    # The seats' clocks are the present's: a delayed spectator sees none of them.
    assert then.clocks.seats and not seen.clocks.seats
    del then.clocks.seats[:]
    assert seen == then
    # Seats and operators see the table live, and learn its delay.
    assert seat.version == operator_view.version == now.version
    assert seat.spectator_delay_seconds == operator_view.spectator_delay_seconds == DELAY


async def test_no_delay_means_spectators_see_the_table_live(engine) -> None:
    await create_table(engine.address, "t", PLAYERS)
    spectator = Client(engine.address, "fan", Role.SPECTATOR)
    try:
        view = await spectator.view("t")
    finally:
        await spectator.close()
    assert view.version == 1 and view.spectator_delay_seconds == 0


@pytest.mark.parametrize("seconds", [3601, 100_000])
async def test_a_delay_over_an_hour_is_refused_and_changes_nothing(engine, seconds) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await create_table(engine.address, "t", PLAYERS, spectator_delay_seconds=seconds)
    code, trailers = status_of(refused.value)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers["inferno-reason"] == "bad_spectator_delay"
    assert "3600" in refused.value.details()
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    try:
        with pytest.raises(grpc.aio.AioRpcError) as missing:
            await lobby.view("t")
        assert missing.value.code() == grpc.StatusCode.NOT_FOUND
        await create_table(engine.address, "t", PLAYERS, spectator_delay_seconds=3600)
        assert (await lobby.view("t")).spectator_delay_seconds == 3600
    finally:
        await lobby.close()


async def test_a_hand_over_is_shown_to_spectators_late_too(engine, redis_url, redis_prefix) -> None:
    await create_table(engine.address, "t", PLAYERS, spectator_delay_seconds=1)
    worker = Client(engine.address, "worker", Role.SERVICE)
    spectator = Client(engine.address, "fan", Role.SPECTATOR)
    try:
        await asyncio.sleep(1.1)
        started = time.time()
        handed = await worker.stub.HandOverSeat(
            pb.HandOverSeatRequest(table_id="t", seat=1, reason="test"), metadata=worker.metadata
        )
        ended = time.time()
        soon = await spectator.view("t")
        await asyncio.sleep(1.1)
        later = await spectator.view("t")
    finally:
        await worker.close()
        await spectator.close()
    assert handed.version == 2
    assert soon.version == 1, "the spectator saw the hand-over before the delay"
    assert later.version == 2
    committed = commit_times(redis_url, redis_prefix)
    assert sorted(committed) == [1, 2]
    assert started - 0.002 <= committed[2] <= ended + 0.002


async def test_history_no_spectator_can_be_shown_any_more_is_trimmed(
    engine, redis_url, redis_prefix
) -> None:
    """Only the newest version at least the delay old (and the younger ones) are kept; a
    spectator still gets every event, the trimmed ones at once."""
    await create_table(engine.address, "t", PLAYERS, spectator_delay_seconds=1)
    players = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    spectator = Client(engine.address, "sam", Role.SPECTATOR)
    rng = random.Random(3)
    try:
        for _ in range(20):
            await play_one_move(players, "t", rng)
        await asyncio.sleep(1.2)  # versions 1–21 are now older than the delay
        while (await players[0].view("t")).version < 40:
            await play_one_move(players, "t", rng)  # version 32 trims as it commits
        kept = sorted(commit_times(redis_url, redis_prefix))
        assert kept[0] == 21, "everything before the newest version over the delay old is gone"
        assert kept == list(range(21, kept[-1] + 1))
        assert (await spectator.view("t")).version >= 21  # still shown as it was
        call = spectator.stream("t")
        versions: list[int] = []
        started = time.monotonic()
        async for batch in call:
            versions += [e.version for e in batch.events]
            if versions[-1] >= 21:
                break
        call.cancel()
        assert time.monotonic() - started < 0.8, "trimmed versions are older than the delay"
        assert sorted(set(versions)) == list(range(1, versions[-1] + 1))
    finally:
        for client in (*players.values(), spectator):
            await client.close()
