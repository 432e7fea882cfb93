"""What each viewer may see of a Dante's Inferno table (rules spec §11): everything is public
(board, tokens, demons, resources, stack sizes, offers) except the order of the face-down
stacks, which no seat and no spectator ever sees; operators see it.
"""

from __future__ import annotations

from typing import Any

from ...core import Viewer
from .board import CELL_NAMES, RESOURCES, STACKS, space_name
from .legal import to_act
from .state import DanteState
from .trade import offer_data


def _amounts(amounts: tuple[int, int, int, int]) -> dict[str, int]:
    return dict(zip(RESOURCES, amounts, strict=True))


def view(state: DanteState, viewer: Viewer) -> dict[str, Any]:
    roll: dict[str, Any] | None = None
    if state.roll:
        kind, space, first, second, rerolls = state.roll
        roll = {
            "kind": kind,
            "space": space_name(space) if space >= 0 else None,
            "dice": [first, second],
            "rerolls": rerolls,
        }
    out: dict[str, Any] = {
        "game": "dantes_inferno",
        "players": state.players,
        "phase": state.phase,
        "active": state.active,
        "round": state.round_no,
        "round_cap": state.cap,
        "token_limit": state.limit,
        "to_place": list(state.place_order),
        "tiles": [
            {"position": CELL_NAMES[cell], "tile": tile, "face_up": cell not in state.down}
            for cell, tile in enumerate(state.board)
            if tile
        ],
        "stack_sizes": {name: len(stack) for name, stack in zip(STACKS, state.stacks, strict=True)},
        "tokens": [[space_name(s) for s in spaces] for spaces in state.tokens],
        "demons": [space_name(s) for s in state.demons],
        "demon_supply": 20 - len(state.demons),
        "good": CELL_NAMES[state.good] if state.good >= 0 else None,
        "bad": CELL_NAMES[state.bad] if state.bad >= 0 else None,
        "resources": [_amounts(r) for r in state.resources],
        "fights": [space_name(s) for s in state.pending],
        "roll": roll,
        "choice": state.choices[0] if state.choices else None,
        "retreat_options": [space_name(s) for s in state.retreat[1:]],
        "free_step_used": state.free_step,
        "free_demon_move_used": state.free_demon,
        "pushed": [space_name(s) for s in state.pushed],
        "offers": [offer_data(o) for o in state.offers],
        "winner": state.winner if state.winner >= 0 else None,
        "to_act": list(to_act(state)),
    }
    if viewer.role == "seat":
        out["seat"] = viewer.seat
    if viewer.role == "operator":
        out["stacks"] = {
            name: list(stack) for name, stack in zip(STACKS, state.stacks, strict=True)
        }
    return out


def private_tokens(state: DanteState) -> dict[int, frozenset[str]]:
    """The tiles still in the stacks, hidden from every seat: they are filed under seat -1 (no
    seat), so the generic leak checks test that no seat's view or events name one."""
    return {-1: frozenset(tile for stack in state.stacks for tile in stack)}
