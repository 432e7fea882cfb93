"""Num Inferno §7 (turn order, end of trick), §8 (going out, blocked hands, end of round) and
§9 (scoring, the match winner)."""

from __future__ import annotations

from typing import Any

from inferno_rules import Viewer

from .test_num_inferno_helpers import (
    GAME,
    PASS,
    applied,
    arranged,
    event,
    kinds,
    legal,
    play,
    rejected,
    rules_legal,
)


# ---------------------------------------------------------------------------- §7
def test_turns_go_clockwise_skipping_seats_that_passed_or_are_out() -> None:
    state = arranged(
        {0: ("3R", "15R"), 1: (), 2: ("4R", "16R"), 3: ("5R", "16V")},
        to_act=0,
        passed=(),
        finished=(1,),
    )
    state = applied(state, 0, play("3R")).state
    assert state.to_act == (2,)
    state = applied(state, 2, PASS).state
    state = applied(state, 3, play("5R")).state
    assert state.to_act == (0,)  # seat 2 passed, seat 1 is out


def test_the_trick_ends_when_everyone_else_has_passed_and_the_winner_leads() -> None:
    state = arranged({0: ("9R", "2R")}, to_act=0)
    state = applied(state, 0, play("9R")).state
    for seat in (1, 2):
        state = applied(state, seat, PASS).state
    out = applied(state, 3, PASS)
    assert kinds(out)[-1] == "trick_won" and event(out, "trick_won") == {"seat": 0}
    assert out.state.to_act == (0,) and not out.state.plays and not out.state.passed
    seen = GAME.view(out.state, Viewer.of_seat(1))["last_trick"]
    assert seen == {"plays": [{"seat": 0, "cards": ["9R"], "top": "9R"}], "winner": 0}


def test_decision_a_winner_who_is_out_hands_the_lead_to_the_next_seat_with_cards() -> None:
    state = arranged(
        {0: ("16R",), 1: ("2R", "3R"), 2: ("2V", "3V"), 3: ("2B", "3B")},
        to_act=0,
        players=4,
    )
    state = applied(state, 0, play("16R")).state  # seat 0 goes out
    for seat in (1, 2):
        state = applied(state, seat, PASS).state
    out = applied(state, 3, PASS)
    assert event(out, "trick_won") == {"seat": 0} and out.state.to_act == (1,)


def test_a_closed_trick_ends_at_once_without_asking_anyone_to_pass() -> None:
    state = arranged({0: ("NUMX", "2R")}, to_act=0, plays=((3, ("5R",)),), req_count=1, ref_value=5)
    out = applied(state, 0, play("NUMX"))
    assert kinds(out) == ["play", "trick_won"] and out.state.to_act == (0,)


# ---------------------------------------------------------------------------- §8 going out
def test_going_out_gives_the_next_rank_and_the_round_goes_on() -> None:
    state = arranged({0: ("5R",), 1: ("6R", "2R"), 2: ("7R", "2V"), 3: ("8R", "2B")}, to_act=0)
    out = applied(state, 0, play("5R"))
    assert event(out, "finish") == {"seat": 0, "rank": 1}
    assert out.state.finished == (0,) and out.state.to_act == (1,) and out.state.phase != "over"


def test_the_final_plays_effects_still_apply_to_the_next_player() -> None:
    state = arranged({0: ("7RB",), 1: ("3R", "3V", "15V"), 2: ("2V", "4V")}, to_act=0)
    state = applied(state, 0, play("7RB")).state
    assert state.finished == (0,) and state.to_act == (1,)
    assert (state.req_count, state.ref_value) == (2, -1)
    assert ["15V"] not in legal(state, 1) and ["3R", "3V"] in legal(state, 1)


def test_a_hand_left_without_classic_cards_is_blocked_and_announced() -> None:
    state = arranged({0: ("5R", "INF1", "JOKER1")}, to_act=0)
    assert rules_legal.leaves_blocked(state.hands[0], ["5R"])
    out = applied(state, 0, play("5R"))
    assert event(out, "blocked") == {"seat": 0} and out.state.blocked == (0,)


def test_a_blocked_player_may_play_infini_but_not_as_his_last_card() -> None:
    state = arranged(
        {0: ("INF1", "JOKER1"), 2: ("INF2",)},
        to_act=0,
        plays=((3, ("5R",)),),
        req_count=1,
        ref_value=5,
        blocked=(0, 2),
    )
    assert sorted(map(str, legal(state, 0))) == ["None", "['INF1']"]
    state = applied(state, 0, play("INF1")).state
    assert state.to_act == (1,)
    state = applied(state, 1, PASS).state
    assert state.to_act == (2,) and legal(state, 2) == [None]  # no auto-pass
    rejected(state, 2, play("INF2"), "last_card")


def test_decision_blocked_players_rank_after_everyone_who_is_not_blocked() -> None:
    # Seat 0 finishes; seats 1 and 2 are blocked; seat 3 is the last unblocked: the round ends.
    state = arranged(
        {0: ("5R",), 1: ("INF1", "JOKER1"), 2: ("JOKER2",), 3: ("2R", "3R")},
        to_act=0,
        blocked=(1, 2),
    )
    out = applied(state, 0, play("5R"))
    end = event(out, "round_end")
    assert end["order"] == [0, 3] and end["blocked"] == [1, 2]
    assert end["ranks"] == [1, 3, 3, 2] and end["points"] == [3, 0, 0, 2]
    assert "trick_won" not in kinds(out)


def test_lead_passing_skips_a_leader_with_no_legal_lead_without_marking_him_passed() -> None:
    # Seat 1 won the last trick but holds only an Infini: the lead goes to seat 2.
    state = arranged(
        {0: ("2R", "3R"), 1: ("INF1",), 2: ("4R", "5R"), 3: ("2V", "9V")},
        to_act=0,
        plays=((1, ("9R",)),),
        req_count=1,
        ref_value=9,
        passed=(2, 3),
        blocked=(1,),
    )
    out = applied(state, 0, PASS)
    assert event(out, "trick_won") == {"seat": 1}
    assert event(out, "lead_passed") == {"skipped": [1], "to": 2}
    state = applied(out.state, 2, play("4R")).state
    assert state.to_act == (3,) and 1 not in state.passed
    state = applied(state, 3, play("9V")).state
    state = applied(state, 0, PASS).state
    assert state.to_act == (1,) and legal(state, 1) == [None]  # he follows, and must pass


def test_a_blocked_player_with_a_legal_lead_must_lead_it() -> None:
    state = arranged({0: ("INF1", "JOKER1")}, to_act=0, blocked=(0,))
    assert legal(state, 0) == [["INF1"]]
    rejected(state, 0, PASS, "leader_cannot_pass")


def test_the_round_ends_mid_trick_once_one_unblocked_player_holds_cards() -> None:
    state = arranged(
        {0: ("9R",), 1: ("2R", "3R"), 2: ("INF1", "JOKER1")},
        players=3,
        to_act=0,
        plays=((1, ("5R",)),),
        req_count=1,
        ref_value=5,
        blocked=(2,),
        ROUNDS=1,
    )
    out = applied(state, 0, play("9R"))
    assert kinds(out) == ["play", "finish", "finish", "round_end", "game_over"]
    assert event(out, "round_end")["order"] == [0, 1]
    assert out.state.phase == "over"


# ---------------------------------------------------------------------------- §9
def test_placement_points_are_n_minus_rank() -> None:
    state = arranged(
        {0: ("16R",), 1: (), 2: ("2R", "3R"), 3: ("2V", "3V")},
        to_act=0,
        finished=(1,),
        ROUNDS=1,
    )
    state = applied(state, 0, play("16R")).state  # 2nd
    state = applied(state, 2, PASS).state
    out = applied(state, 3, PASS)
    state = applied(out.state, 2, play("3R")).state
    out = applied(state, 3, PASS)
    out = applied(out.state, 2, play("2R"))  # 3rd; seat 3 is the last: 4th
    end = event(out, "round_end")
    assert end["order"] == [1, 0, 2, 3] and end["points"] == [2, 3, 1, 0]
    result = GAME.result(out.state)
    assert result is not None and result.scores == (2, 3, 1, 0)
    assert result.ranking == (2, 1, 3, 4) and result.winners == (1,)
    assert result.rounds[0].detail["winner"] == 1


def _over(totals: tuple[int, ...], wins: tuple[int, ...]) -> Any:
    state = arranged({}, players=len(totals))
    return state._replace(phase="over", to_act=(), totals=totals, wins=wins)


def test_the_highest_total_wins_and_round_wins_break_ties() -> None:
    result = GAME.result(_over((5, 7, 7, 3), (0, 1, 2, 0)))
    assert result is not None
    assert result.winners == (2,) and result.ranking == (3, 2, 1, 4)


def test_a_tie_on_total_and_round_wins_is_a_shared_win() -> None:
    result = GAME.result(_over((7, 7, 4), (1, 1, 1)))
    assert result is not None
    assert result.winners == (0, 1) and result.ranking == (1, 1, 3)


def test_decision_with_nobody_out_the_last_unblocked_player_wins_the_round() -> None:
    state = arranged(
        {0: ("5R", "INF1", "JOKER1"), 1: ("2R", "3R"), 2: ("JOKER2", "NUMX")},
        players=3,
        to_act=0,
        blocked=(2,),
        ROUNDS=2,
    )
    out = applied(state, 0, play("5R"))  # seat 0 is blocked now: only seat 1 is unblocked
    end = event(out, "round_end")
    assert end["order"] == [1] and end["winner"] == 1 and end["blocked"] == [0, 2]
    assert end["points"] == [0, 2, 0] and end["ranks"] == [2, 1, 2]
    assert out.state.round_no == 1 and out.state.starter == 1 and out.state.wins == (0, 1, 0)
