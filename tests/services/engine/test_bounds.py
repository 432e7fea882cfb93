"""No caller's text travels further than a short prefix: answers, log lines, stored records.

The outside attack's cases (a 20 KB card name answered RESOURCE_EXHAUSTED instead of
INVALID_ARGUMENT; a 1 MB table id in an unauthenticated GetView wrote 6 MB to the log), and the
class: every Engine method refuses any over-long string field, signed in or not, and changes
nothing.
"""

from __future__ import annotations

import grpc
import pytest

from inferno_auth import Role
from inferno_engine.bounds import MAX_MESSAGE, MAX_TEXT, oversized, shown
from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc

from .client import Client, bid, create_table, play
from .test_errors import Checker, dump_all, settled

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla", "duarte"]
INVALID = grpc.StatusCode.INVALID_ARGUMENT


@pytest.fixture
def check(redis_url, redis_prefix) -> Checker:
    return Checker(redis_url, redis_prefix)


def test_shown_and_oversized() -> None:
    assert shown("short") == "short"
    cut = shown("x" * 5000)
    assert cut.startswith("x" * 64) and "5000 characters" in cut and len(cut) < 100
    request = pb.CreateTableRequest(table_id="t", game="oh_hell")
    request.seats.add(player_id="p", name="n" * (MAX_TEXT + 1))
    assert oversized(request) == ("seats.name", MAX_TEXT + 1)
    request.seats[0].name = "n" * MAX_TEXT
    assert oversized(request) is None


async def test_a_huge_card_name_is_invalid_argument_with_a_short_message(engine, check):
    await create_table(engine.address, "t", PLAYERS)
    clients = [Client(engine.address, name) for name in PLAYERS]
    try:
        for _ in range(4):  # the bids first, so a card is what the table waits for
            view = await clients[0].view("t")
            await clients[view.decision.seats[0]].submit("t", view.version, bid(0))
        view = await clients[0].view("t")
        actor = clients[view.decision.seats[0]]
        for size in (20_000, MAX_TEXT + 1):
            err, _ = await check.refused(
                actor.submit("t", view.version, play("Z" * size)), INVALID, "too_long"
            )
            assert len(err.details()) < 200 and "action" in err.details()
        # Just under the bound: the rules' own refusal, quoting a short prefix of the card.
        err, _ = await check.refused(
            actor.submit("t", view.version, play("Z" * MAX_TEXT)), INVALID, "not_a_card"
        )
        assert len(err.details()) <= MAX_MESSAGE + 40
    finally:
        for client in clients:
            await client.close()


async def test_every_method_refuses_an_over_long_field_signed_in_or_not(
    engine, redis_url, redis_prefix
):
    await create_table(engine.address, "t", PLAYERS)
    long_id = "t" * 1_000_000
    requests = {
        "CreateTable": pb.CreateTableRequest(table_id=long_id, game="oh_hell"),
        "GetView": pb.GetViewRequest(table_id=long_id),
        "SubmitAction": pb.SubmitActionRequest(table_id="t", action_id="a" * 5000),
        "StreamEvents": pb.StreamEventsRequest(table_id="t", after_event_id="1" * 5000),
        "PauseTable": pb.PauseTableRequest(table_id="t", reason="r" * 5000),
        "ResumeTable": pb.ResumeTableRequest(table_id=long_id),
        "AbortTable": pb.AbortTableRequest(table_id="t", reason="r" * 5000),
        "HandOverSeat": pb.HandOverSeatRequest(table_id="t", seat=0, reason="r" * 5000),
        "GetFullView": pb.GetFullViewRequest(table_id="t", reason="r" * 5000),
        "AdvanceClock": pb.AdvanceClockRequest(table_id=long_id),
    }
    served = {method.name for method in pb.DESCRIPTOR.services_by_name["Engine"].methods}
    assert served <= set(requests), f"add a case for {served - set(requests)}"
    operator = Client(engine.address, "olga", Role.OPERATOR)
    channel = grpc.aio.insecure_channel(
        engine.address, options=[("grpc.max_send_message_length", 8 << 20)]
    )
    stub = engine_pb2_grpc.EngineStub(channel)
    log_before = engine.log_path.stat().st_size
    try:
        before = await settled(redis_url, redis_prefix)
        for name, request in requests.items():
            for metadata in (operator.metadata, None):  # signed in, and not at all
                call = getattr(stub, name)(request, metadata=metadata)
                with pytest.raises(grpc.aio.AioRpcError) as caught:
                    if name == "StreamEvents":
                        async for _ in call:
                            pass
                    else:
                        await call
                assert caught.value.code() == INVALID, (name, caught.value.code())
                assert dict(caught.value.trailing_metadata())["inferno-reason"] == "too_long"
                assert len(caught.value.details()) < 200
        assert dump_all(redis_url, redis_prefix) == before, "a refused call changed Redis"
        # 20 calls carrying over 4 MB of text left a few KB of log lines at most.
        assert engine.log_path.stat().st_size - log_before < 20_000
    finally:
        await channel.close()
        await operator.close()
