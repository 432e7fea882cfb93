"""Inferno (2005): the round, the pile, totals and your hand.

Drawn only from what the engine sent this seat (its codec already left out what the seat may
not see)."""

from __future__ import annotations

from inferno_proto import engine_pb2

from ..seats import seat_name


def board(view: engine_pb2.GetViewResponse) -> list[str]:
    g = view.inferno
    decisive = " (decisive)" if g.decisive else ""
    lines = [
        f"round {g.round} of {g.regular_rounds}{decisive} · {g.phase} · draw pile {g.draw_pile}"
    ]
    for s in g.seats:
        lines.append(
            f"  seat {s.seat}: {seat_name(view, s.seat):<24} total {s.total:>4} · "
            f"{s.hand_size} in hand · {s.taken_size} taken"
        )
    lines.append(f"pile: {' '.join(g.pile) if g.pile else '(empty)'}")
    if view.HasField("your_seat"):
        lines.append(f"your hand: {' '.join(g.hand) if g.hand else '(empty)'}")
    return lines
