"""Every class of bad call gets its status code and reason, and changes nothing in Redis.

"Nothing" is checked byte for byte: every key under the test's prefix (table state, event log,
answers, outbox, bus stream, audit log) is DUMPed before and after each refused call.
"""

from __future__ import annotations

import asyncio
import uuid

import grpc
import pytest
import redis

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2 as pb

from .client import Client, bid, create_table, play
from .conftest import token

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]


def dump_all(redis_url: str, prefix: str) -> dict[bytes, object]:
    """Every key under the prefix with its exact contents (bytes), by type.

    Not DUMP: a large hash's DUMP follows its internal table order, which a mere read may
    change (incremental rehashing) while every byte of every field stays the same.
    """
    client = redis.Redis.from_url(redis_url)
    readers = {
        b"hash": lambda k: sorted(client.hgetall(k).items()),
        b"stream": lambda k: client.xrange(k),
        b"list": lambda k: client.lrange(k, 0, -1),
        b"string": lambda k: client.get(k),
    }
    try:
        return {
            key: (kind, readers[kind](key))
            for key in sorted(client.scan_iter(match=prefix + "*"))
            for kind in [client.type(key)]
            if kind != b"none"  # deleted since the scan (an outbox that just drained)
        }
    finally:
        client.close()


async def settled(redis_url: str, prefix: str) -> dict[bytes, object]:
    """The keys once the bus publication of earlier successful calls (which happens just after
    they answer) has finished, i.e. every table's outbox is empty. A scan is not a snapshot
    (a key may change between the scan and its read), so the dump must also be stable."""
    for _ in range(100):
        keys = dump_all(redis_url, prefix)
        drained = not any(key.endswith(b":outbox") and value[1] for key, value in keys.items())
        if drained and dump_all(redis_url, prefix) == keys:
            return keys
        await asyncio.sleep(0.02)
    raise AssertionError("the bus outbox never drained")


class Checker:
    def __init__(self, redis_url: str, prefix: str) -> None:
        self.redis_url, self.prefix = redis_url, prefix

    async def refused(self, call, code: grpc.StatusCode, reason: str | None = None):
        before = await settled(self.redis_url, self.prefix)
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await call
        err = caught.value
        trailing = dict(err.trailing_metadata() or ())
        assert err.code() == code, (err.code(), err.details())
        assert err.details(), "every refusal says why"
        if reason is not None:
            assert trailing.get("inferno-reason") == reason, trailing
        assert dump_all(self.redis_url, self.prefix) == before, "a refused call changed Redis"
        return err, trailing


@pytest.fixture
def check(redis_url, redis_prefix) -> Checker:
    return Checker(redis_url, redis_prefix)


def raw_metadata(text: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", text),)


async def test_authentication_errors(engine, check) -> None:
    await create_table(engine.address, "t", PLAYERS)
    client = Client(engine.address, "ana")
    stub = client.stub
    request = pb.GetViewRequest(table_id="t")
    U = grpc.StatusCode.UNAUTHENTICATED
    try:
        await check.refused(stub.GetView(request), U, "unauthenticated")
        await check.refused(stub.GetView(request, metadata=raw_metadata("Basic abc")), U)
        forged = issue_token("another-key-entirely-0123456789abcdef", "ana", Role.PLAYER)
        await check.refused(
            stub.GetView(request, metadata=raw_metadata(f"Bearer {forged}")), U, "bad_token"
        )
        expired = token("ana", ttl_seconds=-60)
        await check.refused(stub.GetView(request, metadata=raw_metadata(f"Bearer {expired}")), U)
        refresh = token("ana", kind="refresh")
        await check.refused(stub.GetView(request, metadata=raw_metadata(f"Bearer {refresh}")), U)
        # Unauthenticated writes are refused before anything else is looked at.
        await check.refused(
            stub.SubmitAction(pb.SubmitActionRequest(table_id="t", action_id="x")), U
        )
    finally:
        await client.close()


async def test_permission_errors(engine, check) -> None:
    await create_table(engine.address, "t", PLAYERS)
    await create_table(engine.address, "other", ["x", "y", "z"])
    ana = Client(engine.address, "ana")
    view = await ana.view("t")
    seat = view.decision.seats[0]
    actor = Client(engine.address, PLAYERS[seat])
    other_seat = (seat + 1) % 4
    spectator = Client(engine.address, "watcher", Role.SPECTATOR)
    stranger = Client(engine.address, "zoe")
    wrong_bot = Client(engine.address, PLAYERS[seat], Role.BOT, table="other")
    P = grpc.StatusCode.PERMISSION_DENIED
    try:
        await check.refused(actor.submit("t", view.version, bid(0), seat=other_seat), P)
        await check.refused(spectator.submit("t", view.version, bid(0)), P, "wrong_role")
        await check.refused(stranger.submit("t", view.version, bid(0)), P, "not_seated")
        await check.refused(stranger.view("t"), P, "not_seated")
        await check.refused(actor.view("t", seat=other_seat), P, "not_your_seat")
        await check.refused(wrong_bot.view("t"), P, "wrong_table")
        await check.refused(actor.submit("t", view.version, bid(0), forced=True), P)
        await check.refused(
            actor.stub.PauseTable(pb.PauseTableRequest(table_id="t"), metadata=actor.metadata),
            P,
            "wrong_role",
        )
        await check.refused(
            actor.stub.GetFullView(pb.GetFullViewRequest(table_id="t"), metadata=actor.metadata),
            P,
        )
        create = pb.CreateTableRequest(table_id="new", game="oh_hell")
        for name in "abc":
            create.seats.add(player_id=name)
        await check.refused(actor.stub.CreateTable(create, metadata=actor.metadata), P)
        await check.refused(
            spectator.stub.StreamEvents(
                pb.StreamEventsRequest(table_id="t", seat=seat), metadata=spectator.metadata
            ).read(),
            P,
        )
    finally:
        for client in (ana, actor, spectator, stranger, wrong_bot):
            await client.close()


async def test_not_found_and_malformed_requests(engine, check) -> None:
    await create_table(engine.address, "t", PLAYERS)
    ana = Client(engine.address, "ana")
    lobby = Client(engine.address, "lobby", Role.SERVICE)
    view = await ana.view("t")
    actor = Client(engine.address, PLAYERS[view.decision.seats[0]])
    BAD = grpc.StatusCode.INVALID_ARGUMENT
    try:
        await check.refused(ana.view("nope"), grpc.StatusCode.NOT_FOUND, "no_such_table")
        await check.refused(actor.submit("nope", 1, bid(0)), grpc.StatusCode.NOT_FOUND)
        await check.refused(ana.view("bad id!"), BAD, "bad_table_id")
        await check.refused(actor.submit("t", view.version, bid(0), action_id="x" * 129), BAD)
        await check.refused(actor.submit("t", view.version, None), BAD, "empty_action")
        await check.refused(actor.submit("t", view.version, pb.Action()), BAD)
        empty_kind = pb.Action()
        empty_kind.oh_hell.SetInParent()
        await check.refused(actor.submit("t", view.version, empty_kind), BAD, "empty_action")
        await check.refused(ana.stream("t", after="yesterday").read(), BAD, "bad_event_id")

        async def create(table_id: str, game: str, players: list[str], **options):
            request = pb.CreateTableRequest(table_id=table_id, game=game)
            for name in players:
                request.seats.add(player_id=name)
            for field, value in options.items():
                setattr(request.options.oh_hell, field, value)
            return await lobby.stub.CreateTable(request, metadata=lobby.metadata)

        await check.refused(create("n1", "chess", PLAYERS), BAD, "unknown_game")
        await check.refused(create("n1", "oh_hell", PLAYERS[:2]), BAD, "bad_option:players")
        await check.refused(create("n1", "oh_hell", ["a", "a", "b"]), BAD, "bad_seats")
        await check.refused(create("n1", "oh_hell", ["a", "", "b"]), BAD, "bad_seats")
        err, _ = await check.refused(
            create("n1", "oh_hell", PLAYERS, hook=True, simultaneous_bids=True),
            BAD,
            "bad_option:SIMULTANEOUS_BIDS",
        )
        assert "cannot be combined" in err.details()
        await check.refused(create("n1", "oh_hell", PLAYERS, order=99), BAD, "bad_option")
        await check.refused(create("t", "oh_hell", PLAYERS), grpc.StatusCode.ALREADY_EXISTS)
    finally:
        for client in (ana, lobby, actor):
            await client.close()


async def test_rule_errors_stale_versions_and_reused_ids(engine, check) -> None:
    await create_table(engine.address, "t", PLAYERS)  # ASC: the first hand has one card
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    F = grpc.StatusCode.FAILED_PRECONDITION
    try:
        view = await clients[0].view("t")
        seat = view.decision.seats[0]
        waiting = clients[(seat + 1) % 4]
        err, trailing = await check.refused(
            waiting.submit("t", view.version, bid(0)), F, "not_your_turn"
        )
        assert f"seat {seat}" in err.details() and trailing["inferno-version"] == "1"
        await check.refused(clients[seat].submit("t", view.version, bid(2)), F, "bid_out_of_range")
        await check.refused(clients[seat].submit("t", view.version, play("AS")), F, "bid_first")
        _, trailing = await check.refused(
            clients[seat].submit("t", view.version + 3, bid(0)), grpc.StatusCode.ABORTED
        )
        ours = {k: v for k, v in trailing.items() if k.startswith("inferno-")}
        assert ours == {"inferno-reason": "stale_version", "inferno-version": "1"}
        assert "grpc-status-details-bin" in trailing  # the same, as a google.rpc.Status

        first = await clients[seat].submit("t", view.version, bid(1), action_id="move-1")
        await check.refused(
            clients[seat].submit("t", first.version, bid(0), action_id="move-1"),
            grpc.StatusCode.ALREADY_EXISTS,
            "action_id_reused",
        )
        _, trailing = await check.refused(
            clients[seat].submit("t", view.version, bid(0)), grpc.StatusCode.ABORTED
        )
        assert trailing["inferno-version"] == str(first.version)
        # Ids belong to their caller: the next seat's "move-1" is a new move of its own, and
        # it neither replays nor learns the first seat's answer.
        other = await clients[(seat + 1) % 4].submit("t", first.version, bid(0), action_id="move-1")
        assert not other.replayed and other.version == first.version + 1

        for _ in range(2):  # finish the bidding
            view = await clients[0].view("t")
            now = view.decision.seats[0]
            await clients[now].submit("t", view.version, bid(0))
        view = await clients[0].view("t")
        leader = clients[view.decision.seats[0]]
        mine = (await leader.view("t")).oh_hell.hand[0]
        await check.refused(
            leader.submit("t", view.version, play("ZZ")),
            grpc.StatusCode.INVALID_ARGUMENT,
            "not_a_card",
        )
        await check.refused(leader.submit("t", view.version, bid(0)), F, "play_a_card")
        held = {mine}
        not_mine = next(c for c in ("2C", "3C", "4C") if c not in held)
        await check.refused(leader.submit("t", view.version, play(not_mine)), F, "card_not_held")
    finally:
        for client in clients.values():
            await client.close()


async def test_a_repeated_action_id_returns_the_first_answer(engine, redis_url, redis_prefix):
    await create_table(engine.address, "t", PLAYERS)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    try:
        view = await clients[0].view("t")
        actor = clients[view.decision.seats[0]]
        action_id = uuid.uuid4().hex
        first = await actor.submit("t", view.version, bid(1), action_id=action_id)
        before = await settled(redis_url, redis_prefix)
        again = await actor.submit("t", view.version, bid(1), action_id=action_id)
        assert dump_all(redis_url, redis_prefix) == before
        assert again.replayed and not first.replayed
        assert again.version == first.version == view.version + 1
        assert list(again.events) == list(first.events)
        assert (await clients[0].view("t")).version == first.version
    finally:
        for client in clients.values():
            await client.close()


async def test_a_player_cannot_spend_the_workers_next_action_id(engine) -> None:
    """The outside attack: a seat sends its own move under the id the worker will use for the
    next seat's timeout; the worker's forced move must still be applied, not refused."""
    await create_table(engine.address, "t", PLAYERS)
    clients = {seat: Client(engine.address, name) for seat, name in enumerate(PLAYERS)}
    worker = Client(engine.address, "worker", Role.SERVICE)
    try:
        view = await clients[0].view("t")
        seat = view.decision.seats[0]
        upcoming = f"timeout:{view.version + 1}:{(seat + 1) % 4}"
        mine = await clients[seat].submit("t", view.version, bid(1), action_id=upcoming)
        assert not mine.replayed
        forced = await worker.submit(
            "t", mine.version, None, action_id=upcoming, seat=(seat + 1) % 4, forced=True
        )
        assert not forced.replayed and forced.version == mine.version + 1
        # The worker's own repeat is still recognised as the same move.
        again = await worker.submit(
            "t", mine.version, None, action_id=upcoming, seat=(seat + 1) % 4, forced=True
        )
        assert again.replayed and again.version == forced.version
        assert (await clients[0].view("t")).version == forced.version
    finally:
        for client in (*clients.values(), worker):
            await client.close()


async def test_operators_pause_resume_and_abort(engine, check, redis_url, redis_prefix):
    await create_table(engine.address, "t", PLAYERS)
    operator = Client(engine.address, "olga", Role.OPERATOR)
    ana = Client(engine.address, "ana")
    md = operator.metadata
    F = grpc.StatusCode.FAILED_PRECONDITION
    try:
        await check.refused(
            operator.stub.ResumeTable(pb.ResumeTableRequest(table_id="t"), metadata=md),
            F,
            "bad_status_change",
        )
        paused = await operator.stub.PauseTable(
            pb.PauseTableRequest(table_id="t", reason="dispute"), metadata=md
        )
        assert paused.status == pb.TABLE_STATUS_PAUSED and paused.version == 2
        view = await ana.view("t")
        actor = Client(engine.address, PLAYERS[(view.oh_hell.dealer + 1) % 4])
        await check.refused(actor.submit("t", view.version, bid(0)), F, "table_paused")
        assert not view.legal_actions and not view.decision.seats
        resumed = await operator.stub.ResumeTable(pb.ResumeTableRequest(table_id="t"), metadata=md)
        assert resumed.status == pb.TABLE_STATUS_LIVE
        full = await operator.stub.GetFullView(
            pb.GetFullViewRequest(table_id="t", reason="checking a complaint"), metadata=md
        )
        assert [len(h.cards) for h in full.oh_hell.all_hands] == [1, 1, 1, 1]
        aborted = await operator.stub.AbortTable(
            pb.AbortTableRequest(table_id="t", reason="cheating"), metadata=md
        )
        assert aborted.status == pb.TABLE_STATUS_ABORTED and aborted.version == 4
        final = await ana.view("t")
        assert final.seed and final.status == pb.TABLE_STATUS_ABORTED
        await check.refused(actor.submit("t", final.version, bid(0)), F, "table_aborted")
        await actor.close()
    finally:
        await operator.close()
        await ana.close()
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        audit = [fields for _, fields in client.xrange(redis_prefix + "audit")]
    finally:
        client.close()
    assert [(a["what"], a["who"]) for a in audit] == [
        ("paused", "olga"),
        ("resumed", "olga"),
        ("full_view", "olga"),
        ("aborted", "olga"),
    ]
    assert audit[2]["reason"] == "checking a complaint"


async def test_an_operator_who_took_a_seat_plays_it_and_cannot_peek(engine, check) -> None:
    """At their own table the seat's role wins: an operator's account holding a seat sees that
    seat's hand and moves like any player; the full view (every hand) is closed to them while
    the game is played, and open again once it ends. Other operators keep it."""
    players = ["olga", "bruno", "carla", "duarte"]
    await create_table(engine.address, "t", players)
    olga = Client(engine.address, "olga", Role.OPERATOR)
    other = Client(engine.address, "otto", Role.OPERATOR)
    seated = {s: Client(engine.address, n) for s, n in enumerate(players) if s}
    full = pb.GetFullViewRequest(table_id="t", reason="checking a report")
    try:
        mine = await olga.view("t")
        assert mine.your_seat == 0 and len(mine.oh_hell.hand) == 1
        await check.refused(
            olga.stub.GetFullView(full, metadata=olga.metadata),
            grpc.StatusCode.PERMISSION_DENIED,
            "plays_here",
        )
        assert len((await other.stub.GetFullView(full, metadata=other.metadata)).oh_hell.all_hands)
        # Olga bids when it is seat 0's turn, like any player.
        for _ in range(4):
            view = await olga.view("t")
            turn = view.decision.seats[0]
            mover = olga if turn == 0 else seated[turn]
            answer = await mover.submit("t", view.version, bid(0))
            assert not answer.replayed
        await other.stub.AbortTable(
            pb.AbortTableRequest(table_id="t", reason="test"), metadata=other.metadata
        )
        ended = await olga.stub.GetFullView(full, metadata=olga.metadata)
        assert len(ended.oh_hell.all_hands) == 4
    finally:
        for client in (olga, other, *seated.values()):
            await client.close()
