"""Which seats have an event stream open, and how many spectators watch, across engine
processes, announced on the bus.

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

Announcements are debounced per seat: a change less than ``debounce`` after the seat's last
announcement (``{t:<id>}:presence_at``) is not announced then but put in
``<prefix>presence:pending`` (``<table> <seat>`` by when it may be announced), and the settle
loop decides it then, from the streams open at that moment. A client opening and closing
streams as fast as it can costs the bus one announcement per seat per ``debounce`` at most
(it cost two per stream), and a flap shorter than that is never announced at all.

Spectators' streams (no seat) are members ``-1:<connection id>`` of the same set, kept alive and
swept the same way; their number is announced as ``table.spectators`` ``{count, at_ms}`` when it
differs from the last announced count (``presence_seen`` field ``-1``), with the same debounce,
so an operator sees how many watch each table without any one spectator being named.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import uuid

import structlog

from inferno_bus import EventType
from inferno_bus.background import stop_if_cancelled

from .bus import Publisher, envelope
from .delay import now_ms
from .store import TableStore

log = structlog.get_logger("inferno_engine.presence")

#: The seat number of a spectator's stream (members ``-1:<connection id>``).
SPECTATOR = -1
#: Stands for the count in a ``table.spectators`` envelope until the script knows it.
COUNT_PLACEHOLDER = "__spectator_count__"

#: KEYS: presence, seen, outbox, announced-at. ARGV: 1 "open" | "close" | "expire" | "settle",
#: 2 member, 3 seat, 4 now (ms), 5 expiry (ms), 6 the envelope announcing "connected", 7 the
#: one for "disconnected", 8 the debounce (ms). Returns {1} when it announced connected, {2}
#: disconnected, {0} nothing, {-1} when an "expire" found the member refreshed meanwhile, and
#: {3, when} when a change is due but came too soon after the last announcement: the caller
#: settles it at ``when``.
CHANGE = """
local op = ARGV[1]
if op == 'open' then
  redis.call('ZADD', KEYS[1], ARGV[5], ARGV[2])
elseif op == 'close' then
  redis.call('ZREM', KEYS[1], ARGV[2])
elseif op == 'expire' then
  local score = redis.call('ZSCORE', KEYS[1], ARGV[2])
  if not score then return {0} end
  if tonumber(score) > tonumber(ARGV[4]) then return {-1} end
  redis.call('ZREM', KEYS[1], ARGV[2])
end
local prefix = ARGV[3] .. ':'
local live = 0
for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[4], '+inf')) do
  if string.sub(m, 1, #prefix) == prefix then live = live + 1 end
end
local seen = redis.call('HGET', KEYS[2], ARGV[3])
local now = tonumber(ARGV[4])
local debounce = tonumber(ARGV[8])
local last = tonumber(redis.call('HGET', KEYS[4], ARGV[3]) or '0')
if ARGV[3] == '-1' then
  -- Spectators: the count is announced when it differs from the last one announced.
  if tostring(live) == (seen or '0') then return {0} end
  if now - last < debounce then return {3, last + debounce} end
  redis.call('HSET', KEYS[4], ARGV[3], now)
  redis.call('HSET', KEYS[2], ARGV[3], tostring(live))
  local said = string.gsub(ARGV[6], 'COUNT_PLACEHOLDER', tostring(live))
  redis.call('RPUSH', KEYS[3], said)
  return {4, live}
end
local want = 0
if live > 0 and seen ~= '1' then want = 1 end
if live == 0 and seen == '1' then want = 2 end
if want == 0 then return {0} end
if now - last < debounce then return {3, last + debounce} end
redis.call('HSET', KEYS[4], ARGV[3], now)
if want == 1 then
  redis.call('HSET', KEYS[2], ARGV[3], '1')
  redis.call('RPUSH', KEYS[3], ARGV[6])
else
  redis.call('HSET', KEYS[2], ARGV[3], '0')
  redis.call('RPUSH', KEYS[3], ARGV[7])
end
return {want}
"""


class Presence:
    """The seat streams open in this process, kept alive in Redis while they last."""

    def __init__(
        self,
        store: TableStore,
        publisher: Publisher,
        ttl_seconds: float = 30.0,
        debounce_seconds: float = 2.0,
    ) -> None:
        self.store = store
        self.publisher = publisher
        self.ttl_ms = int(ttl_seconds * 1000)
        self.debounce_ms = int(debounce_seconds * 1000)
        self.expiry_key = f"{store.prefix}presence:expiry"
        self.pending_key = f"{store.prefix}presence:pending"
        self._settler: asyncio.Task[None] | None = None
        #: Set when the engine stops: its streams' ends are announced at once (nothing here
        #: would settle them later).
        self.stopping = False
        self._open: dict[str, str] = {}  # member "<seat>:<connection>" → table id
        self._closing: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ streams
    async def open(self, table_id: str, seat: int) -> str:
        """Count a new stream of ``seat`` (:data:`SPECTATOR`: a spectator's); returns its
        member name for :meth:`close_soon`."""
        member = f"{seat}:{uuid.uuid4().hex}"
        expiry = now_ms() + self.ttl_ms
        self._open[member] = table_id
        # Both in one pipeline (the store's batcher): one round trip. Shielded: a call
        # cancelled while it opens (a client flapping) must not stop the change half way, its
        # announcement committed to the outbox but never published.
        opening = asyncio.gather(
            self.store.batch.command("ZADD", self.expiry_key, expiry, f"{table_id} {member}"),
            self._change("open", table_id, member, expiry),
        )
        try:
            await asyncio.shield(opening)
        except BaseException:
            # Cancelled: the call never gets its member back to close, so uncount it as soon
            # as the opening is done, or the seat would look connected until the TTL.
            self._open.pop(member, None)

            async def close_after_opening() -> None:
                with contextlib.suppress(Exception):
                    await opening
                await self._close(table_id, member, self.stopping)

            self._track(asyncio.create_task(close_after_opening()))
            raise
        return member

    def close_soon(self, table_id: str, member: str, at_once: bool = False) -> None:
        """Uncount a stream. Runs as its own task, so a cancelled call still gets uncounted.
        ``at_once``: announced without the debounce (this engine is stopping)."""
        self._open.pop(member, None)
        self._track(asyncio.create_task(self._close(table_id, member, at_once or self.stopping)))

    def _track(self, task: asyncio.Task[None]) -> None:
        """Keep a closing step until it is done (and let :meth:`close` wait for it)."""
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _close(self, table_id: str, member: str, at_once: bool) -> None:
        try:
            await asyncio.gather(
                self._change("close", table_id, member, debounce_ms=0 if at_once else None),
                self.store.batch.command("ZREM", self.expiry_key, f"{table_id} {member}"),
            )
        except Exception:  # the member expires and the sweep announces it
            log.exception("presence_close_failed", table_id=table_id)

    async def _change(
        self,
        op: str,
        table_id: str,
        member: str,
        expiry: int = 0,
        debounce_ms: int | None = None,
    ) -> int:
        seat = int(member.split(":", 1)[0])
        at = now_ms()
        if seat == SPECTATOR:
            # The count is known only inside the script: it fills in the placeholder.
            count = envelope(
                EventType.SPECTATORS,
                table_id,
                0,
                at,
                {"count": COUNT_PLACEHOLDER, "at_ms": at},
                id=uuid.uuid4().hex,
            )
            said = [re.sub(rf'\\*"{COUNT_PLACEHOLDER}\\*"', "COUNT_PLACEHOLDER", count), ""]
        else:
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
            self.store.key(table_id, "presence_at"),
        ]
        debounce = self.debounce_ms if debounce_ms is None else debounce_ms
        args = [op, member, seat, at, expiry, *said, debounce]
        reply = await self.store.batch.script(CHANGE, keys, args)
        outcome = int(reply[0])
        if outcome in (1, 2):
            log.info("seat_presence", table_id=table_id, seat=seat, connected=outcome == 1)
            await self.publisher.publish_soon(table_id, [said[outcome - 1]])
        elif outcome == 4:
            log.info("spectators", table_id=table_id, count=int(reply[1]))
            await self.publisher.flush(table_id)
        elif outcome == 3:  # too soon after the last announcement: settled when it may be
            when = int(reply[1])
            await self.store.batch.command(
                "ZADD", self.pending_key, "NX", when, f"{table_id} {seat}"
            )
        return outcome

    # ------------------------------------------------------------------ upkeep
    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="presence")
        self._settler = asyncio.create_task(self._settle_loop(), name="presence-settle")

    async def close(self) -> None:
        """Stop the upkeep and wait for the streams' closing steps (graceful shutdown)."""
        for task in (self._task, self._settler):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for member, table_id in list(self._open.items()):
            self.close_soon(table_id, member, at_once=True)
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            stop_if_cancelled()
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

    async def _settle_loop(self) -> None:
        while True:
            stop_if_cancelled()
            await asyncio.sleep(max(self.debounce_ms / 4000, 0.05))
            try:
                await self.settle()
            except Exception:
                log.exception("presence_settle_failed")

    async def settle(self, limit: int = 500) -> int:
        """Announce the changes held back by the debounce whose time has come (any engine's);
        returns how many seats were decided."""
        due = await self.store.client.zrangebyscore(self.pending_key, "-inf", now_ms(), 0, limit)
        for raw in due:
            table_id, _, seat = raw.decode().partition(" ")
            # Removed first: a change held back again meanwhile puts it back (ZADD NX).
            await self.store.client.zrem(self.pending_key, raw)
            await self._change("settle", table_id, f"{seat}:", 0)
        return len(due)
