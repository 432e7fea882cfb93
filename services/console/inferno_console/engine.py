"""The engine's operator API, called with the signed-in operator's own token.

Each call names the operator to the engine (which writes its own audit line); refusals come
back as :class:`EngineRefused` with the engine's sentence, for the page to show as it is.
The board uses GetView with the operator's token, which the engine answers with the public
view, as a spectator's but live; GetFullView (every hand) is separate and always audited.
"""

from __future__ import annotations

from typing import Any

import grpc

from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc
from inferno_proto.codecs import CODECS

STATUS = {
    pb.TABLE_STATUS_LIVE: "live",
    pb.TABLE_STATUS_PAUSED: "paused",
    pb.TABLE_STATUS_FINISHED: "finished",
    pb.TABLE_STATUS_ABORTED: "aborted",
}


class EngineRefused(Exception):
    """The engine said no, or could not be reached; ``str()`` says why in words."""

    def __init__(self, text: str, code: str = "") -> None:
        super().__init__(text)
        self.code = code


def _words(err: grpc.RpcError) -> EngineRefused:
    code = err.code() if hasattr(err, "code") else None
    details = err.details() if hasattr(err, "details") else str(err)
    if code == grpc.StatusCode.UNAVAILABLE:
        return EngineRefused("the engine cannot be reached right now; try again", "unavailable")
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return EngineRefused("the engine did not answer in time; try again", "timeout")
    name = code.name.lower() if code is not None else "error"
    return EngineRefused(f"the engine refused: {details}", name)


class Engine:
    def __init__(self, address: str, timeout: float = 5.0) -> None:
        self._address, self._timeout = address, timeout
        self._channel: grpc.aio.Channel | None = None
        self._stub: engine_pb2_grpc.EngineStub | None = None

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close()

    def _engine(self) -> engine_pb2_grpc.EngineStub:
        # Made on first use, inside the server's event loop (grpc.aio binds a channel to it).
        if self._stub is None:
            self._channel = grpc.aio.insecure_channel(self._address)
            self._stub = engine_pb2_grpc.EngineStub(self._channel)
        return self._stub

    async def _call(self, method: str, request: Any, token: str) -> Any:
        try:
            return await getattr(self._engine(), method)(
                request, metadata=(("authorization", f"Bearer {token}"),), timeout=self._timeout
            )
        except grpc.RpcError as err:
            raise _words(err) from None

    async def view(self, token: str, table: str) -> pb.GetViewResponse:
        reply = await self._call("GetView", pb.GetViewRequest(table_id=table), token)
        if reply.HasField("your_seat"):
            # An operator who holds a seat here gets that seat's view: not for the console.
            raise EngineRefused(
                "you hold a seat at this table; its board is not shown here", "plays_here"
            )
        return reply

    async def full_view(self, token: str, table: str, reason: str) -> pb.GetViewResponse:
        request = pb.GetFullViewRequest(table_id=table, reason=reason)
        return await self._call("GetFullView", request, token)

    async def pause(self, token: str, table: str, reason: str) -> str:
        reply = await self._call(
            "PauseTable", pb.PauseTableRequest(table_id=table, reason=reason), token
        )
        return f"paused (version {reply.version})"

    async def resume(self, token: str, table: str, reason: str) -> str:
        request = pb.ResumeTableRequest(table_id=table, reason=reason)
        reply = await self._call("ResumeTable", request, token)
        return f"resumed (version {reply.version})"

    async def abort(self, token: str, table: str, reason: str) -> str:
        reply = await self._call(
            "AbortTable", pb.AbortTableRequest(table_id=table, reason=reason), token
        )
        return f"aborted (version {reply.version})"

    async def hand_over(self, token: str, table: str, seat: int, reason: str) -> str:
        request = pb.HandOverSeatRequest(table_id=table, seat=seat, reason=reason)
        reply = await self._call("HandOverSeat", request, token)
        if not reply.handed_over:
            return f"seat {seat} was already played by a bot (nothing changed)"
        return f"seat {seat} handed to a bot (version {reply.version})"


def view_dict(reply: pb.GetViewResponse, full: bool = False) -> dict[str, Any] | None:
    """The game view as the rules' dict (``inferno_proto.codecs``), None for a game the
    codecs do not know yet (the page then shows the raw message).

    In the ``full`` view, a field of the game's view message that the codec does not read
    back (the operators' ``all_hands``, say) is added as plain data under its own name, so
    every hand the engine sent is drawn.
    """
    found = CODECS.get(reply.game)
    if found is None:
        return None
    view = found.view_dict(reply)
    branch = reply.WhichOneof("game_view")
    if full and branch is not None:
        for field, value in getattr(reply, branch).ListFields():
            view.setdefault(field.name, _plain(field, value))
    return view


def _plain(field: Any, value: Any) -> Any:
    """A protobuf field's value as lists, dicts and scalars; a message holding only ``cards``
    (a hand, a pile) becomes its list of cards."""
    if field.is_repeated and not isinstance(value, str | bytes):
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            return dict(value)
        return [_one(field, item) for item in value]
    return _one(field, value)


def _one(field: Any, value: Any) -> Any:
    if field.message_type is None:
        return value
    fields = value.ListFields()
    names = [f.name for f, _ in fields]
    if names == ["cards"] or (not names and "cards" in field.message_type.fields_by_name):
        return list(value.cards)
    return {f.name: _plain(f, v) for f, v in fields}


async def public_log(engine: Engine, token: str, table: str, timeout: float = 30.0) -> list[Any]:
    """Every event of an ended table the operator's StreamEvents shows: the public log, as a
    spectator sees it but without the delay (the engine streams operators live). The stream
    ends with the table, so this returns once it has read the whole log."""
    events: list[Any] = []
    try:
        call = engine._engine().StreamEvents(
            pb.StreamEventsRequest(table_id=table),
            metadata=(("authorization", f"Bearer {token}"),),
            timeout=timeout,
        )
        async for batch in call:
            events.extend(batch.events)
    except grpc.RpcError as err:
        raise _words(err) from None
    return events
