"""Four clients play whole games of Oh Hell through the gRPC API, as a mobile app would."""

from __future__ import annotations

import random

import pytest

from inferno_auth import Role
from inferno_engine.verify import load, verify
from inferno_proto import engine_pb2 as pb
from inferno_rules import commitment

from .client import Client, bus_when, create_table, play_one_move

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]


async def test_four_clients_play_a_whole_game(engine, redis_url, redis_prefix) -> None:
    created = await create_table(engine.address, "t1", PLAYERS, {"order": 2}, turn_seconds=30)
    assert created.version == 1 and len(created.seed_commitment) == 64
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    rng = random.Random(7)
    moves = 0
    try:
        first = await clients[0].view("t1")
        assert first.your_seat == 0 and first.status == pb.TABLE_STATUS_LIVE
        assert first.oh_hell.cards_this_hand == 13 and len(first.oh_hell.hand) == 13
        assert first.clocks.deadline_ms == first.clocks.decision_since_ms + 30_000
        while (step := await play_one_move(clients, "t1", rng)) is not None:
            view, answer = step
            moves += 1
            assert answer.version == view.version + 1
            assert answer.events and not answer.replayed
            after = await clients[0].view("t1")
            assert list(answer.decision.seats) == list(after.decision.seats)
        final = await clients[2].view("t1")
    finally:
        for client in clients.values():
            await client.close()
    # DESC with 4 players: 13 hands of 13 … 1 cards, each one bid per seat plus one card per seat
    # per trick.
    assert moves == 13 * 4 + 4 * sum(range(1, 14))
    assert final.status == pb.TABLE_STATUS_FINISHED
    assert final.version == 1 + moves
    assert final.oh_hell.phase == "over" and len(final.oh_hell.history) == 13
    assert commitment(final.seed) == created.seed_commitment
    assert not final.decision.seats and not final.legal_actions

    envelopes = await bus_when(
        redis_url, redis_prefix, lambda es: any(e.type == "table.finished" for e in es)
    )
    kinds = [e.type for e in envelopes]
    assert kinds.count("table.created") == 1
    assert kinds.count("table.action_applied") == moves
    assert kinds.count("table.round_scored") == 13
    assert kinds.count("table.finished") == 1
    finished = next(e for e in envelopes if e.type == "table.finished")
    assert finished.payload["seed"] == final.seed
    assert finished.payload["seed_commitment"] == created.seed_commitment
    assert finished.payload["scores"] == [s.score for s in final.oh_hell.seats]
    assert [r["number"] for r in finished.payload["rounds"]] == list(range(1, 14))
    assert len({e.id for e in envelopes}) == len(envelopes)
    # The finished table passes the shuffle verification from its revealed seed.
    assert verify(load(redis_url, redis_prefix, "t1")) == []


async def test_a_spectator_follows_the_public_view(engine) -> None:
    await create_table(engine.address, "t2", PLAYERS[:3])
    watcher = Client(engine.address, "viewer-1", Role.SPECTATOR, table="t2")
    try:
        view = await watcher.view("t2")
    finally:
        await watcher.close()
    assert not view.HasField("your_seat")
    assert list(view.oh_hell.hand) == [] and not view.legal_actions
    assert [s.hand_size for s in view.oh_hell.seats] == [1, 1, 1]
