"""The lobby against a real engine process over gRPC: the table the lobby starts is the table
the engine holds, and the lobby's own access token opens the player's view on the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from fastapi.testclient import TestClient

from inferno_auth import Role, issue_token
from inferno_proto import burn_in_hell_pb2, engine_pb2, engine_pb2_grpc
from inferno_rules.cards import BY_NAME
from tests.support.engine_process import EngineProcess

from .conftest import TEST_KEY, bearer, sign_up


@pytest.fixture
def real_engine(redis_url: str, redis_prefix: str) -> Iterator[EngineProcess]:
    engine = EngineProcess(redis_url, redis_prefix, TEST_KEY)
    yield engine
    engine.stop()


@pytest.fixture
def grpc_lobby(make_client: Callable[..., TestClient]) -> Callable[..., TestClient]:
    """A lobby that builds its engine gateway from its settings, as in production."""
    return lambda **changes: make_client(gateway=None, **changes)


def view(address: str, table_id: str, token: str) -> engine_pb2.GetViewResponse:
    with grpc.insecure_channel(address) as channel:
        return engine_pb2_grpc.EngineStub(channel).GetView(
            engine_pb2.GetViewRequest(table_id=table_id),
            metadata=(("authorization", f"Bearer {token}"),),
            timeout=5,
        )


def start_table(
    lobby: TestClient,
    tokens: dict[str, Any],
    settings: dict[str, Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    answer = lobby.post(
        "/tables",
        json={"game": "oh_hell", "players": 4, "options": options, **(settings or {})},
        headers=bearer(tokens),
    )
    assert answer.status_code == 201, answer.text
    table = answer.json()
    for _ in range(3):
        assert lobby.post(f"/tables/{table['id']}/bots", headers=bearer(tokens)).status_code == 200
    started = lobby.post(f"/tables/{table['id']}/start", headers=bearer(tokens))
    assert started.status_code == 200, started.text
    return dict(started.json())


def test_the_engine_holds_the_started_table_and_accepts_the_lobbys_token(
    grpc_lobby: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    lobby = grpc_lobby(engine_address=real_engine.address)
    beatrice = sign_up(lobby, "beatrice")
    table = start_table(lobby, beatrice, ORDER="DESC", HOOK=True)

    service = issue_token(TEST_KEY, "test", Role.SERVICE)
    public = view(real_engine.address, table["id"], service)
    assert public.seats[0].name == "beatrice"
    assert [s.bot for s in public.seats] == [False, True, True, True]
    assert public.seed_commitment == table["seed_commitment"]

    mine = view(real_engine.address, table["id"], beatrice["access_token"])
    hand = list(mine.oh_hell.hand)
    assert len(hand) == 13 and all(card in BY_NAME for card in hand)
    assert mine.oh_hell.options.hook is True


def test_the_tables_spectator_delay_reaches_the_engine(
    grpc_lobby: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    lobby = grpc_lobby(engine_address=real_engine.address)
    dante = sign_up(lobby, "dante")
    table = start_table(lobby, dante, {"spectator_delay_seconds": 30})

    service = issue_token(TEST_KEY, "test", Role.SERVICE)
    assert view(real_engine.address, table["id"], service).spectator_delay_seconds == 30
    ticket = lobby.post(f"/tables/{table['id']}/spectators", headers=bearer(dante))
    assert ticket.status_code == 200, ticket.text
    with pytest.raises(grpc.RpcError) as refused:  # the table is younger than its delay
        view(real_engine.address, table["id"], ticket.json()["token"])
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION


def test_starting_when_the_engine_is_down_says_so_and_the_table_stays_open(
    grpc_lobby: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    address = real_engine.address
    real_engine.stop()
    lobby = grpc_lobby(engine_address=address, engine_timeout_seconds=1.0)
    virgil = sign_up(lobby, "virgil")
    answer = lobby.post("/tables", json={"game": "oh_hell", "players": 4}, headers=bearer(virgil))
    table = answer.json()
    for _ in range(3):
        lobby.post(f"/tables/{table['id']}/bots", headers=bearer(virgil))
    started = lobby.post(f"/tables/{table['id']}/start", headers=bearer(virgil))
    assert started.status_code in (502, 503), started.text
    assert "engine" in started.json()["detail"]
    assert lobby.get(f"/tables/{table['id']}", headers=bearer(virgil)).json()["status"] == "open"


def test_the_lobby_tells_clients_which_engine_serves_each_game(
    grpc_lobby: Callable[..., TestClient],
) -> None:
    lobby = grpc_lobby(
        engine_address="engine-all:50051", engine_addresses="inferno=engine-inferno:50051"
    )
    games = {g["name"]: g for g in lobby.get("/games").json()}
    assert games["oh_hell"]["engine_address"] == "engine-all:50051"
    assert games["inferno"]["engine_address"] == "engine-inferno:50051"


def test_the_tables_clock_reaches_the_engine(
    grpc_lobby: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    lobby = grpc_lobby(engine_address=real_engine.address)
    carla = sign_up(lobby, "carla")
    clock = {"decision_seconds": 20, "time_bank_seconds": 60, "increment_seconds": 2}
    answer = lobby.post(
        "/tables",
        json={"game": "oh_hell", "players": 4, "options": {}, "clock": clock},
        headers=bearer(carla),
    )
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["id"]
    for _ in range(3):
        assert lobby.post(f"/tables/{table_id}/bots", headers=bearer(carla)).status_code == 200
    assert lobby.post(f"/tables/{table_id}/start", headers=bearer(carla)).status_code == 200
    clocks = view(real_engine.address, table_id, carla["access_token"]).clocks
    shown = (clocks.turn_seconds, clocks.bank_seconds, clocks.increment_seconds)
    assert shown == (20, 60, 2)
    assert clocks.grace_seconds == 0, "the lobby has no grace setting: the worker's default"
    assert clocks.hand_over_after == 3, "the lobby's setting, so apps can warn before it"
    mine = next(c for c in clocks.seats if c.seat == 0)
    assert mine.bank_ms == 60_000, "carla's own bank, shown without replaying events"


def test_a_burn_in_hell_table_reaches_the_engine_with_its_options_and_no_turn_clock(
    grpc_lobby: Callable[..., TestClient], real_engine: EngineProcess
) -> None:
    lobby = grpc_lobby(engine_address=real_engine.address)
    dante = sign_up(lobby, "dante")
    games = {g["name"]: g for g in lobby.get("/games").json()}
    offered = {o["name"]: o for o in games["burn_in_hell"]["options"]}
    assert offered["MATCH"]["choices"] == ["SERIES", "OPEN"]
    options = {"DEAL_INTERVAL_MS": 1500, "MATCH": "OPEN"}
    answer = lobby.post(
        "/tables",
        json={"game": "burn_in_hell", "players": 4, "options": options},
        headers=bearer(dante),
    )
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["id"]
    for _ in range(3):
        assert lobby.post(f"/tables/{table_id}/bots", headers=bearer(dante)).status_code == 200
    started = lobby.post(f"/tables/{table_id}/start", headers=bearer(dante))
    assert started.status_code == 200, started.text

    mine = view(real_engine.address, table_id, dante["access_token"])
    assert mine.game == "burn_in_hell" and mine.your_seat == 0
    game = mine.burn_in_hell
    assert game.deal_interval_ms == 1500
    assert game.match == burn_in_hell_pb2.BURN_IN_HELL_MATCH_OPEN
    assert (game.phase, game.round, game.rounds, game.deck_count) == ("countdown", 1, 1, 108)
    assert [s.seat for s in game.seats] == [0, 1, 2, 3]
    clocks = mine.clocks
    assert (clocks.turn_seconds, clocks.bank_seconds, clocks.increment_seconds) == (0, 0, 0)


def test_bad_burn_in_hell_options_are_refused_by_the_lobby_naming_the_option(
    grpc_lobby: Callable[..., TestClient],
) -> None:
    lobby = grpc_lobby(engine_address="127.0.0.1:1")
    virgil = sign_up(lobby, "virgil")
    answer = lobby.post(
        "/tables",
        json={"game": "burn_in_hell", "players": 4, "options": {"DEAL_INTERVAL_MS": 500}},
        headers=bearer(virgil),
    )
    assert answer.status_code == 422, answer.text
    assert "DEAL_INTERVAL_MS" in answer.text and "1000" in answer.text
