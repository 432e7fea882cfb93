"""What each viewer may see of a Num Inferno table: the single redaction point for state.

Public (§10): hand sizes, the current trick (every play in order with its top card), the
direction, the required size, the value to beat, the trick's status, who passed, the last
finished trick, finishers, blocked seats, totals and past rounds. Private: a seat's own hand (to
that seat). Operators see every hand.
"""

from __future__ import annotations

from typing import Any

from ...core import Viewer
from .cards import is_classic
from .state import FREE, NO_COUNT, NOBODY, NumState, Play


def _plays(plays: tuple[Play, ...]) -> list[dict[str, Any]]:
    return [{"seat": seat, "cards": list(cards), "top": cards[-1]} for seat, cards in plays]


def _who(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def view(state: NumState, viewer: Viewer) -> dict[str, Any]:
    n = state.players
    out: dict[str, Any] = {
        "game": "num_inferno",
        "players": n,
        "phase": state.phase,
        "round": state.round_no + 1,
        "rounds": state.rounds,
        "starter": state.starter,
        "hand_sizes": [len(h) for h in state.hands],
        "direction": state.direction,
        "req_count": None if state.req_count == NO_COUNT else state.req_count,
        "ref_value": None if state.ref_value == FREE else state.ref_value,
        "status": state.status,
        "trick": _plays(state.plays),
        "passed": list(state.passed),
        "last_player": _who(state.last_player),
        "last_trick": {"plays": _plays(state.last_trick), "winner": _who(state.last_winner)},
        "finished": list(state.finished),
        "blocked": list(state.blocked),
        "totals": list(state.totals),
        "round_wins": list(state.wins),
        "history": [
            {
                "round": r + 1,
                "points": list(points),
                "order": list(order),
                "blocked": list(blocked),
            }
            for r, points, order, blocked in state.history
        ],
        "to_act": list(state.to_act),
    }
    if viewer.role == "seat" and viewer.seat is not None and 0 <= viewer.seat < n:
        hand = state.hands[viewer.seat]
        out["seat"] = viewer.seat
        out["hand"] = list(hand)
        # The client warns (§8) when a play would take the last of these and leave other cards.
        out["classic_in_hand"] = sum(1 for c in hand if is_classic(c))
    if viewer.role == "operator":
        out["hands"] = [list(h) for h in state.hands]
    return out


def private_tokens(state: NumState) -> dict[int, frozenset[str]]:
    """Per seat, the card ids of its hand (every card is in some hand or already played)."""
    return {seat: frozenset(hand) for seat, hand in enumerate(state.hands)}
