"""Turn clocks: deadlines in Redis, timeout moves, and a silent seat handed to a bot.

The end-to-end test runs the real engine, a real Celery worker and the dispatcher: three bots
and one human who never moves; each time the human's clock runs out a forced default move is
made for them; after N timeouts in a row the seat is played by a bot to the end, and the worker
marks it abandoned. The other tests drive the dispatcher and the timer directly against the
real Redis: counting, resetting, stale deadlines, re-delivered bus events.
"""

from __future__ import annotations

import re
import time

import redis

from inferno_bus.consumer import Message
from inferno_bus.envelope import Envelope, EventType, stream_key
from inferno_clock import ClockPolicy
from inferno_proto import engine_pb2

from .test_celery_harness import (  # noqa: F401 (fixtures)
    Stack,
    send_task_fixture,
    stack_fixture,
    wait_until,
)

SEATS = [("bot-a", True), ("ana", False), ("bot-b", True), ("bot-c", True)]
HUMAN = 1


def _bus(stack: Stack, table_id: str) -> list[Envelope]:
    client = redis.Redis.from_url(stack.redis_url)
    try:
        entries = client.xrange(stream_key(stack.prefix, "tables"))
    finally:
        client.close()
    envelopes = [Envelope.from_fields(fields) for _, fields in entries]
    return [e for e in envelopes if e.table == table_id]


def _scoring_history(stack: Stack, database_url: str, player_id: str) -> list[dict]:
    """Run the scoring service's bus consumer over the test's bus, then read the player's
    match history from its HTTP API."""
    from fastapi.testclient import TestClient

    from inferno_bus import Consumer
    from inferno_scoring.api import create_app
    from inferno_scoring.db import UNAVAILABLE, make_pool, migrate
    from inferno_scoring.handler import ScoringHandler

    migrate(database_url)
    pool = make_pool(database_url, size=2, timeout=5)
    client = redis.Redis.from_url(stack.redis_url, decode_responses=True)
    try:
        pool.wait()
        consumer = Consumer(
            client, stack.prefix, "scoring", "test", ScoringHandler(pool), transient=UNAVAILABLE
        )
        consumer.ensure_group()
        while consumer.poll(block_ms=10):
            pass
        with TestClient(create_app(pool, lambda: {})) as api:
            answer = api.get(f"/players/{player_id}/matches")
            assert answer.status_code == 200, answer.text
            return list(answer.json()["matches"])
    finally:
        client.close()
        pool.close()


def test_silent_human_times_out_then_is_handed_to_a_bot(stack: Stack, database_url: str) -> None:
    from inferno_worker.table_records import TableRecords

    stack.worker()
    stack.dispatcher(INFERNO_WORKER_TURN_MS="300", INFERNO_WORKER_ABANDON_AFTER="2")
    stack.create_table("c1", SEATS)
    wait_until(lambda: stack.view("c1").status == engine_pb2.TABLE_STATUS_FINISHED, 150, "game end")
    bus = _bus(stack, "c1")
    applied = [e for e in bus if e.type == EventType.ACTION_APPLIED]
    human = [e.payload for e in applied if e.payload["seat"] == HUMAN]
    # The human never moved: every one of their moves was forced by the worker.
    assert human and all(p["forced"] for p in human)
    kinds = [p["action_id"].split(":")[0] for p in human]
    assert kinds[:2] == ["timeout", "timeout"], kinds[:5]
    assert set(kinds[2:]) == {"bot"}, "after two timeouts a bot plays the seat"
    # Bots' own moves are theirs, never forced.
    assert not any(e.payload["forced"] for e in applied if e.payload["seat"] != HUMAN)
    client = redis.Redis.from_url(stack.redis_url)
    try:
        record = TableRecords(client, stack.prefix).get("c1")
        assert record is not None and record.abandoned == record.handed == {HUMAN}
    finally:
        client.close()
    # The worker asked the engine to hand the seat over, once, right after the second timeout.
    handed = [e for e in bus if e.type == EventType.SEAT_HANDED_OVER]
    assert [e.payload["seat"] for e in handed] == [HUMAN]
    second_timeout = [e for e in applied if e.payload["seat"] == HUMAN][1]
    assert handed[0].version == second_timeout.version + 1
    assert handed[0].payload["reason"] == "2 timeouts in a row"
    # The result marks the abandonment, and so does the player's match history in scoring.
    finished = next(e for e in bus if e.type == EventType.TABLE_FINISHED)
    assert [s["abandoned"] for s in finished.payload["seats"]] == [False, True, False, False]
    history = _scoring_history(stack, database_url, "ana")
    assert [(m["table_id"], m["abandoned"]) for m in history] == [("c1", True)]
    assert not _scoring_history(stack, database_url, "bot-a")[0]["abandoned"]


def test_a_slow_seat_draws_on_its_bank_then_has_the_turn_time_only(stack: Stack) -> None:
    from inferno_worker.table_records import TableRecords

    stack.worker()
    stack.dispatcher(INFERNO_WORKER_ABANDON_AFTER="2")
    stack.create_table("b1", SEATS, turn_seconds=1, bank_seconds=2)
    client = redis.Redis.from_url(stack.redis_url)
    try:
        records = TableRecords(client, stack.prefix)
        # The worker enforces the deadline the engine shows, extended by the human's bank.
        due = wait_until(lambda: records.current_deadlines("b1").get(HUMAN), 30, "the deadline")
        view = stack.view("b1")  # the bots wait for the silent human: nothing moves for 3 s
        assert list(view.decision.seats) == [HUMAN]
        assert due == view.clocks.deadline_ms + 2000
        wait_until(lambda: records.get("b1").handed == {HUMAN}, 60, "the hand-over")
    finally:
        client.close()
    bus = _bus(stack, "b1")
    at = {e.version: e.time for e in bus if e.type != EventType.SEAT_HANDED_OVER}
    timeouts = [
        e for e in bus if e.type == EventType.ACTION_APPLIED and e.payload["seat"] == HUMAN
    ][:2]
    assert [e.payload["action_id"].split(":")[0] for e in timeouts] == ["timeout", "timeout"]
    waited = [e.time - at[e.version - 1] for e in timeouts]
    assert waited[0] >= 3000, f"turn time and the whole bank first: {waited}"
    assert 1000 <= waited[1] < 3000, f"then the bank is spent: {waited}"


def test_a_disconnected_seat_is_played_by_a_bot_at_once_after_its_grace(stack: Stack) -> None:
    stack.worker()
    stack.dispatcher(INFERNO_WORKER_ABANDON_AFTER="2")
    stack.create_table("g1", SEATS, turn_seconds=60, grace_seconds=1)
    # The engine would publish this when the human's stream closes (2 s ago: grace is over).
    wait_until(lambda: _bus(stack, "g1"), 10, "table.created on the bus")
    gone = Envelope.new(
        EventType.TABLE_PRESENCE,
        "g1",
        1,
        {"seat": HUMAN, "connected": False, "at_ms": int(time.time() * 1000) - 2000},
    )
    client = redis.Redis.from_url(stack.redis_url)
    try:
        client.xadd(stream_key(stack.prefix, "tables"), gone.to_fields())
    finally:
        client.close()
    # No 60 s clock is waited out: a bot plays the human's every decision, and after two
    # such forced moves in a row the seat is handed over for good.
    wait_until(lambda: stack.view("g1").status == engine_pb2.TABLE_STATUS_FINISHED, 50, "game end")
    bus = _bus(stack, "g1")
    human = [e for e in bus if e.type == EventType.ACTION_APPLIED and e.payload["seat"] == HUMAN]
    assert human and all(e.payload["forced"] for e in human)
    assert {e.payload["action_id"].split(":")[0] for e in human} == {"bot"}
    handed = [e for e in bus if e.type == EventType.SEAT_HANDED_OVER]
    assert [e.payload["seat"] for e in handed] == [HUMAN]
    finished = next(e for e in bus if e.type == EventType.TABLE_FINISHED)
    assert finished.payload["seats"][HUMAN]["abandoned"] is True


def _message(env: Envelope, n: int) -> Message:
    return Message(entry_id=f"{n}-0", envelope=env, deliveries=1)


def _applied(
    table: str,
    version: int,
    seat: int,
    forced: bool,
    to_act: list[int],
    at_ms: int | None = None,
) -> Envelope:
    payload = {
        "seat": seat,
        "action": {"kind": "bid", "arg": 0},
        "action_id": f"x{version}",
        "events": ["bid"],
        "to_act": to_act,
        "forced": forced,
    }
    return Envelope.new(EventType.ACTION_APPLIED, table, version, payload, at_ms=at_ms)


class HandOvers:
    """The dispatcher's engine, for tests that drive the dispatcher alone: it only records the
    HandOverSeat calls (table.created, the one other engine call, is not sent here)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, str]] = []

    def service_token(self) -> str:
        return "token"

    def hand_over(self, table_id: str, seat: int, reason: str, token: str) -> bool:
        self.calls.append((table_id, seat, reason))
        return True


def test_dispatcher_counts_timeouts_in_a_row_and_ignores_repeats(
    redis_url: str, redis_prefix: str
) -> None:
    from inferno_worker.dispatch import Dispatcher
    from inferno_worker.table_records import TableRecords

    client = redis.Redis.from_url(redis_url)
    records = TableRecords(client, redis_prefix)
    queued: list[tuple] = []
    engine = HandOvers()
    dispatcher = Dispatcher(
        records,
        engine=engine,  # type: ignore[arg-type]
        enqueue=lambda *args: queued.append(args),
        bot_delay_ms=0,
        default_turn_ms=1000,
        abandon_after=3,
    )
    seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(SEATS)]
    records.create("d1", "oh_hell", seats, ClockPolicy(turn_ms=1000))
    before = int(time.time() * 1000)
    msgs = [
        _applied("d1", 2, HUMAN, True, [2]),  # timeout 1
        _applied("d1", 3, HUMAN, True, [HUMAN]),  # timeout 2; the human must act again
        _applied("d1", 3, HUMAN, True, [HUMAN]),  # the bus delivered it twice
        _applied("d1", 4, HUMAN, False, [2]),  # the human moved: the count starts again
        _applied("d1", 5, HUMAN, True, [2]),
        _applied("d1", 6, HUMAN, True, [2]),
    ]
    assert dispatcher.handle([_message(m, i) for i, m in enumerate(msgs)]) == {}
    assert records.timeouts("d1") == {HUMAN: 2}
    assert records.get("d1").abandoned == frozenset()
    # A deadline for the human at version 3 was set, then cleared when version 4 came.
    assert ("bot_move", "d1", 2, 2, 0.0) in queued
    assert records.due(before + 10_000) == []
    assert engine.calls == []
    dispatcher.handle([_message(_applied("d1", 7, HUMAN, True, [HUMAN]), 9)])
    assert records.get("d1").abandoned == {HUMAN}
    assert queued[-1] == ("bot_move", "d1", 7, HUMAN, 0.0), "an abandoned seat is a bot's"
    # The engine is asked once to mark the seat abandoned, not again on a repeat.
    dispatcher.handle([_message(_applied("d1", 7, HUMAN, True, [HUMAN]), 9)])
    assert engine.calls == [("d1", HUMAN, "3 timeouts in a row")]
    assert records.get("d1").handed == {HUMAN}
    # A late, older event changes nothing and schedules nothing.
    n = len(queued)
    dispatcher.handle([_message(_applied("d1", 5, 0, False, [0]), 10)])
    assert len(queued) == n and records.timeouts("d1") == {HUMAN: 3}
    # A payload without the fields the contract promises is refused, not crashed on.
    broken = Envelope.new(EventType.ACTION_APPLIED, "d1", 8, {"seat": 0})
    refused = dispatcher.handle([_message(broken, 11)])
    assert "payload unusable" in refused["11-0"]
    client.close()


def test_timer_for_a_table_that_moved_on_does_nothing(stack: Stack, send_task) -> None:
    from inferno_worker.dispatch import Timer
    from inferno_worker.table_records import TableRecords

    worker = stack.worker()
    version = stack.create_table("c2", [("ana", False), ("bo", False), ("cy", False)])
    seat = stack.view("c2").decision.seats[0]
    client = redis.Redis.from_url(stack.redis_url)
    records = TableRecords(client, stack.prefix)
    timer = Timer(records, lambda t, v, s, due: send_task("timeout_move", t, v, s, due))
    # A current deadline, already due: the timer makes the seat's default move.
    records.set_deadlines("c2", version, {seat: 1})
    assert timer.tick() == 1
    wait_until(lambda: stack.view("c2").version == version + 1, 30, "the timeout move")
    assert records.due(int(time.time() * 1000)) == []
    # A deadline for the version the table has just left: the task runs and does nothing.
    records.set_deadlines("c2", version, {seat: 1})
    assert timer.tick() == 1
    # The task sends the same action id for the version the table left: the engine answers
    # from its record ("replayed") and moves nothing.
    wait_until(
        lambda: len(worker.lines(event="timeout_move", table_id="c2")) == 2,
        30,
        "the stale timeout task",
    )
    last = worker.lines(event="timeout_move", table_id="c2")[-1]
    assert "replayed" in str(last["outcome"]) and last["version"] == version
    # Another seat's deadline at the version the table left: the engine refuses the stale
    # version, the task logs "moved on" and moves nothing.
    records.set_deadlines("c2", version, {(seat + 1) % 3: 1})
    assert timer.tick() == 1
    wait_until(lambda: "moved on (ABORTED" in worker.text(), 30, "the stale timeout task")
    assert stack.view("c2").version == version + 1
    log = worker.text()
    # The worker's log names tables, versions and seats, never a card.
    hand = stack.view("c2", seat).oh_hell.hand
    assert hand and not any(re.search(rf"\b{card}\b", log) for card in hand)
    client.close()


def test_a_seat_still_bidding_keeps_its_deadline_when_another_seat_bids(
    redis_url: str, redis_prefix: str
) -> None:
    from inferno_worker.dispatch import Dispatcher
    from inferno_worker.table_records import TableRecords

    client = redis.Redis.from_url(redis_url)
    records = TableRecords(client, redis_prefix)
    dispatcher = Dispatcher(
        records,
        engine=None,  # type: ignore[arg-type]
        enqueue=lambda *args: None,
        bot_delay_ms=0,
        default_turn_ms=5000,
        abandon_after=3,
    )
    humans = [{"seat": i, "player_id": f"h{i}", "bot": False} for i in range(3)]
    records.create("s1", "oh_hell", humans, ClockPolicy(turn_ms=5000))
    # Sealed bids: all three decide at once, then seat 0 bids.
    dispatcher.handle([_message(_applied("s1", 2, 2, False, [0, 1, 2]), 1)])
    first = records.current_deadlines("s1")
    assert set(first) == {0, 1, 2}
    time.sleep(0.05)
    dispatcher.handle([_message(_applied("s1", 3, 0, False, [1, 2]), 2)])
    second = records.current_deadlines("s1")
    assert second == {1: first[1], 2: first[2]}, "others' bids do not extend a seat's time"
    # The next decision of the seat that just moved is a new one, with a full clock.
    time.sleep(0.05)
    dispatcher.handle([_message(_applied("s1", 4, 1, False, [1]), 3)])
    assert records.current_deadlines("s1")[1] > first[1]
    # And the deadline set holds only the current version's members.
    due = records.due(first[0] + 60_000)
    assert [(t, v, s) for t, v, s, _ in due] == [("s1", 4, 1)]
    client.close()
