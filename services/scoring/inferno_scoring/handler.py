"""The scoring consumer's batch handler: bus messages in, PostgreSQL rows out.

Events scoring does not store (``table.created``, ``table.action_applied``, ``table.aborted``)
are acknowledged without effect: they are other services' business. An event that breaks its
contract is refused with the reason, which sends it to the dead-letter stream; the rest of the
batch is stored in one transaction. PostgreSQL being unreachable raises (see
``db.UNAVAILABLE``), so the consumer keeps the batch and waits.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import structlog
from prometheus_client import Counter, Histogram
from psycopg_pool import ConnectionPool

from inferno_bus import Message

from .events import FinishedMatch, InvalidEvent, ScoredRound, parse
from .store import store_batch

log = structlog.get_logger("inferno_scoring.handler")
MATCHES = Counter("inferno_scoring_matches_total", "Finished matches stored.")
RERATED = Counter(
    "inferno_scoring_rerated_matches_total",
    "Matches rated again because an earlier-finished match arrived after them.",
)
EVENT_LAG = Histogram(
    "inferno_scoring_event_lag_seconds",
    "From an event's publication to its batch being committed.",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)


class ScoringHandler:
    """``wait_turn`` (the consumer's ``wait_for_older``, wired by the service) is called with
    the batch once its rows are prepared: with several consumers in the group, batches are
    then written in stream order, which is finish order, so ratings need no re-rating."""

    def __init__(
        self,
        pool: ConnectionPool,
        wait_turn: Callable[[Sequence[Message]], object] | None = None,
    ) -> None:
        self.pool = pool
        self.wait_turn = wait_turn

    def __call__(self, messages: Sequence[Message]) -> dict[str, str]:
        refused: dict[str, str] = {}
        items: list[tuple[str, FinishedMatch | ScoredRound]] = []
        for message in messages:
            try:
                item = parse(message.envelope)
            except InvalidEvent as err:
                refused[message.entry_id] = str(err)
                log.warning(
                    "event_refused",
                    table_id=(message.envelope.table or None) and message.envelope.table[:200],
                    reason=str(err)[:500],
                )
                continue
            if item is not None:
                items.append((message.entry_id, item))
        wait_turn = self.wait_turn
        stored = store_batch(
            self.pool,
            [item for _, item in items],
            None if wait_turn is None else lambda: wait_turn(messages),
        )
        for entry_id, item in items:
            if item.event_id in stored.refused:
                refused[entry_id] = stored.refused[item.event_id]
                log.warning(
                    "event_refused", table_id=item.table_id, reason=stored.refused[item.event_id]
                )
            elif isinstance(item, FinishedMatch):
                # Once per finished match delivered (a re-delivery stores nothing new).
                log.info("match_stored", table_id=item.table_id, event_id=item.event_id)
        committed_s = time.time()
        for message in messages:  # what an operator watches: publication → rows visible
            EVENT_LAG.observe(max(0.0, committed_s - message.envelope.time / 1000))
        MATCHES.inc(stored.matches)
        RERATED.inc(stored.rerated)
        return refused
