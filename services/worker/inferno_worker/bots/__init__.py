"""Bots: one interface over the rules core, and the bots each game has.

``get_bot(game, name)`` gives a fresh bot; ``bot_names(game)`` lists them. Every game has
``random``; Oh Hell and Inferno also have ``heuristic``. See :mod:`inferno_worker.bots.base` for the
interface and ``docs/bots.md`` for how strong each is.
"""

from .base import (
    ANY_GAME,
    Bot,
    NoLegalAction,
    UnknownBot,
    bot_names,
    get_bot,
    register_bot,
)
from .inferno import InfernoHeuristic
from .oh_hell import OhHellHeuristic
from .random_bot import RandomBot

register_bot(ANY_GAME, "random", RandomBot)
register_bot("oh_hell", "heuristic", OhHellHeuristic)
register_bot("inferno", "heuristic", InfernoHeuristic)

__all__ = [
    "ANY_GAME",
    "Bot",
    "InfernoHeuristic",
    "NoLegalAction",
    "OhHellHeuristic",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "get_bot",
    "register_bot",
]
