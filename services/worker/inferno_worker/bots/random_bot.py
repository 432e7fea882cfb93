"""The random bot: any legal action, uniformly. It plays every game and is the arena's
yardstick; it reads nothing of the view, so it needs nothing game-specific."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action

from .base import require_legal


class RandomBot:
    """Picks uniformly among the legal actions with the ``rng`` it is given."""

    name = "random"

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        require_legal(self.name, legal)
        return legal[rng.randrange(len(legal))]
