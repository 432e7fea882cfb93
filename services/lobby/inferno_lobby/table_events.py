"""Keeps the lobby's table list true to the engine: a table the engine finished or aborted
is marked so here.

Reads the bus stream ``<prefix>bus:tables`` in the consumer group ``lobby`` (so each event is
handled by one lobby process, and none is lost while the lobby is down), acknowledges after the
database write, and takes over what a dead lobby process left pending. The write is idempotent
(only a started table changes), so handling an event twice is harmless. A malformed entry is
parked in the dead-letter stream with the reason, then acknowledged.
"""

from __future__ import annotations

import asyncio
import os
import socket

import structlog
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from inferno_bus import Envelope, EventType, stream_key
from inferno_bus.background import stop_if_cancelled
from inferno_bus.envelope import MalformedEvent

from .bounds import sentence, short
from .tables import Tables

log = structlog.get_logger("inferno_lobby.table_events")

GROUP = "lobby"
ENDED = {EventType.TABLE_FINISHED.value: "finished", EventType.TABLE_ABORTED.value: "aborted"}
RECLAIM_AFTER_MS = 60_000


class TableEvents:
    def __init__(self, redis: Redis, prefix: str, tables: Tables) -> None:
        self._redis = redis
        self._stream = stream_key(prefix, "tables")
        self._dead = stream_key(prefix, "dead_letter")
        self._tables = tables
        self._me = f"{socket.gethostname()}-{os.getpid()}"

    async def ensure_group(self) -> None:
        try:
            await self._redis.xgroup_create(self._stream, GROUP, id="0", mkstream=True)
        except ResponseError as err:
            if "BUSYGROUP" not in str(err):
                raise

    async def handle(self, entry_id: str, fields: dict[str, str]) -> None:
        try:
            event = Envelope.from_fields(fields)
        except MalformedEvent as err:
            await self._redis.xadd(
                self._dead,
                {**fields, "reason": str(err), "consumer": GROUP, "entry": entry_id},
                maxlen=10_000,
                approximate=True,
            )
        else:
            if event.type in ENDED and await self._tables.mark_ended(
                event.table, ENDED[event.type]
            ):
                log.info("table_ended", table_id=short(event.table), status=ENDED[event.type])
        await self._redis.xack(self._stream, GROUP, entry_id)

    async def poll(self, block_ms: int | None = None) -> int:
        """Handle one batch: first what this consumer left pending, then what others left
        idle too long, then new entries. Returns how many entries were handled."""
        handled = 0
        pending = await self._redis.xreadgroup(GROUP, self._me, {self._stream: "0"}, count=100)
        # Redis 7 answers (cursor, claimed, deleted), Redis 6.2 (cursor, claimed).
        claimed = (
            await self._redis.xautoclaim(self._stream, GROUP, self._me, RECLAIM_AFTER_MS, count=100)
        )[1]
        fresh = await self._redis.xreadgroup(
            GROUP, self._me, {self._stream: ">"}, count=100, block=block_ms
        )
        batches = [entries for _, entries in (pending or [])] + [claimed]
        batches += [entries for _, entries in (fresh or [])]
        for entries in batches:
            for entry_id, fields in entries:
                if fields:  # a pending entry trimmed from the stream has no fields
                    await self.handle(entry_id, fields)
                else:
                    await self._redis.xack(self._stream, GROUP, entry_id)
                handled += 1
        return handled

    async def run(self) -> None:
        await self.ensure_group()
        while True:
            stop_if_cancelled()
            try:
                await self.poll(block_ms=1000)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the database or Redis restarting: try again soon
                log.warning("table_events_failed", error=sentence(str(err)))
                stop_if_cancelled()
                await asyncio.sleep(1)
