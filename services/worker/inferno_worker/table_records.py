"""What the worker remembers of each table, in Redis: seats, clock policy, timeouts, deadlines.

Nothing lives only in a worker process. Per table (under the deployment's key prefix):
``worker:t:<id>`` (hash: game, seats as JSON, turn_ms, last version seen), ``…:timeouts`` (hash:
seat → timeouts in a row), ``…:abandoned`` (set of seats handed to a bot) and ``…:deadlines``
(the members this table has in the shared deadline set); ``worker:activity`` (sorted set:
table → last change in ms) finds idle tables. Deadlines of all tables are one sorted
set ``worker:deadlines`` (member ``<table>|<version>|<seat>``, score = due time in ms) that the
timer loop reads: a deadline lives in data, never in a broker countdown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis

#: Records of finished tables are kept this long for operators and scoring, then expire.
KEEP_FINISHED_S = 24 * 3600

# Advance the table's version and count a seat's timeouts in one step, so a re-delivered bus
# event (version not newer) counts nothing. Returns 1 newer, 0 same version, -1 older.
_ADVANCE = """
local v = tonumber(ARGV[1])
local last = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if v < last then return -1 end
if v == last then return 0 end
redis.call('HSET', KEYS[1], 'version', v)
local seat = tonumber(ARGV[2])
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


@dataclass(frozen=True)
class TableRecord:
    table_id: str
    game: str
    seats: list[dict[str, Any]]  # {"seat", "player_id", "name", "bot"} as the bus said
    turn_ms: int
    version: int
    abandoned: frozenset[int]

    def player_id(self, seat: int) -> str:
        return str(self.seats[seat]["player_id"])

    def is_bot(self, seat: int) -> bool:
        return bool(self.seats[seat].get("bot"))

    def played_by_bot(self, seat: int) -> bool:
        """A bot seat, or a human seat handed to a bot after too many timeouts."""
        return self.is_bot(seat) or seat in self.abandoned


class TableRecords:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.deadlines_key = f"{prefix}worker:deadlines"
        self.activity_key = f"{prefix}worker:activity"
        self._advance = client.register_script(_ADVANCE)
        #: Called with the earliest due time (ms) whenever deadlines are set: the timer loop
        #: of the same process listens, to wake before it would have looked again.
        self.on_deadline: Callable[[int], None] | None = None

    def key(self, table_id: str, part: str = "") -> str:
        return f"{self.prefix}worker:t:{table_id}" + (f":{part}" if part else "")

    def create(self, table_id: str, game: str, seats: list[dict[str, Any]], turn_ms: int) -> None:
        # HSETNX-like: a re-delivered table.created must not reset a table already under way.
        key = self.key(table_id)
        if self.client.exists(key):
            return
        self.client.hset(
            key,
            mapping={"game": game, "seats": json.dumps(seats), "turn_ms": turn_ms, "version": 0},
        )

    def get(self, table_id: str) -> TableRecord | None:
        with self.client.pipeline(transaction=False) as pipe:  # one round trip, not two
            pipe.hgetall(self.key(table_id))
            pipe.smembers(self.key(table_id, "abandoned"))
            raw, members = pipe.execute()
        if not raw:
            return None
        fields = {k.decode(): v.decode() for k, v in raw.items()}
        abandoned = {int(s) for s in members}
        return TableRecord(
            table_id=table_id,
            game=fields["game"],
            seats=json.loads(fields["seats"]),
            turn_ms=int(fields["turn_ms"]),
            version=int(fields["version"]),
            abandoned=frozenset(abandoned),
        )

    def advance(
        self, table_id: str, version: int, seat: int, forced: bool, abandon_after: int
    ) -> int:
        keys = [self.key(table_id), self.key(table_id, "timeouts"), self.key(table_id, "abandoned")]
        args = [version, seat, "1" if forced else "0", abandon_after]
        return int(self._advance(keys=keys, args=args))

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
        self.client.zrem(self.activity_key, table_id)
        for part in ("", "timeouts", "abandoned"):
            self.client.expire(self.key(table_id, part), KEEP_FINISHED_S)
