"""The game clock of real-time tables (Burn in Hell): server time ⇄ game time, and catching up.

A real-time game moves on by itself: cards are dealt every few seconds, holds and offers run
out. The rules core never reads a clock; time reaches it only as clock ticks (actor ``CLOCK``,
``Action("tick", game_ms)``), and ``decision(state).tick_at`` says when the next one is due.

The engine keeps, per real-time table, ``clock_origin``: the server time (ms) at which the game
clock read 0, moved later by every pause, so while the table is live its game time is
``now - clock_origin`` and while it is paused the clock stands at the moment it was paused.
Before every change of a live real-time table (a seat's command, the timer's tick, a pause) the
engine brings the game up to its clock with one tick, in the same atomic commit as the change,
so a command is judged against the table as it is at that moment: a hold that ran out a second
ago has ended, a card due half a second ago has been dealt.
"""

from __future__ import annotations

from typing import Any

from inferno_rules import CLOCK, Action, Applied, Event, Game

from .store import Snapshot


def is_real_time(game: Game[Any]) -> bool:
    return bool(game.info.nature.real_time)


def game_time(snap: Snapshot, now_ms: int, paused: bool) -> int:
    """The table's game clock at server time ``now_ms`` (frozen at the pause while paused:
    a paused real-time table's ``since_ms`` is when it was paused)."""
    return max(0, (snap.since_ms if paused else now_ms) - (snap.clock_origin or 0))


def catch_up(game: Game[Any], state: Any, game_ms: int) -> tuple[Any, tuple[Event, ...]]:
    """The state with everything due up to ``game_ms`` done, and what that caused.

    A tick the rules refuse (another engine process whose clock runs a little behind already
    took the table further) leaves the state as it is: the command is then judged at the
    table's own latest time, never earlier.
    """
    out = game.apply(state, CLOCK, Action("tick", game_ms))
    if isinstance(out, Applied):
        return out.state, out.events
    return state, ()


def next_tick_at(game: Game[Any], state: Any, origin: int) -> int:
    """Server time (ms) of the next tick the game asks for; 0 when none is due."""
    tick_at = game.decision(state).tick_at
    return 0 if tick_at is None else origin + int(tick_at)
