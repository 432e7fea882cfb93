"""Which seats have an event stream open, across engine processes, announced on the bus.

Every open StreamEvents call of a seat (a player's or bot's own, or a service's naming a seat;
never a spectator's) is a member ``<seat>:<connection id>`` of the table's sorted set
``{t:<id>}:presence``, scored by the moment it expires (ms). The engine holding the stream
pushes that moment on every ``ttl / 3`` seconds; a stream that closes removes its member; an
engine that dies (SIGKILL) stops refreshing, so its members expire and any engine's sweep
removes them (it finds them in ``<prefix>presence:expiry``, a sorted set of
``<table> <member>`` by expiry).

Each change runs :data:`CHANGE`, which decides atomically whether the seat now has a live
stream while the last announcement (``{t:<id>}:presence_seen``) said it had none, or the
reverse, and only then puts a ``table.presence`` envelope into the table's bus outbox; the
publisher moves it onto the bus like every other table event. So announcements alternate
connected / disconnected per seat, however many streams and processes come and go.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid

import structlog

from inferno_bus import EventType

from .bus import Publisher, envelope
from .delay import now_ms
from .store import TableStore

log = structlog.get_logger("inferno_engine.presence")

#: KEYS: presence, seen, outbox. ARGV: 1 "open" | "close" | "expire", 2 member, 3 seat,
#: 4 now (ms), 5 expiry (ms), 6 the envelope announcing "connected", 7 the one for
#: "disconnected". Returns 1 when it announced connected, 2 disconnected, 0 nothing, -1 when an
#: "expire" found the member refreshed meanwhile.
CHANGE = """
local op = ARGV[1]
if op == 'open' then
  redis.call('ZADD', KEYS[1], ARGV[5], ARGV[2])
elseif op == 'close' then
  redis.call('ZREM', KEYS[1], ARGV[2])
else
  local score = redis.call('ZSCORE', KEYS[1], ARGV[2])
  if not score then return 0 end
  if tonumber(score) > tonumber(ARGV[4]) then return -1 end
  redis.call('ZREM', KEYS[1], ARGV[2])
end
local prefix = ARGV[3] .. ':'
local live = 0
for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[4], '+inf')) do
  if string.sub(m, 1, #prefix) == prefix then live = live + 1 end
end
local seen = redis.call('HGET', KEYS[2], ARGV[3])
if live > 0 and seen ~= '1' then
  redis.call('HSET', KEYS[2], ARGV[3], '1')
  redis.call('RPUSH', KEYS[3], ARGV[6])
  return 1
end
if live == 0 and seen == '1' then
  redis.call('HSET', KEYS[2], ARGV[3], '0')
  redis.call('RPUSH', KEYS[3], ARGV[7])
  return 2
end
return 0
"""


class Presence:
    """The seat streams open in this process, kept alive in Redis while they last."""

    def __init__(self, store: TableStore, publisher: Publisher, ttl_seconds: float = 30.0) -> None:
        self.store = store
        self.publisher = publisher
        self.ttl_ms = int(ttl_seconds * 1000)
        self.expiry_key = f"{store.prefix}presence:expiry"
        self._open: dict[str, str] = {}  # member "<seat>:<connection>" → table id
        self._closing: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ streams
    async def open(self, table_id: str, seat: int) -> str:
        """Count a new stream of ``seat``; returns its member name for :meth:`close_soon`."""
        member = f"{seat}:{uuid.uuid4().hex}"
        expiry = now_ms() + self.ttl_ms
        # Both in one pipeline (the store's batcher): one round trip.
        await asyncio.gather(
            self.store.batch.command("ZADD", self.expiry_key, expiry, f"{table_id} {member}"),
            self._change("open", table_id, member, expiry),
        )
        self._open[member] = table_id
        return member

    def close_soon(self, table_id: str, member: str) -> None:
        """Uncount a stream. Runs as its own task, so a cancelled call still gets uncounted."""
        self._open.pop(member, None)
        task = asyncio.create_task(self._close(table_id, member))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _close(self, table_id: str, member: str) -> None:
        try:
            await asyncio.gather(
                self._change("close", table_id, member),
                self.store.batch.command("ZREM", self.expiry_key, f"{table_id} {member}"),
            )
        except Exception:  # the member expires and the sweep announces it
            log.exception("presence_close_failed", table_id=table_id)

    async def _change(self, op: str, table_id: str, member: str, expiry: int = 0) -> int:
        seat = int(member.split(":", 1)[0])
        at = now_ms()
        said = [
            envelope(
                EventType.TABLE_PRESENCE,
                table_id,
                0,
                at,
                {"seat": seat, "connected": connected, "at_ms": at},
                id=uuid.uuid4().hex,
            )
            for connected in (True, False)
        ]
        keys = [
            self.store.key(table_id, "presence"),
            self.store.key(table_id, "presence_seen"),
            self.store.key(table_id, "outbox"),
        ]
        outcome = int(
            await self.store.batch.script(CHANGE, keys, [op, member, seat, at, expiry, *said])
        )
        if outcome in (1, 2):
            log.info("seat_presence", table_id=table_id, seat=seat, connected=outcome == 1)
            await self.publisher.publish_soon(table_id, [said[outcome - 1]])
        return outcome

    # ------------------------------------------------------------------ upkeep
    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="presence")

    async def close(self) -> None:
        """Stop the upkeep and wait for the streams' closing steps (graceful shutdown)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for member, table_id in list(self._open.items()):
            self.close_soon(table_id, member)
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_ms / 3000)
            try:
                await self.refresh()
                await self.sweep()
            except Exception:
                log.exception("presence_upkeep_failed")

    async def refresh(self) -> None:
        """Push on the expiry of every stream open here."""
        if not self._open:
            return
        expiry = now_ms() + self.ttl_ms
        by_table: dict[str, dict[str, int]] = {}
        for member, table_id in self._open.items():
            by_table.setdefault(table_id, {})[member] = expiry
        everywhere = {f"{t} {m}": expiry for t, members in by_table.items() for m in members}
        # One command per table and one for the expiry index, however many streams.
        async with self.store.client.pipeline(transaction=False) as pipe:
            for table_id, members in by_table.items():
                pipe.zadd(self.store.key(table_id, "presence"), members, xx=True)
            pipe.zadd(self.expiry_key, everywhere, xx=True)
            await pipe.execute()

    async def sweep(self, limit: int = 500) -> int:
        """Uncount the streams whose engine stopped refreshing them; returns how many."""
        due = await self.store.client.zrangebyscore(self.expiry_key, "-inf", now_ms(), 0, limit)
        gone = 0
        for raw in due:
            table_id, _, member = raw.decode().partition(" ")
            if await self._change("expire", table_id, member) != -1:
                await self.store.client.zrem(self.expiry_key, raw)
                gone += 1
        return gone
