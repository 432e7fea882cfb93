"""Bus events for the other services, written through a per-table outbox.

A change and the bus events it causes are committed together: the envelopes go into the
table's outbox list in the same Lua step as the state. Publishing (XADD to
``<prefix>bus:tables``, then removal from the outbox) happens just after the commit, off the
caller's path, in batches across tables whose commands ride along with the moves' own Redis
pipelines (at most :data:`PUBLISH_WITHIN_MS` later when no move comes); and
again, for anything left over by an engine that died, on the next call that touches the table
and in a sweep when an engine starts. So every committed change
is published at least once; an envelope's id is ``uuid5(URL, "<table>:<version>:<type>")``, so a
consumer recognises a re-publication and applies it once. Payloads carry public information
only: a sealed bid travels without its number, and the seed only once the table has ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import uuid
from typing import Any

import structlog

from inferno_bus import Envelope, EventType, stream_key
from inferno_rules import Result

from .store import TableStore

log = structlog.get_logger("inferno_engine.bus")
#: How old an unpublished envelope must be before a call that did not commit it publishes it.
HEAL_AFTER_MS = 1000
#: How long the publisher's commands may wait to ride along with the moves' own Redis commands
#: (far below HEAL_AFTER_MS): the longest delay publishing adds, when no move comes meanwhile.
PUBLISH_WITHIN_MS = 5


_URL_NAMESPACE = uuid.NAMESPACE_URL.bytes


def event_id(table_id: str, version: int, kind: EventType) -> str:
    """``uuid5(NAMESPACE_URL, "<table>:<version>:<type>").hex``, computed without building
    ``UUID`` objects (a third of the cost of an envelope): the name's SHA-1, its first 16
    bytes with the version (5) and variant (RFC 4122) bits set."""
    digest = bytearray(
        hashlib.sha1(_URL_NAMESPACE + f"{table_id}:{version}:{kind.value}".encode()).digest()[:16]
    )
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    return digest.hex()


def envelope(
    kind: EventType,
    table_id: str,
    version: int,
    at_ms: int,
    payload: dict[str, Any],
    *,
    id: str | None = None,
) -> str:
    """One outbox item: the envelope's stream fields as JSON. The id defaults to
    :func:`event_id` (one event of a kind per version); pass one for events that are not a
    table change (presence)."""
    env = Envelope.new(
        kind,
        table_id,
        version,
        payload,
        id=id or event_id(table_id, version, kind),
        at_ms=at_ms,
    )
    return json.dumps(env.to_fields(), separators=(",", ":"))


def finished_payload(
    game: str,
    seats: list[dict[str, Any]],
    result: Result,
    seed: str,
    commitment: str,
    at_ms: int,
    spectator_delay: int = 0,
    private: bool = False,
) -> dict[str, Any]:
    return {
        "game": game,
        # A seat handed to a bot (HandOverSeat) carries "abandoned": true in the stored seats.
        "seats": [{**seat, "abandoned": bool(seat.get("abandoned"))} for seat in seats],
        "scores": list(result.scores),
        "ranking": list(result.ranking),
        "winners": list(result.winners),
        "lower_score_wins": result.lower_score_wins,
        "rounds": [
            {"number": r.number, "points": list(r.points), "detail": r.detail}
            for r in result.rounds
        ],
        "seed": seed,
        "seed_commitment": commitment,
        "finished_at": at_ms,
        # Until finished_at + this, delayed spectators are still watching the game: whoever
        # shows the result or the seed publicly holds it until then.
        "spectator_delay_seconds": spectator_delay,
        # A private table: its players and result are not to be published (scoring rates it).
        "private": private,
    }


def _flat(fields: dict[str, str]) -> list[str]:
    return [part for pair in fields.items() for part in pair]


class Publisher:
    """Moves a table's outbox onto the bus stream."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.stream = stream_key(store.prefix, "tables")
        self._pending: list[tuple[str, list[str]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    def start(self) -> None:
        """Run the background publisher (call inside the event loop)."""
        self._closing = False
        self._task = asyncio.create_task(self._run(), name="bus-publisher")

    async def close(self) -> None:
        """Publish what is queued, then stop (graceful shutdown)."""
        if self._task is not None:
            self._closing = True
            self._wake.set()
            with contextlib.suppress(Exception):
                await self._task
            self._task = None
        await self._publish_pending()

    async def publish_soon(self, table_id: str, items: list[str]) -> None:
        """Queue a just-committed change's envelopes (published now if no publisher runs)."""
        if not items:
            return
        self._pending.append((table_id, items))
        if self._task is None:
            await self._publish_pending()
        else:
            self._wake.set()

    async def _run(self) -> None:
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._publish_pending(within=PUBLISH_WITHIN_MS / 1000)
            except Exception:  # left in the outboxes: the healing path publishes them later
                log.exception("bus_publish_failed")

    async def _publish_pending(self, within: float | None = None) -> None:
        """XADD every queued envelope, then drop from its outbox each one that went out.

        The commands go through the store's :class:`~inferno_engine.batching.Batcher`: the
        envelopes queued meanwhile by many calls go together, and with ``within`` they ride
        along with the calls' own commands instead of costing pipelines of their own. An
        envelope leaves its outbox only after Redis took its XADD.
        """
        batch, self._pending = self._pending, []
        if not batch:
            return
        batcher = self.store.batch

        def send(*args: Any) -> asyncio.Future[Any]:
            return batcher.command(*args, within=within)

        added = [
            (table_id, item, send("XADD", self.stream, "*", *_flat(json.loads(item))))
            for table_id, items in batch
            for item in items
        ]
        removed, failed = [], None
        for table_id, item, future in added:
            try:
                await future
            except Exception as err:  # stays in its outbox; the healing path publishes it
                failed = err
                continue
            removed.append(send("LREM", self.store.key(table_id, "outbox"), 1, item))
        await asyncio.gather(*removed)
        if failed is not None:
            raise failed

    def overdue(self, head: bytes, now_ms: int) -> bool:
        """Whether an envelope still in an outbox was left behind by its committer.

        The committing process publishes its own envelopes within milliseconds; other calls
        publish them only when they are older than :data:`HEAL_AFTER_MS`, so concurrent calls
        rarely publish one envelope twice.
        """
        return now_ms - int(json.loads(head)["time"]) > HEAL_AFTER_MS

    async def flush(self, table_id: str) -> int:
        """Publish what the table's outbox holds; returns how many envelopes went out."""
        sent = 0
        while True:
            items = await self.store.outbox(table_id)
            if not items:
                return sent
            async with self.store.client.pipeline(transaction=False) as pipe:
                for item in items:
                    pipe.xadd(self.stream, json.loads(item))
                await pipe.execute()
            await self.store.outbox_done(table_id, items)
            sent += len(items)
            if len(items) < 100:
                return sent

    async def sweep(self) -> int:
        """Publish every table's leftovers (run when an engine starts)."""
        total = 0
        for table_id in await self.store.tables_with_outbox():
            total += await self.flush(table_id)
        if total:
            log.info("bus_outbox_recovered", envelopes=total)
        return total
