"""Burn in Hell: the tables in front of each seat, holds, offers, your Circles and a DIG.

Drawn only from what the engine sent this seat (its codec already left out what the seat may
not see)."""

from __future__ import annotations

from inferno_proto import engine_pb2

from ..seats import seat_name


def board(view: engine_pb2.GetViewResponse) -> list[str]:
    g = view.burn_in_hell
    lines = [
        f"round {g.round} of {g.rounds} · {g.phase} · deck {g.deck_count} · discard "
        f"{g.discard_count} (top {g.discard_top or '-'}) · game time {g.now / 1000:.1f} s"
    ]
    for s in g.seats:
        held = f" · holding {' '.join(s.held)}" if s.held else ""
        circles = f" · circles {list(s.circles)}" if s.circles else ""
        done = " · finished!" if s.finished else ""
        total = g.totals[s.seat] if s.seat < len(g.totals) else 0
        lines.append(
            f"  seat {s.seat}: {seat_name(view, s.seat):<24} total {total:>4} · "
            f"table {' '.join(s.table) or '-'}{held}{circles}{done}"
        )
    for o in g.offers:
        lines.append(
            f"offer {o.id}: seat {o.from_seat} → seat {o.to_seat}, gives "
            f"{' '.join(o.give) or '-'} for {' '.join(o.want) or '-'}"
        )
    if g.my_circles:
        lines.append("your circles: " + " | ".join(" ".join(c.cards) for c in g.my_circles))
    if g.digging:
        lines.append(f"digging; the discard pile: {' '.join(g.dig_pile)}")
    return lines
