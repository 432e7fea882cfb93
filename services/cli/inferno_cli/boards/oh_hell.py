"""Oh Hell: the hand, trump, bids, tricks and your cards.

Drawn only from what the engine sent this seat (its codec already left out what the seat may
not see)."""

from __future__ import annotations

from inferno_proto import engine_pb2

from ..seats import seat_name


def board(view: engine_pb2.GetViewResponse) -> list[str]:
    g = view.oh_hell
    trump = g.trump_card or "none (no trump)"
    lines = [
        f"hand {g.hand_number} of {g.hands_total} · {g.cards_this_hand} cards · "
        f"dealer {seat_name(view, g.dealer)} · trump {trump} · {g.phase}"
    ]
    for s in g.seats:
        bid = str(s.bid) if s.HasField("bid") else ("sealed" if s.has_bid else "-")
        lines.append(
            f"  seat {s.seat}: {seat_name(view, s.seat):<24} score {s.score:>4} · "
            f"bid {bid:>6} · won {s.tricks_won} · {s.hand_size} cards"
        )
    if g.current_trick:
        played = ", ".join(f"{seat_name(view, c.seat)}: {c.card}" for c in g.current_trick)
        lines.append(f"on the table: {played}")
    if g.HasField("last_trick"):
        t = g.last_trick
        lines.append(f"last trick: {' '.join(t.cards)} → {seat_name(view, t.winner)}")
    if view.HasField("your_seat"):
        lines.append(f"your hand: {' '.join(g.hand) if g.hand else '(empty)'}")
    return lines
