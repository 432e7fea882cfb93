"""Each seat's clock in GetView and on the bus, and the time every event carries (issue 14.2,
14.10): a player's app shows whose clock runs and how much is left without replaying events."""

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


def now_ms() -> int:
    return int(time.time() * 1000)


async def _clients(address: str) -> dict[int, Client]:
    return {i: Client(address, name) for i, name in enumerate(PLAYERS)}


async def _close(*clients: Client) -> None:
    for c in clients:
        await c.close()


async def test_every_seat_has_its_clock_and_the_waited_seats_their_deadlines(engine) -> None:
    before = now_ms()
    await create_table(
        engine.address,
        "c1",
        PLAYERS,
        turn_seconds=20,
        bank_seconds=90,
        increment_seconds=3,
        hand_over_after=2,
    )
    ana = Client(engine.address, "ana")
    try:
        view = await ana.view("c1")
    finally:
        await ana.close()
    clocks = view.clocks
    assert clocks.hand_over_after == 2
    assert [c.seat for c in clocks.seats] == [0, 1, 2, 3]
    waited = set(view.decision.waiting_on)
    assert waited, "a new Oh Hell table waits for someone"
    for c in clocks.seats:
        assert c.bank_ms == 90_000 and c.timeouts_in_row == 0
        assert c.deciding == (c.seat in waited)
        if c.seat in waited:
            assert before <= c.since_ms <= now_ms()
            assert c.turn_deadline_ms == c.since_ms + 20_000
            assert c.deadline_ms == c.since_ms + 20_000 + 90_000
        else:
            assert (c.since_ms, c.turn_deadline_ms, c.deadline_ms) == (0, 0, 0)


async def test_the_bank_pays_for_time_beyond_the_turn_and_timeouts_are_counted(
    engine, redis_url, redis_prefix
) -> None:
    await create_table(
        engine.address, "c2", PLAYERS, turn_seconds=1, bank_seconds=30, increment_seconds=2
    )
    clients = await _clients(engine.address)
    worker = Client(engine.address, "worker", Role.SERVICE)
    try:
        view = await clients[0].view("c2")
        seat = view.decision.waiting_on[0]
        start = next(c for c in view.clocks.seats if c.seat == seat).since_ms
        await asyncio.sleep(1.6)  # past the 1 s turn: the rest comes out of the bank
        mine = await clients[seat].view("c2")
        answer = await clients[seat].submit("c2", mine.version, mine.legal_actions[0])
        moved_at = answer.events[0].at_ms
        after = await clients[0].view("c2")
        clock = next(c for c in after.clocks.seats if c.seat == seat)
        over = moved_at - start - 1000
        assert over > 0
        assert clock.bank_ms == 30_000 - over + 2_000, "bank less the time over, plus increment"
        assert clock.timeouts_in_row == 0

        # A move made for the next seat at its timeout: counted, and no increment earned.
        nxt = after.decision.waiting_on[0]
        forced = await worker.submit("c2", after.version, None, seat=nxt, forced=True)
        late = await clients[0].view("c2")
        clock = next(c for c in late.clocks.seats if c.seat == nxt)
        assert clock.timeouts_in_row == 1 and clock.bank_ms <= 30_000
        # The bus carries each waited seat's deadline, the same as GetView shows.
        envelopes = await bus_when(
            redis_url,
            redis_prefix,
            lambda es: any(e.version == forced.version for e in es),
        )
        applied = next(
            e for e in envelopes if e.type == "table.action_applied" and e.version == forced.version
        )
        shown = {str(c.seat): c.deadline_ms for c in late.clocks.seats if c.deadline_ms}
        assert applied.payload["deadlines"] == shown and shown
    finally:
        await _close(worker, *clients.values())


async def test_a_pause_stops_every_clock_and_a_resume_starts_the_decision_afresh(engine) -> None:
    await create_table(engine.address, "c3", PLAYERS, turn_seconds=30, bank_seconds=60)
    operator = Client(engine.address, "op", Role.OPERATOR)
    ana = Client(engine.address, "ana")
    try:
        first = await ana.view("c3")
        began = max(c.since_ms for c in first.clocks.seats)
        await operator.stub.PauseTable(
            pb.PauseTableRequest(table_id="c3", reason="a check"), metadata=operator.metadata
        )
        paused = await ana.view("c3")
        assert paused.clocks.seats and all(c.deadline_ms == 0 for c in paused.clocks.seats)
        await asyncio.sleep(0.05)
        await operator.stub.ResumeTable(
            pb.ResumeTableRequest(table_id="c3", reason="done"), metadata=operator.metadata
        )
        resumed = await ana.view("c3")
        running = [c for c in resumed.clocks.seats if c.deadline_ms]
        assert running and all(c.since_ms > began for c in running)
        assert all(c.deadline_ms == c.since_ms + 90_000 for c in running)
    finally:
        await _close(operator, ana)


async def test_a_bots_seat_and_a_handed_over_seat_have_no_running_clock(engine) -> None:
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    request = pb.CreateTableRequest(table_id="c4", game="oh_hell", turn_seconds=30)
    for i, name in enumerate(PLAYERS):
        request.seats.add(player_id=name, name=name.title(), bot=i % 2 == 1)
    try:
        await lobby.stub.CreateTable(request, metadata=lobby.metadata)
        await create_table(engine.address, "c4b", PLAYERS, turn_seconds=30)
        view = await lobby.view("c4")
        for c in view.clocks.seats:
            assert c.deciding == (c.seat in view.decision.waiting_on)
            if c.seat % 2 == 1:
                assert c.deadline_ms == 0, "a bot's seat has no clock"
            else:
                assert (c.deadline_ms > 0) == c.deciding, "a person's runs while waited for"
        # Every seat a person's: the waited seat's clock runs until it is handed to a bot.
        seat = (await lobby.view("c4b")).decision.waiting_on[0]
        assert (await lobby.view("c4b")).clocks.seats[seat].deadline_ms > 0
        handed = pb.HandOverSeatRequest(table_id="c4b", seat=seat, reason="gone")
        await lobby.stub.HandOverSeat(handed, metadata=lobby.metadata)
        after = await lobby.view("c4b")
        assert seat in after.decision.waiting_on and after.clocks.seats[seat].deadline_ms == 0
    finally:
        await lobby.close()


async def test_every_event_carries_the_time_it_happened(engine) -> None:
    before = now_ms()
    await create_table(engine.address, "c5", PLAYERS)
    clients = await _clients(engine.address)
    try:
        for _ in range(3):
            view = await clients[0].view("c5")
            seat = view.decision.waiting_on[0]
            mine = await clients[seat].view("c5")
            answer = await clients[seat].submit("c5", mine.version, mine.legal_actions[0])
            assert answer.events and all(before <= e.at_ms <= now_ms() for e in answer.events)
        stream = clients[0].stream("c5")
        seen: list[pb.Event] = []
        async for batch in stream:
            seen.extend(batch.events)
            if seen and seen[-1].version >= answer.version:
                break
        stream.cancel()
        assert seen and all(before <= e.at_ms <= now_ms() for e in seen)
        times = [e.at_ms for e in seen]
        assert times == sorted(times), "later versions never happened earlier"
        assert {e.version for e in seen} >= {1, answer.version}
    finally:
        await _close(*clients.values())


async def test_a_nonsense_hand_over_setting_is_refused(engine) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await create_table(engine.address, "c6", PLAYERS, turn_seconds=10, hand_over_after=101)
    code, trailers = status_of(caught.value)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "hand_over_after" in caught.value.details() and trailers["inferno-reason"] == "bad_clock"


async def test_a_new_table_announces_whom_it_waits_for_and_until_when(
    engine, redis_url, redis_prefix
) -> None:
    """``table.created`` names the first decision as every later change does, so a watcher of
    the bus (the console's live list) shows who must act before anyone has moved."""
    await create_table(engine.address, "c7", PLAYERS, turn_seconds=20, bank_seconds=60)
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    request = pb.CreateTableRequest(table_id="c7b", game="oh_hell", turn_seconds=20)
    for name in PLAYERS:
        request.seats.add(player_id=name, name=name.title(), bot=True)
    try:
        await lobby.stub.CreateTable(request, metadata=lobby.metadata)
        view = await lobby.view("c7")
        bots = await lobby.view("c7b")
    finally:
        await lobby.close()
    envelopes = await bus_when(
        redis_url,
        redis_prefix,
        lambda es: {e.table for e in es if e.type == "table.created"} >= {"c7", "c7b"},
    )
    created = {e.table: e.payload for e in envelopes if e.type == "table.created"}
    people, robots = created["c7"], created["c7b"]
    assert people["to_act"] == list(view.decision.seats) and people["to_act"]
    assert people["waiting_on"] == list(view.decision.waiting_on)
    shown = {str(c.seat): c.deadline_ms for c in view.clocks.seats if c.deadline_ms}
    assert people["deadlines"] == shown and shown, "the same deadlines GetView shows"
    # A table of bots waits for someone too, but no person's clock runs.
    assert robots["waiting_on"] == list(bots.decision.waiting_on) and robots["waiting_on"]
    assert robots["deadlines"] == {}
