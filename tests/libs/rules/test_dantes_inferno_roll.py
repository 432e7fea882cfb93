"""The resource roll (spec §6): a 7 brings a demon, any other total pays every player's tokens
on matching face-up tiles (per token, by ring, doubled by the good token, nothing with the bad
one), doubles give the roller one resource of his choice, and a 2 or 12 lets him place the good
or bad token."""

from __future__ import annotations

from typing import Any

from .test_dantes_inferno_helpers import (
    Action,
    C,
    S,
    applied,
    arranged,
    board,
    event,
    legal,
    rejected,
    res,
    state,
)

ACCEPT = Action("accept", None)


def rolled(a: int, b: int, **kw: Any) -> state.DanteState:
    s = arranged(**kw)
    return s._replace(phase=state.ROLL, stage=state.FIGHT, roll=(state.RESOURCE_ROLL, -1, a, b, 0))


# I-Y-1 = (6,12), II-R-1 = (6,12), III-Y-1 = (6,11), IV-G-1 = (9,4), I-B-2 = (8,2).
TILES = {"(0,3)": "I-Y-1", "(0,4)": "I-B-2", "(1,3)": "II-R-1", "(2,3)": "III-Y-1"}


def test_every_players_tokens_on_matching_tiles_collect_their_rings_yield() -> None:
    s = rolled(2, 4, tokens={0: ("(0,3)/o", "(1,3)/i"), 1: ("(0,3)/i", "(2,3)/o")}, placed=TILES)
    out = applied(s, 0, ACCEPT)
    assert out.state.resources[0] == res(y=1, r=2)  # ring I: 1, ring II: 2
    assert out.state.resources[1] == res(y=1 + 3)  # either space of the tile; ring III: 3
    assert event(out, "collect")["players"] == [{"Y": 1, "R": 2}, {"Y": 4}, {}]
    assert out.state.phase == state.MAIN


def test_two_tokens_on_one_tile_collect_twice() -> None:
    s = rolled(3, 3, tokens={0: ("(0,3)/o", "(0,3)/i")}, placed=TILES)
    out = applied(s, 0, ACCEPT)
    assert out.state.resources[0] == res(y=2)


def test_face_down_tiles_and_corners_pay_nothing() -> None:
    s = rolled(2, 4, tokens={0: ("(0,3)/o", "(0,0)/o")}, placed=TILES, down=("(0,3)",))
    assert applied(s, 0, ACCEPT).state.resources[0] == res()


def test_the_good_token_doubles_and_the_bad_token_cancels() -> None:
    s = rolled(2, 4, tokens={0: ("(0,3)/o",), 1: ("(1,3)/o",)}, placed=TILES)
    out = applied(s._replace(good=C("(0,3)"), bad=C("(1,3)")), 0, ACCEPT)
    assert out.state.resources[0] == res(y=2) and out.state.resources[1] == res()


def test_a_seven_pays_nobody_and_the_roller_places_a_demon_on_a_corner_without_one() -> None:
    s = rolled(3, 4, tokens={0: ("(0,3)/o",)}, placed={"(0,3)": "I-Y-1"}, demons=("(0,0)/o",))
    out = applied(s, 0, ACCEPT)
    assert out.state.resources[0] == res() and "collect" not in [e.kind for e in out.events]
    assert out.state.choices == (state.DEMON_CHOICE,)
    squares = {a.arg for a in legal(out.state, 0)}
    assert len(squares) == 31 and "(0,0)/o" not in squares and "C9" not in squares
    rejected(out.state, 0, Action("demon", "(0,0)/o"), "not_a_choice")
    rejected(out.state, 0, Action("demon", "(0,3)/o"), "not_a_choice")
    # A player token on the square is allowed, the roller's own included.
    done = applied(
        out.state._replace(tokens=((S("(0,8)/o"),), (), ())), 0, Action("demon", "(0,8)/o")
    )
    assert S("(0,8)/o") in done.state.demons and done.state.phase == state.MAIN


def test_a_seven_with_no_demon_left_places_nothing() -> None:
    every = tuple(board.space_name(s) for c in range(1, 9) for s in board.CIRCLE_CORNERS[c])
    out = applied(rolled(3, 4, demons=every[:20]), 0, ACCEPT)
    assert out.state.choices == () and event(out, "demon_placed")["space"] is None


def test_doubles_give_the_roller_one_resource_of_his_choice() -> None:
    out = applied(rolled(4, 4), 0, ACCEPT)
    assert out.state.choices == (state.BONUS_CHOICE,)
    assert [a.arg for a in legal(out.state, 0)] == ["Y", "R", "B", "G"]
    rejected(out.state, 0, Action("bonus", "X"), "not_a_choice")
    got = applied(out.state, 0, Action("bonus", "B"))
    assert got.state.resources[0] == res(b=1) and got.state.phase == state.MAIN


def test_a_two_or_twelve_places_the_good_or_bad_token_after_collecting() -> None:
    s = rolled(1, 1, tokens={0: ("(0,4)/o",)}, placed=TILES)
    out = applied(s, 0, ACCEPT)
    assert out.state.resources[0] == res(b=1)  # collected before the token moves
    assert out.state.choices == (state.BONUS_CHOICE, state.TOKEN_CHOICE)  # 1-1 is doubles too
    after = applied(out.state, 0, Action("bonus", "Y")).state
    assert after.phase == state.CHOOSE and after.choices == (state.TOKEN_CHOICE,)
    rejected(after, 0, Action("token", ["good", "(0,0)"]), "not_a_choice")  # a corner
    rejected(after, 0, Action("token", ["good", "(4,4)"]), "not_a_choice")  # the centre
    rejected(after, 0, Action("token", ["good", "(1,4)"]), "not_a_choice")  # no tile yet
    rejected(after, 0, Action("token", ["ugly", "(0,3)"]), "malformed_action")
    placed = applied(after, 0, Action("token", ["bad", "(0,4)"]))
    assert placed.state.bad == C("(0,4)") and placed.state.phase == state.MAIN
    assert event(placed, "token_placed") == {"seat": 0, "token": "bad", "tile": "(0,4)"}


def test_the_good_and_bad_tokens_never_share_a_tile_but_may_stay_put() -> None:
    s = rolled(6, 6)._replace(good=C("(0,3)"), bad=C("(0,5)"))
    after = applied(applied(s, 0, ACCEPT).state, 0, Action("bonus", "Y")).state
    rejected(after, 0, Action("token", ["good", "(0,5)"]), "not_a_choice")
    assert applied(after, 0, Action("token", ["good", "(0,3)"])).state.good == C("(0,3)")


def test_a_face_down_tile_is_no_target() -> None:
    s = rolled(6, 6, down=("(0,3)",))
    after = applied(applied(s, 0, ACCEPT).state, 0, Action("bonus", "Y")).state
    rejected(after, 0, Action("token", ["good", "(0,3)"]), "not_a_choice")


def test_decision_the_good_token_acts_on_the_whole_tile_both_spaces() -> None:
    s = rolled(2, 4, tokens={0: ("(0,3)/i",)}, placed=TILES)._replace(good=C("(0,3)"))
    assert applied(s, 0, ACCEPT).state.resources[0] == res(y=2)


def test_a_token_on_a_face_down_tile_stays_and_does_nothing() -> None:
    s = rolled(2, 4, tokens={0: ("(0,4)/o",)}, placed=TILES, down=("(0,3)",))
    out = applied(s._replace(bad=C("(0,3)")), 0, ACCEPT)
    assert out.state.bad == C("(0,3)")
