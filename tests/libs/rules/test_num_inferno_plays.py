"""Num Inferno §3 (plays) and §5 (legality): one hand-made position per rule, and every
rejection reason."""

from __future__ import annotations

from inferno_rules import Action

from .test_num_inferno_helpers import (
    GAME,
    PASS,
    applied,
    arranged,
    event,
    legal,
    play,
    rejected,
)

HAND = ("3R", "3V", "8R", "8V", "8B", "8J", "8RB", "8SH", "9R", "JOKER1", "INF1", "NUMX")


def lead(hand: tuple[str, ...] = HAND) -> object:
    return arranged({0: hand}, to_act=0)


def following(
    req: int, ref: int, hand: tuple[str, ...] = HAND, direction: str = "UP", **kw: object
) -> object:
    plays = kw.pop("plays", ((3, ("5R",) * req),))
    return arranged(
        {0: hand},
        to_act=0,
        plays=plays,  # type: ignore[arg-type]
        req_count=req,
        ref_value=ref,
        direction=direction,
        **kw,  # type: ignore[arg-type]
    )


# ---------------------------------------------------------------------------- §3 composition
def test_a_lead_may_be_any_classic_group_of_one_to_six_cards() -> None:
    state = lead()
    for cards in (["9R"], ["3R", "3V"], ["8R", "8V", "8B"], ["8R", "8V", "8B", "8J"]):
        out = applied(state, 0, play(*cards))
        assert out.state.req_count == len(cards)
    out = applied(state, 0, play("8R", "8V", "8B", "8J", "JOKER1", "8RB"))
    assert event(out, "play")["top"] == "8RB"


def test_more_than_six_cards_is_refused() -> None:
    rejected(lead(), 0, play("8R", "8V", "8B", "8J", "8RB", "8SH", "JOKER1"), "too_many_cards")


def test_classic_cards_of_a_group_share_one_value() -> None:
    rejected(lead(), 0, play("8R", "9R"), "mixed_values")


def test_a_joker_stands_for_a_natural_of_the_groups_value() -> None:
    out = applied(lead(), 0, play("9R", "JOKER1"))
    assert (out.state.req_count, out.state.ref_value) == (2, 9)
    assert event(out, "play")["effects"] == []


def test_a_joker_cannot_be_played_alone_nor_in_a_group_of_jokers() -> None:
    rejected(lead(), 0, play("JOKER1"), "jokers_only")
    state = lead((*HAND, "JOKER2"))
    rejected(state, 0, play("JOKER1", "JOKER2"), "jokers_only")


def test_decision_no_check_on_duplicate_colours() -> None:
    out = applied(lead(), 0, play("8R", "8V", "8B", "8J", "JOKER1"))
    assert out.state.req_count == 5 and out.state.ref_value == 8


def test_infini_and_numx_are_played_alone() -> None:
    rejected(lead(), 0, play("INF1", "JOKER1"), "not_alone")
    rejected(lead(), 0, play("9R", "NUMX"), "not_alone")
    rejected(lead(), 0, play("INF1", "NUMX"), "not_alone")


def test_the_play_must_name_cards_of_the_hand_once_each() -> None:
    state = lead()
    rejected(state, 0, Action("play", "9R"), "malformed_action")
    rejected(state, 0, Action("play", []), "malformed_action")
    rejected(state, 0, Action("play", None), "malformed_action")
    rejected(state, 0, play("99Q"), "not_a_card")
    rejected(state, 0, play("9R", "9R"), "duplicate_card")
    rejected(state, 0, play("10R"), "not_in_your_hand")
    rejected(state, 0, Action("bid", 3), "unknown_action")
    rejected(state, 0, Action("pass", "now"), "malformed_action")


def test_card_ids_are_read_case_insensitively() -> None:
    out = applied(lead(), 0, play("8rb"))
    assert event(out, "play")["cards"] == ["8RB"]


# ---------------------------------------------------------------------------- §5 last card
def test_last_card_rule_infini_cannot_finish_a_hand() -> None:
    rejected(lead(("INF1",)), 0, play("INF1"), "last_card")
    state = following(1, 4, hand=("NUMX",))
    rejected(state, 0, play("NUMX"), "last_card")
    assert legal(state, 0) == [None]


def test_last_card_rule_a_classic_group_with_jokers_may_finish() -> None:
    out = applied(lead(("5R", "JOKER1")), 0, play("JOKER1", "5R"))
    assert event(out, "finish") == {"seat": 0, "rank": 1}


def test_decision_infini_or_numx_may_be_led() -> None:
    assert applied(lead(), 0, play("INF1")).state.status == "CUT"
    out = applied(lead(), 0, play("NUMX"))
    assert event(out, "trick_won") == {"seat": 0}
    assert out.state.to_act == (0,) and not out.state.plays


# ---------------------------------------------------------------------------- §5 following
def test_following_needs_the_required_size() -> None:
    rejected(following(2, 5), 0, play("9R"), "wrong_size")
    applied(following(2, 5), 0, play("8R", "8V"))


def test_following_up_needs_a_strictly_higher_value() -> None:
    rejected(following(1, 8), 0, play("8R"), "does_not_beat")
    rejected(following(1, 8), 0, play("3R"), "does_not_beat")
    applied(following(1, 8), 0, play("9R"))


def test_following_down_needs_a_strictly_lower_value() -> None:
    rejected(following(1, 8, direction="DOWN"), 0, play("9R"), "does_not_beat")
    rejected(following(1, 8, direction="DOWN"), 0, play("8V"), "does_not_beat")
    applied(following(1, 8, direction="DOWN"), 0, play("3R"))


def test_a_free_value_accepts_any_value_of_the_right_size() -> None:
    applied(following(2, -1), 0, play("3R", "3V"))


def test_infini_ignores_every_constraint_of_an_open_trick() -> None:
    out = applied(following(5, 15), 0, play("INF1"))
    assert out.state.status == "CUT" and event(out, "play")["effects"] == ["cut"]


def test_numx_may_follow_on_an_open_trick_and_wins_it() -> None:
    out = applied(following(3, 15), 0, play("NUMX"))
    assert event(out, "trick_won") == {"seat": 0}


def test_on_a_cut_trick_only_numx() -> None:
    hand = (*HAND, "INF2")
    state = following(1, -1, hand=hand, status="CUT", plays=((3, ("INF3",)),))
    rejected(state, 0, play("9R"), "trick_cut")
    rejected(state, 0, play("16R"), "not_in_your_hand")
    assert sorted(map(str, legal(state, 0))) == ["None", "['NUMX']"]
    out = applied(state, 0, play("NUMX"))
    assert event(out, "play")["effects"] == ["numx"] and event(out, "trick_won") == {"seat": 0}


def test_decision_infini_cannot_be_played_over_infini() -> None:
    state = following(1, -1, status="CUT", plays=((3, ("INF3",)),))
    rejected(state, 0, play("INF1"), "infini_over_infini")


def test_a_follower_may_pass_even_when_able_to_play() -> None:
    state = following(1, 4)
    assert ["9R"] in legal(state, 0)
    out = applied(state, 0, PASS)
    assert event(out, "pass") == {"seat": 0} and out.state.passed == (0,)


def test_the_leader_may_not_pass() -> None:
    rejected(lead(), 0, PASS, "leader_cannot_pass")


def test_a_player_who_passed_may_not_act_again_in_the_trick_even_with_infini() -> None:
    # Seat 0 passed; seat 1 plays; the turn skips seat 0, who cannot cut with his Infini.
    state = arranged(
        {0: HAND, 1: ("10R", "11R"), 2: ("12R", "13R"), 3: ("14R", "15R")},
        to_act=1,
        plays=((3, ("5R",)),),
        req_count=1,
        ref_value=5,
        passed=(0,),
    )
    out = applied(state, 1, play("10R"))
    assert out.state.to_act == (2,)
    rejected(out.state, 0, play("INF1"), "not_your_turn")
    state = applied(out.state, 2, PASS).state
    assert state.to_act == (3,)
    state = applied(state, 3, PASS).state
    assert state.to_act == (1,) and not state.plays  # 1 won, seat 0 never asked again


def test_every_listed_action_is_accepted_and_covers_every_order_of_a_simple() -> None:
    for state in (lead(), following(1, 4), following(2, -1), following(3, 2)):
        actions = GAME.legal_actions(state, 0)
        for action in actions:
            applied(state, 0, action)
    assert [a for a in legal(lead(), 0) if a == ["8RB"]] == [["8RB"]]


def test_the_frameworks_guards_refuse_unknown_seats_other_turns_and_moves_after_the_end() -> None:
    state = lead()
    rejected(state, 9, play("9R"), "no_such_seat")
    rejected(state, 1, play("16R"), "not_your_turn")
    over = state._replace(phase="over", to_act=())  # type: ignore[attr-defined]
    rejected(over, 0, play("9R"), "game_over")
