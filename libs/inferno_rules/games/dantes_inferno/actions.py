"""The MAIN step's board actions (rules spec §7, §8): laying and flipping tiles, new tokens,
moves (with the turn's free step), pushes, going to the next circle (and fighting Lucifer on
entering circle 9), and the free demon move.

Each ``do_*`` function checks its action in a fixed order (the argument's shape, the pieces
named, the board, then the price) and either returns a :class:`Rejected` with a stable code or
applies it to the working copy. Every price is checked whole before anything is paid.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Final

from ...core import Rejected
from .board import (
    C9,
    CELL_NAMES,
    CORNER_LINKS,
    NEIGHBOURS,
    NOWHERE,
    RESOURCES,
    STACKS,
    circle_of,
    inward,
    is_corner,
    length,
    parse_cell,
    parse_space,
    ring_of,
    space_name,
)
from .state import LUCIFER_ROLL, NOBODY, Amounts, DanteState, Work
from .tiles import flippable, placeable, usable
from .turns import free_entry_spaces, move_token, roll_dice

PLACE_COST: Final = (1, 0, 0, 1)  # Y+G
FLIP_COST: Final = (0, 1, 1, 1)  # B+R+G
TOKEN_COST: Final = (1, 1, 1, 0)  # Y+B+R
PUSH_COST: Final = (0, 0, 1, 0)  # B
NEXT_COST: Final = (1, 1, 0, 1)  # Y+R+G
REROLL_COST: Final = (1, 1, 1, 1)  # Y+B+R+G


def priced(cost: Amounts | list[int]) -> str:
    return "+".join(r for r, n in zip(RESOURCES, cost, strict=True) for _ in range(n)) or "0"


def unaffordable(cost: Amounts | list[int]) -> Rejected:
    return Rejected("cannot_afford", f"this costs {priced(cost)}, which you do not hold")


def _pair(arg: object) -> list[object] | None:
    """The two items of a pair argument, or ``None``. (A list, not a tuple: in the compiled
    build a union of a plain tuple and :class:`Rejected` does not survive ``isinstance``.)"""
    if not isinstance(arg, (list, tuple)) or len(arg) != 2:
        return None
    return [arg[0], arg[1]]


def _not_a_pair(what: str) -> Rejected:
    return Rejected("malformed_action", f"this action takes a pair: {what}")


def do_place_tile(work: Work, seat: int, arg: object) -> Rejected | None:
    """Name a stack and a position; the stack's top tile is revealed there, face up (§7)."""
    pair = _pair(arg)
    if pair is None:
        return _not_a_pair('[stack, position], e.g. ["II", "(1,2)"]')
    stack, where = pair
    if not isinstance(stack, str) or stack not in STACKS:
        return Rejected("no_such_stack", f"the stacks are {', '.join(STACKS)}")
    cell = parse_cell(where)
    if cell == NOWHERE:
        return Rejected("no_such_cell", f"{where!r} is not a position such as (1,2)")
    index = STACKS.index(stack)
    if not work.stacks[index]:
        return Rejected("stack_empty", f"stack {stack} has no tile left")
    if work.board[cell]:
        return Rejected("position_taken", f"{CELL_NAMES[cell]} already holds a tile")
    if cell not in placeable(work.board, stack):
        return Rejected(
            "not_placeable",
            f"a tile of stack {stack} goes on an empty position of its ring next to a placed "
            f"tile; {CELL_NAMES[cell]} is not one",
        )
    if not work.can_pay(seat, PLACE_COST):
        return unaffordable(PLACE_COST)
    work.pay(seat, PLACE_COST)
    tile = work.stacks[index].pop(0)
    work.board[cell] = tile
    work.emit(
        "tile_placed",
        {"seat": seat, "stack": stack, "position": CELL_NAMES[cell], "tile": tile},
    )
    return None


def occupied_spaces(work: Work) -> set[int]:
    taken = {space for spaces in work.tokens for space in spaces}
    return taken | work.demons


def do_flip_tile(work: Work, seat: int, arg: object) -> Rejected | None:
    cell = parse_cell(arg)
    if cell == NOWHERE:
        return Rejected("no_such_cell", f"{arg!r} is not a position such as (1,2)")
    if not work.board[cell] or is_corner(cell) or cell == C9 // 2:
        return Rejected(
            "not_flippable", "only a placed tile that is not a corner or the centre flips"
        )
    if not flippable(work.board, occupied_spaces(work), cell):
        return Rejected("tile_occupied", "a tile with a token or a demon on it cannot flip")
    if not work.can_pay(seat, FLIP_COST):
        return unaffordable(FLIP_COST)
    work.pay(seat, FLIP_COST)
    face_down = cell not in work.down
    if face_down:
        work.down.add(cell)
    else:
        work.down.discard(cell)
    work.emit(
        "tile_flipped",
        {"seat": seat, "position": CELL_NAMES[cell], "face": "down" if face_down else "up"},
    )
    return None


def do_new_token(work: Work, seat: int, arg: object) -> Rejected | None:
    space = parse_space(arg)
    if space == NOWHERE:
        return Rejected("no_such_space", f"{arg!r} is not a space such as (0,3)/o")
    if len(work.tokens[seat]) >= work.s.limit:
        return Rejected("token_limit", f"you already have {work.s.limit} tokens in play")
    if space not in free_entry_spaces(work):
        return Rejected(
            "not_entry_space",
            "a new token enters on a free outer space of a face-up ring-I tile that is not a "
            "corner",
        )
    if not work.can_pay(seat, TOKEN_COST):
        return unaffordable(TOKEN_COST)
    work.pay(seat, TOKEN_COST)
    work.tokens[seat].append(space)
    work.emit("token_entered", {"seat": seat, "space": space_name(space), "setup": False})
    return None


def read_path(arg: object) -> list[int] | Rejected:
    """A move's spaces: the argument is a list of spaces (the token's first), or ``{"path":
    [...], "pay": {"Y": 1, ...}}`` to choose what pays for the steps."""
    if isinstance(arg, dict):
        arg = arg.get("path")
    if not isinstance(arg, (list, tuple)) or len(arg) < 2:
        return Rejected(
            "malformed_action",
            'a move is a list of spaces, the token\'s first: ["(0,1)/o", "(0,2)/o"]',
        )
    path = [parse_space(name) for name in arg]
    if NOWHERE in path:
        return Rejected("no_such_space", "every step of a path must name a space such as (0,3)/o")
    return path


def path_problem(work: Work, path: list[int]) -> Rejected | None:
    """One direction, same circle, 1 … L-1 steps, every space entered usable, the last one free
    of player tokens (§7)."""
    start = path[0]
    if start == C9 or start not in NEIGHBOURS:
        return Rejected("not_a_path", "a token in circle 9 has no neighbour to move to")
    steps = len(path) - 1
    if steps > length(ring_of(start // 2)) - 1:
        return Rejected("not_a_path", "a path goes at most once round its circle")
    for direction in (0, 1):
        if all(NEIGHBOURS[a][direction] == b for a, b in pairwise(path)):
            break
    else:
        return Rejected(
            "not_a_path",
            "a path runs through neighbouring spaces of one circle, in one direction",
        )
    for space in path[1:]:
        if not usable(work.board, work.down, space):
            return Rejected(
                "space_unusable", f"{space_name(space)} is not on a placed, face-up tile"
            )
    if work.owner(path[-1]) != NOBODY:
        return Rejected("occupied", f"a player token already stands on {space_name(path[-1])}")
    return None


def read_amounts(raw: object) -> Amounts | None:
    """``{"Y": 1, "B": 2}`` as a 4-tuple, or ``None`` if it is not such an object."""
    if not isinstance(raw, dict):
        return None
    out = [0, 0, 0, 0]
    for key, value in raw.items():
        if key not in RESOURCES or type(value) is not int or value < 0:
            return None
        out[RESOURCES.index(key)] = value
    return (out[0], out[1], out[2], out[3])


def step_payment(work: Work, seat: int, count: int) -> Amounts:
    """Who pays for steps without saying how: one at a time from the kind held most (ties in
    the order Y, R, B, G)."""
    have = list(work.resources[seat])
    out = [0, 0, 0, 0]
    for _ in range(count):
        best = max(range(4), key=lambda i: (have[i], -i))
        have[best] -= 1
        out[best] += 1
    return (out[0], out[1], out[2], out[3])


def do_move(work: Work, seat: int, arg: object) -> Rejected | None:
    path = read_path(arg)
    if isinstance(path, Rejected):
        return path
    pay = arg.get("pay") if isinstance(arg, dict) else None
    if work.owner(path[0]) != seat:
        return Rejected("not_your_token", f"you have no token on {space_name(path[0])}")
    problem = path_problem(work, path)
    if problem is not None:
        return problem
    steps = len(path) - 1
    free = 0 if work.free_step else 1
    price = steps - free
    if pay is None:
        cost = step_payment(work, seat, price)
    else:
        amounts = read_amounts(pay)
        if amounts is None:  # pay given, but not as {"Y": 1, ...}
            return Rejected("malformed_action", 'pay is an object such as {"Y": 1, "R": 2}')
        if sum(amounts) != price:
            return Rejected(
                "wrong_payment", f"this path costs {price} resources, not {sum(amounts)}"
            )
        cost = amounts
    if sum(cost) != price or not work.can_pay(seat, cost):
        return Rejected("cannot_afford", f"this path costs {price} resources, which you lack")
    work.pay(seat, cost)
    work.free_step = True
    move_token(work, path[0], path[-1])
    work.emit(
        "token_moved",
        {
            "seat": seat,
            "path": [space_name(s) for s in path],
            "free_steps": free,
            "paid": {r: n for r, n in zip(RESOURCES, cost, strict=True) if n},
        },
    )
    return None


def do_push(work: Work, seat: int, arg: object) -> Rejected | None:
    pair = _pair(arg)
    if pair is None:
        return _not_a_pair('[opponent token\'s space, next space], e.g. ["(0,3)/o", "(0,4)/o"]')
    frm, to = parse_space(pair[0]), parse_space(pair[1])
    if NOWHERE in (frm, to):
        return Rejected("no_such_space", "a push names two spaces such as (0,3)/o")
    owner = work.owner(frm)
    if owner in (NOBODY, seat):
        return Rejected("not_opponent_token", f"no opponent token stands on {space_name(frm)}")
    if frm in work.pushed:
        return Rejected("already_pushed", "each opponent token may be pushed once per turn")
    if to not in NEIGHBOURS.get(frm, ()):
        return Rejected("not_adjacent", "a push moves a token one space within its circle")
    if not usable(work.board, work.down, to):
        return Rejected("space_unusable", f"{space_name(to)} is not on a placed, face-up tile")
    if work.owner(to) != NOBODY:
        return Rejected("occupied", f"a player token already stands on {space_name(to)}")
    if not work.can_pay(seat, PUSH_COST):
        return unaffordable(PUSH_COST)
    work.pay(seat, PUSH_COST)
    move_token(work, frm, to)
    work.pushed.append(to)
    work.emit(
        "token_pushed",
        {"seat": seat, "owner": owner, "from": space_name(frm), "to": space_name(to)},
    )
    return None


def do_next_circle(work: Work, seat: int, arg: object) -> Rejected | None:
    frm = parse_space(arg)
    if frm == NOWHERE:
        return Rejected("no_such_space", f"{arg!r} is not a space such as (0,0)/o")
    if work.owner(frm) != seat:
        return Rejected("not_your_token", f"you have no token on {space_name(frm)}")
    to = inward(frm)
    if to == NOWHERE:
        return Rejected("not_a_corner", "only a token on a corner square of circles 1–8 goes in")
    if not usable(work.board, work.down, to):
        return Rejected("space_unusable", f"{space_name(to)} is not placed yet")
    if work.owner(to) != NOBODY:
        return Rejected("occupied", f"a player token already stands on {space_name(to)}")
    if not work.can_pay(seat, NEXT_COST):
        return unaffordable(NEXT_COST)
    work.pay(seat, NEXT_COST)
    move_token(work, frm, to)
    work.emit(
        "next_circle",
        {"seat": seat, "from": space_name(frm), "to": space_name(to), "circle": circle_of(to)},
    )
    if to == C9:
        roll_dice(work, LUCIFER_ROLL, C9)
    return None


def demon_destinations(work: Work | DanteState, frm: int) -> list[int]:
    """Where the free demon move may take the demon on ``frm`` (§8)."""
    out = [s for s in NEIGHBOURS.get(frm, ()) if usable(work.board, work.down, s)]
    out += [s for s in CORNER_LINKS.get(frm, ()) if s != C9]
    return [s for s in dict.fromkeys(out) if s not in work.demons]


def do_move_demon(work: Work, seat: int, arg: object) -> Rejected | None:
    pair = _pair(arg)
    if pair is None:
        return _not_a_pair('[demon\'s space, next space], e.g. ["(0,0)/o", "(0,0)/i"]')
    frm, to = parse_space(pair[0]), parse_space(pair[1])
    if NOWHERE in (frm, to):
        return Rejected("no_such_space", "a demon move names two spaces such as (0,0)/o")
    if work.free_demon:
        return Rejected("demon_move_used", "you have already moved a demon this turn")
    if frm not in work.demons:
        return Rejected("no_demon", f"no demon stands on {space_name(frm)}")
    if to == C9:
        return Rejected("lucifer_circle", "a demon never enters circle 9")
    if to in work.demons:
        return Rejected("demon_there", f"a demon already stands on {space_name(to)}")
    if to not in demon_destinations(work, frm):
        return Rejected(
            "not_adjacent",
            "a demon moves one space within its circle, or along a corner link",
        )
    work.demons.discard(frm)
    work.demons.add(to)
    work.free_demon = True
    work.emit("demon_moved", {"seat": seat, "from": space_name(frm), "to": space_name(to)})
    return None
