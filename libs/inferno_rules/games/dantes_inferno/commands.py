"""Which action may be taken when, and why not (rules spec §3–§9): the dispatch of every action
by phase, and the commands of setup, fights, rolls and forced choices. The MAIN step's board
actions are in :mod:`.actions`, trades in :mod:`.trade`.

The framework has already checked that the actor may act now (the active player, or during
MAIN any seat); this module refuses actions of the wrong phase (``wrong_phase``), MAIN actions
of a seat that is not the active player (``not_active``) and anything malformed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...core import Action, Rejected
from . import actions, trade
from .board import CELL_NAMES, NOWHERE, RESOURCES, parse_cell, parse_space, space_name
from .state import (
    BONUS_CHOICE,
    CHOOSE,
    DEMON_CHOICE,
    DEMONS,
    FIGHT,
    MAIN,
    PLACING,
    RETREAT_CHOICE,
    ROLL,
    TOKEN_CHOICE,
    Work,
)
from .tiles import token_targets
from .turns import (
    accept_roll,
    carry_on,
    demon_squares,
    end_turn,
    free_entry_spaces,
    move_token,
    place_first_token,
    reroll,
    start_fight,
)

Handler = Callable[[Work, int, object], "Rejected | None"]

#: MAIN actions only the active player takes.
BOARD_ACTIONS: Final[dict[str, Handler]] = {
    "place_tile": actions.do_place_tile,
    "flip_tile": actions.do_flip_tile,
    "new_token": actions.do_new_token,
    "move": actions.do_move,
    "push": actions.do_push,
    "next_circle": actions.do_next_circle,
    "move_demon": actions.do_move_demon,
}
#: MAIN actions of any seat (the party rule is checked in :mod:`.trade`).
TRADE_ACTIONS: Final[dict[str, Handler]] = {
    "offer": trade.do_offer,
    "accept": trade.do_accept,
    "reject": trade.do_reject,
    "withdraw": trade.do_withdraw,
    "gift": trade.do_gift,
    "pact": trade.do_pact,
}
CHOICES: Final = (DEMON_CHOICE, BONUS_CHOICE, TOKEN_CHOICE, RETREAT_CHOICE)
KNOWN: Final = frozenset(
    (
        "place",
        "fight",
        "reroll",
        "accept",
        "end_turn",
        "pass",
        *CHOICES,
        *BOARD_ACTIONS,
        *TRADE_ACTIONS,
    )
)
#: What each phase allows, for the wrong-phase message.
PHASE_ACTIONS: Final = {
    PLACING: "place",
    FIGHT: "fight",
    ROLL: "reroll, accept",
    MAIN: "end_turn, the paid actions, move_demon, trades",
}


def run(work: Work, seat: int, action: Action) -> Rejected | None:
    """Apply ``action`` by ``seat`` to ``work``, or say why not."""
    kind, arg = action.kind, action.arg
    if kind not in KNOWN:
        return Rejected("unknown_action", f"unknown action {kind!r}")
    phase = work.phase
    if phase == PLACING and kind == "place":
        return place(work, seat, arg)
    if phase == FIGHT and kind == "fight":
        return fight(work, arg)
    if phase == ROLL and kind in ("reroll", "accept"):
        return roll_command(work, seat, kind, arg)
    if phase == CHOOSE and kind in CHOICES:
        return choose(work, seat, kind, arg)
    if phase == MAIN:
        return main(work, seat, kind, arg)
    allowed = PHASE_ACTIONS.get(phase, ", ".join(work.choices[:1]))
    return Rejected("wrong_phase", f"{kind} cannot be played now; the moves now are: {allowed}")


def place(work: Work, seat: int, arg: object) -> Rejected | None:
    space = parse_space(arg)
    if space == NOWHERE:
        return Rejected("no_such_space", f"{arg!r} is not a space such as (0,3)/o")
    if space not in free_entry_spaces(work):
        return Rejected(
            "not_entry_space",
            "a token is placed on a free outer space of a ring-I tile that is not a corner",
        )
    place_first_token(work, seat, space)
    return None


def fight(work: Work, arg: object) -> Rejected | None:
    space = parse_space(arg)
    if space == NOWHERE or space not in work.pending:
        pending = ", ".join(space_name(s) for s in work.pending)
        return Rejected("no_pending_fight", f"the fights still to fight are on: {pending}")
    start_fight(work, space)
    return None


def roll_command(work: Work, seat: int, kind: str, arg: object) -> Rejected | None:
    if kind == "accept":
        if arg is not None:
            return Rejected("malformed_action", "accepting a roll takes no argument")
        accept_roll(work)
        return None
    if type(arg) is not int or arg not in (0, 1):
        return Rejected("bad_die", "reroll names die 0 or die 1")
    if not work.can_pay(seat, actions.REROLL_COST):
        return actions.unaffordable(actions.REROLL_COST)
    work.pay(seat, actions.REROLL_COST)
    reroll(work, arg)
    return None


def choose(work: Work, seat: int, kind: str, arg: object) -> Rejected | None:
    """The current forced choice (§5, §6): only its own kind is accepted."""
    current = work.choices[0]
    if kind != current:
        return Rejected("wrong_phase", f"first choose the {current}")
    if kind == DEMON_CHOICE:
        space = parse_space(arg)
        if space not in demon_squares(work) or DEMONS - len(work.demons) <= 0:
            return Rejected(
                "not_a_choice", "a demon goes on a corner square of circles 1–8 with no demon"
            )
        work.demons.add(space)
        work.emit("demon_placed", {"seat": seat, "space": space_name(space)})
    elif kind == BONUS_CHOICE:
        if not isinstance(arg, str) or arg not in RESOURCES:
            return Rejected("not_a_choice", "the doubles bonus is one of Y, R, B, G")
        amounts = [0, 0, 0, 0]
        amounts[RESOURCES.index(arg)] = 1
        work.gain(seat, amounts)
        work.emit("bonus", {"seat": seat, "resource": arg})
    elif kind == TOKEN_CHOICE:
        refused = place_good_or_bad(work, seat, arg)
        if refused is not None:
            return refused
    else:
        space = parse_space(arg)
        if space == NOWHERE or space not in work.retreat[1:]:
            return Rejected("not_a_choice", "retreat to one of the closest free corner squares")
        frm = work.retreat[0]
        owner = work.owner(frm)
        move_token(work, frm, space)
        work.retreat = ()
        work.emit("retreat", {"seat": owner, "from": space_name(frm), "to": space_name(space)})
    work.choices.pop(0)
    carry_on(work)
    return None


def place_good_or_bad(work: Work, seat: int, arg: object) -> Rejected | None:
    if (
        not isinstance(arg, (list, tuple))
        or len(arg) != 2
        or arg[0] not in ("good", "bad")
        or parse_cell(arg[1]) == NOWHERE
    ):
        return Rejected("malformed_action", 'name the token and a tile: ["good", "(0,3)"]')
    which, cell = arg[0], parse_cell(arg[1])
    other = work.bad if which == "good" else work.good
    if cell not in token_targets(work.board, work.down, other):
        return Rejected(
            "not_a_choice",
            "the token goes on a face-up ring tile that is not a corner and has not the other "
            "token",
        )
    if which == "good":
        work.good = cell
    else:
        work.bad = cell
    work.emit("token_placed", {"seat": seat, "token": which, "tile": CELL_NAMES[cell]})
    return None


def main(work: Work, seat: int, kind: str, arg: object) -> Rejected | None:
    """The MAIN step (§7–§9): the active player's actions, and everyone's trades."""
    trading = TRADE_ACTIONS.get(kind)
    if trading is not None:
        return trading(work, seat, arg)
    if kind == "pass":
        if seat == work.active:
            return Rejected("not_active", "the active player ends his turn with end_turn")
        if arg is not None:
            return Rejected("malformed_action", "pass takes no argument")
        # Nothing changes, but the log shows it: every accepted move leaves an event.
        work.emit("passed", {"seat": seat})
        return None
    if seat != work.active:
        return Rejected("not_active", f"only the active player, seat {work.active}, may {kind} now")
    if kind == "end_turn":
        if arg is not None:
            return Rejected("malformed_action", "end_turn takes no argument")
        end_turn(work)
        return None
    board_action = BOARD_ACTIONS.get(kind)
    if board_action is None:
        return Rejected("wrong_phase", f"{kind} cannot be played in the MAIN step")
    return board_action(work, seat, arg)
