"""What a play is and whether it may be made now (rules spec §3, §5), the bounded list of legal
moves, the probe list, and the move made when a seat's clock runs out (§10).

:func:`check_play` is the single judge: ``apply`` and :func:`legal_actions` both go through it,
so every action listed is accepted. Reasons are checked in a fixed order: the shape of the
argument, the cards (known, distinct, in the hand), the composition of the group, the last-card
rule, then the trick (cut, size, value).

``legal_actions`` cannot list every ordered group (a Sextuple has 720 orders), so it lists a
canonical set: ``pass`` when following; every classic card alone when a Simple may be played;
for larger groups of each value, up to four orders (a plain one with a natural or a Joker on top,
one with the Rainbow on top, one with the Shadow on top, one holding both with the Rainbow on
top); each Infini and Num-X held when they may be played. ``apply`` accepts any legal play.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ...core import Action, Rejected
from .cards import (
    INFINI,
    JOKER,
    KIND,
    MAX_GROUP,
    NATURAL,
    NUMX,
    RAINBOW,
    SHADOW,
    VALUE,
    is_classic,
    parse_card,
)
from .state import CUT, DOWN, FREE, NumState

PASS: Final = Action("pass", None)


class Group(NamedTuple):
    """A play, read: its cards in order and what they make."""

    cards: tuple[str, ...]
    kind: str  # "group", "infini" or "numx"
    value: int  # the group's value (-1 for Infini and Num-X)
    top: str  # the top card's class: natural, rainbow, shadow, joker, infini, numx


def _refuse(code: str, message: str) -> Rejected:
    return Rejected(code, message)


def read_play(arg: object, hand: tuple[str, ...]) -> Group | Rejected:
    """The play ``arg`` names, if it is a well-formed play from ``hand`` (the trick aside)."""
    if not isinstance(arg, (list, tuple)) or not arg:
        return _refuse(
            "malformed_action", 'a play is a list of card ids, the top card last: ["7R", "7RB"]'
        )
    if len(arg) > MAX_GROUP:
        return _refuse("too_many_cards", f"a play has at most {MAX_GROUP} cards")
    cards: list[str] = []
    for name in arg:
        card = parse_card(name)
        if card is None:
            return _refuse("not_a_card", f"{name!r} is not a card; cards look like 7R or INF1")
        if card in cards:
            return _refuse("duplicate_card", f"{card} is named twice")
        cards.append(card)
    for card in cards:
        if card not in hand:
            return _refuse("not_in_your_hand", f"{card} is not in your hand")
    top = KIND[cards[-1]]
    if len(cards) == 1 and top in (INFINI, NUMX):
        if len(hand) == 1:
            return _refuse(
                "last_card",
                "your last play must be a classic group: Infini and Num-X cannot finish a hand",
            )
        return Group(tuple(cards), top, -1, top)
    kinds = [KIND[c] for c in cards]
    if INFINI in kinds or NUMX in kinds:
        return _refuse("not_alone", "Infini and Num-X are played alone")
    values = {VALUE[c] for c in cards if is_classic(c)}
    if not values:
        return _refuse("jokers_only", "a Joker needs at least one classic card of the group")
    if len(values) > 1:
        return _refuse("mixed_values", "every classic card of a group has the same value")
    return Group(tuple(cards), "group", values.pop(), top)


def beats(state: NumState, value: int) -> bool:
    """Whether a group of ``value`` is strictly better than the trick's reference value."""
    if state.ref_value == FREE:
        return True
    if state.direction == DOWN:
        return value < state.ref_value
    return value > state.ref_value


def check_play(state: NumState, seat: int, arg: object) -> Group | Rejected:
    """The play, if ``seat`` (whose turn it is) may make it now; else the reason."""
    group = read_play(arg, state.hands[seat])
    if isinstance(group, Rejected):
        return group
    if state.status == CUT:
        if group.kind == NUMX:
            return group
        if group.kind == INFINI:
            return _refuse(
                "infini_over_infini", "an Infini cannot be played over an Infini; only Num-X can"
            )
        return _refuse("trick_cut", "an Infini cut this trick: only Num-X may be played on it")
    if group.kind != "group" or not state.plays:
        return group
    size = len(group.cards)
    if size != state.req_count:
        return _refuse("wrong_size", f"the next play must have {state.req_count} card(s)")
    if not beats(state, group.value):
        better = "lower" if state.direction == DOWN else "higher"
        return _refuse(
            "does_not_beat", f"the play must be {better} than {state.ref_value} ({state.direction})"
        )
    return group


# ---------------------------------------------------------------------------- legal lists
def _orders(classics: list[str], jokers: list[str], size: int) -> list[tuple[str, ...]]:
    """The canonical orders of groups of ``size`` from one value's classics and the Jokers."""
    naturals = [c for c in classics if KIND[c] == NATURAL]
    rainbow = [c for c in classics if KIND[c] == RAINBOW]
    shadow = [c for c in classics if KIND[c] == SHADOW]
    found: list[tuple[str, ...]] = []

    def add(base: list[str], tops: list[str]) -> None:
        fill = size - len(tops)
        if fill < 0 or len(base) < fill:
            return
        group = (*base[:fill], *tops)
        if any(is_classic(c) for c in group) and group not in found:
            found.append(group)

    # Plain: the specials underneath, then Jokers, a natural on top when there is one.
    picked = naturals[:size]
    if not picked:
        picked = (rainbow + shadow)[:1]
    rest = [c for c in (*jokers, *rainbow, *shadow) if c not in picked]
    plain = picked + rest[: size - len(picked)]
    if len(plain) == size:
        specials = [c for c in plain if KIND[c] in (RAINBOW, SHADOW)]
        jokers_in = [c for c in plain if KIND[c] == JOKER]
        nats = [c for c in plain if KIND[c] == NATURAL]
        add([*specials, *jokers_in, *nats], [])
    add([*naturals, *jokers], rainbow)
    add([*naturals, *jokers], shadow)
    if rainbow and shadow:
        add([*naturals, *jokers], [*shadow, *rainbow])
    return found


def legal_actions(state: NumState, seat: int) -> list[Action]:
    hand = state.hands[seat]
    leading = not state.plays
    acts: list[Action] = [] if leading else [PASS]
    if state.status == CUT:
        if len(hand) > 1:
            acts.extend(Action("play", [c]) for c in hand if KIND[c] == NUMX)
        return acts
    sizes = range(1, MAX_GROUP + 1) if leading else range(state.req_count, state.req_count + 1)
    by_value: dict[int, list[str]] = {}
    jokers: list[str] = []
    for card in hand:
        if is_classic(card):
            by_value.setdefault(VALUE[card], []).append(card)
        elif KIND[card] == JOKER:
            jokers.append(card)
    for value, classics in by_value.items():
        if not leading and not beats(state, value):
            continue
        for size in sizes:
            if size == 1:
                acts.extend(Action("play", [c]) for c in classics)
            elif size <= len(classics) + len(jokers):
                acts.extend(Action("play", list(g)) for g in _orders(classics, jokers, size))
    if len(hand) > 1:
        acts.extend(Action("play", [c]) for c in hand if KIND[c] in (INFINI, NUMX))
    return acts


def has_legal_lead(hand: tuple[str, ...] | list[str]) -> bool:
    """Whether a hand can lead: a classic card, or an Infini or Num-X that is not its last."""
    if any(is_classic(c) for c in hand):
        return True
    return len(hand) > 1 and any(KIND[c] in (INFINI, NUMX) for c in hand)


def is_blocked(hand: tuple[str, ...] | list[str]) -> bool:
    """Cards but no classic card: this hand can never go out (§8)."""
    return bool(hand) and not any(is_classic(c) for c in hand)


def leaves_blocked(hand: tuple[str, ...] | list[str], cards: tuple[str, ...] | list[str]) -> bool:
    """Whether playing ``cards`` would leave ``hand`` blocked (the client's warning, §8)."""
    return is_blocked([c for c in hand if c not in cards])


#: Moves no seat can ever make, whatever the position.
ILLEGAL: Final = (
    Action("play", None),
    Action("play", "7R"),
    Action("play", []),
    Action("play", ["NOPE"]),
    Action("play", ["7R", "7R"]),
    Action("play", ["JOKER1"]),
    Action("play", ["JOKER1", "JOKER2"]),
    Action("play", ["INF1", "INF2"]),
    Action("play", ["NUMX", "7R"]),
    Action("play", ["1R", "1V", "1B", "1J", "1RB", "1SH", "JOKER1"]),
    Action("pass", 1),
    Action("bid", 1),
)


def probe_actions(state: NumState) -> list[Action]:
    """The illegal shapes above, the legal moves of the seat to act, each card of its hand
    alone, and a pass."""
    seen: list[Action] = list(ILLEGAL)
    for seat in state.to_act:
        for action in (*legal_actions(state, seat), PASS):
            if action not in seen:
                seen.append(action)
        for card in state.hands[seat]:
            single = Action("play", [card])
            if single not in seen:
                seen.append(single)
    return seen


def default_action(state: NumState, seat: int) -> Action:
    """The timeout move (§10): a follower passes; a leader plays his weakest classic Simple
    under the current direction that does not leave a blocked hand, else any legal lead.

    Among cards of the weakest value a natural goes before a Rainbow or a Shadow (it has no
    effect). "Any legal lead" is the first of :func:`legal_actions` that does not leave a blocked
    hand (a group with the Jokers, an Infini…), else the weakest classic Simple."""
    if state.plays:
        return PASS
    hand = state.hands[seat]
    down = state.direction == DOWN
    classics = sorted(
        (c for c in hand if is_classic(c)),
        key=lambda c: (-VALUE[c] if down else VALUE[c], KIND[c] != NATURAL),
    )
    for card in classics:
        if not leaves_blocked(hand, [card]):
            return Action("play", [card])
    leads = legal_actions(state, seat)
    for action in leads:
        if not leaves_blocked(hand, list(action.arg)):
            return action
    if classics:
        return Action("play", [classics[0]])
    return leads[0]
