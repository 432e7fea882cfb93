"""The legal moves of a seat (rules spec §3–§9), the probe list of the conformance tests, and
the move made when a seat's clock runs out (§4's online rules).

``legal_actions`` lists every move that is accepted now, except where the vocabulary has no end:
a ``move`` is listed for paths of up to :data:`LISTED_STEPS` steps (longer ones are accepted
too), trades are listed in one canonical form per counterpart (an offer of one unit of the
sender's most-held resource for one of the recipient's, a gift of one unit), and a ``pact``
(free text) is not listed. Everything listed is accepted by ``apply``.
"""

from __future__ import annotations

from typing import Final

from ...core import Action
from ...seeding import Stream
from .actions import (
    FLIP_COST,
    NEXT_COST,
    PLACE_COST,
    PUSH_COST,
    REROLL_COST,
    TOKEN_COST,
    demon_destinations,
)
from .board import (
    CELL_NAMES,
    NEIGHBOURS,
    NOWHERE,
    RESOURCES,
    STACKS,
    inward,
    length,
    ring_of,
    space_name,
)
from .state import (
    BONUS_CHOICE,
    CHOOSE,
    DEMON_CHOICE,
    FIGHT,
    MAIN,
    NOBODY,
    PLACING,
    RETREAT_CHOICE,
    ROLL,
    TOKEN_CHOICE,
    Amounts,
    DanteState,
    owner_of,
)
from .tiles import flippable, placeable, token_targets, usable
from .turns import demon_squares, free_entry_spaces

LISTED_STEPS: Final = 4
END_TURN: Final = Action("end_turn", None)
ACCEPT: Final = Action("accept", None)
PASS: Final = Action("pass", None)

#: Shapes that are refused in every position (probe list).
ILLEGAL: Final = (
    Action("warp", None),
    Action("end_turn", 5),
    Action("accept", -1),
    Action("place", "(4,4)/o"),
    Action("fight", "C9"),
    Action("flip_tile", "(4,4)"),
    Action("place_tile", ["II", "(0,0)"]),
    Action("move", ["nowhere"]),
    Action("offer", {"to": 99, "give": {"Y": 1}}),
    Action("reroll", 2),
    Action("bonus", "X"),
    Action("move_demon", ["C9", "(3,3)/i"]),
)


def can_pay(state: DanteState, seat: int, cost: Amounts) -> bool:
    return all(have >= need for have, need in zip(state.resources[seat], cost, strict=True))


def to_act(state: DanteState) -> tuple[int, ...]:
    if state.phase == MAIN:
        return tuple(range(state.players))
    if state.phase in (PLACING, FIGHT, ROLL, CHOOSE):
        return (state.active,)
    return ()


def waiting_on(state: DanteState) -> tuple[int, ...]:
    """Whose decision the table waits for (spec §4, §9): in the MAIN step the active player and
    every seat with an open offer to answer (the others may trade, but nobody waits for them);
    otherwise the one seat that acts."""
    if state.phase != MAIN:
        return to_act(state)
    answering = {offer[2] for offer in state.offers}
    return tuple(s for s in range(state.players) if s == state.active or s in answering)


def legal_actions(state: DanteState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == PLACING:
        return [Action("place", space_name(s)) for s in free_entry_spaces(state)]
    if phase == FIGHT:
        return [Action("fight", space_name(s)) for s in state.pending]
    if phase == ROLL:
        rerolls = [Action("reroll", die) for die in (0, 1)]
        return [ACCEPT, *rerolls] if can_pay(state, seat, REROLL_COST) else [ACCEPT]
    if phase == CHOOSE:
        return choices(state)
    if phase == MAIN:
        out = board_actions(state, seat) if seat == state.active else [PASS]
        return out + trade_actions(state, seat)
    return []


def choices(state: DanteState) -> list[Action]:
    current = state.choices[0]
    if current == DEMON_CHOICE:
        return [Action("demon", space_name(s)) for s in demon_squares(state)]
    if current == BONUS_CHOICE:
        return [Action("bonus", r) for r in RESOURCES]
    if current == TOKEN_CHOICE:
        return [
            Action("token", [which, CELL_NAMES[cell]])
            for which, other in (("good", state.bad), ("bad", state.good))
            for cell in token_targets(state.board, state.down, other)
        ]
    assert current == RETREAT_CHOICE
    return [Action("retreat", space_name(s)) for s in state.retreat[1:]]


def board_actions(state: DanteState, seat: int) -> list[Action]:
    """The active player's MAIN actions: end the turn, then each paid action he can afford
    where it applies, then the free demon move if unused."""
    out = [END_TURN]
    board = state.board
    if can_pay(state, seat, PLACE_COST):
        for index, stack in enumerate(STACKS):
            if state.stacks[index]:
                out += [
                    Action("place_tile", [stack, CELL_NAMES[c]]) for c in placeable(board, stack)
                ]
    occupied = {s for spaces in state.tokens for s in spaces} | set(state.demons)
    if can_pay(state, seat, FLIP_COST):
        out += [
            Action("flip_tile", CELL_NAMES[c]) for c in range(81) if flippable(board, occupied, c)
        ]
    if can_pay(state, seat, TOKEN_COST) and len(state.tokens[seat]) < state.limit:
        out += [Action("new_token", space_name(s)) for s in free_entry_spaces(state)]
    out += token_moves(state, seat)
    if can_pay(state, seat, PUSH_COST):
        out += pushes(state, seat)
    if not state.free_demon:
        for frm in state.demons:
            out += [
                Action("move_demon", [space_name(frm), space_name(to)])
                for to in demon_destinations(state, frm)
            ]
    return out


def token_moves(state: DanteState, seat: int) -> list[Action]:
    """Paths of up to :data:`LISTED_STEPS` affordable steps each way, and going in a circle."""
    out: list[Action] = []
    board, down = state.board, state.down
    budget = sum(state.resources[seat]) + (0 if state.free_step else 1)
    for start in state.tokens[seat]:
        if start not in NEIGHBOURS:
            continue
        most = min(LISTED_STEPS, budget, length(ring_of(start // 2)) - 1)
        for direction in (0, 1):
            path = [start]
            while len(path) <= most:
                step = NEIGHBOURS[path[-1]][direction]
                if not usable(board, down, step):
                    break
                path.append(step)
                if owner_of(state, step) == NOBODY:
                    out.append(Action("move", [space_name(s) for s in path]))
        to = inward(start)
        if (
            to != NOWHERE
            and can_pay(state, seat, NEXT_COST)
            and usable(board, down, to)
            and owner_of(state, to) == NOBODY
        ):
            out.append(Action("next_circle", space_name(start)))
    return out


def pushes(state: DanteState, seat: int) -> list[Action]:
    """Each opponent token not yet pushed this turn, to each free usable neighbour."""
    out: list[Action] = []
    for other, spaces in enumerate(state.tokens):
        for frm in spaces if other != seat else ():
            if frm in state.pushed:
                continue
            for to in NEIGHBOURS.get(frm, ()):
                if usable(state.board, state.down, to) and owner_of(state, to) == NOBODY:
                    out.append(Action("push", [space_name(frm), space_name(to)]))
    return out


def _most(amounts: Amounts) -> str:
    best = max(range(4), key=lambda i: (amounts[i], -i))
    return RESOURCES[best] if amounts[best] else ""


def trade_actions(state: DanteState, seat: int) -> list[Action]:
    out: list[Action] = []
    partners = (
        [s for s in range(state.players) if s != seat] if seat == state.active else [state.active]
    )
    mine = state.resources[seat]
    for partner in partners:
        if not any(o[1] == seat and o[2] == partner for o in state.offers):
            give, get = _most(mine), _most(state.resources[partner]) or "Y"
            offer = {"to": partner, "give": {give: 1} if give else {}, "get": {get: 1}}
            out.append(Action("offer", offer))
        if _most(mine):
            out.append(Action("gift", {"to": partner, "give": {_most(mine): 1}}))
    for ident, sender, recipient, offered, asked, _ in state.offers:
        if recipient == seat:
            if can_pay(state, sender, offered) and can_pay(state, seat, asked):
                out.append(Action("accept", ident))
            out.append(Action("reject", ident))
        if sender == seat:
            out.append(Action("withdraw", ident))
    return out


def probe_actions(state: DanteState) -> list[Action]:
    """The illegal shapes above and the active player's legal moves. The other seats' trades are
    left out: one seat's offer to the active player is just as legal from another seat."""
    seen: list[Action] = list(ILLEGAL)
    if to_act(state):
        for action in legal_actions(state, state.active):
            if action not in seen:
                seen.append(action)
    return seen


def default_action(state: DanteState, seat: int) -> Action:
    """The timeout move (§4): a roll is accepted, MAIN ends the turn, a forced choice (a token
    placement, the next fight, a demon square, the bonus, the good/bad token, a retreat) is
    drawn at random from ``Stream(seed, "timeout:<moves>")``. A seat other than the active
    player rejects the first offer made to it, else withdraws its first offer, else passes."""
    if state.phase == ROLL:
        return ACCEPT
    if state.phase == MAIN:
        if seat == state.active:
            return END_TURN
        for offer in state.offers:
            if offer[2] == seat:
                return Action("reject", offer[0])
        for offer in state.offers:
            if offer[1] == seat:
                return Action("withdraw", offer[0])
        return PASS
    options = legal_actions(state, seat)
    if not options:
        raise ValueError(f"seat {seat} has no move to make")
    return options[Stream(state.seed, f"timeout:{state.moves}").below(len(options))]
