"""Issue 13.4: inputs are bounded at the edge, and what an error answer repeats of them is cut
short. A 1 MB value anywhere (body field, option name or value, query, path, header) gets a
small 422 (or 413 for a body over the limit) that names the field and the bound."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno_lobby.bounds import MAX_BODY_BYTES

from .conftest import bearer, sign_up

BIG = "x" * 1_000_000
#: The longest URL part a client sends (httpx refuses more; uvicorn's h11 too, at 64 KiB).
BIG_IN_URL = "x" * 60_000
#: An answer to a refused 1 MB value stays well under this many bytes.
SMALL = 2_000


def _table(client: TestClient, tokens: dict[str, Any]) -> str:
    answer = client.post("/tables", json={"game": "oh_hell", "players": 4}, headers=bearer(tokens))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


@pytest.mark.parametrize(
    ("method", "path", "body", "params", "field"),
    [
        ("POST", "/tables", {"game": "oh_hell", "players": 4, "options": {"ORDER": BIG}}, None,
         ["body", "options"]),
        ("POST", "/tables", {"game": "oh_hell", "players": 4, "options": {BIG: "x"}}, None,
         ["body", "options"]),
        ("POST", "/tables", {"game": BIG, "players": 4}, None, ["body", "game"]),
        ("POST", "/auth/login", {"username": BIG, "password": "x"}, None, ["body", "username"]),
        ("POST", "/auth/signup", {"username": "dante2", "password": BIG}, None,
         ["body", "password"]),
        ("POST", "/auth/guest", {"display_name": BIG}, None, ["body", "display_name"]),
        ("POST", "/auth/refresh", {"refresh_token": BIG}, None, ["body", "refresh_token"]),
        ("POST", "/quickplay", {"game": BIG, "players": 4}, None, ["body", "game"]),
        ("GET", "/tables", None, {"game": BIG_IN_URL}, ["query", "game"]),
        ("GET", f"/tables/{BIG_IN_URL}", None, None, ["path", "table_id"]),
        ("POST", "/tables/{table}/seats", {"invite_code": BIG}, None, ["body", "invite_code"]),
        ("POST", "/tables/{table}/bots", {"name": BIG}, None, ["body", "name"]),
        ("POST", "/tables/{table}/spectators", {"invite_code": BIG}, None,
         ["body", "invite_code"]),
    ],
)  # fmt: skip
def test_a_1mb_value_gets_a_small_422_naming_the_field(
    client: TestClient, method: str, path: str, body: Any, params: Any, field: list[str]
) -> None:
    dante = sign_up(client, "dante")
    if "{table}" in path:
        path = path.replace("{table}", _table(client, dante))
    answer = client.request(method, path, json=body, params=params, headers=bearer(dante))
    assert len(answer.content) < SMALL, answer.content[:300]
    assert answer.status_code == 422, answer.text[:300]
    [error] = answer.json()["detail"]
    assert error["loc"][: len(field)] == field or error["loc"][0] == field[0], error
    assert "at most" in error["msg"] or "pattern" in error["msg"], error
    if "input" in error and isinstance(error["input"], str):
        assert error["input"].endswith("characters)")


def test_a_value_just_over_a_bound_is_refused_with_the_bound_and_a_short_echo(
    client: TestClient,
) -> None:
    dante = sign_up(client, "dante")
    value = "ASC" + "X" * 5_000  # under the body limit, over the option's bound
    answer = client.post(
        "/tables",
        json={"game": "oh_hell", "players": 4, "options": {"ORDER": value}},
        headers=bearer(dante),
    )
    assert answer.status_code == 422
    assert len(answer.content) < SMALL
    [error] = answer.json()["detail"]
    assert error["loc"] == ["body", "options"]
    assert error["msg"] == "Value error, option ORDER takes at most 64 characters; got 5003"
    assert error["input"].startswith('{"ORDER": "ASCXXX')
    assert error["input"].endswith("characters)")


def test_an_unknown_option_value_is_echoed_short(client: TestClient) -> None:
    # Within the bound, the rules refuse it: the message and the echo stay short too.
    dante = sign_up(client, "dante")
    value = "Z" * 64
    answer = client.post(
        "/tables",
        json={"game": "oh_hell", "players": 4, "options": {"ORDER": value}},
        headers=bearer(dante),
    )
    assert answer.status_code == 422
    assert len(answer.content) < SMALL
    [error] = answer.json()["detail"]
    assert error["loc"] == ["body", "options", "ORDER"]
    assert error["input"] == value


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    dante = sign_up(client, "dante")
    body = json.dumps({"game": "oh_hell", "players": 4, "options": {"ORDER": BIG * 3}})
    assert len(body) > MAX_BODY_BYTES
    answer = client.post(
        "/tables",
        content=body,
        headers={**bearer(dante), "content-type": "application/json"},
    )
    assert answer.status_code == 413
    assert answer.json() == {
        "detail": f"the request body is larger than {MAX_BODY_BYTES} bytes",
        "code": "body_too_large",
    }

    def chunks():  # no Content-Length: counted while it streams in
        for i in range(0, len(body), 8192):
            yield body[i : i + 8192].encode()

    streamed = client.post(
        "/tables", content=chunks(), headers={**bearer(dante), "content-type": "application/json"}
    )
    assert streamed.status_code == 413
    assert streamed.json()["code"] == "body_too_large"


def test_a_huge_bearer_token_is_refused_without_being_decoded(client: TestClient) -> None:
    answer = client.get("/accounts/me", headers={"Authorization": "Bearer " + "x" * 60_000})
    assert answer.status_code == 401
    assert answer.json() == {
        "detail": "the token is not valid: longer than 4096 characters",
        "code": "invalid_token",
    }
