"""Request ids in the lobby: echoed or made, bound with the table id on the request's log
lines, and carried to the engine, whose own log shows the lobby's id for the table it opened."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from tests.support.engine_process import EngineProcess
from tests.support.json_logs import json_logs, read_lines

from .conftest import TEST_KEY, bearer, sign_up


def test_a_given_request_id_is_echoed_and_a_missing_or_bad_one_is_made(client: TestClient) -> None:
    given = client.get("/games", headers={"x-request-id": "app-42"})
    assert given.headers["x-request-id"] == "app-42"
    made = client.get("/games")
    assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"])
    for bad in ("x" * 129, "has space", ""):
        answer = client.get("/games", headers={"x-request-id": bad})
        assert re.fullmatch(r"[0-9a-f]{32}", answer.headers["x-request-id"]), bad
    assert client.get("/games").headers["x-request-id"] != made.headers["x-request-id"]


def test_each_request_logs_one_line_with_its_ids_and_the_table_id(client: TestClient) -> None:
    tokens = sign_up(client, "vergil")
    with json_logs("lobby") as lines:
        created = client.post(
            "/tables",
            json={"game": "oh_hell", "players": 4},
            headers={**bearer(tokens), "x-request-id": "open-1"},
        )
        table_id = created.json()["id"]
        client.post(f"/tables/{table_id}/bots", headers={**bearer(tokens), "x-request-id": "b-1"})
        client.get("/health/live")
    requests = lines.with_(event="request")
    assert [(r["method"], r["status"], r["request_id"]) for r in requests] == [
        ("POST", 201, "open-1"),
        ("POST", 200, "b-1"),
    ]
    assert requests[1]["table_id"] == table_id and requests[1]["path"].endswith("/bots")
    assert "table_id" not in requests[0]  # POST /tables names no table yet
    assert all(r["service"] == "lobby" for r in requests)


def test_a_refused_request_is_logged_with_its_ids_and_status(client: TestClient) -> None:
    with json_logs("lobby") as lines:
        answer = client.get("/tables/no-such-table", headers={"x-request-id": "lost-1"})
    assert answer.status_code == 401  # no token
    (line,) = lines.with_(event="request")
    assert (line["status"], line["request_id"]) == (401, "lost-1")
    assert line["table_id"] == "no-such-table"


@pytest.fixture
def real_engine(redis_url: str, redis_prefix: str) -> Iterator[EngineProcess]:
    engine = EngineProcess(redis_url, redis_prefix, TEST_KEY, INFERNO_LOG_LEVEL="INFO")
    yield engine
    engine.stop()


def test_the_engine_logs_the_lobbys_request_id_for_the_table_it_opens(
    make_client: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    lobby = make_client(gateway=None, engine_address=real_engine.address)
    tokens = sign_up(lobby, "beatrice")
    table = lobby.post(
        "/tables", json={"game": "oh_hell", "players": 4}, headers=bearer(tokens)
    ).json()
    for _ in range(3):
        lobby.post(f"/tables/{table['id']}/bots", headers=bearer(tokens))
    started = lobby.post(
        f"/tables/{table['id']}/start", headers={**bearer(tokens), "x-request-id": "start-7"}
    )
    assert started.status_code == 200, started.text

    deadline = time.monotonic() + 10
    while not read_lines(real_engine.log_path, event="table_created"):
        assert time.monotonic() < deadline, real_engine.log_path.read_text()
        time.sleep(0.1)
    (created,) = read_lines(real_engine.log_path, event="table_created")
    assert created["request_id"] == "start-7"
    assert table["id"] in (created.get("table_id"), created.get("table"))


def test_reads_that_succeed_are_logged_at_debug_changes_and_errors_at_info(
    client: TestClient,
) -> None:
    with json_logs("lobby", level="DEBUG") as lines:
        client.get("/games", headers={"x-request-id": "read-1"})
        client.get("/tables/nope", headers={"x-request-id": "read-2"})  # 401
    levels = {line["request_id"]: line["level"] for line in lines.with_(event="request")}
    assert levels == {"read-1": "debug", "read-2": "info"}
    with json_logs("lobby") as lines:  # the services' default level: INFO
        client.get("/games", headers={"x-request-id": "read-3"})
    assert not lines.with_(event="request")
