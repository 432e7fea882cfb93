"""The dispatcher's clock policy against the real Redis: time bank and increment, the
disconnect grace, and a seat an operator handed to a bot. The engine is not needed here: the
tests publish the bus envelopes the engine would (see test_clocks.py for the real processes)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest
import redis

from inferno_bus.envelope import Envelope, EventType
from inferno_clock import ClockPolicy

from .test_clocks import SEATS, HandOvers, _applied, _message

HUMAN = 1


class Setup:
    def __init__(self, redis_url: str, prefix: str, policy: ClockPolicy) -> None:
        from inferno_worker.dispatch import Dispatcher
        from inferno_worker.table_records import TableRecords

        self.client = redis.Redis.from_url(redis_url)
        self.records = TableRecords(self.client, prefix)
        self.queued: list[tuple] = []
        self.engine = HandOvers()
        self.dispatcher = Dispatcher(
            self.records,
            engine=self.engine,  # type: ignore[arg-type]
            enqueue=lambda *args: self.queued.append(args),
            bot_delay_ms=0,
            default_turn_ms=0,
            abandon_after=3,
        )
        seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(SEATS)]
        self.records.create("t", "oh_hell", seats, policy)
        self.n = 0

    def send(self, *envelopes: Envelope) -> dict[str, str]:
        self.n += 1
        return self.dispatcher.handle(
            [_message(e, self.n * 100 + i) for i, e in enumerate(envelopes)]
        )

    def deadline(self) -> int | None:
        return self.records.current_deadlines("t").get(HUMAN)

    def bank(self) -> int:
        record = self.records.get("t")
        assert record is not None
        return record.bank(HUMAN)


@pytest.fixture
def bank_table(redis_url: str, redis_prefix: str) -> Iterator[Setup]:
    setup = Setup(
        redis_url, redis_prefix, ClockPolicy(turn_ms=1000, bank_ms=5000, increment_ms=500)
    )
    yield setup
    setup.client.close()


def test_a_slow_seat_uses_its_bank_and_earns_the_increment(bank_table: Setup) -> None:
    t = bank_table
    t0 = 1_000_000
    # A bot moves; the human's decision begins: turn time, then the whole bank.
    t.send(_applied("t", 2, 0, False, [HUMAN], at_ms=t0))
    assert t.deadline() == t0 + 1000 + 5000
    # The human takes 3 s: 2 s beyond the turn time come out of the bank, 0.5 s go back in.
    moved = _applied("t", 3, HUMAN, False, [2], at_ms=t0 + 3000)
    t.send(moved)
    assert t.bank() == 5000 - 2000 + 500
    t.send(moved)  # the bus delivered it twice: the bank is charged once
    assert t.bank() == 3500
    # The next decision's deadline is extended by what is left of the bank.
    t.send(_applied("t", 4, 2, False, [HUMAN], at_ms=t0 + 4000))
    assert t.deadline() == t0 + 4000 + 1000 + 3500
    # A timeout spends the bank and earns no increment; the next decision has the turn only.
    t.send(_applied("t", 5, HUMAN, True, [0], at_ms=t0 + 8500))
    assert t.bank() == 0
    t.send(_applied("t", 6, 0, False, [HUMAN], at_ms=t0 + 9000))
    assert t.deadline() == t0 + 10_000
    # A quick own move earns the increment again.
    t.send(_applied("t", 7, HUMAN, False, [2], at_ms=t0 + 9200))
    assert t.bank() == 500
    # A late, older event charges nothing.
    t.send(_applied("t", 4, HUMAN, False, [2], at_ms=t0 + 99_000))
    assert t.bank() == 500


def test_sealed_bids_charge_each_seat_from_its_own_start(redis_url, redis_prefix) -> None:
    t = Setup(redis_url, redis_prefix, ClockPolicy(turn_ms=1000, bank_ms=5000))
    try:
        t0 = 1_000_000
        t.send(_applied("t", 2, 0, False, [HUMAN, 2], at_ms=t0))
        t.send(_applied("t", 3, 2, False, [HUMAN], at_ms=t0 + 2500))
        assert t.deadline() == t0 + 6000, "another seat's bid gives the human no more time"
        t.send(_applied("t", 4, HUMAN, False, [0], at_ms=t0 + 4000))
        assert t.bank() == 5000 - 3000, "time counts from when the human's decision began"
    finally:
        t.client.close()


def _presence(seat: int, connected: bool, at_ms: int) -> Envelope:
    payload = {"seat": seat, "connected": connected, "at_ms": at_ms}
    return Envelope.new(EventType.TABLE_PRESENCE, "t", 0, payload)


def test_grace_then_a_bot_moves_at_once_until_the_seat_reconnects(
    redis_url: str, redis_prefix: str
) -> None:
    t = Setup(redis_url, redis_prefix, ClockPolicy(turn_ms=10_000, grace_ms=2000))
    try:
        now = int(time.time() * 1000)
        start = now - 3000
        t.send(_applied("t", 2, 0, False, [HUMAN], at_ms=start))
        assert t.deadline() == start + 10_000
        # Disconnected 2.5 s ago, longer than the grace: a bot moves for the human now.
        t.send(_presence(HUMAN, False, now - 2500))
        assert t.queued[-1] == ("bot_move", "t", 2, HUMAN, 0.0) and t.deadline() is None
        t.send(_presence(HUMAN, False, now - 2500))  # a repeat changes nothing
        assert len(t.queued) == 1
        # The bot moved for the human (forced); still away at its next decision: a bot at once.
        t.send(_applied("t", 3, HUMAN, True, [HUMAN], at_ms=now))
        assert t.queued[-1] == ("bot_move", "t", 3, HUMAN, 0.0) and t.deadline() is None
        # Back: the seat is the human's again, with the clock of its decision.
        t.send(_presence(HUMAN, True, now - 2400))
        assert t.deadline() == now + 10_000 and len(t.queued) == 2
        # A report older than the reconnect is ignored.
        t.send(_presence(HUMAN, False, now - 2450))
        assert t.deadline() == now + 10_000
        # Disconnected just now: the clock keeps running, but the grace ends first.
        gone = int(time.time() * 1000)
        t.send(_presence(HUMAN, False, gone))
        assert t.deadline() == gone + 2000 and len(t.queued) == 2
        # Those bots' moves are forced: they count towards abandonment like timeouts.
        t.send(_applied("t", 4, HUMAN, True, [2], at_ms=now + 10))
        assert t.records.timeouts("t")[HUMAN] == 2
        # Presence of a bot seat changes nothing; of a seat that does not exist is refused.
        assert t.send(_presence(0, False, 1)) == {}
        refused = t.send(_presence(9, False, now))
        assert "no seat 9" in next(iter(refused.values()))
    finally:
        t.client.close()


def test_a_seat_an_operator_handed_over_is_played_by_a_bot(redis_url, redis_prefix) -> None:
    t = Setup(redis_url, redis_prefix, ClockPolicy(turn_ms=10_000))
    try:
        t.send(_applied("t", 2, 0, False, [HUMAN], at_ms=1_000_000))
        assert t.deadline() == 1_010_000
        payload = {"seat": HUMAN, "reason": "left the room", "to_act": [HUMAN]}
        t.send(Envelope.new(EventType.SEAT_HANDED_OVER, "t", 3, payload))
        record = t.records.get("t")
        assert record is not None and record.abandoned == record.handed == {HUMAN}
        assert t.queued[-1] == ("bot_move", "t", 3, HUMAN, 0.0) and t.deadline() is None
        assert t.engine.calls == [], "the engine already knows; nothing to ask"
    finally:
        t.client.close()


class EngineDown(HandOvers):
    """An engine that cannot be reached for the first ``failures`` HandOverSeat calls."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures

    def hand_over(self, table_id: str, seat: int, reason: str, token: str) -> bool:
        if self.failures:
            self.failures -= 1
            raise grpc.RpcError("engine unreachable")
        return super().hand_over(table_id, seat, reason, token)


def test_a_hand_over_the_engine_missed_is_asked_again_at_the_next_event(
    redis_url: str, redis_prefix: str
) -> None:
    t = Setup(redis_url, redis_prefix, ClockPolicy(turn_ms=10_000))
    t.engine = t.dispatcher.engine = EngineDown(failures=1)  # type: ignore[assignment]
    try:
        for version in (2, 3, 4):
            t.send(_applied("t", version, HUMAN, True, [HUMAN], at_ms=1_000_000 + version))
        record = t.records.get("t")
        assert record is not None and record.abandoned == {HUMAN} and record.handed == set()
        # The bot plays the seat anyway; the next event asks the engine again, once.
        assert t.queued[-1] == ("bot_move", "t", 4, HUMAN, 0.0)
        t.send(_applied("t", 5, HUMAN, True, [0], at_ms=1_000_100))
        t.send(_applied("t", 6, 0, False, [2], at_ms=1_000_200))
        assert t.engine.calls == [("t", HUMAN, "3 timeouts in a row")]
        record = t.records.get("t")
        assert record is not None and record.handed == {HUMAN}
    finally:
        t.client.close()


def test_the_tables_own_hand_over_setting_wins_over_the_workers_default(
    redis_url: str, redis_prefix: str
) -> None:
    t = Setup(redis_url, redis_prefix, ClockPolicy(turn_ms=10_000))
    seats = [{"seat": i, "player_id": p, "bot": b} for i, (p, b) in enumerate(SEATS)]
    t.records.client.delete(t.records.key("t"))
    t.records.create("t", "oh_hell", seats, ClockPolicy(turn_ms=10_000), hand_over_after=5)
    try:
        for version in (2, 3, 4, 5):  # four timeouts: past the worker's 3, short of the table's 5
            t.send(_applied("t", version, HUMAN, True, [HUMAN], at_ms=1_000_000 + version))
        record = t.records.get("t")
        assert record is not None and record.abandoned == set() and t.engine.calls == []
        t.send(_applied("t", 6, HUMAN, True, [HUMAN], at_ms=1_000_010))
        record = t.records.get("t")
        assert record is not None and record.abandoned == {HUMAN}
        assert t.engine.calls == [("t", HUMAN, "5 timeouts in a row")]
    finally:
        t.client.close()


def _status(version: int, status: str, to_act: list[int], at_ms: int) -> Envelope:
    payload = {"status": status, "reason": "operator", "to_act": to_act}
    return Envelope.new(EventType.STATUS_CHANGED, "t", version, payload, at_ms=at_ms)


def test_a_pause_stops_the_clock_and_a_resume_gives_the_decision_afresh(
    redis_url: str, redis_prefix: str
) -> None:
    t = Setup(redis_url, redis_prefix, ClockPolicy(turn_ms=1000))
    try:
        t0 = 1_000_000
        t.send(_applied("t", 2, 0, False, [HUMAN], at_ms=t0))
        assert t.deadline() == t0 + 1000
        t.send(_status(3, "paused", [], t0 + 400))
        assert t.deadline() is None, "no deadline runs out while the table stands still"
        t.send(_status(4, "live", [HUMAN], t0 + 60_000))
        assert t.deadline() == t0 + 61_000, "the decision starts again at the resume"
        t.send(_status(3, "paused", [], t0 + 400))  # a late repeat of the pause changes nothing
        assert t.deadline() == t0 + 61_000
    finally:
        t.client.close()


def test_only_the_seats_the_table_waits_for_get_clocks_and_bot_moves(bank_table: Setup) -> None:
    """Dante's Inferno's MAIN step: every seat may act (``to_act``) but the table waits only for
    the active player and a seat with an offer to answer (``waiting_on``): only those get a
    deadline or a bot move; an idle seat is never timed out for not trading."""
    t = bank_table
    t0 = 2_000_000
    everyone = [0, 1, 2, 3]
    applied = _applied("t", 2, 0, False, everyone, at_ms=t0)
    applied.payload["waiting_on"] = [2]  # a bot's turn; nobody owes an answer
    t.send(applied)
    assert t.deadline() is None, "the human may trade but is not waited for"
    assert [q[0] for q in t.queued] == ["bot_move"] and t.queued[0][3] == 2
    # The bot offers the human a trade: now the table waits for the human's answer too.
    offered = _applied("t", 3, 2, False, everyone, at_ms=t0 + 500)
    offered.payload["waiting_on"] = [2, HUMAN]
    t.send(offered)
    assert t.deadline() == t0 + 500 + 1000 + 5000
    assert [q[3] for q in t.queued[1:]] == [2]  # the bot again, not the human
    # An envelope from an engine without ``waiting_on`` falls back on ``to_act``: the human,
    # still deciding since the offer, keeps its deadline; no bot is asked.
    t.send(_applied("t", 4, 2, False, [HUMAN], at_ms=t0 + 900))
    assert t.deadline() == t0 + 500 + 1000 + 5000 and len(t.queued) == 2
