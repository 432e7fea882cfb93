"""The scoring consumer turns finished matches into rows exactly once, whatever the delivery:
duplicates, any order, malformed events in between; ratings are those of applying every
result once in order of finish, as openskill computes them directly."""

from __future__ import annotations

import random

import psycopg
import redis
from openskill.models import PlackettLuce

from inferno_bus import Consumer, Envelope, EventType, Publisher, group_backlog, stream_key

from .conftest import (
    counts,
    drain,
    event_id,
    expected_ratings,
    finished,
    random_matches,
    stored_ratings,
)


def test_a_thousand_matches_with_duplicates_out_of_order_are_stored_exactly_once(
    publisher: Publisher, consumer: Consumer, migrated_db: str, client: redis.Redis
) -> None:
    rng = random.Random(4)
    events = random_matches(1000, rng)
    delivered = events + rng.sample(events, 300)  # 300 duplicates
    rng.shuffle(delivered)
    publisher.publish_many(delivered)
    drain(consumer)

    assert counts(migrated_db) == {
        "events": 1000,
        "matches": 1000,
        "participants": sum(len(e.payload["seats"]) for e in events),
        "rounds": 3000,
        "ratings": len({s["player_id"] for e in events for s in e.payload["seats"]}),
    }
    assert stored_ratings(migrated_db) == expected_ratings(events)
    assert group_backlog(client, consumer.stream, "scoring").pending == 0
    assert client.xlen(stream_key(consumer.stream.removesuffix("bus:tables"), "dead_letter")) == 0

    # Everything delivered once more, in yet another order: nothing changes.
    before = stored_ratings(migrated_db)
    again = events[:]
    rng.shuffle(again)
    publisher.publish_many(again)
    drain(consumer)
    assert counts(migrated_db)["matches"] == 1000
    assert stored_ratings(migrated_db) == before


def test_every_participant_row_holds_its_rating_before_and_after(
    publisher: Publisher, consumer: Consumer, migrated_db: str
) -> None:
    events = random_matches(60, random.Random(9))
    late = events[5]
    publisher.publish_many([e for e in events if e is not late])
    drain(consumer)
    from prometheus_client import REGISTRY

    def sample(name: str) -> float:
        return REGISTRY.get_sample_value(name) or 0.0

    before = sample("inferno_scoring_rerated_matches_total")
    publisher.publish(late)  # arrives after 54 later matches were rated
    drain(consumer)
    assert sample("inferno_scoring_rerated_matches_total") - before == 54
    with psycopg.connect(migrated_db) as conn:
        rows = conn.execute(
            "SELECT p.player_id, p.mu_before, p.sigma_before, p.mu_after, p.sigma_after "
            "FROM scoring.participants p JOIN scoring.matches m USING (table_id) "
            "ORDER BY m.finished_at_ms, m.table_id"
        ).fetchall()
    # Each player's chain links up: a match starts from the rating the previous one left.
    last: dict[str, tuple[float, float]] = {}
    model = PlackettLuce()
    for player, mu0, s0, mu1, s1 in rows:
        assert (mu0, s0) == last.get(player, (model.mu, model.sigma))
        last[player] = (mu1, s1)
    assert {p: (mu, s) for p, (mu, s, _) in stored_ratings(migrated_db).items()} == last


def test_ratings_equal_what_openskill_computes_for_the_same_results(
    publisher: Publisher, consumer: Consumer, migrated_db: str
) -> None:
    events = [
        finished("a", 1000, ["ann", "bob", "cid", "bot1"], [1, 2, 3, 4]),
        finished("b", 2000, ["bob", "ann", "dee"], [1, 1, 3]),  # a tie for first
        finished("c", 3000, ["cid", "dee", "ann", "bot1"], [2, 1, 4, 3]),
    ]
    publisher.publish_many(events)
    drain(consumer)
    model = PlackettLuce()
    r = {p: model.rating() for p in ("ann", "bob", "cid", "dee", "bot1")}
    for seats, ranks in (
        (["ann", "bob", "cid", "bot1"], [1, 2, 3, 4]),
        (["bob", "ann", "dee"], [1, 1, 3]),
        (["cid", "dee", "ann", "bot1"], [2, 1, 4, 3]),
    ):
        rated = model.rate([[r[p]] for p in seats], ranks=ranks)
        for p, team in zip(seats, rated, strict=True):
            r[p] = team[0]
    stored = stored_ratings(migrated_db)
    assert {p: (mu, s) for p, (mu, s, _) in stored.items()} == {
        p: (x.mu, x.sigma) for p, x in r.items()
    }
    assert stored["ann"][2] == 3 and stored["bot1"][2] == 2  # bots are rated too


def test_a_seat_that_abandoned_ranks_last(
    publisher: Publisher, consumer: Consumer, migrated_db: str
) -> None:
    # ann led on points but left; she is rated below everyone who stayed.
    publisher.publish(finished("x", 1000, ["ann", "bob", "cid"], [1, 2, 3], abandoned=[0]))
    drain(consumer)
    with psycopg.connect(migrated_db) as conn:
        ranks = conn.execute(
            "SELECT player_id, reported_rank, rank FROM scoring.participants ORDER BY seat"
        ).fetchall()
    assert ranks == [("ann", 1, 4), ("bob", 2, 2), ("cid", 3, 3)]
    stored = stored_ratings(migrated_db)
    assert stored["ann"][0] < stored["cid"][0] < stored["bob"][0]
    model = PlackettLuce()
    direct = model.rate([[model.rating()] for _ in range(3)], ranks=[4, 2, 3])
    assert stored["ann"][:2] == (direct[0][0].mu, direct[0][0].sigma)


def dead_letters(client: redis.Redis, consumer: Consumer) -> list[dict[str, str]]:
    return [f for _, f in client.xrange(consumer.dead_letter_stream)]


def test_a_malformed_event_is_dead_lettered_with_the_reason_and_the_next_one_stored(
    publisher: Publisher, consumer: Consumer, migrated_db: str, client: redis.Redis
) -> None:
    good = finished("good", 2000, ["ann", "bob"], [1, 2])
    bad_seed = finished("liar", 1000, ["ann", "bob"], [2, 1])
    tampered = bad_seed.payload | {"seed": "not the seed that was committed"}
    short = finished("short", 1500, ["ann", "bob", "cid"], [1, 2, 3])
    publisher.publish_many(
        [
            bad_seed.model_copy(update={"payload": tampered}),
            short.model_copy(update={"payload": short.payload | {"ranking": [1, 2]}}),
            good,
        ]
    )
    client.xadd(publisher.stream, {"type": "table.finished", "payload": "{"})
    publisher.publish(finished("after", 3000, ["bob", "cid"], [1, 2]))
    drain(consumer)

    reasons = [d["reason"] for d in dead_letters(client, consumer)]
    assert reasons[0] == (
        "invalid table.finished payload: the revealed seed does not match its commitment"
    )
    assert reasons[1] == "invalid table.finished payload: ranking has 2 entries for 3 seats"
    assert reasons[2].startswith("malformed envelope:")
    assert len(reasons) == 3
    with psycopg.connect(migrated_db) as conn:
        tables = conn.execute("SELECT table_id FROM scoring.matches ORDER BY 1").fetchall()
    assert tables == [("after",), ("good",)]


def test_a_second_result_for_the_same_table_is_dead_lettered_not_stored(
    publisher: Publisher, consumer: Consumer, migrated_db: str, client: redis.Redis
) -> None:
    first = finished("dup", 1000, ["ann", "bob"], [1, 2])
    other = finished("dup", 1000, ["ann", "bob"], [2, 1], version=101)
    publisher.publish(first)
    drain(consumer)
    publisher.publish(other)
    drain(consumer)
    [dead] = dead_letters(client, consumer)
    assert dead["reason"] == ("table dup already has a result from another event; not stored twice")
    with psycopg.connect(migrated_db) as conn:
        assert conn.execute("SELECT event_id FROM scoring.matches").fetchall() == [(first.id,)]
        assert conn.execute("SELECT count(*) FROM scoring.events").fetchone()[0] == 1


def test_round_scores_are_stored_once_from_either_event(
    publisher: Publisher, consumer: Consumer, migrated_db: str
) -> None:
    match = finished("r", 5000, ["ann", "bob", "cid"], rounds=2)
    first = match.payload["rounds"][0]
    scored = Envelope.new(
        EventType.ROUND_SCORED,
        table="r",
        version=40,
        id=event_id("r", 40, EventType.ROUND_SCORED),
        payload={
            "game": "oh_hell",
            "round": 1,
            "points": first["points"],
            "scores": first["points"],
            "detail": first["detail"],
        },
    )
    others = [
        Envelope.new(EventType.TABLE_CREATED, table="r", version=1, payload={"game": "oh_hell"}),
        Envelope.new(EventType.TABLE_ABORTED, table="z", version=3, payload={"reason": "x"}),
    ]
    publisher.publish_many([*others, scored, scored, match, scored])
    drain(consumer)
    with psycopg.connect(migrated_db) as conn:
        rounds = conn.execute(
            "SELECT round, points, scores FROM scoring.rounds ORDER BY round"
        ).fetchall()
    points = [r["points"] for r in match.payload["rounds"]]
    totals = [a + b for a, b in zip(points[0], points[1], strict=True)]
    assert rounds == [(1, points[0], points[0]), (2, points[1], totals)]
    assert totals == match.payload["scores"]


def test_any_player_name_and_detail_survive_storage(
    publisher: Publisher, consumer: Consumer, migrated_db: str
) -> None:
    names = ['Ann "the Hammer" O\'Neil', "back\\slash, {brace}", "NULL", "Zoë 🂡 , ; \t x", ""]
    event = finished("odd", 1000, [f"id-{i}" for i in range(5)], rounds=1)
    payload = event.payload
    seats = [{**s, "name": names[s["seat"]]} for s in payload["seats"]]
    detail = {"note": 'quote " and \\ and {}', "nested": [1, {"a": None}]}
    rounds = [{**payload["rounds"][0], "detail": detail}]
    publisher.publish(
        event.model_copy(update={"payload": payload | {"seats": seats, "rounds": rounds}})
    )
    drain(consumer)
    with psycopg.connect(migrated_db) as conn:
        stored = conn.execute("SELECT name FROM scoring.participants ORDER BY seat").fetchall()
        ranked = conn.execute("SELECT name FROM scoring.ratings ORDER BY player_id").fetchall()
        [(stored_detail,)] = conn.execute("SELECT detail FROM scoring.rounds").fetchall()
    assert [n for (n,) in stored] == names
    assert [n for (n,) in ranked] == names
    assert stored_detail == detail


def test_two_consumers_of_the_group_rate_exactly_as_one(
    publisher: Publisher, migrated_db: str, client: redis.Redis, redis_prefix: str
) -> None:
    import threading

    from inferno_scoring.db import UNAVAILABLE, make_pool
    from inferno_scoring.handler import ScoringHandler

    rng = random.Random(21)
    events = random_matches(600, rng)
    delivered = events + rng.sample(events, 100)
    rng.shuffle(delivered)
    publisher.publish_many(delivered)
    pools = [make_pool(migrated_db, size=1) for _ in range(2)]
    seen = [0, 0]

    def counting(i: int, handler: ScoringHandler):
        def handle(messages):
            seen[i] += len(messages)
            return handler(messages)

        return handle

    consumers = [
        Consumer(
            client, redis_prefix, "scoring", f"c{i}", counting(i, ScoringHandler(pool)),
            batch_size=50, block_ms=10, transient=UNAVAILABLE,
        )
        for i, pool in enumerate(pools)
    ]  # fmt: skip
    consumers[0].ensure_group()
    threads = [threading.Thread(target=drain, args=(c,)) for c in consumers]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
    finally:
        for pool in pools:
            pool.close()
    assert min(seen) > 0 and sum(seen) >= len(delivered)  # both took a share of the work
    assert group_backlog(client, consumers[0].stream, "scoring").pending == 0
    assert counts(migrated_db)["matches"] == 600
    assert stored_ratings(migrated_db) == expected_ratings(events)
