"""Bots play through the engine's gRPC API from a real Celery worker, driven by the bus.

Real engine, real Redis, a real ``celery worker`` process and the dispatcher: a table of four
bots is played to the end; a task for a version the table has left does nothing; a task with
bad arguments fails with a message and changes nothing; a worker killed with SIGKILL in the
middle of a bot move and restarted makes that move exactly once.
"""

from __future__ import annotations

import time

import pytest
import redis

from inferno_clock import ClockPolicy
from inferno_proto import engine_pb2

from .test_celery_harness import (  # noqa: F401 (fixtures)
    KEY,
    Stack,
    send_task_fixture,
    stack_fixture,
    wait_until,
)

BOTS = [("bot-a", True), ("bot-b", True), ("bot-c", True), ("bot-d", True)]


def _finished(stack: Stack, table_id: str) -> bool:
    return stack.view(table_id).status == engine_pb2.TABLE_STATUS_FINISHED


def test_four_bots_play_a_whole_game(stack: Stack) -> None:
    stack.worker()
    stack.dispatcher()
    stack.create_table("t1", BOTS)
    wait_until(lambda: _finished(stack, "t1"), 150, "the bots to finish the game")
    view = stack.view("t1")
    assert view.oh_hell.phase == "over"
    assert view.oh_hell.hand_number == view.oh_hell.hands_total == 13
    # Every move was a bot's own, none forced by the clock.
    applied = [e for e in stack.events("t1") if e.WhichOneof("body") == "oh_hell"]
    plays = [e for e in applied if e.oh_hell.WhichOneof("kind") == "play"]
    assert len(plays) == 4 * sum(range(1, 14))


def test_a_task_for_a_version_the_table_left_does_nothing(stack: Stack, send_task) -> None:
    worker = stack.worker()
    # No dispatcher: the test enqueues by hand. The record is what the dispatcher would write.
    version = stack.create_table("t2", BOTS)
    from inferno_worker.table_records import TableRecords

    client = redis.Redis.from_url(stack.redis_url)
    records = TableRecords(client, stack.prefix)
    seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(BOTS)]
    records.create("t2", "oh_hell", seats, ClockPolicy())
    first = stack.view("t2").decision.seats[0]
    send_task("bot_move", "t2", version, first)
    wait_until(lambda: stack.view("t2").version == version + 1, 30, "the bot's move")
    # The same task again, and one for the old version at the next seat: nothing happens.
    send_task("bot_move", "t2", version, first)
    send_task("bot_move", "t2", version, (first + 1) % 4)
    wait_until(lambda: worker.text().count("table moved on") >= 2, 30, "both stale tasks")
    assert stack.view("t2").version == version + 1
    client.close()


def test_bad_task_arguments_fail_clearly_and_change_nothing(stack: Stack) -> None:
    from inferno_worker import moves
    from inferno_worker.engine_client import EngineClient
    from inferno_worker.table_records import TableRecords

    version = stack.create_table("t3", BOTS)
    client = redis.Redis.from_url(stack.redis_url)
    records = TableRecords(client, stack.prefix)
    seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(BOTS)]
    records.create("t3", "oh_hell", seats, ClockPolicy())
    engine = EngineClient(stack.engine.address, KEY)
    bad = [("", 1, 0), ("t3", 0, 0), ("t3", 1, -1), ("t3", "1", 0), (None, 1, 0), ("t3", 1, True)]
    try:
        for args in bad:
            for make in (
                lambda a: moves.bot_move(engine, records, "heuristic", *a),
                lambda a: moves.timeout_move(engine, *a),
            ):
                with pytest.raises(moves.BadMove, match="must be"):
                    make(args)
        with pytest.raises(moves.BadMove, match="there is no seat 9"):
            moves.bot_move(engine, records, "heuristic", "t3", version, 9)
        # An unknown table is not an error to retry: nothing to do.
        assert moves.bot_move(engine, records, "heuristic", "nope", 1, 0) == "unknown table"
        assert moves.timeout_move(engine, "nope", 1, 0).startswith("moved on (NOT_FOUND")
        assert stack.view("t3").version == version
    finally:
        engine.close()
        client.close()


def test_worker_killed_mid_move_and_restarted_moves_exactly_once(stack: Stack, send_task) -> None:
    # The first worker holds the task after the engine accepted the move, before the ack.
    first = stack.worker(INFERNO_WORKER_FAULT_PAUSE_AFTER_SUBMIT_MS="60000")
    version = stack.create_table("t4", BOTS)
    client = redis.Redis.from_url(stack.redis_url)
    from inferno_worker.table_records import TableRecords

    seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(BOTS)]
    TableRecords(client, stack.prefix).create("t4", "oh_hell", seats, ClockPolicy())
    seat = stack.view("t4").decision.seats[0]
    send_task("bot_move", "t4", version, seat)
    wait_until(lambda: stack.view("t4").version == version + 1, 30, "the bot's move")
    wait_until(lambda: first.lines(event="bot_move", table_id="t4"), 10, "the task's log line")
    first.kill()  # SIGKILL: the task was never acknowledged
    # kombu gives unacknowledged tasks back when a worker's poller looks (at its start, then
    # every tenth poll); start the next worker once the visibility timeout (3 s) has passed.
    time.sleep(4)
    second = stack.worker()
    # The broker gives the task back after its visibility timeout (3 s here); it runs again,
    # sees the table moved on, and does nothing.
    wait_until(lambda: second.lines(event="bot_move", table_id="t4"), 60, "the task to come back")
    assert "table moved on" in second.text()
    assert stack.view("t4").version == version + 1
    bids = [
        e
        for e in stack.events("t4")
        if e.WhichOneof("body") == "oh_hell" and e.oh_hell.WhichOneof("kind") == "bid"
    ]
    assert [e.oh_hell.bid.seat for e in bids] == [seat]
    client.close()
