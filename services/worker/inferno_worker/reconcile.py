"""Reconciliation: live tables the worker follows that have no work pending get it again.

What the dispatcher keeps (turn deadlines, bots' due moves, real-time clock ticks) and what it
hands Celery (a task in the broker, or held unacknowledged by a worker) can be lost: a killed
worker whose task kombu dropped between fetch and its unacknowledged record, a dispatcher
killed between enqueueing and recording, a bus event lost with a Redis restart. A bot seat has
no deadline to fall back on, so such a loss used to freeze its table until the idle check
aborted it an hour later.

So the table's own state, kept by the engine, is the truth, and the worker's records are
rebuilt from it. Every few seconds (``INFERNO_WORKER_RECONCILE_EVERY_S``) the timer thread
calls :meth:`Reconciler.run_once`: each
followed table with no change for ``stall_ms`` is looked at.

1. Work still pending in Redis for the decision the worker knows of (a deadline not overdue, a
   bot move or a clock tick not overdue) → nothing to do, and nothing is asked of the engine.
2. Otherwise the engine's view is read. Ended → the table is closed (its ``table.finished``
   was lost). Paused → nothing is due until it resumes. Live → the record is moved to the
   engine's version and the decision is scheduled again through the dispatcher's own path: a
   bot seat's move is enqueued, a human seat's deadline set from when its decision began (an
   overdue one fires at once), a real-time table's next tick and bots' looks scheduled.

Scheduling twice is harmless: every task carries the version and a deterministic action id, so
a move that was only slow (or comes back from the broker later) finds the table moved on or is
answered from the engine's record. A table looked at is not looked at again for ``stall_ms``,
so a table waiting on a human without a clock costs one GetView per ``stall_ms``. The delay a
player can see after a loss is at most the stall time plus the pass interval (defaults
10 s + 5 s), not the
broker's visibility timeout (300 s).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import structlog

from inferno_proto import engine_pb2
from inferno_proto.decisions import waiting_on

from . import metrics
from .dispatch import Dispatcher
from .due_moves import DueMoves
from .engine_client import EngineClient, Refused
from .game_kinds import is_real_time
from .table_records import TableRecord, TableRecords

log = structlog.get_logger("inferno_worker.reconcile")

ENDED = (engine_pb2.TABLE_STATUS_FINISHED, engine_pb2.TABLE_STATUS_ABORTED)


def now_ms() -> int:
    return int(time.time() * 1000)


class Reconciler:
    def __init__(
        self,
        records: TableRecords,
        engine: EngineClient,
        dispatcher: Dispatcher,
        due_moves: DueMoves,
        *,
        stall_ms: int,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.records = records
        self.engine = engine
        self.dispatcher = dispatcher
        self.due_moves = due_moves
        self.stall_ms = stall_ms
        self.clock = clock
        self.looked_key = f"{records.prefix}worker:reconciled"

    def run_once(self, limit: int = 500) -> int:
        """One pass; returns how many tables got their work scheduled again."""
        now = self.clock()
        stalled = self.records.idle_since(now - self.stall_ms, limit)
        if not stalled:
            return 0
        looked = self.records.client.zmscore(self.looked_key, stalled)
        rescheduled = 0
        for table_id, last in zip(stalled, looked, strict=True):
            if last is not None and last > now - self.stall_ms:
                continue  # looked at recently: give that look time to take effect
            record = self.records.get(table_id)
            if record is None or record.closed:
                self.records.client.zrem(self.records.activity_key, table_id)
                continue
            if self._pending(record, now):
                continue
            self.records.client.zadd(self.looked_key, {table_id: now})
            if self._reschedule(record):
                rescheduled += 1
        if rescheduled:
            metrics.RECONCILED.inc(rescheduled)
        return rescheduled

    def _pending(self, record: TableRecord, now: int) -> bool:
        """Work for the table is waiting and not overdue (by more than ``stall_ms``)."""
        fresh = now - self.stall_ms
        if any(due > fresh for due in self.records.current_deadlines(record.table_id).values()):
            return True
        if is_real_time(record.game):
            # Its ticks are keyed by due time, not by table, and a live real-time table changes
            # every few seconds: one quiet for ``stall_ms`` is simply looked at (a tick asked
            # for twice commits nothing twice).
            return False
        members = [f"{record.table_id}|{record.version}|{seat}" for seat in record.to_act]
        if not members:
            return False
        scores = self.records.client.zmscore(self.due_moves.key, members)
        return any(score is not None and score > fresh for score in scores)

    def _reschedule(self, record: TableRecord) -> bool:
        """Read the table from the engine and schedule what its state calls for."""
        table_id = record.table_id
        try:
            reply = self.engine.view(table_id, None, self.engine.service_token())
        except Refused as err:
            if err.code.name == "NOT_FOUND":
                self.records.close(table_id)
                log.warning("reconcile_table_gone", table_id=table_id)
            else:
                log.warning("reconcile_refused", table_id=table_id, error=str(err))
            return False
        if reply.status in ENDED:
            self.records.close(table_id)
            log.warning("reconcile_closed", table_id=table_id, version=reply.version)
            return False
        if reply.status != engine_pb2.TABLE_STATUS_LIVE:
            return False  # paused: its resume schedules the decision afresh
        version = int(reply.version)
        self.records.advance(table_id, version, -1, False, self.dispatcher.abandon_after)
        fresh = self.records.get(table_id)
        if fresh is None or fresh.version != version:
            return False  # the dispatcher has seen a newer change meanwhile: it is in hand
        waiting = waiting_on(reply.decision)
        log.warning(
            "reconcile_rescheduled",
            table_id=table_id,
            version=version,
            known_version=record.version,
            to_act=waiting,
        )
        self.dispatcher.reschedule(
            fresh,
            waiting,
            reply.clocks.decision_since_ms or now_ms(),
            reply.clocks.next_tick_at_ms or now_ms(),
        )
        return True
