"""Which card sets make a Circle (rules spec §7), and a cheap search for Circles a seat can form.

A set is exactly one of: (a) Seven Sins — 7 souls with a perfect matching souls → sins, each soul
using one of its own sins; (b) Sin hoard — souls that all carry one sin X, worth ≥ 20; (c) Same
value — ≥ 4 souls, all of one value; (d) Solitary — one soul + one SOLITARY CONFINEMENT; (e)
Combination — exactly the three members of one printed combination. No other Special may be in
a Circle.

:func:`find_circles` is for ``legal_actions``: it does not list every valid Circle (there can be
exponentially many), only a bounded canonical set (see its docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import COMBINATIONS, SINS, SOLITARY, SOUL_BY_ID, SPECIAL_BY_ID

SEVEN_SINS: Final = "seven_sins"
SIN_HOARD: Final = "sin_hoard"
SAME_VALUE: Final = "same_value"
SOLITARY_CIRCLE: Final = "solitary"
COMBINATION: Final = "combination"

HOARD_POINTS: Final = 20
SAME_VALUE_MINIMUM: Final = 4
_COMBO_SETS: Final = tuple(frozenset(members) for _, members in COMBINATIONS)


def _augment(sin: str, souls: Sequence[str], owner: dict[str, str], seen: set[str]) -> bool:
    """Kuhn's augmenting path: give ``sin`` a soul, moving other sins along if needed."""
    for soul in souls:
        if sin in SOUL_BY_ID[soul].sins and soul not in seen:
            seen.add(soul)
            current = owner.get(soul)
            if current is None or _augment(current, souls, owner, seen):
                owner[soul] = sin
                return True
    return False


def sin_matching(souls: Sequence[str]) -> dict[str, str]:
    """A largest matching sin → soul (each soul used once, for one of its own sins)."""
    owner: dict[str, str] = {}  # soul -> the sin it covers
    for sin in SINS:
        _augment(sin, souls, owner, set())
    return {sin: soul for soul, sin in owner.items()}


def circle_type(cards: Sequence[str]) -> str | None:
    """The type of Circle ``cards`` (distinct card ids) make, or ``None`` if they make none."""
    souls = [c for c in cards if c in SOUL_BY_ID]
    specials = [c for c in cards if c not in SOUL_BY_ID]
    if specials:
        if len(specials) == 1 and len(souls) == 1 and SPECIAL_BY_ID[specials[0]].kind == SOLITARY:
            return SOLITARY_CIRCLE
        return None
    if not souls:
        return None
    chosen = frozenset(souls)
    if len(souls) == 3 and chosen in _COMBO_SETS:
        return COMBINATION
    if len(souls) == len(SINS) and len(sin_matching(souls)) == len(SINS):
        return SEVEN_SINS
    common = set(SOUL_BY_ID[souls[0]].sins)
    for soul in souls[1:]:
        common &= set(SOUL_BY_ID[soul].sins)
    if common and sum(SOUL_BY_ID[s].value for s in souls) >= HOARD_POINTS:
        return SIN_HOARD
    values = {SOUL_BY_ID[s].value for s in souls}
    if len(souls) >= SAME_VALUE_MINIMUM and len(values) == 1:
        return SAME_VALUE
    return None


def why_not(cards: Sequence[str]) -> str:
    """A player's explanation of why ``cards`` make no Circle."""
    if any(c in SPECIAL_BY_ID and SPECIAL_BY_ID[c].kind != SOLITARY for c in cards):
        return "a Circle may hold no Special except Solitary Confinement"
    return (
        "these cards make no Circle: a Circle is 7 souls covering the seven sins, souls sharing "
        "one sin worth at least 20, at least 4 souls of one value, one soul with Solitary "
        "Confinement, or exactly the three souls of a printed combination"
    )


def _add(found: list[tuple[str, ...]], circle: Sequence[str]) -> None:
    key = tuple(sorted(circle))
    if key not in found:
        found.append(key)


def _by_value(souls: Sequence[str]) -> list[str]:
    """Highest value first, then catalogue order (ids are unique, so this is total)."""
    return sorted(souls, key=lambda s: (-SOUL_BY_ID[s].value, s))


def find_circles(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """A bounded, canonical list of valid Circles among ``cards`` (a seat's table and hand).

    At most: each combination whose three members are there; one Seven Sins (from a maximum
    matching); per sin, the smallest highest-first prefix of its souls reaching 20, and all of
    them when that differs; per value, the first four souls of that value and all of them when
    more; per Solitary Confinement card, the highest-valued soul with it. That is at most
    5 + 1 + 14 + 10 + 2 = 32 Circles, found in time linear in the cards (times 7 sins).
    """
    souls = [c for c in cards if c in SOUL_BY_ID]
    found: list[tuple[str, ...]] = []

    present = set(souls)
    for _, members in COMBINATIONS:
        if all(m in present for m in members):
            _add(found, members)
    matching = sin_matching(souls)
    if len(matching) == len(SINS):
        _add(found, [matching[sin] for sin in SINS])
    ranked = _by_value(souls)
    for sin in SINS:
        carriers = [s for s in ranked if sin in SOUL_BY_ID[s].sins]
        total = 0
        for i, soul in enumerate(carriers):
            total += SOUL_BY_ID[soul].value
            if total >= HOARD_POINTS:
                _add(found, carriers[: i + 1])
                _add(found, carriers)
                break
    for value in range(5, 0, -1):
        same = [s for s in ranked if SOUL_BY_ID[s].value == value]
        if len(same) >= SAME_VALUE_MINIMUM:
            _add(found, same[:SAME_VALUE_MINIMUM])
            _add(found, same)
    if ranked:
        for card in cards:
            if card in SPECIAL_BY_ID and SPECIAL_BY_ID[card].kind == SOLITARY:
                _add(found, [ranked[0], card])
    return found
