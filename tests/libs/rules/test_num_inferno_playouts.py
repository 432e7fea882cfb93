"""Whole Num Inferno games: random games finish at every seat count, replay from the seed and
the action log gives the same states, and the result is explained by the round points."""

from __future__ import annotations

import json
import random

import pytest

from inferno_rules import Action, native
from inferno_rules.core import rank_seats

from .test_implementation import run
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


# Seeded random games at every seat count, digesting every state's bytes and every event, with
# the implementation that ran (the helpers' path fix, inlined: the game is not registered yet).
PLAYOUT = """
import hashlib, json, os, random, inferno_rules, inferno_rules.games
for root in inferno_rules.__path__:
    games = os.path.join(root, "games")
    if os.path.isdir(games) and games not in inferno_rules.games.__path__:
        inferno_rules.games.__path__.append(games)
from inferno_rules.games.num_inferno import NumInferno, game as module
game = NumInferno()
digest = hashlib.sha256()
for players in range(3, 7):
    rng = random.Random(players)
    state = game.new_game(players, {"ROUNDS": 2}, f"impl-{players}")
    digest.update(repr(game.opening_events(state)).encode())
    while not game.is_over(state):
        seat = state.to_act[0]
        out = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        digest.update(game.encode(out.state) + repr(out.events).encode())
        state = out.state
    digest.update(repr(game.result(state)).encode())
print(json.dumps([inferno_rules.IMPLEMENTATION, module.__file__, digest.hexdigest()]))
"""


def test_the_compiled_build_plays_num_inferno_byte_for_byte_like_the_source() -> None:
    reason = native.unusable_because(native.build_dir())
    if reason is not None:
        pytest.skip(f"no usable compiled build here: {reason}")
    found = {}
    for impl in ("compiled", "pure"):
        out = run(PLAYOUT, INFERNO_RULES_IMPL=impl)
        assert out.returncode == 0, out.stderr
        loaded, path, digest = json.loads(out.stdout)
        assert loaded == impl and path.endswith(".py") == (impl == "pure")
        found[impl] = digest
    assert found["compiled"] == found["pure"]
