"""The games the platform knows, by short name (``oh_hell``, ``inferno``…).

Services look games up here; nothing else in the platform names a game's module. A game
module registers itself when :mod:`inferno_rules.games` is imported.
"""

from __future__ import annotations

from typing import Any

from .core import Game

_GAMES: dict[str, Game[Any]] = {}


class UnknownGame(LookupError):
    """No game is registered under that name."""

    def __init__(self, name: str) -> None:
        known = ", ".join(sorted(_GAMES)) or "none"
        super().__init__(f"no game is called {name!r}; the games are: {known}")
        self.name = name


def register(game: Game[Any]) -> Game[Any]:
    """Add a game under ``game.info.name``; registering the same name twice is an error."""
    name = game.info.name
    if name in _GAMES and _GAMES[name] is not game:
        raise ValueError(f"a game called {name!r} is already registered")
    _GAMES[name] = game
    return game


def get_game(name: str) -> Game[Any]:
    """The game registered as ``name``; raises :class:`UnknownGame` otherwise."""
    _load_builtin_games()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(name) from None


def all_games() -> dict[str, Game[Any]]:
    """Every registered game, by name, in name order."""
    _load_builtin_games()
    return dict(sorted(_GAMES.items()))


def _load_builtin_games() -> None:
    from . import games  # noqa: F401  (importing registers them)
