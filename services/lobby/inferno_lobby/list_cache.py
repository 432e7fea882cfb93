"""A short-lived, per-process cache of table-list pages, emptied by every lobby change.

Listing tables is the lobby's hottest read and changes far less often than it is read. Every
change to a listed table is announced on the lobby feed (and the end of a table on the bus),
which each lobby process already follows (:class:`~inferno_lobby.feed.FeedHub`); so a process
empties its cache when it sees any such message, and at once when it makes a change itself
(a player sees their own change in the next list). A page computed while a change happened is
not stored (the generation check), and every page expires after ``ttl`` seconds anyway, in case
a message was missed while Redis was away.
"""

from __future__ import annotations

import time
from collections.abc import Hashable


class PageCache:
    def __init__(self, ttl_seconds: float, max_pages: int = 512) -> None:
        self._ttl = ttl_seconds
        self._max = max_pages
        self._pages: dict[Hashable, tuple[float, str]] = {}
        self.generation = 0

    def get(self, key: Hashable) -> str | None:
        hit = self._pages.get(key)
        if hit is None or hit[0] < time.monotonic():
            return None
        return hit[1]

    def put(self, key: Hashable, generation: int, page: str) -> None:
        if self._ttl <= 0 or generation != self.generation:
            return  # a change happened while this page was read: it may be stale
        if len(self._pages) >= self._max:
            self._pages.clear()
        self._pages[key] = (time.monotonic() + self._ttl, page)

    def invalidate(self) -> None:
        self.generation += 1
        self._pages.clear()
