"""A table played in-process on the rules core, every seat a bot: for the arena and tests.

Each bot is handed exactly what a client would get (its seat's view and legal actions), never
the state. A real-time game that waits for the clock is ticked at the moment it asks for, as the
timer service would. A bot that answers with an illegal action is a bug, so it stops the game
with :class:`BotMistake` instead of being quietly replaced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import CLOCK, Action, Game, Rejected, Result, Viewer

from .bots import Bot

#: No game on the platform comes near this many decisions; reaching it means a loop.
MAX_DECISIONS = 200_000


class BotMistake(RuntimeError):
    """A bot chose an action the rules refused."""


def play_table(
    game: Game[Any],
    players: int,
    options: Mapping[str, object] | None,
    seed: str,
    seats: Sequence[Bot],
    rng: random.Random,
) -> tuple[Result, int]:
    """Play one game from ``seed`` with ``seats[i]`` at seat ``i``: (result, decisions made)."""
    if len(seats) != players:
        raise ValueError(f"{players} seats need {players} bots; got {len(seats)}")
    state = game.new_game(players, options, seed)
    decisions = 0
    while not game.is_over(state):
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"{game.info.name} did not end after {MAX_DECISIONS} decisions")
        decision = game.decision(state)
        if not decision.seats:
            out = game.apply(state, CLOCK, Action("tick", decision.tick_at))
        else:
            # Simultaneous decisions are independent: taking the seats in order is fair.
            seat = decision.seats[0]
            bot = seats[seat]
            legal = game.legal_actions(state, seat)
            action = bot.choose(game.view(state, Viewer.of_seat(seat)), legal, rng)
            out = game.apply(state, seat, action)
            decisions += 1
            if isinstance(out, Rejected):
                raise BotMistake(
                    f"the {bot.name} bot at seat {seat} chose {action!r}, which the rules "
                    f"refused: {out.message}"
                )
        if isinstance(out, Rejected):
            raise RuntimeError(f"the clock tick was refused: {out.message}")
        state = out.state
    result = game.result(state)
    assert result is not None
    return result, decisions
