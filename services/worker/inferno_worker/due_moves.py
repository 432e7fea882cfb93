"""Bot moves waiting out their human-like delay, in Redis: a sorted set the timer loop reads.

``<prefix>worker:bot_due`` (member ``<table>|<version>|<seat>``, score = when the bot may
move, in ms). The dispatcher adds a bot's move here instead of sending Celery a countdown
task, and the timer enqueues ``bot_move`` when it falls due, the way it fires turn deadlines.
So the broker only ever holds tasks that can run now: the worker's prefetch limit holds, a
timeout never waits behind a heap of bot moves that fell due inside the worker, and nothing
waits in a broker countdown. An entry for a table that has moved on fires a task that does
nothing (the task checks the version), so entries are never cleaned up by table.
"""

from __future__ import annotations

import redis

#: One entry: (table id, version, seat, due ms).
Due = tuple[str, int, int, int]


class DueMoves:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.key = f"{prefix}worker:bot_due"

    def add(self, table_id: str, version: int, seat: int, due_ms: int) -> None:
        self.client.zadd(self.key, {f"{table_id}|{version}|{seat}": due_ms})

    def due(self, now_ms: int, limit: int = 500) -> list[Due]:
        """Entries due by ``now_ms``, earliest first."""
        rows = self.client.zrangebyscore(
            self.key, "-inf", now_ms, start=0, num=limit, withscores=True
        )
        out = []
        for member, score in rows:
            table_id, version, seat = member.decode().rsplit("|", 2)
            out.append((table_id, int(version), int(seat), int(score)))
        return out

    def drop(self, entries: list[Due]) -> None:
        if entries:
            self.client.zrem(self.key, *(f"{t}|{v}|{s}" for t, v, s, _ in entries))

    def earliest(self) -> int | None:
        rows = self.client.zrange(self.key, 0, 0, withscores=True)
        return int(rows[0][1]) if rows else None

    def count(self) -> int:
        return int(self.client.zcard(self.key))
