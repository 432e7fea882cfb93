"""One reader per followed table in this engine process, fanning its new events out to followers.

Every StreamEvents call of a table in one process shares one :class:`TableFeed`: a task that
waits for the table's new log entries (one blocking ``XREAD`` at a time, on the followers'
connection pool) and appends each batch, unfiltered, to every subscriber's queue. Each follower
then filters for its own viewer (the rules' ``visible_events``, in
:func:`inferno_engine.tables.visible`), so redaction stays in one place.

A follower reads through :meth:`Feeds.entries`: the log from its last event id until caught
up, then the feed; the ids (``<version>-<n>``) keep it free of gaps and repeats where the two
meet. A queue holds at most ``limit`` batches. A follower that falls that far behind (a slow
client, or a spectator whose delay holds events back) is marked *behind* and its queue
emptied: it is not fed any more and reads the log itself from its last event id, then
subscribes again. So a slow follower never holds up the others, and never loses an event.

A feed stops when its table ends (after handing out the last entries and telling its
subscribers) or, once nobody follows the table any more, when its current read returns.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator

import structlog

from inferno_bus.background import stop_if_cancelled

from . import metrics
from .store import StoredEvent, TableStore

log = structlog.get_logger("inferno_engine.feeds")
ENDED = ("finished", "aborted")


def position(event_id: str) -> tuple[int, int]:
    """An event id ``<version>-<n>`` as a sortable pair ("" sorts first)."""
    if not event_id:
        return (0, -1)
    version, _, n = event_id.partition("-")
    return (int(version), int(n))


class Subscription:
    """One follower's queue of batches from its table's feed."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.batches: deque[list[StoredEvent]] = deque()
        self.behind = False  # fell ``limit`` batches behind: read the log yourself
        self.ended = False  # the table ended and every entry was handed out
        self.wake = asyncio.Event()

    def push(self, batch: list[StoredEvent]) -> bool:
        """Queue a batch; returns True when this one made the follower fall behind."""
        if self.behind:
            return False
        fell = len(self.batches) >= self.limit
        if fell:
            self.behind = True
            self.batches.clear()
        else:
            self.batches.append(batch)
        self.wake.set()
        return fell

    def end(self) -> None:
        self.ended = True
        self.wake.set()

    async def next(self) -> list[list[StoredEvent]]:
        """The batches received since the last call (waits for at least one, or for news that
        the follower is behind or the table ended)."""
        while not (self.batches or self.behind or self.ended):
            self.wake.clear()
            await self.wake.wait()
        out = list(self.batches)
        self.batches.clear()
        return out


class TableFeed:
    """The one reader of one table's log in this process."""

    def __init__(self, feeds: Feeds, table_id: str, cursor: str) -> None:
        self.feeds = feeds
        self.table_id = table_id
        self.cursor = cursor  # the last entry handed out (or the starting point)
        self.subscribers: set[Subscription] = set()
        self.task = asyncio.create_task(self._run(), name=f"feed:{table_id}")

    def _hand_out(self, batch: list[StoredEvent]) -> None:
        self.cursor = batch[-1].id
        for sub in self.subscribers:
            if sub.push(batch):
                self.feeds.fell_behind += 1
                metrics.FELL_BEHIND.inc()

    async def _run(self) -> None:
        store = self.feeds.store
        try:
            while self.subscribers:
                batch = await store.wait_for_events(self.table_id, self.cursor, self.feeds.block_ms)
                self.feeds.reads += 1
                if batch:
                    self._hand_out(batch)
                if not self.subscribers:
                    break
                if await store.status(self.table_id) in ENDED:
                    # The end is committed with its events: read what came after this batch.
                    while batch := await store.events_after(self.table_id, self.cursor):
                        self._hand_out(batch)
                    for sub in self.subscribers:
                        sub.end()
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            # Followers read the log themselves, and meet (and report) the trouble there.
            log.exception("feed_failed", table_id=self.table_id)
            for sub in self.subscribers:
                sub.behind = True
                sub.wake.set()
        finally:
            self.feeds._forget(self)


class Feeds:
    """The feeds of this process, by table id."""

    def __init__(self, store: TableStore, block_ms: int = 5000, limit: int = 256) -> None:
        self.store = store
        self.block_ms = block_ms
        self.limit = limit
        self.reads = 0  # blocking reads done by all feeds (for measurements)
        self.fell_behind = 0  # followers that fell behind and read the log themselves
        self._feeds: dict[str, TableFeed] = {}

    def subscribe(self, table_id: str, cursor: str) -> tuple[Subscription, str]:
        """Join the table's feed. Returns the subscription and the feed's position: every entry
        after that position will come through the subscription; entries between ``cursor``
        and that position (if it is ahead) the follower must read itself."""
        feed = self._feeds.get(table_id)
        if feed is None:
            feed = self._feeds[table_id] = TableFeed(self, table_id, cursor)
            metrics.FOLLOWED_TABLES.inc()
        sub = Subscription(self.limit)
        feed.subscribers.add(sub)
        return sub, feed.cursor

    async def entries(self, table_id: str, after: str) -> AsyncIterator[list[StoredEvent]]:
        """Every log entry of the table after ``after``, in order, each once, until the table
        ends: read from Redis to catch up, then from this process's shared feed of the table
        (unfiltered: the caller filters for its viewer)."""
        cursor = after
        while True:
            stop_if_cancelled()  # a client gone while a read swallowed its call's cancel
            batch = await self.store.events_after(table_id, cursor)
            if batch:
                cursor = batch[-1].id
                yield batch
                continue
            status, last = await self.store.tail(table_id)
            if status in ENDED:
                return
            # Caught up. A new feed starts at the log's end (never at a cursor the client made
            # up beyond it); an older feed may be ahead of us: read up to it first.
            start = min(cursor, last, key=position)
            sub, feed_at = self.subscribe(table_id, start)
            try:
                while position(cursor) < position(feed_at):
                    batch = await self.store.events_after(table_id, cursor, until=feed_at)
                    if not batch:
                        break
                    cursor = batch[-1].id
                    yield batch
                while not (sub.behind or sub.ended):
                    for batch in await sub.next():
                        fresh = [e for e in batch if position(e.id) > position(cursor)]
                        if fresh:
                            cursor = fresh[-1].id
                            yield fresh
            finally:
                self.unsubscribe(table_id, sub)
            # Behind (read the log from the cursor) or ended (the read finds the end).

    def unsubscribe(self, table_id: str, sub: Subscription) -> None:
        feed = self._feeds.get(table_id)
        if feed is not None:
            feed.subscribers.discard(sub)

    def _forget(self, feed: TableFeed) -> None:
        if self._feeds.get(feed.table_id) is feed:
            del self._feeds[feed.table_id]
            metrics.FOLLOWED_TABLES.dec()

    @property
    def tables(self) -> int:
        """How many tables have a feed in this process now."""
        return len(self._feeds)

    def followers(self, table_id: str) -> int:
        """How many followers the table's feed in this process feeds now."""
        feed = self._feeds.get(table_id)
        return len(feed.subscribers) if feed is not None else 0

    async def close(self) -> None:
        feeds = list(self._feeds.values())
        for feed in feeds:
            feed.task.cancel()
        for feed in feeds:
            with contextlib.suppress(asyncio.CancelledError):
                await feed.task
