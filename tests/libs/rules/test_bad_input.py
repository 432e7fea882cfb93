"""Input of the wrong type is refused with the contract's errors, by every game.

Seats, moves and setups reach the rules core from the network. Whatever their type, the answer
is a typed :class:`Rejected`, an empty list of legal actions or an ``OptionError``/``ValueError``
and never a ``TypeError``: this matters for the compiled build too, where mypyc checks the
declared type of every argument (``make test`` runs these tests on both implementations).
"""

from __future__ import annotations

from typing import Any

import pytest

from inferno_rules import CLOCK, Action, Applied, Rejected, all_games
from inferno_rules.options import OptionError

GAMES = all_games()
NOT_SEATS = ["0", True, False, None, 1.0, [0], -7, 99]
NOT_ACTIONS = [
    None,
    "play",
    ["play", "AS"],
    {"kind": "play"},
    ("play",),
    ("a", "b", "c"),
    (3, "AS"),
    3,
]


def fresh(name: str) -> tuple[Any, Any]:
    """A new game of ``name`` at the first point where a seat may act (a real-time game first
    waits for the clock: its countdown is ticked away)."""
    game = GAMES[name]
    state = game.new_game(game.info.min_players, {}, "bad-input")
    while not game.to_act(state):
        out = game.apply(state, CLOCK, Action("tick", game.decision(state).tick_at))
        assert isinstance(out, Applied), out
        state = out.state
    return game, state


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("actor", NOT_SEATS, ids=repr)
def test_an_actor_that_is_not_a_seat_is_refused(name: str, actor: Any) -> None:
    game, state = fresh(name)
    before = game.encode(state)
    seat = game.to_act(state)[0]
    out = game.apply(state, actor, game.legal_actions(state, seat)[0])
    assert isinstance(out, Rejected)
    assert out.code in ("no_such_seat", "no_tick_due"), out
    assert game.legal_actions(state, actor) == []
    assert game.encode(state) == before


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_a_move_of_the_wrong_shape_is_refused(name: str, action: Any) -> None:
    game, state = fresh(name)
    before = game.encode(state)
    out = game.apply(state, game.to_act(state)[0], action)
    assert isinstance(out, Rejected) and out.message, out
    assert game.encode(state) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_move_whose_argument_has_the_wrong_type_is_refused(name: str) -> None:
    game, state = fresh(name)
    seat = game.to_act(state)[0]
    for arg in (None, 3.5, ["AS"], {"card": "AS"}, b"AS"):
        for kind in {a.kind for a in game.legal_actions(state, seat)}:
            out = game.apply(state, seat, Action(kind, arg))
            if kind not in ("take", "pass"):  # moves without an argument ignore it
                assert isinstance(out, Rejected), (kind, arg, out)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_setup_of_the_wrong_type_is_refused(name: str) -> None:
    game = GAMES[name]
    for players in ("4", 4.0, None, True):
        with pytest.raises(OptionError):
            game.new_game(players, {}, "seed")
    for seed in (None, 7, b"seed", ""):
        with pytest.raises(ValueError, match="non-empty seed string"):
            game.new_game(game.info.min_players, {}, seed)
