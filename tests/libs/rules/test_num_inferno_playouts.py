"""Whole Num Inferno games: random games finish at every seat count, replay from the seed and
the action log gives the same states, and the result is explained by the round points."""

from __future__ import annotations

import random

import pytest

from inferno_rules import Action
from inferno_rules.core import rank_seats

from .test_num_inferno_helpers import GAME, applied, new

MAX_MOVES = 20_000


def random_game(players: int, seed: str, rounds: int) -> tuple[object, list[tuple[int, Action]]]:
    rng = random.Random(seed)
    state = new(players, seed=seed, ROUNDS=rounds)
    log: list[tuple[int, Action]] = []
    while not GAME.is_over(state):
        assert len(log) < MAX_MOVES
        seat = state.to_act[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        state = applied(state, seat, action).state
        log.append((seat, action))
    return state, log


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_finish_and_replay_from_seed_and_log(players: int) -> None:
    for game_no in range(3):
        seed = f"playout-{players}-{game_no}"
        final, log = random_game(players, seed, rounds=2)
        replay = new(players, seed=seed, ROUNDS=2)
        for seat, action in log:
            replay = applied(replay, seat, action).state
        assert GAME.encode(replay) == GAME.encode(final)
        assert GAME.decode(GAME.encode(final)) == final


@pytest.mark.parametrize("players", [3, 6])
def test_the_result_is_explained_by_the_round_points(players: int) -> None:
    final, _ = random_game(players, f"result-{players}", rounds=3)
    result = GAME.result(final)
    assert result is not None and len(result.rounds) == 3
    totals = [sum(r.points[s] for r in result.rounds) for s in range(players)]
    assert list(result.scores) == totals
    wins = [sum(1 for r in result.rounds if r.detail["winner"] == s) for s in range(players)]
    keys = [total * 100 + won for total, won in zip(totals, wins, strict=True)]
    assert result.ranking == rank_seats(keys, lower_wins=False)
    for r in result.rounds:
        order = r.detail["order"]
        assert [r.points[s] for s in order] == [players - k for k in range(1, len(order) + 1)]
        assert all(r.points[s] == 0 for s in r.detail["blocked"])


def test_a_game_of_timeouts_finishes() -> None:
    state = new(4, seed="all-timeouts", ROUNDS=2)
    moves = 0
    while not GAME.is_over(state):
        moves += 1
        assert moves < MAX_MOVES
        seat = state.to_act[0]
        state = applied(state, seat, GAME.default_action(state, seat)).state
    assert GAME.result(state) is not None


def test_every_state_round_trips_through_bytes() -> None:
    rng = random.Random(7)
    state = new(5, seed="bytes", ROUNDS=1)
    while not GAME.is_over(state):
        data = GAME.encode(state)
        assert GAME.decode(data) == state and GAME.encode(GAME.decode(data)) == data
        seat = state.to_act[0]
        state = applied(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
