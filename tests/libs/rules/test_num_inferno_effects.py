"""Num Inferno §6: the effects of a play, in the spec's order (Inferno, Rainbow + Shadow,
Rainbow on top, Shadow on top, plain climb; Infini; Num-X). For each special card, a position
where it changes the outcome and one where it is refused or has no effect."""

from __future__ import annotations

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
)

SIXES = ("6R", "6V", "6B", "6J", "6RB", "6SH", "JOKER1")
NINES = ("9R", "9V", "9RB", "9SH")


def lead(hand: tuple[str, ...], direction: str = "UP") -> object:
    return arranged({0: (*hand, "15R")}, to_act=0, direction=direction)


def effects(state: object, cards: tuple[str, ...], seat: int = 0) -> tuple[list[str], object]:
    out = applied(state, seat, play(*cards))  # type: ignore[arg-type]
    return event(out, "play")["effects"], out.state


# ---------------------------------------------------------------------------- 1. Inferno
def test_inferno_a_triple_six_with_a_rainbow_on_top_reverses_the_direction() -> None:
    found, state = effects(lead(SIXES), ("6R", "6V", "6RB"))
    assert found == ["inferno", "rainbow"]
    assert state.direction == "DOWN"  # type: ignore[attr-defined]
    assert (state.req_count, state.ref_value) == (4, -1)  # type: ignore[attr-defined]


def test_inferno_a_triple_nine_with_a_shadow_on_top_reverses_and_asks_for_a_double() -> None:
    found, state = effects(lead(NINES), ("9R", "9V", "9SH"))
    assert found == ["inferno", "shadow"]
    assert state.direction == "DOWN" and state.req_count == 2  # type: ignore[attr-defined]


def test_inferno_toggles_back_up_from_down() -> None:
    found, state = effects(lead(SIXES, direction="DOWN"), ("6R", "6V", "6SH"))
    assert found == ["inferno", "shadow"] and state.direction == "UP"  # type: ignore[attr-defined]


def test_inferno_needs_exactly_three_cards() -> None:
    found, state = effects(lead(SIXES), ("6R", "6V", "6B", "6RB"))
    assert found == ["rainbow"] and state.direction == "UP"  # type: ignore[attr-defined]
    found, state = effects(lead(SIXES), ("6R", "6RB"))
    assert found == ["rainbow"] and state.direction == "UP"  # type: ignore[attr-defined]


def test_inferno_needs_sixes_or_nines() -> None:
    found, state = effects(lead(("7R", "7V", "7RB")), ("7R", "7V", "7RB"))
    assert found == ["rainbow"] and state.direction == "UP"  # type: ignore[attr-defined]


def test_decision_inferno_needs_the_rainbow_or_shadow_on_top() -> None:
    found, state = effects(lead(SIXES), ("6RB", "6R", "JOKER1"))
    assert found == [] and state.direction == "UP"  # type: ignore[attr-defined]
    assert (state.req_count, state.ref_value) == (3, 6)  # type: ignore[attr-defined]


def test_inferno_play_must_still_be_legal_on_its_own_terms() -> None:
    state = arranged(
        {0: SIXES}, to_act=0, plays=((3, ("8R", "8V", "8B")),), req_count=3, ref_value=8
    )
    rejected(state, 0, play("6R", "6V", "6RB"), "does_not_beat")
    down = state._replace(direction="DOWN")
    found, after = effects(down, ("6R", "6V", "6SH"))
    assert found == ["inferno", "shadow"]
    assert after.direction == "UP" and after.req_count == 2  # type: ignore[attr-defined]


def test_the_direction_lasts_across_tricks_of_the_round() -> None:
    state = arranged({0: (*SIXES, "2R"), 1: ("3R",), 2: ("4R",), 3: ("5R", "5V")}, to_act=0)
    state = applied(state, 0, play("6R", "6V", "6SH")).state  # DOWN, next: a Double
    for seat in (1, 2, 3):
        state = applied(state, seat, PASS).state
    assert not state.plays and state.to_act == (0,) and state.direction == "DOWN"
    state = applied(state, 0, play("2R")).state
    assert ["3R"] not in legal(state, 1)  # 3 is not lower than 2 while DOWN
    rejected(state, 1, play("3R"), "does_not_beat")


# ---------------------------------------------------------------------------- 2. Rainbow + Shadow
def test_rainbow_and_shadow_in_one_play_close_the_trick_whichever_is_on_top() -> None:
    for cards in (("9R", "9SH", "9RB"), ("9RB", "9SH")):
        out = applied(lead(NINES), 0, play(*cards))
        assert "rs_close" in event(out, "play")["effects"]
        assert event(out, "trick_won") == {"seat": 0}
        assert out.state.to_act == (0,) and not out.state.plays
        assert "pass" not in kinds(out)  # nobody is asked


def test_a_closed_trick_cannot_be_answered_with_infini_or_numx() -> None:
    state = arranged({0: (*NINES, "15R"), 1: ("INF1", "NUMX", "3R")}, to_act=0)
    out = applied(state, 0, play("9SH", "9RB"))
    assert out.state.to_act == (0,)
    rejected(out.state, 1, play("INF1"), "not_your_turn")
    rejected(out.state, 1, play("NUMX"), "not_your_turn")


def test_inferno_and_rainbow_shadow_both_apply() -> None:
    found, state = effects(lead(SIXES), ("6R", "6RB", "6SH"))
    assert found == ["inferno", "rs_close"]
    assert state.direction == "DOWN" and not state.plays  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- 3. Rainbow on top
def test_rainbow_on_top_asks_one_more_card_of_any_value() -> None:
    state = arranged({0: ("7RB", "15R"), 1: ("3R", "3V", "15V")}, to_act=0)
    found, state = effects(state, ("7RB",))
    assert found == ["rainbow"]
    assert (state.req_count, state.ref_value) == (2, -1)  # type: ignore[attr-defined]
    rejected(state, 1, play("15V"), "wrong_size")  # type: ignore[arg-type]
    applied(state, 1, play("3R", "3V"))  # type: ignore[arg-type]


def test_a_buried_rainbow_has_no_effect() -> None:
    found, state = effects(lead(NINES), ("9RB", "9R"))
    assert found == [] and (state.req_count, state.ref_value) == (2, 9)  # type: ignore[attr-defined]


def test_rainbow_on_a_sextuple_is_an_impossible_tier_that_closes_the_trick() -> None:
    hand = ("8R", "8V", "8B", "8J", "JOKER1", "8RB")
    state = arranged({0: (*hand, "2R"), 1: ("INF1", "NUMX", "3R")}, to_act=0)
    out = applied(state, 0, play(*hand))
    assert event(out, "play")["effects"] == ["rainbow", "impossible_tier"]
    assert event(out, "trick_won") == {"seat": 0} and out.state.to_act == (0,)
    rejected(out.state, 1, play("INF1"), "not_your_turn")  # decision: no cut


# ---------------------------------------------------------------------------- 4. Shadow on top
def test_shadow_on_top_asks_one_card_less_of_any_value() -> None:
    state = arranged({0: ("13V", "13SH", "15R"), 1: ("2R", "15V")}, to_act=0)
    found, state = effects(state, ("13V", "13SH"))
    assert found == ["shadow"]
    assert (state.req_count, state.ref_value) == (1, -1)  # type: ignore[attr-defined]
    applied(state, 1, play("2R"))  # type: ignore[arg-type]


def test_a_shadow_under_a_natural_has_no_effect() -> None:
    state = arranged({0: ("13V", "13SH", "15R")}, to_act=0)
    found, state = effects(state, ("13SH", "13V"))
    assert found == [] and state.req_count == 2  # type: ignore[attr-defined]


def test_a_shadow_simple_is_an_impossible_tier_that_closes_the_trick() -> None:
    state = arranged({0: ("4SH", "15R"), 1: ("INF1", "NUMX", "3R")}, to_act=0)
    out = applied(state, 0, play("4SH"))
    assert event(out, "play")["effects"] == ["shadow", "impossible_tier"]
    assert out.state.to_act == (0,) and not out.state.plays


# ---------------------------------------------------------------------------- further rules
def test_the_forced_requirement_binds_whoever_plays_next() -> None:
    state = arranged({0: ("7RB", "15R"), 1: ("15V", "15B"), 2: ("3R", "3V", "1R")}, to_act=0)
    state = applied(state, 0, play("7RB")).state
    state = applied(state, 1, PASS).state
    assert state.to_act == (2,) and (state.req_count, state.ref_value) == (2, -1)
    applied(state, 2, play("3R", "3V"))


def test_climbing_resumes_from_the_forced_play() -> None:
    state = arranged(
        {0: ("7RB", "15R"), 1: ("3R", "3V", "15V"), 2: ("2R", "2V", "4R", "4V", "1R")},
        to_act=0,
    )
    state = applied(state, 0, play("7RB")).state
    state = applied(state, 1, play("3R", "3V")).state
    assert (state.req_count, state.ref_value) == (2, 3)
    rejected(state, 2, play("2R", "2V"), "does_not_beat")
    applied(state, 2, play("4R", "4V"))


# ---------------------------------------------------------------------------- Infini, Num-X
def test_infini_cuts_and_wins_when_nobody_answers_with_numx() -> None:
    state = arranged(
        {0: ("INF1", "15R"), 1: ("16B",), 2: ("16J",), 3: ("2R", "16R")},
        to_act=0,
        plays=((3, ("16V",)),),
        req_count=1,
        ref_value=16,
    )
    state = applied(state, 0, play("INF1")).state
    assert state.status == "CUT"
    for seat in (1, 2, 3):
        assert legal(state, seat) == [None]
        state = applied(state, seat, PASS).state
    assert state.to_act == (0,) and state.last_winner == 0


def test_numx_over_infini_closes_the_trick_for_the_numx_player() -> None:
    state = arranged(
        {0: ("NUMX", "2R")},
        to_act=0,
        plays=((3, ("INF2",)),),
        status="CUT",
    )
    out = applied(state, 0, play("NUMX"))
    assert event(out, "trick_won") == {"seat": 0} and out.state.to_act == (0,)


def test_direction_does_not_affect_infini() -> None:
    state = arranged(
        {0: ("INF1", "15R")},
        to_act=0,
        plays=((3, ("0R",)),),
        req_count=1,
        ref_value=0,
        direction="DOWN",
    )
    assert ["INF1"] in legal(state, 0)
    assert applied(state, 0, play("INF1")).state.status == "CUT"


def test_effects_are_listed_in_the_specs_order_in_legal_groups() -> None:
    state = lead(SIXES)
    groups = [a for a in legal(state, 0) if a is not None and len(a) == 3]
    tops = {tuple(g)[-1] for g in groups}
    assert {"6RB", "6SH"} <= tops and any(g[-1] in ("6R", "6V", "6B", "6J") for g in groups)
    for g in groups:
        applied(state, 0, play(*g))
    assert GAME.default_action(state, 0) == play("6R")
