"""The live lobby feed: lobby changes published to a Redis stream, fanned out to WebSockets.

Each lobby process appends its table changes (opened, seats changed, filled, started, closed)
to ``<prefix>lobby:feed``; the engine's bus stream ``<prefix>bus:tables`` says when a table was
created, finished or aborted (forwarded only for tables the lobby lists: never a private
one). One reader task per process follows both streams with XREAD (no
consumer group: every client wants every message) and hands each message to every connected
client's queue, so a thousand watchers cost one Redis connection, not a thousand. A client too
slow to keep up is dropped rather than letting its queue grow without bound.

A ``table.finished`` event carries the result and the revealed seed; it is held until the
table's spectators have seen the end: its ``finished_at`` plus the spectator delay (the larger
of the one the lobby asked for and the event's ``spectator_delay_seconds``, missing = 0). Each
process holds its own copy with a timer, so a held result is sent after the messages that came
in meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from redis.asyncio import Redis

from inferno_bus import EventType, stream_key
from inferno_bus.background import stop_if_cancelled
from inferno_bus.envelope import Envelope, MalformedEvent

from .bounds import sentence

log = structlog.get_logger("inferno_lobby.feed")

#: The bus events a lobby watcher cares about; moves inside a table are the engine's stream.
BUS_TYPES = {
    EventType.TABLE_CREATED.value,
    EventType.TABLE_FINISHED.value,
    EventType.TABLE_ABORTED.value,
}


def feed_key(prefix: str) -> str:
    return prefix + "lobby:feed"


async def publish(
    redis: Redis, prefix: str, changes: list[str], table: dict[str, Any], max_length: int
) -> None:
    """Append lobby changes (``table.opened``…) about one table, with its public summary,
    in one round trip."""
    data = json.dumps(table, separators=(",", ":"), default=str)
    now = str(int(time.time() * 1000))
    async with redis.pipeline(transaction=False) as pipe:
        for change in changes:
            fields = {"type": change, "table": str(table["id"]), "time": now, "data": data}
            pipe.xadd(feed_key(prefix), fields, maxlen=max_length, approximate=True)  # type: ignore[arg-type]
        await pipe.execute()


def _str(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _text(fields: dict[bytes, bytes] | dict[str, str]) -> dict[str, str]:
    return {
        (k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
        for k, v in fields.items()
    }


def to_message(source: str, entry_id: str, fields: dict[Any, Any]) -> dict[str, Any] | None:
    """The JSON a client receives for one stream entry, or ``None`` to skip it."""
    if source == "lobby":
        text = _text(fields)
        return {
            "source": "lobby",
            "id": entry_id,
            "type": text.get("type", ""),
            "table": text.get("table", ""),
            "time": int(text.get("time", "0") or 0),
            "data": json.loads(text.get("data", "{}")),
        }
    try:
        event = Envelope.from_fields(fields)
    except MalformedEvent:
        return None
    if event.type not in BUS_TYPES:
        return None
    return {
        "source": "bus",
        "id": entry_id,
        "type": event.type,
        "table": event.table,
        "time": event.time,
        "data": event.payload,
    }


class FeedHub:
    """Follows the two streams and fans each message out to every subscriber."""

    def __init__(
        self,
        redis: Redis,
        prefix: str,
        queue_size: int = 256,
        on_change: Callable[[], None] | None = None,
        delay_of: Callable[[str], Awaitable[int | None]] | None = None,
    ) -> None:
        self._redis = redis
        self._on_change = on_change
        self._delay_of = delay_of
        self._held: set[asyncio.TimerHandle] = set()
        self._streams = {feed_key(prefix): "lobby", stream_key(prefix, "tables"): "bus"}
        self._subscribers: set[asyncio.Queue[dict[str, Any] | None]] = set()
        self._queue_size = queue_size
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="lobby-feed")
        await self._ready.wait()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait([self._task], timeout=5)
        for handle in list(self._held):
            handle.cancel()
        self._held.clear()
        for queue in list(self._subscribers):
            self._close(queue)

    def subscribe(self) -> asyncio.Queue[dict[str, Any] | None]:
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(self._queue_size)
        self._subscribers.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        self._subscribers.discard(queue)

    def _close(self, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        self._subscribers.discard(queue)
        with contextlib.suppress(asyncio.QueueFull):
            queue.put_nowait(None)
        if queue.full():  # make room for the end marker: the client is being dropped
            queue.get_nowait()
            queue.put_nowait(None)

    async def _last_ids(self) -> dict[str, str]:
        ids = {}
        for key in self._streams:
            last = await self._redis.xrevrange(key, count=1)
            ids[key] = _str(last[0][0]) if last else "0-0"
        return ids

    async def _run(self) -> None:
        ids = await self._last_ids()  # only what happens from now on
        self._ready.set()
        while True:
            stop_if_cancelled()
            try:
                answer = await self._redis.xread(ids, count=100, block=1000)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # Redis restarting: keep the clients, retry soon
                log.warning("feed_read_failed", error=sentence(str(err)))
                await asyncio.sleep(1)
                continue
            for key, entries in answer or []:
                name = _str(key)
                for raw_id, fields in entries:
                    entry_id = _str(raw_id)
                    ids[name] = entry_id
                    message = to_message(self._streams[name], entry_id, fields)
                    if message is None:
                        continue
                    if self._on_change is not None:
                        self._on_change()
                    # The engine's events do not say whether a table is private; ask.
                    if message["source"] == "bus" and self._delay_of is not None:
                        try:
                            delay = await self._delay_of(message["table"])
                        except Exception as err:
                            log.warning("feed_check_failed", error=sentence(str(err)))
                            continue
                        if delay is None:
                            continue
                        if message["type"] == EventType.TABLE_FINISHED.value:
                            wait = self._hold_for(message, delay)
                            if wait > 0:  # the result waits until spectators see the end
                                self._hold(message, wait)
                                continue
                    self._broadcast(message)

    @staticmethod
    def _hold_for(message: dict[str, Any], table_delay: int) -> float:
        """Seconds until a finished table's result may be shown: its finish plus the spectator
        delay (the larger of the lobby's and the event's; a missing field counts as 0)."""
        data = message["data"] if isinstance(message["data"], dict) else {}
        given = data.get("spectator_delay_seconds", 0)
        delay = max(table_delay, given if isinstance(given, int) else 0)
        if delay <= 0:
            return 0.0
        finished_at = data.get("finished_at")
        if not isinstance(finished_at, int) or isinstance(finished_at, bool):
            finished_at = message["time"]
        return float(finished_at) / 1000 + delay - time.time()

    def _hold(self, message: dict[str, Any], wait: float) -> None:
        def release() -> None:
            self._held.discard(handle)
            self._broadcast(message)

        handle = asyncio.get_running_loop().call_later(wait, release)
        self._held.add(handle)

    def _broadcast(self, message: dict[str, Any]) -> None:
        for queue in list(self._subscribers):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:
                log.info("feed_client_dropped", reason="too slow")
                self._close(queue)
