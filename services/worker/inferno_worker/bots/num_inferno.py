"""The heuristic Num Inferno bot: shed many weak cards, keep the strong ones and the Jokers for
control, take the lead with plays that close a trick, and never strand an Infini or the Num-X.

It reads only the seat's view (its hand, the direction, what the trick asks, the hand sizes),
like a client, and keeps no memory between moves, so any worker can move for it.

Each legal play gets a score and the best one is made; a follower passes when its best play
costs more than the trick is worth:

- **Shed**: every card put down is worth 10; a value's *weakness* (low when UP, high when DOWN)
  is worth up to 16 more, so weak groups go first and strong cards stay for later tricks.
- **Keep** the wild and special cards: a Joker in a group costs 12 (more than shedding it
  gains); breaking up a group of one value (playing 2 of its 4 cards) costs 4 per card left.
- **Close**: a play that closes the trick (a Rainbow and a Shadow together, a Shadow Simple, a
  Rainbow on six, the Num-X) wins the lead; worth 12 when following.
- **Never strand**: an Infini or the Num-X cannot be a last card and a hand of only those is
  blocked (it ranks last). Playing one costs 25 while the hand holds many classic cards, and
  pays 30 once the classic cards run low; a play that would leave the hand blocked costs 100.
- **Danger**: when an opponent holds 3 cards or fewer, a follower stops passing on cheap
  grounds (every play gains 15) and an Infini over his play is worth making.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action
from inferno_rules.games.num_inferno.cards import (
    INFINI,
    JOKER,
    KIND,
    NUMX,
    RAINBOW,
    SHADOW,
    VALUE,
    is_classic,
)

from .base import require_legal

SHED = 10.0
WEAKNESS = 1.0
JOKER_COST = 12.0
BREAK_COST = 4.0
CLOSE_BONUS = 12.0
SPECIAL_COST = 25.0
SPECIAL_URGENT = 30.0
BLOCKED_COST = 100.0
DANGER_CARDS = 3
DANGER_BONUS = 15.0
#: A follower passes when its best play scores less than this (a cheap trick is not worth a
#: strong card or a Joker).
FOLLOW_BAR = 8.0


def _closes(cards: Sequence[str]) -> bool:
    kinds = [KIND[c] for c in cards]
    if kinds == [NUMX]:
        return True
    if RAINBOW in kinds and SHADOW in kinds:
        return True
    top = kinds[-1]
    return (top == SHADOW and len(cards) == 1) or (top == RAINBOW and len(cards) == 6)


class NumInfernoHeuristic:
    name = "heuristic"

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        require_legal(self.name, legal)
        plays = [a for a in legal if a.kind == "play"]
        can_pass = any(a.kind == "pass" for a in legal)
        if not plays:
            return legal[0]
        hand = list(view.get("hand", ()))
        leading = view.get("req_count") is None
        seat = view.get("seat")
        sizes = list(view.get("hand_sizes", ()))
        danger = any(n <= DANGER_CARDS for s, n in enumerate(sizes) if s != seat and n > 0)
        scored = [(self.score(view, hand, a.arg, leading, danger), i) for i, a in enumerate(plays)]
        best, index = max(scored)
        if can_pass and not leading and best < FOLLOW_BAR:
            return next(a for a in legal if a.kind == "pass")
        return plays[index]

    def score(
        self,
        view: Mapping[str, Any],
        hand: list[str],
        cards: Sequence[str],
        leading: bool,
        danger: bool,
    ) -> float:
        left = [c for c in hand if c not in cards]
        classic_left = sum(1 for c in left if is_classic(c))
        specials_held = sum(1 for c in hand if KIND[c] in (INFINI, NUMX))
        if left and classic_left == 0:
            return -BLOCKED_COST
        kinds = [KIND[c] for c in cards]
        if kinds[0] in (INFINI, NUMX):
            # Urgent once the classic cards could run out before the specials are gone.
            urgent = sum(1 for c in hand if is_classic(c)) <= specials_held + 3
            score = SPECIAL_URGENT if urgent else -SPECIAL_COST
            if kinds[0] == NUMX and view.get("status") == "CUT":
                score += CLOSE_BONUS + SHED
            if kinds[0] == INFINI and danger and not leading:
                score += DANGER_BONUS + SPECIAL_COST
            return score
        value = next(VALUE[c] for c in cards if is_classic(c))
        weakness = (16 - value) if view.get("direction", "UP") == "UP" else value
        score = SHED * len(cards) + WEAKNESS * weakness
        score -= JOKER_COST * kinds.count(JOKER)
        same_value_left = sum(1 for c in left if is_classic(c) and VALUE[c] == value)
        score -= BREAK_COST * same_value_left
        if not leading:
            if _closes(cards):
                score += CLOSE_BONUS
            if danger:
                score += DANGER_BONUS
        if not left:
            score += 100.0  # going out
        return score
