"""Tables: create with checked options, list and filter, seats, bots, start through the
engine port, close, spectate; every refusal leaves the stored data unchanged."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from inferno_auth import Role, verify_token
from inferno_rules import commitment, get_game

from .conftest import TEST_KEY, bearer, sign_up, snapshot
from .engine_double import InProcessEngine


def open_table(client: TestClient, tokens: dict[str, Any], **fields: Any) -> dict[str, Any]:
    body = {"game": "oh_hell", "players": 4, **fields}
    answer = client.post("/tables", json=body, headers=bearer(tokens))
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_sign_up_open_oh_hell_add_three_bots_start(
    client: TestClient, engine: InProcessEngine
) -> None:
    dante = sign_up(client, "dante")
    table = open_table(
        client,
        dante,
        options={"ORDER": "DESC", "HOOK": True},
        clock={"decision_seconds": 20, "time_bank_seconds": 60, "increment_seconds": 2},
        spectator_delay_seconds=15,
    )
    assert table["status"] == "open"
    assert table["options"]["ORDER"] == "DESC"
    assert table["options"]["SIMULTANEOUS_BIDS"] is False  # defaults are filled in
    assert [s["name"] for s in table["seats"]] == ["dante"]
    for _ in range(3):
        answer = client.post(f"/tables/{table['id']}/bots", headers=bearer(dante))
        assert answer.status_code == 200
    assert answer.json()["open_seats"] == 0
    started = client.post(f"/tables/{table['id']}/start", headers=bearer(dante))
    assert started.status_code == 200, started.text
    started_table = started.json()
    assert started_table["status"] == "started"

    held = engine.tables[table["id"]]
    assert held.game == "oh_hell"
    assert held.options == table["options"]
    assert [(s.seat, s.bot) for s in held.seats] == [(0, False), (1, True), (2, True), (3, True)]
    assert held.seats[0].player_id == dante["account"]["id"]
    assert held.settings is not None
    assert (held.settings.decision_seconds, held.settings.spectator_delay_seconds) == (20, 15)
    assert started_table["seed_commitment"] == commitment(held.seed)
    # The engine checks the lobby's own access token and shows dante his seat's hand only.
    view = engine.view_for(table["id"], dante["access_token"])
    assert len(view["hand"]) == 13  # DESC deals the largest hand first
    hidden = get_game("oh_hell").private_tokens(held.state)
    shown = json.dumps(view)
    assert set(view["hand"]) == set(hidden[0])
    assert not any(f'"{card}"' in shown for seat in (1, 2, 3) for card in hidden[seat])


@pytest.mark.parametrize(
    ("fields", "loc", "allowed"),
    [
        ({"options": {"ORDER": "SIDEWAYS"}}, ["body", "options", "ORDER"], "one of ASC"),
        ({"options": {"HOOK": 1}}, ["body", "options", "HOOK"], "true or false"),
        ({"options": {"TRUMPS": True}}, ["body", "options", "TRUMPS"], "HOOK"),
        (
            {"options": {"HOOK": True, "SIMULTANEOUS_BIDS": True}},
            ["body", "options", "SIMULTANEOUS_BIDS"],
            "SIMULTANEOUS_BIDS=false",
        ),
        ({"players": 9}, ["body", "players"], "3 to 7"),
        ({"game": "snakes"}, ["body", "game"], "oh_hell"),
    ],
)
def test_bad_options_are_422_naming_the_field_and_allowed_values(
    client: TestClient,
    lobby_db: str,
    fields: dict[str, Any],
    loc: list[str],
    allowed: str,
) -> None:
    dante = sign_up(client, "dante")
    before = snapshot(lobby_db)
    answer = client.post(
        "/tables", json={"game": "oh_hell", "players": 4, **fields}, headers=bearer(dante)
    )
    assert answer.status_code == 422
    (problem,) = answer.json()["detail"]
    assert problem["loc"] == loc
    assert allowed in problem["ctx"]["allowed"]
    assert loc[-1] in problem["msg"] or loc[-1] == "game" or loc[-1] == "players"
    assert snapshot(lobby_db) == before


def test_joining_a_full_table_is_409(client: TestClient, lobby_db: str) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner, players=3)
    for name in ("virgil", "beatrice"):
        joined = client.post(f"/tables/{table['id']}/seats", headers=bearer(sign_up(client, name)))
        assert joined.status_code == 200
    late = sign_up(client, "cacciaguida")
    before = snapshot(lobby_db)
    answer = client.post(f"/tables/{table['id']}/seats", headers=bearer(late))
    assert answer.status_code == 409
    assert answer.json() == {"detail": "the table is full", "code": "table_full"}
    assert snapshot(lobby_db) == before


def test_join_a_chosen_seat_then_leave(client: TestClient, lobby_db: str) -> None:
    owner = sign_up(client, "dante")
    guest = sign_up(client, "virgil")
    table = open_table(client, owner)
    joined = client.post(f"/tables/{table['id']}/seats", json={"seat": 2}, headers=bearer(guest))
    assert joined.status_code == 200
    assert [(s["seat"], s["name"]) for s in joined.json()["seats"]] == [(0, "dante"), (2, "virgil")]
    again = client.post(f"/tables/{table['id']}/seats", json={"seat": 1}, headers=bearer(guest))
    assert (again.status_code, again.json()["code"]) == (409, "already_seated")
    third = sign_up(client, "beatrice")
    before = snapshot(lobby_db)
    taken = client.post(f"/tables/{table['id']}/seats", json={"seat": 2}, headers=bearer(third))
    assert (taken.status_code, taken.json()["code"]) == (409, "seat_taken")
    beyond = client.post(f"/tables/{table['id']}/seats", json={"seat": 4}, headers=bearer(third))
    assert beyond.status_code == 422
    assert beyond.json()["detail"][0]["loc"] == ["body", "seat"]
    assert snapshot(lobby_db) == before
    left = client.delete(f"/tables/{table['id']}/seats/me", headers=bearer(guest))
    assert left.status_code == 200
    assert [s["name"] for s in left.json()["seats"]] == ["dante"]
    not_seated = client.delete(f"/tables/{table['id']}/seats/me", headers=bearer(guest))
    assert (not_seated.status_code, not_seated.json()["code"]) == (409, "not_seated")


def test_starting_someone_elses_table_is_403(client: TestClient, lobby_db: str) -> None:
    owner = sign_up(client, "dante")
    other = sign_up(client, "virgil")
    table = open_table(client, owner, players=3)
    client.post(f"/tables/{table['id']}/seats", headers=bearer(other))
    client.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
    before = snapshot(lobby_db)
    for path in ("start", "close", "bots"):
        answer = client.post(f"/tables/{table['id']}/{path}", headers=bearer(other))
        assert answer.status_code == 403, path
        assert answer.json()["code"] == "not_table_owner"
    answer = client.delete(f"/tables/{table['id']}/bots/2", headers=bearer(other))
    assert answer.status_code == 403
    assert snapshot(lobby_db) == before


def test_start_needs_every_seat_filled(
    client: TestClient, lobby_db: str, engine: InProcessEngine
) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner)
    before = snapshot(lobby_db)
    answer = client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
    assert answer.status_code == 409
    assert answer.json()["detail"] == "the table has 3 empty seats; add bots or wait for players"
    assert engine.calls == []
    assert snapshot(lobby_db) == before


def test_engine_failure_is_503_and_the_table_stays_open(
    client: TestClient, lobby_db: str, engine: InProcessEngine
) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner, players=3)
    for _ in range(2):
        client.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
    engine.fail_with = "the engine is restarting"
    before = snapshot(lobby_db)
    answer = client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
    assert answer.status_code == 503
    assert answer.json()["detail"] == "the engine is restarting"
    assert snapshot(lobby_db) == before
    engine.fail_with = None
    assert client.post(f"/tables/{table['id']}/start", headers=bearer(owner)).status_code == 200


def test_no_engine_connected_is_503(make_client, lobby_db: str) -> None:
    from inferno_lobby.main import create_app

    client = make_client()
    app = create_app(client.app.state.lobby.settings)  # the default: no engine wired in
    with TestClient(app) as bare:
        owner = sign_up(bare, "dante")
        table = open_table(bare, owner, players=3)
        for _ in range(2):
            bare.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
        answer = bare.post(f"/tables/{table['id']}/start", headers=bearer(owner))
    assert answer.status_code == 503
    assert "not connected" in answer.json()["detail"]


def test_after_start_seats_are_fixed_and_start_twice_is_409(
    client: TestClient, lobby_db: str, engine: InProcessEngine
) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner, players=3)
    for _ in range(2):
        client.post(f"/tables/{table['id']}/bots", headers=bearer(owner))
    client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
    before = snapshot(lobby_db)
    late = sign_up(client, "virgil")
    assert client.post(f"/tables/{table['id']}/seats", headers=bearer(late)).status_code == 409
    for path in ("start", "close", "bots"):
        answer = client.post(f"/tables/{table['id']}/{path}", headers=bearer(owner))
        assert (answer.status_code, answer.json()["code"]) == (409, "not_open"), path
    assert (
        client.delete(f"/tables/{table['id']}/seats/me", headers=bearer(owner)).status_code == 409
    )
    assert snapshot(lobby_db)["tables"] == before["tables"]
    assert snapshot(lobby_db)["seats"] == before["seats"]
    assert len(engine.calls) == 1


def test_remove_a_bot(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner)
    client.post(f"/tables/{table['id']}/bots", json={"name": "Charon"}, headers=bearer(owner))
    answer = client.delete(f"/tables/{table['id']}/bots/1", headers=bearer(owner))
    assert answer.status_code == 200
    assert [s["seat"] for s in answer.json()["seats"]] == [0]
    no_bot = client.delete(f"/tables/{table['id']}/bots/0", headers=bearer(owner))
    assert (no_bot.status_code, no_bot.json()["code"]) == (404, "no_such_bot")


def test_close_an_open_table(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner)
    answer = client.post(f"/tables/{table['id']}/close", headers=bearer(owner))
    assert answer.status_code == 200
    assert answer.json()["status"] == "closed"
    late = sign_up(client, "virgil")
    assert client.post(f"/tables/{table['id']}/seats", headers=bearer(late)).status_code == 409


def test_unknown_table_is_404_and_malformed_id_is_422(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    answer = client.post(f"/tables/{'0' * 32}/seats", headers=bearer(owner))
    assert (answer.status_code, answer.json()["code"]) == (404, "no_such_table")
    assert client.get("/tables/not-an-id", headers=bearer(owner)).status_code == 422


def test_list_and_filter(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    three = open_table(client, owner, players=3)
    five = open_table(client, owner, players=5)
    hidden = open_table(client, owner, private=True)
    for _ in range(2):
        client.post(f"/tables/{three['id']}/bots", headers=bearer(owner))
    client.post(f"/tables/{three['id']}/start", headers=bearer(owner))

    def ids(**query: Any) -> list[str]:
        answer = client.get("/tables", params=query)
        assert answer.status_code == 200
        return [t["id"] for t in answer.json()["data"]]

    assert ids() == [five["id"], three["id"]]  # newest first; private tables unlisted
    assert hidden["id"] not in ids(status="open")
    assert ids(status="open") == [five["id"]]
    assert ids(status="started") == [three["id"]]
    assert ids(open_seats=4) == [five["id"]]
    assert ids(open_seats=5) == []
    assert ids(game="oh_hell", limit=1) == [five["id"]]
    assert ids(game="chess") == []
    assert client.get("/tables", params={"status": "bogus"}).status_code == 422
    assert client.get("/tables", params={"open_seats": -1}).status_code == 422
    assert client.get("/tables").json()["count"] == 2


def test_private_table_is_joined_by_invite_code(client: TestClient, lobby_db: str) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner, private=True)
    code = table["invite_code"]
    assert code
    friend = sign_up(client, "virgil")
    before = snapshot(lobby_db)
    for body in (None, {"invite_code": "wrong-code"}):
        refused = client.post(f"/tables/{table['id']}/seats", json=body, headers=bearer(friend))
        assert (refused.status_code, refused.json()["code"]) == (403, "invite_required")
    assert snapshot(lobby_db) == before
    joined = client.post(
        f"/tables/{table['id']}/seats", json={"invite_code": code}, headers=bearer(friend)
    )
    assert joined.status_code == 200
    assert joined.json()["invite_code"] == code  # seated players may pass it on


def test_a_private_table_is_shown_only_to_its_people_and_invite_holders(
    client: TestClient, lobby_db: str
) -> None:
    """Issue 13.5: a stranger asking for a private table gets 403, not its seats."""
    owner = sign_up(client, "dante")
    table = open_table(client, owner, private=True)
    url = f"/tables/{table['id']}"
    stranger = sign_up(client, "virgil")
    for params in ({}, {"invite_code": "wrong-code"}):
        refused = client.get(url, params=params, headers=bearer(stranger))
        assert refused.status_code == 403
        assert refused.json() == {
            "detail": "this table is private; see it with its invite code",
            "code": "invite_required",
        }
    # The owner sees it with its code; an invite holder sees it, but not the code.
    assert client.get(url, headers=bearer(owner)).json()["invite_code"] == table["invite_code"]
    invited = client.get(
        url, params={"invite_code": table["invite_code"]}, headers=bearer(stranger)
    )
    assert invited.status_code == 200
    assert invited.json()["seats"][0]["name"] == "dante"
    assert invited.json()["invite_code"] is None
    # Once seated, a player sees it without the code.
    friend = sign_up(client, "beatrice")
    joined = client.post(
        f"{url}/seats", json={"invite_code": table["invite_code"]}, headers=bearer(friend)
    )
    assert joined.status_code == 200
    assert client.get(url, headers=bearer(friend)).status_code == 200
    # Every other way in refuses the stranger too, and tells nothing of the table.
    before = snapshot(lobby_db)
    for method, path in [
        ("POST", f"{url}/seats"),
        ("POST", f"{url}/spectators"),
        ("POST", f"{url}/bots"),
        ("DELETE", f"{url}/bots/1"),
        ("POST", f"{url}/start"),
        ("POST", f"{url}/close"),
    ]:
        answer = client.request(method, path, headers=bearer(stranger))
        assert answer.status_code == 403, (method, path, answer.text)
        assert "dante" not in answer.text and "beatrice" not in answer.text
    left = client.delete(f"{url}/seats/me", headers=bearer(stranger))
    assert left.status_code == 409 and "dante" not in left.text
    assert snapshot(lobby_db) == before
    # Never listed, whatever the filter.
    for params in ({}, {"status": "open"}, {"game": "oh_hell"}, {"open_seats": 1}):
        listed = client.get("/tables", params=params).json()["data"]
        assert table["id"] not in {t["id"] for t in listed}


def test_spectator_token_carries_the_table_and_its_delay(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner, spectator_delay_seconds=30)
    watcher = sign_up(client, "virgil")
    answer = client.post(f"/tables/{table['id']}/spectators", headers=bearer(watcher))
    assert answer.status_code == 200
    body = answer.json()
    assert body["delay_seconds"] == 30
    claims = verify_token(body["token"], TEST_KEY)
    assert (claims.role, claims.table) == (Role.SPECTATOR, table["id"])
    # A spectator token only watches: it cannot act in the lobby.
    spectator = {"Authorization": f"Bearer {body['token']}"}
    assert client.post(f"/tables/{table['id']}/seats", headers=spectator).status_code == 403


def test_private_table_needs_the_code_to_watch(client: TestClient) -> None:
    owner = sign_up(client, "dante")
    table = open_table(client, owner, private=True)
    watcher = sign_up(client, "virgil")
    url = f"/tables/{table['id']}/spectators"
    assert client.post(url, headers=bearer(watcher)).status_code == 403
    with_code = client.post(
        url, json={"invite_code": table["invite_code"]}, headers=bearer(watcher)
    )
    assert with_code.status_code == 200


def test_too_many_tables_is_429(make_client, lobby_db: str) -> None:
    client = make_client(table_create_limit=2)
    owner = sign_up(client, "dante")
    open_table(client, owner)
    open_table(client, owner)
    before = snapshot(lobby_db)
    answer = client.post("/tables", json={"game": "oh_hell", "players": 4}, headers=bearer(owner))
    assert answer.status_code == 429
    assert snapshot(lobby_db) == before


def test_operator_may_manage_any_table(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from inferno_lobby.__main__ import main

    owner = sign_up(client, "dante")
    sign_up(client, "minos")
    table = open_table(client, owner, players=3)
    settings = client.app.state.lobby.settings
    monkeypatch.setenv("INFERNO_DATABASE_URL", settings.database_url)
    monkeypatch.setenv("INFERNO_DB_SCHEMA", settings.db_schema)
    monkeypatch.setenv("INFERNO_ENV", "local")
    assert main(["grant-operator", "minos"]) == 0
    assert main(["grant-operator", "nobody"]) == 1
    minos = client.post("/auth/login", json={"username": "minos", "password": "paradiso-33"})
    assert minos.json()["account"]["role"] == "operator"
    answer = client.post(f"/tables/{table['id']}/close", headers=bearer(minos.json()))
    assert answer.status_code == 200
    assert answer.json()["status"] == "closed"


def test_list_entries_equal_the_single_table_view(client: TestClient) -> None:
    from inferno_lobby.schemas import TablePublic

    owner = sign_up(client, "dante")
    started = open_table(client, owner, players=3, options={"ORDER": "UP_DOWN"})
    for _ in range(2):
        client.post(f"/tables/{started['id']}/bots", headers=bearer(owner))
    client.post(f"/tables/{started['id']}/start", headers=bearer(owner))
    open_table(client, owner, take_seat=False, spectator_delay_seconds=5)
    listed = client.get("/tables").json()["data"]
    assert len(listed) == 2
    for entry in listed:
        single = client.get(f"/tables/{entry['id']}", headers=bearer(owner)).json()
        assert TablePublic.model_validate(entry) == TablePublic.model_validate(single)
        # Times are ms since the epoch, as scoring, the engine and the bus send them.
        assert entry["created_at"] == single["created_at"]
        assert isinstance(entry["created_at"], int)
        assert abs(entry["created_at"] - time.time() * 1000) < 600_000
    assert isinstance(next(e for e in listed if e["status"] == "started")["started_at"], int)


def test_list_sees_changes_made_by_another_lobby_process(make_client) -> None:
    one = make_client(list_cache_seconds=60)
    two = make_client(list_cache_seconds=60)
    assert one.get("/tables").json()["count"] == 0  # now cached in process one
    owner = sign_up(two, "dante")
    made = open_table(two, owner)
    deadline = time.monotonic() + 5
    while one.get("/tables").json()["count"] == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert [t["id"] for t in one.get("/tables").json()["data"]] == [made["id"]]


def test_an_inferno_table_opens_with_no_options_and_refuses_oh_hell_ones(
    client: TestClient, engine: InProcessEngine
) -> None:
    ann = sign_up(client, "ann")
    table = open_table(client, ann, game="inferno", players=3)
    assert table["options"] == {}
    for _ in range(2):
        assert client.post(f"/tables/{table['id']}/bots", headers=bearer(ann)).status_code == 200
    started = client.post(f"/tables/{table['id']}/start", headers=bearer(ann))
    assert started.status_code == 200, started.text
    assert engine.tables[table["id"]].game == "inferno"
    refused = client.post(
        "/tables",
        json={"game": "inferno", "players": 3, "options": {"HOOK": True}},
        headers=bearer(ann),
    )
    assert refused.status_code == 422
    assert "HOOK" in refused.text


def test_my_tables_lists_where_i_sit_or_what_i_own_private_ones_included(
    client: TestClient,
) -> None:
    """A reinstalled app finds its games: the tables an account holds a seat at or opened,
    its private ones too, newest first; nobody else's; filtered by status."""
    ana, bo, cy = (sign_up(client, name) for name in ("ana", "bob", "cyd"))
    private = open_table(client, ana, private=True)
    public = open_table(client, bo)
    joined = client.post(f"/tables/{public['id']}/seats", json={}, headers=bearer(ana))
    assert joined.status_code == 200, joined.text
    open_table(client, cy)  # someone else's

    def mine(tokens: dict[str, Any], **query: Any) -> list[str]:
        answer = client.get("/tables/mine", params=query, headers=bearer(tokens))
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["count"] == len(body["data"])
        return [t["id"] for t in body["data"]]

    assert mine(ana) == [public["id"], private["id"]]
    assert mine(bo) == [public["id"]]
    assert private["id"] not in mine(cy)
    assert mine(ana, status="open") == [public["id"], private["id"]]
    assert mine(ana, status="started") == []
    assert client.get("/tables/mine").status_code == 401
    # The public list still never shows the private table.
    listed = [t["id"] for t in client.get("/tables", headers=bearer(cy)).json()["data"]]
    assert private["id"] not in listed


def test_a_private_table_is_started_as_private_so_nobody_publishes_its_result(
    client: TestClient, engine: InProcessEngine
) -> None:
    owner = sign_up(client, "priya")
    for private in (True, False):
        table = open_table(client, owner, private=private)
        for _ in range(3):
            assert client.post(f"/tables/{table['id']}/bots", headers=bearer(owner)).is_success
        started = client.post(f"/tables/{table['id']}/start", headers=bearer(owner))
        assert started.status_code == 200, started.text
        held = engine.tables[table["id"]]
        assert held.settings is not None and held.settings.private is private


def test_every_game_has_its_rules_for_players(client: TestClient) -> None:
    """The rules travel with the platform: each registered game's rules, in Markdown, from the
    lobby (what `inferno rules GAME` prints); an unknown game is a 404 saying where to look."""
    from inferno_rules import all_games

    for name, game in all_games().items():
        page = client.get(f"/games/{name}/rules")
        assert page.status_code == 200, name
        assert page.headers["content-type"].startswith("text/markdown")
        assert page.text.startswith(f"# {game.info.display_name}"), name
        assert "**At the table:**" in page.text  # the moves in the players' words
    missing = client.get("/games/chess/rules")
    assert missing.status_code == 404 and "GET /games" in missing.text
