"""What the tiles on the table allow (rules spec §2.3, §6, §7): which spaces may be entered,
where a stack's tile may be laid, which tiles may be flipped, and where the good and bad tokens
may go. Each takes the board (tile id by cell, ``""`` when empty) and the face-down cells, so
the state and a working copy share them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .board import (
    CENTRE,
    CENTRE_RING,
    PLAIN_CELLS,
    STACK_RING,
    is_corner,
    ring_neighbours,
)


def usable(board: Sequence[str], down: Collection[int], space: int) -> bool:
    """A space may be entered or crossed only if its tile is placed and face up."""
    cell = space // 2
    return bool(board[cell]) and cell not in down


def placeable(board: Sequence[str], stack: str) -> list[int]:
    """Empty positions of the stack's ring next (p ± 1) to a placed tile (§7); the centre is
    always placeable while empty."""
    ring = STACK_RING[stack]
    if ring == CENTRE_RING:
        return [] if board[CENTRE] else [CENTRE]
    return [
        cell
        for cell in PLAIN_CELLS[ring]
        if not board[cell] and any(board[n] for n in ring_neighbours(cell))
    ]


def flippable(board: Sequence[str], occupied: Collection[int], cell: int) -> bool:
    """A placed non-corner ring tile with no token and no demon on either space (§7).
    ``occupied`` holds every space with a player token or a demon."""
    if cell == CENTRE or not board[cell] or is_corner(cell):
        return False
    return 2 * cell not in occupied and 2 * cell + 1 not in occupied


def token_targets(board: Sequence[str], down: Collection[int], other: int) -> list[int]:
    """Face-up non-corner ring tiles without the other good/bad token (``other``): where a 2 or
    12 puts the good or bad token (§6.4)."""
    return [
        cell
        for cells in PLAIN_CELLS
        for cell in cells
        if board[cell] and cell not in down and cell != other
    ]
