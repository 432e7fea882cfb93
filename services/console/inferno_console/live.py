"""Live tables: every table on every engine process, as the bus tells it, kept in memory.

One reader per console process follows ``<prefix>bus:tables`` with ``XREAD`` from the start of
the stream (no consumer group: every process and every page wants every event), folds each
envelope into a :class:`LiveTable`, and fans out what changed to the pages' queues, gathered
for ``push_every_seconds`` so a busy platform sends a few messages a second per page, not one
per move. The bus carries only public information (``docs/events.md``), so nothing here can
hold a hidden card. Ended tables stay listed for ``keep_ended_seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import redis.asyncio as aioredis

from inferno_bus import EventType, stream_key
from inferno_bus.background import stop_if_cancelled

log = logging.getLogger(__name__)

EVENTS_KEPT = 300  # per table, for its page's event log
SNAPSHOT_EVENTS = 50  # per table, in the snapshot
STOP_SECONDS = 5.0  # how long stop() waits for its tasks
#: What a snapshot keeps of a table (plain data; see LiveTables.snapshot).
SNAPSHOT_FIELDS = (
    "id", "game", "seats", "status", "version", "created_ms", "last_change_ms", "last_move_ms",
    "to_act", "clock", "seed_commitment", "seed", "scores", "spectator_delay_seconds",
    "private", "options", "spectators", "deadlines",
)  # fmt: skip
TYPES = frozenset(t.value for t in EventType)


class Seen(NamedTuple):
    """One bus envelope as the list needs it (``docs/events.md``)."""

    type: str
    table: str
    version: int
    time: int
    payload: dict[str, Any]


def read_entry(fields: dict[bytes, bytes]) -> Seen | None:
    """A stream entry's envelope, or None for one the list cannot use (the bus's consumers
    dead-letter malformed entries; the list skips them). Lighter than validating a whole
    :class:`inferno_bus.Envelope`, which makes a cold start (the whole stream) about three
    times faster."""
    try:
        kind = fields[b"type"].decode()
        payload = json.loads(fields.get(b"payload", b"{}"))
        seen = Seen(
            kind,
            fields.get(b"table", b"").decode(),
            int(fields.get(b"version", b"0")),
            int(fields[b"time"]),
            payload,
        )
    except (KeyError, ValueError, UnicodeDecodeError):
        return None
    if kind not in TYPES or not isinstance(payload, dict):
        return None
    return seen


@dataclass
class LiveTable:
    id: str
    game: str = "?"
    seats: list[dict[str, Any]] = field(default_factory=list)
    status: str = "live"
    version: int = 0
    created_ms: int = 0
    last_change_ms: int = 0
    last_move_ms: int = 0
    to_act: list[int] = field(default_factory=list)  # who the table waits for (waiting_on)
    clock: dict[str, int] = field(default_factory=dict)
    seed_commitment: str = ""
    seed: str = ""
    scores: list[int] = field(default_factory=list)
    spectator_delay_seconds: int = 0
    private: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    spectators: int = 0  # open spectator streams, as the engine's table.spectators last said
    # Each waited-for seat's own deadline (seat as text → epoch ms), as the bus's ``deadlines``
    # last said; None from an engine that does not send them (the turn time is used then).
    deadlines: dict[str, int] | None = None
    moves: deque[int] = field(default_factory=lambda: deque(maxlen=10_000))
    # Every move as the bus told it, for the replay check once the table ends (replay.py).
    played: list[tuple[int, int, str, Any, bool]] = field(default_factory=list)
    from_start: bool = False
    verdict: str | None = None  # the replay check's sentence, once made
    events: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=EVENTS_KEPT))

    def seat_name(self, seat: int) -> str:
        for s in self.seats:
            if s["seat"] == seat:
                return str(s.get("name") or f"seat {seat}")
        return f"seat {seat}"

    def deadline_ms(self, turn_seconds: int) -> int:
        """When the table moves on without the seats it waits for: the earliest of their own
        deadlines (the engine's, with each seat's bank), or, from an engine that does not send
        them, the last change plus the turn time; 0 = no clock runs."""
        if self.deadlines is not None:
            due = [self.deadlines.get(str(s), 0) for s in self.to_act]
            return min((d for d in due if d), default=0)
        return self.last_change_ms + turn_seconds * 1000 if turn_seconds and self.to_act else 0

    def row(self, now_ms: int, stuck_ms: int) -> dict[str, Any]:
        """What the list shows of the table (public information only)."""
        while self.moves and self.moves[0] < now_ms - 60_000:
            self.moves.popleft()
        turn = self.clock.get("turn_seconds", 0)
        live = self.status == "live"
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "version": self.version,
            "seats": [
                {
                    "seat": s["seat"],
                    "name": s.get("name", ""),
                    "kind": "handed over"
                    if s.get("abandoned")
                    else ("bot" if s.get("bot") else "person"),
                    "connected": s.get("connected"),
                }
                for s in self.seats
            ],
            "moves_last_minute": len(self.moves),
            "last_change_ms": self.last_change_ms,
            "last_move_ms": self.last_move_ms,
            "private": self.private,
            "to_act": [self.seat_name(s) for s in self.to_act] if live else [],
            "deadline_ms": self.deadline_ms(turn) if live else 0,
            "stuck": live and now_ms - self.last_change_ms > stuck_ms,
            "created_ms": self.created_ms,
            "spectators": self.spectators,
        }


def _deadlines(payload: dict[str, Any], before: dict[str, int] | None) -> dict[str, int] | None:
    """The payload's per-seat deadlines (``docs/events.md``), else what was known before."""
    found = payload.get("deadlines")
    if not isinstance(found, dict):
        return before
    return {str(seat): int(ms) for seat, ms in found.items()}


def waiting_on(payload: dict[str, Any], before: list[int]) -> list[int]:
    """The seats a bus payload leaves the table waiting for ("who must act"): ``waiting_on``
    where the engine sends it (in Dante's Inferno's MAIN step every seat may trade, but the
    table waits only for the active player and the seats with an offer to answer), else
    ``to_act``, else ``before`` (a payload that names neither changes nothing). The payload
    side of :func:`inferno_proto.decisions.waiting_on`, which reads a GetView answer."""
    seats = payload.get("waiting_on", payload.get("to_act"))
    return before if seats is None else [int(s) for s in seats]


def _hides(action: dict[str, Any]) -> bool:
    """A move whose argument the bus keeps secret (its ``arg`` is null, not absent)."""
    return (
        "arg" in action and action["arg"] is None and action.get("kind") in ("bid", "form_circle")
    )


def _event_text(table: LiveTable, env: Seen) -> str:
    p = env.payload
    kind = env.type.removeprefix("table.")
    if kind == "action_applied":
        action = p.get("action") or {}
        arg = action.get("arg")
        shown = (
            "" if arg is None and "arg" not in action else f" {'(sealed)' if arg is None else arg}"
        )
        forced = " (timeout)" if p.get("forced") else ""
        return f"{table.seat_name(p.get('seat', -1))}: {action.get('kind', '?')}{shown}{forced}"
    if kind == "created":
        return f"created: {table.game}, {len(table.seats)} seats"
    if kind == "status_changed":
        return f"{p.get('status')}: {p.get('reason', '')}"
    if kind == "seat_handed_over":
        return f"{table.seat_name(p.get('seat', -1))} handed to a bot: {p.get('reason', '')}"
    if kind == "presence":
        state = "connected" if p.get("connected") else "disconnected"
        return f"{table.seat_name(p.get('seat', -1))} {state}"
    if kind == "spectators":
        return f"spectators: {p.get('count')} watching"
    if kind == "round_scored":
        return f"round {p.get('round')} scored: points {p.get('points')}, totals {p.get('scores')}"
    if kind == "clock_ticked":
        return f"clock: {', '.join(p.get('events', [])) or 'tick'}"
    if kind == "finished":
        return f"finished: scores {p.get('scores')}, winners {p.get('winners')}"
    if kind == "aborted":
        return f"aborted: {p.get('reason', '')}"
    return kind


class LiveTables:
    """The projection, its reader and its subscribers."""

    def __init__(
        self,
        redis: aioredis.Redis,
        prefix: str,
        *,
        stuck_minutes: float = 5.0,
        push_every_seconds: float = 0.25,
        keep_ended_seconds: float = 600.0,
        snapshot_every_seconds: float = 30.0,
    ) -> None:
        self._redis, self.stream = redis, stream_key(prefix, "tables")
        # The blocking reads of the bus go over a connection of their own (not one of the
        # pool's that pages and snapshots share), which :meth:`stop` closes: a reader whose
        # cancel a library lost ends on that connection error instead of reading on.
        pool = redis.connection_pool
        self._bus = aioredis.Redis(
            connection_pool=aioredis.ConnectionPool(
                connection_class=pool.connection_class, **pool.connection_kwargs
            )
        )
        self.tables: dict[str, LiveTable] = {}
        self.stuck_ms = int(stuck_minutes * 60_000)
        self._push_every, self._keep_ended = push_every_seconds, keep_ended_seconds * 1000
        self._changed: set[str] = set()
        self._subscribers: dict[asyncio.Queue[dict[str, Any]], str | None] = {}
        self.caught_up = asyncio.Event()
        self.last_read_at = 0.0
        self.last_id = "0"  # the newest stream entry folded in
        self.snapshot_key = prefix + "console:live-snapshot"
        self._snapshot_every = snapshot_every_seconds
        self._tasks: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ folding events
    def apply(self, env: Seen) -> None:
        if not env.table:
            return
        table = self.tables.get(env.table)
        if table is None:
            table = self.tables[env.table] = LiveTable(env.table, created_ms=env.time)
        p = env.payload
        if env.version:
            table.version = max(table.version, env.version)
        kind = env.type
        if kind == "table.created":
            table.game = p.get("game", "?")
            table.seats = [dict(s, abandoned=False, connected=None) for s in p.get("seats", [])]
            table.clock = {k: int(v) for k, v in (p.get("clock") or {}).items()}
            table.seed_commitment = p.get("seed_commitment", "")
            table.spectator_delay_seconds = int(p.get("spectator_delay_seconds", 0))
            table.private = bool(p.get("private", False))
            table.created_ms = env.time
            table.options = dict(p.get("options") or {})
            table.from_start = True
            # Who decides first (engines before it named nobody until the first move).
            table.to_act = waiting_on(p, table.to_act)
            table.deadlines = _deadlines(p, table.deadlines)
        elif kind == "table.action_applied":
            table.moves.append(env.time)
            table.last_move_ms = max(table.last_move_ms, env.time)
            action = p.get("action") or {}
            table.played.append(
                (
                    env.version,
                    int(p.get("seat", -1)),
                    str(action.get("kind", "")),
                    action.get("arg"),
                    action.get("arg") is not None or not _hides(action),
                )
            )
            table.to_act = waiting_on(p, [])
            table.deadlines = _deadlines(p, table.deadlines)
        elif kind in ("table.clock_ticked", "table.seat_handed_over"):
            table.to_act = waiting_on(p, table.to_act)
            table.deadlines = _deadlines(p, table.deadlines)
            if kind == "table.seat_handed_over":
                for s in table.seats:
                    if s["seat"] == p.get("seat"):
                        s["abandoned"] = True
        elif kind == "table.status_changed":
            table.status = "paused" if p.get("status") == "paused" else "live"
            table.to_act = waiting_on(p, table.to_act)
            table.deadlines = _deadlines(p, table.deadlines)
        elif kind == "table.presence":
            for s in table.seats:
                if s["seat"] == p.get("seat"):
                    s["connected"] = bool(p.get("connected"))
        elif kind == "table.spectators":
            table.spectators = max(0, int(p.get("count", 0)))
        elif kind == "table.round_scored":
            table.scores = list(p.get("scores", []))
        elif kind == "table.finished":
            table.status, table.to_act = "finished", []
            table.scores = list(p.get("scores", table.scores))
            table.seed = p.get("seed", "")
        elif kind == "table.aborted":
            table.status, table.to_act = "aborted", []
        if kind not in ("table.presence", "table.spectators"):
            table.last_change_ms = max(table.last_change_ms, env.time)
        table.events.append(
            {
                "version": env.version,
                "time": env.time,
                "type": kind,
                "text": _event_text(table, env),
            }
        )
        self._changed.add(env.table)

    # ------------------------------------------------------------------ reading the bus
    async def start(self) -> None:
        await self.load_snapshot()
        self._tasks = [
            asyncio.create_task(self._read(), name="console-bus-reader"),
            asyncio.create_task(self._push(), name="console-push"),
            asyncio.create_task(self._keep_snapshots(), name="console-snapshots"),
        ]

    # ------------------------------------------------------------------ snapshots
    # A restart reads the stream from the last snapshot on, not from its start. The snapshot
    # keeps each table's row and its newest events; not the moves of the replay check (a
    # table restored from it says its early moves are gone) nor the last minute's move times.
    def snapshot(self) -> dict[str, Any]:
        return {
            "last_id": self.last_id,
            "tables": [
                {
                    **{k: getattr(t, k) for k in SNAPSHOT_FIELDS},
                    "events": list(t.events)[-SNAPSHOT_EVENTS:],
                }
                for t in self.tables.values()
            ],
        }

    async def save_snapshot(self) -> None:
        text = json.dumps(self.snapshot(), separators=(",", ":"))
        await self._redis.set(self.snapshot_key, text, ex=7 * 24 * 3600)

    async def load_snapshot(self) -> None:
        try:
            raw = await self._redis.get(self.snapshot_key)
            if raw is None:
                return
            data = json.loads(raw)
            tables = {}
            for item in data["tables"]:
                # A field newer than the snapshot keeps its default.
                table = LiveTable(**{k: item[k] for k in SNAPSHOT_FIELDS if k in item})
                table.events.extend(item.get("events", []))
                tables[table.id] = table
        except Exception as err:  # no usable snapshot: read the whole stream instead
            log.warning("the live-list snapshot is unusable (%s); reading the whole stream", err)
            return
        self.tables, self.last_id = tables, str(data["last_id"])

    async def _keep_snapshots(self) -> None:
        saved = ""
        while True:
            stop_if_cancelled()
            await asyncio.sleep(self._snapshot_every)
            if self.caught_up.is_set() and self.last_id != saved:
                try:
                    await self.save_snapshot()
                    saved = self.last_id
                except Exception as err:  # Redis away: the next round tries again
                    log.warning("could not save the live-list snapshot: %s", err)

    async def stop(self) -> None:
        """Stop reading and pushing; returns within seconds even if a read of the bus does not
        give up when cancelled (its connection is closed under it)."""
        for task in self._tasks:
            task.cancel()
        pending = set(self._tasks)
        give_up = time.monotonic() + STOP_SECONDS
        while pending and time.monotonic() < give_up:
            # Closing the reader's connections (a read that carried on may have opened one
            # since) ends its read with a connection error, which it takes as the end.
            with contextlib.suppress(Exception):
                await self._bus.connection_pool.disconnect(inuse_connections=True)
            _, pending = await asyncio.wait(pending, timeout=0.1)
        for task in pending:
            log.warning("%s did not stop in %s s; left behind", task.get_name(), STOP_SECONDS)
        for task in self._tasks:
            if task.done() and not task.cancelled():
                task.exception()  # retrieved: a reader that ended on an error is no news here
        with contextlib.suppress(Exception):
            await self._bus.aclose()

    async def _read(self) -> None:
        while True:
            stop_if_cancelled()
            try:
                answer = await self._bus.xread({self.stream: self.last_id}, count=1000, block=1000)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # Redis restarting: say so, wait, go on where we were
                stop_if_cancelled()  # or stop() closed the connection under a lost cancel
                log.warning("reading the bus failed: %s; retrying", err)
                await asyncio.sleep(1)
                continue
            self.last_read_at = time.time()
            if not answer:
                self.caught_up.set()
                continue
            for _stream, entries in answer:
                for entry_id, fields in entries:
                    self.last_id = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
                    seen = read_entry(fields)
                    if seen is None:
                        continue
                    try:
                        self.apply(seen)
                    except Exception:  # a payload of an unexpected shape: skip it, go on
                        log.exception("could not fold a %s event of table %s", *seen[:2])
            if len(answer[0][1]) < 1000:
                self.caught_up.set()

    # ------------------------------------------------------------------ pages
    def subscribe(self, table: str | None = None) -> asyncio.Queue[dict[str, Any]]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=100)
        self._subscribers[queue] = table
        return queue

    def unsubscribe(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        self._subscribers.pop(queue, None)

    def rows(self) -> list[dict[str, Any]]:
        now = int(time.time() * 1000)
        return [t.row(now, self.stuck_ms) for t in self.tables.values()]

    def _forget_ended(self, now: int) -> list[str]:
        gone = [
            t.id
            for t in self.tables.values()
            if t.status in ("finished", "aborted") and now - t.last_change_ms > self._keep_ended
        ]
        for table_id in gone:
            del self.tables[table_id]
        return gone

    async def _push(self) -> None:
        last_sweep = 0.0
        while True:
            stop_if_cancelled()
            await asyncio.sleep(self._push_every)
            now = int(time.time() * 1000)
            gone: list[str] = []
            if time.monotonic() - last_sweep > 5:
                # The "time since the last move" and "stuck" columns age without events.
                last_sweep = time.monotonic()
                gone = self._forget_ended(now)
                self._changed |= set(self.tables)
            if not (self._changed or gone) or not self._subscribers:
                self._changed.clear()
                continue
            changed, self._changed = self._changed, set()
            rows = {i: self.tables[i].row(now, self.stuck_ms) for i in changed if i in self.tables}
            for queue, only in list(self._subscribers.items()):
                if only is None:
                    message: dict[str, Any] = {"rows": list(rows.values()), "gone": gone}
                elif only in rows:
                    table = self.tables[only]
                    message = {"rows": [rows[only]], "gone": [], "events": list(table.events)[-20:]}
                else:
                    continue
                try:
                    queue.put_nowait(message)
                except asyncio.QueueFull:
                    # A page that cannot keep up is dropped; its EventSource reconnects afresh.
                    self.unsubscribe(queue)

    def followers(self) -> int:
        return len(self._subscribers)

    def subscribed(self, queue: asyncio.Queue[dict[str, Any]]) -> bool:
        return queue in self._subscribers
