"""The generic contract checks of ``test_conformance.py`` on Dante's Inferno, which is not
registered yet (its wire codec comes first): whole random games at every seat count with a
sample of round caps (the cap makes them end; a random game almost never beats Lucifer),
replayed from seed and log, plus the refusals of bad player counts and option values."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inferno_rules import Applied, Rejected

from .test_conformance import check_option_values, check_player_counts, play
from .test_dantes_inferno_helpers import GAME, Action, S, arranged, commands, new, res, state

SEATS = range(GAME.info.min_players, GAME.info.max_players + 1)


@pytest.mark.parametrize("players", SEATS)
def test_a_one_round_match_keeps_the_contract(players: int) -> None:
    play(GAME, players, {"ROUND_CAP": 1}, f"conformance-{players}", random.Random(players))


@pytest.mark.slow
@pytest.mark.parametrize("players", SEATS)
def test_random_caps_and_seeds_keep_the_contract(players: int) -> None:
    @settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        cap=st.integers(1, 3), seed=st.text(min_size=1, max_size=12), moves=st.integers(0, 2**32)
    )
    def run(cap: int, seed: str, moves: int) -> None:
        play(GAME, players, {"ROUND_CAP": cap}, seed, random.Random(moves))

    run()


def test_one_seat_and_seven_are_refused() -> None:
    check_player_counts(GAME)


def test_every_option_refuses_a_wrong_value() -> None:
    check_option_values(GAME)


JUNK = (
    None, True, 0, -1, 2**40, 1.5, "", "x", "(0,3)/o", "C9", "(4,4)", [], [None], ["II", 5],
    [[1], [2]], {}, {"to": True}, {"to": 1, "give": {"Y": True}}, {"to": 1, "give": {1: 1}},
    {"path": 5}, {"path": ["(0,3)/o", "(0,4)/o"], "pay": {"Y": "1"}}, ["good", [1]],
    {"to": 1, "give": {"Y": 1}, "get": [], "note": 5},
)  # fmt: skip


def test_any_argument_of_any_kind_is_refused_or_applied_never_an_error() -> None:
    s = arranged(
        {0: ("(0,3)/o",), 1: ("(0,4)/o",)},
        resources={0: res(5, 5, 5, 5), 1: res(1, 1, 1, 1)},
        demons=("(0,0)/o",),
    )
    positions = [
        new(3),
        s,
        s._replace(phase=state.ROLL, roll=(state.RESOURCE_ROLL, -1, 1, 1, 0)),
        s._replace(phase=state.CHOOSE, choices=(state.TOKEN_CHOICE,)),
        s._replace(phase=state.FIGHT, stage=state.FIGHT, pending=(S("(0,3)/o"),)),
    ]
    kinds = [*sorted(commands.KNOWN), "nonsense"]
    for position in positions:
        for kind in kinds:
            for arg in JUNK:
                for seat in (0, 1):
                    out = GAME.apply(position, seat, Action(kind, arg))
                    assert isinstance(out, (Applied, Rejected))
