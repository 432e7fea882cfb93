"""Oh Hell: the hand, trump, bids, tricks (who played which card) and your cards, and after
each hand its summary: bids, tricks won and points per seat.

Drawn only from what the engine sent this seat (its codec already left out what the seat may
not see)."""

from __future__ import annotations

from inferno_proto import engine_pb2, oh_hell_pb2

from ..seats import seat_name


def hand_summary(
    view: engine_pb2.GetViewResponse, number: int, record: oh_hell_pb2.OhHellHandRecord
) -> list[str]:
    """A scored hand: each seat's bid, tricks won and the points it scored."""
    trump = record.trump_suit or "no trump"
    lines = [f"hand {number} scored ({record.cards} cards, {trump}):"]
    for seat, (bid, won, points) in enumerate(
        zip(record.bids, record.won, record.points, strict=False)
    ):
        made = "made it" if bid == won else "missed"
        lines.append(
            f"  {seat_name(view, seat):<24} bid {bid} · won {won} · {made} · {points:+d} points"
        )
    return lines


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
        # Cards are in the order played, from the leader clockwise: name who played each.
        n = len(g.seats) or 1
        played = ", ".join(
            f"{seat_name(view, (t.leader + i) % n)}: {card}" for i, card in enumerate(t.cards)
        )
        lines.append(f"last trick: {played} → won by {seat_name(view, t.winner)}")
    if g.history:
        lines += hand_summary(view, len(g.history), g.history[-1])
    if view.HasField("your_seat"):
        lines.append(f"your hand: {' '.join(g.hand) if g.hand else '(empty)'}")
    return lines
