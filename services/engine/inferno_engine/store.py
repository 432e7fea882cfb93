"""Where tables live: Redis keys, the atomic commit step, the event log and the bus outbox.

Every key of a table carries the hash tag ``{t:<id>}`` so one Lua script can touch them all,
also on Redis Cluster:

- ``<prefix>{t:<id>}:state``   hash: ``state`` (the rules' canonical bytes), ``version``,
  ``game``, ``status``, ``seats`` (JSON), ``options`` (JSON), ``seed``, ``commitment``,
  ``turn_seconds``, ``clock`` (JSON: the rest of the clock policy, ``bank_seconds``,
  ``increment_seconds``, ``grace_seconds``; absent on older tables), ``since_ms`` (when the
  current decision began), ``last_event``, ``spectator_delay`` (seconds; absent = 0),
  ``private`` (1 for a private table). A seat
  handed to a bot has ``"abandoned": true`` in ``seats``. A real-time table also has
  ``clock_origin`` (ms): when its game clock read 0, moved later by the time it spent paused,
  so the game time now is ``now - clock_origin`` while it is live.
- ``<prefix>{t:<id>}:events``  stream: every event of the table with its audience (``to``: ``*``
  public, else the seats allowed to see it, comma-separated) and entry id ``<version>-<n>``.
- ``<prefix>{t:<id>}:actions`` hash: the caller's key for an action id (a hash of the
  caller's role, subject and action id: see ``tables.idempotency_key``) → the stored answer.
- ``<prefix>{t:<id>}:rate:<seat>`` sorted set: the commands a seat sent in the game's rate
  window (games that declare ``command_rate``), by arrival time; expires with the window.
- ``<prefix>{t:<id>}:outbox``  list: bus envelopes committed but maybe not yet published.
- ``<prefix>{t:<id>}:history`` stream, only for tables with a spectator delay: per version
  (entry id ``<version>-0``) its commit time ``at`` (ms) and ``status``, ``since_ms``,
  ``last_event``, ``state`` as they were then (see :data:`HISTORY_STEP`).

A change is computed in Python from a snapshot, then :data:`COMMIT` applies it only if the
version is still the one the change was computed from: optimistic concurrency, so any number of
engine processes can serve one table and exactly one wins each version.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import redis.asyncio as aioredis

from inferno_clock import SeatClocks
from inferno_rules import Event

from .batching import Batcher

#: Appended to COMMIT and CREATE (KEYS[1] the state hash, the last key the history stream,
#: ``version`` the new version): a table with a spectator delay keeps, per version, when it was
#: committed (Redis server time, ms) and the table as it then was, to show spectators later.
#: Every ``TRIM_EVERY`` versions it drops what no spectator can be shown any more: the entries
#: older than the newest one that is at least the delay old (looking at ``TRIM_SCAN`` at most,
#: so the step stays cheap and still keeps up: it can drop more than are added meanwhile).
TRIM_EVERY, TRIM_SCAN = 32, 64
HISTORY_STEP = """
local history = KEYS[#KEYS]
local delay = redis.call('HGET', KEYS[1], 'spectator_delay')
if delay and delay ~= '0' then
  local t = redis.call('TIME')
  local at = t[1] .. string.format('%03d', math.floor(tonumber(t[2]) / 1000))
  local h = redis.call('HMGET', KEYS[1], 'status', 'since_ms', 'last_event', 'state')
  redis.call('XADD', history, version .. '-0', 'at', at, 'status', h[1], 'since_ms', h[2],
             'last_event', h[3] or '', 'state', h[4])
  if version % TRIM_EVERY == 0 then
    local cutoff = tonumber(at) - tonumber(delay) * 1000
    local keep = nil
    for _, entry in ipairs(redis.call('XRANGE', history, '-', '+', 'COUNT', TRIM_SCAN)) do
      if tonumber(entry[2][2]) > cutoff then break end
      keep = entry[1]
    end
    if keep then redis.call('XTRIM', history, 'MINID', keep) end
  end
end
""".replace("TRIM_EVERY", str(TRIM_EVERY)).replace("TRIM_SCAN", str(TRIM_SCAN))

#: KEYS: state, events, actions, outbox, history.
#: ARGV: 1 expected version, 2 answer field ("" = none), 3 answer, 4 state bytes ("" = keep),
#: 5 status, 6 since_ms, 7 last event id ("" = keep), 8 event count n, 9 outbox count m, then
#: n × (kind, data, to), then m outbox envelopes, then the new ``clock_origin`` ("" = keep),
#: the seats' clocks as JSON ("" = keep) and the moment of the change (ms, each event's ``at``).
#: Returns {"ok", version} | {"dup", answer} | {"stale", version} | {"missing"}.
COMMIT = (
    """
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {'missing'} end
if ARGV[2] ~= '' then
  local prior = redis.call('HGET', KEYS[3], ARGV[2])
  if prior then return {'dup', prior} end
end
if current ~= ARGV[1] then return {'stale', current} end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'version', version, 'status', ARGV[5], 'since_ms', ARGV[6])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'state', ARGV[4]) end
if ARGV[7] ~= '' then redis.call('HSET', KEYS[1], 'last_event', ARGV[7]) end
local n = tonumber(ARGV[8])
local m = tonumber(ARGV[9])
local i = 10
for k = 0, n - 1 do
  redis.call('XADD', KEYS[2], version .. '-' .. k,
             'kind', ARGV[i], 'data', ARGV[i + 1], 'to', ARGV[i + 2], 'at', ARGV[#ARGV])
  i = i + 3
end
for k = 1, m do
  redis.call('RPUSH', KEYS[4], ARGV[i])
  i = i + 1
end
if ARGV[i] ~= '' then redis.call('HSET', KEYS[1], 'clock_origin', ARGV[i]) end
if ARGV[i + 1] ~= '' then redis.call('HSET', KEYS[1], 'seat_clocks', ARGV[i + 1]) end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], ARGV[3]) end
"""
    + HISTORY_STEP
    + """
return {'ok', tostring(version)}
"""
)

#: KEYS: state, events, outbox, history. ARGV: 1 field-pair count p, p × (field, value), 2 event
#: count n, n × (kind, data, to), outbox count m, m × envelope. The table starts at version 1.
CREATE = (
    """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local p = tonumber(ARGV[1])
local i = 2
for k = 1, p do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  i = i + 2
end
local n = tonumber(ARGV[i])
i = i + 1
for k = 0, n - 1 do
  redis.call('XADD', KEYS[2], '1-' .. k, 'kind', ARGV[i], 'data', ARGV[i + 1], 'to', ARGV[i + 2],
             'at', redis.call('HGET', KEYS[1], 'since_ms'))
  i = i + 3
end
local m = tonumber(ARGV[i])
i = i + 1
for k = 1, m do
  redis.call('RPUSH', KEYS[3], ARGV[i])
  i = i + 1
end
local version = 1
"""
    + HISTORY_STEP
    + """
return 1
"""
)

#: KEYS: state, events, outbox, history. ARGV: 1 expected version, 2 the new ``seats`` JSON,
#: 3 event kind, 4 event data, 5 envelope, 6 the moment (ms), 7 the seats' clocks JSON. Hands
#: a seat to a bot: new seats, one public event, one bus envelope, version + 1 (``since_ms`` and
#: the game state stay). Returns like :data:`COMMIT`.
HAND_OVER = (
    """
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {'missing'} end
if current ~= ARGV[1] then return {'stale', current} end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'version', version, 'seats', ARGV[2], 'last_event', version .. '-0')
redis.call('XADD', KEYS[2], version .. '-0', 'kind', ARGV[3], 'data', ARGV[4], 'to', '*',
           'at', ARGV[6])
redis.call('RPUSH', KEYS[3], ARGV[5])
redis.call('HSET', KEYS[1], 'seat_clocks', ARGV[7])
"""
    + HISTORY_STEP
    + """
return {'ok', tostring(version)}
"""
)

#: KEYS: outbox. ARGV: the envelopes just published, in order. Drops them from the head only
#: if the head still holds exactly them (another process may have published them already), so
#: a race can publish an envelope twice (ids make that harmless) but never lose one.
OUTBOX_DONE = """
local n = #ARGV
local head = redis.call('LRANGE', KEYS[1], 0, n - 1)
if #head ~= n then return 0 end
for k = 1, n do
  if head[k] ~= ARGV[k] then return 0 end
end
redis.call('LTRIM', KEYS[1], n, -1)
return 1
"""

#: KEYS: state, actions, outbox. ARGV: 1 the version whose state the caller already holds
#: decoded ("" = none), 2 answer field ("" = none). Returns nil for no table, else
#: {fields, state bytes or false when ARGV[1] is current, outbox head or false, answer or false}.
READ = """
local f = redis.call('HMGET', KEYS[1], 'version', 'game', 'status', 'seats', 'options', 'seed',
                     'commitment', 'turn_seconds', 'since_ms', 'last_event', 'clock',
                     'clock_origin', 'spectator_delay', 'private', 'seat_clocks')
if not f[1] then return nil end
local state = false
if f[1] ~= ARGV[1] then state = redis.call('HGET', KEYS[1], 'state') end
local head = redis.call('LINDEX', KEYS[3], 0)
local prior = false
if ARGV[2] ~= '' then prior = redis.call('HGET', KEYS[2], ARGV[2]) end
return {f, state, head, prior}
"""

#: KEYS: one seat's command log. ARGV: now ms, window ms, the command's id. Every command a
#: seat sends is one member (a retry under the same id counts once); returns how many the
#: seat sent in the window ending now, this one included.
COUNT_COMMAND = """
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return redis.call('ZCARD', KEYS[1])
"""

PUBLIC = "*"


class StoredEvent(NamedTuple):
    """One entry of a table's log: its id ``<version>-<n>`` and the rules event."""

    id: str
    version: int
    event: Event
    at_ms: int = 0  # when it happened (ms since the epoch; 0 in logs older than the field)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table as read from Redis at one version."""

    table_id: str
    version: int
    game: str
    status: str
    state: bytes | None  # None when the caller said it holds this version decoded already
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    seed: str
    commitment: str
    turn_seconds: int
    since_ms: int
    last_event: str
    outbox_head: bytes | None  # the oldest unpublished bus envelope, if any
    prior_answer: bytes | None
    clock: dict[str, int] | None = None  # bank/increment/grace seconds (None: older tables)
    clock_origin: int | None = None  # real-time tables: wall ms at game time 0 (pauses added)
    spectator_delay: int = 0  # seconds spectators see the table late (0 = live)
    private: bool = False  # the lobby's private table: players and result never published
    seat_clocks: SeatClocks | None = None  # turn-based tables: each seat's clock (None: older)


class Past(NamedTuple):
    """A delayed table as it was at one earlier version (from its history stream)."""

    version: int
    at_ms: int
    status: str
    since_ms: int
    last_event: str
    state: bytes


class Committed(NamedTuple):
    outcome: str  # "ok" | "dup" | "stale" | "missing"
    version: int
    answer: bytes | None


def encode_to(to: frozenset[int] | None) -> str:
    return PUBLIC if to is None else ",".join(str(s) for s in sorted(to))


def decode_to(text: str) -> frozenset[int] | None:
    if text == PUBLIC:
        return None
    return frozenset(int(s) for s in text.split(",") if s)


def _event_args(events: Sequence[Event]) -> list[str]:
    args: list[str] = []
    for event in events:
        args += [event.kind, json.dumps(event.data, separators=(",", ":")), encode_to(event.to)]
    return args


class TableStore:
    """The Redis side of the engine; every method is one or two round trips."""

    def __init__(
        self, client: aioredis.Redis, prefix: str, waiting: aioredis.Redis | None = None
    ) -> None:
        self.client = client
        # Blocking stream reads hold a connection for seconds; they get their own pool so
        # followers never starve the moves.
        self.waiting = waiting or client
        self.prefix = prefix
        self.batch = Batcher(client)
        self._create = client.register_script(CREATE)
        self._outbox_done = client.register_script(OUTBOX_DONE)
        self._hand_over = client.register_script(HAND_OVER)

    def key(self, table_id: str, part: str) -> str:
        return f"{self.prefix}{{t:{table_id}}}:{part}"

    def keys(self, table_id: str) -> tuple[str, str, str, str, str]:
        return (
            self.key(table_id, "state"),
            self.key(table_id, "events"),
            self.key(table_id, "actions"),
            self.key(table_id, "outbox"),
            self.key(table_id, "history"),
        )

    # ------------------------------------------------------------------ reading
    async def read(
        self, table_id: str, answer_field: str = "", known_version: int | None = None
    ) -> Snapshot | None:
        """The table now (and the stored answer for ``answer_field``), or ``None``.

        When the table is still at ``known_version`` the state bytes are not sent (the caller
        holds that state decoded already) and ``Snapshot.state`` is ``None``.
        """
        state_key, _, actions_key, outbox_key, _ = self.keys(table_id)
        reply = await self.batch.script(
            READ,
            [state_key, actions_key, outbox_key],
            ["" if known_version is None else known_version, answer_field],
        )
        if reply is None:
            return None
        fields, state, head, prior = reply
        (version, game, status, seats, options, seed, sealed, turn, since, last, clock, origin) = (
            fields[:12]
        )
        delay, private, seat_clocks = fields[12], fields[13], fields[14]
        return Snapshot(
            table_id=table_id,
            version=int(version),
            game=game.decode(),
            status=status.decode(),
            state=state or None,
            seats=json.loads(seats),
            options=json.loads(options),
            seed=seed.decode(),
            commitment=sealed.decode(),
            turn_seconds=int(turn or 0),
            since_ms=int(since or 0),
            last_event=(last or b"").decode(),
            outbox_head=head or None,
            prior_answer=prior or None,
            clock=json.loads(clock) if clock else None,
            clock_origin=int(origin) if origin else None,
            spectator_delay=int(delay) if delay else 0,
            private=bool(private),
            seat_clocks=SeatClocks.from_json(json.loads(seat_clocks)) if seat_clocks else None,
        )

    async def events_after(
        self, table_id: str, after: str, count: int = 500, until: str = "+"
    ) -> list[StoredEvent]:
        """Log entries strictly after entry id ``after`` ("" = from the start), up to and
        including ``until``."""
        start = f"({after}" if after else "-"
        # Batched: many followers catching up at once share one connection and round trip.
        entries = await self.batch.command(
            "XRANGE", self.key(table_id, "events"), start, until, "COUNT", count
        )
        return [_stored(entry_id, _fields(fields)) for entry_id, fields in entries]

    # ------------------------------------------------------------------ rate limit
    async def count_command(
        self, table_id: str, seat: int, command_id: str, now_ms: int, window_ms: int
    ) -> int:
        """Count a command ``seat`` sent (see :data:`COUNT_COMMAND`): how many it sent in the
        last ``window_ms``, this one included. Not the table's state: a refused command is
        counted too, and the count expires with the window."""
        key = self.key(table_id, f"rate:{seat}")
        return int(await self.batch.script(COUNT_COMMAND, [key], [now_ms, window_ms, command_id]))

    # ------------------------------------------------------------------ spectator delay
    async def spectator_delay(self, table_id: str) -> int:
        """The table's spectator delay in seconds (0 for a table without one)."""
        value = await self.batch.command("HGET", self.key(table_id, "state"), "spectator_delay")
        return int(value or 0)

    async def commit_times(self, table_id: str, first: int, last: int) -> dict[int, int]:
        """When versions ``first`` to ``last`` were committed (ms), from a delayed table's
        history."""
        entries = await self.batch.command(
            "XRANGE", self.key(table_id, "history"), f"{first}-0", f"{last}-0"
        )
        return {int(eid.split(b"-", 1)[0]): int(_fields(fields)[b"at"]) for eid, fields in entries}

    async def latest_commit_time(self, table_id: str) -> int | None:
        """When a delayed table's newest version was committed (ms)."""
        entries = await self.client.xrevrange(self.key(table_id, "history"), "+", "-", 1)
        return int(entries[0][1][b"at"]) if entries else None

    async def as_of(self, table_id: str, cutoff_ms: int, page: int = 32) -> Past | None:
        """A delayed table as it was at its newest version committed at or before
        ``cutoff_ms``, or ``None`` when even version 1 is younger."""
        key = self.key(table_id, "history")
        top = "+"
        while True:
            entries = await self.client.xrevrange(key, top, "-", page)
            for eid, fields in entries:
                if int(fields[b"at"]) <= cutoff_ms:
                    return Past(
                        version=int(eid.split(b"-", 1)[0]),
                        at_ms=int(fields[b"at"]),
                        status=fields[b"status"].decode(),
                        since_ms=int(fields[b"since_ms"]),
                        last_event=fields[b"last_event"].decode(),
                        state=fields[b"state"],
                    )
            if len(entries) < page:
                return None
            top = f"({entries[-1][0].decode()}"

    async def wait_for_events(
        self, table_id: str, after: str, block_ms: int, count: int = 500
    ) -> list[StoredEvent]:
        """Like :meth:`events_after`, but waits up to ``block_ms`` for the first new entry."""
        reply = await self.waiting.xread(
            {self.key(table_id, "events"): after or "0-0"}, count=count, block=block_ms
        )
        if not reply:
            return []
        return [_stored(entry_id, fields) for entry_id, fields in reply[0][1]]

    async def tail(self, table_id: str) -> tuple[str | None, str]:
        """The table's status and its log's last entry id."""
        status, last = await self.batch.command(
            "HMGET", self.key(table_id, "state"), "status", "last_event"
        )
        return (status.decode() if status else None), (last or b"").decode()

    async def status(self, table_id: str) -> str | None:
        value = await self.client.hget(self.key(table_id, "state"), "status")
        return value.decode() if value is not None else None

    # ------------------------------------------------------------------ writing
    async def create(
        self,
        table_id: str,
        fields: dict[str, str | bytes | int],
        events: Sequence[Event],
        outbox: Sequence[str],
    ) -> bool:
        """Store a new table at version 1; ``False`` if the id is taken."""
        state_key, events_key, _, outbox_key, history_key = self.keys(table_id)
        args: list[Any] = [len(fields)]
        for name, value in fields.items():
            args += [name, value]
        args += [len(events), *_event_args(events), len(outbox), *outbox]
        created = await self._create(
            keys=[state_key, events_key, outbox_key, history_key], args=args
        )
        return bool(created)

    async def commit(
        self,
        table_id: str,
        *,
        expected: int,
        status: str,
        since_ms: int,
        events: Sequence[Event],
        outbox: Sequence[str] = (),
        state: bytes = b"",
        answer_field: str = "",
        answer: bytes = b"",
        clock_origin: int | None = None,
        seat_clocks: SeatClocks | None = None,
        at_ms: int = 0,
    ) -> Committed:
        """Apply one change if the table is still at ``expected`` (see :data:`COMMIT`);
        ``clock_origin`` moves a real-time table's game clock (on resuming after a pause);
        ``seat_clocks`` replaces the seats' clocks; ``at_ms``: when (``since_ms`` if 0)."""
        last_event = f"{expected + 1}-{len(events) - 1}" if events else ""
        args: list[Any] = [
            expected,
            answer_field,
            answer,
            state,
            status,
            since_ms,
            last_event,
            len(events),
            len(outbox),
            *_event_args(events),
            *outbox,
            "" if clock_origin is None else clock_origin,
            "" if seat_clocks is None else json.dumps(seat_clocks.to_json()),
            at_ms or since_ms,
        ]
        reply = await self.batch.script(COMMIT, list(self.keys(table_id)), args)
        outcome = reply[0].decode()
        if outcome == "ok":
            return Committed("ok", int(reply[1]), None)
        if outcome == "dup":
            return Committed("dup", 0, reply[1])
        if outcome == "stale":
            return Committed("stale", int(reply[1]), None)
        return Committed("missing", 0, None)

    async def hand_over(
        self,
        table_id: str,
        expected: int,
        seats: str,
        event: Event,
        envelope: str,
        at_ms: int,
        seat_clocks: SeatClocks,
    ) -> Committed:
        """Store ``seats`` (one now abandoned) with ``event`` if still at ``expected``."""
        state_key, events_key, _, outbox_key, history_key = self.keys(table_id)
        data = json.dumps(event.data, separators=(",", ":"))
        reply = await self._hand_over(
            keys=[state_key, events_key, outbox_key, history_key],
            args=[
                expected,
                seats,
                event.kind,
                data,
                envelope,
                at_ms,
                json.dumps(seat_clocks.to_json()),
            ],
        )
        outcome = reply[0].decode()
        if outcome == "ok":
            return Committed("ok", int(reply[1]), None)
        if outcome == "stale":
            return Committed("stale", int(reply[1]), None)
        return Committed("missing", 0, None)

    async def outbox(self, table_id: str, limit: int = 100) -> list[bytes]:
        items: list[bytes] = await self.client.lrange(self.key(table_id, "outbox"), 0, limit - 1)
        return items

    async def outbox_done(self, table_id: str, items: Sequence[bytes]) -> None:
        await self._outbox_done(keys=[self.key(table_id, "outbox")], args=list(items))

    async def tables_with_outbox(self) -> list[str]:
        """Ids of tables whose outbox holds something (for the recovery sweep at start-up)."""
        found = []
        pattern = f"{self.prefix}{{t:*}}:outbox"
        async for key in self.client.scan_iter(match=pattern, count=1000):
            text = key.decode()
            found.append(text[len(self.prefix) + 3 : text.rindex("}")])
        return found


def _fields(raw: Any) -> dict[bytes, bytes]:
    """A stream entry's fields: the batcher hands Redis's raw reply (a flat list of names and
    values), redis-py's own commands a dict."""
    if isinstance(raw, dict):
        return raw
    return dict(zip(raw[::2], raw[1::2], strict=True))


def _stored(entry_id: bytes, fields: dict[bytes, bytes]) -> StoredEvent:
    text = entry_id.decode()
    event = Event(
        fields[b"kind"].decode(), json.loads(fields[b"data"]), decode_to(fields[b"to"].decode())
    )
    at = fields.get(b"at")
    return StoredEvent(text, int(text.split("-", 1)[0]), event, int(at) if at else 0)
