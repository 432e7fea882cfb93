"""What a bot is, and the registry that finds one by game and name.

A bot plays a seat exactly as a client would: it gets that seat's view (the dict the rules
core's ``game.view(state, Viewer.of_seat(seat))`` returns, the same data the engine sends a
player) and the seat's legal actions, and returns one of those actions. It never sees the state,
so it cannot look at other hands. Bots are registered per game by a short name (``heuristic``);
a bot registered for ``ANY_GAME`` (``random``) plays every game the rules core knows.

In a real-time game (``info.nature.real_time``: every seat may act at any moment) a bot may
also choose to do nothing this time. Such a bot has a second method, ``choose_or_pass``, that
returns an action or ``None`` (a pass); callers of real-time tables use
:func:`choose_or_pass`, which falls back on ``choose`` for bots without one (they never pass).
``choose`` itself always returns an action, so every turn-based caller is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from inferno_rules import Action, all_games

#: Registers a bot for every game: it must work from the legal actions alone.
ANY_GAME = "*"


@runtime_checkable
class Bot(Protocol):
    """Chooses a seat's next action from what that seat may see."""

    name: str

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """One of ``legal``. ``rng`` is the only randomness a bot may use (so runs replay)."""
        ...


@runtime_checkable
class PassingBot(Bot, Protocol):
    """A bot that may pass in a real-time game (see the module doc)."""

    def choose_or_pass(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """One of ``legal``, or ``None`` to do nothing this time."""
        ...


def choose_or_pass(
    bot: Bot, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
) -> Action | None:
    """A real-time seat's chance to act: the bot's action, or ``None`` when it passes. Bots
    without ``choose_or_pass`` (the random bot) always act, through ``choose``."""
    if isinstance(bot, PassingBot):
        return bot.choose_or_pass(view, legal, rng)
    return bot.choose(view, legal, rng)


class UnknownBot(LookupError):
    """No bot by that name plays that game (or there is no such game)."""


class NoLegalAction(ValueError):
    """A bot was asked to move with no legal action: it is not that seat's decision."""


_BOTS: dict[tuple[str, str], Callable[[], Bot]] = {}


def register_bot(game: str, name: str, make: Callable[[], Bot]) -> None:
    """Add a bot under ``(game, name)``; ``game`` may be :data:`ANY_GAME`."""
    key = (game, name)
    if key in _BOTS and _BOTS[key] is not make:
        raise ValueError(f"a bot called {name!r} is already registered for {game!r}")
    _BOTS[key] = make


def bot_names(game: str) -> list[str]:
    """The names of the bots that play ``game``, sorted; raises :class:`UnknownBot` for a
    game the rules core does not know."""
    _check_game(game)
    return sorted({name for g, name in _BOTS if g in (game, ANY_GAME)})


def get_bot(game: str, name: str) -> Bot:
    """A fresh bot called ``name`` for ``game`` (a game's own bot wins over a generic one)."""
    _check_game(game)
    make = _BOTS.get((game, name)) or _BOTS.get((ANY_GAME, name))
    if make is None:
        known = ", ".join(bot_names(game))
        raise UnknownBot(f"no bot called {name!r} plays {game}; the bots for {game} are: {known}")
    return make()


def require_legal(bot: str, legal: Sequence[Action]) -> None:
    """Refuse to choose from nothing, with a message that says why it happened."""
    if not legal:
        raise NoLegalAction(
            f"the {bot} bot was asked to move but has no legal action: "
            "it is not this seat's decision"
        )


def _check_game(game: str) -> None:
    games = all_games()
    if game not in games:
        raise UnknownBot(f"no game is called {game!r}; the games are: {', '.join(games)}")
