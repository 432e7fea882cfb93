"""Num Inferno §1 (the 109 cards) and §2 (players, deal, rounds)."""

from __future__ import annotations

import pytest

from inferno_rules import Viewer
from inferno_rules.options import OptionError
from inferno_rules.seeding import Stream, shuffled

from .test_num_inferno_helpers import GAME, PASS, applied, cards, new

DECK = cards.DECK
KIND = cards.KIND
VALUE = cards.VALUE
is_classic = cards.is_classic
parse_card = cards.parse_card
NATURAL, RAINBOW, SHADOW = cards.NATURAL, cards.RAINBOW, cards.SHADOW
INFINI, NUMX, JOKER = cards.INFINI, cards.NUMX, cards.JOKER


def test_the_deck_holds_109_cards_in_six_classes() -> None:
    assert len(DECK) == len(set(DECK)) == 109
    count = {kind: sum(1 for c in DECK if KIND[c] == kind) for kind in set(KIND.values())}
    assert count == {NATURAL: 68, RAINBOW: 17, SHADOW: 17, INFINI: 4, NUMX: 1, JOKER: 2}
    assert sum(1 for c in DECK if is_classic(c)) == 102


def test_card_ids_are_the_specs() -> None:
    assert {"0R", "7R", "7V", "7B", "7J", "16J", "7RB", "7SH"} <= set(DECK)
    assert {"INF1", "INF2", "INF3", "INF4", "NUMX", "JOKER1", "JOKER2"} <= set(DECK)
    assert VALUE["7RB"] == 7 and VALUE["16SH"] == 16 and VALUE["0V"] == 0
    assert not is_classic("INF1") and not is_classic("NUMX") and not is_classic("JOKER2")
    assert parse_card("7rb") == "7RB" and parse_card("17R") is None and parse_card(7) is None


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, [37, 36, 36]),
        (4, [28, 27, 27, 27]),
        (5, [22, 22, 22, 22, 21]),
        (6, [19, 18, 18, 18, 18, 18]),
    ],
)
def test_the_deal_gives_every_card_and_the_extras_from_the_starter(
    players: int, sizes: list[int]
) -> None:
    state = new(players, seed="deal")
    starter = state.starter
    by_order = [len(state.hands[(starter + i) % players]) for i in range(players)]
    assert by_order == sizes
    assert sorted(c for h in state.hands for c in h) == sorted(DECK)


def test_the_deal_can_be_rederived_from_the_seed() -> None:
    state = new(5, seed="verifiable")
    starter = Stream("verifiable", "starter").below(5)
    assert state.starter == starter and state.to_act == (starter,)
    deck = shuffled("verifiable", "deal:0", DECK)
    for i, card in enumerate(deck):
        assert card in state.hands[(starter + i) % 5]


def test_the_same_seed_deals_the_same_and_another_seed_does_not() -> None:
    assert GAME.encode(new(4, seed="a")) == GAME.encode(new(4, seed="a"))
    assert new(4, seed="a").hands != new(4, seed="b").hands


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(OptionError) as err:
        new(players)
    assert err.value.option == "players"


def test_rounds_default_to_three_and_range_from_one_to_six() -> None:
    assert new().rounds == 3
    assert new(ROUNDS=1).rounds == 1 and new(ROUNDS=6).rounds == 6
    for bad in (0, 7, "3", True):
        with pytest.raises(OptionError) as err:
            new(ROUNDS=bad)
        assert err.value.option == "ROUNDS"


def test_each_later_round_is_started_by_the_previous_rounds_winner() -> None:
    state = new(4, seed="rounds", ROUNDS=3)
    starters = [state.starter]
    round_no = 0
    while not GAME.is_over(state):
        seat = state.to_act[0]
        state = applied(state, seat, GAME.default_action(state, seat)).state
        if state.round_no != round_no and not GAME.is_over(state):
            round_no = state.round_no
            starters.append(state.starter)
    winners = [order[0] for _, _, order, _ in state.history]
    assert starters[1:] == winners[:2]


def test_a_new_round_is_dealt_again_and_the_direction_resets_up() -> None:
    state = new(3, seed="reset", ROUNDS=2)
    # Play the first round out with timeout moves, then look at the fresh round.
    while state.round_no == 0:
        seat = state.to_act[0]
        state = applied(state, seat, GAME.default_action(state, seat)).state
    assert state.direction == "UP" and not state.plays and not state.finished
    assert sorted(c for h in state.hands for c in h) == sorted(DECK)
    view = GAME.view(state, Viewer.of_seat(0))
    assert view["last_trick"] == {"plays": [], "winner": None}
    assert PASS not in GAME.legal_actions(state, state.to_act[0])
