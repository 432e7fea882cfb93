"""The whole platform end to end: a person signs up over REST, asks for quick play, is seated
with three bots (moved by the worker), plays every one of their moves over gRPC until the game
ends, and scoring's leaderboard and match history show the result with the revealed seed,
which checks against the commitment the engine published at the start."""

from __future__ import annotations

import time
import uuid
from typing import Any

import grpc
import httpx
import pytest

from inferno_engine.verify import load, verify
from inferno_lobby.schemas import ClockSettings
from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc
from inferno_rules import commitment

from .stack_process import StackProcess

# One person and three bots, as the issues ask, for each game the platform plays.
GAMES = [("oh_hell", 4), ("inferno", 4), ("num_inferno", 4)]


def wait_for(check: Any, what: str, timeout: float = 120.0, every: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError(f"timed out waiting for {what}")


def sign_up(lobby: httpx.Client) -> tuple[dict[str, Any], str, dict[str, str]]:
    """A new person signs up: their tokens, account id and the Authorization header."""
    name = f"p{uuid.uuid4().hex[:10]}"
    signed = lobby.post("/auth/signup", json={"username": name, "password": "lasciate-ogni"})
    assert signed.status_code == 201, signed.text
    tokens = signed.json()
    return tokens, tokens["account"]["id"], {"Authorization": f"Bearer {tokens['access_token']}"}


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_sign_up_quick_play_with_bots_to_the_end_and_the_leaderboard(
    stack: StackProcess, game: str, players: int
) -> None:
    lobby = httpx.Client(base_url=stack.lobby, timeout=10)
    tokens, me, auth = sign_up(lobby)
    queued = lobby.post("/quickplay", json={"game": game, "players": players}, headers=auth)
    assert queued.status_code == 202, queued.text

    def seated() -> str | None:
        ticket = lobby.get("/quickplay", headers=auth)
        return ticket.json().get("table_id") if ticket.status_code == 200 else None

    table_id = wait_for(seated, "a seat from quick play (filled with bots after the wait)")
    metadata = (("authorization", f"Bearer {tokens['access_token']}"),)
    with grpc.insecure_channel(stack.engine) as channel:
        engine = engine_pb2_grpc.EngineStub(channel)
        first = engine.GetView(pb.GetViewRequest(table_id=table_id), metadata=metadata)
        assert sum(1 for s in first.seats if s.bot) == players - 1
        # The lobby's clock settings reach the engine (quick play uses the defaults).
        clock = ClockSettings()
        shown = (first.clocks.turn_seconds, first.clocks.bank_seconds)
        assert shown == (clock.decision_seconds, clock.time_bank_seconds)
        assert first.clocks.increment_seconds == clock.increment_seconds
        published = first.seed_commitment
        moves = 0
        deadline = time.monotonic() + 240
        while True:
            assert time.monotonic() < deadline, "the game did not end"
            view = engine.GetView(pb.GetViewRequest(table_id=table_id), metadata=metadata)
            if view.status == pb.TABLE_STATUS_FINISHED:
                break
            if not view.legal_actions:
                time.sleep(0.05)  # the bots' turn: the worker moves them
                continue
            try:
                engine.SubmitAction(
                    pb.SubmitActionRequest(
                        table_id=table_id,
                        expected_version=view.version,
                        action_id=uuid.uuid4().hex,
                        action=view.legal_actions[0],
                    ),
                    metadata=metadata,
                )
                moves += 1
            except grpc.RpcError as err:
                # A bot moved between our view and our move (sealed bids): look again.
                assert err.code() == grpc.StatusCode.ABORTED, err
    assert moves > 0
    assert view.seed and commitment(view.seed) == published
    # verify replays the whole log from the revealed seed: every deal and event reappears.
    assert verify(load(stack.redis_url, stack.prefix, table_id)) == []

    scoring = httpx.Client(base_url=stack.scoring, timeout=10)

    def stored() -> dict[str, Any] | None:
        answer = scoring.get(f"/matches/{table_id}")
        return answer.json() if answer.status_code == 200 else None

    match = wait_for(stored, "scoring to store the match")
    assert match["seed"] == view.seed and match["seed_commitment"] == published
    assert commitment(match["seed"]) == match["seed_commitment"]
    assert match["lower_score_wins"] is (game == "inferno")
    history = scoring.get(f"/players/{me}/matches").json()
    assert table_id in str(history)
    board = scoring.get(f"/games/{game}/leaderboard/around/{me}", params={"radius": 0}).json()
    assert [e["player_id"] for e in board["entries"]] == [me]

    # One filter on the table id follows the table through every service's JSON logs.
    everyone = {"lobby", "engine", "worker", "dispatcher", "scoring"}
    deadline = time.monotonic() + 10
    while (
        services := {line["service"] for line in stack.log_lines(table_id=table_id)}
    ) != everyone:
        assert time.monotonic() < deadline, f"only {sorted(services)} logged the table"
        time.sleep(0.2)
    story = stack.log_lines(table_id=table_id)
    events = {(line["service"], line["event"]) for line in story}
    assert ("lobby", "table_started") in events and ("engine", "table_created") in events
    assert ("worker", "bot_move") in events and ("scoring", "match_stored") in events
    assert ("dispatcher", "table_followed") in events
    # A bot's move is logged with its Celery task id as the request id it sends the engine.
    bot_requests = {line["request_id"] for line in story if line["event"] == "bot_move"}
    assert bot_requests and all(isinstance(r, str) and r for r in bot_requests)


def test_dantes_inferno_through_every_service_with_trades_to_the_leaderboard(
    stack: StackProcess,
) -> None:
    """Dante's Inferno, the board game: a person creates a 2-round table with two bots (the
    lobby validates the option, the engine gets it), plays every decision the table waits for
    over gRPC, offers the bots trades they must answer through the engine (the table waits for
    them), accepts what they offer, and the result reaches the leaderboard and verifies."""
    from inferno_proto.codecs import action_from_proto, action_to_proto
    from inferno_rules import Action

    lobby = httpx.Client(base_url=stack.lobby, timeout=10)
    tokens, me, auth = sign_up(lobby)
    bad = lobby.post(
        "/tables",
        json={"game": "dantes_inferno", "players": 3, "options": {"ROUND_CAP": 900}},
        headers=auth,
    )
    assert bad.status_code == 422 and "ROUND_CAP" in bad.text
    made = lobby.post(
        "/tables",
        json={"game": "dantes_inferno", "players": 3, "options": {"ROUND_CAP": 2}},
        headers=auth,
    )
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    for _ in range(2):
        assert lobby.post(f"/tables/{table_id}/bots", json={}, headers=auth).status_code == 200
    started = lobby.post(f"/tables/{table_id}/start", headers=auth)
    assert started.status_code == 200, started.text
    metadata = (("authorization", f"Bearer {tokens['access_token']}"),)
    offered: set[int] = set()
    with grpc.insecure_channel(stack.engine) as channel:
        engine = engine_pb2_grpc.EngineStub(channel)
        deadline = time.monotonic() + 240
        while True:
            assert time.monotonic() < deadline, "the game did not end"
            view = engine.GetView(pb.GetViewRequest(table_id=table_id), metadata=metadata)
            if view.status == pb.TABLE_STATUS_FINISHED:
                break
            g = view.dantes_inferno
            if view.your_seat not in view.decision.waiting_on:
                time.sleep(0.05)  # nobody waits for us: the bots' turn (we may trade, need not)
                continue
            legal = [action_from_proto(a) for a in view.legal_actions]
            answers = [a for a in legal if a.kind == "accept" and a.arg is not None]
            mine = g.resources[view.your_seat]
            asked = [s.seat for s in view.seats if s.bot and s.seat not in offered]
            if any(o.from_seat == view.your_seat for o in g.offers):
                time.sleep(0.05)  # our offer waits for the bot's answer
                continue
            rejects = [a for a in legal if a.kind == "reject"]
            if answers or rejects:
                move = (answers or rejects)[0]  # a bot's offer to us: take it if we can
            elif g.phase == "main" and g.active == view.your_seat and asked:
                # Give one of what we hold most, or (holding nothing) ask for one Y.
                kind = max("YRBG", key=lambda k: getattr(mine, k.lower()))
                held = getattr(mine, kind.lower()) > 0
                trade = {"give": {kind: 1}} if held else {"get": {"Y": 1}}
                move = Action("offer", {"to": asked[0], **trade, "note": "a deal?"})
                offered.add(asked[0])
            else:
                move = legal[0]  # end the turn in MAIN, the first choice elsewhere
            try:
                engine.SubmitAction(
                    pb.SubmitActionRequest(
                        table_id=table_id,
                        expected_version=view.version,
                        action_id=uuid.uuid4().hex,
                        action=action_to_proto("dantes_inferno", move),
                    ),
                    metadata=metadata,
                )
            except grpc.RpcError as err:
                # A bot traded between our view and our move: look again.
                assert err.code() == grpc.StatusCode.ABORTED, err
    assert view.seed and verify(load(stack.redis_url, stack.prefix, table_id)) == []
    record = load(stack.redis_url, stack.prefix, table_id)
    bots = {s.seat for s in view.seats if s.bot}
    answered = [
        e["data"]
        for e in record["events"]
        if e["kind"] in ("accept", "reject") and e["data"].get("to", e["data"].get("by")) in bots
    ]
    assert offered and answered, "the bots answered our offers through the engine"
    scoring = httpx.Client(base_url=stack.scoring, timeout=10)

    def stored() -> dict[str, Any] | None:
        answer = scoring.get(f"/matches/{table_id}")
        return answer.json() if answer.status_code == 200 else None

    match = wait_for(stored, "scoring to store the match")
    assert match["seed"] == view.seed and match["lower_score_wins"] is False
    board = scoring.get(
        "/games/dantes_inferno/leaderboard/around/" + me, params={"radius": 0}
    ).json()
    assert [e["player_id"] for e in board["entries"]] == [me]
