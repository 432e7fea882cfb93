"""Burn in Hell through a real engine process: tables open with the game's options, every
viewer gets the Burn in Hell view, and bad requests are refused with a reason.

What needs the deal to run (the engine ticking real-time tables) is not tested here; the
translation's tests play whole games on the rules with a simulated clock.
"""

from __future__ import annotations

import asyncio

import grpc
import pytest

from inferno_auth import Role
from inferno_proto import burn_in_hell_pb2 as bih
from inferno_proto import engine_pb2 as pb

from .client import Client, status_of

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "dante"]


async def open_table(address: str, table_id: str, **options: object) -> pb.CreateTableResponse:
    lobby = Client(address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id=table_id, game="burn_in_hell")
        for name in PLAYERS:
            request.seats.add(player_id=name, name=name.title())
        request.options.burn_in_hell.SetInParent()
        for field, value in options.items():
            setattr(request.options.burn_in_hell, field, value)
        return await lobby.stub.CreateTable(request, metadata=lobby.metadata)
    finally:
        await lobby.close()


async def test_a_table_opens_with_its_options_and_every_viewer_gets_the_game_view(
    engine,
) -> None:
    await open_table(
        engine.address, "burn", deal_interval_ms=3000, match=bih.BURN_IN_HELL_MATCH_OPEN
    )
    ana = Client(engine.address, "ana")
    watcher = Client(engine.address, "watcher", Role.SPECTATOR)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    try:
        mine = await ana.view("burn")
        public = await watcher.view("burn")
        full = await operator.stub.GetFullView(
            pb.GetFullViewRequest(table_id="burn", reason="test"), metadata=operator.metadata
        )
    finally:
        for client in (ana, watcher, operator):
            await client.close()
    for answer in (mine, public, full):
        assert answer.game == "burn_in_hell"
        assert answer.WhichOneof("game_view") == "burn_in_hell"
        v = answer.burn_in_hell
        assert (v.deal_interval_ms, v.match) == (3000, bih.BURN_IN_HELL_MATCH_OPEN)
        assert (v.phase, v.round, v.rounds, v.round_starts_at) == ("countdown", 1, 1, 5000)
        assert v.deck_count == 108 and len(v.seats) == 4
    assert mine.your_seat == 0
    # The deck is the operator's alone.
    assert not mine.burn_in_hell.deck and not public.burn_in_hell.deck
    assert len(full.burn_in_hell.deck) == 108
    # Nobody may act during the countdown.
    assert not mine.decision.seats and not mine.legal_actions


async def test_the_defaults_apply_when_no_options_are_sent(engine) -> None:
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id="plain", game="burn_in_hell")
        for name in PLAYERS:
            request.seats.add(player_id=name, name=name)
        await lobby.stub.CreateTable(request, metadata=lobby.metadata)
        v = (await lobby.view("plain", seat=1)).burn_in_hell
    finally:
        await lobby.close()
    assert (v.deal_interval_ms, v.match, v.rounds) == (2000, bih.BURN_IN_HELL_MATCH_SERIES, 4)


async def test_bad_options_and_malformed_commands_are_refused_with_a_reason(engine) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await open_table(engine.address, "slow", deal_interval_ms=500)
    code, meta = status_of(refused.value)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert meta["inferno-reason"] == "bad_option:DEAL_INTERVAL_MS"
    assert "1000" in refused.value.details()

    await open_table(engine.address, "burn")
    ana = Client(engine.address, "ana")
    try:
        version = (await ana.view("burn")).version
        for action, reason in [
            (pb.Action(burn_in_hell={"grab": {}}), "no_cards"),
            (pb.Action(burn_in_hell={}), "empty_action"),
            (pb.Action(burn_in_hell={"offer": {"give": ["P1"]}}), "no_recipient"),
            (pb.Action(oh_hell={"bid": {"count": 1}}), "wrong_game_action"),
        ]:
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await ana.submit("burn", version, action)
            code, meta = status_of(refused.value)
            assert (code, meta["inferno-reason"]) == (grpc.StatusCode.INVALID_ARGUMENT, reason)
        assert (await ana.view("burn")).version == version  # nothing changed
    finally:
        await ana.close()


async def test_every_command_counts_toward_the_rate_limit_refused_ones_too(engine) -> None:
    """The spec's 5 commands/s per player: a client sending refused commands without end is
    stopped too (the rules alone count only accepted ones), the limit is per seat, and it
    lifts when the second has passed."""
    await open_table(engine.address, "burn")
    ana, bruno = Client(engine.address, "ana"), Client(engine.address, "bruno")
    grab = pb.Action(burn_in_hell={"grab": {}})
    try:
        version = (await ana.view("burn")).version
        reasons = []
        for _ in range(7):
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await ana.submit("burn", version, grab)
            reasons.append(status_of(refused.value)[1]["inferno-reason"])
        assert reasons[:5] == ["no_cards"] * 5, reasons
        assert reasons[5:] == ["rate", "rate"], reasons
        assert "5 commands per 1 s" in refused.value.details()
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await bruno.submit("burn", version, grab)
        assert status_of(refused.value)[1]["inferno-reason"] == "no_cards"
        await asyncio.sleep(1.1)
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await ana.submit("burn", version, grab)
        assert status_of(refused.value)[1]["inferno-reason"] == "no_cards"
        assert (await ana.view("burn")).version == version  # nothing changed the table
    finally:
        await ana.close()
        await bruno.close()
