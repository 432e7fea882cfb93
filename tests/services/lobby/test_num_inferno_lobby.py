"""NUM INFERNO through the lobby: its option listed and validated from the rules' OptionSpec
with a message naming it and its range, and a table reaching the engine with it."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from tests.support.engine_process import EngineProcess

from .conftest import bearer, sign_up
from .test_engine_grpc import grpc_lobby, real_engine, view

__all__ = ["grpc_lobby", "real_engine"]  # the fixtures, used by name


def test_bad_rounds_are_refused_by_the_lobby_naming_the_option_and_its_range(
    grpc_lobby: Callable[..., TestClient],
) -> None:
    lobby = grpc_lobby(engine_address="127.0.0.1:1")
    virgil = sign_up(lobby, "virgil")
    for bad in (0, 7, "three"):
        answer = lobby.post(
            "/tables",
            json={"game": "num_inferno", "players": 4, "options": {"ROUNDS": bad}},
            headers=bearer(virgil),
        )
        assert answer.status_code == 422, answer.text
        assert "ROUNDS" in answer.text and "6" in answer.text, answer.text
    seats = lobby.post(
        "/tables", json={"game": "num_inferno", "players": 7}, headers=bearer(virgil)
    )
    assert seats.status_code == 422, seats.text


def test_a_num_inferno_table_reaches_the_engine_with_its_rounds(
    grpc_lobby: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    lobby = grpc_lobby(engine_address=real_engine.address)
    dante = sign_up(lobby, "dante")
    games = {g["name"]: g for g in lobby.get("/games").json()}
    offered = {o["name"]: o for o in games["num_inferno"]["options"]}
    assert offered["ROUNDS"]["default"] == 3
    answer = lobby.post(
        "/tables",
        json={"game": "num_inferno", "players": 3, "options": {"ROUNDS": 2}},
        headers=bearer(dante),
    )
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["id"]
    for _ in range(2):
        assert lobby.post(f"/tables/{table_id}/bots", headers=bearer(dante)).status_code == 200
    started = lobby.post(f"/tables/{table_id}/start", headers=bearer(dante))
    assert started.status_code == 200, started.text
    mine = view(real_engine.address, table_id, dante["access_token"])
    assert mine.game == "num_inferno" and mine.your_seat == 0
    game = mine.num_inferno
    assert (game.round, game.rounds, game.phase, len(game.hand_sizes)) == (1, 2, "playing", 3)
    assert len(game.hand) == game.hand_sizes[0] and not game.hands
