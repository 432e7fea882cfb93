"""The dispatcher: follows the bus and decides who moves next — a bot now, or a human's clock.

It reads ``<prefix>bus:tables`` in the consumer group ``worker`` (at least once, see
:mod:`inferno_bus.consumer`). On ``table.created`` it remembers the seats and the table's clock
(the engine's ``turn_seconds``, else the worker's default); on ``table.action_applied`` it
counts a seat's timeouts in a row (a forced move) or clears them (the seat's own move), hands a
seat to a bot after too many, and then for every seat in ``to_act`` enqueues ``bot_move`` (bot
or abandoned seats) or sets a deadline (humans). ``table.finished`` / ``table.aborted`` drop the
table's deadlines. Handling a message twice is harmless: the version guard counts nothing
twice and the tasks are idempotent.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

from inferno_bus.consumer import Message

from .engine_client import EngineClient, Refused
from .table_records import TableRecords

log = logging.getLogger(__name__)

#: enqueue(task_name, table_id, version, seat, delay_s)
Enqueue = Callable[[str, str, int, int, float], None]


def now_ms() -> int:
    return int(time.time() * 1000)


class Dispatcher:
    def __init__(
        self,
        records: TableRecords,
        engine: EngineClient,
        enqueue: Enqueue,
        *,
        bot_delay_ms: int,
        default_turn_ms: int,
        abandon_after: int,
    ) -> None:
        self.records = records
        self.engine = engine
        self.enqueue = enqueue
        self.bot_delay_s = bot_delay_ms / 1000
        self.default_turn_ms = default_turn_ms
        self.abandon_after = abandon_after

    def handle(self, batch: Sequence[Message]) -> dict[str, str]:
        refused: dict[str, str] = {}
        for message in batch:
            env = message.envelope
            try:
                if env.type == "table.created":
                    self._created(env.table, env.payload)
                elif env.type == "table.action_applied":
                    self._applied(env.table, env.version, env.payload)
                elif env.type in ("table.finished", "table.aborted"):
                    self.records.close(env.table)
            except (KeyError, TypeError, ValueError) as err:
                refused[message.entry_id] = f"{env.type} payload unusable: {err!r}"
        return refused

    def _created(self, table_id: str, payload: dict) -> None:
        token = self.engine.service_token()
        try:
            reply = self.engine.view(table_id, None, token)
        except Refused as err:
            log.info("table %s created but gone: %s", table_id, err)
            return
        turn_ms = reply.clocks.turn_seconds * 1000 or self.default_turn_ms
        self.records.create(table_id, str(payload["game"]), list(payload["seats"]), turn_ms)
        if self.records.advance(table_id, reply.version, -1, False, self.abandon_after) >= 0:
            self._schedule(table_id, reply.version, list(reply.decision.seats))

    def _applied(self, table_id: str, version: int, payload: dict) -> None:
        if self.records.get(table_id) is None:
            return  # a table this worker never saw created (before its time); not ours
        seat, forced = int(payload["seat"]), bool(payload.get("forced"))
        if self.records.advance(table_id, version, seat, forced, self.abandon_after) >= 0:
            self._schedule(table_id, version, [int(s) for s in payload["to_act"]], mover=seat)

    def _schedule(
        self, table_id: str, version: int, to_act: list[int], mover: int | None = None
    ) -> None:
        record = self.records.get(table_id)
        if record is None:
            return
        due: dict[int, int] = {}
        start = now_ms()
        # A seat still deciding after *another* seat moved (sealed bids) keeps its deadline:
        # others' moves must not give it more time. After its own move a decision is new.
        running = self.records.current_deadlines(table_id) if mover is not None else {}
        self.records.touch(table_id, start)
        for seat in to_act:
            if record.played_by_bot(seat):
                self.enqueue("bot_move", table_id, version, seat, self.bot_delay_s)
            elif record.turn_ms > 0:
                keep = running.get(seat) if seat != mover else None
                due[seat] = keep if keep is not None else start + record.turn_ms
        self.records.set_deadlines(table_id, version, due)


class Timer:
    """Pops due deadlines and enqueues ``timeout_move`` for them; finds idle tables."""

    def __init__(
        self,
        records: TableRecords,
        enqueue_timeout: Callable[..., None],
        enqueue_close: Callable[[str, int], None] | None = None,
        idle_close_ms: int = 0,
    ) -> None:
        self.records = records
        self.enqueue_timeout = enqueue_timeout
        self.enqueue_close = enqueue_close
        self.idle_close_ms = idle_close_ms

    def sweep_idle(self) -> int:
        """Enqueue ``close_idle`` for tables with no change for the idle limit."""
        if not self.idle_close_ms or self.enqueue_close is None:
            return 0
        idle = self.records.idle_since(now_ms() - self.idle_close_ms)
        for table_id in idle:
            record = self.records.get(table_id)
            # The task closes only if the table is still at this version when it runs.
            self.enqueue_close(table_id, record.version if record else 0)
        return len(idle)

    def tick(self) -> int:
        due = self.records.due(now_ms())
        for table_id, version, seat, due_ms in due:
            # Enqueue first, then drop: a crash in between enqueues twice, which the task's
            # version check and action id make harmless; the other order could lose a timeout.
            self.enqueue_timeout(table_id, version, seat, due_ms)
            self.records.drop_deadline(table_id, version, seat)
        return len(due)
