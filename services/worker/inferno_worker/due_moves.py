"""Bot moves waiting out their human-like delay, in Redis: a sorted set the timer loop reads.

``<prefix>worker:bot_due`` (member ``<table>|<version>|<seat>``, score = when the bot may
move, in ms). The dispatcher adds a bot's move here instead of sending Celery a countdown
task, and the timer enqueues ``bot_move`` when it falls due, the way it fires turn deadlines.
So the broker only ever holds tasks that can run now: the worker's prefetch limit holds, a
timeout never waits behind a heap of bot moves that fell due inside the worker, and nothing
waits in a broker countdown. An entry for a table that has moved on fires a task that does
nothing (the task checks the version), so entries are never cleaned up by table.

A real-time table's bot looks at whatever version is current when it acts (version 0 in the
member); its entry keeps the earlier due time when asked again, so a busy table does not keep
putting its bots off.
"""

from __future__ import annotations

import redis

#: One entry: (table id, version, seat, due ms).
Due = tuple[str, int, int, int]


class DueMoves:
    """The set; the timer reads it (with the deadlines) in ``dispatch.Timer.tick``."""

    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.key = f"{prefix}worker:bot_due"

    def add(self, table_id: str, version: int, seat: int, due_ms: int) -> None:
        member = f"{table_id}|{version}|{seat}"
        self.client.zadd(self.key, {member: due_ms}, nx=version == 0)

    def drop(self, entries: list[Due]) -> None:
        if entries:
            self.client.zrem(self.key, *(f"{t}|{v}|{s}" for t, v, s, _ in entries))

    def count(self) -> int:
        return int(self.client.zcard(self.key))
