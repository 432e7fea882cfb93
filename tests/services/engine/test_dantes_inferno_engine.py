"""Dante's Inferno served by the engine: its options, views and moves over gRPC, several seats
acting in one MAIN step (an offer to the active player, accepted), whose decision the table
waits for (``waiting_on`` in GetView, SubmitAction's answer and on the bus), the operators'
full view (the stacks' order), and over a whole game no seat's or spectator's view, answer or
event stream names a tile still in a stack (``private_tokens``, filed under seat -1). The
finished table verifies from its revealed seed."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
import redis

from inferno_auth import Role
from inferno_engine.verify import load, verify
from inferno_proto import dantes_inferno_pb2 as di
from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import action_from_proto, action_to_proto
from inferno_rules import Action, get_game

from .client import Client, bus_when, shut_down, status_of
from .test_hidden_information import collect, strings

pytestmark = pytest.mark.anyio
GAME = get_game("dantes_inferno")
PLAYERS = ["ana", "bea", "cid"]


async def open_table(address: str, table_id: str, round_cap: int) -> None:
    lobby = Client(address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id=table_id, game="dantes_inferno")
        for name in PLAYERS:
            request.seats.add(player_id=name, name=name.title())
        request.options.dantes_inferno.round_cap = round_cap
        await lobby.stub.CreateTable(request, metadata=lobby.metadata)
    finally:
        await lobby.close()


def stacked(store: redis.Redis, prefix: str, table_id: str) -> set[str]:
    state = GAME.decode(store.hget(f"{prefix}{{t:{table_id}}}:state", "state"))
    return set(GAME.private_tokens(state)[-1])


async def test_a_whole_game_hides_the_stacks_and_waits_for_the_right_seats(
    engine, redis_url, redis_prefix
) -> None:
    await open_table(engine.address, "t", round_cap=5)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    spectator = Client(engine.address, "watcher", Role.SPECTATOR)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    streams: dict[int, list[pb.Event]] = {seat: [] for seat in clients}
    readers = [asyncio.create_task(collect(clients[s], "t", streams[s])) for s in clients]
    store = redis.Redis.from_url(redis_url)
    rng = random.Random(3)
    traded = moves = 0
    try:
        while True:
            hidden = stacked(store, redis_prefix, "t")
            views = {seat: await c.view("t") for seat, c in clients.items()}
            views[-1] = await spectator.view("t")
            for seat, view in views.items():
                assert view.game == "dantes_inferno" and view.dantes_inferno.round_cap == 5
                assert not strings(view) & hidden, f"seat {seat} sees a stacked tile"
                assert not view.dantes_inferno.stacks_shown
            if moves % 20 == 0:
                full = await operator.stub.GetFullView(
                    pb.GetFullViewRequest(table_id="t", reason="test"), metadata=operator.metadata
                )
                shown = {tile for s in full.dantes_inferno.stacks for tile in s.tiles}
                assert full.dantes_inferno.stacks_shown and shown == hidden
            g = views[0].dantes_inferno
            decision = views[0].decision
            if not decision.seats:
                break
            # Only the active player and seats with an offer to answer are waited for.
            answering = {o.to_seat for o in g.offers}
            expected = [s for s in decision.seats if s == g.active or s in answering]
            assert list(decision.waiting_on) == expected
            holding = {
                s: r for s, r in enumerate(g.resources) if s != g.active and r.y + r.r + r.b + r.g
            }
            mine = g.resources[g.active]
            others = [s for s in decision.seats if s != g.active]
            if (
                g.phase == "main"
                and not g.offers
                and traded < 3
                and (holding or sum((mine.y, mine.r, mine.b, mine.g)))
            ):
                # A seat that is not the active player offers him a trade, and he takes it: it
                # gives one of what it holds most, or (holding nothing) asks for one of his.
                if holding:
                    giver, has = sorted(holding.items())[traded % len(holding)]
                    side = "give"
                else:
                    giver, has, side = others[traded % len(others)], mine, "get"
                kind = max("YRBG", key=lambda k: getattr(has, k.lower()))
                offer = Action("offer", {"to": g.active, side: {kind: 1}, "note": "hi"})
                message = action_to_proto("dantes_inferno", offer)
                made = await clients[giver].submit("t", views[0].version, message)
                assert g.active in made.decision.waiting_on  # the active player must answer
                (shown_offer,) = (await clients[g.active].view("t")).dantes_inferno.offers
                accept = pb.Action(
                    dantes_inferno=di.DantesInfernoAction(
                        accept_offer=di.DantesInfernoAction.AcceptOffer(offer_id=shown_offer.id)
                    )
                )
                await clients[g.active].submit("t", made.version, accept)
                traded += 1
                moves += 2
                continue
            seat = rng.choice(list(decision.waiting_on))
            legal = list(views[seat].legal_actions)
            # Keep the match short: the active player ends his turn now and then.
            ending = [a for a in legal if action_from_proto(a).kind == "end_turn"]
            move = ending[0] if ending and rng.random() < 0.3 else rng.choice(legal)
            answer = await clients[seat].submit("t", views[seat].version, move)
            # A tile laid by this move is public now; the rest of the stacks are not.
            assert not strings(answer) & stacked(store, redis_prefix, "t")
            moves += 1
        await asyncio.wait_for(asyncio.gather(*readers), 20)
    finally:
        await shut_down(readers, [*clients.values(), spectator, operator])
        store.close()
    # Whether anyone holds a resource to trade is the dice's doing (the seed is the engine's
    # secret); over five rounds someone always has: a 3-seat table rolls 15 times.
    assert traded >= 1
    assert views[0].status == pb.TABLE_STATUS_FINISHED and views[0].seed
    for events in streams.values():
        kinds = [e.dantes_inferno.WhichOneof("kind") for e in events]
        # Ours were accepted; the random moves may have made and taken offers too.
        assert kinds.count("accept") >= traded and kinds[-1] == "game_over"
        # Tiles become public only when laid: every tile named in a stream was laid by then.
        laid = {e.dantes_inferno.tile_placed.tile for e in events}
        assert all(e.dantes_inferno.tile_placed.tile in laid for e in events)
    envelopes = await bus_when(
        redis_url, redis_prefix, lambda es: any(e.type == "table.finished" for e in es)
    )
    applied = [e.payload for e in envelopes if e.type == "table.action_applied"]
    assert all(set(p["waiting_on"]) <= set(p["to_act"]) for p in applied)
    assert any(p["waiting_on"] != p["to_act"] for p in applied), "MAIN waits for fewer seats"
    assert verify(load(redis_url, redis_prefix, "t")) == []


async def test_a_seat_that_is_not_the_active_player_cannot_build(engine) -> None:
    await open_table(engine.address, "b", round_cap=1)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    try:
        view = await clients[0].view("b")
        while view.dantes_inferno.phase != "main":
            (seat,) = view.decision.waiting_on
            mine = await clients[seat].view("b")
            await clients[seat].submit("b", mine.version, mine.legal_actions[0])
            view = await clients[0].view("b")
        active = view.dantes_inferno.active
        other = (active + 1) % len(PLAYERS)
        end = action_to_proto("dantes_inferno", Action("end_turn", None))
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await clients[other].submit("b", view.version, end)
        code, trailers = status_of(refused.value)
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert trailers["inferno-reason"] == "not_active"
        assert (await clients[0].view("b")).version == view.version
    finally:
        for client in clients.values():
            await client.close()


async def test_a_bad_round_cap_is_refused_with_its_reason(engine) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await open_table(engine.address, "bad", round_cap=500)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    reasons = dict(refused.value.trailing_metadata() or ())
    assert reasons.get("inferno-reason") == "bad_option:ROUND_CAP"
