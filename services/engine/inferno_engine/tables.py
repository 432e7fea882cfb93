"""The table logic of the engine: create, move, look, follow, and the operator's controls.

Plain Python over :class:`~inferno_engine.store.TableStore` and the rules core, with no gRPC in
it: the servicer translates messages and this module decides. Every change follows one pattern:
read a snapshot, check who may do what, compute the change with the pure rules, then commit it
only if the table is still at the snapshot's version. Anything refused raises an
:class:`~inferno_engine.errors.EngineError` before the commit, so nothing changes on an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import structlog

from inferno_auth import Claims, Role
from inferno_bus import EventType
from inferno_clock import SeatClocks, SeatDeadline
from inferno_clock import problem as clock_problem
from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import codec
from inferno_rules import (
    OPERATOR,
    SPECTATOR,
    Action,
    Decision,
    Event,
    OptionError,
    Rejected,
    UnknownGame,
    Viewer,
    commitment,
    get_game,
    new_seed,
    validate_options,
    visible_events,
)

from . import auth, game_clock, metrics, seat_clocks
from .bus import Publisher, envelope, finished_payload
from .delay import SpectatorDelay
from .errors import (
    AlreadyExists,
    GameNotServed,
    InvalidArgument,
    PermissionDenied,
    RuleBroken,
    StaleVersion,
    TableNotFound,
)
from .feeds import Feeds
from .presence import SPECTATOR as SPECTATOR_STREAM
from .presence import Presence
from .store import Committed, Snapshot, StoredEvent, TableStore

log = structlog.get_logger("inferno_engine.tables")

LIVE, PAUSED, FINISHED, ABORTED = "live", "paused", "finished", "aborted"
ENDED = (FINISHED, ABORTED)
STATUS_EVENT = "table.status"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
EVENT_ID = re.compile(r"^[0-9]{1,19}-[0-9]{1,19}$")
#: Rejections that mean the message itself was malformed, not that the move broke a rule.
MALFORMED = frozenset({"not_a_card", "malformed_action"})
STATE_CACHE = 20_000
#: How often a real-time table's command is tried again when another change commits first.
REAL_TIME_ATTEMPTS = 5
MAX_SPECTATOR_DELAY = 3600
CLOCK_FIELDS = ("bank_seconds", "increment_seconds", "grace_seconds", "hand_over_after")
#: The most timeouts in a row a table may allow before a bot takes the seat.
MAX_HAND_OVER_AFTER = 100
#: The log entry of a seat handed to a bot (public; not a move, so verify and replay skip it).
HANDED_OVER_EVENT = "table.seat_handed_over"


def now_ms() -> int:
    return int(time.time() * 1000)


def deciding(game: Any, state: Any) -> dict[str, list[int]]:
    """Who decides now, as the bus payloads and stored answers name it: ``to_act`` (every seat
    that may act) and ``waiting_on`` (the seats the table waits for, ``Game.waiting_on``)."""
    return {"to_act": list(game.to_act(state)), "waiting_on": list(game.waiting_on(state))}


def idempotency_key(claims: Claims, action_id: str) -> str:
    """Where a move's answer is kept: the caller's own namespace of action ids.

    The key is the caller (role and subject) together with the id it chose, so no caller can
    spend another's id: a player who sends the id the worker will use next only names a move
    of their own. Hashed, so the field has one fixed size whatever the id holds."""
    who = json.dumps([claims.role.value, claims.subject, action_id], separators=(",", ":"))
    return hashlib.sha256(who.encode()).hexdigest()[:40]


def visible(stored: Sequence[StoredEvent], viewer: Viewer) -> list[StoredEvent]:
    """The entries ``viewer`` may see, decided by the rules' ``visible_events`` alone."""
    allowed = {id(e) for e in visible_events([s.event for s in stored], viewer)}
    return [s for s in stored if id(s.event) in allowed]


def clock_settings(turn_seconds: int, clock: dict[str, int]) -> dict[str, int]:
    """The clock policy beyond ``turn_seconds`` as stored, or INVALID_ARGUMENT if nonsense."""
    settings = {name: int(clock.get(name, 0)) for name in CLOCK_FIELDS}
    message = clock_problem(
        turn_seconds,
        settings["bank_seconds"],
        settings["increment_seconds"],
        settings["grace_seconds"],
    )
    if message is None and not 0 <= settings["hand_over_after"] <= MAX_HAND_OVER_AFTER:
        message = (
            f"hand_over_after is 0 (the worker's default) to {MAX_HAND_OVER_AFTER} timeouts in "
            f"a row; got {settings['hand_over_after']}"
        )
    if message is not None:
        raise InvalidArgument(message, reason="bad_clock")
    return settings


@dataclass(frozen=True, slots=True)
class Answer:
    game: str
    version: int
    events: list[StoredEvent]
    replayed: bool
    to_act: tuple[int, ...] = ()
    waiting_on: tuple[int, ...] = ()  # whose decision the table waits for (Game.waiting_on)


@dataclass(frozen=True, slots=True)
class Move:
    """One SubmitAction as asked: who, which table at which version, the caller's action id and
    its idempotency key, the action message (``None``: the game's default move) and seat."""

    claims: Claims
    table_id: str
    expected: int
    action_id: str
    key: str
    message: pb.Action | None
    requested_seat: int | None
    forced: bool


@dataclass(frozen=True, slots=True)
class Ruled:
    """A move the rules accepted, as the commit will write it and the caller will hear it."""

    version: int
    state: Any  # the table after the move
    events: tuple[Event, ...]
    to_act: list[int]
    waiting_on: list[int]
    mine: list[StoredEvent]  # the events the mover may see (its answer)
    answer: bytes  # the answer stored for a repeat of the same action id
    outbox: list[str]  # the bus envelopes
    over: bool
    at: int
    clocks: SeatClocks | None = None  # the seats' clocks after it (None: a real-time table)


@dataclass(frozen=True, slots=True)
class TableView:
    snapshot: Snapshot
    viewer: Viewer
    view: dict[str, Any]
    legal: list[Action]
    decision: Decision
    waiting_on: tuple[int, ...] = ()  # whose decision the table waits for (Game.waiting_on)
    spectator_delay: int = 0  # the table's setting, seconds
    late_ms: int = 0  # how far behind now this view is (a delayed spectator's)
    game_time_ms: int = 0  # real-time tables: the game clock when the view was made
    next_tick_at_ms: int = 0  # real-time tables: server time of the next tick (0 = none)
    seat_clocks: tuple[SeatDeadline, ...] = ()  # turn-based tables: each seat's clock


@dataclass(frozen=True, slots=True)
class _StatusChange:
    status: str
    since_ms: int
    events: list[Event]
    outbox: list[str]
    state: bytes  # b"" = unchanged
    clock_origin: int | None  # None = unchanged
    clocks: SeatClocks | None = None  # the seats' clocks after it (None = unchanged)


@dataclass(frozen=True, slots=True)
class Ticked:
    """What a clock tick did: the version after it, whether it committed anything, the game
    time it was taken at and the server time of the next one (0 = none)."""

    version: int
    advanced: bool
    game_time_ms: int
    next_tick_at_ms: int


class Tables:
    def __init__(
        self,
        store: TableStore,
        publisher: Publisher,
        games: frozenset[str],
        feeds: Feeds | None = None,
        presence: Presence | None = None,
    ) -> None:
        self.store = store
        self.publisher = publisher
        self.games = games
        self.feeds = feeds or Feeds(store)
        self.presence = presence or Presence(store, publisher)
        self.delay = SpectatorDelay(store)
        self.audit_stream = f"{store.prefix}audit"
        # The last snapshot (with its decoded state) seen of each table. Redis stays the truth:
        # a read tells whether the version moved on, and a move computed from this snapshot is
        # committed only if the table is still at its version (the Lua step checks).
        self._states: OrderedDict[str, tuple[Snapshot, Any]] = OrderedDict()

    def _decoded(self, snap: Snapshot, cached: tuple[Snapshot, Any] | None) -> Any:
        if snap.state is None:
            assert cached is not None and cached[0].version == snap.version
            state = cached[1]
        else:
            state = get_game(snap.game).decode(snap.state)
        self._remember(snap, state)
        return state

    def _remember(self, snap: Snapshot, state: Any) -> None:
        if snap.prior_answer is not None or snap.outbox_head is not None:
            snap = replace(snap, prior_answer=None, outbox_head=None)
        self._states[snap.table_id] = (snap, state)
        self._states.move_to_end(snap.table_id)
        if len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    # ------------------------------------------------------------------ shared checks
    async def _snapshot(
        self,
        table_id: str,
        answer_field: str = "",
        cached: tuple[Snapshot, Any] | None = None,
    ) -> Snapshot:
        if not TABLE_ID.match(table_id):
            raise InvalidArgument(
                "a table id is 1 to 64 letters, digits, '-' or '_'", reason="bad_table_id"
            )
        known = cached[0].version if cached is not None else None
        snap = await self.store.read(table_id, answer_field, known)
        if snap is None:
            raise TableNotFound(f"there is no table {table_id!r}")
        if snap.game not in self.games:
            raise GameNotServed(
                f"this engine does not serve {snap.game}; it serves {', '.join(sorted(self.games))}"
            )
        if snap.outbox_head is not None and self.publisher.overdue(snap.outbox_head, now_ms()):
            # A commit's bus events were left unpublished (its engine died): heal them now.
            await self.publisher.flush(table_id)
        return snap

    async def _audit(self, claims: Claims, what: str, table_id: str, reason: str) -> None:
        entry = {
            "who": claims.subject,
            "role": claims.role.value,
            "name": claims.name,
            "what": what,
            "table": table_id,
            "reason": reason,
            "at": str(now_ms()),
        }
        await self.store.client.xadd(self.audit_stream, entry)
        log.info("audit", **{k: v for k, v in entry.items() if k != "table"}, table_id=table_id)

    # ------------------------------------------------------------------ CreateTable
    async def create(
        self,
        claims: Claims,
        table_id: str,
        game_name: str,
        options_msg: pb.GameOptions,
        seats: Sequence[tuple[str, str, bool]],
        turn_seconds: int,
        clock: dict[str, int] | None = None,
        spectator_delay: int = 0,
        private: bool = False,
    ) -> tuple[int, str]:
        """Open a table. ``clock``: ``bank_seconds``, ``increment_seconds``, ``grace_seconds``;
        ``spectator_delay``: how many seconds late spectators see it."""
        auth.require_role(claims, Role.SERVICE)
        clock = clock_settings(turn_seconds, clock or {})
        if not TABLE_ID.match(table_id):
            raise InvalidArgument(
                "a table id is 1 to 64 letters, digits, '-' or '_'", reason="bad_table_id"
            )
        if not 0 <= spectator_delay <= MAX_SPECTATOR_DELAY:
            raise InvalidArgument(
                f"spectator_delay_seconds is 0 to {MAX_SPECTATOR_DELAY} (an hour); "
                f"got {spectator_delay}",
                reason="bad_spectator_delay",
            )
        try:
            game = get_game(game_name)
        except UnknownGame as err:
            raise InvalidArgument(str(err), reason="unknown_game") from None
        if game_name not in self.games:
            raise GameNotServed(
                f"this engine does not serve {game_name}; it serves {', '.join(sorted(self.games))}"
            )
        raw = codec(game_name).options(options_msg)
        ids = [player_id for player_id, _, _ in seats]
        if any(not player_id for player_id in ids):
            raise InvalidArgument("every seat needs a player id", reason="bad_seats")
        if len(set(ids)) != len(ids):
            raise InvalidArgument("a player can hold only one seat at a table", "bad_seats")
        seed = new_seed()
        try:
            state = game.new_game(len(seats), raw, seed)
            options = validate_options(game.info, raw)
        except OptionError as err:
            raise InvalidArgument(err.message, reason=f"bad_option:{err.option}") from None
        seat_list = [
            {"seat": i, "player_id": pid, "name": name, "bot": bot}
            for i, (pid, name, bot) in enumerate(seats)
        ]
        sealed = commitment(seed)
        at = now_ms()
        announced: dict[str, Any] = {
            "game": game_name,
            "options": options,
            "seats": seat_list,
            "seed_commitment": sealed,
            "clock": {"turn_seconds": turn_seconds, **clock},
            "spectator_delay_seconds": spectator_delay,
            "private": private,
        }
        # Who decides first, as every later change names it: a watcher of the bus knows whom
        # a new table waits for (and until when) before anyone moves.
        announced.update(deciding(game, state))
        real_time = game_clock.is_real_time(game)
        begun = None
        if real_time:
            # The game clock starts now; the first tick (the countdown's end) is announced with
            # the table so the timer service can schedule it.
            announced["tick_at_ms"] = game_clock.next_tick_at(game, state, at)
        else:
            begun = SeatClocks.begin(tuple(announced["waiting_on"]), at)
            announced["deadlines"] = seat_clocks.deadlines(
                seat_clocks.policy(turn_seconds, clock),
                seat_list,
                begun,
                announced["waiting_on"],
                LIVE,
            )
        created = envelope(EventType.TABLE_CREATED, table_id, 1, at, announced)
        events = game.opening_events(state)
        fields: dict[str, str | bytes | int] = {
            "version": 1,
            "game": game_name,
            "status": LIVE,
            "state": game.encode(state),
            "seats": json.dumps(seat_list),
            "options": json.dumps(options),
            "seed": seed,
            "commitment": sealed,
            "turn_seconds": turn_seconds,
            "clock": json.dumps(clock),
            "since_ms": at,
            "last_event": f"1-{len(events) - 1}" if events else "",
        }
        if spectator_delay:
            fields["spectator_delay"] = spectator_delay
        if private:
            fields["private"] = 1
        if begun is None:
            fields["clock_origin"] = at
        else:
            fields["seat_clocks"] = json.dumps(begun.to_json())
        if not await self.store.create(table_id, fields, events, [created]):
            raise AlreadyExists(f"a table {table_id!r} already exists", reason="table_exists")
        await self.publisher.publish_soon(table_id, [created])
        log.info("table_created", table_id=table_id, game=game_name, seats=len(seats))
        return 1, sealed

    # ------------------------------------------------------------------ SubmitAction
    async def submit(
        self,
        claims: Claims,
        table_id: str,
        expected: int,
        action_id: str,
        action_msg: pb.Action | None,
        requested_seat: int | None,
        forced: bool,
    ) -> Answer:
        """Apply a move; its life is :meth:`_move`'s five steps.

        On a real-time table ``expected`` is for the record only (the rules spec: no lag
        compensation, the server's arrival order is final): the deal moves the version on every
        few seconds, so a command is judged against the table as it is when it arrives, and
        tried again on the newer table if another change commits first."""
        if not 0 < len(action_id) <= 128:
            raise InvalidArgument(
                "every move needs an action_id of 1 to 128 characters (a UUID)",
                reason="bad_action_id",
            )
        move = Move(
            claims,
            table_id,
            expected,
            action_id,
            idempotency_key(claims, action_id),
            action_msg,
            requested_seat,
            forced,
        )
        return await self._move(move, quick=True, attempt=0, retry=False)

    async def _move(self, move: Move, quick: bool, attempt: int, retry: bool) -> Answer:
        """One move's life: read the table, check the caller, apply the rules, commit, publish.

        ``quick``: when this process saw the table last at the expected version it skips the
        read and lets the commit's version check decide; anything refused on that path is
        decided again on a fresh read (``retry``; ``attempt`` counts a real-time table's
        commits lost to a newer change), so the answer never depends on the shortcut."""

        def again(next_attempt: int = attempt) -> Awaitable[Answer]:
            """The same move decided again on a fresh read of the table."""
            return self._move(move, quick=False, attempt=next_attempt, retry=True)

        snap, cached, quick = await self._read_for(move, quick)
        seat, action, fingerprint = await self._check_caller(move, snap, counted=retry)
        if snap.prior_answer is not None:
            return self._replay(snap, snap.prior_answer, seat, fingerprint, snap.version)
        game = get_game(snap.game)
        self._check_table(move, snap, game, seat, action)
        ruled = self._apply_rules(move, snap, cached, game, seat, action, fingerprint, quick)
        if ruled is None:
            return await again()
        committed = await self._commit(move, snap, game, ruled)
        if committed.outcome == "dup":
            assert committed.answer is not None
            return self._replay(snap, committed.answer, seat, fingerprint, committed.version)
        real_time = game_clock.is_real_time(game)
        if committed.outcome == "stale" and real_time and attempt < REAL_TIME_ATTEMPTS:
            return await again(attempt + 1)
        if committed.outcome == "stale":
            metrics.ACTIONS.labels(snap.game, "stale").inc()
            raise StaleVersion(
                f"the table has moved on to version {committed.version}; look again and decide",
                version=committed.version,
            )
        if committed.outcome == "missing":
            raise TableNotFound(f"there is no table {move.table_id!r}")
        return await self._publish(snap, ruled)

    async def _read_for(
        self, move: Move, quick: bool
    ) -> tuple[Snapshot, tuple[Snapshot, Any] | None, bool]:
        """Step 1, read the table: this process's last look at it when that is the version
        the caller expects (quick), else Redis (with the caller's stored answer, if any)."""
        cached = self._states.get(move.table_id)
        if (
            quick
            and cached is not None
            and (cached[0].version, cached[0].status)
            == (
                move.expected,
                LIVE,
            )
        ):
            return cached[0], cached, True
        return await self._snapshot(move.table_id, move.key, cached), cached, False

    async def _check_caller(
        self, move: Move, snap: Snapshot, counted: bool
    ) -> tuple[int, Action | None, str]:
        """Step 2, check the caller: the seat it may act for (counted against the game's rate
        limit unless already counted), a forced move only from the timer service, the action
        read by the game's codec; and the move's fingerprint (how a repeat is recognised)."""
        claims = move.claims
        auth.check_table_claim(claims, move.table_id)
        seat = auth.acting_seat(claims, snap.seats, move.requested_seat)
        if not counted:  # every command a seat sends, well-formed or not
            await self._count_command(snap, get_game(snap.game), seat, move.key)
        if move.forced and claims.role != Role.SERVICE:
            raise PermissionDenied("only the timer service may force a move", "wrong_role")
        action = codec(snap.game).action(move.message) if move.message is not None else None
        if action is None and not move.forced:
            raise InvalidArgument("choose an action", reason="empty_action")
        fingerprint = hashlib.sha256(
            json.dumps([seat, move.forced, action], separators=(",", ":")).encode()
        ).hexdigest()[:32]
        return seat, action, fingerprint

    @staticmethod
    def _check_table(
        move: Move, snap: Snapshot, game: Any, seat: int, action: Action | None
    ) -> None:
        """Still step 2: the table takes this move now (the seat is not handed over, the
        table is live, at the version the caller saw unless it plays in real time)."""
        if not move.forced and snap.seats[seat].get("abandoned"):
            raise RuleBroken(
                "this seat was handed to a bot for the rest of the game",
                reason="seat_handed_over",
                version=snap.version,
            )
        if snap.status != LIVE:
            raise RuleBroken(
                f"the table is {snap.status}; no moves are taken",
                reason=f"table_{snap.status}",
                version=snap.version,
            )
        real_time = game_clock.is_real_time(game)
        if move.expected != snap.version and not real_time:
            raise StaleVersion(
                f"the table has moved on to version {snap.version}; look again and decide",
                version=snap.version,
            )
        if action is None and real_time:
            raise RuleBroken(
                f"{snap.game} has no turns, so no move is ever made for a seat",
                reason="no_default_move",
                version=snap.version,
            )

    def _apply_rules(
        self,
        move: Move,
        snap: Snapshot,
        cached: tuple[Snapshot, Any] | None,
        game: Any,
        seat: int,
        action: Action | None,
        fingerprint: str,
        quick: bool,
    ) -> Ruled | None:
        """Step 3, apply the rules (a real-time table's clock caught up first, a forced move
        made the game's default move); ``None``: refused on the quick path, to be decided
        again on a fresh read. Builds what the commit writes: the events, the caller's
        answer, the bus envelopes."""
        state = self._decoded(snap, cached)
        at = now_ms()
        ticked: tuple[Event, ...] = ()
        real_time = game_clock.is_real_time(game)
        if real_time:
            # The command is judged against the table as it is now (see game_clock).
            state, ticked = game_clock.catch_up(
                game, state, game_clock.game_time(snap, at, paused=False)
            )
        if action is None:
            if seat not in game.to_act(state):
                if quick:
                    return None
                raise RuleBroken(
                    "it is not this seat's turn", reason="not_your_turn", version=snap.version
                )
            action = game.default_action(state, seat)
        out = game.apply(state, seat, action)
        if isinstance(out, Rejected):
            if quick:
                return None
            metrics.ACTIONS.labels(snap.game, "rejected").inc()
            error = InvalidArgument if out.code in MALFORMED else RuleBroken
            raise error(out.message, reason=out.code, version=snap.version)
        version = snap.version + 1
        events = (*ticked, *out.events)
        after = deciding(game, out.state)  # who decides after the move
        stored = [StoredEvent(f"{version}-{i}", version, e, at) for i, e in enumerate(events)]
        mine = visible(stored, Viewer.of_seat(seat))
        answer = json.dumps(
            {
                "fp": fingerprint,
                "seat": seat,
                "version": version,
                "events": [[s.id, s.event.kind, s.event.data, s.at_ms] for s in mine],
                **after,
            },
            separators=(",", ":"),
        ).encode()
        over = game.is_over(out.state)
        applied: dict[str, Any] = {
            "seat": seat,
            "action": codec(snap.game).public_action(state, action),
            "action_id": move.action_id,
            "events": [e.kind for e in events],
            **after,
            "forced": move.forced,
        }
        clocks = None
        if real_time:
            origin = snap.clock_origin or 0
            applied["tick_at_ms"] = game_clock.next_tick_at(game, out.state, origin)
        else:
            # Who waited is needed only for a table older than its seats' clocks.
            before = snap.seat_clocks or seat_clocks.current(snap, game.waiting_on(state))
            policy = seat_clocks.policy_of(snap)
            clocks = before.moved(policy, seat, move.forced, after["waiting_on"], at)
            status = FINISHED if over else LIVE
            applied["deadlines"] = seat_clocks.deadlines(
                policy, snap.seats, clocks, after["waiting_on"], status
            )
        outbox = [
            envelope(EventType.ACTION_APPLIED, move.table_id, version, at, applied),
            *self._results(snap, out.state, events, version, at, over),
        ]
        return Ruled(
            version,
            out.state,
            events,
            after["to_act"],
            after["waiting_on"],
            mine,
            answer,
            outbox,
            over,
            at,
            clocks,
        )

    async def _commit(self, move: Move, snap: Snapshot, game: Any, ruled: Ruled) -> Committed:
        """Step 4, commit: state, log, outbox and the caller's answer in one Lua step, only if
        the table is still at the version the move was judged on."""
        return await self.store.commit(
            move.table_id,
            expected=snap.version,
            status=FINISHED if ruled.over else LIVE,
            since_ms=ruled.at,
            events=ruled.events,
            outbox=ruled.outbox,
            state=game.encode(ruled.state),
            answer_field=move.key,
            answer=ruled.answer,
            seat_clocks=ruled.clocks,
        )

    async def _publish(self, snap: Snapshot, ruled: Ruled) -> Answer:
        """Step 5, publish: remember the table as the commit left it, put its envelopes on the
        bus, and answer the caller."""
        metrics.ACTIONS.labels(snap.game, "applied").inc()
        self._remember_commit(
            snap, ruled.version, ruled.over, ruled.at, ruled.events, ruled.state, ruled.clocks
        )
        await self.publisher.publish_soon(snap.table_id, ruled.outbox)
        return Answer(
            snap.game,
            ruled.version,
            ruled.mine,
            False,
            tuple(ruled.to_act),
            tuple(ruled.waiting_on),
        )

    async def _count_command(self, snap: Snapshot, game: Any, seat: int, command_id: str) -> None:
        """The game's rate limit (``GameInfo.command_rate``) over every command a seat sends,
        refused ones included (the rules count only accepted ones: a refusal changes nothing)."""
        limit, window_ms = game.info.command_rate
        if not limit:
            return
        sent = await self.store.count_command(snap.table_id, seat, command_id, now_ms(), window_ms)
        if sent > limit:
            metrics.ACTIONS.labels(snap.game, "rate_limited").inc()
            raise RuleBroken(
                f"at most {limit} commands per {window_ms / 1000:g} s: this one was dropped; "
                "send it again",
                reason="rate",
                version=snap.version,
            )

    def _remember_commit(
        self,
        snap: Snapshot,
        version: int,
        over: bool,
        at: int,
        events: Sequence[Event],
        state: Any,
        clocks: SeatClocks | None = None,
    ) -> None:
        """Keep the table as a commit made from ``snap`` left it (the next move may skip the
        read); ``clocks``: the seats' clocks it stored (None: unchanged)."""
        last = f"{version}-{len(events) - 1}" if events else snap.last_event
        after = replace(
            snap,
            version=version,
            status=FINISHED if over else LIVE,
            since_ms=at,
            last_event=last,
            state=None,
            prior_answer=None,
            outbox_head=None,
            seat_clocks=clocks if clocks is not None else snap.seat_clocks,
        )
        self._remember(after, state)

    def _results(
        self,
        snap: Snapshot,
        state: Any,
        events: Sequence[Event],
        version: int,
        at: int,
        over: bool,
    ) -> list[str]:
        """The bus envelopes a change's events call for: each round scored, and the result
        when the game is over."""
        tr = codec(snap.game)
        table_id = snap.table_id
        outbox = []
        for event in events:
            scored = tr.round_score(state, event)
            if scored is not None:
                outbox.append(envelope(EventType.ROUND_SCORED, table_id, version, at, scored))
        if over:
            result = get_game(snap.game).result(state)
            assert result is not None
            payload = finished_payload(
                snap.game,
                snap.seats,
                result,
                snap.seed,
                snap.commitment,
                at,
                snap.spectator_delay,
                snap.private,
            )
            outbox.append(envelope(EventType.TABLE_FINISHED, table_id, version, at, payload))
        return outbox

    # ------------------------------------------------------------------ AdvanceClock
    async def advance_clock(self, claims: Claims, table_id: str) -> Ticked:
        """The timer's tick for a real-time table: commit whatever fell due by now, if
        anything. Asking early or twice commits nothing (exactly-once effects)."""
        auth.require_role(claims, Role.SERVICE)
        for _attempt in range(10):
            cached = self._states.get(table_id)
            snap = await self._snapshot(table_id, cached=cached)
            game = get_game(snap.game)
            if not game_clock.is_real_time(game):
                raise RuleBroken(
                    f"{snap.game} is not a real-time game; its clock never ticks",
                    reason="not_real_time",
                    version=snap.version,
                )
            if snap.status != LIVE:
                why = "its clock stands still until it resumes" if snap.status == PAUSED else ""
                raise RuleBroken(
                    f"the table is {snap.status}; " + (why or "its clock has stopped"),
                    reason=f"table_{snap.status}",
                    version=snap.version,
                )
            origin = snap.clock_origin or 0
            at = now_ms()
            game_ms = game_clock.game_time(snap, at, paused=False)
            state, events = game_clock.catch_up(game, self._decoded(snap, cached), game_ms)
            next_at = game_clock.next_tick_at(game, state, origin)
            if not events:
                return Ticked(snap.version, False, game_ms, next_at)
            version = snap.version + 1
            ticked = envelope(
                EventType.CLOCK_TICKED,
                table_id,
                version,
                at,
                {
                    "game_time_ms": game_ms,
                    "events": [e.kind for e in events],
                    **deciding(game, state),
                    "tick_at_ms": next_at,
                },
            )
            over = game.is_over(state)
            outbox = [ticked, *self._results(snap, state, events, version, at, over)]
            committed = await self.store.commit(
                table_id,
                expected=snap.version,
                status=FINISHED if over else LIVE,
                since_ms=at,
                events=events,
                outbox=outbox,
                state=game.encode(state),
            )
            if committed.outcome == "missing":
                raise TableNotFound(f"there is no table {table_id!r}")
            if committed.outcome != "ok":
                continue  # a move or another tick came first: look again
            self._remember_commit(snap, version, over, at, events, state)
            await self.publisher.publish_soon(table_id, outbox)
            metrics.ACTIONS.labels(snap.game, "ticked").inc()
            return Ticked(version, True, game_ms, 0 if over else next_at)
        raise StaleVersion("the table keeps changing; try again", version=snap.version)

    def _replay(
        self, snap: Snapshot, stored: bytes, seat: int, fingerprint: str, version: int
    ) -> Answer:
        first = json.loads(stored)
        if first["seat"] != seat or first["fp"] != fingerprint:
            raise AlreadyExists(
                "this action_id was already used for a different move; use a new id per move",
                reason="action_id_reused",
                version=version or None,
            )
        events = [  # answers stored before events had a time hold three items each
            StoredEvent(
                eid, int(eid.split("-", 1)[0]), Event(kind, data), int(when[0]) if when else 0
            )
            for eid, kind, data, *when in first["events"]
        ]
        to_act = tuple(first["to_act"])
        waiting_on = tuple(first.get("waiting_on", to_act))  # answers stored before it had one
        return Answer(snap.game, first["version"], events, True, to_act, waiting_on)

    # ------------------------------------------------------------------ GetView
    async def view(self, claims: Claims, table_id: str, requested_seat: int | None) -> TableView:
        cached = self._states.get(table_id)
        snap = await self._snapshot(table_id, cached=cached)
        auth.check_table_claim(claims, table_id)
        viewer = auth.viewer_of(claims, snap.seats, requested_seat)
        delay = await self.delay.seconds(table_id)
        if delay and claims.role == Role.SPECTATOR:
            return await self._delayed_view(snap, delay)
        return replace(self._view(snap, viewer, cached), spectator_delay=delay)

    async def _delayed_view(self, live: Snapshot, delay: int) -> TableView:
        """The public view of the newest version at least ``delay`` seconds old."""
        past = await self.delay.past(live.table_id, delay)
        snap = replace(
            live,
            version=past.version,
            status=past.status,
            state=past.state,
            since_ms=past.since_ms,
            last_event=past.last_event,
        )
        state = get_game(snap.game).decode(past.state)
        view = self._view_of(snap, SPECTATOR, state)
        # The seats' clocks are the live table's: a delayed spectator sees none (they would
        # tell how long the present decision has been running).
        return replace(view, spectator_delay=delay, late_ms=delay * 1000, seat_clocks=())

    def _view(
        self, snap: Snapshot, viewer: Viewer, cached: tuple[Snapshot, Any] | None = None
    ) -> TableView:
        return self._view_of(snap, viewer, self._decoded(snap, cached))

    def _view_of(self, snap: Snapshot, viewer: Viewer, state: Any) -> TableView:
        game = get_game(snap.game)
        seat = viewer.seat if viewer.role == "seat" else None
        legal = game.legal_actions(state, seat) if seat is not None and snap.status == LIVE else []
        live = snap.status == LIVE
        decision = game.decision(state) if live else Decision(())
        waiting = game.waiting_on(state) if live else ()
        view = TableView(snap, viewer, game.view(state, viewer), legal, decision, waiting)
        if not game_clock.is_real_time(game):
            clocks = seat_clocks.current(snap, waiting)
            policy = seat_clocks.policy_of(snap)
            shown = seat_clocks.shown(policy, snap.seats, clocks, waiting, snap.status)
            return replace(view, seat_clocks=tuple(shown))
        if snap.status in ENDED:
            return view
        return replace(
            view,
            game_time_ms=game_clock.game_time(snap, now_ms(), paused=not live),
            next_tick_at_ms=game_clock.next_tick_at(game, state, snap.clock_origin or 0)
            if live
            else 0,
        )

    async def full_view(self, claims: Claims, table_id: str, reason: str) -> TableView:
        auth.require_role(claims, Role.OPERATOR)
        snap = await self._snapshot(table_id)
        if snap.status not in ENDED and auth.plays_here(claims, snap.seats):
            raise PermissionDenied(
                "you play at this table: its full view would show you the other seats' cards; "
                "it opens to you when the game ends",
                reason="plays_here",
            )
        await self._audit(claims, "full_view", table_id, reason)
        return self._view(snap, OPERATOR)

    # ------------------------------------------------------------------ StreamEvents
    async def follow(
        self,
        claims: Claims,
        table_id: str,
        after: str,
        requested_seat: int | None,
    ) -> AsyncIterator[tuple[str, list[StoredEvent]]]:
        """The caller's events after ``after``, then live ones, until the table ends.

        Yields the table's game with each batch. A spectator of a delayed table gets each
        event once it is old enough; a seat's stream counts as the seat being connected."""
        if after and not EVENT_ID.match(after):
            raise InvalidArgument(
                f"{after!r} is not an event id; event ids look like 12-0", reason="bad_event_id"
            )
        snap = await self._snapshot(table_id)
        auth.check_table_claim(claims, table_id)
        viewer = auth.viewer_of(claims, snap.seats, requested_seat)
        delay = await self.delay.seconds(table_id) if claims.role == Role.SPECTATOR else 0
        seat = viewer.seat if viewer.role == "seat" and snap.status not in ENDED else None
        if seat is None and claims.role != Role.SERVICE and snap.status not in ENDED:
            seat = SPECTATOR_STREAM  # counted as one more spectator
        member = await self.presence.open(table_id, seat) if seat is not None else None
        try:
            # aclosing: a stream cancelled while it waits out the delay leaves the feed now.
            async with contextlib.aclosing(self.feeds.entries(table_id, after)) as entries:
                async for batch in entries:
                    async for due in self.delay.released(table_id, batch, delay):
                        mine = visible(due, viewer)
                        if mine:
                            yield snap.game, mine
            if delay:
                await self.delay.end_released(table_id, delay)
        finally:
            if member is not None:
                self.presence.close_soon(table_id, member)

    # ------------------------------------------------------------------ operators
    async def change_status(
        self, claims: Claims, table_id: str, target: str, reason: str
    ) -> tuple[int, str]:
        auth.require_role(claims, Role.OPERATOR)
        allowed_from = {PAUSED: (LIVE,), LIVE: (PAUSED,), ABORTED: (LIVE, PAUSED)}[target]
        verb = {PAUSED: "paused", LIVE: "resumed", ABORTED: "aborted"}[target]
        for _attempt in range(10):
            cached = self._states.get(table_id)
            snap = await self._snapshot(table_id, cached=cached)
            if snap.status not in allowed_from:
                raise RuleBroken(
                    f"the table is {snap.status}; it cannot be {verb}",
                    reason="bad_status_change",
                    version=snap.version,
                )
            at = now_ms()
            change = self._status_change(snap, cached, target, reason, at)
            committed = await self.store.commit(
                table_id,
                expected=snap.version,
                status=change.status,
                since_ms=change.since_ms,
                events=change.events,
                outbox=change.outbox,
                state=change.state,
                clock_origin=change.clock_origin,
                seat_clocks=change.clocks,
                at_ms=at,
            )
            if committed.outcome == "ok":
                self._states.pop(table_id, None)
                await self.publisher.publish_soon(table_id, change.outbox)
                await self._audit(claims, verb, table_id, reason)
                return committed.version, change.status
            if committed.outcome == "missing":
                raise TableNotFound(f"there is no table {table_id!r}")
        raise StaleVersion("the table keeps changing; try again", version=snap.version)

    def _status_change(
        self,
        snap: Snapshot,
        cached: tuple[Snapshot, Any] | None,
        target: str,
        reason: str,
        at: int,
    ) -> _StatusChange:
        """What pausing, resuming or aborting commits. A real-time table's game clock stops
        at the pause (what fell due by then happens first) and goes on from there on resume."""
        game = get_game(snap.game)
        version = snap.version + 1
        events: list[Event] = []
        state: Any = None
        clocks: SeatClocks | None = None
        status, since_ms, origin = target, (at if target == LIVE else snap.since_ms), None
        real_time = game_clock.is_real_time(game) and target != ABORTED
        if real_time:
            state = self._decoded(snap, cached)
            if target == PAUSED:
                state, ticked = game_clock.catch_up(
                    game, state, game_clock.game_time(snap, at, paused=False)
                )
                events.extend(ticked)
                since_ms = at  # the game clock stands at this moment until the resume
                if game.is_over(state):
                    status = FINISHED  # it ended by itself before the pause took hold
            else:
                origin = (snap.clock_origin or 0) + (at - snap.since_ms)
        events.append(Event(STATUS_EVENT, {"status": status, "reason": reason}))
        outbox: list[str] = []
        if target == ABORTED:
            payload = {
                "game": snap.game,
                "reason": reason,
                "spectator_delay_seconds": snap.spectator_delay,
                "private": snap.private,
            }
            outbox.append(envelope(EventType.TABLE_ABORTED, snap.table_id, version, at, payload))
        else:
            now = state if state is not None else self._decoded(snap, cached)
            nobody: dict[str, list[int]] = {"to_act": [], "waiting_on": []}
            changed: dict[str, Any] = {
                "status": status,
                "reason": reason,
                **(deciding(game, now) if status == LIVE else nobody),
            }
            if not real_time and target == LIVE:
                # A resumed decision starts afresh for every seat the table waits for.
                waiting = game.waiting_on(now)
                clocks = seat_clocks.current(snap, waiting).restarted(waiting, at)
                policy = seat_clocks.policy_of(snap)
                changed["deadlines"] = seat_clocks.deadlines(
                    policy, snap.seats, clocks, waiting, LIVE
                )
            elif not real_time:
                changed["deadlines"] = {}  # paused: no clock runs
            if real_time and status == LIVE:
                changed["tick_at_ms"] = game_clock.next_tick_at(game, state, origin or 0)
            outbox.append(envelope(EventType.STATUS_CHANGED, snap.table_id, version, at, changed))
            if real_time and state is not None:
                outbox.extend(self._results(snap, state, events, version, at, status == FINISHED))
        encoded = game.encode(state) if real_time and target == PAUSED else b""
        return _StatusChange(status, since_ms, events, outbox, encoded, origin, clocks)

    # ------------------------------------------------------------------ HandOverSeat
    async def hand_over(
        self, claims: Claims, table_id: str, seat: int, reason: str
    ) -> tuple[int, bool]:
        """Mark ``seat`` abandoned (a bot plays it to the end); returns (version, changed)."""
        if claims.role not in (Role.SERVICE, Role.OPERATOR):
            raise PermissionDenied(
                "only the worker or an operator may hand a seat to a bot", reason="wrong_role"
            )
        if not reason.strip():
            raise InvalidArgument("say why the seat is handed over", reason="no_reason")
        for _attempt in range(10):
            cached = self._states.get(table_id)
            snap = await self._snapshot(table_id, cached=cached)
            if not 0 <= seat < len(snap.seats):
                raise InvalidArgument(
                    f"the table has seats 0 to {len(snap.seats) - 1}; there is no seat {seat}",
                    reason="bad_seat",
                )
            if snap.seats[seat].get("abandoned"):
                return snap.version, False
            if snap.status in ENDED:
                raise RuleBroken(
                    f"the table is {snap.status}; its seats stay as they were",
                    reason=f"table_{snap.status}",
                    version=snap.version,
                )
            seats = [dict(s, abandoned=True) if s["seat"] == seat else s for s in snap.seats]
            version = snap.version + 1
            game, state = get_game(snap.game), self._decoded(snap, cached)
            data = {"seat": seat, "reason": reason}
            at, waiting = now_ms(), game.waiting_on(state)
            clocks = seat_clocks.current(snap, waiting)
            handed = {**data, **deciding(game, state)}
            if not game_clock.is_real_time(game):
                # With the new seats: the handed-over seat's clock stops, a bot plays it.
                handed["deadlines"] = seat_clocks.deadlines(
                    seat_clocks.policy_of(snap), seats, clocks, waiting, snap.status
                )
            item = envelope(EventType.SEAT_HANDED_OVER, table_id, version, at, handed)
            committed = await self.store.hand_over(
                table_id,
                snap.version,
                json.dumps(seats),
                Event(HANDED_OVER_EVENT, data),
                item,
                at,
                clocks,
            )
            if committed.outcome == "ok":
                self._states.pop(table_id, None)
                await self.publisher.publish_soon(table_id, [item])
                if claims.role == Role.OPERATOR:
                    await self._audit(claims, "hand_over", table_id, f"seat {seat}: {reason}")
                log.info("seat_handed_over", table_id=table_id, seat=seat, version=version)
                return committed.version, True
            if committed.outcome == "missing":
                raise TableNotFound(f"there is no table {table_id!r}")
        raise StaleVersion("the table keeps changing; try again", version=snap.version)
