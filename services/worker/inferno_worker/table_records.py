"""What the worker remembers of each table, in Redis: seats, clock policy, timeouts, deadlines.

Nothing lives only in a worker process. Per table (under the deployment's key prefix):
``worker:t:<id>`` (hash: game, seats as JSON, the clock policy ``turn_ms``, ``bank_ms``,
``increment_ms``, ``grace_ms``, last version seen, ``to_act`` of the current decision as JSON),
``…:timeouts`` (hash: seat → timeouts in a row), ``…:abandoned`` (set of seats handed to a bot),
``…:handed`` (those of them the engine has marked abandoned), ``…:bank`` (hash: seat → bank
left in ms; absent = the full starting bank), ``…:started`` (hash: seat → when its current
decision began, for the seats deciding now), ``…:presence`` (hash: seat → ``<at_ms>:<0|1>``, the
latest connect (1) or disconnect (0) the engine reported) and ``…:deadlines`` (the members this
table has in the shared deadline set); ``worker:activity`` (sorted set: table → last change in
ms) finds idle tables. Deadlines of all tables are one sorted
set ``worker:deadlines`` (member ``<table>|<version>|<seat>``, score = due time in ms) that the
timer loop reads: a deadline lives in data, never in a broker countdown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis

from inferno_clock import ClockPolicy, away

#: Records of finished tables are kept this long for operators and scoring, then expire.
KEEP_FINISHED_S = 24 * 3600

# Advance the table's version, count a seat's timeouts and store its bank in one step, so a
# re-delivered bus event (version not newer) counts nothing. Returns 1 newer, 0 same version,
# -1 older. ARGV: version, seat (-1 = nobody moved), forced, abandon after, bank ("" = keep).
_ADVANCE = """
local v = tonumber(ARGV[1])
local last = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if v < last then return -1 end
if v == last then return 0 end
redis.call('HSET', KEYS[1], 'version', v)
local seat = tonumber(ARGV[2])
if seat >= 0 and ARGV[5] ~= '' then redis.call('HSET', KEYS[4], seat, ARGV[5]) end
if seat >= 0 and redis.call('SISMEMBER', KEYS[3], seat) == 0 then
  if ARGV[3] == '1' then
    local n = redis.call('HINCRBY', KEYS[2], seat, 1)
    if n >= tonumber(ARGV[4]) then redis.call('SADD', KEYS[3], seat) end
  else
    redis.call('HSET', KEYS[2], seat, 0)
  end
end
return 1
"""


# Keep the newest presence report of a seat (reports may arrive twice or out of order).
# ARGV: seat, at_ms, 1 connected / 0 disconnected. Returns 1 if stored, 0 if older or same.
_PRESENCE = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and tonumber(string.match(old, '^(%d+)')) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
return 1
"""

PARTS = ("", "timeouts", "abandoned", "handed", "bank", "started", "presence")


@dataclass(frozen=True)
class TableRecord:
    table_id: str
    game: str
    seats: list[dict[str, Any]]  # {"seat", "player_id", "name", "bot"} as the bus said
    policy: ClockPolicy
    version: int
    abandoned: frozenset[int]
    handed: frozenset[int] = frozenset()  # abandoned seats the engine has marked so
    to_act: tuple[int, ...] = ()  # the current decision's seats
    banks: dict[int, int] = field(default_factory=dict)  # seat → bank left (ms), once changed
    started: dict[int, int] = field(default_factory=dict)  # seat → its decision's start (ms)
    disconnected: dict[int, int] = field(default_factory=dict)  # seat → since (ms)
    closed: bool = False  # the table ended
    hand_over_after: int = 0  # the table's timeouts in a row before a bot (0 = the default)

    @property
    def turn_ms(self) -> int:
        return self.policy.turn_ms

    def bank(self, seat: int) -> int:
        return self.banks.get(seat, self.policy.bank_ms)

    def away(self, seat: int, now_ms: int) -> bool:
        """Disconnected for longer than the grace: a bot moves for the seat at once."""
        return away(self.policy, self.disconnected.get(seat), now_ms)

    def player_id(self, seat: int) -> str:
        return str(self.seats[seat]["player_id"])

    def is_bot(self, seat: int) -> bool:
        return bool(self.seats[seat].get("bot"))

    def played_by_bot(self, seat: int) -> bool:
        """A bot seat, or a human seat handed to a bot after too many timeouts."""
        return self.is_bot(seat) or seat in self.abandoned

    def moved_by_bot(self, seat: int, now_ms: int) -> bool:
        """Played by a bot, or its human is away past the grace."""
        return self.played_by_bot(seat) or self.away(seat, now_ms)


class TableRecords:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.deadlines_key = f"{prefix}worker:deadlines"
        self.activity_key = f"{prefix}worker:activity"
        self._advance = client.register_script(_ADVANCE)
        self._presence = client.register_script(_PRESENCE)
        #: Called with the earliest due time (ms) whenever deadlines are set: the timer loop
        #: of the same process listens, to wake before it would have looked again.
        self.on_deadline: Callable[[int], None] | None = None

    def key(self, table_id: str, part: str = "") -> str:
        return f"{self.prefix}worker:t:{table_id}" + (f":{part}" if part else "")

    def create(
        self,
        table_id: str,
        game: str,
        seats: list[dict[str, Any]],
        policy: ClockPolicy,
        hand_over_after: int = 0,
    ) -> None:
        # HSETNX-like: a re-delivered table.created must not reset a table already under way.
        key = self.key(table_id)
        if self.client.exists(key):
            return
        mapping = {
            "game": game,
            "seats": json.dumps(seats),
            "turn_ms": policy.turn_ms,
            "bank_ms": policy.bank_ms,
            "increment_ms": policy.increment_ms,
            "grace_ms": policy.grace_ms,
            "hand_over_after": hand_over_after,
            "version": 0,
        }
        self.client.hset(key, mapping=mapping)

    def get(self, table_id: str) -> TableRecord | None:
        with self.client.pipeline(transaction=False) as pipe:
            pipe.hgetall(self.key(table_id))
            pipe.smembers(self.key(table_id, "abandoned"))
            pipe.smembers(self.key(table_id, "handed"))
            for part in ("bank", "started", "presence"):
                pipe.hgetall(self.key(table_id, part))
            raw, abandoned, handed, banks, started, presence = pipe.execute()
        if not raw:
            return None
        fields = {k.decode(): v.decode() for k, v in raw.items()}
        away_since = {}
        for seat, value in presence.items():
            at, _, connected = value.decode().partition(":")
            if connected == "0":
                away_since[int(seat)] = int(at)
        return TableRecord(
            table_id=table_id,
            game=fields["game"],
            seats=json.loads(fields["seats"]),
            policy=ClockPolicy(
                turn_ms=int(fields["turn_ms"]),
                bank_ms=int(fields.get("bank_ms", 0)),
                increment_ms=int(fields.get("increment_ms", 0)),
                grace_ms=int(fields.get("grace_ms", 0)),
            ),
            version=int(fields["version"]),
            abandoned=frozenset(int(s) for s in abandoned),
            handed=frozenset(int(s) for s in handed),
            to_act=tuple(json.loads(fields.get("to_act", "[]"))),
            banks={int(k): int(v) for k, v in banks.items()},
            started={int(k): int(v) for k, v in started.items()},
            disconnected=away_since,
            closed=fields.get("closed") == "1",
            hand_over_after=int(fields.get("hand_over_after", 0)),
        )

    def advance(
        self,
        table_id: str,
        version: int,
        seat: int,
        forced: bool,
        abandon_after: int,
        bank_ms: int | None = None,
    ) -> int:
        """Move the record to ``version`` (see :data:`_ADVANCE`); ``bank_ms``: the mover's bank."""
        keys = [
            self.key(table_id),
            self.key(table_id, "timeouts"),
            self.key(table_id, "abandoned"),
            self.key(table_id, "bank"),
        ]
        bank = "" if bank_ms is None else bank_ms
        args = [version, seat, "1" if forced else "0", abandon_after, bank]
        return int(self._advance(keys=keys, args=args))

    def set_decision(self, table_id: str, to_act: list[int], started: dict[int, int]) -> None:
        """The seats deciding now and when each one's decision began."""
        with self.client.pipeline(transaction=True) as pipe:
            pipe.hset(self.key(table_id), "to_act", json.dumps(to_act))
            pipe.delete(self.key(table_id, "started"))
            if started:
                pipe.hset(self.key(table_id, "started"), mapping=started)
            pipe.execute()

    def set_presence(self, table_id: str, seat: int, connected: bool, at_ms: int) -> bool:
        """Store a seat's connect/disconnect at ``at_ms``; ``False`` if a newer one is stored."""
        keys = [self.key(table_id, "presence")]
        return bool(self._presence(keys=keys, args=[seat, at_ms, "1" if connected else "0"]))

    def mark_abandoned(self, table_id: str, seat: int) -> None:
        """The engine says ``seat`` is abandoned: a bot plays it (and nothing to ask)."""
        with self.client.pipeline(transaction=True) as pipe:
            pipe.sadd(self.key(table_id, "abandoned"), seat)
            pipe.sadd(self.key(table_id, "handed"), seat)
            pipe.execute()

    def mark_handed(self, table_id: str, seat: int) -> None:
        """The engine has marked ``seat`` abandoned (HandOverSeat answered)."""
        self.client.sadd(self.key(table_id, "handed"), seat)

    def timeouts(self, table_id: str) -> dict[int, int]:
        raw = self.client.hgetall(self.key(table_id, "timeouts"))
        return {int(k): int(v) for k, v in raw.items()}

    def set_deadlines(self, table_id: str, version: int, due_ms: dict[int, int]) -> None:
        """Replace the table's deadlines with ``due_ms`` (seat → due time) for ``version``."""
        own = self.key(table_id, "deadlines")
        old = [m.decode() for m in self.client.smembers(own)]
        new = {f"{table_id}|{version}|{seat}": due for seat, due in due_ms.items()}
        if not old and not new:
            return  # nothing set, nothing to set (a table of bots): save the round trip
        with self.client.pipeline(transaction=True) as pipe:
            if old:
                pipe.zrem(self.deadlines_key, *old)
            pipe.delete(own)
            if new:
                pipe.zadd(self.deadlines_key, new)
                pipe.sadd(own, *new)
            pipe.execute()
        if due_ms and self.on_deadline is not None:
            self.on_deadline(min(due_ms.values()))

    def current_deadlines(self, table_id: str) -> dict[int, int]:
        """Seat → due time of the table's deadlines now set."""
        own = [m.decode() for m in self.client.smembers(self.key(table_id, "deadlines"))]
        if not own:
            return {}
        scores = self.client.zmscore(self.deadlines_key, own)
        return {
            int(member.rsplit("|", 1)[1]): int(score)
            for member, score in zip(own, scores, strict=True)
            if score is not None
        }

    def touch(self, table_id: str, at_ms: int) -> None:
        """The table changed at ``at_ms``: its idle time starts again."""
        self.client.zadd(self.activity_key, {table_id: at_ms})

    def idle_since(self, before_ms: int, limit: int = 500) -> list[str]:
        """Live tables with no change since ``before_ms``."""
        rows = self.client.zrangebyscore(self.activity_key, "-inf", before_ms, start=0, num=limit)
        return [r.decode() for r in rows]

    def due(self, now_ms: int, limit: int = 500) -> list[tuple[str, int, int, int]]:
        """Deadlines due by ``now_ms``: (table, version, seat, due_ms)."""
        rows = self.client.zrangebyscore(
            self.deadlines_key, "-inf", now_ms, start=0, num=limit, withscores=True
        )
        out = []
        for member, score in rows:
            table_id, version, seat = member.decode().rsplit("|", 2)
            out.append((table_id, int(version), int(seat), int(score)))
        return out

    def counts(self) -> tuple[int, int]:
        """(deadlines pending, live tables followed), for the metrics."""
        with self.client.pipeline(transaction=False) as pipe:
            pipe.zcard(self.deadlines_key)
            pipe.zcard(self.activity_key)
            deadlines, tables = pipe.execute()
        return int(deadlines), int(tables)

    def drop_deadline(self, table_id: str, version: int, seat: int) -> None:
        member = f"{table_id}|{version}|{seat}"
        with self.client.pipeline(transaction=True) as pipe:
            pipe.zrem(self.deadlines_key, member)
            pipe.srem(self.key(table_id, "deadlines"), member)
            pipe.execute()

    def close(self, table_id: str) -> None:
        """The table ended: no more deadlines; keep the record a while for operators."""
        self.set_deadlines(table_id, 0, {})
        self.client.hset(self.key(table_id), mapping={"closed": 1, "to_act": "[]"})
        self.client.zrem(self.activity_key, table_id)
        for part in PARTS:
            self.client.expire(self.key(table_id, part), KEEP_FINISHED_S)
