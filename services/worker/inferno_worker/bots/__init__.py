"""Bots: one interface over the rules core, and the bots each game has.

``get_bot(game, name)`` gives a fresh bot; ``bot_names(game)`` lists them. Every game has
``random``; Oh Hell, Inferno, Burn in Hell, Num Inferno and Dante's Inferno also have
``heuristic``. See :mod:`inferno_worker.bots.base` for the interface (and
:func:`choose_or_pass`, a real-time seat's chance to act or pass) and ``docs/bots.md`` for how
strong each is.
"""

from .base import (
    ANY_GAME,
    Bot,
    NoLegalAction,
    PassingBot,
    UnknownBot,
    bot_names,
    choose_or_pass,
    get_bot,
    register_bot,
)
from .burn_in_hell import BurnInHellHeuristic
from .dantes_inferno import DantesInfernoHeuristic
from .inferno import InfernoHeuristic
from .num_inferno import NumInfernoHeuristic
from .oh_hell import OhHellHeuristic
from .random_bot import RandomBot

register_bot(ANY_GAME, "random", RandomBot)
register_bot("oh_hell", "heuristic", OhHellHeuristic)
register_bot("inferno", "heuristic", InfernoHeuristic)
register_bot("burn_in_hell", "heuristic", BurnInHellHeuristic)
register_bot("num_inferno", "heuristic", NumInfernoHeuristic)
register_bot("dantes_inferno", "heuristic", DantesInfernoHeuristic)

__all__ = [
    "ANY_GAME",
    "Bot",
    "BurnInHellHeuristic",
    "DantesInfernoHeuristic",
    "InfernoHeuristic",
    "NoLegalAction",
    "NumInfernoHeuristic",
    "OhHellHeuristic",
    "PassingBot",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "choose_or_pass",
    "get_bot",
    "register_bot",
]
