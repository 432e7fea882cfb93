"""Issue 22.6: a result is stored and rated at once, but the public read API shows it only once
the table's spectators have seen the end (finished_at + spectator_delay_seconds): not in the
match view, nor a player's history, nor the leaderboards (ratings as before the hidden match).
A missing delay counts as 0."""

from __future__ import annotations

import time

import psycopg
from fastapi.testclient import TestClient
from psycopg_pool import ConnectionPool

from inferno_bus import Consumer, Publisher
from inferno_scoring.api import create_app

from .conftest import drain, finished

DELAY = 2


def delayed(table: str, finished_at: int, players: list[str], delay: int) -> object:
    event = finished(table, finished_at, players)
    event.payload["spectator_delay_seconds"] = delay
    return event


def test_a_result_is_hidden_until_the_spectator_delay_has_passed(
    publisher: Publisher, consumer: Consumer, pool: ConnectionPool, migrated_db: str
) -> None:
    now = int(time.time() * 1000)
    # ann and bob played before (no delay field: visible at once); then a delayed match.
    publisher.publish(finished("before", now - 60_000, ["ann", "bob", "cid"]))
    drain(consumer)
    client = TestClient(create_app(pool, dict))
    board_before = client.get("/games/oh_hell/leaderboard").json()
    publisher.publish(delayed("late", now, ["ann", "bob", "dee"], DELAY))
    drain(consumer)
    stored_at = time.monotonic()

    # Stored and rated at once…
    with psycopg.connect(migrated_db) as conn:
        (rated,) = conn.execute(
            "SELECT count(*) FROM scoring.participants WHERE table_id = 'late'"
            " AND mu_after IS NOT NULL"
        ).fetchone()
        (dee,) = conn.execute(
            "SELECT count(*) FROM scoring.ratings WHERE player_id = 'dee'"
        ).fetchone()
    assert (rated, dee) == (3, 1)

    # …but not shown: the match, the histories, the boards (as before the match).
    assert client.get("/matches/late").status_code == 404
    assert client.get("/matches/late").json() == {
        "detail": "no finished match at table 'late'",
        "code": "not_found",
    }
    ann = client.get("/players/ann/matches").json()
    assert [m["table_id"] for m in ann["matches"]] == ["before"] and ann["total"] == 1
    assert client.get("/players/dee/matches").status_code == 404
    board = client.get("/games/oh_hell/leaderboard").json()
    assert board == board_before  # same ratings, same counts, dee absent
    around = client.get("/games/oh_hell/leaderboard/around/ann", params={"radius": 5}).json()
    assert around == board_before
    assert client.get("/games/oh_hell/leaderboard/around/dee").status_code == 404
    assert time.monotonic() - stored_at < DELAY, "the machine was too slow to check in time"

    # Once the delay has passed, everything shows it.
    time.sleep(max(0.0, now / 1000 + DELAY - time.time()) + 0.05)
    match = client.get("/matches/late")
    assert match.status_code == 200 and match.json()["seed"]
    assert [m["table_id"] for m in client.get("/players/ann/matches").json()["matches"]] == [
        "late",
        "before",
    ]
    board_after = client.get("/games/oh_hell/leaderboard").json()
    assert {e["player_id"] for e in board_after["entries"]} == {"ann", "bob", "cid", "dee"}
    assert board_after != board_before


def test_ratings_moved_by_a_hidden_match_are_hidden_in_later_visible_ones(
    publisher: Publisher, consumer: Consumer, pool: ConnectionPool
) -> None:
    now = int(time.time() * 1000)
    publisher.publish(finished("first", now - 60_000, ["ann", "bob", "cid"]))
    # ann's match 2 s ago is hidden for a minute; her next one, a second later, has no delay.
    publisher.publish(delayed("hidden", now - 2_000, ["ann", "bob", "dee"], 60))
    publisher.publish(finished("open", now - 1_000, ["ann", "cid", "eve"]))
    drain(consumer)
    client = TestClient(create_app(pool, dict))
    history = client.get("/players/ann/matches").json()["matches"]
    assert [m["table_id"] for m in history] == ["open", "first"]
    assert (history[0]["rating_before"], history[0]["rating_after"]) == (None, None)
    assert history[1]["rating_after"] is not None
    seats = {p["player_id"]: p for p in client.get("/matches/open").json()["participants"]}
    assert seats["ann"]["mu_before"] is None and seats["ann"]["mu_after"] is None
    assert seats["cid"]["mu_after"] is not None  # cid has no hidden match
    entries = {
        e["player_id"]: e for e in client.get("/games/oh_hell/leaderboard").json()["entries"]
    }
    assert entries["ann"]["matches"] == 1  # only "first" counts for now
    assert "dee" not in entries
