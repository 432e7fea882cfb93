"""Quick play: humans matched first, bots after the wait, rating-aware grouping."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno_lobby.matchmaking import pick_group

from .conftest import bearer, snapshot
from .engine_double import InProcessEngine


def guest(client: TestClient, name: str) -> dict[str, Any]:
    answer = client.post("/auth/guest", json={"display_name": name})
    assert answer.status_code == 201
    return answer.json()


def wait_until_seated(client: TestClient, tokens: dict[str, Any], seconds: float) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ticket = client.get("/quickplay", headers=bearer(tokens)).json()
        if ticket["status"] == "seated":
            return ticket
        time.sleep(0.05)
    raise AssertionError(f"not seated after {seconds} s: {ticket}")


def test_four_guests_make_one_table_of_four(
    make_client, engine: InProcessEngine, lobby_db: str
) -> None:
    client = make_client(quickplay_bot_wait_seconds=60)
    guests = [guest(client, name) for name in ("Paolo", "Francesca", "Ulisse", "Diomede")]
    tickets = [
        client.post("/quickplay", json={"game": "oh_hell", "players": 4}, headers=bearer(g))
        for g in guests
    ]
    assert [t.status_code for t in tickets] == [202] * 4
    assert [t.json()["status"] for t in tickets] == ["waiting"] * 3 + ["seated"]
    tables = {wait_until_seated(client, g, 2)["table_id"] for g in guests}
    assert len(tables) == 1
    (table_id,) = tables
    held = engine.tables[table_id]
    assert sorted(s.player_id for s in held.seats) == sorted(g["account"]["id"] for g in guests)
    assert not any(s.bot for s in held.seats)
    assert [s.name for s in held.seats] == ["Paolo", "Francesca", "Ulisse", "Diomede"]
    table = client.get(f"/tables/{table_id}", headers=bearer(guests[0])).json()
    assert (table["status"], table["quick_play"], table["open_seats"]) == ("started", True, 0)
    assert len(snapshot(lobby_db)["tables"]) == 1


def test_a_lone_guest_gets_bots_after_the_wait(make_client, engine: InProcessEngine) -> None:
    client = make_client(quickplay_bot_wait_seconds=0.5, quickplay_sweep_seconds=0.05)
    alone = guest(client, "Farinata")
    asked = time.monotonic()
    ticket = client.post(
        "/quickplay", json={"game": "oh_hell", "players": 3}, headers=bearer(alone)
    )
    assert ticket.json()["status"] == "waiting"
    seated = wait_until_seated(client, alone, 5)
    assert time.monotonic() - asked >= 0.45  # not before the wait
    held = engine.tables[seated["table_id"]]
    assert [(s.player_id, s.bot) for s in held.seats] == [
        (alone["account"]["id"], False),
        (f"bot:{seated['table_id']}:1", True),
        (f"bot:{seated['table_id']}:2", True),
    ]


def test_queues_are_per_game_and_player_count(make_client, engine: InProcessEngine) -> None:
    client = make_client(quickplay_bot_wait_seconds=60)
    three = [guest(client, f"three{n}") for n in range(2)]
    four = [guest(client, f"four{n}") for n in range(2)]
    for g in three:
        client.post("/quickplay", json={"game": "oh_hell", "players": 3}, headers=bearer(g))
    for g in four:
        client.post("/quickplay", json={"game": "oh_hell", "players": 4}, headers=bearer(g))
    time.sleep(0.3)  # a few sweeps: nobody may be matched across queues
    assert engine.tables == {}
    statuses = {client.get("/quickplay", headers=bearer(g)).json()["status"] for g in three + four}
    assert statuses == {"waiting"}


def test_leave_the_queue(make_client, engine: InProcessEngine) -> None:
    client = make_client(quickplay_bot_wait_seconds=0.3, quickplay_sweep_seconds=0.05)
    g = guest(client, "Capaneo")
    client.post("/quickplay", json={"game": "oh_hell", "players": 3}, headers=bearer(g))
    assert client.delete("/quickplay", headers=bearer(g)).status_code == 204
    time.sleep(0.6)
    assert engine.tables == {}
    assert client.get("/quickplay", headers=bearer(g)).status_code == 404
    assert client.delete("/quickplay", headers=bearer(g)).status_code == 404


def test_queueing_twice_is_409(client: TestClient, lobby_db: str) -> None:
    g = guest(client, "Pier")
    body = {"game": "oh_hell", "players": 5}
    assert client.post("/quickplay", json=body, headers=bearer(g)).status_code == 202
    before = snapshot(lobby_db)
    again = client.post("/quickplay", json={"game": "oh_hell", "players": 3}, headers=bearer(g))
    assert (again.status_code, again.json()["code"]) == (409, "already_queued")
    assert client.get("/quickplay", headers=bearer(g)).json()["players"] == 5
    assert snapshot(lobby_db) == before


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"game": "snakes", "players": 4}, ["body", "game"]),
        ({"game": "oh_hell", "players": 2}, ["body", "players"]),
    ],
)
def test_quick_play_for_a_game_that_cannot_be_played_is_422(
    client: TestClient, body: dict[str, Any], loc: list[str]
) -> None:
    g = guest(client, "Pier")
    answer = client.post("/quickplay", json=body, headers=bearer(g))
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == loc
    assert client.get("/quickplay", headers=bearer(g)).status_code == 404


def test_engine_failure_keeps_players_in_the_queue(make_client, engine: InProcessEngine) -> None:
    client = make_client(quickplay_bot_wait_seconds=60)
    engine.fail_with = "the engine is restarting"
    guests = [guest(client, f"g{n}") for n in range(3)]
    for g in guests:
        client.post("/quickplay", json={"game": "oh_hell", "players": 3}, headers=bearer(g))
    assert engine.calls  # it was asked, and failed
    assert {client.get("/quickplay", headers=bearer(g)).json()["status"] for g in guests} == {
        "waiting"
    }
    engine.fail_with = None
    tables = {wait_until_seated(client, g, 3)["table_id"] for g in guests}
    assert len(tables) == 1


class KnownRatings:
    """Stands in for scoring's read API: fixed ratings by player id."""

    def __init__(self) -> None:
        self.by_player: dict[str, float] = {}
        self.asked: list[str] = []

    async def ratings(self, game: str, player_ids: Sequence[str]) -> dict[str, float]:
        self.asked.append(game)
        return {p: self.by_player[p] for p in player_ids if p in self.by_player}


def test_a_crowded_queue_is_matched_by_rating(make_client, engine: InProcessEngine) -> None:
    ratings = KnownRatings()
    client = make_client(ratings, quickplay_bot_wait_seconds=60)
    engine.fail_with = "down for a moment"  # lets the queue grow past one table
    players = {name: guest(client, name) for name in ("old", "weak", "near", "close")}
    for name, rating in (("old", 1500), ("weak", 700), ("near", 1480), ("close", 1530)):
        ratings.by_player[players[name]["account"]["id"]] = rating
    for g in players.values():
        client.post("/quickplay", json={"game": "oh_hell", "players": 3}, headers=bearer(g))
    engine.fail_with = None
    seated = wait_until_seated(client, players["old"], 3)
    held = engine.tables[seated["table_id"]]
    assert sorted(s.name for s in held.seats) == ["close", "near", "old"]
    assert client.get("/quickplay", headers=bearer(players["weak"])).json()["status"] == "waiting"
    assert "oh_hell" in ratings.asked


def test_pick_group_first_come_first_served_without_ratings() -> None:
    assert pick_group(["a", "b", "c", "d", "e"], 3, {}) == ["a", "b", "c"]
    assert pick_group(["a", "b"], 3, {}) == ["a", "b"]


def test_pick_group_seats_the_oldest_with_the_closest_ratings() -> None:
    ratings = {"a": 1500, "b": 900, "c": 1490, "d": 2100, "e": 1520}
    assert pick_group(["a", "b", "c", "d", "e"], 3, ratings) == ["a", "c", "e"]
    # An unrated newcomer counts as the anchor's rating, so they are never left out for long.
    assert pick_group(["a", "b", "x", "d"], 2, ratings) == ["a", "x"]
