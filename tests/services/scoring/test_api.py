"""The read API: leaderboards (paged and around a player), history, one match; clear 404s and
422s for what does not exist or makes no sense; health, readiness and metrics."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg_pool import ConnectionPool

from inferno_bus import Consumer, Publisher
from inferno_scoring.api import create_app

from .conftest import drain, finished

PLAYERS = ["ann", "bob", "cid", "dee", "eve", "bot1"]


@pytest.fixture
def api(
    publisher: Publisher, consumer: Consumer, pool: ConnectionPool
) -> Iterator[tuple[TestClient, dict]]:
    checks = {"postgresql": "ok", "redis": "ok"}
    events = [
        finished(f"m{i}", 1000 * (i + 1), PLAYERS[i % 3 : i % 3 + 4], rounds=2) for i in range(8)
    ]
    publisher.publish_many(events)
    drain(consumer)
    with TestClient(create_app(pool, lambda: dict(checks))) as client:
        yield client, {"events": events, "checks": checks}


def board_order(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT player_id FROM scoring.ratings WHERE NOT bot "
            "ORDER BY mu - 3 * sigma DESC, player_id"
        ).fetchall()
    return [p for (p,) in rows]


def test_leaderboard_pages(api, migrated_db: str) -> None:
    client, _ = api
    order = board_order(migrated_db)
    first = client.get("/games/oh_hell/leaderboard", params={"limit": 2}).json()
    second = client.get("/games/oh_hell/leaderboard", params={"limit": 2, "offset": 2}).json()
    assert first["total"] == len(order) == 5  # the people; bot1 is rated but not listed
    assert [e["player_id"] for e in first["entries"] + second["entries"]] == order[:4]
    assert [e["position"] for e in second["entries"]] == [3, 4]
    e = first["entries"][0]
    assert e["rating"] == pytest.approx(e["mu"] - 3 * e["sigma"])
    # Players are shown 1000 + 40 · rating: a new player's 1000 (mu 25, sigma 25/3), not 0.
    for x in first["entries"] + second["entries"]:
        assert x["shown_rating"] == round(1000 + 40 * x["rating"])
    assert 1000 + 40 * (25 - 3 * 25 / 3) == 1000
    everyone = client.get("/games/oh_hell/leaderboard").json()["entries"]
    assert not any(x["bot"] for x in everyone) and "bot1" not in {x["player_id"] for x in everyone}
    with psycopg.connect(migrated_db) as conn:  # still rated, as the opponent it was
        assert conn.execute("SELECT bot FROM scoring.ratings WHERE player_id = 'bot1'").fetchone()
    assert client.get("/games/oh_hell/leaderboard/around/bot1").status_code == 404


def test_leaderboard_around_me(api, migrated_db: str) -> None:
    client, _ = api
    order = board_order(migrated_db)
    me = order[3]
    page = client.get(f"/games/oh_hell/leaderboard/around/{me}", params={"radius": 1}).json()
    assert [e["player_id"] for e in page["entries"]] == order[2:5]
    assert [e["position"] for e in page["entries"]] == [3, 4, 5]
    top = client.get(f"/games/oh_hell/leaderboard/around/{order[0]}", params={"radius": 2})
    assert [e["player_id"] for e in top.json()["entries"]] == order[:3]


def test_player_history_newest_first(api) -> None:
    client, data = api
    played = [e for e in data["events"] if "cid" in [s["player_id"] for s in e.payload["seats"]]]
    body = client.get("/players/cid/matches", params={"limit": 3}).json()
    assert body["total"] == len(played)
    assert [m["table_id"] for m in body["matches"]] == [e.table for e in played[::-1][:3]]
    first = body["matches"][0]
    assert first["rating_after"] is not None and first["rating_before"] is not None
    assert first["shown_rating_after"] == round(1000 + 40 * first["rating_after"])
    oldest = client.get("/players/cid/matches", params={"offset": len(played) - 1}).json()
    assert oldest["matches"][0]["shown_rating_before"] == 1000  # where every player starts


def test_history_and_match_show_the_seat_that_abandoned(
    api, publisher: Publisher, consumer: Consumer
) -> None:
    client, _ = api
    publisher.publish(finished("left", 99_000, ["ann", "bob", "cid"], [1, 2, 3], abandoned=[1]))
    drain(consumer)
    history = client.get("/players/bob/matches", params={"limit": 1}).json()["matches"]
    assert history[0]["table_id"] == "left"
    assert history[0]["abandoned"] is True
    assert history[0]["rank"] == 4  # rated last, below everyone who stayed
    stayed = client.get("/players/ann/matches", params={"limit": 1}).json()["matches"]
    assert (stayed[0]["table_id"], stayed[0]["abandoned"]) == ("left", False)
    seats = client.get("/matches/left").json()["participants"]
    assert [p["abandoned"] for p in seats] == [False, True, False]


def test_one_match_with_rounds_and_revealed_seed(api) -> None:
    client, data = api
    event = data["events"][2]
    body = client.get("/matches/m2").json()
    assert body["seed"] == event.payload["seed"]
    assert body["seed_commitment"] == event.payload["seed_commitment"]
    assert [p["player_id"] for p in body["participants"]] == [
        s["player_id"] for s in event.payload["seats"]
    ]
    assert [r["points"] for r in body["rounds"]] == [r["points"] for r in event.payload["rounds"]]
    assert body["rounds"][-1]["scores"] == event.payload["scores"]


@pytest.mark.parametrize(
    ("path", "params", "status", "detail"),
    [
        ("/matches/nope", {}, 404, "no finished match at table 'nope'"),
        ("/games/chess/leaderboard", {}, 404, "no game named 'chess'; the games are: "),
        ("/games/oh_hell/leaderboard/around/zed", {}, 404, "player 'zed' has no rating in"),
        ("/players/zed/matches", {}, 404, "player 'zed' has no finished match"),
        ("/games/oh_hell/leaderboard", {"limit": 0}, 422, None),
        ("/games/oh_hell/leaderboard", {"limit": 1000}, 422, None),
        ("/games/oh_hell/leaderboard", {"offset": -1}, 422, None),
        ("/games/oh_hell/leaderboard/around/ann", {"radius": 99}, 422, None),
    ],
)
def test_bad_requests_get_a_clear_error(api, path, params, status, detail) -> None:
    client, _ = api
    response = client.get(path, params=params)
    assert response.status_code == status
    if detail is not None:
        assert response.json()["detail"].startswith(detail)
    else:
        [error] = response.json()["detail"]
        assert error["loc"][0] == "query"


def test_health_readiness_metrics_and_docs(api) -> None:
    client, data = api
    assert client.get("/healthz").json() == {"status": "alive"}
    assert client.get("/readyz").status_code == 200
    # The same paths as every other service.
    assert client.get("/health/live").json() == {"status": "alive"}
    assert client.get("/health/ready").json() == client.get("/readyz").json()
    data["checks"]["postgresql"] = "unreachable: OperationalError"
    not_ready = client.get("/readyz")
    assert not_ready.status_code == 503
    assert not_ready.json()["checks"]["postgresql"] == "unreachable: OperationalError"
    metrics = client.get("/metrics").text
    assert "inferno_bus_messages_total" in metrics
    assert "inferno_scoring_event_lag_seconds_bucket" in metrics
    assert "inferno_scoring_matches_total" in metrics
    paths = client.get("/openapi.json").json()["paths"]
    assert "/games/{game}/leaderboard/around/{player_id}" in paths


def test_database_down_answers_503(api, pool: ConnectionPool) -> None:
    client, _ = api
    pool.close()
    response = client.get("/matches/m1")
    assert response.status_code == 503
    assert response.json()["detail"] == "scores are unavailable right now; try again shortly"


#: The longest URL part a client sends (httpx refuses more; uvicorn's h11 too, at 64 KiB).
BIG_IN_URL = "x" * 60_000


@pytest.mark.parametrize(
    ("path", "params", "loc"),
    [
        (f"/matches/{BIG_IN_URL}", {}, ["path", "table_id"]),
        (f"/players/{BIG_IN_URL}/matches", {}, ["path", "player_id"]),
        ("/players/ann/matches", {"game": BIG_IN_URL}, ["query", "game"]),
        (f"/games/{BIG_IN_URL}/leaderboard", {}, ["path", "game"]),
        (f"/games/oh_hell/leaderboard/around/{BIG_IN_URL}", {}, ["path", "player_id"]),
    ],
)
def test_a_huge_parameter_gets_a_small_422(api, path, params, loc) -> None:
    """Issue 13.4: identifiers are bounded, and the 422 repeats only a short prefix."""
    client, _ = api
    response = client.get(path, params=params)
    assert response.status_code == 422
    assert len(response.content) < 1_000, response.content[:300]
    [error] = response.json()["detail"]
    assert error["loc"] == loc
    assert "at most" in error["msg"]
    assert error["input"] == "x" * 64 + "… (60000 characters)"
