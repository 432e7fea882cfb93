"""The generic contract checks of ``test_conformance.py`` on Num Inferno, which is not
registered yet (its wire codec comes first): random playouts at every seat count it allows, with
a sample of option sets, plus the refusals of bad player counts and option values."""

from __future__ import annotations

import random

import pytest

from .test_conformance import (
    check_option_values,
    check_player_counts,
    check_random_playouts,
    play,
)
from .test_num_inferno_helpers import GAME

# One short match and one long one per seat count; hypothesis adds random option sets below.
OPTION_SETS = ({"ROUNDS": 1}, {"ROUNDS": 2})


@pytest.mark.slow
@pytest.mark.parametrize("players", range(GAME.info.min_players, GAME.info.max_players + 1))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"rounds{o['ROUNDS']}")
def test_random_playouts_keep_the_contract(players: int, options: dict[str, int]) -> None:
    play(GAME, players, options, f"conformance-{players}", random.Random(players))


@pytest.mark.slow
@pytest.mark.parametrize("players", range(GAME.info.min_players, GAME.info.max_players + 1))
def test_random_option_sets_keep_the_contract(players: int) -> None:
    check_random_playouts(GAME, players, examples=3)


def test_two_seats_and_seven_are_refused() -> None:
    check_player_counts(GAME)


def test_every_option_refuses_a_wrong_value() -> None:
    check_option_values(GAME)
