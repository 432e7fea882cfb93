"""The Engine gRPC servicer: messages in, calls to :class:`~inferno_engine.tables.Tables`, out.

Thin on purpose: authentication, request ids, logging and error mapping are wrapped around each
method (:mod:`inferno_engine.interceptors`); the decisions are in :mod:`inferno_engine.tables`;
the per-game message shapes are the games' codecs (:mod:`inferno_proto.codecs`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Sequence

import grpc

from inferno_clock import ClockPolicy, turn_deadline
from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc
from inferno_proto.codecs import codec

from .auth import caller
from .errors import Unauthenticated
from .store import StoredEvent
from .tables import (
    ABORTED,
    FINISHED,
    HANDED_OVER_EVENT,
    LIVE,
    PAUSED,
    STATUS_EVENT,
    Tables,
    TableView,
    now_ms,
)

STATUS = {
    LIVE: pb.TABLE_STATUS_LIVE,
    PAUSED: pb.TABLE_STATUS_PAUSED,
    FINISHED: pb.TABLE_STATUS_FINISHED,
    ABORTED: pb.TABLE_STATUS_ABORTED,
}


def event_messages(game: str, stored: Sequence[StoredEvent]) -> list[pb.Event]:
    tr = codec(game)
    out = []
    for entry in stored:
        msg = pb.Event(id=entry.id, version=entry.version, at_ms=entry.at_ms)
        if entry.event.kind == STATUS_EVENT:
            msg.table_status.status = STATUS[entry.event.data["status"]]
            msg.table_status.reason = entry.event.data["reason"]
        elif entry.event.kind == HANDED_OVER_EVENT:
            msg.seat_handed_over.seat = entry.event.data["seat"]
            msg.seat_handed_over.reason = entry.event.data["reason"]
        elif not tr.fill_event(msg, entry.event):
            continue
        out.append(msg)
    return out


def fill_clocks(out: pb.Clocks, turn_seconds: int, clock: dict[str, int]) -> None:
    """The table's clock policy (see the ``Clocks`` message for what the engine shows)."""
    out.turn_seconds = turn_seconds
    out.bank_seconds = clock.get("bank_seconds", 0)
    out.increment_seconds = clock.get("increment_seconds", 0)
    out.grace_seconds = clock.get("grace_seconds", 0)
    out.hand_over_after = clock.get("hand_over_after", 0)


def view_message(table_id: str, tv: TableView) -> pb.GetViewResponse:
    snap = tv.snapshot
    tr = codec(snap.game)
    out = pb.GetViewResponse(
        table_id=table_id,
        version=snap.version,
        game=snap.game,
        status=STATUS[snap.status],
        seed_commitment=snap.commitment,
        seed=snap.seed if snap.status in (FINISHED, ABORTED) else "",
        last_event_id=snap.last_event,
        spectator_delay_seconds=tv.spectator_delay,
    )
    for seat in snap.seats:
        out.seats.add(
            seat=seat["seat"],
            player_id=seat["player_id"],
            name=seat["name"],
            bot=seat["bot"],
            abandoned=bool(seat.get("abandoned")),
        )
    if tv.viewer.role == "seat" and tv.viewer.seat is not None:
        out.your_seat = tv.viewer.seat
    out.decision.seats.extend(tv.decision.seats)
    out.decision.simultaneous = tv.decision.simultaneous
    out.decision.waiting_on.extend(tv.waiting_on)
    out.legal_actions.extend(tr.action_message(a) for a in tv.legal)
    # A delayed spectator's clocks read as they did then, so the countdown looks live.
    out.clocks.server_time_ms = now_ms() - tv.late_ms
    out.clocks.decision_since_ms = snap.since_ms
    fill_clocks(out.clocks, snap.turn_seconds, snap.clock or {})
    if tv.decision.seats:
        policy = ClockPolicy.from_seconds(snap.turn_seconds)
        out.clocks.deadline_ms = turn_deadline(policy, snap.since_ms)
    out.clocks.game_time_ms = tv.game_time_ms
    out.clocks.next_tick_at_ms = tv.next_tick_at_ms
    for c in tv.seat_clocks:
        out.clocks.seats.add(
            seat=c.seat,
            bank_ms=c.bank_ms,
            deciding=c.deciding,
            since_ms=c.since_ms,
            turn_deadline_ms=c.turn_deadline_ms,
            deadline_ms=c.deadline_ms,
            timeouts_in_row=c.timeouts_in_row,
        )
    tr.fill_view(out, tv.view)
    return out


class EngineServicer(engine_pb2_grpc.EngineServicer):
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def GetView(
        self, request: pb.GetViewRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetViewResponse:
        seat = request.seat if request.HasField("seat") else None
        tv = await self.tables.view(caller(), request.table_id, seat)
        return view_message(request.table_id, tv)

    async def SubmitAction(
        self, request: pb.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> pb.SubmitActionResponse:
        answer = await self.tables.submit(
            caller(),
            request.table_id,
            request.expected_version,
            request.action_id,
            request.action if request.HasField("action") else None,
            request.seat if request.HasField("seat") else None,
            request.forced,
        )
        return pb.SubmitActionResponse(
            version=answer.version,
            events=event_messages(answer.game, answer.events),
            replayed=answer.replayed,
            decision=pb.Decision(
                seats=answer.to_act,
                simultaneous=len(answer.to_act) > 1,
                waiting_on=answer.waiting_on,
            ),
        )

    async def StreamEvents(
        self, request: pb.StreamEventsRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[pb.EventBatch]:
        seat = request.seat if request.HasField("seat") else None
        claims = caller()
        follow = self.tables.follow(claims, request.table_id, request.after_event_id, seat)
        last = request.after_event_id
        # A stream lives as long as the token that opened it: then it ends UNAUTHENTICATED
        # token_expired, and the client opens it again with a fresh token and the last event
        # id it got (nothing is lost or repeated). One deadline on the loop's clock, armed
        # only while waiting for the next batch (a timer, not a task per batch).
        loop = asyncio.get_running_loop()
        expires = loop.time() + claims.expires_at - time.time() if claims.expires_at else None
        async with contextlib.aclosing(follow) as batches:  # a cancelled call cleans up at once
            while True:
                try:
                    async with asyncio.timeout_at(expires):
                        game, batch = await anext(batches)
                except StopAsyncIteration:
                    return
                except TimeoutError:
                    raise Unauthenticated(
                        "your token expired while the stream was open; open it again with a "
                        f"fresh token and after_event_id={last!r}",
                        reason="token_expired",
                    ) from None
                events = event_messages(game, batch)
                if events:
                    last = events[-1].id
                    yield pb.EventBatch(events=events)

    async def CreateTable(
        self, request: pb.CreateTableRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateTableResponse:
        version, sealed = await self.tables.create(
            caller(),
            request.table_id,
            request.game,
            request.options,
            [(s.player_id, s.name, s.bot) for s in request.seats],
            request.turn_seconds,
            {
                "bank_seconds": request.bank_seconds,
                "increment_seconds": request.increment_seconds,
                "grace_seconds": request.grace_seconds,
                "hand_over_after": request.hand_over_after,
            },
            spectator_delay=request.spectator_delay_seconds,
            private=request.private,
        )
        return pb.CreateTableResponse(
            table_id=request.table_id, version=version, seed_commitment=sealed
        )

    async def _status(self, table_id: str, target: str, reason: str) -> pb.TableStatusResponse:
        version, status = await self.tables.change_status(caller(), table_id, target, reason)
        return pb.TableStatusResponse(table_id=table_id, version=version, status=STATUS[status])

    async def PauseTable(
        self, request: pb.PauseTableRequest, context: grpc.aio.ServicerContext
    ) -> pb.TableStatusResponse:
        return await self._status(request.table_id, PAUSED, request.reason)

    async def ResumeTable(
        self, request: pb.ResumeTableRequest, context: grpc.aio.ServicerContext
    ) -> pb.TableStatusResponse:
        return await self._status(request.table_id, LIVE, request.reason)

    async def AbortTable(
        self, request: pb.AbortTableRequest, context: grpc.aio.ServicerContext
    ) -> pb.TableStatusResponse:
        return await self._status(request.table_id, ABORTED, request.reason)

    async def HandOverSeat(
        self, request: pb.HandOverSeatRequest, context: grpc.aio.ServicerContext
    ) -> pb.HandOverSeatResponse:
        version, changed = await self.tables.hand_over(
            caller(), request.table_id, request.seat, request.reason
        )
        return pb.HandOverSeatResponse(
            table_id=request.table_id, version=version, handed_over=changed
        )

    async def AdvanceClock(
        self, request: pb.AdvanceClockRequest, context: grpc.aio.ServicerContext
    ) -> pb.AdvanceClockResponse:
        ticked = await self.tables.advance_clock(caller(), request.table_id)
        return pb.AdvanceClockResponse(
            table_id=request.table_id,
            version=ticked.version,
            advanced=ticked.advanced,
            game_time_ms=ticked.game_time_ms,
            next_tick_at_ms=ticked.next_tick_at_ms,
        )

    async def GetFullView(
        self, request: pb.GetFullViewRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetViewResponse:
        tv = await self.tables.full_view(caller(), request.table_id, request.reason)
        return view_message(request.table_id, tv)
