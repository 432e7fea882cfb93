"""The in-process bot table: it plays whole games, replays from its seeds, and stops a bot
that breaks the rules with a message naming the bot, the seat and the rule."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from inferno_rules import Action, get_game
from inferno_worker.bots import get_bot
from inferno_worker.local_table import BotMistake, play_table

OH_HELL = get_game("oh_hell")


class Cheat:
    """Always tries to play the ace of spades, held or not."""

    name = "cheat"

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if legal[0].kind == "bid":
            return legal[0]
        return Action("play", "AS") if Action("play", "AS") not in legal else legal[-1]


def bots(*names: str) -> list[Any]:
    return [get_bot("oh_hell", n) for n in names]


def test_a_table_of_bots_plays_to_the_end_and_replays_from_its_seeds() -> None:
    lineup = ("heuristic", "random", "heuristic")
    first = play_table(OH_HELL, 3, {"ORDER": "DESC"}, "table", bots(*lineup), random.Random(7))
    again = play_table(OH_HELL, 3, {"ORDER": "DESC"}, "table", bots(*lineup), random.Random(7))
    result, decisions = first
    assert first == again
    assert len(result.rounds) == 15  # three players: hands of 15 cards down to 1
    assert decisions == sum(3 + 3 * r.detail["cards"] for r in result.rounds)
    other = play_table(OH_HELL, 3, {"ORDER": "DESC"}, "table", bots(*lineup), random.Random(8))
    assert other != first  # the random bot's choices come from the rng it is given


def test_simultaneous_bids_are_played_too() -> None:
    result, _ = play_table(
        OH_HELL,
        4,
        {"SIMULTANEOUS_BIDS": True},
        "sealed",
        bots(*["heuristic"] * 4),
        random.Random(0),
    )
    assert len(result.scores) == 4


def test_an_illegal_move_stops_the_game_naming_the_bot_and_the_rule() -> None:
    with pytest.raises(BotMistake, match=r"the cheat bot at seat \d chose .*AS.*refused"):
        play_table(
            OH_HELL,
            4,
            {},
            "cheat",
            [Cheat(), *bots("random", "random", "random")],
            random.Random(0),
        )


def test_the_number_of_bots_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="4 seats need 4 bots; got 3"):
        play_table(OH_HELL, 4, {}, "short", bots("random", "random", "random"), random.Random(0))
