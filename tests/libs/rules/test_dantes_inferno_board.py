"""The Dante's Inferno board as data (spec §2): rings, positions along a ring, spaces and
circles, same-circle and corner links, distances, and the designed tiles."""

from __future__ import annotations

from collections import Counter

import pytest

from .test_dantes_inferno_helpers import board


def cell(r: int, c: int) -> int:
    return board.cell_of(r, c)


def space(name: str) -> int:
    found = board.parse_space(name)
    assert found != board.NOWHERE, name
    return found


@pytest.mark.parametrize(
    ("r", "c", "ring"),
    [
        (0, 0, 0),
        (0, 4, 0),
        (8, 8, 0),
        (3, 0, 0),
        (1, 1, 1),
        (1, 7, 1),
        (2, 5, 2),
        (3, 3, 3),
        (5, 4, 3),
        (4, 4, 4),
    ],
)
def test_ring_of_a_cell(r: int, c: int, ring: int) -> None:
    assert board.ring_of(cell(r, c)) == ring


def test_rings_hold_32_24_16_8_cells_and_the_centre() -> None:
    counts = Counter(board.ring_of(c) for c in range(81))
    assert counts == {0: 32, 1: 24, 2: 16, 3: 8, 4: 1}
    assert [board.length(d) for d in range(4)] == [32, 24, 16, 8]
    assert [len(cells) for cells in board.RING_CELLS] == [32, 24, 16, 8]
    assert [len(cells) for cells in board.PLAIN_CELLS] == [28, 20, 12, 4]


def test_positions_run_clockwise_from_the_top_left_corner() -> None:
    # Ring 0 (s = 8): top row, right column, bottom row, left column.
    assert board.position_cell(0, 0) == cell(0, 0)
    assert board.position_cell(0, 3) == cell(0, 3)
    assert board.position_cell(0, 8) == cell(0, 8)
    assert board.position_cell(0, 10) == cell(2, 8)
    assert board.position_cell(0, 16) == cell(8, 8)
    assert board.position_cell(0, 18) == cell(8, 6)
    assert board.position_cell(0, 24) == cell(8, 0)
    assert board.position_cell(0, 31) == cell(1, 0)
    assert board.position_cell(0, 32) == cell(0, 0)  # wraps
    # Ring 3 (s = 2).
    assert [board.position_cell(3, p) for p in range(8)] == [
        cell(3, 3), cell(3, 4), cell(3, 5), cell(4, 5),
        cell(5, 5), cell(5, 4), cell(5, 3), cell(4, 3),
    ]  # fmt: skip
    for ring, cells in enumerate(board.RING_CELLS):
        assert [board.POSITION[c] for c in cells] == list(range(board.length(ring)))


def test_corners_are_tl_tr_br_bl() -> None:
    assert board.CORNERS[0] == (cell(0, 0), cell(0, 8), cell(8, 8), cell(8, 0))
    assert board.CORNERS[2] == (cell(2, 2), cell(2, 6), cell(6, 6), cell(6, 2))
    assert len(board.CORNER_CELLS) == 16


def test_spaces_and_their_circles() -> None:
    assert board.circle_of(space("(0,3)/o")) == 1
    assert board.circle_of(space("(0,3)/i")) == 2
    assert board.circle_of(space("(1,4)/o")) == 3
    assert board.circle_of(space("(2,2)/i")) == 6
    assert board.circle_of(space("(5,5)/i")) == 8
    assert board.circle_of(space("C9")) == 9
    assert len(board.ALL_SPACES) == 2 * 80 + 1
    assert board.space_name(space("(7,8)/i")) == "(7,8)/i"
    assert board.parse_space("(9,9)/o") == board.NOWHERE
    assert board.parse_space("(4,4)/o") == board.NOWHERE
    assert board.parse_space(3) == board.NOWHERE


def test_same_circle_neighbours_wrap_round_the_ring() -> None:
    cw, acw = board.NEIGHBOURS[space("(0,0)/o")]
    assert (cw, acw) == (space("(0,1)/o"), space("(1,0)/o"))
    cw, acw = board.NEIGHBOURS[space("(3,3)/i")]
    assert (cw, acw) == (space("(3,4)/i"), space("(4,3)/i"))
    assert board.C9 not in board.NEIGHBOURS


def test_corner_links_go_in_one_circle_at_a_time() -> None:
    assert board.inward(space("(0,0)/o")) == space("(0,0)/i")
    assert board.inward(space("(0,0)/i")) == space("(1,1)/o")
    assert board.inward(space("(1,7)/i")) == space("(2,6)/o")
    assert board.inward(space("(6,2)/i")) == space("(5,3)/o")
    for corner in ("(3,3)/i", "(3,5)/i", "(5,5)/i", "(5,3)/i"):
        assert board.inward(space(corner)) == board.C9
    assert board.inward(space("(0,1)/o")) == board.NOWHERE  # not a corner
    assert board.inward(board.C9) == board.NOWHERE
    # Links run both ways: the circle-4 corner reaches circles 3 and 5.
    assert set(board.CORNER_LINKS[space("(1,1)/i")]) == {space("(1,1)/o"), space("(2,2)/o")}
    assert len(board.CORNER_LINKS[board.C9]) == 4


def test_circle_corners() -> None:
    assert board.CIRCLE_CORNERS[1] == tuple(2 * c for c in board.CORNERS[0])
    assert board.CIRCLE_CORNERS[8] == tuple(2 * c + 1 for c in board.CORNERS[3])
    assert len(board.ENTRY_SPACES) == 28


def test_distance_is_manhattan_between_tiles() -> None:
    assert board.distance(cell(0, 3), cell(0, 0)) == 3
    assert board.distance(cell(2, 5), cell(1, 7)) == 3
    assert {board.distance(board.CENTRE, c) for c in board.CORNERS[3]} == {2}


def test_tile_composition_matches_the_design() -> None:
    tiles = board.TILES
    assert len(tiles) == 81
    assert tiles["I-Y-1"] == (0, "Y", 6, 12)
    assert tiles["III-B-2"] == (2, "B", 9, 4)
    assert tiles["IV-G-1"] == (3, "G", 9, 4)
    assert tiles["II-TL"] == (1, "", 7, 7)
    assert tiles["IX-LUCIFER"] == (4, "", 10, 10)
    for ring, count in enumerate((7, 5, 3, 1)):
        colours = Counter(tiles[t][1] for t in board.RING_TILES[ring])
        assert colours == dict.fromkeys("YRBG", count)
    # Equal pips per colour within a ring; no 7 anywhere on a coloured tile.
    pips = {n: 6 - abs(7 - n) for n in range(2, 13)}
    for ring, total in enumerate((44, 30, 21, 7)):
        for colour in "YRBG":
            mine = [t for t in board.RING_TILES[ring] if tiles[t][1] == colour]
            assert sum(pips[tiles[t][2]] + pips[tiles[t][3]] for t in mine) == total
    assert all(7 not in tiles[t][2:] for ring in board.RING_TILES for t in ring)
    assert not board.pays("I-TL", 6) and board.pays("I-Y-1", 12)


def test_ring_neighbours_of_a_cell_for_tile_placement() -> None:
    assert set(board.ring_neighbours(cell(1, 2))) == {cell(1, 1), cell(1, 3)}
    assert set(board.ring_neighbours(cell(1, 1))) == {cell(1, 2), cell(2, 1)}
