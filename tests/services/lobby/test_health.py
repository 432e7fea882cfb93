"""Health, readiness, metrics, the games list and the OpenAPI document."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import sign_up


def test_live_and_ready(client: TestClient) -> None:
    assert client.get("/health/live").json() == {"status": "ok", "checks": {}}
    ready = client.get("/health/ready")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ok", "checks": {"database": "ok", "redis": "ok"}}


def test_not_ready_when_redis_is_gone(make_client) -> None:
    client = make_client()
    lobby = client.app.state.lobby
    working = lobby.redis
    from redis.asyncio import Redis

    lobby.redis = Redis.from_url("redis://127.0.0.1:1/0")  # nothing listens there
    try:
        ready = client.get("/health/ready")
    finally:
        client.portal.call(lobby.redis.aclose)
        lobby.redis = working
    assert ready.status_code == 503
    assert ready.json()["status"] == "unavailable"
    assert ready.json()["checks"]["database"] == "ok"
    assert ready.json()["checks"]["redis"].startswith("failed")


def test_metrics_count_requests_by_route(client: TestClient) -> None:
    sign_up(client, "dante")
    client.get("/tables")
    client.get(f"/tables/{'0' * 32}")
    text = client.get("/metrics").text
    assert (
        'inferno_lobby_http_requests_total{method="POST",route="/auth/signup",status="201"} 1.0'
        in text
    )
    assert 'route="/tables/{table_id}",status="401"' in text
    assert 'inferno_lobby_events_total{event="sign_up"} 1.0' in text


def test_games_list_their_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/games").json()}
    oh_hell = games["oh_hell"]
    assert (oh_hell["min_players"], oh_hell["max_players"]) == (3, 7)
    order = next(o for o in oh_hell["options"] if o["name"] == "ORDER")
    assert order["choices"] == ["ASC", "DESC", "UP_DOWN", "DOWN_UP"]


def test_openapi_has_examples_and_documents_errors(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    signup = spec["paths"]["/auth/signup"]["post"]
    assert {"201", "409", "422", "429"} <= set(signup["responses"])
    schemas = spec["components"]["schemas"]
    assert schemas["TableCreate"]["examples"][0]["game"] == "oh_hell"
    assert "HTTPBearer" in spec["components"]["securitySchemes"]
