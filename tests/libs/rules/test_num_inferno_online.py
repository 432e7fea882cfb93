"""Num Inferno §10 (online details): what each viewer sees, event audiences, the timeout move,
no auto-pass; and the declared game info."""

from __future__ import annotations

import json

from inferno_rules import OPERATOR, SPECTATOR, Viewer, visible_events

from .test_num_inferno_helpers import GAME, PASS, applied, arranged, event, legal, new, play


# ---------------------------------------------------------------------------- visibility
def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    state = new(4, seed="view")
    mine = GAME.view(state, Viewer.of_seat(1))
    assert mine["hand"] == list(state.hands[1]) and mine["seat"] == 1
    assert mine["hand_sizes"] == [len(h) for h in state.hands]
    text = json.dumps(mine)
    for seat in (0, 2, 3):
        for card in state.hands[seat]:
            assert json.dumps(card) not in text
    assert "hand" not in GAME.view(state, SPECTATOR)
    assert GAME.view(state, OPERATOR)["hands"] == [list(h) for h in state.hands]


def test_private_tokens_are_each_seats_hand() -> None:
    state = new(3, seed="tokens")
    assert GAME.private_tokens(state) == {s: frozenset(h) for s, h in enumerate(state.hands)}


def test_the_trick_is_public_with_its_order_top_card_and_state() -> None:
    state = arranged(
        {0: ("5R", "5RB", "15R")}, to_act=0, plays=((3, ("3R",)),), req_count=1, ref_value=3
    )
    state = applied(state, 0, play("5RB")).state
    seen = GAME.view(state, SPECTATOR)
    assert seen["trick"] == [
        {"seat": 3, "cards": ["3R"], "top": "3R"},
        {"seat": 0, "cards": ["5RB"], "top": "5RB"},
    ]
    assert (seen["direction"], seen["req_count"], seen["ref_value"]) == ("UP", 2, None)
    assert seen["status"] == "OPEN" and seen["passed"] == [] and seen["last_player"] == 0


def test_each_dealt_hand_goes_only_to_its_owner() -> None:
    state = new(4, seed="audience")
    events = GAME.opening_events(state)
    assert events[0].kind == "deal" and events[0].to is None
    assert "cards" not in events[0].data
    for seat in range(4):
        hands = [e for e in visible_events(events, Viewer.of_seat(seat)) if e.kind == "hand"]
        assert [e.data for e in hands] == [{"seat": seat, "cards": list(state.hands[seat])}]
    assert not [e for e in visible_events(events, SPECTATOR) if e.kind == "hand"]


def test_play_and_pass_events_are_public_with_their_effects() -> None:
    state = arranged({0: ("7RB", "15R")}, to_act=0)
    out = applied(state, 0, play("7RB"))
    assert event(out, "play") == {
        "seat": 0,
        "cards": ["7RB"],
        "top": "7RB",
        "effects": ["rainbow"],
        "left": 1,
    }
    out = applied(out.state, 1, PASS)
    assert all(e.to is None for e in out.events) and event(out, "pass") == {"seat": 1}


def test_the_seat_view_counts_its_classic_cards_for_the_blocked_hand_warning() -> None:
    state = arranged({0: ("5R", "INF1", "JOKER1")}, to_act=0)
    assert GAME.view(state, Viewer.of_seat(0))["classic_in_hand"] == 1


# ---------------------------------------------------------------------------- timeout moves
def test_on_timeout_a_follower_passes() -> None:
    state = arranged({0: ("9R", "15R")}, to_act=0, plays=((3, ("5R",)),), req_count=1, ref_value=5)
    assert GAME.default_action(state, 0) == PASS


def test_on_timeout_a_leader_plays_his_weakest_simple_a_natural_first() -> None:
    state = arranged({0: ("3RB", "3V", "9R", "INF1")}, to_act=0)
    assert GAME.default_action(state, 0) == play("3V")


def test_on_timeout_the_weakest_simple_follows_the_direction() -> None:
    state = arranged({0: ("3V", "9R", "12B")}, to_act=0, direction="DOWN")
    assert GAME.default_action(state, 0) == play("12B")


def test_on_timeout_a_leader_does_not_leave_a_blocked_hand_when_he_can_avoid_it() -> None:
    assert GAME.default_action(arranged({0: ("3R", "INF1")}, to_act=0), 0) == play("INF1")
    assert GAME.default_action(arranged({0: ("5R", "JOKER1")}, to_act=0), 0) == play("JOKER1", "5R")
    blocked = arranged({0: ("INF1", "JOKER1")}, to_act=0, blocked=(0,))
    assert GAME.default_action(blocked, 0) == play("INF1")


def test_every_timeout_move_is_legal() -> None:
    state = new(5, seed="timeouts", ROUNDS=1)
    while not GAME.is_over(state):
        seat = state.to_act[0]
        action = GAME.default_action(state, seat)
        assert action in GAME.legal_actions(state, seat)
        state = applied(state, seat, action).state


def test_no_auto_pass_a_player_with_no_legal_play_still_decides() -> None:
    state = arranged({1: ("2R", "3R")}, to_act=0)
    state = applied(state, 0, play("16R")).state
    assert state.to_act == (1,) and legal(state, 1) == [None]


# ---------------------------------------------------------------------------- declarations
def test_the_game_declares_its_nature_and_options() -> None:
    info = GAME.info
    assert (info.name, info.min_players, info.max_players) == ("num_inferno", 3, 6)
    assert info.nature.sequential and info.nature.chance and info.nature.hidden_information
    assert not info.nature.simultaneous and not info.nature.real_time
    spec = info.option("ROUNDS")
    assert (spec.kind, spec.default, spec.minimum, spec.maximum) == ("int", 3, 1, 6)
