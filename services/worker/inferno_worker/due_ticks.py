"""Clock ticks of real-time tables waiting for their moment, in Redis: a sorted set the timer reads.

``<prefix>worker:ticks`` (member ``<table>|<due ms>``, score = the due time in ms). A real-time
game (Burn in Hell) says when it next needs the clock (the next deal, a hold or an offer running
out); the engine passes that on as ``tick_at_ms`` with every change, the dispatcher adds it
here, and the timer enqueues ``clock_tick`` when it falls due, the way it fires turn deadlines.
The due time is part of the member, so a newer tick never overwrites an older one still due;
a tick that finds nothing due (fired twice, or the table moved on) changes nothing at the
engine, so entries need no clean-up by table.
"""

from __future__ import annotations

import redis

#: One entry: (table id, due ms).
Tick = tuple[str, int]


class DueTicks:
    """The set; the timer reads it (with the deadlines) in ``dispatch.Timer.tick``."""

    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.key = f"{prefix}worker:ticks"

    def add(self, table_id: str, due_ms: int) -> None:
        self.client.zadd(self.key, {f"{table_id}|{due_ms}": due_ms})

    def drop(self, entries: list[Tick]) -> None:
        if entries:
            self.client.zrem(self.key, *(f"{t}|{d}" for t, d in entries))

    def count(self) -> int:
        return int(self.client.zcard(self.key))


def parse(member: bytes) -> Tick:
    table_id, due = member.decode().rsplit("|", 1)
    return table_id, int(due)
