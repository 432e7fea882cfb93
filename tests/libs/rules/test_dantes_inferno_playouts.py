"""Whole Dante's Inferno games: random games at every seat count end (by the round cap) with
winners explained by the tie-break, replay from seed and log, a game of timeouts ends, a
scripted game ends by beating Lucifer, and the compiled build plays byte for byte like the
source."""

from __future__ import annotations

import json
import random

import pytest

from inferno_rules import Action, native
from inferno_rules.core import rank_seats

from .test_conformance import check_step, check_views
from .test_dantes_inferno_helpers import GAME, applied, board, new, state
from .test_implementation import run

MAX_MOVES = 20_000


def random_game(
    players: int, seed: str, cap: int
) -> tuple[state.DanteState, list[tuple[int, Action]]]:
    rng = random.Random(seed)
    s = new(players, seed=seed, ROUND_CAP=cap)
    log: list[tuple[int, Action]] = []
    while not GAME.is_over(s):
        assert len(log) < MAX_MOVES
        seat = rng.choice(GAME.decision(s).seats)
        action = rng.choice(GAME.legal_actions(s, seat))
        s = applied(s, seat, action).state
        log.append((seat, action))
    return s, log


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_at_the_cap_with_winners_and_replay(players: int) -> None:
    seed = f"playout-{players}"
    final, log = random_game(players, seed, cap=4)
    assert final.round_no == 4 or final.winner != state.NOBODY
    replay = new(players, seed=seed, ROUND_CAP=4)
    for seat, action in log:
        replay = applied(replay, seat, action).state
    assert GAME.encode(replay) == GAME.encode(final)
    result = GAME.result(final)
    assert result is not None and result.winners
    deepest = [max((board.circle_of(s) for s in t), default=0) for t in final.tokens]
    keys = [d * 1_000_000 + sum(r) for d, r in zip(deepest, final.resources, strict=True)]
    if final.winner == state.NOBODY:
        assert result.ranking == rank_seats(keys, lower_wins=False)
        assert list(result.scores) == deepest


def test_a_game_of_timeouts_ends() -> None:
    s = new(4, seed="all-timeouts", ROUND_CAP=3)
    moves = 0
    while not GAME.is_over(s):
        moves += 1
        assert moves < MAX_MOVES
        seat = s.active
        s = applied(s, seat, GAME.default_action(s, seat)).state
    assert GAME.result(s) is not None and s.round_no == 3


def test_a_scripted_descent_beats_lucifer() -> None:
    """A token walks in corner by corner, paying for each circle, and wins at the centre."""
    rich = (50, 50, 50, 50)
    s = new(2, seed="descent")._replace(
        phase=state.MAIN,
        stage=state.MAIN,
        active=0,
        round_no=1,
        place_order=(),
        tokens=((board.parse_space("(0,0)/o"),), ()),
        resources=(rich, rich),
    )
    s = applied(s, 0, Action("place_tile", ["IX", "(4,4)"])).state
    here = board.parse_space("(0,0)/o")
    while here != board.C9:
        s = applied(s, 0, Action("next_circle", board.space_name(here))).state
        here = board.inward(here)
    assert s.phase == state.ROLL and s.roll[0] == state.LUCIFER_ROLL
    s = s._replace(roll=(state.LUCIFER_ROLL, board.C9, 6, 4, 0))
    s = applied(s, 0, Action("accept", None)).state
    result = GAME.result(s)
    assert result is not None and result.winners == (0,) and result.ranking == (1, 2)


def descend(s: state.DanteState, seat: int) -> Action:
    """A simple player who goes down: waiting seats pass; the active player goes in whenever he
    can, accepts every roll, takes the scarcest resource as his bonus, lays the centre tile, and
    walks a token to a corner; otherwise he ends his turn."""
    actions = GAME.legal_actions(s, seat)
    if seat != s.active:
        return actions[0]
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if "bonus" in by_kind:
        have = s.resources[seat]
        return by_kind["bonus"][min(range(4), key=lambda i: have[i])]
    for kind in ("place", "next_circle", "accept", "fight", "retreat", "demon", "token"):
        if kind in by_kind:
            return by_kind[kind][0]
    centre = [a for a in by_kind.get("place_tile", []) if a.arg[0] == "IX"]
    if centre:
        return centre[0]
    to_corner = [
        a for a in by_kind.get("move", []) if board.is_corner(board.parse_space(a.arg[-1]) // 2)
    ]
    if to_corner:
        return min(to_corner, key=lambda a: len(a.arg))
    return by_kind["end_turn"][0]


def test_a_whole_game_ends_by_beating_lucifer_and_keeps_the_contract_at_every_step() -> None:
    s = new(2, seed="lucifer-0", ROUND_CAP=150)
    rng = random.Random(0)
    kinds: set[str] = set()
    while not GAME.is_over(s):
        check_step(GAME, s, rng)
        out = applied(s, s.active, descend(s, s.active))
        check_views(GAME, out.state, list(out.events))
        kinds.update(e.kind for e in out.events)
        s = out.state
    assert s.winner != state.NOBODY and s.round_no < 150
    assert {"fight", "retreat", "next_circle", "tile_placed", "game_won"} <= kinds
    result = GAME.result(s)
    assert result is not None and result.winners == (s.winner,)


# Seeded random games at every seat count, digesting every state's bytes and every event, with
# the implementation that ran (the helpers' path fix, inlined: the game is not registered yet).
PLAYOUT = """
import hashlib, json, os, random, inferno_rules, inferno_rules.games
for root in inferno_rules.__path__:
    games = os.path.join(root, "games")
    if os.path.isdir(games) and games not in inferno_rules.games.__path__:
        inferno_rules.games.__path__.append(games)
from inferno_rules.games.dantes_inferno import DantesInferno, game as module
game = DantesInferno()
digest = hashlib.sha256()
for players in range(2, 7):
    rng = random.Random(players)
    state = game.new_game(players, {"ROUND_CAP": 3}, f"impl-{players}")
    digest.update(repr(game.opening_events(state)).encode())
    while not game.is_over(state):
        seat = rng.choice(game.decision(state).seats)
        out = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        digest.update(game.encode(out.state) + repr(out.events).encode())
        state = out.state
    digest.update(repr(game.result(state)).encode())
print(json.dumps([inferno_rules.IMPLEMENTATION, module.__file__, digest.hexdigest()]))
"""


def test_the_compiled_build_plays_dantes_inferno_byte_for_byte_like_the_source() -> None:
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
