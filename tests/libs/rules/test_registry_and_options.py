"""The registry and the option declarations, independent of any one game."""

from __future__ import annotations

import pytest

from inferno_rules import GameInfo, Nature, OptionError, OptionSpec, get_game, validate_options
from inferno_rules.registry import UnknownGame, all_games, register

INFO = GameInfo(
    name="sample",
    display_name="Sample",
    min_players=2,
    max_players=4,
    nature=Nature(True, False, False, False, False),
    options=(
        OptionSpec("ROUNDS", "int", 3, "rounds", minimum=1, maximum=6),
        OptionSpec("MODE", "enum", "A", "mode", choices=("A", "B")),
        OptionSpec("FAST", "bool", False, "fast"),
        OptionSpec("SLOW", "bool", False, "slow"),
    ),
    exclusive=(("FAST", "SLOW", "a game cannot be both"),),
)


def test_defaults_fill_in_and_values_are_checked() -> None:
    assert validate_options(INFO, None) == {"FAST": False, "MODE": "A", "ROUNDS": 3, "SLOW": False}
    assert validate_options(INFO, {"ROUNDS": 6, "MODE": "B"})["ROUNDS"] == 6


@pytest.mark.parametrize(
    ("raw", "option", "allowed"),
    [
        ({"ROUNDS": 7}, "ROUNDS", "an integer from 1 to 6"),
        ({"ROUNDS": True}, "ROUNDS", "an integer from 1 to 6"),
        ({"ROUNDS": "3"}, "ROUNDS", "an integer from 1 to 6"),
        ({"MODE": "C"}, "MODE", "one of A, B"),
        ({"FAST": 1}, "FAST", "true or false"),
        ({"COLOUR": "red"}, "COLOUR", "FAST, MODE, ROUNDS, SLOW"),
        ({"FAST": True, "SLOW": True}, "SLOW", "SLOW=false while FAST is on"),
    ],
)
def test_bad_options_name_the_field_and_what_it_allows(
    raw: dict[str, object], option: str, allowed: str
) -> None:
    with pytest.raises(OptionError) as err:
        validate_options(INFO, raw)
    assert err.value.option == option
    assert err.value.allowed == allowed
    assert option in err.value.message


def test_unknown_games_are_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as err:
        get_game("chess")
    assert "oh_hell" in str(err.value)


def test_registering_a_different_game_under_a_taken_name_is_refused() -> None:
    game = get_game("oh_hell")
    assert register(game) is game  # the same object again is harmless
    impostor = type(game)()
    with pytest.raises(ValueError):
        register(impostor)
    assert all_games()["oh_hell"] is game
