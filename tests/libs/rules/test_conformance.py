"""One conformance test for every registered game, driven by hypothesis.

Each example picks a game, a player count, options (from the game's own declarations) and a
seed, then plays a random game to the end. At every step it checks the contract of
docs/rules-interface.md: someone can move, every legal action applies, everything else is
refused without changing a byte, states round-trip through bytes, no view or event shown to a
seat holds another seat's hidden cards, and the game ends. At the end it replays the game from
(seed, action log) and compares every state byte for byte. New games are covered for free.

The checks take a ``Game`` object, so a game that is not registered yet (its wire codec not
written) can run them from its own module.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inferno_rules import (
    CLOCK,
    OPERATOR,
    SPECTATOR,
    Applied,
    Game,
    Rejected,
    Viewer,
    all_games,
    visible_events,
)
from inferno_rules.options import OptionError, OptionSpec

GAMES = all_games()
MAX_STEPS = 20_000
CASES = [
    (name, n)
    for name, game in GAMES.items()
    for n in range(game.info.min_players, game.info.max_players + 1)
]


def option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "enum":
        return st.sampled_from(spec.choices)
    lo = spec.minimum if spec.minimum is not None else 0
    hi = spec.maximum if spec.maximum is not None else lo + 10
    return st.integers(lo, hi)


@st.composite
def setups(draw: st.DrawFn, game: Game[Any]) -> dict[str, Any]:
    options = {spec.name: draw(option_values(spec)) for spec in game.info.options}
    for first, second, _ in game.info.exclusive:
        if options.get(first) and options.get(second):
            options[second] = False
    # A game that random players never finish (no turn limit) is played as a short match.
    for name, value in game.info.short_match:
        assert isinstance(value, int) and not isinstance(value, bool)
        options[name] = draw(st.integers(1, value))
    return options


def leaks(data: Any, secrets: set[str]) -> set[str]:
    text = json.dumps(data)
    return {token for token in secrets if json.dumps(token) in text}


def check_views(game: Game[Any], state: Any, events: list[Any]) -> None:
    """No view or event shown to a viewer holds a card hidden from that viewer.

    Views are checked against every card hidden from the viewer now. Events are checked against
    the cards hidden from the viewer after the step, except those the rules showed to everyone
    within the same step (a trick won and then dealt again, stacks revealed at scoring and then
    reshuffled): an event sent to the wrong audience is caught.
    """
    private = game.private_tokens(state)
    everyone = set().union(*private.values()) if private else set()
    shown = set(leaks([e.data for e in visible_events(events, SPECTATOR)], everyone))
    assert not leaks(game.view(state, SPECTATOR), everyone), "spectator view leaks a hidden card"
    for seat in range(game.players(state)):
        viewer = Viewer.of_seat(seat)
        hidden = everyone - set(private.get(seat, ()))
        found = leaks(game.view(state, viewer), hidden)
        assert not found, f"seat {seat}'s view shows {found}"
        found = leaks([e.data for e in visible_events(events, viewer)], hidden - shown)
        assert not found, f"seat {seat}'s events show {found}"
    json.dumps(game.view(state, OPERATOR))  # operators may see all, but it must serialise


def check_step(game: Game[Any], state: Any, rng: random.Random) -> None:
    data = game.encode(state)
    again = game.decode(data)
    assert again == state and game.encode(again) == data, "state does not round-trip"
    decision = game.decision(state)
    assert decision.seats or decision.tick_at is not None, "nobody can move in a live game"
    waiting = game.waiting_on(state)
    assert set(waiting) <= set(decision.seats), "the table waits for a seat that may not act"
    assert waiting or not decision.seats, "seats may act but the table waits for nobody"
    for seat in decision.seats:
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        for action in legal:
            assert isinstance(game.apply(state, seat, action), Applied), action
        for action in game.probe_actions(state):
            if action not in legal:
                out = game.apply(state, seat, action)
                assert isinstance(out, Rejected), f"illegal {action} was accepted"
                assert out.message and out.code
        others = [s for s in range(game.players(state)) if s not in decision.seats]
        if others:
            out = game.apply(state, rng.choice(others), legal[0])
            # In a real-time game every seat may act; one left out has used up its rate limit.
            expected = "rate" if game.info.nature.real_time else "not_your_turn"
            assert isinstance(out, Rejected) and out.code == expected, out
    if decision.tick_at is None:
        assert isinstance(game.apply(state, CLOCK, ("tick", None)), Rejected)
    assert game.encode(state) == data, "a refused action changed the state"


def play(
    game: Game[Any], players: int, options: dict[str, Any], seed: str, rng: random.Random
) -> None:
    state = game.new_game(players, options, seed)
    log: list[tuple[int, Any]] = []
    states = [game.encode(state)]
    check_views(game, state, list(game.opening_events(state)))
    steps = 0
    while not game.is_over(state):
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        check_step(game, state, rng)
        decision = game.decision(state)
        # A real-time game also moves while seats may act: the clock ticks between commands.
        ticks_now = decision.tick_at is not None and (not decision.seats or rng.random() < 0.4)
        if not ticks_now:
            seat = rng.choice(decision.seats)
            action = rng.choice(game.legal_actions(state, seat))
        else:
            # Real-time games: sometimes the timer is late and the tick catches up.
            late = rng.choice((0, 0, rng.randrange(10_000))) if decision.seats else 0
            seat, action = CLOCK, ("tick", decision.tick_at + late)
        out = game.apply(state, seat, action)
        assert isinstance(out, Applied)
        check_views(game, out.state, list(out.events))
        state = out.state
        log.append((seat, action))
        states.append(game.encode(state))
    assert game.decision(state).seats == ()
    result = game.result(state)
    assert result is not None and len(result.scores) == players
    assert set(result.winners) == {s for s, r in enumerate(result.ranking) if r == 1}
    # Scoring stores a result's rounds numbered 1, 2, 3… in order (and refuses anything else).
    assert [r.number for r in result.rounds] == list(range(1, len(result.rounds) + 1))
    # Replay from (seed, action log): every state, byte for byte.
    replay = game.new_game(players, options, seed)
    assert game.encode(replay) == states[0]
    for (seat, action), expected in zip(log, states[1:], strict=True):
        out = game.apply(replay, seat, action)
        assert isinstance(out, Applied)
        replay = out.state
        assert game.encode(replay) == expected, "replay diverged"


def check_random_playouts(game: Game[Any], players: int, examples: int = 5) -> None:
    """Hypothesis-driven random playouts of ``game`` at ``players`` seats (any game object,
    registered or not), each checked by :func:`play`."""

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        options=setups(game),
        seed=st.text(min_size=1, max_size=12),
        moves=st.integers(0, 2**32),
    )
    def run(options: dict[str, Any], seed: str, moves: int) -> None:
        play(game, players, options, seed, random.Random(moves))

    run()


def check_player_counts(game: Game[Any]) -> None:
    for bad in (game.info.min_players - 1, game.info.max_players + 1, "4", None):
        with pytest.raises(OptionError) as err:
            game.new_game(bad, {}, "seed")
        assert err.value.option == "players"


def check_option_values(game: Game[Any]) -> None:
    for spec in game.info.options:
        with pytest.raises(OptionError) as err:
            game.new_game(game.info.min_players, {spec.name: object()}, "seed")
        assert err.value.option == spec.name and err.value.allowed


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts_keep_the_contract(name: str, players: int) -> None:
    check_random_playouts(GAMES[name], players)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_player_counts_outside_the_range_are_refused(name: str) -> None:
    check_player_counts(GAMES[name])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_option_refuses_a_wrong_value(name: str) -> None:
    check_option_values(GAMES[name])
