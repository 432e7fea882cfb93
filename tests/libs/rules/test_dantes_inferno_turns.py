"""The end of a turn and of the match (spec §4, §10, the round cap), the timeout moves of the
online rules (§4), and the result."""

from __future__ import annotations

import random

from .test_dantes_inferno_helpers import (
    GAME,
    Action,
    S,
    applied,
    arranged,
    event,
    legal,
    new,
    res,
    state,
)

END = Action("end_turn", None)


def test_play_goes_clockwise_and_a_round_ends_when_the_first_player_is_due_again() -> None:
    s = arranged(active=1)._replace(first=1)
    out = applied(s, 1, END)
    assert out.state.active == 2 and out.state.round_no == 1
    out = applied(out.state._replace(phase=state.MAIN, roll=()), 2, END)
    assert out.state.active == 0 and out.state.round_no == 1
    out = applied(out.state._replace(phase=state.MAIN, roll=()), 0, END)
    assert out.state.active == 1 and out.state.round_no == 2
    assert event(out, "turn_start") == {"seat": 1, "round": 2, "fights": []}


def test_a_new_turn_resets_the_free_moves_and_pushes() -> None:
    s = arranged(active=2, free_step=True, free_demon=True, pushed=(S("(0,3)/o"),))
    out = applied(s, 2, END)
    assert not out.state.free_step and not out.state.free_demon and out.state.pushed == ()


def test_the_round_cap_ends_the_match_deepest_token_first_then_most_resources() -> None:
    s = arranged(
        {0: ("(0,3)/o",), 1: ("(1,1)/o", "(0,5)/o"), 2: ("(1,7)/o",)},
        active=2,
        resources={0: res(9, 9, 9, 9), 1: res(y=1), 2: res(y=2)},
    )._replace(cap=1)
    out = applied(s, 2, END)
    assert out.state.phase == state.OVER and GAME.is_over(out.state)
    over = event(out, "game_over")
    assert over["reason"] == "round_cap" and over["winners"] == [2]
    result = GAME.result(out.state)
    assert result is not None
    assert result.scores == (1, 3, 3) and result.ranking == (3, 2, 1) and result.winners == (2,)
    assert GAME.decision(out.state).seats == ()


def test_equal_depth_and_resources_share_the_first_place() -> None:
    s = arranged({0: ("(0,3)/o",), 1: ("(0,5)/o",)}, active=2)._replace(cap=1)
    result = GAME.result(applied(s, 2, END).state)
    assert result is not None and result.winners == (0, 1) and result.ranking == (1, 1, 3)


def test_no_cap_means_no_end_but_lucifer() -> None:
    s = arranged(active=2)._replace(cap=0, round_no=500)
    assert applied(s, 2, END).state.phase != state.OVER
    assert GAME.result(s) is None


def test_timeouts_accept_a_roll_end_main_and_draw_a_forced_choice_from_the_seed() -> None:
    s = arranged({0: ("(0,3)/o",)})
    assert GAME.default_action(s, 0) == END
    roll = s._replace(phase=state.ROLL, roll=(state.RESOURCE_ROLL, -1, 2, 3, 0))
    assert GAME.default_action(roll, 0) == Action("accept", None)
    choice = s._replace(phase=state.CHOOSE, choices=(state.BONUS_CHOICE,))
    picked = GAME.default_action(choice, 0)
    assert picked in legal(choice, 0) and picked == GAME.default_action(choice, 0)
    placing = new(3)
    assert GAME.default_action(placing, placing.active) in legal(placing, placing.active)
    fights = s._replace(
        phase=state.FIGHT, stage=state.FIGHT, pending=(S("(0,3)/o"),), demons=(S("(0,3)/o"),)
    )
    assert GAME.default_action(fights, 0) == Action("fight", "(0,3)/o")


def test_a_waiting_seats_timeout_rejects_an_offer_to_it_else_withdraws_its_own_else_passes() -> (
    None
):
    s = arranged(resources={0: res(y=1), 1: res(b=1)})
    assert GAME.default_action(s, 1) == Action("pass", None)
    s = applied(s, 0, Action("offer", {"to": 1, "give": {"Y": 1}})).state
    assert GAME.default_action(s, 1) == Action("reject", 1)
    s = applied(s, 2, Action("offer", {"to": 0, "get": {"Y": 1}})).state
    assert GAME.default_action(s, 2) == Action("withdraw", 2)


def test_every_event_is_public() -> None:
    s = new(3, seed="public", ROUND_CAP=2)
    rng = random.Random(5)
    while not GAME.is_over(s):
        seat = rng.choice(GAME.decision(s).seats)
        out = applied(s, seat, rng.choice(legal(s, seat)))
        assert all(e.to is None for e in out.events)
        s = out.state
