"""Several engine processes serve one table at once; one dies by SIGKILL; nothing is lost.

Optimistic concurrency means: for each version exactly one of the competing SubmitActions wins
and every other gets ABORTED, whichever process it reached; an action id sent to two processes
at once is applied once; a process killed between two moves costs nothing.
"""

from __future__ import annotations

import asyncio
import random
import uuid

import grpc
import pytest
import redis

from inferno_proto import engine_pb2 as pb

from .client import Client, bus_when, create_table, play_one_move

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]


def log_versions(redis_url: str, prefix: str, table_id: str) -> list[int]:
    client = redis.Redis.from_url(redis_url)
    try:
        entries = client.xrange(f"{prefix}{{t:{table_id}}}:events")
    finally:
        client.close()
    return sorted({int(entry_id.split(b"-")[0]) for entry_id, _ in entries})


async def test_two_engines_exactly_one_submission_wins_each_version(
    engines, redis_url, redis_prefix
) -> None:
    a, b = engines(), engines()
    await create_table(a.address, "t", PLAYERS)
    # Each player has a connection to both processes.
    on = {
        process.address: {s: Client(process.address, n) for s, n in enumerate(PLAYERS)}
        for process in (a, b)
    }
    rng = random.Random(3)
    steps = 40
    try:
        for step in range(steps):
            view = await on[a.address][0].view("t")
            seat = view.decision.seats[0]
            legal = list((await on[a.address][seat].view("t")).legal_actions)
            calls = []
            for i in range(8):
                client = on[(a, b)[i % 2].address][seat]
                calls.append(client.submit("t", view.version, rng.choice(legal)))
            results = await asyncio.gather(*calls, return_exceptions=True)
            wins = [r for r in results if isinstance(r, pb.SubmitActionResponse)]
            losses = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
            assert len(wins) == 1, (step, results)
            assert len(losses) == 7
            assert {e.code() for e in losses} == {grpc.StatusCode.ABORTED}
            assert wins[0].version == view.version + 1
            if step % 5 == 0:  # the same action id to both processes at once: applied once
                now = await on[b.address][0].view("t")
                mover = now.decision.seats[0]
                move = (await on[b.address][mover].view("t")).legal_actions[0]
                action_id = uuid.uuid4().hex
                both = await asyncio.gather(
                    on[a.address][mover].submit("t", now.version, move, action_id=action_id),
                    on[b.address][mover].submit("t", now.version, move, action_id=action_id),
                )
                assert both[0].version == both[1].version == now.version + 1
                assert list(both[0].events) == list(both[1].events)
                assert sorted(r.replayed for r in both) == [False, True]
        final = await on[b.address][0].view("t")
    finally:
        for clients in on.values():
            for client in clients.values():
                await client.close()
    applied = steps + len(range(0, steps, 5))
    assert final.version == 1 + applied
    assert log_versions(redis_url, redis_prefix, "t") == list(range(1, final.version + 1))
    expected = set(range(2, final.version + 1))
    envelopes = await bus_when(
        redis_url,
        redis_prefix,
        lambda es: {e.version for e in es if e.type == "table.action_applied"} >= expected,
    )
    actions = [e for e in envelopes if e.type == "table.action_applied"]
    # Publication is at-least-once: concurrent committers may both publish a head envelope, but
    # with the same id, so consumers see every version exactly once after dropping repeats.
    unique = {e.id: e for e in actions}
    assert sorted(e.version for e in unique.values()) == list(range(2, final.version + 1))
    assert all(e == unique[e.id] for e in actions), "a re-published envelope changed"


async def test_a_game_survives_an_engine_killed_between_two_moves(
    engines, redis_url, redis_prefix
) -> None:
    a, b = engines(), engines()
    await create_table(a.address, "t", PLAYERS)
    rng = random.Random(11)
    on_a = {s: Client(a.address, n) for s, n in enumerate(PLAYERS)}
    try:
        for _ in range(30):
            assert await play_one_move(on_a, "t", rng) is not None
        before = await on_a[0].view("t")
    finally:
        for client in on_a.values():
            await client.close()
    a.kill()
    assert a.process.returncode == -9
    on_b = {s: Client(b.address, n) for s, n in enumerate(PLAYERS)}
    moves = 0
    try:
        after = await on_b[0].view("t")
        assert after.version == before.version
        assert after.oh_hell == before.oh_hell
        while await play_one_move(on_b, "t", rng) is not None:
            moves += 1
        final = await on_b[0].view("t")
    finally:
        for client in on_b.values():
            await client.close()
    assert final.status == pb.TABLE_STATUS_FINISHED
    assert final.version == before.version + moves
    assert log_versions(redis_url, redis_prefix, "t") == list(range(1, final.version + 1))
    # Every move reaches the bus, also the last one engine a made before it died (published
    # by a, or healed from the table's outbox by b).
    expected = set(range(2, final.version + 1))
    envelopes = await bus_when(
        redis_url,
        redis_prefix,
        lambda es: {e.version for e in es if e.type == "table.action_applied"} == expected,
    )
    assert len({e.id for e in envelopes if e.type == "table.finished"}) == 1
