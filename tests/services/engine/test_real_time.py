"""Real-time tables (Burn in Hell) on the engine: the game clock, AdvanceClock, and pausing.

The game clock starts when the table opens; the first card is dealt when the 5 s countdown
ends. The timer service asks AdvanceClock when the game said; the engine takes the tick at its
own clock, so asking early or twice commits nothing. A seat's command first brings the table up
to the clock in the same commit. A pause stops the game clock; a resume goes on from there.
"""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb

from .client import Client, bus_when, create_table, status_of

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]
COUNTDOWN_MS = 5000
DEAL_MS = 1000


async def open_table(address: str, table_id: str) -> None:
    lobby = Client(address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id=table_id, game="burn_in_hell")
        for name in PLAYERS:
            request.seats.add(player_id=name, name=name.title())
        request.options.burn_in_hell.deal_interval_ms = DEAL_MS
        await lobby.stub.CreateTable(request, metadata=lobby.metadata)
    finally:
        await lobby.close()


async def advance(client: Client, table_id: str) -> pb.AdvanceClockResponse:
    request = pb.AdvanceClockRequest(table_id=table_id)
    return await client.stub.AdvanceClock(request, metadata=client.metadata)


async def refused(client: Client, table_id: str) -> tuple[grpc.StatusCode, dict[str, str], str]:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await advance(client, table_id)
    code, trailers = status_of(caught.value)
    return code, trailers, caught.value.details() or ""


async def sleep_until(server_ms: int) -> None:
    await asyncio.sleep(max(0.0, server_ms / 1000 - time.time()) + 0.05)


async def test_the_clock_deals_when_due_once_and_stands_still_while_paused(
    engine, redis_url, redis_prefix
) -> None:
    opened = int(time.time() * 1000)
    await open_table(engine.address, "rt")
    timer = Client(engine.address, "worker", Role.SERVICE)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    ana = Client(engine.address, "ana")
    try:
        view = await ana.view("rt")
        assert view.burn_in_hell.phase == "countdown" and not view.decision.seats
        first_tick = view.clocks.next_tick_at_ms
        assert abs(first_tick - (opened + COUNTDOWN_MS)) < 500, "the countdown's end"
        assert 0 <= view.clocks.game_time_ms < 1000

        # Early: nothing is due, nothing is committed.
        early = await advance(timer, "rt")
        assert (early.advanced, early.version, early.next_tick_at_ms) == (False, 1, first_tick)

        # Only the timer service may tick the clock.
        for caller in (ana, operator):
            code, _, _ = await refused(caller, "rt")
            assert code == grpc.StatusCode.PERMISSION_DENIED
        assert (await refused(timer, "nope"))[0] == grpc.StatusCode.NOT_FOUND
        assert (await ana.view("rt")).version == 1

        await sleep_until(first_tick)
        ticked = await advance(timer, "rt")
        assert ticked.advanced and ticked.version == 2
        assert ticked.game_time_ms >= COUNTDOWN_MS
        assert ticked.next_tick_at_ms == first_tick + DEAL_MS, "the next deal"
        again = await advance(timer, "rt")
        assert (again.advanced, again.version) == (False, 2), "a second tick finds nothing due"
        view = await ana.view("rt")
        assert view.burn_in_hell.phase == "dealing" and len(view.decision.seats) == 4
        assert sum(len(s.table) for s in view.burn_in_hell.seats) == 1

        # Paused: the clock stands still, ticks are refused, nothing is dealt.
        await operator.stub.PauseTable(
            pb.PauseTableRequest(table_id="rt", reason="a dispute"), metadata=operator.metadata
        )
        stopped = (await ana.view("rt")).clocks
        assert stopped.next_tick_at_ms == 0
        await asyncio.sleep(1.5)  # more than a deal interval
        code, trailers, words = await refused(timer, "rt")
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert trailers["inferno-reason"] == "table_paused" and "resumes" in words
        still = await ana.view("rt")
        assert still.clocks.game_time_ms == stopped.game_time_ms
        assert sum(len(s.table) for s in still.burn_in_hell.seats) == 1

        # Resumed: the game clock goes on from where it stood, not from the wall clock.
        await operator.stub.ResumeTable(
            pb.ResumeTableRequest(table_id="rt", reason="settled"), metadata=operator.metadata
        )
        resumed = (await ana.view("rt")).clocks
        assert 0 <= resumed.game_time_ms - stopped.game_time_ms < 300
        next_deal = resumed.next_tick_at_ms
        assert next_deal > resumed.server_time_ms
        await sleep_until(next_deal)
        assert (await advance(timer, "rt")).advanced
        assert sum(len(s.table) for s in (await ana.view("rt")).burn_in_hell.seats) == 2
    finally:
        for client in (timer, operator, ana):
            await client.close()

    envelopes = await bus_when(
        redis_url,
        redis_prefix,
        lambda es: sum(e.type == "table.clock_ticked" for e in es) == 2,
    )
    created = envelopes[0]
    assert created.type == "table.created" and created.payload["tick_at_ms"] == first_tick
    ticks = [e for e in envelopes if e.type == "table.clock_ticked"]
    assert ticks[0].version == 2 and "dealt" in ticks[0].payload["events"]
    assert ticks[0].payload["tick_at_ms"] == first_tick + DEAL_MS
    changes = [e for e in envelopes if e.type == "table.status_changed"]
    assert [c.payload["status"] for c in changes] == ["paused", "live"]
    assert changes[1].payload["tick_at_ms"] == next_deal


async def test_a_command_catches_the_table_up_with_the_clock_first(engine) -> None:
    await open_table(engine.address, "cu")
    players = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    try:
        view = await players[0].view("cu")
        # No timer runs here: the countdown ends and two deals fall due with nobody ticking.
        await sleep_until(view.clocks.next_tick_at_ms + DEAL_MS)
        move = pb.Action()
        move.burn_in_hell.finished.on = True
        answer = await players[0].submit("cu", 1, move)
        assert answer.version == 2, "the catch-up and the command are one commit"
        kinds = [e.burn_in_hell.WhichOneof("kind") for e in answer.events]
        assert kinds.count("dealt") == 2 and kinds[-1] == "finished_flag"
        assert kinds.index("round_started") < kinds.index("dealt")

        # The version a real-time command names is for the record only: the deal moves the
        # table on every second, and the server's arrival order is final.
        await sleep_until((await players[1].view("cu")).clocks.next_tick_at_ms)
        off = pb.Action()
        off.burn_in_hell.finished.on = False
        later = await players[0].submit("cu", 1, off)
        assert later.version == 3
        assert [e.burn_in_hell.WhichOneof("kind") for e in later.events][-1] == "finished_flag"

        # Nobody moves for a seat in a game without turns: a forced move is refused.
        timer = Client(engine.address, "worker", Role.SERVICE)
        try:
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await timer.submit("cu", 3, None, seat=2, forced=True)
            code, trailers = status_of(caught.value)
            assert code == grpc.StatusCode.FAILED_PRECONDITION
            assert trailers["inferno-reason"] == "no_default_move"
            assert (await timer.view("cu")).version == 3
        finally:
            await timer.close()
    finally:
        for client in players.values():
            await client.close()


async def test_a_turn_based_table_has_no_clock_to_tick(engine) -> None:
    await create_table(engine.address, "oh", PLAYERS)
    timer = Client(engine.address, "worker", Role.SERVICE)
    try:
        code, trailers, words = await refused(timer, "oh")
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert trailers["inferno-reason"] == "not_real_time" and "oh_hell" in words
        view = await timer.view("oh")
        assert view.version == 1
        assert (view.clocks.game_time_ms, view.clocks.next_tick_at_ms) == (0, 0)
    finally:
        await timer.close()


async def test_the_verify_command_replays_ticks_and_commands(engine, redis_url, redis_prefix):
    """Every version of a real-time table is a clock tick, then at most one command: the
    revealed seed and the log re-derive every deal."""
    from inferno_engine.verify import load, verify

    await open_table(engine.address, "vf")
    timer = Client(engine.address, "worker", Role.SERVICE)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    ana = Client(engine.address, "ana")
    try:
        await sleep_until((await ana.view("vf")).clocks.next_tick_at_ms)
        assert (await advance(timer, "vf")).advanced  # the countdown's end, the first card
        await sleep_until((await ana.view("vf")).clocks.next_tick_at_ms + DEAL_MS)
        mine = (await ana.view("vf")).burn_in_hell.seats[0].table
        move = pb.Action()
        if mine:
            move.burn_in_hell.grab.cards.append(mine[0])
        else:
            move.burn_in_hell.finished.on = True
        assert (await ana.submit("vf", 0, move)).version == 3  # two deals caught up, then it
        await operator.stub.PauseTable(
            pb.PauseTableRequest(table_id="vf", reason="check"), metadata=operator.metadata
        )
        await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id="vf", reason="check"), metadata=operator.metadata
        )
    finally:
        for client in (timer, operator, ana):
            await client.close()
    record = load(redis_url, redis_prefix, "vf")
    assert verify(record) == []
    # A card swapped in the log is caught.
    dealt = next(e for e in record["events"] if e["kind"] == "dealt")
    dealt["data"]["card"] = "P1" if dealt["data"]["card"] != "P1" else "P2"
    assert verify(record) != []
