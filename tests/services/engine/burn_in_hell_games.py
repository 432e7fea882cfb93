"""Whole Burn in Hell games on the real rules core, moved by a simulated clock.

The clock follows the engine's time contract: time enters only as ``Action("tick", ms)`` by
``CLOCK``; before every seat command the clock ticks to the command's time, and the tick's
events and the command's make one version of the table (one atomic step). Between commands the
timer ticks at ``decision().tick_at`` when that comes first. Seats choose a kind of command at
random among those they may make, then one command of that kind, so Specials, offers, Circles
and DIG sessions all come up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from inferno_rules import CLOCK, Action, Applied, Event, get_game

GAME_NAME = "burn_in_hell"


class Part(NamedTuple):
    """One move of a version: who made it, the move, the states around it, its events."""

    actor: int
    action: Action
    before: Any
    events: list[Event]
    after: Any


class Step(NamedTuple):
    """One version: the state before it, its moves (a tick, then maybe a seat command), their
    events, the state after."""

    before: Any
    parts: list[Part]
    events: list[Event]
    after: Any

    @property
    def moves(self) -> list[tuple[int, Action]]:
        return [(p.actor, p.action) for p in self.parts]


def _apply(state: Any, actor: int, action: Action) -> Applied | None:
    out = get_game(GAME_NAME).apply(state, actor, action)
    return out if isinstance(out, Applied) else None


def play(
    players: int, options: dict[str, object], seed: str, rng: random.Random, max_steps: int = 5000
) -> Iterator[Step]:
    """Yield every version of one game until it is over (or ``max_steps`` versions)."""
    game = get_game(GAME_NAME)
    state = game.new_game(players, options, seed)
    yield Step(state, [], list(game.opening_events(state)), state)
    now = 0
    for _ in range(max_steps):
        if game.is_over(state):
            return
        decision = game.decision(state)
        now += rng.choice((0, 50, 150, 400, 900))
        due = decision.tick_at
        timer_first = due is not None and due <= now and (not decision.seats or rng.random() < 0.5)
        if timer_first:
            # The timer fires on time, before the next command.
            now = max(due, state.now)
        tick = Action("tick", now)
        ticked = _apply(state, CLOCK, tick)
        assert ticked is not None
        parts = [Part(CLOCK, tick, state, list(ticked.events), ticked.state)]
        seats = () if timer_first else game.decision(ticked.state).seats
        if seats:
            seat = rng.choice(seats)
            command = choose(game.legal_actions(ticked.state, seat), rng)
            if command is not None:
                done = _apply(ticked.state, seat, command)
                assert done is not None, (seat, command)
                parts.append(Part(seat, command, ticked.state, list(done.events), done.state))
        events = [e for p in parts for e in p.events]
        if len(parts) > 1 or events:
            yield Step(state, parts, events, parts[-1].after)
        state = parts[-1].after


def choose(legal: list[Action], rng: random.Random) -> Action | None:
    """A kind at random, then a command of that kind ("finished" rarely, so rounds run on)."""
    kinds = sorted({a.kind for a in legal} - {"finished"})
    if not kinds or rng.random() < 0.03:
        on = [a for a in legal if a.kind == "finished"]
        return on[0] if on else None
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a.kind == kind])


def private_tokens(state: Any) -> dict[int, frozenset[str]]:
    return get_game(GAME_NAME).private_tokens(state)


def hidden_from(state: Any, seat: int | None) -> frozenset[str]:
    """The cards ``seat`` may not see in ``state`` (``None``: a spectator, who sees no
    private card): every other seat's private cards and the cards nobody sees (key CLOCK)."""
    found: set[str] = set()
    for owner, cards in private_tokens(state).items():
        if owner != seat:
            found |= cards
    return frozenset(found)
