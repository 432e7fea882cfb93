"""What kind of game a table plays, as the worker needs to know it: turns, or real time.

Turn-based games (Oh Hell, Inferno) get turn clocks, timeouts and a bot move per decision;
real-time games (Burn in Hell) get clock ticks and bots that look at the table at a human pace.
"""

from __future__ import annotations

from inferno_rules import UnknownGame, get_game


def is_real_time(game: str) -> bool:
    """Whether ``game`` moves on by clock ticks (no turns, no turn clocks); False for a game
    this worker does not know."""
    try:
        return bool(get_game(game).info.nature.real_time)
    except UnknownGame:
        return False
