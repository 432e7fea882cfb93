"""The heuristic Inferno (2005) bot: lead what the next seat cannot match, add rather than take.

It reads only the seat's view (its hand, the pile and its lead, the draw pile's size, hand sizes,
OUT flags), like a client, and keeps no memory between moves, so any worker can move for it.
Cards left in a hand at the end of a round score nothing, so a hand is never a liability: the
only points are the piles taken. Hence, when following, it adds whenever it can (the pile then
becomes someone else's problem), putting on the pile the card that costs the eventual taker most
while keeping the cards that can answer this lead again; it takes only when it has no match, or
when the pile is cheap and its matches are too few to survive another lap. When leading, it picks
the card the other seats are least likely to be able to match: the colour and value it holds most
of are the ones the unseen cards hold least of, and it can answer its own lead when the pile comes
back. Each rule was measured in the arena (``docs/bots.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action
from inferno_rules.games.inferno import BY_NAME, COLOUR_OF, COLOURS, POINTS, VALUE_OF

from .base import require_legal

#: Mean penalty of a card drawn blind: 20 red cards worth 1–5, 80 others worth 1.
BLIND_CARD_POINTS = sum(POINTS) / len(POINTS)
PILE_MINIMUM = 3  # a take is topped up to this many cards (rules §4.3)
CARDS_PER_COLOUR = 20
CARDS_PER_VALUE = 20
COPIES = 4


def _card(name: str) -> int:
    return BY_NAME[name]


def take_cost(pile: Sequence[int], draw_pile: int) -> float:
    """The expected points of taking ``pile`` now, completion draw included."""
    short = min(max(0, PILE_MINIMUM - len(pile)), draw_pile)
    return sum(POINTS[c] for c in pile) + short * BLIND_CARD_POINTS


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
        lead = pile[0]
        colour, value = COLOUR_OF[lead], VALUE_OF[lead]

        def key(card: int) -> tuple[int, int, int]:
            # Keep the cards that answer this lead both ways (colour and value) for the next
            # lap; put the most expensive card on the pile for whoever ends up with it.
            both = COLOUR_OF[card] == colour and VALUE_OF[card] == value
            return (both, -POINTS[card], card)

        return adds[min(adds, key=key)]


__all__ = ["COLOURS", "InfernoHeuristic", "take_cost", "unseen_matches"]
