"""The heuristic Inferno (2005) bot: lead what the next seat cannot match, add rather than take.

It reads only the seat's view (its hand, the pile and its lead, the draw pile's size, hand sizes,
OUT flags), like a client, and keeps no memory between moves, so any worker can move for it.
Cards left in a hand at the end of a round score nothing, so a hand is never a liability: the
only points are the piles taken. Hence, when following, it adds whenever it can (the pile then
becomes someone else's problem), shedding the card most like the rest of its hand so that what it
keeps can answer many different leads; it takes only when it has no match. When leading, it picks
the card the other seats are least likely to be able to match: the colour and value it holds most
of are the ones the unseen cards hold least of, and it can answer its own lead when the pile comes
back. Each rule was measured in the arena (``docs/bots.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action
from inferno_rules.games.inferno import BY_NAME, COLOUR_OF, POINTS, VALUE_OF

from .base import require_legal

CARDS_PER_COLOUR = 20
CARDS_PER_VALUE = 20
COPIES = 4


def _card(name: str) -> int:
    return BY_NAME[name]


def unseen_matches(card: int, hand: Sequence[int], seen: Sequence[int]) -> int:
    """How many cards I cannot see would match ``card`` as a lead (colour or value)."""
    colour, value = COLOUR_OF[card], VALUE_OF[card]
    matching = CARDS_PER_COLOUR + CARDS_PER_VALUE - COPIES  # the same colour and value once
    known = sum(1 for c in (*hand, *seen) if COLOUR_OF[c] == colour or VALUE_OF[c] == value)
    return matching - known


class InfernoHeuristic:
    """Leads hard-to-match cards, adds rather than takes (see the module doc)."""

    name = "heuristic"

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        require_legal(self.name, legal)
        if view.get("game") != "inferno" or "hand" not in view:
            raise ValueError(
                "the heuristic Inferno bot plays from an Inferno seat's view (with its hand); "
                f"got a view of {view.get('game')!r} with keys {sorted(view)}"
            )
        hand = [_card(name) for name in view["hand"]]
        pile = [_card(name) for name in view["pile"]]
        if not pile:
            return self._lead(view, hand, legal)
        return self._follow(view, hand, pile, legal)

    # ------------------------------------------------------------------ leading
    def _lead(self, view: Mapping[str, Any], hand: list[int], legal: Sequence[Action]) -> Action:
        playable = {_card(a.arg): a for a in legal if a.kind == "play"}

        def key(card: int) -> tuple[int, int, int]:
            # Fewest unseen matches; among equals, the most points for whoever takes it.
            rest = [c for c in hand if c != card]
            return (unseen_matches(card, rest, [card]), -POINTS[card], card)

        return playable[min(playable, key=key)]

    # ------------------------------------------------------------------ following
    def _follow(
        self,
        view: Mapping[str, Any],
        hand: list[int],
        pile: list[int],
        legal: Sequence[Action],
    ) -> Action:
        take = next(a for a in legal if a.kind == "take")
        adds = {_card(a.arg): a for a in legal if a.kind == "play"}
        if not adds:
            return take

        def key(card: int) -> tuple[int, int, int]:
            # Shed the card most like the rest of the hand (its colour and value held most),
            # so the hand keeps cards that can answer many different leads; among equals, the
            # cheapest, in case the pile comes back round to me.
            alike = sum(1 for c in hand if COLOUR_OF[c] == COLOUR_OF[card]) + sum(
                1 for c in hand if VALUE_OF[c] == VALUE_OF[card]
            )
            return (-alike, POINTS[card], card)

        return adds[min(adds, key=key)]
