"""What each viewer may see of a Burn in Hell table: the single redaction point for state.

Public: every seat's table and held cards (held cards are public, flagged held), holds,
cooldowns, flags, Circle counts and sizes, the deck count, the discard count and top card,
offers, DIG sessions (who, until), the STOP pause, timers, scores. Private: a seat's own Circle
contents (to that seat), the whole discard pile (to a seat with an open DIG session). Operators
see everything; at game over all Circles and the discard pile are shown to everyone.
"""

from __future__ import annotations

from typing import Any

from ...core import CLOCK, Viewer
from .state import (
    COUNTDOWN,
    DEALING,
    E1_MS,
    ENDING,
    NOT_HOLDING,
    OVER,
    RATE_LIMIT,
    BurnState,
    accepted_recently,
    holding,
)


def to_act(state: BurnState) -> tuple[int, ...]:
    """Every seat that is not rate-limited, while cards can be played."""
    if state.phase != DEALING and state.phase != ENDING:
        return ()
    return tuple(s for s in range(state.players) if accepted_recently(state, s) < RATE_LIMIT)


def _circles(circles: tuple[tuple[tuple[str, ...], ...], ...]) -> list[list[list[str]]]:
    return [[list(c) for c in seat] for seat in circles]


def view(state: BurnState, viewer: Viewer) -> dict[str, Any]:
    n = state.players
    now = state.now
    seats = [
        {
            "seat": s,
            "table": list(state.tables[s]),
            "held": list(state.hands[s]),
            "holding": holding(state, s),
            "hold_until": None if state.hold_until[s] == NOT_HOLDING else state.hold_until[s],
            "grab_cooldown_until": (
                state.cooldown_until[s] if state.cooldown_until[s] > now else None
            ),
            "finished": state.finished[s],
            "circles": [len(c) for c in state.circles[s]],
        }
        for s in range(n)
    ]
    out: dict[str, Any] = {
        "game": "burn_in_hell",
        "players": n,
        "phase": state.phase,
        "round": state.round_no + 1,
        "rounds": state.rounds,
        "match": state.match,
        "now": now,
        "deal_interval_ms": state.deal_interval,
        "round_starts_at": state.round_starts_at,
        "first_seat": state.first_seat,
        "next_deal_at": state.next_deal_at if state.phase in (COUNTDOWN, DEALING) else None,
        "paused_until": state.paused_until if state.paused_until > now else None,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "ends_by_e1_at": state.last_change_at + E1_MS if state.phase == ENDING else None,
        "seats": seats,
        "offers": [
            {
                "id": o[0],
                "from": o[1],
                "to": o[2],
                "give": list(o[3]),
                "want": list(o[4]),
                "expires_at": o[5],
            }
            for o in state.offers
        ],
        "digs": [{"seat": d[0], "until": d[2]} for d in state.digs],
        "totals": list(state.totals),
        # Past rounds' Circles are in their round_scored events, not here: card ids repeat
        # from round to round, and the view of a running round names only its own cards.
        "history": [
            {"round": r + 1, "reason": reason, "points": list(points)}
            for r, reason, points, _ in state.history
        ],
        "winners": list(state.winners),
        "to_act": list(to_act(state)),
    }
    if viewer.role == "seat" and viewer.seat is not None and 0 <= viewer.seat < n:
        seat = viewer.seat
        out["seat"] = seat
        out["my_circles"] = [list(c) for c in state.circles[seat]]
        if any(d[0] == seat for d in state.digs):
            out["dig_pile"] = list(state.discard)
    if viewer.role == "operator" or state.phase == OVER:
        out["all_circles"] = _circles(state.circles)
        out["discard"] = list(state.discard)
    if viewer.role == "operator":
        out["deck"] = list(state.deck)
    return out


def private_tokens(state: BurnState) -> dict[int, frozenset[str]]:
    """Per seat, the card ids only it may see: its Circles' contents, and the discard pile below
    the top while it digs. Key :data:`~inferno_rules.core.CLOCK` (-1, no seat) holds the cards
    nobody may see: the deck and the discard pile below the top when no one is digging."""
    if state.phase == OVER:
        return {}
    below_top = set(state.discard[:-1])
    diggers = {d[0] for d in state.digs}
    tokens: dict[int, frozenset[str]] = {}
    for seat in range(state.players):
        mine = {c for circle in state.circles[seat] for c in circle}
        if seat in diggers and len(diggers) == 1:
            mine |= below_top
        tokens[seat] = frozenset(mine)
    nobody = set(state.deck)
    if not diggers:
        nobody |= below_top
    tokens[CLOCK] = frozenset(nobody)
    return tokens
