"""The clock policy a table is created with, and HandOverSeat (abandonment into the result)."""

from __future__ import annotations

import grpc
import pytest

from inferno_auth import Role
from inferno_engine.verify import load, verify
from inferno_proto import engine_pb2 as pb

from .client import Client, bus_when, create_table, status_of

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]


async def test_the_clock_policy_is_stored_shown_and_published(
    engine, redis_url, redis_prefix
) -> None:
    await create_table(
        engine.address,
        "k1",
        PLAYERS,
        turn_seconds=20,
        bank_seconds=90,
        increment_seconds=3,
        grace_seconds=15,
    )
    ana = Client(engine.address, "ana")
    try:
        clocks = (await ana.view("k1")).clocks
    finally:
        await ana.close()
    assert (clocks.turn_seconds, clocks.bank_seconds) == (20, 90)
    assert (clocks.increment_seconds, clocks.grace_seconds) == (3, 15)
    assert clocks.deadline_ms == clocks.decision_since_ms + 20_000, "the turn time, then the bank"
    envelopes = await bus_when(redis_url, redis_prefix, lambda es: len(es) >= 1)
    assert envelopes[0].payload["clock"] == {
        "turn_seconds": 20,
        "bank_seconds": 90,
        "increment_seconds": 3,
        "grace_seconds": 15,
        "hand_over_after": 0,
    }


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"bank_seconds": 60}, "needs a time per decision"),
        ({"increment_seconds": 5}, "needs a time per decision"),
        ({"turn_seconds": 10, "grace_seconds": 86_401}, "grace_seconds must be from 0 to 86400"),
    ],
)
async def test_a_nonsense_clock_is_refused_and_creates_nothing(engine, settings, words) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await create_table(engine.address, "bad", PLAYERS, **settings)
    code, trailers = status_of(caught.value)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and words in caught.value.details()
    assert trailers["inferno-reason"] == "bad_clock"
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    try:
        with pytest.raises(grpc.aio.AioRpcError) as missing:
            await lobby.view("bad")
        assert missing.value.code() == grpc.StatusCode.NOT_FOUND
    finally:
        await lobby.close()


async def _hand_over(client: Client, table_id: str, seat: int, reason: str = "3 timeouts"):
    request = pb.HandOverSeatRequest(table_id=table_id, seat=seat, reason=reason)
    return await client.stub.HandOverSeat(request, metadata=client.metadata)


async def _refused(client: Client, table_id: str, seat: int, reason: str = "x"):
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await _hand_over(client, table_id, seat, reason)
    return caught.value.code(), caught.value.details()


async def test_hand_over_marks_the_seat_abandoned_in_the_result(
    engine, redis_url, redis_prefix
) -> None:
    await create_table(engine.address, "h1", PLAYERS, {"order": 2})
    worker = Client(engine.address, "worker", Role.SERVICE)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    ana = Client(engine.address, "ana")
    spectator = Client(engine.address, "sam", Role.SPECTATOR)
    try:
        # Who may not, and what makes no sense: each refused, nothing changes.
        for caller in (ana, spectator):
            code, _ = await _refused(caller, "h1", 1)
            assert code == grpc.StatusCode.PERMISSION_DENIED
        assert (await _refused(worker, "nope", 1))[0] == grpc.StatusCode.NOT_FOUND
        code, words = await _refused(worker, "h1", 4)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and "no seat 4" in words
        assert (await _refused(worker, "h1", -1))[0] == grpc.StatusCode.INVALID_ARGUMENT
        code, words = await _refused(worker, "h1", 1, reason="  ")
        assert code == grpc.StatusCode.INVALID_ARGUMENT and "why" in words
        opening = await ana.view("h1")
        assert opening.version == 1

        # The seat deciding first (the seed picks the dealer) is handed over, then another one.
        gone = opening.decision.seats[0]
        later, stays = (gone + 2) % 4, (gone + 1) % 4
        first = await _hand_over(worker, "h1", gone)
        assert first.handed_over and first.version == 2
        again = await _hand_over(worker, "h1", gone)
        assert not again.handed_over and again.version == 2, "a second hand-over is a no-op"
        # The seat is the bot's now: its player's own moves are refused, changing nothing.
        player = Client(engine.address, PLAYERS[gone])
        try:
            view = await player.view("h1")
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await player.submit("h1", view.version, view.legal_actions[0])
            code, trailers = status_of(caught.value)
            assert code == grpc.StatusCode.FAILED_PRECONDITION
            assert trailers["inferno-reason"] == "seat_handed_over"
            assert (await player.view("h1")).version == 2
        finally:
            await player.close()
        # An operator may hand over too (audited).
        assert (await _hand_over(operator, "h1", later, "left the room")).version == 3
        # Everyone sees it: the seats are flagged in views, and streams carry both hand-overs.
        seen = await spectator.view("h1")
        assert [s.seat for s in seen.seats if s.abandoned] == sorted([gone, later])
        call = spectator.stream("h1")
        told = []
        async for batch in call:
            told += [
                (e.id, e.seat_handed_over.seat, e.seat_handed_over.reason)
                for e in batch.events
                if e.WhichOneof("body") == "seat_handed_over"
            ]
            if batch.events[-1].version >= 3:
                break
        call.cancel()
        assert told == [("2-0", gone, "3 timeouts"), ("3-0", later, "left the room")]
        # The game goes on: every seat's default move, made by the worker, to the end.
        version = 3
        while seats := (await ana.view("h1")).decision.seats:
            answer = await worker.submit("h1", version, None, seat=seats[0], forced=True)
            version = answer.version
        code, words = await _refused(worker, "h1", stays)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and "finished" in words
        assert (await _hand_over(worker, "h1", gone)).handed_over is False
    finally:
        for client in (worker, operator, ana, spectator):
            await client.close()

    envelopes = await bus_when(
        redis_url, redis_prefix, lambda es: any(e.type == "table.finished" for e in es)
    )
    handed = [e for e in envelopes if e.type == "table.seat_handed_over"]
    assert [(e.version, e.payload["seat"]) for e in handed] == [(2, gone), (3, later)]
    assert handed[0].payload["to_act"] == list(opening.decision.seats)
    assert handed[0].payload["reason"] == "3 timeouts"
    finished = next(e for e in envelopes if e.type == "table.finished")
    abandoned = [s["seat"] for s in finished.payload["seats"] if s["abandoned"]]
    assert abandoned == sorted([gone, later])
    # The log holds the hand-overs as public entries; the shuffle still verifies.
    record = load(redis_url, redis_prefix, "h1")
    entries = [e for e in record["events"] if e["kind"] == "table.seat_handed_over"]
    found = [(e["id"], e["data"]["seat"], e["to"]) for e in entries]
    assert found == [("2-0", gone, "*"), ("3-0", later, "*")]
    assert verify(record) == []
