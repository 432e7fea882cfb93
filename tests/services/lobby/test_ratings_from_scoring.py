"""Quick play reads ratings from scoring's real read API (in-process over ASGI, real PostgreSQL)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from psycopg_pool import ConnectionPool

from inferno_bus import Envelope, EventType
from inferno_lobby.ratings_http import ScoringRatings
from inferno_rules import commitment, new_seed
from inferno_scoring.api import create_app
from inferno_scoring.db import make_pool, migrate
from inferno_scoring.events import parse
from inferno_scoring.store import store_batch


def finished_match(table: str, players: list[str], scores: list[int]) -> Envelope:
    seed = new_seed()
    ranking = [1 + sum(1 for o in scores if o > s) for s in scores]
    return Envelope.new(
        EventType.TABLE_FINISHED,
        table=table,
        version=9,
        payload={
            "game": "oh_hell",
            "seats": [
                {"seat": i, "player_id": p, "name": p, "bot": False, "abandoned": False}
                for i, p in enumerate(players)
            ],
            "scores": scores,
            "ranking": ranking,
            "winners": [i for i, r in enumerate(ranking) if r == 1],
            "lower_score_wins": False,
            "rounds": [{"number": 1, "points": scores, "detail": {}}],
            "seed": seed,
            "seed_commitment": commitment(seed),
            "finished_at": 1_700_000_000_000,
        },
    )


@pytest.fixture
def scoring_pool(database_url: str) -> Iterator[ConnectionPool]:
    migrate(database_url)
    pool = make_pool(database_url, size=2)
    yield pool
    pool.close()


def test_ratings_come_from_scoring_and_unrated_players_are_left_out(
    scoring_pool: ConnectionPool,
) -> None:
    match = parse(finished_match("t1", ["ann", "bert", "chris"], [30, 20, 10]))
    assert match is not None
    store_batch(scoring_pool, [match])
    app = create_app(scoring_pool, readiness=lambda: {})
    source = ScoringRatings("http://scoring", transport=httpx.ASGITransport(app=app))
    found = asyncio.run(source.ratings("oh_hell", ["ann", "chris", "nobody"]))
    assert set(found) == {"ann", "chris"}
    assert found["ann"] > found["chris"]  # the winner is rated above the last


def test_scoring_unreachable_means_no_ratings_not_an_error() -> None:
    source = ScoringRatings("http://127.0.0.1:9", timeout_seconds=0.5)
    assert asyncio.run(source.ratings("oh_hell", ["ann"])) == {}
