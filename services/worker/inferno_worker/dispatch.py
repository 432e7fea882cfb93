"""The dispatcher: follows the bus and decides who moves next — a bot now, or a human's clock.

It reads ``<prefix>bus:tables`` in the consumer group ``worker`` (at least once, see
:mod:`inferno_bus.consumer`). On ``table.created`` it remembers the seats and the table's clock
policy (the engine's, else the worker's defaults); on ``table.action_applied`` it takes the
mover's time beyond the turn time from its bank (adding the increment after an own move),
counts its timeouts in a row (a forced move) or clears them, hands a seat to a bot after too
many (and asks the engine to mark it abandoned), then for every seat in ``to_act`` enqueues
``bot_move`` (bot seats, abandoned seats, seats disconnected past their grace) or sets a
deadline (humans: turn time + bank, or the end of the grace if sooner). ``table.presence``
records a seat's connects and disconnects; ``table.seat_handed_over`` makes the seat a bot's.
``table.status_changed`` (an operator's pause or resume): a resumed decision starts afresh.
``table.finished`` / ``table.aborted`` drop the table's deadlines. Real-time tables (Burn in
Hell) have no turns: every change of theirs (and ``table.clock_ticked``) carries
``tick_at_ms``, the moment their game next needs the clock, which goes to :mod:`.due_ticks`.
Handling a message twice is harmless: the version guard counts nothing twice and the tasks are
idempotent. The clock arithmetic is :mod:`inferno_clock`'s, shared with the engine.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import grpc
import structlog

from inferno_bus import Envelope
from inferno_bus.consumer import Message
from inferno_clock import ClockPolicy, SeatClocks, bank_after, decision_deadline, grace_deadline
from inferno_logs import bound
from inferno_proto.decisions import waiting_on as decision_waiting_on

from . import metrics
from .due_moves import Due, DueMoves
from .due_ticks import DueTicks, Tick, parse
from .engine_client import EngineClient, Refused
from .game_kinds import is_real_time
from .table_records import TableRecord, TableRecords

log = structlog.get_logger("inferno_worker.dispatch")

#: enqueue(task_name, table_id, version, seat, delay_s)
Enqueue = Callable[[str, str, int, int, float], None]


def now_ms() -> int:
    return int(time.time() * 1000)


def waiting_on(payload: dict) -> list[int]:
    """The seats a bus payload leaves the table waiting for: their clocks run and their bots are
    asked to move. ``waiting_on`` where the engine sends it (a seat that may act without having
    to, in Dante's Inferno's MAIN step, is not waited for), else ``to_act``; a GetView answer's
    is read by :func:`inferno_proto.decisions.waiting_on`."""
    return [int(s) for s in payload.get("waiting_on", payload["to_act"])]


def seat_deadline(record: TableRecord, seat: int, start_ms: int) -> int:
    """When ``seat``'s decision begun at ``start_ms`` runs out (0 = never): its turn time and
    bank, or the end of its disconnect grace if that comes first."""
    due = decision_deadline(record.policy, start_ms, record.bank(seat))
    since = record.disconnected.get(seat)
    grace = grace_deadline(record.policy, since) if since is not None else 0
    return min((d for d in (due, grace) if d), default=0)


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
        default_grace_ms: int = 0,
        ticks: DueTicks | None = None,
        real_time_think_ms: int = 1000,
    ) -> None:
        self.records = records
        self.engine = engine
        self.enqueue = enqueue
        self.bot_delay_s = bot_delay_ms / 1000
        self.default_turn_ms = default_turn_ms
        self.default_grace_ms = default_grace_ms
        self.abandon_after = abandon_after
        self.ticks = ticks
        self.real_time_think_s = real_time_think_ms / 1000

    def handle(self, batch: Sequence[Message]) -> dict[str, str]:
        refused: dict[str, str] = {}
        for message in batch:
            env = message.envelope
            try:
                with bound(table_id=env.table or None):
                    self._handle(env)
            except (KeyError, TypeError, ValueError) as err:
                refused[message.entry_id] = f"{env.type} payload unusable: {err!r}"
        return refused

    def _handle(self, env: Envelope) -> None:
        if env.type == "table.created":
            self._created(env.table, env.payload)
        elif env.type == "table.action_applied":
            self._applied(env.table, env.version, env.time, env.payload)
        elif env.type == "table.seat_handed_over":
            self._handed_over(env.table, env.version, env.time, env.payload)
        elif env.type == "table.presence":
            self._presence(env.table, env.payload)
        elif env.type == "table.clock_ticked":
            self._clock_ticked(env.table, env.version, env.payload)
        elif env.type == "table.status_changed":
            self._status_changed(env.table, env.version, env.time, env.payload)
        elif env.type in ("table.finished", "table.aborted"):
            self.records.close(env.table)
            log.info("table_unfollowed", ended=env.type)

    def _created(self, table_id: str, payload: dict) -> None:
        token = self.engine.service_token()
        try:
            reply = self.engine.view(table_id, None, token)
        except Refused as err:
            log.info("table_gone", error=str(err))
            return
        clocks = reply.clocks
        policy = ClockPolicy(
            turn_ms=clocks.turn_seconds * 1000 or self.default_turn_ms,
            bank_ms=clocks.bank_seconds * 1000,
            increment_ms=clocks.increment_seconds * 1000,
            grace_ms=clocks.grace_seconds * 1000 or self.default_grace_ms,
        )
        hand_over_after = clocks.hand_over_after
        seats = list(payload["seats"])
        self.records.create(table_id, str(payload["game"]), seats, policy, hand_over_after)
        log.info(
            "table_followed",
            game=payload["game"],
            turn_ms=policy.turn_ms,
            bank_ms=policy.bank_ms,
            grace_ms=policy.grace_ms,
            hand_over_after=hand_over_after or self.abandon_after,
        )
        if self.records.advance(table_id, reply.version, -1, False, self.abandon_after) < 0:
            return
        if is_real_time(str(payload["game"])):
            record = self.records.get(table_id)
            if record is not None:
                due = clocks.next_tick_at_ms or int(payload.get("tick_at_ms", 0))
                self._real_time_changed(record, due)
            return
        seats = decision_waiting_on(reply.decision)
        self._schedule(table_id, reply.version, seats, clocks.decision_since_ms)

    def _applied(self, table_id: str, version: int, at_ms: int, payload: dict) -> None:
        record = self.records.get(table_id)
        if record is None:
            return  # a table this worker never saw created (before its time); not ours
        if is_real_time(record.game):
            self._real_time_moved_on(record, version, payload)
            return
        seat, forced = int(payload["seat"]), bool(payload.get("forced"))
        to_act = waiting_on(payload)
        start = record.started.get(seat)
        bank = None
        if record.policy.timed and start is not None:
            bank = bank_after(record.policy, record.bank(seat), start, at_ms, own_move=not forced)
        limit = record.hand_over_after or self.abandon_after  # the table's, else the default
        advanced = self.records.advance(table_id, version, seat, forced, limit, bank)
        if advanced < 0:
            return
        if forced or record.abandoned - record.handed:
            # The seat may just have been handed to a bot: ask the engine, read again.
            self._hand_over_abandoned(table_id)
            self._schedule(table_id, version, to_act, at_ms, mover=seat)
            return
        # An own move changes nothing of the record but the mover's bank (when newer).
        if advanced and bank is not None:
            record = replace(record, banks={**record.banks, seat: bank})
        self._schedule(table_id, version, to_act, at_ms, mover=seat, record=record)

    def _handed_over(self, table_id: str, version: int, at_ms: int, payload: dict) -> None:
        """The engine marked a seat abandoned (the worker asked, or an operator did)."""
        if self.records.get(table_id) is None:
            return
        seat, to_act = int(payload["seat"]), waiting_on(payload)
        if self.records.advance(table_id, version, -1, False, self.abandon_after) >= 0:
            self.records.mark_abandoned(table_id, seat)
            self._schedule(table_id, version, to_act, at_ms, mover=seat)

    def _clock_ticked(self, table_id: str, version: int, payload: dict) -> None:
        """A real-time table's clock tick was committed: schedule the next one."""
        record = self.records.get(table_id)
        if record is not None:
            self._real_time_moved_on(record, version, payload)

    def _real_time_moved_on(self, record: TableRecord, version: int, payload: dict) -> None:
        """A real-time table's move or tick: once per version, its next tick and bot looks."""
        table_id = record.table_id
        if self.records.advance(table_id, version, -1, False, self.abandon_after) > 0:
            self.records.touch(table_id, now_ms())
            self._real_time_changed(record, int(payload.get("tick_at_ms", 0)))

    def _status_changed(self, table_id: str, version: int, at_ms: int, payload: dict) -> None:
        """Paused: no deadline runs out while the table stands still. Resumed: the deciding
        seats' decision starts afresh; a real-time table's clock goes on."""
        record = self.records.get(table_id)
        if record is None:
            return
        if self.records.advance(table_id, version, -1, False, self.abandon_after) < 0:
            return
        status = str(payload["status"])
        log.info("table_status_changed", status=status, version=version)
        if status != "live":
            self.records.set_deadlines(table_id, version, {})
            return
        if is_real_time(record.game):
            self._real_time_changed(record, int(payload.get("tick_at_ms", 0)))
            return
        self._schedule(table_id, version, waiting_on(payload), at_ms, restart=True)

    def _real_time_changed(self, record: TableRecord, tick_at_ms: int) -> None:
        """A real-time table changed: the timer ticks its clock at ``tick_at_ms`` (0: none
        due), and each seat a bot plays looks at it again after the think time (version 0: the
        table as it is then), unless it is already due to look sooner."""
        if record.closed:
            return
        if tick_at_ms and self.ticks is not None:
            self.ticks.add(record.table_id, tick_at_ms)
            if self.records.on_deadline is not None:
                self.records.on_deadline(tick_at_ms)
        now = now_ms()
        for seat in range(len(record.seats)):
            if record.moved_by_bot(seat, now):
                self.enqueue("bot_move", record.table_id, 0, seat, self.real_time_think_s)

    def reschedule(
        self, record: TableRecord, to_act: list[int], since_ms: int, tick_at_ms: int
    ) -> None:
        """Schedule the decision the engine says the table is at (reconciliation, see
        :mod:`.reconcile`): the same path a change takes, without counting as activity (an
        idle table stays idle for the idle check)."""
        if is_real_time(record.game):
            self._real_time_changed(record, tick_at_ms)
        else:
            self._schedule(
                record.table_id, record.version, to_act, since_ms, record=record, touch=False
            )

    def _presence(self, table_id: str, payload: dict) -> None:
        seat, connected = int(payload["seat"]), bool(payload["connected"])
        at_ms = int(payload["at_ms"])
        record = self.records.get(table_id)
        if record is None or record.closed:
            return
        if not 0 <= seat < len(record.seats):
            raise ValueError(f"table {table_id} has no seat {seat}")
        if not self.records.set_presence(table_id, seat, connected, at_ms):
            return  # a repeat, or older than what we know
        record = self.records.get(table_id)
        if record is None or seat not in record.to_act or record.played_by_bot(seat):
            return
        # The seat is deciding now: a bot at once if it is away past its grace, else its
        # deadline again (sooner while disconnected, the full one again after a reconnect).
        now = now_ms()
        deadlines = self.records.current_deadlines(table_id)
        if record.away(seat, now):
            deadlines.pop(seat, None)
            self.enqueue("bot_move", table_id, record.version, seat, self.bot_delay_s)
        else:
            due = seat_deadline(record, seat, record.started.get(seat, now))
            if due:
                deadlines[seat] = due
        self.records.set_deadlines(table_id, record.version, deadlines)
        log.info("presence", seat=seat, connected=connected, version=record.version)

    def _hand_over_abandoned(self, table_id: str) -> None:
        """Ask the engine to mark the seats handed to a bot abandoned (once each)."""
        record = self.records.get(table_id)
        if record is None:
            return
        for seat in sorted(record.abandoned - record.handed):
            reason = f"{record.hand_over_after or self.abandon_after} timeouts in a row"
            try:
                self.engine.hand_over(table_id, seat, reason, self.engine.service_token())
            except Refused as err:  # the table ended or is gone: nothing left to mark
                log.info("hand_over_refused", seat=seat, error=str(err))
            except grpc.RpcError as err:  # tried again at the table's next event
                log.warning("hand_over_failed", seat=seat, error=str(err))
                continue
            else:
                log.info("seat_handed_over", seat=seat, reason=reason)
            self.records.mark_handed(table_id, seat)

    def _schedule(
        self,
        table_id: str,
        version: int,
        to_act: list[int],
        at_ms: int,
        mover: int | None = None,
        record: TableRecord | None = None,
        restart: bool = False,
        touch: bool = True,
    ) -> None:
        """Bots move, humans get deadlines, for the decision that began at ``at_ms``.

        ``record``: the table's record as it is now, when the caller has it (else it is read).
        ``restart``: every deciding seat starts its decision at ``at_ms`` (after a resume).
        ``touch``: the table changed (its idle time starts again).
        """
        record = record or self.records.get(table_id)
        if record is None:
            return
        now = now_ms()
        if touch:
            self.records.touch(table_id, now)
        # A seat still deciding after *another* seat moved (sealed bids) keeps its start, so
        # others' moves never give it more time. After its own move a decision is new; after
        # a resume every decision is. The engine keeps its seats' clocks by the same steps.
        clocks = SeatClocks(record.started, record.banks, {})
        started = (
            clocks.restarted(to_act, at_ms).started
            if restart
            else clocks.decisions(to_act, at_ms, mover)
        )
        due: dict[int, int] = {}
        for seat in to_act:
            if record.moved_by_bot(seat, now):
                self.enqueue("bot_move", table_id, version, seat, self.bot_delay_s)
            elif deadline := seat_deadline(record, seat, started[seat]):
                due[seat] = deadline
        self.records.set_decision(table_id, to_act, started)
        self.records.set_deadlines(table_id, version, due)


#: The timer's next look while it is looking (any new deadline may be before the next one).
LOOKING = 2**62
#: Entries the timer reads per look from each sorted set (more due → it looks again at once).
BATCH = 32


def _entry(member: bytes, score: float) -> Due:
    table_id, version, seat = member.decode().rsplit("|", 2)
    return table_id, int(version), int(seat), int(score)


class Timer:
    """Enqueues ``timeout_move`` for due deadlines, ``bot_move`` for bot moves whose delay
    is over (:mod:`.due_moves`) and ``clock_tick`` for real-time tables' clock ticks
    (:mod:`.due_ticks`), right when they fall due; finds idle tables.

    :meth:`run` sleeps until the earliest deadline in Redis, never longer than ``max_wait_s``
    (deadlines set by another process are seen within that), and wakes at once when this
    process sets an earlier one (:meth:`deadline_set`, wired to
    ``TableRecords.on_deadline``), so a timer fires within milliseconds of its deadline
    instead of up to a poll interval late.
    """

    def __init__(
        self,
        records: TableRecords,
        enqueue_timeout: Callable[..., None],
        enqueue_close: Callable[[str, int], None] | None = None,
        idle_close_ms: int = 0,
        *,
        due_moves: DueMoves | None = None,
        enqueue_bot: Callable[[str, int, int, int], None] | None = None,
        due_ticks: DueTicks | None = None,
        enqueue_tick: Callable[[str, int], None] | None = None,
        max_wait_s: float = 0.2,
        idle_sweep_s: float = 1.0,
        counts_every_s: float = 1.0,
        reconcile: Callable[[], object] | None = None,
        reconcile_every_s: float = 5.0,
    ) -> None:
        self.records = records
        self.enqueue_timeout = enqueue_timeout
        self.enqueue_close = enqueue_close
        self.idle_close_ms = idle_close_ms
        self.due_moves = due_moves
        self.enqueue_bot = enqueue_bot
        self.due_ticks = due_ticks
        self.enqueue_tick = enqueue_tick
        self.max_wait_s = max_wait_s
        self.idle_sweep_s = idle_sweep_s
        self.counts_every_s = counts_every_s
        #: The reconciliation pass (:mod:`.reconcile`), run every ``reconcile_every_s``.
        self.reconcile = reconcile
        self.reconcile_every_s = reconcile_every_s
        self._wake = threading.Event()
        self._stopping = False
        self._next_look_ms = 0
        self._next_due: int | None = None
        #: time.monotonic() of the last loop that reached Redis (readiness).
        self.last_ok = time.monotonic()

    def deadline_set(self, due_ms: int) -> None:
        """A deadline was set: wake the loop if it falls before the loop's next look."""
        if due_ms < self._next_look_ms:
            self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()

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

    def _first(self) -> tuple[list[Due], list[Due], list[Tick]]:
        """The earliest ``BATCH`` deadlines, delayed bot moves and clock ticks, in one round
        trip."""
        with self.records.client.pipeline(transaction=False) as pipe:
            pipe.zrange(self.records.deadlines_key, 0, BATCH - 1, withscores=True)
            if self.due_moves is not None:
                pipe.zrange(self.due_moves.key, 0, BATCH - 1, withscores=True)
            if self.due_ticks is not None:
                pipe.zrange(self.due_ticks.key, 0, BATCH - 1, withscores=True)
            replies = iter(pipe.execute())
        deadlines = [_entry(member, score) for member, score in next(replies)]
        bots = [_entry(m, s) for m, s in next(replies)] if self.due_moves is not None else []
        ticks = [parse(m) for m, _ in next(replies)] if self.due_ticks is not None else []
        return deadlines, bots, ticks

    def tick(self) -> int:
        """Enqueue what is due now; returns how many. Also learns when the next one falls due
        (:meth:`seconds_to_next`)."""
        deadlines, bots, ticks = self._first()
        now = now_ms()
        due = [d for d in deadlines if d[3] <= now]
        for table_id, version, seat, due_ms in due:
            # Enqueue first, then drop: a crash in between enqueues twice, which the task's
            # version check and action id make harmless; the other order could lose a timeout.
            self.enqueue_timeout(table_id, version, seat, due_ms)
            self.records.drop_deadline(table_id, version, seat)
        ready = [b for b in bots if b[3] <= now] if self.enqueue_bot is not None else []
        if ready and self.due_moves is not None and self.enqueue_bot is not None:
            for table_id, version, seat, due_ms in ready:
                self.enqueue_bot(table_id, version, seat, due_ms)  # enqueue, then drop
            self.due_moves.drop(ready)
        ticking = [t for t in ticks if t[1] <= now] if self.enqueue_tick is not None else []
        if ticking and self.due_ticks is not None and self.enqueue_tick is not None:
            for table_id, due_ms in ticking:
                self.enqueue_tick(table_id, due_ms)  # enqueue, then drop (as above)
            self.due_ticks.drop(ticking)
        if BATCH in (len(due), len(ready), len(ticking)):
            self._next_due = now  # maybe more due already: look again at once
        else:
            later = [d[3] for d in (*deadlines, *bots) if d[3] > now]
            later += [t[1] for t in ticks if t[1] > now]
            self._next_due = min(later) if later else None
        return len(due) + len(ready) + len(ticking)

    def seconds_to_next(self) -> float:
        """How long to sleep: until the next due time the last :meth:`tick` saw, at most
        ``max_wait_s``."""
        wait = self.max_wait_s
        if self._next_due is not None:
            wait = min(wait, max(0.0, (self._next_due - now_ms()) / 1000))
        self._next_look_ms = now_ms() + int(wait * 1000)
        return wait

    def run(self) -> None:
        """Fire deadlines as they fall due until :meth:`stop`; survives Redis hiccups."""
        next_sweep = next_counts = 0.0
        next_reconcile = time.monotonic() + self.reconcile_every_s
        while not self._stopping:
            # Before looking: until the next look is known, any deadline set wakes the wait.
            self._wake.clear()
            self._next_look_ms = LOOKING
            try:
                self.tick()
                now = time.monotonic()
                if now >= next_sweep:
                    self.sweep_idle()
                    next_sweep = now + self.idle_sweep_s
                if self.reconcile is not None and now >= next_reconcile:
                    next_reconcile = now + self.reconcile_every_s
                    self.reconcile()
                if now >= next_counts:
                    deadlines, tables = self.records.counts()
                    metrics.DEADLINES_PENDING.set(deadlines)
                    metrics.TABLES_FOLLOWED.set(tables)
                    next_counts = now + self.counts_every_s
                wait = self.seconds_to_next()
                self.last_ok = time.monotonic()
            except Exception:  # keep the clocks running through a Redis hiccup
                log.exception("timer_tick_failed")
                wait = self.max_wait_s
            if wait > 0:
                self._wake.wait(wait)
