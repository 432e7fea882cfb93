"""Each seat's clock as the engine keeps and shows it (turn-based tables).

The table's clock policy is the one it was opened with (``turn_seconds`` and the stored
``clock``); the seats' side of it (:class:`inferno_clock.SeatClocks`: when each waited-for seat
began its decision, the banks, timeouts in a row) is kept with the table and moved on in the
same commit as each move, resume and hand-over, so ``GetView`` and the bus show what the worker
enforces (it follows the same :mod:`inferno_clock` steps). A seat's clock runs only while the
table is live and waits for it, and never for a bot's or a handed-over seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from inferno_clock import ClockPolicy, SeatClocks, SeatDeadline

from .store import Snapshot

LIVE = "live"


def policy(turn_seconds: int, clock: Mapping[str, int] | None) -> ClockPolicy:
    """A table's clock from its ``turn_seconds`` and stored ``clock`` (all zero: none)."""
    clock = clock or {}
    return ClockPolicy.from_seconds(
        turn_seconds,
        int(clock.get("bank_seconds", 0)),
        int(clock.get("increment_seconds", 0)),
        int(clock.get("grace_seconds", 0)),
    )


def policy_of(snap: Snapshot) -> ClockPolicy:
    """The clock the table was opened with."""
    return policy(snap.turn_seconds, snap.clock)


def current(snap: Snapshot, waiting: Sequence[int]) -> SeatClocks:
    """The seats' clocks as the table holds them (a table older than them: its current
    decision began at its last change)."""
    if snap.seat_clocks is not None:
        return snap.seat_clocks
    return SeatClocks.begin(tuple(waiting), snap.since_ms)


def running(seats: Sequence[Mapping[str, object]], waiting: Sequence[int], status: str) -> set[int]:
    """The seats whose clock runs now: waited for at a live table, played by a person."""
    if status != LIVE:
        return set()
    return {
        seat for seat in waiting if not seats[seat].get("bot") and not seats[seat].get("abandoned")
    }


def shown(
    policy: ClockPolicy,
    seats: Sequence[Mapping[str, object]],
    clocks: SeatClocks,
    waiting: Sequence[int],
    status: str,
) -> list[SeatDeadline]:
    """Every seat's clock as ``GetView`` shows it."""
    return clocks.shown(policy, len(seats), running(seats, waiting, status))


def deadlines(
    policy: ClockPolicy,
    seats: Sequence[Mapping[str, object]],
    clocks: SeatClocks,
    waiting: Sequence[int],
    status: str,
) -> dict[str, int]:
    """When each seat whose clock runs is moved for (epoch ms, by seat as text), as the bus
    payloads carry it."""
    return {
        str(s.seat): s.deadline_ms
        for s in shown(policy, seats, clocks, waiting, status)
        if s.deadline_ms
    }
