"""A Dante's Inferno position drawn as SVG from a view dict (``docs/games/dantes-inferno.md``,
"View"): the 9×9 board and its rings, every placed tile (face up in its resource's colour with
the numbers of its outer and inner space; face down, dark), the empty positions, the corners
and the centre (Lucifer), each seat's tokens in its colour, the demons, the good and bad
tokens, and a legend with each seat's resources.

Pure: it reads only the public keys of the view (never an operator's ``stacks``), does no I/O
and returns the SVG text; every piece of text from the view is escaped. Marks carry classes a
reader (or a test) can count: ``tile`` (one per placed tile, with ``up`` or ``down``),
``empty``, ``token seat-N`` (one per token), ``demon``, ``good``, ``bad``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

from inferno_rules.games.dantes_inferno.board import (
    CENTRE,
    CORNER_CELLS,
    RESOURCES,
    SIZE,
    TILES,
    cell_of,
    parse_cell,
    parse_space,
    ring_of,
    row_col,
)

CELL: Final = 60  # pixels per position
MARGIN: Final = 24
BOARD: Final = SIZE * CELL
LEGEND_WIDTH: Final = 280
WIDTH: Final = MARGIN * 3 + BOARD + LEGEND_WIDTH
HEIGHT: Final = MARGIN * 2 + BOARD
#: Tile colours by resource: Y Lust (yellow), R Violence (red), B Gluttony (blue), G Hypocrisy
#: (green); corners, the centre and face-down tiles have their own.
TILE_FILL: Final = {"Y": "#f1c40f", "R": "#e74c3c", "B": "#5dade2", "G": "#58d68d"}
CORNER_FILL: Final = "#aab7b8"
LUCIFER_FILL: Final = "#641e16"
DOWN_FILL: Final = "#1c1c1c"
#: The rings from the outside in, darker toward the centre.
RING_FILL: Final = ("#f6ece1", "#e8d3c0", "#d9b8a0", "#c99b80", "#8e5b4a")
#: One colour per seat (never a resource's).
SEAT_FILL: Final = ("#ff7f0e", "#8e44ad", "#17becf", "#6e2c00", "#e377c2", "#ffffff")
RESOURCE_NAMES: Final = {"Y": "Lust", "R": "Violence", "B": "Gluttony", "G": "Hypocrisy"}
#: How far a space's centre lies from its tile's centre, toward the edge (outer) or the centre.
SPACE_OFFSET: Final = 15


def _xy(cell: int) -> tuple[int, int]:
    """The top-left pixel of a position."""
    r, c = row_col(cell)
    return MARGIN + c * CELL, MARGIN + r * CELL


def _outward(cell: int) -> tuple[int, int]:
    """The unit step from a tile's centre toward the board's edge (its outer space's side)."""
    r, c = row_col(cell)
    d = ring_of(cell)
    if r == d:
        return 0, -1
    if r == SIZE - 1 - d:
        return 0, 1
    if c == d:
        return -1, 0
    return 1, 0


def space_centre(space: int) -> tuple[float, float]:
    """The pixel centre of a space: the outer half of its tile, the inner half, or the centre."""
    cell = space // 2
    x, y = _xy(cell)
    cx, cy = x + CELL / 2, y + CELL / 2
    if cell == CENTRE:
        return cx, cy
    dx, dy = _outward(cell)
    sign = 1 if space % 2 == 0 else -1
    return cx + sign * dx * SPACE_OFFSET, cy + sign * dy * SPACE_OFFSET


def _text(x: float, y: float, text: object, cls: str, size: int = 11, fill: str = "#000") -> str:
    return (
        f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" '
        f'text-anchor="middle" dominant-baseline="central">{escape(str(text))}</text>'
    )


def _rings() -> list[str]:
    out = []
    for ring, fill in enumerate(RING_FILL):
        x = MARGIN + ring * CELL
        span = (SIZE - 2 * ring) * CELL
        out.append(
            f'<rect class="ring" x="{x}" y="{x}" width="{span}" height="{span}" fill="{fill}" '
            'stroke="#7b5e4a" stroke-width="1.5"/>'
        )
    return out


def _tile(cell: int, tile: str, face_up: bool) -> list[str]:
    x, y = _xy(cell)
    known = TILES.get(tile)
    colour = known[1] if known else ""
    if not face_up:
        fill, state = DOWN_FILL, "down"
    elif cell == CENTRE:
        fill, state = LUCIFER_FILL, "up"
    elif colour:
        fill, state = TILE_FILL[colour], "up"
    else:
        fill, state = CORNER_FILL, "up"
    kind = "corner" if cell in CORNER_CELLS else "centre" if cell == CENTRE else "plain"
    out = [
        f'<rect class="tile {state} {kind}" x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
        f'height="{CELL - 4}" rx="4" fill="{fill}" stroke="#333" stroke-width="1">'
        f"<title>{escape(tile)}</title></rect>"
    ]
    if not face_up or known is None:
        return out
    _, _, outer, inner = known
    if cell == CENTRE:
        cx, cy = x + CELL / 2, y + CELL / 2
        out.append(_text(cx, cy - 12, "LUCIFER", "label", 9, "#fff"))
        out.append(_text(cx, cy + 14, outer, "number", 10, "#fff"))
        return out
    dx, dy = _outward(cell)
    cx, cy = x + CELL / 2, y + CELL / 2
    # The dividing line between the outer and the inner space.
    if dx:
        out.append(
            f'<line class="divide" x1="{cx}" y1="{y + 4}" x2="{cx}" y2="{y + CELL - 4}" '
            'stroke="#333" stroke-width="0.6" stroke-dasharray="2,2"/>'
        )
    else:
        out.append(
            f'<line class="divide" x1="{x + 4}" y1="{cy}" x2="{x + CELL - 4}" y2="{cy}" '
            'stroke="#333" stroke-width="0.6" stroke-dasharray="2,2"/>'
        )
    for space, number in ((2 * cell, outer), (2 * cell + 1, inner)):
        sx, sy = space_centre(space)
        # The number sits to one side of the space; a token's disc takes the middle.
        nx, ny = (sx + 15, sy) if dy else (sx, sy + 16)
        out.append(_text(nx, ny, number, "number", 10, "#111"))
    return out


def _empty(cell: int) -> str:
    x, y = _xy(cell)
    return (
        f'<rect class="empty" x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" '
        'fill="none" stroke="#7b5e4a" stroke-width="1" stroke-dasharray="4,3"/>'
    )


def _token(space: int, seat: int) -> list[str]:
    sx, sy = space_centre(space)
    fill = SEAT_FILL[seat % len(SEAT_FILL)]
    ink = "#000" if fill in ("#ffffff", "#17becf", "#ff7f0e", "#e377c2") else "#fff"
    return [
        f'<circle class="token seat-{seat}" cx="{sx:.1f}" cy="{sy:.1f}" r="8" fill="{fill}" '
        'stroke="#000" stroke-width="1.2"/>',
        _text(sx, sy, seat, "token-label", 9, ink),
    ]


def _demon(space: int) -> str:
    sx, sy = space_centre(space)
    x, y = sx - 13, sy - 9  # beside the space's token, pointing down like a horn
    points = f"{x - 6:.1f},{y - 5:.1f} {x + 6:.1f},{y - 5:.1f} {x:.1f},{y + 6:.1f}"
    return f'<polygon class="demon" points="{points}" fill="#000" stroke="#c0392b"/>'


def _good_bad(cell: int, which: str) -> str:
    """A frame round the whole tile (it acts on both spaces): white edged in black for the good
    token, black and dashed for the bad one; nothing on the tile is covered."""
    x, y = _xy(cell)
    inner = (
        f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" '
        'fill="none" stroke="#000000" stroke-width="5"/>'
    )
    if which == "good":
        inner += (
            f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5" '
            'fill="none" stroke="#ffffff" stroke-width="3"/>'
        )
    else:
        inner = inner.replace('stroke-width="5"', 'stroke-width="3" stroke-dasharray="5,3"')
    return f'<g class="{which}">{inner}</g>'


def _legend(view: Mapping[str, Any]) -> list[str]:
    x = MARGIN * 2 + BOARD
    y = MARGIN
    lines: list[str] = [
        f'<g class="legend" transform="translate({x},{y})">',
        _left(0, 12, "Dante's Inferno", "title", 16),
    ]
    cap = view.get("round_cap") or 0
    rounds = f"round {view.get('round', 0)}" + (f" of {cap}" if cap else "")
    lines.append(_left(0, 34, f"{rounds} · {view.get('phase', '')}", "info", 12))
    row = 60
    me = view.get("seat")
    active = view.get("active") if view.get("phase") != "over" else None
    tokens: Sequence[Sequence[str]] = view.get("tokens", ())
    for seat, amounts in enumerate(view.get("resources", ())):
        fill = SEAT_FILL[seat % len(SEAT_FILL)]
        lines.append(
            f'<rect class="swatch" x="0" y="{row - 7}" width="14" height="14" fill="{fill}" '
            'stroke="#000"/>'
        )
        who = (
            f"seat {seat}"
            + (" (you)" if seat == me else "")
            + (" ◀ to play" if seat == active else "")
        )
        count = len(tokens[seat]) if seat < len(tokens) else 0
        lines.append(_left(22, row, f"{who} · {count} tokens", "seat", 12))
        for i, res in enumerate(RESOURCES):
            bx = 22 + i * 56
            lines.append(
                f'<rect class="resource" x="{bx}" y="{row + 10}" width="12" height="12" '
                f'fill="{TILE_FILL[res]}" stroke="#333"/>'
            )
            lines.append(
                _left(bx + 16, row + 16, f"{res} {int(amounts.get(res, 0))}", "amount", 11)
            )
        row += 44
    sizes = view.get("stack_sizes", {})
    stacks = " ".join(f"{name}:{n}" for name, n in sizes.items())
    lines.append(_left(0, row, f"stacks {stacks}", "info", 11))
    lines.append(
        _left(0, row + 18, f"demons in the supply: {view.get('demon_supply', '')}", "info", 11)
    )
    row += 46
    keys = [
        ("demon", "demon"),
        ("good", "good token: white frame (doubles)"),
        ("bad", "bad token: black frame (cancels)"),
        ("down", "face-down tile"),
    ]
    for kind, label in keys:
        if kind == "demon":
            lines.append(
                f'<polygon class="key" points="0,{row - 5} 12,{row - 5} 6,{row + 6}" fill="#000" '
                'stroke="#c0392b"/>'
            )
        elif kind == "down":
            lines.append(
                f'<rect class="key" x="0" y="{row - 6}" width="12" height="12" fill="{DOWN_FILL}"/>'
            )
        else:
            frame = f'<rect class="key" x="0" y="{row - 6}" width="12" height="12" fill="#f1c40f" '
            if kind == "good":
                lines.append(frame + 'stroke="#000" stroke-width="4"/>')
                lines.append(frame + 'stroke="#fff" stroke-width="2"/>')
            else:
                lines.append(frame + 'stroke="#000" stroke-width="2.5" stroke-dasharray="3,2"/>')
        lines.append(_left(20, row, label, "info", 11))
        row += 20
    for res in RESOURCES:
        lines.append(
            f'<rect class="key" x="0" y="{row - 6}" width="12" height="12" '
            f'fill="{TILE_FILL[res]}"/>'
        )
        lines.append(_left(20, row, f"{res} {RESOURCE_NAMES[res]}", "info", 11))
        row += 20
    lines.append("</g>")
    return lines


def _left(x: float, y: float, text: object, cls: str, size: int) -> str:
    return (
        f'<text class="{cls}" x="{x}" y="{y}" font-size="{size}" fill="#222" '
        f'dominant-baseline="central">{escape(str(text))}</text>'
    )


def svg(view: Mapping[str, Any]) -> str:
    """The position in ``view`` (a seat's, a spectator's or an operator's) as an SVG document."""
    placed: dict[int, tuple[str, bool]] = {}
    for tile in view.get("tiles", ()):
        cell = parse_cell(tile.get("position"))
        if cell >= 0:
            placed[cell] = (str(tile.get("tile", "")), bool(tile.get("face_up", True)))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect class="background" width="{WIDTH}" height="{HEIGHT}" fill="#fffdf8"/>',
        *_rings(),
    ]
    for r in range(SIZE):
        for c in range(SIZE):
            cell = cell_of(r, c)
            if cell in placed:
                parts += _tile(cell, *placed[cell])
            else:
                parts.append(_empty(cell))
                if cell == CENTRE:
                    x, y = _xy(cell)
                    parts.append(
                        _text(x + CELL / 2, y + CELL / 2, "LUCIFER", "label", 8, "#641e16")
                    )
    for which in ("good", "bad"):
        cell = parse_cell(view.get(which))
        if cell >= 0:
            parts.append(_good_bad(cell, which))
    for space in (parse_space(s) for s in view.get("demons", ())):
        if space >= 0:
            parts.append(_demon(space))
    for seat, spaces in enumerate(view.get("tokens", ())):
        for space in (parse_space(s) for s in spaces):
            if space >= 0:
                parts += _token(space, seat)
    parts += _legend(view)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
