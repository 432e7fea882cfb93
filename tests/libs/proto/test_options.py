"""Table options between the rules core's dicts and the proto's GameOptions, both ways, for
every option value of every game the API has options for."""

from __future__ import annotations

import itertools

import pytest

from inferno_proto import engine_pb2
from inferno_proto.options import options_from_proto, options_to_proto
from inferno_rules import OptionError, get_game, validate_options


def option_values(spec) -> tuple[object, ...]:
    """An option's choices; for a number, its bounds and its default."""
    if spec.kind == "enum":
        return spec.choices
    if spec.kind == "int":
        return (spec.minimum, spec.default, spec.maximum)
    return (False, True)


def every_combination(game: str) -> list[dict[str, object]]:
    info = get_game(game).info
    names = [spec.name for spec in info.options]
    choices = [option_values(spec) for spec in info.options]
    found = []
    for values in itertools.product(*choices):
        try:
            found.append(validate_options(info, dict(zip(names, values, strict=True))))
        except OptionError:
            continue  # a forbidden combination: not a table anyone can open
    return found


@pytest.mark.parametrize(("game", "sets"), [("oh_hell", 20), ("burn_in_hell", 6)])
def test_every_valid_option_set_survives_the_round_trip(game: str, sets: int) -> None:
    combos = every_combination(game)
    assert len(combos) >= sets
    for options in combos:
        branch = getattr(options_to_proto(game, options), game)
        assert validate_options(get_game(game).info, options_from_proto(branch)) == options


def test_an_unset_enum_is_left_to_the_games_default() -> None:
    branch = engine_pb2.GameOptions(oh_hell={"hook": True}).oh_hell
    read = options_from_proto(branch)
    assert "ORDER" not in read and read["HOOK"] is True
    assert validate_options(get_game("oh_hell").info, read)["ORDER"] == "ASC"


def test_a_game_without_options_reads_as_none() -> None:
    assert options_from_proto(engine_pb2.GameOptions(inferno={}).inferno) == {}


def test_an_unset_number_is_left_to_the_games_default() -> None:
    """An ``optional`` field left unset is not read as 0 (which the game would refuse)."""
    branch = engine_pb2.GameOptions(burn_in_hell={"match": 2}).burn_in_hell
    read = options_from_proto(branch)
    assert read == {"MATCH": "OPEN"}
    assert validate_options(get_game("burn_in_hell").info, read)["DEAL_INTERVAL_MS"] == 2000


def test_options_read_back_as_each_game_names_them() -> None:
    """The proto's fields are lower case (``deal_interval_ms``); options read back under the
    game's own names (``DEAL_INTERVAL_MS``), so they validate as they are."""
    oh = options_from_proto(options_to_proto("oh_hell", {"ORDER": "DESC"}).oh_hell)
    assert oh == {"ORDER": "DESC"}
    burn = options_to_proto("burn_in_hell", {"DEAL_INTERVAL_MS": 1000, "MATCH": "SERIES"})
    assert options_from_proto(burn.burn_in_hell) == {"DEAL_INTERVAL_MS": 1000, "MATCH": "SERIES"}
