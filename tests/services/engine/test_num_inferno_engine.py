"""Num Inferno served by the engine: its options and views over gRPC, the operators' full view
(every hand), and over a whole game no seat's view, answers or event stream ever holds another
seat's cards (``private_tokens``: the hands, read from the state stored after every move)."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
import redis

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb
from inferno_rules import get_game

from .client import Client, shut_down
from .test_hidden_information import collect, strings

pytestmark = pytest.mark.anyio
GAME = get_game("num_inferno")
PLAYERS = ["ana", "bea", "cid"]


async def open_table(address: str, table_id: str, rounds: int) -> None:
    lobby = Client(address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id=table_id, game="num_inferno")
        for name in PLAYERS:
            request.seats.add(player_id=name, name=name.title())
        request.options.num_inferno.rounds = rounds
        await lobby.stub.CreateTable(request, metadata=lobby.metadata)
    finally:
        await lobby.close()


async def full_view(operator: Client, table_id: str) -> pb.GetViewResponse:
    return await operator.stub.GetFullView(
        pb.GetFullViewRequest(table_id=table_id, reason="test"), metadata=operator.metadata
    )


async def test_a_whole_game_shows_each_seat_only_its_own_hand_and_operators_every_hand(
    engine, redis_url, redis_prefix
) -> None:
    await open_table(engine.address, "t", rounds=1)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    spectator = Client(engine.address, "watcher", Role.SPECTATOR)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    streams: dict[int, list[pb.Event]] = {seat: [] for seat in clients}
    readers = [asyncio.create_task(collect(clients[s], "t", streams[s])) for s in clients]
    store = redis.Redis.from_url(redis_url)
    state_key = f"{redis_prefix}{{t:t}}:state"
    rng = random.Random(7)
    moves = 0
    try:
        while True:
            state = GAME.decode(store.hget(state_key, "state"))
            secret = GAME.private_tokens(state)
            views = {seat: await c.view("t") for seat, c in clients.items()}
            views[-1] = await spectator.view("t")
            for seat, view in views.items():
                assert view.game == "num_inferno" and view.num_inferno.rounds == 1
                others = set().union(*(cards for s, cards in secret.items() if s != seat))
                assert not strings(view) & others, f"seat {seat} sees another seat's cards"
                assert not view.num_inferno.hands, "a non-operator got every hand"
                if seat >= 0:
                    assert set(view.num_inferno.hand) == secret[seat]
                else:
                    assert not view.num_inferno.hand
                assert list(view.num_inferno.hand_sizes) == [len(h) for h in state.hands]
            if moves % 25 == 0:
                full = await full_view(operator, "t")
                assert [list(h.cards) for h in full.num_inferno.hands] == [
                    list(h) for h in state.hands
                ]
                assert not full.HasField("your_seat") and not full.legal_actions
            if not views[0].decision.seats:
                break
            (seat,) = views[0].decision.seats
            move = rng.choice(list(views[seat].legal_actions))
            answer = await clients[seat].submit("t", views[seat].version, move)
            others = set().union(*(cards for s, cards in secret.items() if s != seat))
            assert not strings(answer) & others
            moves += 1
        await asyncio.wait_for(asyncio.gather(*readers), 20)
    finally:
        await shut_down(readers, [*clients.values(), spectator, operator])
        store.close()
    assert views[0].status == pb.TABLE_STATUS_FINISHED and views[0].seed
    for seat, events in streams.items():
        ids = [e.id for e in events]
        assert len(ids) == len(set(ids)), "an event came twice"
        dealt = [e.num_inferno.hand for e in events if e.num_inferno.HasField("hand")]
        assert len(dealt) == 1 and dealt[0].seat == seat, "another seat's deal leaked"
        plays = [e for e in events if e.num_inferno.HasField("play")]
        assert len(plays) + sum(e.num_inferno.HasField("passed") for e in events) == moves
        assert events[-1].num_inferno.HasField("game_over")


async def test_a_bad_rounds_option_is_refused_with_its_reason(engine) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await open_table(engine.address, "bad", rounds=9)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    reasons = dict(refused.value.trailing_metadata() or ())
    assert reasons.get("inferno-reason") == "bad_option:ROUNDS"
