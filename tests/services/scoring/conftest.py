"""Fixtures of the scoring tests: a migrated database, a pool, event builders, a consumer."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence

import pytest
import redis
from inferno_bus import Consumer, Envelope, EventType, Publisher
from inferno_rules import commitment, new_seed, rank_seats
from inferno_scoring.db import UNAVAILABLE, make_pool, migrate
from inferno_scoring.handler import ScoringHandler
from psycopg_pool import ConnectionPool


def event_id(table: str, version: int, type: EventType) -> str:
    """The deterministic id of the bus contract (docs/events.md)."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"{table}:{version}:{type.value}").hex


def finished(
    table: str,
    finished_at: int,
    players: Sequence[str],
    ranking: Sequence[int] | None = None,
    *,
    abandoned: Sequence[int] = (),
    game: str = "oh_hell",
    rounds: int = 2,
    version: int = 100,
) -> Envelope:
    """A ``table.finished`` event with consistent scores, rounds and a real seed; the ranking
    follows the scores unless given."""
    n = len(players)
    rng = random.Random(table)
    per_round = [[rng.randint(0, 12) for _ in range(n)] for _ in range(rounds)]
    scores = [sum(r[i] for r in per_round) for i in range(n)]
    ranking = list(ranking) if ranking is not None else list(rank_seats(scores, False))
    seed = new_seed()
    payload = {
        "game": game,
        "seats": [
            {
                "seat": i,
                "player_id": p,
                "name": p.title(),
                "bot": p.startswith("bot"),
                "abandoned": i in abandoned,
            }
            for i, p in enumerate(players)
        ],
        "scores": scores,
        "ranking": list(ranking),
        "winners": [i for i, r in enumerate(ranking) if r == 1],
        "lower_score_wins": False,
        "rounds": [
            {"number": k + 1, "points": pts, "detail": {"tricks": pts}}
            for k, pts in enumerate(per_round)
        ],
        "seed": seed,
        "seed_commitment": commitment(seed),
        "finished_at": finished_at,
    }
    return Envelope.new(
        EventType.TABLE_FINISHED,
        table=table,
        version=version,
        payload=payload,
        id=event_id(table, version, EventType.TABLE_FINISHED),
    )


@pytest.fixture
def migrated_db(database_url: str) -> str:
    migrate(database_url)
    return database_url


@pytest.fixture
def pool(migrated_db: str) -> Iterator[ConnectionPool]:
    p = make_pool(migrated_db, size=2, timeout=5)
    p.wait()
    yield p
    p.close()


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    c = redis.Redis.from_url(redis_url, decode_responses=True)
    yield c
    c.close()


@pytest.fixture
def publisher(client: redis.Redis, redis_prefix: str) -> Publisher:
    return Publisher(client, redis_prefix)


@pytest.fixture
def consumer(client: redis.Redis, redis_prefix: str, pool: ConnectionPool) -> Consumer:
    c = Consumer(
        client,
        redis_prefix,
        "scoring",
        "test",
        ScoringHandler(pool),
        block_ms=10,
        transient=UNAVAILABLE,
    )
    c.ensure_group()
    return c


def drain(consumer: Consumer) -> None:
    """Poll until the stream has nothing new for the group."""
    while consumer.poll(block_ms=10):
        pass
