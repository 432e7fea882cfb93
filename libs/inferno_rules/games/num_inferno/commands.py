"""The two moves of Num Inferno, ``play`` and ``pass`` (rules spec §5–§8).

A play's effects are applied in the spec's order (§6): for a classic group, the Inferno check,
then Rainbow + Shadow in the same play, then a Rainbow on top, then a Shadow on top, otherwise
the plain climb; Infini cuts the trick; Num-X closes it. Then the player goes out if his hand
is empty, or is announced blocked if it holds no classic card; then the round ends if at most one
unblocked player still holds cards; then a closed trick ends at once; otherwise the turn goes on
clockwise, and the trick ends when everyone but the last player has passed or is out.
"""

from __future__ import annotations

from typing import Final

from ...core import Action, Rejected
from .cards import INFINI, KIND, MAX_GROUP, NUMX, RAINBOW, SHADOW
from .legal import Group, check_play, is_blocked
from .rounds import end_round, end_trick, next_seat, round_over
from .state import CUT, DOWN, FREE, NOBODY, UP, Work

# The effects a play can have, as named in the play event (§10).
INFERNO: Final = "inferno"
RAINBOW_EFFECT: Final = "rainbow"
SHADOW_EFFECT: Final = "shadow"
RS_CLOSE: Final = "rs_close"
IMPOSSIBLE_TIER: Final = "impossible_tier"
CUT_EFFECT: Final = "cut"
NUMX_EFFECT: Final = "numx"
INFERNO_VALUES: Final = (6, 9)
INFERNO_SIZE: Final = 3


def run(work: Work, seat: int, action: Action) -> Rejected | None:
    """Apply ``action`` by ``seat`` (whose turn it is) to ``work``, or say why not."""
    if action.kind == "play":
        group = check_play(work.s, seat, action.arg)
        if isinstance(group, Rejected):
            return group
        play(work, seat, group)
        return None
    if action.kind == "pass":
        if action.arg is not None:
            return Rejected("malformed_action", "a pass takes no argument")
        if not work.plays:
            return Rejected(
                "leader_cannot_pass", "you lead this trick: play a group, an Infini or a Num-X"
            )
        pass_turn(work, seat)
        return None
    return Rejected("unknown_action", f"unknown action {action.kind!r}; the moves are play, pass")


def effects_of(work: Work, group: Group) -> tuple[list[str], bool]:
    """Apply a play's effects to the trick state (§6); return their names and whether the trick
    is now closed."""
    if group.kind == INFINI:
        work.status = CUT
        return [CUT_EFFECT], False
    if group.kind == NUMX:
        return [NUMX_EFFECT], True
    size = len(group.cards)
    kinds = [KIND[c] for c in group.cards]
    effects: list[str] = []
    if size == INFERNO_SIZE and group.value in INFERNO_VALUES and group.top in (RAINBOW, SHADOW):
        work.direction = DOWN if work.direction == UP else UP
        effects.append(INFERNO)
    if RAINBOW in kinds and SHADOW in kinds:
        effects.append(RS_CLOSE)
        return effects, True
    if group.top == RAINBOW:
        effects.append(RAINBOW_EFFECT)
        if size + 1 > MAX_GROUP:
            effects.append(IMPOSSIBLE_TIER)
            return effects, True
        work.req_count = size + 1
        work.ref_value = FREE
        return effects, False
    if group.top == SHADOW:
        effects.append(SHADOW_EFFECT)
        if size - 1 < 1:
            effects.append(IMPOSSIBLE_TIER)
            return effects, True
        work.req_count = size - 1
        work.ref_value = FREE
        return effects, False
    work.req_count = size
    work.ref_value = group.value
    return effects, False


def play(work: Work, seat: int, group: Group) -> None:
    hand = work.hands[seat]
    for card in group.cards:
        hand.remove(card)
    work.plays.append((seat, group.cards))
    work.last_player = seat
    effects, closed = effects_of(work, group)
    work.emit(
        "play",
        {
            "seat": seat,
            "cards": list(group.cards),
            "top": group.cards[-1],
            "effects": effects,
            "left": len(hand),
        },
    )
    if not hand:
        work.finished.append(seat)
        work.emit("finish", {"seat": seat, "rank": len(work.finished)})
    elif seat not in work.blocked and is_blocked(hand):
        work.blocked.append(seat)
        work.emit("blocked", {"seat": seat})
    if round_over(work):
        end_round(work)
        return
    if closed:
        end_trick(work, seat)
        return
    after = next_seat(work, seat)
    if after == NOBODY:
        end_trick(work, seat)
    else:
        work.to_act = (after,)


def pass_turn(work: Work, seat: int) -> None:
    work.passed.append(seat)
    work.emit("pass", {"seat": seat})
    after = next_seat(work, seat)
    if after == NOBODY:
        end_trick(work, work.last_player)
    else:
        work.to_act = (after,)
