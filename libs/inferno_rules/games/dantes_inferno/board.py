"""The Dante's Inferno board as data (rules spec §2): the 9×9 grid of tiles, its four rings and
the centre, the two spaces of each ring tile and their circles, positions along a ring, the
movement links, distances, and the designed composition of the 81 tiles.

Everything here is computed once at import and read by the rest of the package; nothing here
depends on a game's state.

- A **cell** is a tile position, numbered ``9 * row + col`` (``0 … 80``); the centre is 40.
- A **space** is ``2 * cell + level`` with level 0 for the outer space (circle ``2d + 1``) and 1
  for the inner space (circle ``2d + 2``); the single space of the centre is :data:`C9` (80).
- Names in the players' words (the spec's notation): cells ``(r,c)``, spaces ``(r,c)/o``,
  ``(r,c)/i`` and ``C9``.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 9
CENTRE: Final = 40  # cell (4,4)
C9: Final = 2 * CENTRE  # the centre's single space, circle 9
CENTRE_RING: Final = 4
NOWHERE: Final = -1

RESOURCES: Final = ("Y", "R", "B", "G")  # Lust, Violence, Gluttony, Hypocrisy
ROMAN: Final = ("I", "II", "III", "IV")
CORNER_NAMES: Final = ("TL", "TR", "BR", "BL")
CENTRE_TILE: Final = "IX-LUCIFER"
#: The face-down stacks drawn from in play (ring I and every corner are laid at setup).
STACKS: Final = ("II", "III", "IV", "IX")
#: The ring each stack's tiles go to.
STACK_RING: Final = {"II": 1, "III": 2, "IV": 3, "IX": CENTRE_RING}
#: Resources per matching number, by ring (§2.1).
YIELD: Final = (1, 2, 3, 4)
#: The demon (or Lucifer) target of each circle 1–9 (§2.1, with the inferred 7 and 9).
TARGET: Final = {1: 6, 2: 6, 3: 7, 4: 7, 5: 8, 6: 8, 7: 9, 8: 9, 9: 10}


def cell_of(row: int, col: int) -> int:
    return SIZE * row + col


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, SIZE)


def ring_of(cell: int) -> int:
    """``d = min(r, c, 8 - r, 8 - c)``: 0 for the outer ring, 4 for the centre."""
    r, c = row_col(cell)
    return min(r, c, SIZE - 1 - r, SIZE - 1 - c)


def side(ring: int) -> int:
    return SIZE - 1 - 2 * ring


def length(ring: int) -> int:
    """Positions along a ring: 32, 24, 16, 8 (and 0 for the centre)."""
    return 4 * side(ring)


def position_cell(ring: int, p: int) -> int:
    """The cell at position ``p`` of ``ring``, clockwise from the top-left corner (§2.2)."""
    d, s = ring, side(ring)
    p %= 4 * s
    if p <= s:
        return cell_of(d, d + p)
    if p <= 2 * s:
        return cell_of(d + p - s, SIZE - 1 - d)
    if p <= 3 * s:
        return cell_of(SIZE - 1 - d, SIZE - 1 - d - (p - 2 * s))
    return cell_of(SIZE - 1 - d - (p - 3 * s), d)


def _positions() -> dict[int, int]:
    out: dict[int, int] = {}
    for ring in range(CENTRE_RING):
        for p in range(length(ring)):
            out[position_cell(ring, p)] = p
    out[CENTRE] = 0
    return out


#: The position of every cell along its ring.
POSITION: Final = _positions()
#: The cells of each ring 0–3, in position order.
RING_CELLS: Final = tuple(
    tuple(position_cell(ring, p) for p in range(length(ring))) for ring in range(CENTRE_RING)
)
#: The four corner cells of each ring 0–3, in the order TL, TR, BR, BL.
CORNERS: Final = tuple(
    tuple(position_cell(ring, j * side(ring)) for j in range(4)) for ring in range(CENTRE_RING)
)
CORNER_CELLS: Final = frozenset(c for ring in CORNERS for c in ring)
#: The non-corner cells of each ring 0–3, in position order: where stack tiles go.
PLAIN_CELLS: Final = tuple(tuple(c for c in cells if c not in CORNER_CELLS) for cells in RING_CELLS)


def is_corner(cell: int) -> bool:
    return cell in CORNER_CELLS


def cell_of_space(space: int) -> int:
    return space // 2


def circle_of(space: int) -> int:
    """Circle 1–9 of a space: ``2d + 1`` outer, ``2d + 2`` inner, 9 for the centre."""
    if space == C9:
        return 9
    return 2 * ring_of(space // 2) + 1 + space % 2


def distance(a: int, b: int) -> int:
    """Manhattan distance between two cells (§2.3 DECISION)."""
    ra, ca = row_col(a)
    rb, cb = row_col(b)
    return abs(ra - rb) + abs(ca - cb)


# ---------------------------------------------------------------------- names
def cell_name(cell: int) -> str:
    r, c = row_col(cell)
    return f"({r},{c})"


def space_name(space: int) -> str:
    if space == C9:
        return "C9"
    level = "o" if space % 2 == 0 else "i"
    return f"{cell_name(space // 2)}/{level}"


ALL_SPACES: Final = tuple(
    sorted([2 * c + level for ring in RING_CELLS for c in ring for level in (0, 1)] + [C9])
)
SPACE_NAMES: Final = {space: space_name(space) for space in ALL_SPACES}
SPACE_BY_NAME: Final = {name: space for space, name in SPACE_NAMES.items()}
CELL_NAMES: Final = {cell: cell_name(cell) for cell in range(SIZE * SIZE)}
CELL_BY_NAME: Final = {name: cell for cell, name in CELL_NAMES.items()}


def parse_space(name: object) -> int:
    """The space called ``name`` (``"(0,3)/o"``, ``"C9"``), or :data:`NOWHERE`."""
    if isinstance(name, str):
        return SPACE_BY_NAME.get(name.replace(" ", ""), NOWHERE)
    return NOWHERE


def parse_cell(name: object) -> int:
    if isinstance(name, str):
        return CELL_BY_NAME.get(name.replace(" ", ""), NOWHERE)
    return NOWHERE


# ---------------------------------------------------------------------- links
def _neighbours() -> dict[int, tuple[int, int]]:
    """Same-circle neighbours (clockwise, anticlockwise) of every ring space (§2.3)."""
    out: dict[int, tuple[int, int]] = {}
    for ring in range(CENTRE_RING):
        n = length(ring)
        for p in range(n):
            for level in (0, 1):
                here = 2 * position_cell(ring, p) + level
                out[here] = (
                    2 * position_cell(ring, p + 1) + level,
                    2 * position_cell(ring, p - 1) + level,
                )
    return out


#: ``(clockwise, anticlockwise)`` same-circle neighbours; the centre has none.
NEIGHBOURS: Final = _neighbours()


def _corner_links() -> dict[int, tuple[int, ...]]:
    """Corner links (§2.3): outer ↔ inner on one corner tile, inner ↔ the next ring's outer at
    the same corner, circle-8 corners ↔ C9. Each list holds the inward link first."""
    links: dict[int, list[int]] = {}

    def link(a: int, b: int) -> None:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)

    for ring in range(CENTRE_RING):
        for j, cell in enumerate(CORNERS[ring]):
            link(2 * cell, 2 * cell + 1)
            if ring < CENTRE_RING - 1:
                link(2 * cell + 1, 2 * CORNERS[ring + 1][j])
            else:
                link(2 * cell + 1, C9)
    return {space: tuple(sorted(out, key=circle_of)) for space, out in links.items()}


#: The spaces reachable by a corner link from each corner space (and from C9).
CORNER_LINKS: Final = _corner_links()


def inward(space: int) -> int:
    """The corner space of circle ``c + 1`` linked to corner space ``space`` (circle ``c``)."""
    for other in CORNER_LINKS.get(space, ()):
        if circle_of(other) == circle_of(space) + 1:
            return other
    return NOWHERE


#: The four corner spaces of each circle 1–8 (TL, TR, BR, BL).
CIRCLE_CORNERS: Final = {
    2 * ring + 1 + level: tuple(2 * cell + level for cell in CORNERS[ring])
    for ring in range(CENTRE_RING)
    for level in (0, 1)
}
#: The outer spaces of ring I's non-corner tiles: where tokens enter play (§3, §7).
ENTRY_SPACES: Final = tuple(2 * cell for cell in PLAIN_CELLS[0])


# ---------------------------------------------------------------------- tiles
def _tiles() -> dict[str, tuple[int, str, int, int]]:
    """Every tile: ``id -> (ring, colour, outer number, inner number)`` (§2.4)."""
    ring1 = ((6, 12), (8, 2), (5, 11), (9, 3), (5, 10), (9, 4), (4, 10))
    ring2 = ((6, 12), (8, 2), (5, 11), (9, 3), (4, 10))
    ring3 = {
        "Y": ((6, 11), (8, 3), (5, 10)),
        "R": ((8, 3), (5, 10), (9, 4)),
        "B": ((5, 10), (9, 4), (6, 11)),
        "G": ((9, 4), (6, 11), (8, 3)),
    }
    ring4 = {"Y": (6, 11), "R": (8, 3), "B": (5, 10), "G": (9, 4)}
    out: dict[str, tuple[int, str, int, int]] = {}
    for colour in RESOURCES:
        for ring, numbers in ((0, ring1), (1, ring2), (2, ring3[colour]), (3, (ring4[colour],))):
            for n, (outer, inner) in enumerate(numbers, start=1):
                out[f"{ROMAN[ring]}-{colour}-{n}"] = (ring, colour, outer, inner)
    for ring in range(CENTRE_RING):
        target = TARGET[2 * ring + 1]
        for name in CORNER_NAMES:
            out[f"{ROMAN[ring]}-{name}"] = (ring, "", target, target)
    out[CENTRE_TILE] = (CENTRE_RING, "", TARGET[9], TARGET[9])
    return out


#: ``tile id -> (ring, colour, outer number, inner number)``; corners and the centre have no
#: colour, and their numbers are their circles' demon targets.
TILES: Final = _tiles()
TILE_IDS: Final = tuple(TILES)
#: The tiles of each ring's non-corner positions, in the spec's listed order (ids by ring).
RING_TILES: Final = tuple(
    tuple(t for t, (ring, colour, _, _) in TILES.items() if ring == r and colour)
    for r in range(CENTRE_RING)
)
#: The tiles of each stack, in listed order (shuffled at setup).
STACK_TILES: Final = {
    "II": RING_TILES[1],
    "III": RING_TILES[2],
    "IV": RING_TILES[3],
    "IX": (CENTRE_TILE,),
}
#: The corner tile laid at each corner cell at setup.
CORNER_TILE: Final = {
    cell: f"{ROMAN[ring]}-{CORNER_NAMES[j]}"
    for ring in range(CENTRE_RING)
    for j, cell in enumerate(CORNERS[ring])
}


def pays(tile: str, total: int) -> bool:
    """Whether a roll of ``total`` pays on ``tile`` (it shows the number on either space)."""
    _, colour, outer, inner = TILES[tile]
    return bool(colour) and total in (outer, inner)


def ring_neighbours(cell: int) -> tuple[int, int]:
    """The cells at positions ``p ± 1`` of the same ring (for tile placement, §7)."""
    ring = ring_of(cell)
    p = POSITION[cell]
    return position_cell(ring, p + 1), position_cell(ring, p - 1)
