"""A finite, canonical set of commands a seat can make now, for bots and tests.

The space of commands is combinatorial (any subset of cards to grab, any offer), so
``legal_actions`` lists a bounded selection, every one of which ``apply`` accepts:

- ``finished`` with the opposite of the seat's flag;
- ``grab`` of each single table card (none during the grab cooldown); ``release`` of each single
  held card, and of all held cards when more than one;
- ``form_circle`` for the Circles :func:`.circles.find_circles` finds (at most 32);
- ``play_special``: STOP once; DIG once (when no DIG is open); each STEAL, STEAL A SPECIAL and
  LAKE OF FIRE with at most :data:`TARGETS_PER_SPECIAL` valid (victim, target) pairs, rivals
  taken in seat order from the next seat;
- ``dig_pick`` of each card of the discard pile during the seat's DIG session;
- ``discard_special`` of each Special the seat has;
- ``accept`` and ``reject`` of each offer made to the seat, ``withdraw`` of each of its own;
- per rival, one one-for-one ``offer`` of the seat's newest table card for the rival's newest
  table card (while the seat has fewer than 10 pending offers).

``apply`` accepts any valid command, not only these.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import Action
from .cards import (
    DIG,
    LAKE,
    SOLITARY,
    SOUL_BY_ID,
    SPECIAL_BY_ID,
    STEAL,
    STEAL_SPECIAL,
    STOP,
    steal_matches,
)
from .circles import find_circles
from .state import MAX_PENDING_OFFERS, BurnState

TARGETS_PER_SPECIAL: Final = 4


def _special(card: str, victim: int | None, target: str | None) -> Action:
    return Action("play_special", {"card": card, "victim": victim, "target": target})


def _targets(state: BurnState, seat: int, card: str) -> list[Action]:
    special = SPECIAL_BY_ID[card]
    found: list[Action] = []
    n = state.players
    for step in range(1, n):
        victim = (seat + step) % n
        for target in state.tables[victim]:
            soul = SOUL_BY_ID.get(target)
            if special.kind == STEAL_SPECIAL:
                fits = soul is None
            elif special.kind == LAKE:
                fits = soul is not None
            else:
                fits = soul is not None and steal_matches(special, soul)
            if fits:
                found.append(_special(card, victim, target))
                if len(found) >= TARGETS_PER_SPECIAL:
                    return found
    return found


# The lists of the last state asked about, by seat: tests and bots ask for the same state's
# commands again and again (once per seat, and for the probes).
_CACHE_STATE: Final[list[BurnState | None]] = [None]
_CACHE: Final[dict[int, list[Action]]] = {}


def legal_actions(state: BurnState, seat: int) -> list[Action]:
    if _CACHE_STATE[0] is not state:
        _CACHE.clear()
        _CACHE_STATE[0] = state
    cached = _CACHE.get(seat)
    if cached is None:
        cached = _legal_actions(state, seat)
        _CACHE[seat] = cached
    return list(cached)


def _legal_actions(state: BurnState, seat: int) -> list[Action]:
    table = state.tables[seat]
    hand = state.hands[seat]
    acts: list[Action] = [Action("finished", not state.finished[seat])]
    if state.now >= state.cooldown_until[seat]:
        acts.extend(Action("grab", [card]) for card in table)
    acts.extend(Action("release", [card]) for card in hand)
    if len(hand) > 1:
        acts.append(Action("release", list(hand)))
    acts.extend(Action("form_circle", list(circle)) for circle in find_circles([*table, *hand]))
    digging = any(d[0] == seat for d in state.digs)
    for card in (*table, *hand):
        special = SPECIAL_BY_ID.get(card)
        if special is None:
            continue
        if special.kind == STOP:
            acts.append(_special(card, None, None))
        elif special.kind == DIG:
            if not digging:
                acts.append(_special(card, None, None))
        elif special.kind in (STEAL, STEAL_SPECIAL, LAKE):
            acts.extend(_targets(state, seat, card))
        else:
            assert special.kind == SOLITARY  # used in form_circle only
    if digging:
        acts.extend(Action("dig_pick", card) for card in state.discard)
    acts.extend(
        Action("discard_special", card) for card in (*table, *hand) if card in SPECIAL_BY_ID
    )
    mine = 0
    for offer in state.offers:
        if offer[2] == seat:
            acts.append(Action("accept", offer[0]))
            acts.append(Action("reject", offer[0]))
        if offer[1] == seat:
            acts.append(Action("withdraw", offer[0]))
            mine += 1
    if table and mine < MAX_PENDING_OFFERS:
        n = state.players
        for step in range(1, n):
            rival = (seat + step) % n
            if state.tables[rival]:
                arg: dict[str, Any] = {
                    "to": rival,
                    "give": [table[-1]],
                    "want": [state.tables[rival][-1]],
                }
                acts.append(Action("offer", arg))
    return acts


#: Commands no seat can ever make: every kind with a malformed or impossible argument.
ILLEGAL: Final = (
    Action("grab", None),
    Action("grab", ["NOPE"]),
    Action("release", ["P1", "P1"]),
    Action("form_circle", []),
    Action("form_circle", ["P1", "P2", "P3"]),
    Action("offer", None),
    Action("offer", {"to": 99, "give": ["P1"], "want": []}),
    Action("offer", {"to": 1, "give": [], "want": [], "extra": 1}),
    Action("accept", True),
    Action("reject", 10**6),
    Action("withdraw", "1"),
    Action("play_special", None),
    Action("play_special", {"card": "SOLITARY-1", "victim": None, "target": None}),
    Action("play_special", {"card": "P1", "victim": None, "target": None}),
    Action("dig_pick", "NOPE"),
    Action("discard_special", "P1"),
    Action("finished", None),
    Action("tick", 0),
    Action("bid", 1),
)
_PER_KIND: Final = 1
_PROBED_STATE: Final[list[BurnState | None]] = [None]
_PROBED: Final[list[list[Action]]] = [[]]


def probe_actions(state: BurnState) -> list[Action]:
    """Every shape of command: the illegal ones above and, per seat, the first legal command of
    each kind (legal for that seat, refused for every other)."""
    if _PROBED_STATE[0] is not state:
        _PROBED[0] = _probe_actions(state)
        _PROBED_STATE[0] = state
    return list(_PROBED[0])


def _probe_actions(state: BurnState) -> list[Action]:
    seen: list[Action] = list(ILLEGAL)
    for seat in range(state.players):
        counts: dict[str, int] = {}
        for action in legal_actions(state, seat):
            if counts.get(action.kind, 0) < _PER_KIND and action not in seen:
                counts[action.kind] = counts.get(action.kind, 0) + 1
                seen.append(action)
    return seen
