"""Reconciliation: a table whose pending work was lost gets it again from the engine's state.

Real engine, Redis, Celery worker and dispatcher. The loss the fault run saw (kombu dropping a
task between fetch and its unacknowledged record; a killed dispatcher; a lost deadline) is made
on purpose: the task is deleted from the broker's queue, or the worker's records are wiped,
before any worker takes it. Without reconciliation such a table never moves again (the first
test shows it with reconciliation off); with it the table goes on within seconds.
"""

from __future__ import annotations

import time

import redis

from inferno_proto import engine_pb2

from .test_celery_harness import (  # noqa: F401 (fixtures)
    Stack,
    stack_fixture,
    wait_until,
)

BOTS = [("bot-a", True), ("bot-b", True), ("bot-c", True), ("bot-d", True)]
HUMANS = [("ana", False), ("bo", False), ("cy", False)]
FAST = {"INFERNO_WORKER_RECONCILE_AFTER_MS": "1500", "INFERNO_WORKER_RECONCILE_EVERY_S": "0.5"}


def _lose_queued_task(stack: Stack, client: redis.Redis, queue: str) -> None:
    """Wait until the dispatcher has put a task in ``queue``, then delete it, as kombu did."""
    key = f"{stack.prefix}{queue}"
    wait_until(lambda: client.llen(key) > 0, 30, f"a task in {queue}")
    client.delete(key)


def test_a_lost_bot_move_is_made_again(stack: Stack) -> None:
    client = redis.Redis.from_url(stack.redis_url)
    try:
        dispatcher = stack.dispatcher(**FAST)
        version = stack.create_table("bots", BOTS)
        _lose_queued_task(stack, client, "inferno-worker")
        stack.worker()
        wait_until(lambda: stack.view("bots").version >= version + 8, 60, "bots to play on")
        lines = dispatcher.lines(event="reconcile_rescheduled", table_id="bots")
        assert lines and lines[0]["version"] == version
    finally:
        client.close()


def test_without_reconciliation_a_lost_bot_move_freezes_the_table(stack: Stack) -> None:
    """The failure the reconciliation fixes, shown: the same loss, reconciliation off."""
    client = redis.Redis.from_url(stack.redis_url)
    try:
        stack.dispatcher(INFERNO_WORKER_RECONCILE_AFTER_MS="0")
        version = stack.create_table("bots", BOTS)
        _lose_queued_task(stack, client, "inferno-worker")
        worker = stack.worker()
        wait_until(lambda: "ready" in worker.text(), 30, "the worker to start")
        time.sleep(5)  # three times what the reconciling tests need to move on
        assert stack.view("bots").version == version
    finally:
        client.close()


def test_a_lost_timeout_fires_again(stack: Stack) -> None:
    client = redis.Redis.from_url(stack.redis_url)
    try:
        stack.dispatcher(**FAST)
        version = stack.create_table("slow", HUMANS, turn_seconds=1)
        _lose_queued_task(stack, client, "inferno-clock")
        worker = stack.worker()
        wait_until(lambda: stack.view("slow").version > version, 30, "the forced move")
        moved = worker.lines(event="timeout_move", outcome="moved", version=version)
        assert moved, "the move after the lost timeout is the clock's"
    finally:
        client.close()


def test_records_wiped_under_a_live_table_are_rebuilt(stack: Stack) -> None:
    """The dispatcher's deadlines and due moves lost (Redis lost them, say): a bot table and a
    timed human table both go on."""
    client = redis.Redis.from_url(stack.redis_url)
    try:
        stack.dispatcher(INFERNO_WORKER_BOT_DELAY_MS="60000", **FAST)
        bots = stack.create_table("bots", BOTS)
        humans = stack.create_table("humans", HUMANS, turn_seconds=60)
        due = f"{stack.prefix}worker:bot_due"
        deadlines = f"{stack.prefix}worker:deadlines"
        wait_until(lambda: client.zcard(due) and client.zcard(deadlines), 30, "work scheduled")
        client.delete(due, deadlines)
        stack.worker()
        wait_until(lambda: client.zcard(due) and client.zcard(deadlines), 30, "work rebuilt")
        assert stack.view("bots").version == bots  # the rebuilt bot move waits its delay
        assert stack.view("humans").status == engine_pb2.TABLE_STATUS_LIVE
        seat = stack.view("humans").decision.seats[0]
        (member,) = client.zrange(deadlines, 0, -1)
        assert member.decode() == f"humans|{humans}|{seat}"
    finally:
        client.close()
