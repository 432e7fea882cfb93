"""Big batches (hundreds of events per read and per transaction) keep every guarantee:
duplicates within one batch and across batches, a batch delivered again after a crash between
commit and acknowledgement, a poison message in the middle of a batch (refused by validation,
or refused by PostgreSQL itself): each match stored once, ratings those of applying every
result once in order of finish, nothing else lost."""

from __future__ import annotations

import json
import random
import threading
import time
from functools import partial

import psycopg
import pytest
import redis
from psycopg_pool import ConnectionPool

from inferno_bus import Consumer, Envelope, EventType, Message, Publisher, group_backlog
from inferno_scoring.db import UNAVAILABLE, make_pool
from inferno_scoring.handler import ScoringHandler

from .conftest import (
    counts,
    drain,
    event_id,
    expected_ratings,
    random_matches,
    stored_ratings,
)

BATCH = 500


def big_consumer(
    client: redis.Redis, prefix: str, pool: ConnectionPool, name: str = "big", **kw
) -> Consumer:
    consumer = Consumer(
        client,
        prefix,
        "scoring",
        name,
        ScoringHandler(pool),
        batch_size=BATCH,
        block_ms=10,
        transient=UNAVAILABLE,
        **kw,
    )
    consumer.ensure_group()
    return consumer


def expected_counts(events: list[Envelope]) -> dict[str, int]:
    return {
        "events": len(events),
        "matches": len(events),
        "participants": sum(len(e.payload["seats"]) for e in events),
        "rounds": sum(len(e.payload["rounds"]) for e in events),
        "ratings": len({s["player_id"] for e in events for s in e.payload["seats"]}),
    }


def dead_letters(client: redis.Redis, consumer: Consumer) -> list[dict[str, str]]:
    return [f for _, f in client.xrange(consumer.dead_letter_stream)]


def test_duplicates_within_and_across_big_batches_and_a_redelivered_batch_store_once(
    client: redis.Redis, redis_prefix: str, publisher: Publisher, pool: ConnectionPool,
    migrated_db: str,
) -> None:  # fmt: skip
    rng = random.Random(11)
    events = random_matches(1200, rng)
    # 300 duplicates right next to their original (same batch), 300 anywhere (mostly another
    # batch), and the order shuffled within windows so finish order and stream order differ.
    delivered: list[Envelope] = []
    for e in events:
        delivered += [e, e] if rng.random() < 0.25 else [e]
    delivered += rng.sample(events, 300)
    for i in range(0, len(delivered), 200):
        window = delivered[i : i + 200]
        rng.shuffle(window)
        delivered[i : i + 200] = window
    publisher.publish_many(delivered)

    # A consumer is handed a first batch, commits it, and dies before acknowledging it.
    crashing = big_consumer(client, redis_prefix, pool, name="crashing")
    [(_, entries)] = client.xreadgroup("scoring", "crashing", {crashing.stream: ">"}, count=BATCH)
    handed = [Message(i, Envelope.from_fields(f), 1) for i, f in entries]
    ScoringHandler(pool)(handed)
    assert group_backlog(client, crashing.stream, "scoring").pending == BATCH

    # Restarted under the same name, it drains its own pending first (the same batch, again),
    # then the rest.
    restarted = big_consumer(client, redis_prefix, pool, name="crashing")
    assert restarted.drain_pending() == BATCH
    drain(restarted)

    assert counts(migrated_db) == expected_counts(events)
    assert stored_ratings(migrated_db) == expected_ratings(events)
    assert dead_letters(client, restarted) == []
    assert group_backlog(client, restarted.stream, "scoring").pending == 0


def test_one_invalid_event_in_a_big_batch_is_dead_lettered_and_the_rest_stored(
    client: redis.Redis, redis_prefix: str, publisher: Publisher, pool: ConnectionPool,
    migrated_db: str,
) -> None:  # fmt: skip
    events = random_matches(BATCH, random.Random(12))
    liar = events[217]
    tampered = liar.model_copy(update={"payload": liar.payload | {"seed": "another seed"}})
    publisher.publish_many([tampered if e is liar else e for e in events])
    consumer = big_consumer(client, redis_prefix, pool)
    assert consumer.poll() == BATCH  # one read, one transaction

    good = [e for e in events if e is not liar]
    assert counts(migrated_db) == expected_counts(good)
    assert stored_ratings(migrated_db) == expected_ratings(good)
    [dead] = dead_letters(client, consumer)
    assert dead["reason"] == (
        "invalid table.finished payload: the revealed seed does not match its commitment"
    )
    assert json.loads(dead["entry"])["id"] == liar.id
    assert group_backlog(client, consumer.stream, "scoring").pending == 0


@pytest.mark.parametrize("max_deliveries", [1, 2])
def test_an_event_postgresql_refuses_does_not_lose_the_rest_of_its_big_batch(
    client: redis.Redis, redis_prefix: str, publisher: Publisher, pool: ConnectionPool,
    migrated_db: str, max_deliveries: int,
) -> None:  # fmt: skip
    events = random_matches(BATCH, random.Random(13))
    # Valid by the contract (detail is free-form), but jsonb cannot hold a NUL character:
    # the whole batch's transaction fails on it.
    poison = events[333]
    rounds = [r | {"detail": {"note": "nul \x00 here"}} for r in poison.payload["rounds"]]
    poisoned = poison.model_copy(update={"payload": poison.payload | {"rounds": rounds}})
    publisher.publish_many([poisoned if e is poison else e for e in events])
    consumer = big_consumer(
        client, redis_prefix, pool, max_deliveries=max_deliveries, claim_idle_ms=20
    )
    consumer.poll()

    good = [e for e in events if e is not poison]
    assert counts(migrated_db) == expected_counts(good)
    assert stored_ratings(migrated_db) == expected_ratings(good)
    backlog = group_backlog(client, consumer.stream, "scoring")
    if max_deliveries > 1:  # it stays pending, is reclaimed, and fails for good
        assert (backlog.pending, dead_letters(client, consumer)) == (1, [])
        for _ in range(max_deliveries - 1):
            consumer.wait(0.03)
            consumer.reclaim()
    [dead] = dead_letters(client, consumer)
    assert dead["reason"].startswith(f"handler failed {max_deliveries} times, last with ")
    assert "unsupported Unicode escape sequence" in dead["reason"]
    assert json.loads(dead["entry"])["id"] == poison.id
    assert group_backlog(client, consumer.stream, "scoring").pending == 0
    with psycopg.connect(migrated_db) as conn:
        assert conn.execute(
            "SELECT count(*) FROM scoring.events WHERE event_id = %s", (poison.id,)
        ).fetchone() == (0,)


def test_two_consumers_write_in_stream_order_so_nothing_is_rated_twice(
    client: redis.Redis, redis_prefix: str, publisher: Publisher, migrated_db: str
) -> None:
    from prometheus_client import REGISTRY

    def rerated() -> float:
        return REGISTRY.get_sample_value("inferno_scoring_rerated_matches_total") or 0.0

    events = random_matches(1500, random.Random(14))  # published in finish order
    publisher.publish_many(events)
    pools = [make_pool(migrated_db, size=1) for _ in range(2)]
    seen = [0, 0]
    consumers = []
    for i, pool in enumerate(pools):
        handler = ScoringHandler(pool)
        consumer = big_consumer(client, redis_prefix, pool, name=f"c{i}")
        consumer.batch_size = 100  # many batches, so the two interleave

        def handle(messages, handler=handler, i=i) -> dict[str, str]:
            seen[i] += len(messages)
            if i == 0:
                time.sleep(0.05)  # slower to prepare: its older batches would land late
            return handler(messages)

        consumer.handler = handle
        # As the service wires it; a long bound so a loaded machine does not reorder.
        handler.wait_turn = partial(consumer.wait_for_older, timeout_s=60)
        consumers.append(consumer)
    before = rerated()
    threads = [threading.Thread(target=drain, args=(c,)) for c in consumers]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=240)
    finally:
        for pool in pools:
            pool.close()
    assert min(seen) > 0 and sum(seen) == len(events)  # both took a share of the work
    assert rerated() == before  # each batch written after every older one
    assert counts(migrated_db) == expected_counts(events)
    assert stored_ratings(migrated_db) == expected_ratings(events)


def test_round_rows_already_stored_from_round_events_are_not_written_twice(
    client: redis.Redis, redis_prefix: str, publisher: Publisher, pool: ConnectionPool,
    migrated_db: str,
) -> None:  # fmt: skip
    from prometheus_client import REGISTRY

    consumer = big_consumer(client, redis_prefix, pool)
    labels = {"stream": consumer.stream, "group": "scoring", "outcome": "failed"}

    def failures() -> float:
        return REGISTRY.get_sample_value("inferno_bus_messages_total", labels) or 0.0

    events = random_matches(40, random.Random(15))
    early, late = events[7], events[31]

    def round_event(match: Envelope, number: int) -> Envelope:
        r = match.payload["rounds"][number - 1]
        totals = [sum(x["points"][s] for x in match.payload["rounds"][:number]) for s in
                  range(len(match.payload["seats"]))]  # fmt: skip
        return Envelope.new(
            EventType.ROUND_SCORED, table=match.table, version=number,
            id=event_id(match.table, number, EventType.ROUND_SCORED),
            payload={"game": "oh_hell", "round": number, "points": r["points"],
                     "scores": totals, "detail": r["detail"]},
        )  # fmt: skip

    before = failures()
    publisher.publish_many([round_event(early, 1), round_event(early, 2)])  # stored first
    drain(consumer)
    publisher.publish_many([*events, round_event(late, 3)])  # same batch as its match
    drain(consumer)

    assert failures() == before  # no insert ran into rows already there
    assert counts(migrated_db) == expected_counts(events) | {"events": len(events) + 3}
    with psycopg.connect(migrated_db) as conn:
        stored = conn.execute(
            "SELECT table_id, round, points, scores FROM scoring.rounds"
            " WHERE table_id = ANY(%s) ORDER BY 1, 2",
            ([early.table, late.table],),
        ).fetchall()
    expected = []
    for match in (early, late):
        running = [0] * len(match.payload["seats"])
        for r in match.payload["rounds"]:
            running = [a + b for a, b in zip(running, r["points"], strict=True)]
            expected.append((match.table, r["number"], r["points"], running))
    assert stored == expected
