"""Over whole games, no seat's view, answers or event stream ever holds another seat's cards.

The reference for "hidden" is the rules core's ``private_tokens(state)`` (the cards each seat
holds right now), computed from the state stored in Redis after every move; every string in
every message a seat receives is checked against the other seats' tokens.
"""

from __future__ import annotations

import asyncio
import random

import pytest
import redis

from inferno_auth import Role
from inferno_proto import engine_pb2 as pb
from inferno_rules import get_game

from .client import Client, create_table, shut_down

pytestmark = pytest.mark.anyio
GAME = get_game("oh_hell")


def strings(message) -> set[str]:
    """Every string anywhere in a protobuf message."""
    found: set[str] = set()
    for field, value in message.ListFields():
        values = value if field.is_repeated else [value]
        for item in values:
            if field.message_type is not None:
                found |= strings(item)
            elif isinstance(item, str):
                found.add(item)
    return found


async def collect(client: Client, table_id: str, into: list[pb.Event]) -> None:
    async for batch in client.stream(table_id):
        into.extend(batch.events)


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {"order": 2}), (5, {"simultaneous_bids": True, "la_podrida": True})],
)
async def test_no_seat_ever_sees_another_seats_cards(
    engine, redis_url, redis_prefix, players, options
) -> None:
    names = [f"p{i}" for i in range(players)]
    await create_table(engine.address, "t", names, options)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(names)}
    spectator = Client(engine.address, "watcher", Role.SPECTATOR)
    streams: dict[int, list[pb.Event]] = {seat: [] for seat in clients}
    readers = [asyncio.create_task(collect(clients[s], "t", streams[s])) for s in clients]
    store = redis.Redis.from_url(redis_url)
    state_key = f"{redis_prefix}{{t:t}}:state"
    rng = random.Random(players)
    sealed_checked = 0
    try:
        while True:
            state = GAME.decode(store.hget(state_key, "state"))
            secret = GAME.private_tokens(state)
            views = {seat: await c.view("t") for seat, c in clients.items()}
            views[-1] = await spectator.view("t")
            for seat, view in views.items():
                others = set().union(*(cards for s, cards in secret.items() if s != seat))
                assert not strings(view) & others, f"seat {seat} sees another seat's cards"
                if seat >= 0:
                    assert set(view.oh_hell.hand) == secret[seat]
                if state.simultaneous and state.phase == "bidding":
                    shown = {s.seat for s in view.oh_hell.seats if s.HasField("bid")}
                    assert shown <= {seat}, "a sealed bid was shown before the reveal"
                    sealed_checked += 1
            if not views[0].decision.seats:
                break
            seat = rng.choice(list(views[0].decision.seats))
            move = rng.choice(list(views[seat].legal_actions))
            answer = await clients[seat].submit("t", views[seat].version, move)
            others = set().union(*(cards for s, cards in secret.items() if s != seat))
            assert not strings(answer) & others
        await asyncio.wait_for(asyncio.gather(*readers), 10)
    finally:
        await shut_down(readers, [*clients.values(), spectator])
        store.close()
    assert views[0].status == pb.TABLE_STATUS_FINISHED
    if options.get("simultaneous_bids"):
        assert sealed_checked > 0
    for seat, events in streams.items():
        ids = [e.id for e in events]
        assert len(ids) == len(set(ids)), "an event came twice"
        dealt = [e.oh_hell.hand_dealt for e in events if e.oh_hell.HasField("hand_dealt")]
        assert dealt and all(d.seat == seat for d in dealt), "another seat's deal leaked"
        bids = [e.oh_hell.bid for e in events if e.oh_hell.HasField("bid")]
        if options.get("simultaneous_bids"):
            assert all(b.seat == seat for b in bids), "another seat's sealed bid leaked"
        else:
            assert len(bids) == players * len(dealt)
        assert events[-1].oh_hell.HasField("game_end")
