"""The rules core: every game as pure functions over immutable, serialisable state.

Standard library only, no I/O. See ``docs/rules-interface.md`` for the contract.

The modules below load from their mypyc build when one is present and up to date, else from
this source; ``INFERNO_RULES_IMPL`` picks (see :mod:`inferno_rules.native`), and
:data:`IMPLEMENTATION` says which one runs.
"""

from . import native as _native

#: ``"compiled"`` (the mypyc build) or ``"pure"`` (this source).
IMPLEMENTATION, _compiled_dir = _native.choose()
if _compiled_dir is not None:
    # Submodules are looked up along __path__: the build's extension modules come first.
    __path__.insert(0, str(_compiled_dir))

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
    "IMPLEMENTATION",
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
