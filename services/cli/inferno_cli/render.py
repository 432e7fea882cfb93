"""A table as text: the scores, the cards in play, your hand and your legal moves (Oh Hell,
Inferno and Burn in Hell).

Only what the engine sent for this seat is shown; the engine already hides the other seats'
cards, and nothing here could show them.
"""

from __future__ import annotations

from inferno_proto import engine_pb2

from .moves import describe

_STATUS = {
    engine_pb2.TABLE_STATUS_LIVE: "live",
    engine_pb2.TABLE_STATUS_PAUSED: "paused",
    engine_pb2.TABLE_STATUS_FINISHED: "finished",
    engine_pb2.TABLE_STATUS_ABORTED: "aborted",
}


def status(view: engine_pb2.GetViewResponse) -> str:
    return _STATUS.get(view.status, "unknown")


def seat_name(view: engine_pb2.GetViewResponse, seat: int) -> str:
    for s in view.seats:
        if s.seat == seat:
            who = f"{s.name} (bot)" if s.bot else s.name
            you = " ← you" if view.HasField("your_seat") and view.your_seat == seat else ""
            return f"{who}{you}"
    return f"seat {seat}"


def render(view: engine_pb2.GetViewResponse) -> str:
    lines = [f"table {view.table_id} · {view.game} · {status(view)} · version {view.version}"]
    branch = view.WhichOneof("game_view")
    if branch == "oh_hell":
        lines += _oh_hell(view)
    elif branch == "inferno":
        lines += _inferno(view)
    elif branch == "burn_in_hell":
        lines += _burn_in_hell(view)
    waiting = ", ".join(seat_name(view, s) for s in view.decision.seats)
    if view.legal_actions:
        lines.append("your move; legal: " + ", ".join(describe(a) for a in view.legal_actions))
    elif waiting:
        lines.append(f"waiting for: {waiting}")
    if view.seed:
        lines.append(f"seed (revealed): {view.seed}")
    return "\n".join(lines)


def _oh_hell(view: engine_pb2.GetViewResponse) -> list[str]:
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


def _inferno(view: engine_pb2.GetViewResponse) -> list[str]:
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


def _burn_in_hell(view: engine_pb2.GetViewResponse) -> list[str]:
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
