"""A table played in-process on the rules core, every seat a bot: for the arena and tests.

Each bot is handed exactly what a client would get (its seat's view and legal actions), never
the state. A turn-based game asks the seat whose decision it is; when nobody is to act and the
game waits for the clock, it is ticked at the moment it asks for, as the timer service would.

A real-time game (``info.nature.real_time``: every seat may act at any moment) runs on a
simulated game clock: each seat gets a chance to act every :data:`PACE_MS` milliseconds of game
time, with a seeded jitter (a human-like rhythm), where it may also pass
(:func:`~inferno_worker.bots.choose_or_pass`); the clock is ticked at ``decision().tick_at``
and, as the engine does, to the current time right before each seat's command. No real time
passes, so a whole game takes a fraction of a second of CPU.

A bot that answers with an illegal action is a bug, so it stops the game with
:class:`BotMistake` instead of being quietly replaced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import CLOCK, Action, Applied, Game, Rejected, Result, Viewer

from .bots import Bot, choose_or_pass

#: No game on the platform comes near this many decisions; reaching it means a loop.
MAX_DECISIONS = 200_000
#: A real-time seat's chances to act come this many game milliseconds apart (uniform jitter).
PACE_MS = (500, 1500)
#: A real-time game longer than this much game time (6 hours) is stuck in a loop.
MAX_GAME_MS = 6 * 3600 * 1000


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
    """Play one game from ``seed`` with ``seats[i]`` at seat ``i``: (result, decisions made).

    For a real-time game, decisions count the chances the bots were given, passes included.
    """
    if len(seats) != players:
        raise ValueError(f"{players} seats need {players} bots; got {len(seats)}")
    state = game.new_game(players, options, seed)
    if game.info.nature.real_time:
        return _play_real_time(game, state, seats, rng)
    decisions = 0
    last = -1
    while not game.is_over(state):
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"{game.info.name} did not end after {MAX_DECISIONS} decisions")
        decision = game.decision(state)
        if not decision.seats:
            state = _tick(game, state, decision.tick_at)
            continue
        # Only the seats the table waits for are asked, as the worker does (in Dante's
        # Inferno's MAIN step: the active player and a seat with an offer to answer).
        # Simultaneous decisions are independent: taking the seats in order is fair, except
        # that a seat that has just moved lets the next waiting one go first (an offer is
        # answered before its sender moves on).
        waiting = game.waiting_on(state)
        seat = next((s for s in waiting if s != last), waiting[0])
        last = seat
        bot = seats[seat]
        legal = game.legal_actions(state, seat)
        action = bot.choose(game.view(state, Viewer.of_seat(seat)), legal, rng)
        state = _command(game, state, seat, bot, action)
        decisions += 1
    return _result(game, state), decisions


def _play_real_time(
    game: Game[Any], state: Any, seats: Sequence[Bot], rng: random.Random
) -> tuple[Result, int]:
    """The simulated clock: the earliest of the next tick and the seats' next chances goes
    first (a tick first on a tie, as the timer would have fired already)."""
    now = 0
    chance_at = [now + rng.randint(*PACE_MS) for _ in seats]
    decisions = 0
    while not game.is_over(state):
        if decisions >= MAX_DECISIONS or now > MAX_GAME_MS:
            raise RuntimeError(
                f"{game.info.name} did not end after {decisions} chances and {now} ms of play"
            )
        decision = game.decision(state)
        ready = list(decision.seats)
        seat = min(ready, key=lambda s: (chance_at[s], s)) if ready else None
        tick_at = decision.tick_at
        if seat is None or (tick_at is not None and tick_at <= chance_at[seat]):
            if tick_at is None:
                raise RuntimeError(f"{game.info.name} waits for nobody and for no tick")
            now = max(now, tick_at)
            state = _tick(game, state, tick_at)
            continue
        # The engine ticks to the current time right before a seat's command.
        now = max(now, chance_at[seat])
        state = _tick(game, state, now)
        chance_at[seat] = now + rng.randint(*PACE_MS)
        if seat not in game.decision(state).seats:
            continue  # the tick ended the round or the game, or the seat is rate-limited
        bot = seats[seat]
        legal = game.legal_actions(state, seat)
        decisions += 1
        action = choose_or_pass(bot, game.view(state, Viewer.of_seat(seat)), legal, rng)
        if action is not None:
            state = _command(game, state, seat, bot, action)
    return _result(game, state), decisions


def _tick(game: Game[Any], state: Any, tick_at: int | None) -> Any:
    if tick_at is None:
        raise RuntimeError(f"{game.info.name} waits for nobody and for no tick")
    out = game.apply(state, CLOCK, Action("tick", tick_at))
    if isinstance(out, Rejected):
        raise RuntimeError(f"the clock tick was refused: {out.message}")
    return out.state


def _command(game: Game[Any], state: Any, seat: int, bot: Bot, action: Action) -> Any:
    out = game.apply(state, seat, action)
    if isinstance(out, Rejected):
        raise BotMistake(
            f"the {bot.name} bot at seat {seat} chose {action!r}, which the rules "
            f"refused: {out.message}"
        )
    assert isinstance(out, Applied)
    return out.state


def _result(game: Game[Any], state: Any) -> Result:
    result = game.result(state)
    assert result is not None
    return result
