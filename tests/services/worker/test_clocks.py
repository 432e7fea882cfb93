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


def test_silent_human_times_out_then_is_handed_to_a_bot(stack: Stack) -> None:
    from inferno_worker.table_records import TableRecords

    stack.worker()
    stack.dispatcher(INFERNO_WORKER_TURN_MS="300", INFERNO_WORKER_ABANDON_AFTER="2")
    stack.create_table("c1", SEATS)
    wait_until(lambda: stack.view("c1").status == engine_pb2.TABLE_STATUS_FINISHED, 150, "game end")
    applied = [e for e in _bus(stack, "c1") if e.type == EventType.ACTION_APPLIED]
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
        assert record is not None and record.abandoned == {HUMAN}
    finally:
        client.close()


def _message(env: Envelope, n: int) -> Message:
    return Message(entry_id=f"{n}-0", envelope=env, deliveries=1)


def _applied(table: str, version: int, seat: int, forced: bool, to_act: list[int]) -> Envelope:
    payload = {
        "seat": seat,
        "action": {"kind": "bid", "arg": 0},
        "action_id": f"x{version}",
        "events": ["bid"],
        "to_act": to_act,
        "forced": forced,
    }
    return Envelope.new(EventType.ACTION_APPLIED, table, version, payload)


def test_dispatcher_counts_timeouts_in_a_row_and_ignores_repeats(
    redis_url: str, redis_prefix: str
) -> None:
    from inferno_worker.dispatch import Dispatcher
    from inferno_worker.table_records import TableRecords

    client = redis.Redis.from_url(redis_url)
    records = TableRecords(client, redis_prefix)
    queued: list[tuple] = []
    dispatcher = Dispatcher(
        records,
        engine=None,  # type: ignore[arg-type]  # only table.created calls the engine
        enqueue=lambda *args: queued.append(args),
        bot_delay_ms=0,
        default_turn_ms=1000,
        abandon_after=3,
    )
    seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(SEATS)]
    records.create("d1", "oh_hell", seats, 1000)
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
    dispatcher.handle([_message(_applied("d1", 7, HUMAN, True, [HUMAN]), 9)])
    assert records.get("d1").abandoned == {HUMAN}
    assert queued[-1] == ("bot_move", "d1", 7, HUMAN, 0.0), "an abandoned seat is a bot's"
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
        lambda: worker.text().count("timeout move table=c2") == 2, 30, "the stale timeout task"
    )
    assert re.search(r"timeout move table=c2 .*: replayed", worker.text())
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
    records.create("s1", "oh_hell", humans, 5000)
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
