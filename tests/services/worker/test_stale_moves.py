"""When a bot's task still applies: a task scheduled at a version the table has left does
nothing, except in a simultaneous decision that still waits for its seat (the other seats'
trades or sealed bids must not keep a bot from ever moving)."""

from __future__ import annotations

from inferno_proto import engine_pb2 as pb
from inferno_worker.moves import _current


def reply(version: int, seats: list[int], waiting: list[int], simultaneous: bool):
    out = pb.GetViewResponse(version=version, status=pb.TABLE_STATUS_LIVE)
    out.decision.seats.extend(seats)
    out.decision.waiting_on.extend(waiting)
    out.decision.simultaneous = simultaneous
    return out


def test_a_turn_based_table_that_moved_on_is_left_alone() -> None:
    assert _current(reply(5, [1], [1], False), 4, 1) == "table moved on to version 5"
    assert _current(reply(5, [1], [1], False), 5, 1) is None
    assert _current(reply(5, [1], [1], False), 5, 2) == "not this seat's decision"


def test_a_simultaneous_decision_still_waiting_for_the_seat_is_made_at_the_new_version() -> None:
    # Dante's Inferno's MAIN: every seat may act, the table waits for the active seat 0.
    assert _current(reply(9, [0, 1, 2], [0], True), 7, 0) is None
    # Seat 1 may trade but nobody waits for it: its old task does nothing.
    assert _current(reply(9, [0, 1, 2], [0], True), 7, 1) == "table moved on to version 9"
    # Sealed bids (no waiting_on sent): every seat still bidding is waited for.
    assert _current(reply(3, [2, 3], [], True), 2, 3) is None
    # A seat that has bid is no longer deciding: its task moved on.
    assert _current(reply(3, [2], [], True), 2, 3) == "table moved on to version 3"
    paused = reply(9, [0], [0], True)
    paused.status = pb.TABLE_STATUS_PAUSED
    assert _current(paused, 9, 0) == "table not live"
