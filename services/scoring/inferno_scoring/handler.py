"""The scoring consumer's batch handler: bus messages in, PostgreSQL rows out.

Events scoring does not store (``table.created``, ``table.action_applied``, ``table.aborted``)
are acknowledged without effect: they are other services' business. An event that breaks its
contract is refused with the reason, which sends it to the dead-letter stream; the rest of the
batch is stored in one transaction. PostgreSQL being unreachable raises (see
``db.UNAVAILABLE``), so the consumer keeps the batch and waits.
"""

from __future__ import annotations

from collections.abc import Sequence

from psycopg_pool import ConnectionPool

from inferno_bus import Message

from .events import FinishedMatch, InvalidEvent, ScoredRound, parse
from .store import store_batch


class ScoringHandler:
    def __init__(self, pool: ConnectionPool) -> None:
        self.pool = pool

    def __call__(self, messages: Sequence[Message]) -> dict[str, str]:
        refused: dict[str, str] = {}
        items: list[tuple[str, FinishedMatch | ScoredRound]] = []
        for message in messages:
            try:
                item = parse(message.envelope)
            except InvalidEvent as err:
                refused[message.entry_id] = str(err)
                continue
            if item is not None:
                items.append((message.entry_id, item))
        by_event = store_batch(self.pool, [item for _, item in items])
        for entry_id, item in items:
            if item.event_id in by_event:
                refused[entry_id] = by_event[item.event_id]
        return refused
