"""An Inferno (2005) match, played to the end by the rules core, stored and rated by scoring:
penalty points per round, and the ranking by the lowest total (the rules' own ranking)."""

from __future__ import annotations

import psycopg
from fastapi.testclient import TestClient
from psycopg_pool import ConnectionPool

from inferno_bus import Consumer, Envelope, EventType, Publisher
from inferno_rules import commitment, get_game
from inferno_scoring.api import create_app

from .conftest import drain, event_id


def inferno_finished(table: str, players: list[str], seed: str) -> tuple[Envelope, object]:
    game = get_game("inferno")
    state = game.new_game(len(players), {}, seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.default_action(state, seat)).state
    result = game.result(state)
    assert result is not None and result.lower_score_wins
    payload = {
        "game": "inferno",
        "seats": [
            {"seat": i, "player_id": p, "name": p, "bot": False, "abandoned": False}
            for i, p in enumerate(players)
        ],
        "scores": list(result.scores),
        "ranking": list(result.ranking),
        "winners": list(result.winners),
        "lower_score_wins": True,
        "rounds": [
            {"number": r.number, "points": list(r.points), "detail": r.detail}
            for r in result.rounds
        ],
        "seed": seed,
        "seed_commitment": commitment(seed),
        "finished_at": 1_800_000_000_000,
    }
    envelope = Envelope.new(
        EventType.TABLE_FINISHED,
        table=table,
        version=500,
        payload=payload,
        id=event_id(table, 500, EventType.TABLE_FINISHED),
    )
    return envelope, result


def test_an_inferno_match_is_stored_with_penalty_rounds_and_lowest_total_first(
    publisher: Publisher, consumer: Consumer, pool: ConnectionPool, migrated_db: str
) -> None:
    players = ["ann", "bert", "chris", "irene"]
    envelope, result = inferno_finished("inf-1", players, "inferno-scoring-seed")
    publisher.publish_many([envelope])
    drain(consumer)
    with TestClient(create_app(pool, lambda: {"postgresql": "ok"})) as client:
        match = client.get("/matches/inf-1").json()
        board = client.get("/games/inferno/leaderboard").json()
    assert match["game"] == "inferno"
    assert match["seed"] == "inferno-scoring-seed"
    by_seat = {p["seat"]: p for p in match["participants"]}
    for seat in range(4):
        assert by_seat[seat]["score"] == result.scores[seat]
        assert by_seat[seat]["rank"] == result.ranking[seat]
    assert len(match["rounds"]) == len(result.rounds)
    best = min(result.scores)
    winner = next(s for s in range(4) if result.scores[s] == best and result.ranking[s] == 1)
    assert board["entries"][0]["player_id"] == players[winner]
    with psycopg.connect(migrated_db) as conn:
        (games,) = conn.execute(
            "SELECT count(*) FROM scoring.ratings WHERE game = 'inferno'"
        ).fetchone()
    assert games == 4
