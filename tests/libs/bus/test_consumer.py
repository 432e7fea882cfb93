"""The consumer: groups created idempotently, own pending drained first, dead consumers'
messages reclaimed, acknowledgement only after success, poison and malformed messages
dead-lettered with the reason, transient outages waited out, clean stop on SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
import redis

from inferno_bus import Consumer, Envelope, Message, Publisher, group_backlog, stream_key

from .conftest import aborted

ROOT = Path(__file__).resolve().parents[3]


class Recorder:
    """A handler that records what it was given and can be told to fail."""

    def __init__(self) -> None:
        self.seen: list[Message] = []
        self.fail_with: BaseException | None = None
        self.fail_times = 0
        self.refuse: dict[int, str] = {}  # payload n -> reason

    def __call__(self, messages: Sequence[Message]) -> dict[str, str]:
        if self.fail_times > 0 and self.fail_with is not None:
            self.fail_times -= 1
            raise self.fail_with
        self.seen.extend(messages)
        return {
            m.entry_id: self.refuse[m.envelope.payload["n"]]
            for m in messages
            if m.envelope.payload.get("n") in self.refuse
        }


def make(client: redis.Redis, prefix: str, handler, name: str = "c1", **kw) -> Consumer:
    kw.setdefault("block_ms", 10)
    return Consumer(client, prefix, "g", name, handler, **kw)


def dead_letters(client: redis.Redis, prefix: str) -> list[dict[str, str]]:
    return [fields for _, fields in client.xrange(stream_key(prefix, "dead_letter"))]


def test_group_creation_is_idempotent(client: redis.Redis, redis_prefix: str) -> None:
    Publisher(client, redis_prefix).publish(aborted(1))
    consumer = make(client, redis_prefix, Recorder())
    consumer.ensure_group()
    consumer.ensure_group()
    groups = client.xinfo_groups(consumer.stream)
    assert [g["name"] for g in groups] == ["g"]


def test_messages_are_handled_in_order_and_acknowledged(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(250))
    handler = Recorder()
    consumer = make(client, redis_prefix, handler)
    consumer.ensure_group()
    while consumer.poll():
        pass
    assert [m.envelope.payload["n"] for m in handler.seen] == list(range(250))
    assert all(m.deliveries == 1 for m in handler.seen)
    assert group_backlog(client, consumer.stream, "g").pending == 0
    assert consumer.ready


def test_a_refused_message_goes_to_dead_letter_with_reason_and_the_rest_are_acked(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(5))
    handler = Recorder()
    handler.refuse = {2: "seat 7 does not exist"}
    consumer = make(client, redis_prefix, handler)
    consumer.ensure_group()
    consumer.poll()
    [dead] = dead_letters(client, redis_prefix)
    assert dead["reason"] == "seat 7 does not exist"
    assert json.loads(dead["entry"])["table"] == "t2"
    assert dead["group"] == "g" and dead["consumer"] == "c1"
    assert group_backlog(client, consumer.stream, "g").pending == 0


def test_a_malformed_envelope_is_dead_lettered_and_the_next_one_handled(
    client: redis.Redis, redis_prefix: str
) -> None:
    stream = stream_key(redis_prefix, "tables")
    client.xadd(stream, {"id": "not-hex", "type": "table.finished", "time": "1"})
    client.xadd(stream, {**aborted(1).to_fields(), "type": "table.exploded"})
    Publisher(client, redis_prefix).publish(aborted(2))
    handler = Recorder()
    consumer = make(client, redis_prefix, handler)
    consumer.ensure_group()
    consumer.poll()
    reasons = [d["reason"] for d in dead_letters(client, redis_prefix)]
    assert len(reasons) == 2
    assert reasons[0].startswith("malformed envelope") and "id" in reasons[0]
    assert "unknown event type 'table.exploded'" in reasons[1]
    assert [m.envelope.payload["n"] for m in handler.seen] == [2]
    assert group_backlog(client, consumer.stream, "g").pending == 0


def test_own_pending_messages_are_drained_first_after_a_crash(
    client: redis.Redis, redis_prefix: str
) -> None:
    publisher = Publisher(client, redis_prefix)
    publisher.publish_many(aborted(n) for n in range(3))
    consumer = make(client, redis_prefix, Recorder())
    consumer.ensure_group()
    # The previous life of consumer c1 read three messages and died before acknowledging.
    client.xreadgroup("g", "c1", {consumer.stream: ">"}, count=3)
    publisher.publish_many(aborted(n) for n in range(3, 5))
    handler = Recorder()
    restarted = make(client, redis_prefix, handler)
    assert restarted.drain_pending() == 3
    assert [m.envelope.payload["n"] for m in handler.seen] == [0, 1, 2]
    assert all(m.deliveries == 2 for m in handler.seen)
    restarted.poll()
    assert [m.envelope.payload["n"] for m in handler.seen] == [0, 1, 2, 3, 4]
    assert group_backlog(client, consumer.stream, "g").pending == 0


def test_messages_a_dead_consumer_left_are_reclaimed_after_the_timeout(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(4))
    handler = Recorder()
    alive = make(client, redis_prefix, handler, name="alive", claim_idle_ms=300)
    alive.ensure_group()
    client.xreadgroup("g", "dead", {alive.stream: ">"}, count=4)
    assert alive.reclaim() == 0  # not idle long enough yet
    time.sleep(0.35)
    assert alive.reclaim() == 4
    assert sorted(m.envelope.payload["n"] for m in handler.seen) == [0, 1, 2, 3]
    assert group_backlog(client, alive.stream, "g").pending == 0


def test_a_failing_message_is_retried_then_dead_lettered_with_the_reason(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(3))
    calls: list[int] = []

    def handler(messages: Sequence[Message]) -> None:
        calls.append(len(messages))
        if any(m.envelope.payload["n"] == 1 for m in messages):
            raise ZeroDivisionError("division by zero in round 3")

    consumer = make(client, redis_prefix, handler, claim_idle_ms=50, max_deliveries=3)
    consumer.ensure_group()
    consumer.poll()
    # The batch failed, so it was split in halves, [0] and [1, 2], and the failing half again:
    # 0 and 2 succeeded, 1 stays pending.
    assert calls == [3, 1, 2, 1, 1]
    assert group_backlog(client, consumer.stream, "g").pending == 1
    assert dead_letters(client, redis_prefix) == []
    for _ in range(2):
        time.sleep(0.06)
        consumer.reclaim()
    [dead] = dead_letters(client, redis_prefix)
    assert dead["reason"] == (
        "handler failed 3 times, last with ZeroDivisionError: division by zero in round 3"
    )
    assert dead["deliveries"] == "3"
    assert group_backlog(client, consumer.stream, "g").pending == 0


def test_one_failing_message_in_a_big_batch_costs_a_few_calls_and_loses_nothing(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(1000))
    calls: list[int] = []
    handled: list[int] = []

    def handler(messages: Sequence[Message]) -> None:
        calls.append(len(messages))
        if any(m.envelope.payload["n"] == 617 for m in messages):
            raise ValueError("a value the database refuses")
        handled.extend(m.envelope.payload["n"] for m in messages)

    consumer = make(client, redis_prefix, handler, batch_size=1000, max_deliveries=1)
    consumer.ensure_group()
    assert consumer.poll() == 1000
    # Halving: 2 calls per level of a 10-level bisection, plus the whole batch.
    assert len(calls) <= 1 + 2 * 10
    assert sorted(handled) == [n for n in range(1000) if n != 617]
    [dead] = dead_letters(client, redis_prefix)
    assert json.loads(json.loads(dead["entry"])["payload"])["n"] == 617
    assert (
        dead["reason"]
        == "handler failed 1 times, last with ValueError: a value the database refuses"
    )
    assert group_backlog(client, consumer.stream, "g").pending == 0


def test_a_consumer_waits_for_older_entries_another_consumer_is_working_on(
    client: redis.Redis, redis_prefix: str
) -> None:
    publisher = Publisher(client, redis_prefix)
    publisher.publish_many(aborted(n) for n in range(4))
    first, second, third = (
        make(client, redis_prefix, Recorder(), name=name, claim_idle_ms=1000)
        for name in ("first", "second", "third")
    )
    first.ensure_group()

    def read(consumer: Consumer, count: int = 2) -> list[Message]:
        [(_, entries)] = client.xreadgroup("g", consumer.name, {consumer.stream: ">"}, count=count)
        return [Message(i, Envelope.from_fields(f), 1) for i, f in entries]

    older, newer = read(first), read(second)
    # The oldest batch never waits; the newer one waits while the older is in work.
    assert first.wait_for_older(older, timeout_s=0.05)
    started = time.monotonic()
    assert not second.wait_for_older(newer, timeout_s=0.1)
    assert time.monotonic() - started >= 0.1
    time.sleep(0.1)  # still in work a while later (asking about it does not change that)
    assert not second.wait_for_older(newer, timeout_s=0.1)
    # Left pending after a failure, its consumer reading on: not in work any more.
    publisher.publish(aborted(4))
    time.sleep(0.1)
    read(first, count=1)
    assert second.wait_for_older(newer, timeout_s=0.05)
    # Acknowledged: nothing to wait for either.
    client.xack(first.stream, "g", *(m.entry_id for m in older))
    assert second.wait_for_older(newer, timeout_s=0.05)
    # An older entry left longer than claim_idle_ms (a dead consumer's) is not waited for.
    publisher.publish_many(aborted(n) for n in range(5, 9))
    stale = read(first)
    assert not third.wait_for_older(read(third), timeout_s=0.05)
    time.sleep(1.05)
    publisher.publish_many(aborted(n) for n in range(9, 11))
    assert third.wait_for_older(read(third), timeout_s=0.05)
    pending = client.xpending_range(first.stream, "g", "-", "+", 10, consumername="first")
    assert [p["message_id"] for p in pending][-2:] == [m.entry_id for m in stale]


class _SlowPending(redis.Redis):
    """A real client whose XPENDING answers late, as when its thread waits for the GIL or
    the CPU on a loaded machine between two calls."""

    def xpending_range(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.3)
        return super().xpending_range(*args, **kwargs)


def test_older_entries_in_work_are_seen_however_late_the_second_question_is_answered(
    client: redis.Redis, redis_prefix: str, redis_url: str
) -> None:
    publisher = Publisher(client, redis_prefix)
    publisher.publish_many(aborted(n) for n in range(4))
    first = make(client, redis_prefix, Recorder(), name="first")
    first.ensure_group()
    slow = _SlowPending.from_url(redis_url, decode_responses=True)
    second = make(slow, redis_prefix, Recorder(), name="second")
    try:
        [(_, older)] = client.xreadgroup("g", "first", {first.stream: ">"}, count=2)
        [(_, newer)] = client.xreadgroup("g", "second", {first.stream: ">"}, count=2)
        mine = [Message(i, Envelope.from_fields(f), 1) for i, f in newer]
        # "first" still works on the older two: the 0.3 s between Redis's two answers must not
        # make its entries look left behind.
        assert not second.wait_for_older(mine, timeout_s=0.2)
        client.xack(first.stream, "g", *(i for i, _ in older))
        assert second.wait_for_older(mine, timeout_s=0.2)
    finally:
        slow.close()


def test_a_message_delivered_too_often_is_dead_lettered_unhandled(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish(aborted(1))
    handler = Recorder()
    consumer = make(client, redis_prefix, handler, max_deliveries=2)
    consumer.ensure_group()
    for _ in range(2):  # two lives that died while handling it (say, killed by the message)
        client.xreadgroup("g", "c1", {consumer.stream: "0" if _ else ">"}, count=1)
    consumer.drain_pending()
    assert handler.seen == []
    [dead] = dead_letters(client, redis_prefix)
    assert dead["reason"] == "delivered 3 times without being handled (limit 2)"


class Unreachable(Exception):
    pass


def test_a_transient_failure_is_waited_out_without_dead_lettering(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(3))
    handler = Recorder()
    handler.fail_with = Unreachable("connection refused")
    handler.fail_times = 4
    readiness: list[bool] = []
    consumer = make(
        client,
        redis_prefix,
        handler,
        max_deliveries=1,
        transient=(Unreachable,),
        backoff_max_s=0.05,
    )
    original = consumer._not_ready

    def spy(reason: str) -> None:
        original(reason)
        readiness.append(consumer.ready)

    consumer._not_ready = spy  # type: ignore[method-assign]
    consumer.ensure_group()
    consumer.poll()
    assert readiness == [False] * 4
    assert consumer.last_error is None and consumer.ready
    assert [m.envelope.payload["n"] for m in handler.seen] == [0, 1, 2]
    assert dead_letters(client, redis_prefix) == []
    assert group_backlog(client, consumer.stream, "g").pending == 0


def test_a_batch_held_through_an_outage_is_not_reclaimed_by_others(
    client: redis.Redis, redis_prefix: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(3))
    other = make(client, redis_prefix, Recorder(), name="other", claim_idle_ms=300)
    stolen: list[int] = []

    class Outage:
        calls = 0

        def __call__(self, messages: Sequence[Message]) -> None:
            self.calls += 1
            if self.calls <= 8:  # ~0.8 s unreachable, beyond other's claim_idle_ms
                time.sleep(0.05)
                stolen.append(other.reclaim())
                raise Unreachable("connection refused")
            assert all(m.deliveries == 1 for m in messages)

    handler = Outage()
    holder = make(client, redis_prefix, handler, transient=(Unreachable,), backoff_max_s=0.05)
    holder.ensure_group()
    holder.poll()
    assert stolen == [0] * 8
    assert handler.calls == 9
    pending = client.xpending_range(holder.stream, "g", "-", "+", 10)
    assert pending == []
    assert dead_letters(client, redis_prefix) == []


def test_lag_and_pending_are_reported(client: redis.Redis, redis_prefix: str) -> None:
    from prometheus_client import REGISTRY

    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(10))
    consumer = make(client, redis_prefix, Recorder(), batch_size=4, metrics_every_s=0)
    consumer.ensure_group()
    client.xreadgroup("g", "other", {consumer.stream: ">"}, count=3)
    backlog = group_backlog(client, consumer.stream, "g")
    assert (backlog.pending, backlog.lag) == (3, 7)
    consumer.poll()  # observes first (pending 3, lag 7), then handles 4
    labels = {"stream": consumer.stream, "group": "g"}
    assert REGISTRY.get_sample_value("inferno_bus_pending_messages", labels) == 3
    assert REGISTRY.get_sample_value("inferno_bus_lag_messages", labels) == 7
    consumer.poll()
    assert REGISTRY.get_sample_value("inferno_bus_lag_messages", labels) == 3
    handled = REGISTRY.get_sample_value(
        "inferno_bus_messages_total", {**labels, "outcome": "handled"}
    )
    assert handled == 7


def test_a_deleted_stream_and_group_are_recreated_and_consumption_goes_on(
    client: redis.Redis, redis_prefix: str
) -> None:
    import threading

    publisher = Publisher(client, redis_prefix)
    publisher.publish(aborted(1))
    handler = Recorder()
    consumer = make(client, redis_prefix, handler)
    runner = threading.Thread(target=consumer.run)
    runner.start()
    try:
        deadline = time.monotonic() + 10
        while len(handler.seen) < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        client.delete(consumer.stream)  # an operator wipes the stream, group and all
        time.sleep(0.1)
        publisher.publish(aborted(2))
        while len(handler.seen) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        consumer.stop()
        runner.join(timeout=10)
    assert [m.envelope.payload["n"] for m in handler.seen] == [1, 2]
    assert not runner.is_alive()


def test_bad_settings_are_refused(client: redis.Redis, redis_prefix: str) -> None:
    with pytest.raises(ValueError, match="must be positive"):
        make(client, redis_prefix, Recorder(), max_deliveries=0)


SIGTERM_SCRIPT = """
import sys, time, redis
from inferno_bus import Consumer, stop_on_signals
client = redis.Redis.from_url(sys.argv[1], decode_responses=True)
def handler(messages):
    print("batch", len(messages), flush=True)
    time.sleep(0.5)  # SIGTERM lands while this batch is in hand
consumer = Consumer(client, sys.argv[2], "g", "c1", handler, block_ms=50, batch_size=5)
stop_on_signals(consumer.stop)
consumer.run()
print("stopped", flush=True)
"""


def test_sigterm_finishes_the_batch_in_hand_then_stops(
    client: redis.Redis, redis_prefix: str, redis_url: str
) -> None:
    Publisher(client, redis_prefix).publish_many(aborted(n) for n in range(20))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "libs")}
    proc = subprocess.Popen(
        [sys.executable, "-c", SIGTERM_SCRIPT, redis_url, redis_prefix],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "batch 5"
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert out.strip().splitlines()[-1] == "stopped"
    stream = stream_key(redis_prefix, "tables")
    backlog = group_backlog(client, stream, "g")
    # The batch in hand was acknowledged; nothing was left pending.
    assert backlog.pending == 0
    assert backlog.lag == 15
