"""Whole Burn in Hell games played by random agents on a simulated clock: every game ends, every
card is always in exactly one place, refusals change nothing, and no seat ever sees another
seat's private cards (views and events)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inferno_rules import CLOCK, SPECTATOR, Action, Applied, Rejected, Viewer, visible_events
from inferno_rules.games.burn_in_hell.cards import CARD_IDS
from inferno_rules.games.burn_in_hell.state import BurnState

from .burn_helpers import GAME

MAX_STEPS = 20_000


def places(state: BurnState) -> Counter[str]:
    """How many times each card appears across every zone of the table."""
    found: Counter[str] = Counter(state.deck)
    found.update(state.discard)
    for seat in range(state.players):
        found.update(state.tables[seat])
        found.update(state.hands[seat])
        for circle in state.circles[seat]:
            found.update(circle)
    found.update(dig[1] for dig in state.digs)
    return found


def check_conservation(state: BurnState) -> None:
    if state.phase == "over":
        return
    assert places(state) == Counter(CARD_IDS), "a card was lost or duplicated"


def shown(data: Any, tokens: set[str]) -> set[str]:
    text = json.dumps(data)
    return {t for t in tokens if json.dumps(t) in text}


def check_no_leaks(state: BurnState, events: tuple[Any, ...]) -> None:
    private = GAME.private_tokens(state)
    everyone = set().union(*private.values()) if private else set()
    public_now = shown([e.data for e in visible_events(events, SPECTATOR)], everyone)
    assert not shown(GAME.view(state, SPECTATOR), everyone)
    for seat in range(state.players):
        viewer = Viewer.of_seat(seat)
        hidden = everyone - set(private.get(seat, ()))
        assert not shown(GAME.view(state, viewer), hidden), f"seat {seat}'s view leaks"
        seen = [e.data for e in visible_events(events, viewer)]
        assert not shown(seen, hidden - public_now), f"seat {seat}'s events leak"


def random_game(players: int, options: dict[str, Any], seed: str, rng: random.Random) -> int:
    """Random agents: between ticks, random seats send random legal (or, sometimes, arbitrary)
    commands; the clock ticks at ``tick_at`` or, like a late timer, beyond it."""
    state = GAME.new_game(players, options, seed)
    steps = 0
    while state.phase != "over":
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        decision = GAME.decision(state)
        assert decision.tick_at is not None and decision.tick_at >= state.now
        if decision.seats and rng.random() < 0.6:
            seat = rng.choice(decision.seats)
            legal = GAME.legal_actions(state, seat)
            if rng.random() < 0.1:
                action = rng.choice(GAME.probe_actions(state))
            else:
                action = rng.choice(legal)
            before = GAME.encode(state)
            out = GAME.apply(state, seat, action)
            if isinstance(out, Rejected):
                # repr, not ==: Action("accept", True) == Action("accept", 1) in Python.
                assert repr(action) not in {repr(a) for a in legal}
                assert GAME.encode(state) == before
                continue
        else:
            late = rng.choice([0, 0, 0, rng.randrange(1, 7000)])
            out = GAME.apply(state, CLOCK, Action("tick", decision.tick_at + late))
        assert isinstance(out, Applied), out
        check_conservation(out.state)
        check_no_leaks(out.state, out.events)
        assert GAME.decode(GAME.encode(out.state)) == out.state
        state = out.state
    result = GAME.result(state)
    assert result is not None and len(result.scores) == players
    assert len(result.rounds) == (players if options.get("MATCH", "SERIES") == "SERIES" else 1)
    return steps


@pytest.mark.parametrize("players", [4, 6, 8])
def test_random_agents_finish_open_games_without_leaks(players: int) -> None:
    rng = random.Random(players)
    random_game(players, {"MATCH": "OPEN", "DEAL_INTERVAL_MS": 1000}, f"open-{players}", rng)


def test_a_random_series_finishes() -> None:
    random_game(5, {"MATCH": "SERIES"}, "series", random.Random(5))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(4, 8),
    interval=st.integers(1000, 5000),
    seed=st.text(min_size=1, max_size=8),
    moves=st.integers(0, 2**32),
)
def test_property_any_random_open_game_keeps_the_invariants(
    players: int, interval: int, seed: str, moves: int
) -> None:
    random_game(
        players, {"MATCH": "OPEN", "DEAL_INTERVAL_MS": interval}, seed, random.Random(moves)
    )


@settings(max_examples=30, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), late=st.lists(st.integers(0, 9000), max_size=40))
def test_property_ticking_late_or_on_time_reaches_the_same_state(
    seed: str, late: list[int]
) -> None:
    """Ticks at arbitrary times up to T reach the same state as one tick at T."""
    state = GAME.new_game(4, {"MATCH": "OPEN"}, seed)
    step = state
    now = 0
    for extra in late:
        now += extra
        out = GAME.apply(step, CLOCK, Action("tick", now))
        assert isinstance(out, Applied)
        step = out.state
    once = GAME.apply(state, CLOCK, Action("tick", now))
    assert isinstance(once, Applied)
    assert GAME.encode(once.state) == GAME.encode(step)
