"""Inferno (2005) through the engine's gRPC API: whole matches, hidden cards, bad moves.

Real engine processes against the real Redis, as in the Oh Hell tests. The reference for what is
hidden is the rules core's ``private_tokens(state)`` (each seat's hand and face-down stack),
read from the state the engine stores in Redis after every move.
"""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
import redis

from inferno_auth import Role
from inferno_engine.verify import load, verify
from inferno_proto import engine_pb2 as pb
from inferno_proto.options import options_to_proto
from inferno_rules import commitment, get_game

from .client import Client, bid, bus_when, shut_down
from .test_errors import Checker
from .test_hidden_information import strings

pytestmark = pytest.mark.anyio
GAME = get_game("inferno")
PLAYERS = ["ana", "bruno", "carla", "duarte"]
FAILED, INVALID = grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.INVALID_ARGUMENT


def play(card: str) -> pb.Action:
    action = pb.Action()
    action.inferno.play.card = card
    return action


def take() -> pb.Action:
    action = pb.Action()
    action.inferno.take.SetInParent()
    return action


async def create_inferno(
    address: str, table_id: str, players: list[str], **kw
) -> pb.CreateTableResponse:
    lobby = Client(address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id=table_id, game="inferno", **kw)
        for name in players:
            request.seats.add(player_id=name, name=name.title())
        return await lobby.stub.CreateTable(request, metadata=lobby.metadata)
    finally:
        await lobby.close()


async def collect(client: Client, table_id: str, into: list[pb.Event]) -> None:
    async for batch in client.stream(table_id):
        into.extend(batch.events)


def announced(event: pb.Event) -> set[str]:
    """Cards an event shows everyone by the rules: a card played, a pile taken with its
    completion cards, the stacks revealed when a round is scored."""
    e = event.inferno
    kind = e.WhichOneof("kind")
    if kind in ("lead", "add"):
        return {getattr(e, kind).card}
    if kind == "take":
        return {*e.take.cards, *e.take.drawn}
    return round_end_stacks(pb.EventBatch(events=[event]))


def assert_no_leak(seat: int, event: pb.Event, secret_at: dict[int, dict]) -> None:
    """``event`` (of version v) shows ``seat`` no card hidden from it, except what the event
    announces by the rules. Version v > 1 is a move on the state of version v - 1, ending in the
    state of version v; a new round's deal is checked against the new round's hands only."""
    before = secret_at[max(1, event.version - 1)]
    after = secret_at[event.version]
    new_round = event.inferno.WhichOneof("kind") in ("round_start", "hand_dealt")
    hidden = set().union(
        *(cards for s, cards in after.items() if s != seat),
        *(() if new_round else (cards for s, cards in before.items() if s != seat)),
    )
    shown = strings(event) - announced(event)
    assert not shown & hidden, f"seat {seat} was shown another seat's cards: {event}"
    played = event.inferno.lead if event.inferno.HasField("lead") else event.inferno.add
    if played.card:  # a seat only ever shows its own card, by playing it
        assert played.card in before[played.seat]


def round_end_stacks(message) -> set[str]:
    """Cards the rules reveal on purpose when a round is scored (every stack, face up)."""
    shown: set[str] = set()
    for event in getattr(message, "events", ()):
        if event.inferno.HasField("round_end"):
            for stack in event.inferno.round_end.stacks:
                shown |= set(stack.cards)
    return shown


async def test_four_clients_play_a_whole_inferno_match(engine, redis_url, redis_prefix) -> None:
    created = await create_inferno(engine.address, "m1", PLAYERS, turn_seconds=30)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    rng = random.Random(2005)
    moves = takes = 0
    try:
        first = await clients[0].view("m1")
        assert first.game == "inferno" and first.status == pb.TABLE_STATUS_LIVE
        assert len(first.inferno.hand) == 12 and first.inferno.draw_pile == 100 - 48
        assert [s.hand_size for s in first.inferno.seats] == [12] * 4
        while True:
            public = await clients[0].view("m1")
            if not public.decision.seats:
                break
            seat = public.decision.seats[0]
            view = await clients[seat].view("m1")
            legal = list(view.legal_actions)
            assert legal, "the seat to act always has a move"
            if view.inferno.pile:  # following: every add matches the lead, and TAKE is offered
                assert any(a.inferno.HasField("take") for a in legal)
                for a in legal:
                    if a.inferno.HasField("play"):
                        colour, value, _ = a.inferno.play.card.split("-")
                        assert (
                            colour == view.inferno.lead_colour
                            or int(value) == view.inferno.lead_value
                        )
            else:
                assert {a.inferno.play.card for a in legal} == set(view.inferno.hand)
            move = rng.choice(legal)
            takes += move.inferno.HasField("take")
            answer = await clients[seat].submit("m1", view.version, move)
            moves += 1
            assert answer.version == view.version + 1 and answer.events
        final = await clients[2].view("m1")
    finally:
        for client in clients.values():
            await client.close()
    assert final.status == pb.TABLE_STATUS_FINISHED and final.version == 1 + moves
    assert final.inferno.phase == "over" and final.inferno.winners
    rounds = len(final.inferno.history)
    assert rounds >= 4 and takes > 0
    assert commitment(final.seed) == created.seed_commitment

    envelopes = await bus_when(
        redis_url, redis_prefix, lambda es: any(e.type == "table.finished" for e in es)
    )
    kinds = [e.type for e in envelopes]
    assert kinds.count("table.action_applied") == moves
    scored = [e.payload for e in envelopes if e.type == "table.round_scored"]
    assert [s["round"] for s in scored] == list(range(1, rounds + 1))
    assert all(s["game"] == "inferno" and "decisive" in s["detail"] for s in scored)
    assert [s["points"] for s in scored] == [list(r.points) for r in final.inferno.history]
    # The match score is the regular rounds' total (decisive rounds only break a tie for
    # first place, rules §6), and the ranking follows it below the winners.
    totals = [s.total for s in final.inferno.seats]
    assert scored[-1]["scores"] == totals
    finished = next(e.payload for e in envelopes if e.type == "table.finished")
    assert finished["game"] == "inferno" and finished["lower_score_wins"] is True
    assert finished["scores"] == totals
    assert finished["winners"] == list(final.inferno.winners)
    best = max(totals[s] for s in finished["winners"])
    assert all(finished["ranking"][s] == 1 for s in finished["winners"]) and best == min(totals)
    others = [s for s in range(len(totals)) if s not in finished["winners"]]
    for a in others:  # below the winners, places follow the scores and equal ones stay tied
        for b in others:
            if totals[a] <= totals[b]:
                assert finished["ranking"][a] <= finished["ranking"][b]
    assert [r["detail"] for r in finished["rounds"]] == [s["detail"] for s in scored]
    assert finished["seed"] == final.seed
    # Every take is named on the bus as made; the revealed seed replays the whole log.
    applied = [e.payload["action"] for e in envelopes if e.type == "table.action_applied"]
    assert sum(a["kind"] == "take" for a in applied) == takes
    assert verify(load(redis_url, redis_prefix, "m1")) == []


@pytest.mark.parametrize("players", [3, 5])
async def test_no_seat_ever_sees_another_seats_hidden_cards(
    engine, redis_url, redis_prefix, players
) -> None:
    names = [f"p{i}" for i in range(players)]
    await create_inferno(engine.address, "h", names)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(names)}
    spectator = Client(engine.address, "watcher", Role.SPECTATOR)
    streams: dict[int, list[pb.Event]] = {seat: [] for seat in clients}
    answered: dict[int, list[pb.Event]] = {seat: [] for seat in clients}
    readers = [asyncio.create_task(collect(clients[s], "h", streams[s])) for s in clients]
    store = redis.Redis.from_url(redis_url)
    state_key = f"{redis_prefix}{{t:h}}:state"
    rng = random.Random(players)
    secret_at: dict[int, dict[int, frozenset[str]]] = {}
    stacks_checked = 0
    try:
        while True:
            state = GAME.decode(store.hget(state_key, "state"))
            secret = GAME.private_tokens(state)
            views = {seat: await c.view("h") for seat, c in clients.items()}
            views[-1] = await spectator.view("h")
            secret_at[views[0].version] = secret
            for seat, view in views.items():
                others = set().union(*(cards for s, cards in secret.items() if s != seat))
                assert not strings(view) & others, f"seat {seat} sees another seat's cards"
                if seat >= 0:
                    assert set(view.inferno.hand) | set(view.inferno.taken) == secret[seat]
                    stacks_checked += bool(view.inferno.taken)
                else:
                    assert not view.inferno.hand and not view.inferno.taken
            if not views[0].decision.seats:
                break
            seat = views[0].decision.seats[0]
            move = rng.choice(list(views[seat].legal_actions))
            answer = await clients[seat].submit("h", views[seat].version, move)
            answered[seat].extend(answer.events)  # checked once the next state is known
        await asyncio.wait_for(asyncio.gather(*readers), 10)
    finally:
        await shut_down(readers, [*clients.values(), spectator])
        store.close()
    assert views[0].status == pb.TABLE_STATUS_FINISHED and stacks_checked > 0
    for seat, events in streams.items():
        ids = [e.id for e in events]
        assert len(ids) == len(set(ids)), "an event came twice"
        dealt = [e.inferno.hand_dealt for e in events if e.inferno.HasField("hand_dealt")]
        assert dealt and all(d.seat == seat for d in dealt), "another seat's deal leaked"
        for event in (*events, *answered[seat]):
            assert_no_leak(seat, event, secret_at)
        assert events[-1].inferno.HasField("match_end")


@pytest.fixture
def check(redis_url, redis_prefix) -> Checker:
    return Checker(redis_url, redis_prefix)


async def test_bad_moves_are_refused_and_change_nothing(engine, check) -> None:
    await create_inferno(engine.address, "b", PLAYERS)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    try:
        view = await clients[0].view("b")
        starter = view.decision.seats[0]
        me = clients[starter]
        mine = await me.view("b")
        await check.refused(me.submit("b", view.version, take()), FAILED, "must_lead")
        others = (await clients[(starter + 1) % 4].view("b")).inferno.hand
        not_held = next(c for c in others if c not in mine.inferno.hand)
        await check.refused(me.submit("b", view.version, play(not_held)), FAILED, "card_not_held")
        await check.refused(me.submit("b", view.version, play("GOLD-9-c1")), INVALID, "not_a_card")
        await check.refused(me.submit("b", view.version, play("")), INVALID, "not_a_card")
        await check.refused(me.submit("b", view.version, bid(1)), INVALID, "wrong_game_action")
        await check.refused(
            me.submit("b", view.version, pb.Action(inferno={})), INVALID, "empty_action"
        )
        await check.refused(
            clients[(starter + 1) % 4].submit("b", view.version, take()), FAILED, "not_your_turn"
        )
        # Lead, then find a seat holding a card that matches neither colour nor value.
        lead = mine.inferno.hand[0]
        await me.submit("b", view.version, play(lead))
        colour, value, _ = lead.split("-")
        nxt = clients[(starter + 1) % 4]
        view = await nxt.view("b")
        wrong = [
            c for c in view.inferno.hand if c.split("-")[0] != colour and c.split("-")[1] != value
        ]
        assert wrong, "twelve cards always include one off the lead's colour and value"
        await check.refused(nxt.submit("b", view.version, play(wrong[0])), FAILED, "does_not_match")
        again = await nxt.view("b")
        again.clocks.server_time_ms = view.clocks.server_time_ms  # the only thing that moves
        assert again == view, "the refused move changed the view"
        answer = await nxt.submit("b", view.version, take())
        taken = answer.events[0].inferno.take
        assert list(taken.cards) == [lead] and len(taken.drawn) == 2 and taken.stack_size == 3
        # The taker leads next, on an empty pile: TAKE is refused again.
        view = await nxt.view("b")
        assert list(view.decision.seats) == [(starter + 1) % 4] and not view.inferno.pile
        assert len(view.inferno.taken) == 3
        await check.refused(nxt.submit("b", view.version, take()), FAILED, "must_lead")
    finally:
        for client in clients.values():
            await client.close()


async def test_oh_hell_options_cannot_open_an_inferno_table(engine, check) -> None:
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    try:
        request = pb.CreateTableRequest(table_id="o", game="inferno")
        for name in PLAYERS:
            request.seats.add(player_id=name, name=name)
        request.options.oh_hell.hook = True
        await check.refused(lobby.stub.CreateTable(request, metadata=lobby.metadata), INVALID)
        request.options.CopyFrom(options_to_proto("inferno", {}))  # what the lobby sends
        created = await lobby.stub.CreateTable(request, metadata=lobby.metadata)
        assert created.version == 1
    finally:
        await lobby.close()


async def test_forced_moves_and_the_operators_full_view(engine, redis_url, redis_prefix) -> None:
    """The worker's timeout move (rules §7): a seeded random lead, then TAKE when following."""
    await create_inferno(engine.address, "f", PLAYERS[:3])
    worker = Client(engine.address, "worker", Role.SERVICE)
    operator = Client(engine.address, "ops", Role.OPERATOR)
    try:
        view = await worker.view("f")
        starter = view.decision.seats[0]
        full = await operator.stub.GetFullView(
            pb.GetFullViewRequest(table_id="f", reason="test"), metadata=operator.metadata
        )
        hands = [list(h.cards) for h in full.inferno.all_hands]
        assert [len(h) for h in hands] == [12, 12, 12] and len(full.inferno.draw_order) == 64
        led = await worker.submit("f", view.version, None, seat=starter, forced=True)
        card = led.events[0].inferno.lead.card
        assert led.events[0].inferno.lead.seat == starter and card in hands[starter]
        nxt = (starter + 1) % 3
        took = await worker.submit("f", led.version, None, seat=nxt, forced=True)
        assert took.events[0].inferno.take.seat == nxt
        assert list(took.events[0].inferno.take.cards) == [card]
        assert list(took.events[0].inferno.take.drawn) == list(full.inferno.draw_order[:2])
    finally:
        await worker.close()
        await operator.close()
    envelopes = await bus_when(
        redis_url, redis_prefix, lambda es: sum(e.type == "table.action_applied" for e in es) == 2
    )
    applied = [e.payload for e in envelopes if e.type == "table.action_applied"]
    assert [a["forced"] for a in applied] == [True, True]
    assert [a["action"] for a in applied] == [
        {"kind": "play", "arg": card},
        {"kind": "take", "arg": None},
    ]
