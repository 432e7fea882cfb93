"""The tables of a chaos run, and the player the run itself is at each turn-based table.

:func:`plan_tables` takes the games and their seat ranges from the rules registry
(``inferno_rules.all_games``), so a new game is covered without a change here. Each table is
created through the engine's gRPC API (``CreateTable``, service role) with every seat a bot
(``bot=True``, moved by the worker) except, at a turn-based table, seat 0: there
:class:`Player` plays as a player would, with a player token, choosing a random entry of
GetView's ``legal_actions``. Through an outage it sends the SAME request again (same
``action_id``, same expected version) until the engine answers, and records every answer it
got (version, event ids): those moves were accepted, and must be in the log at the end.
A :class:`Watcher` follows every table's version to measure stalls and notice the end.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc

from inferno_auth import Role, issue_token
from inferno_proto import burn_in_hell_pb2, engine_pb2, engine_pb2_grpc
from inferno_proto.decisions import waiting_on
from inferno_proto.options import options_to_proto
from inferno_rules import GameInfo, all_games

T = TypeVar("T")

#: gRPC codes worth sending the same request again for: the engine, or its Redis, is down.
RETRY = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.CANCELLED,
    }
)

ENDED = (engine_pb2.TABLE_STATUS_FINISHED, engine_pb2.TABLE_STATUS_ABORTED)

#: Set while some player's SubmitAction is on its way: the monkey waits for it before killing
#: the engine or Redis, so that kills land on moves in flight and the same-id retries are
#: exercised (a kill between two calls would only delay a GetView).
IN_FLIGHT = threading.Event()

#: The shortest games the rules offer (a real-time game deals fast and plays a single round).
SHORT_OPTIONS: dict[str, Callable[[], engine_pb2.GameOptions]] = {
    "burn_in_hell": lambda: engine_pb2.GameOptions(
        burn_in_hell=burn_in_hell_pb2.BurnInHellOptions(
            deal_interval_ms=1000, match=burn_in_hell_pb2.BURN_IN_HELL_MATCH_OPEN
        )
    ),
}


def short_options(name: str, info: GameInfo) -> engine_pb2.GameOptions | None:
    """The run's options for a game: its own above, else its short match (a round cap for
    Dante's Inferno), else its defaults."""
    if name in SHORT_OPTIONS:
        return SHORT_OPTIONS[name]()
    return options_to_proto(name, info.short_options()) if info.short_match else None


@dataclass
class TablePlan:
    table_id: str
    game: str
    seats: int
    human_seat: int | None  # the seat the driver plays, None when every seat is a bot
    options: engine_pb2.GameOptions | None = None
    player_ids: list[str] = field(default_factory=list)


def plan_tables(
    run_id: str, per_count: int, seat_choice: str = "all", games: list[str] | None = None
) -> list[TablePlan]:
    """Every game × seat count (``all``), or only its ``min`` / ``max``, ``per_count`` each."""
    plans = []
    for name, game in all_games().items():
        if games and name not in games:
            continue
        info = game.info
        counts = list(range(info.min_players, info.max_players + 1))
        if seat_choice == "min":
            counts = counts[:1]
        elif seat_choice == "max":
            counts = counts[-1:]
        for seats in counts:
            for k in range(per_count):
                human = None if info.nature.real_time else 0
                # A shared pool of players, so ratings carry from table to table.
                ids = [("human-0" if s == human else f"bot-{s}") for s in range(seats)]
                options = short_options(name, info)
                plans.append(
                    TablePlan(f"{run_id}-{name}-{seats}p-{k}", name, seats, human, options, ids)
                )
    return plans


class Engine:
    """A gRPC connection to the engine that reconnects fast after a restart."""

    def __init__(self, address: str, key: str) -> None:
        self.key = key
        self.channel = grpc.insecure_channel(
            address,
            options=[
                ("grpc.initial_reconnect_backoff_ms", 100),
                ("grpc.min_reconnect_backoff_ms", 100),
                ("grpc.max_reconnect_backoff_ms", 500),
            ],
        )
        self.stub = engine_pb2_grpc.EngineStub(self.channel)
        self._tokens: dict[tuple[str, Role], tuple[float, list[tuple[str, str]]]] = {}

    def auth(self, subject: str, role: Role) -> list[tuple[str, str]]:
        now = time.time()
        cached = self._tokens.get((subject, role))
        if cached is None or cached[0] < now + 60:
            token = issue_token(self.key, subject, role, ttl_seconds=3600)
            cached = (now + 3600, [("authorization", f"Bearer {token}")])
            self._tokens[(subject, role)] = cached
        return cached[1]

    def service(self) -> list[tuple[str, str]]:
        return self.auth("chaos", Role.SERVICE)

    def call(self, fn: Callable[[], T], until: float, stop: threading.Event | None = None) -> T:
        """``fn()`` again and again while the engine is unreachable, until ``until``."""
        pause = 0.1
        while True:
            try:
                return fn()
            except grpc.RpcError as err:
                if err.code() not in RETRY or time.monotonic() > until:
                    raise
                if stop is not None and stop.is_set():
                    raise
            time.sleep(pause)
            pause = min(pause * 1.5, 1.0)

    def close(self) -> None:
        self.channel.close()


def create_table(engine: Engine, plan: TablePlan, until: float) -> None:
    request = engine_pb2.CreateTableRequest(table_id=plan.table_id, game=plan.game)
    if plan.options is not None:
        request.options.CopyFrom(plan.options)
    for seat, player_id in enumerate(plan.player_ids):
        request.seats.add(
            player_id=player_id,
            name=player_id.replace("-", " ").title(),
            bot=seat != plan.human_seat,
        )
    try:
        engine.call(
            lambda: engine.stub.CreateTable(request, metadata=engine.service(), timeout=10), until
        )
    except grpc.RpcError as err:
        # A retry after a create the engine committed but did not answer.
        if err.code() != grpc.StatusCode.ALREADY_EXISTS:
            raise


@dataclass
class Accepted:
    """A move the engine answered: what the client was told."""

    version: int
    event_ids: list[str]
    action_id: str
    replayed: bool
    attempts: int


@dataclass
class PlayerRecord:
    table_id: str
    seat: int
    accepted: list[Accepted] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # definite refusals (code: detail)
    retries: int = 0
    error: str = ""
    done: bool = False


class Player(threading.Thread):
    """Plays one seat of one table until it ends, through every outage."""

    def __init__(self, engine: Engine, plan: TablePlan, seed: int, until: float) -> None:
        super().__init__(name=f"player-{plan.table_id}", daemon=True)
        assert plan.human_seat is not None
        self.engine = engine
        self.plan = plan
        self.rng = random.Random(f"{seed}:{plan.table_id}")
        self.until = until
        self.record = PlayerRecord(plan.table_id, plan.human_seat)
        self.stop = threading.Event()
        self.meta = engine.auth(plan.player_ids[plan.human_seat], Role.PLAYER)

    def run(self) -> None:
        try:
            self._play()
        except Exception as err:
            self.record.error = f"{type(err).__name__}: {err}"
        self.record.done = True

    def _view(self) -> engine_pb2.GetViewResponse:
        request = engine_pb2.GetViewRequest(table_id=self.plan.table_id)
        return self.engine.call(
            lambda: self.engine.stub.GetView(request, metadata=self.meta, timeout=5),
            self.until,
            self.stop,
        )

    def _play(self) -> None:
        moves = 0
        while not self.stop.is_set() and time.monotonic() < self.until:
            view = self._view()
            if view.status in ENDED:
                return
            # A seat that may act but is not waited for (Dante's Inferno's trades) waits too.
            waited = view.your_seat in waiting_on(view.decision)
            if not view.legal_actions or view.status != engine_pb2.TABLE_STATUS_LIVE or not waited:
                time.sleep(0.15)
                continue
            action = self.rng.choice(list(view.legal_actions))
            moves += 1
            request = engine_pb2.SubmitActionRequest(
                table_id=self.plan.table_id,
                expected_version=view.version,
                action_id=f"{self.plan.table_id}-m{moves}-{self.rng.getrandbits(32):08x}",
                action=action,
            )
            attempts = 0

            def submit(
                request: engine_pb2.SubmitActionRequest = request,
            ) -> engine_pb2.SubmitActionResponse:
                nonlocal attempts
                attempts += 1
                IN_FLIGHT.set()
                try:
                    return self.engine.stub.SubmitAction(request, metadata=self.meta, timeout=5)
                finally:
                    IN_FLIGHT.clear()

            try:
                answer = self.engine.call(submit, self.until, self.stop)
            except grpc.RpcError as err:
                if err.code() in RETRY:
                    raise
                if err.code() == grpc.StatusCode.ABORTED:
                    # Another seat moved first at a simultaneous decision (a bot's trade in
                    # Dante's Inferno's MAIN step): the table moved on; look again.
                    continue
                self.record.refused.append(
                    f"move {request.action_id} (version {view.version}, attempt {attempts}) "
                    f"refused: {err.code().name}: {err.details()}"
                )
                continue
            self.record.retries += attempts - 1
            self.record.accepted.append(
                Accepted(
                    answer.version,
                    [e.id for e in answer.events],
                    request.action_id,
                    answer.replayed,
                    attempts,
                )
            )


def stream_ids(engine: Engine, table_id: str, subject: str, until: float) -> list[tuple[str, int]]:
    """Every event the player ``subject`` gets on StreamEvents from the table's start (the
    stream ends when the table has ended), resuming after the last id through outages."""
    meta = engine.auth(subject, Role.PLAYER)
    got: list[tuple[str, int]] = []
    while True:
        after = got[-1][0] if got else ""
        request = engine_pb2.StreamEventsRequest(table_id=table_id, after_event_id=after)
        try:
            for batch in engine.stub.StreamEvents(request, metadata=meta, timeout=30):
                got.extend((e.id, e.version) for e in batch.events)
            return got
        except grpc.RpcError as err:
            if err.code() not in RETRY or time.monotonic() > until:
                raise
            time.sleep(0.3)


@dataclass
class TableProgress:
    version: int = 0
    status: int = 0
    changed_at: float = 0.0
    longest_stall: float = 0.0
    stall_at: float = 0.0  # when the longest stall ended (monotonic)
    ended_at: float | None = None


class Watcher(threading.Thread):
    """Reads every table's version about twice a second: stalls, and when each table ended."""

    def __init__(self, engine: Engine, plans: list[TablePlan], every: float = 0.5) -> None:
        super().__init__(name="chaos-watcher", daemon=True)
        self.engine = engine
        self.plans = plans
        self.every = every
        now = time.monotonic()
        self.progress = {p.table_id: TableProgress(changed_at=now) for p in plans}
        self.stop = threading.Event()
        self.on_end: Callable[[str], Any] = lambda table_id: None

    def all_ended(self) -> bool:
        return all(p.ended_at is not None for p in self.progress.values())

    def run(self) -> None:
        while not self.stop.is_set() and not self.all_ended():
            for plan in self.plans:
                progress = self.progress[plan.table_id]
                if progress.ended_at is not None:
                    continue
                request = engine_pb2.GetViewRequest(table_id=plan.table_id)
                try:
                    view = self.engine.stub.GetView(
                        request, metadata=self.engine.service(), timeout=2
                    )
                except grpc.RpcError:
                    continue
                now = time.monotonic()
                # A stall: the time between two changes seen (or since the last one, still).
                stalled = now - progress.changed_at
                if stalled > progress.longest_stall:
                    progress.longest_stall, progress.stall_at = stalled, now
                if view.version != progress.version:
                    progress.version, progress.changed_at = view.version, now
                progress.status = view.status
                if view.status in ENDED:
                    progress.ended_at = now
                    self.on_end(plan.table_id)
            self.stop.wait(self.every)
