"""The rules core: every game as pure functions over immutable, serialisable state.

Standard library only, no I/O. See ``docs/rules-interface.md`` for the contract.
"""

from .core import (
    CLOCK,
    OPERATOR,
    SPECTATOR,
    Action,
    Applied,
    Decision,
    Event,
    Game,
    Outcome,
    Rejected,
    Result,
    RoundScore,
    Viewer,
    rank_seats,
    visible_events,
)
from .options import GameInfo, Nature, OptionError, OptionSpec, validate_options
from .registry import UnknownGame, all_games, get_game, register
from .seeding import Stream, commitment, new_seed, shuffled

__all__ = [
    "CLOCK",
    "OPERATOR",
    "SPECTATOR",
    "Action",
    "Applied",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "Nature",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "Rejected",
    "Result",
    "RoundScore",
    "Stream",
    "UnknownGame",
    "Viewer",
    "all_games",
    "commitment",
    "get_game",
    "new_seed",
    "rank_seats",
    "register",
    "shuffled",
    "validate_options",
    "visible_events",
]
