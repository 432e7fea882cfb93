"""The console's replay check from public moves: a true record verifies, a changed move, a
wrong seed or wrong scores do not, and hidden moves are said to need the engine's log."""

from __future__ import annotations

import hashlib
import random

from inferno_console.replay import check
from inferno_rules import get_game


def played(game: str, players: int, seed: str) -> tuple[list, list[int]]:
    rules = get_game(game)
    state, rng, moves = rules.new_game(players, {}, seed), random.Random(seed), []
    version = 1
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        action = rng.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action).state
        arg = list(action.arg) if isinstance(action.arg, tuple) else action.arg
        moves.append((version, seat, action.kind, arg, True))
        version += 1
    return moves, list(rules.result(state).scores)


def test_a_true_record_verifies_and_a_changed_one_does_not() -> None:
    seed = "console-replay-seed"
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    for game, players in (("oh_hell", 4), ("num_inferno", 3), ("inferno", 3)):
        moves, scores = played(game, players, seed)
        ok, why = check(game, {}, players, seed, commitment, moves, scores, True)
        assert ok is True, (game, why)
        wrong_scores = [s + 1 for s in scores]
        assert check(game, {}, players, seed, commitment, moves, wrong_scores, True)[0] is False
        swapped = [moves[1], moves[0], *moves[2:]]
        assert check(game, {}, players, seed, commitment, swapped, scores, True)[0] is False
        other = hashlib.sha256(b"another seed").hexdigest()
        ok, why = check(game, {}, players, seed, other, moves, scores, True)
        assert ok is False and "commitment" in why


def test_hidden_moves_real_time_and_missing_history_are_not_guessed() -> None:
    seed = "s"
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    sealed = [(1, 0, "bid", None, False)]
    assert check("oh_hell", {}, 4, seed, commitment, sealed, [0] * 4, True)[0] is None
    assert check("burn_in_hell", {}, 4, seed, commitment, [], [0] * 4, True)[0] is None
    assert check("oh_hell", {}, 4, seed, commitment, [], [0] * 4, False)[0] is None
