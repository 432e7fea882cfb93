"""The table's clocks as players read them: the policy (time per decision, bank, increment),
whose clock runs and how much is left, every seat's bank, and warnings before a timeout and
before a hand-over to a bot (issue 14.2).

Everything comes from GetView's ``Clocks``: times are ms since the epoch on the server's clock,
so what is left is measured against ``server_time_ms`` (never the local clock, which may be
off). ``seats`` (each seat's ``SeatClock``) is sent for turn-based tables; an engine that does
not send it yet still shows the policy and the decision's deadline.
"""

from __future__ import annotations

from inferno_proto import engine_pb2

from .seats import seat_name

#: A deciding seat is warned when this little time is left before it is moved for.
WARN_SECONDS = 15


def _span(ms: int) -> str:
    """``1:05`` for 65 s, ``42 s`` under a minute; never negative."""
    seconds = max(0, round(ms / 1000))
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds} s"


def _who(view: engine_pb2.GetViewResponse, seat: int) -> str:
    """``you`` for the reading seat, else the seat's name (clock lines change every second, so
    they do not carry the seat line's "← you" mark)."""
    if view.HasField("your_seat") and view.your_seat == seat:
        return "you"
    return seat_name(view, seat)


def _real_time(game: str) -> bool:
    from inferno_rules.registry import UnknownGame, get_game

    try:
        return bool(get_game(game).info.nature.real_time)
    except UnknownGame:
        return False


def policy(clocks: engine_pb2.Clocks) -> str:
    parts = [f"{clocks.turn_seconds} s per decision"]
    parts.append(f"bank {_span(clocks.bank_seconds * 1000)}" if clocks.bank_seconds else "no bank")
    if clocks.increment_seconds:
        parts.append(f"+{clocks.increment_seconds} s per move")
    if clocks.hand_over_after:
        parts.append(f"{clocks.hand_over_after} timeouts in a row hand a seat to a bot")
    return "clock: " + ", ".join(parts)


def bank_left(clocks: engine_pb2.Clocks, seat: engine_pb2.SeatClock) -> int:
    """The seat's bank now (ms): while it decides past its time per decision, the bank runs."""
    if seat.deciding and seat.turn_deadline_ms and clocks.server_time_ms > seat.turn_deadline_ms:
        return max(0, seat.bank_ms - (clocks.server_time_ms - seat.turn_deadline_ms))
    return seat.bank_ms


def seconds_left(view: engine_pb2.GetViewResponse, seat: int) -> float | None:
    """Seconds until ``seat`` is moved for (a timeout), or None when its clock is not running."""
    now = view.clocks.server_time_ms
    for s in view.clocks.seats:
        if s.seat == seat and s.deciding and s.deadline_ms:
            return max(0.0, (s.deadline_ms - now) / 1000)
    return None


def _running(clocks: engine_pb2.Clocks, s: engine_pb2.SeatClock) -> str:
    now = clocks.server_time_ms
    if s.turn_deadline_ms and now < s.turn_deadline_ms:
        left = f"{_span(s.turn_deadline_ms - now)} to decide, then bank {_span(s.bank_ms)}"
    else:
        left = f"on the bank: {_span(bank_left(clocks, s))} left"
    return left


def warnings(view: engine_pb2.GetViewResponse) -> list[str]:
    """For the seat that reads the view: a timeout close ahead, and a hand-over close ahead."""
    if not view.HasField("your_seat"):
        return []
    clocks = view.clocks
    mine = next((s for s in clocks.seats if s.seat == view.your_seat), None)
    if mine is None:
        return []
    lines = []
    left = seconds_left(view, view.your_seat)
    handover = clocks.hand_over_after
    last_one = bool(handover) and mine.timeouts_in_row + 1 >= handover
    if left is not None and left <= WARN_SECONDS:
        then = (
            "a bot takes your seat for the rest of the game"
            if last_one
            else "the game's default move is made for you (a timeout)"
        )
        lines.append(f"⚠ {_span(round(left * 1000))} left to move: then {then}")
    if mine.timeouts_in_row and handover:
        to_go = max(0, handover - mine.timeouts_in_row)
        lines.append(
            f"⚠ you timed out {mine.timeouts_in_row} time(s) in a row: {to_go} more and a bot "
            "takes your seat for the rest of the game (any move of yours resets the count)"
        )
    return lines


def clock_lines(view: engine_pb2.GetViewResponse) -> list[str]:
    """The clock part of a table's drawing; ``[]`` for a table without a turn clock."""
    clocks = view.clocks
    if not clocks.turn_seconds and not clocks.seats:
        return []
    if _real_time(view.game):
        return []  # no turn clock: the game's own clock runs (the board shows game time)
    lines = [policy(clocks)]
    running = [s for s in clocks.seats if s.deciding and (s.deadline_ms or s.turn_deadline_ms)]
    for s in running:
        lines.append(f"⏱ {_who(view, s.seat)}: {_running(clocks, s)}")
    if not clocks.seats and clocks.deadline_ms:  # an engine without per-seat clocks
        left = clocks.deadline_ms - clocks.server_time_ms
        lines.append(f"⏱ time per decision left: {_span(left)}, then the bank")
    if clocks.seats and clocks.bank_seconds:
        banks = ", ".join(
            f"{_who(view, s.seat)} {_span(bank_left(clocks, s))}" for s in clocks.seats
        )
        lines.append(f"banks: {banks}")
    return lines + warnings(view)
