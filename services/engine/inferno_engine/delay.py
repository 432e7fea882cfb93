"""The spectator delay: what a delayed spectator may see of a table, and when.

A table created with ``spectator_delay_seconds`` keeps a history (see
:data:`inferno_engine.store.HISTORY_STEP`): per version, its commit time and the table as it
then was. A spectator's GetView shows the newest version committed at least the delay ago, and
a spectator's StreamEvents hands out each event only once its version is that old. Commit times
are Redis server time; the engine's clock is assumed to agree with it (NTP), as the turn clocks
already assume.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence

from .errors import RuleBroken
from .store import Past, StoredEvent, TableStore

TABLES_KEPT = 5000


def now_ms() -> int:
    return int(time.time() * 1000)


async def sleep_until(moment_ms: int) -> None:
    """Return no sooner than ``moment_ms`` (epoch ms) by this machine's clock."""
    while (wait := moment_ms - now_ms()) > 0:
        await asyncio.sleep(wait / 1000)


class SpectatorDelay:
    """Each table's delay and its versions' commit times, cached (neither ever changes)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._seconds: OrderedDict[str, int] = OrderedDict()
        self._times: OrderedDict[str, dict[int, int]] = OrderedDict()

    async def seconds(self, table_id: str) -> int:
        """The table's spectator delay (0 = none); one Redis read per table and process."""
        seconds = self._seconds.get(table_id)
        if seconds is None:
            seconds = await self.store.spectator_delay(table_id)
            self._seconds[table_id] = seconds
            if len(self._seconds) > TABLES_KEPT:
                self._seconds.popitem(last=False)
        return seconds

    async def past(self, table_id: str, seconds: int) -> Past:
        """The table as a spectator may see it now: its newest version at least ``seconds``
        old. Refuses while even the table's creation is younger than that."""
        past = await self.store.as_of(table_id, now_ms() - seconds * 1000)
        if past is None:
            raise RuleBroken(
                f"spectators see this table {seconds} seconds late, and it started less than "
                f"{seconds} seconds ago; look again later",
                reason="spectator_delay",
            )
        return past

    async def _commit_times(self, table_id: str, versions: Sequence[int]) -> dict[int, int]:
        times = self._times.setdefault(table_id, {})
        self._times.move_to_end(table_id)
        if len(self._times) > TABLES_KEPT:
            self._times.popitem(last=False)
        missing = [v for v in versions if v not in times]
        if missing:
            times.update(await self.store.commit_times(table_id, min(missing), max(missing)))
            for version in missing:
                # Not in the history any more: trimmed, which only happens to versions older
                # than one that was already the delay old (store.HISTORY_STEP): show it now.
                times.setdefault(version, 0)
        return times

    async def released(
        self, table_id: str, batch: list[StoredEvent], seconds: int
    ) -> AsyncIterator[list[StoredEvent]]:
        """``batch`` in order, each part handed out only once its version is ``seconds`` old."""
        if not seconds:
            yield batch
            return
        times = await self._commit_times(table_id, sorted({e.version for e in batch}))
        due: list[StoredEvent] = []
        for entry in batch:
            moment = times[entry.version] + seconds * 1000
            if moment > now_ms():
                if due:
                    yield due
                    due = []
                await sleep_until(moment)
            due.append(entry)
        if due:
            yield due

    async def end_released(self, table_id: str, seconds: int) -> None:
        """Wait until the ended table's last version is ``seconds`` old (so a spectator's stream
        does not close before the end may be shown)."""
        last = await self.store.latest_commit_time(table_id)
        if last is not None:
            await sleep_until(last + seconds * 1000)
