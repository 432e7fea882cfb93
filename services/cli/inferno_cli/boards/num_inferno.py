"""Num Inferno: the round, the direction, what the trick asks for, its plays, the hand sizes,
the scores and your hand.

Drawn only from what the engine sent this seat (its codec already left out what the seat may
not see)."""

from __future__ import annotations

from inferno_proto import engine_pb2, num_inferno_pb2

from ..seats import seat_name


def _asks(g: num_inferno_pb2.NumInfernoView) -> str:
    """What the next play must be, in the players' words."""
    if not g.HasField("req_count"):
        return "a new trick: lead any group, an Infini or the Num-X"
    if g.status == "CUT":
        return "cut by an Infini: only the Num-X answers"
    size = f"{g.req_count} card{'s' if g.req_count > 1 else ''}"
    if not g.HasField("ref_value"):
        return f"{size} of any value"
    above = "above" if g.direction == "UP" else "below"
    return f"{size} {above} {g.ref_value}"


def board(view: engine_pb2.GetViewResponse) -> list[str]:
    g = view.num_inferno
    arrow = "↑ UP" if g.direction == "UP" else "↓ DOWN"
    lines = [f"round {g.round} of {g.rounds} · direction {arrow} · {g.phase}"]
    for seat, size in enumerate(g.hand_sizes):
        marks = []
        if seat in g.finished:
            marks.append(f"out #{list(g.finished).index(seat) + 1}")
        if seat in g.blocked:
            marks.append("blocked")
        if seat in g.passed:
            marks.append("passed")
        tail = f" · {', '.join(marks)}" if marks else ""
        lines.append(
            f"  seat {seat}: {seat_name(view, seat):<24} total {g.totals[seat]:>3} · "
            f"rounds won {g.round_wins[seat]} · {size} cards{tail}"
        )
    if g.phase == "playing":
        lines.append(f"the trick asks: {_asks(g)}")
    for played in g.trick:
        lines.append(
            f"  {seat_name(view, played.seat)}: {' '.join(played.cards)} (top {played.top})"
        )
    if g.last_trick.plays:
        plays = " | ".join(" ".join(p.cards) for p in g.last_trick.plays)
        winner = seat_name(view, g.last_trick.winner) if g.last_trick.HasField("winner") else "-"
        lines.append(f"last trick: {plays} → {winner}")
    if view.HasField("your_seat"):
        lines.append(f"your hand: {' '.join(g.hand) if g.hand else '(empty)'}")
        lines.append("type a play as its cards in the order you put them down: the last is on top")
    return lines
