"""Fights (spec §4 re-rolls, §5): the pending fights fixed at the start of a turn and fought in
the player's order, the roll shown then re-rolled or accepted, winning and losing, retreats
(closest free corner, the owner's pick on a tie, the cascade, leaving play), Lucifer."""

from __future__ import annotations

from typing import Any

from inferno_rules import SPECTATOR, Applied

from .test_dantes_inferno_helpers import (
    GAME,
    Action,
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


def fighting(
    tokens: dict[int, tuple[str, ...]], demons: tuple[str, ...], pending: tuple[str, ...], **kw: Any
) -> state.DanteState:
    s = arranged(tokens, demons=demons, **kw)
    return s._replace(phase=state.FIGHT, stage=state.FIGHT, pending=tuple(S(p) for p in pending))


def shown(s: state.DanteState, kind: str, space: str, a: int, b: int) -> state.DanteState:
    """A roll on the table, as if just thrown."""
    return s._replace(phase=state.ROLL, roll=(kind, S(space) if space else -1, a, b, 0))


def test_the_player_picks_which_pending_fight_comes_next() -> None:
    s = fighting({0: ("(0,3)/o", "(0,5)/o")}, ("(0,3)/o", "(0,5)/o"), ("(0,3)/o", "(0,5)/o"))
    assert {a.arg for a in legal(s, 0)} == {"(0,3)/o", "(0,5)/o"}
    rejected(s, 0, Action("fight", "(0,4)/o"), "no_pending_fight")
    out = applied(s, 0, Action("fight", "(0,5)/o"))
    assert out.state.phase == state.ROLL and out.state.roll[:2] == (state.FIGHT_ROLL, S("(0,5)/o"))
    assert out.state.pending == (S("(0,3)/o"),)
    assert event(out, "dice")["kind"] == "fight"


def test_a_won_fight_sends_the_demon_back_to_the_supply() -> None:
    s = fighting({0: ("(0,3)/o",)}, ("(0,3)/o",), ())
    s = shown(s, state.FIGHT_ROLL, "(0,3)/o", 3, 3)  # 6 ≥ 6 in circle 1
    out = applied(s, 0, ACCEPT)
    assert out.state.demons == () and event(out, "fight")["result"] == "win"
    assert out.state.tokens[0] == (S("(0,3)/o"),)
    # No fight left: the resource roll follows.
    assert out.state.phase == state.ROLL and out.state.roll[0] == state.RESOURCE_ROLL


def test_targets_grow_with_the_circle() -> None:
    s = fighting({0: ("(1,3)/o",)}, ("(1,3)/o",), ())  # circle 3: target 7
    out = applied(shown(s, state.FIGHT_ROLL, "(1,3)/o", 3, 3), 0, ACCEPT)
    assert event(out, "fight")["result"] == "lose"


def test_a_lost_fight_leaves_the_demon_and_the_token_retreats_to_the_closest_corner() -> None:
    # Circle 3 token at (1,3): circle-2 corners; (0,0)/i is at distance 4, the others further.
    s = fighting({0: ("(1,3)/o",)}, ("(1,3)/o",), (), placed={"(1,3)": "II-Y-1"})
    out = applied(shown(s, state.FIGHT_ROLL, "(1,3)/o", 1, 2), 0, ACCEPT)
    assert out.state.demons == (S("(1,3)/o"),)
    assert out.state.tokens[0] == (S("(0,0)/i"),)
    assert event(out, "retreat")["to"] == "(0,0)/i"
    assert event(out, "fight")["retreat_to"] == "(0,0)/i"
    assert [e.kind for e in out.events] == ["fight", "retreat", "dice"]  # then the resource roll


def test_retreat_skips_occupied_corners_and_cascades_down() -> None:
    # Circle 5 token; every circle-4 corner is taken, so circle 3's closest.
    taken = tuple(board.space_name(s) for s in board.CIRCLE_CORNERS[4])
    s = fighting({0: ("(2,3)/o",), 1: taken}, ("(2,3)/o",), (), placed={"(2,3)": "III-Y-1"})
    out = applied(shown(s, state.FIGHT_ROLL, "(2,3)/o", 1, 1), 0, ACCEPT)
    assert out.state.tokens[0] == (S("(1,1)/o"),)


def test_demons_do_not_block_a_retreat() -> None:
    s = fighting({0: ("(1,3)/o",)}, ("(1,3)/o", "(0,0)/i"), (), placed={"(1,3)": "II-Y-1"})
    out = applied(shown(s, state.FIGHT_ROLL, "(1,3)/o", 1, 2), 0, ACCEPT)
    assert out.state.tokens[0] == (S("(0,0)/i"),)


def test_the_owner_picks_among_equally_close_corners() -> None:
    # (0,4) is 4 from (0,0) and (0,8).
    s = fighting({0: ("(0,4)/o",)}, ("(0,4)/o",), ())
    out = applied(shown(s, state.FIGHT_ROLL, "(0,4)/o", 1, 2), 0, ACCEPT)
    assert out.state.phase == state.CHOOSE and out.state.choices == (state.RETREAT_CHOICE,)
    assert event(out, "fight")["retreat_to"] is None  # the owner's choice is pending
    assert {a.arg for a in legal(out.state, 0)} == {"(0,0)/o", "(0,8)/o"}
    rejected(out.state, 0, Action("retreat", "(8,8)/o"), "not_a_choice")
    rejected(out.state, 0, Action("bonus", "Y"), "wrong_phase")
    done = applied(out.state, 0, Action("retreat", "(0,8)/o"))
    assert done.state.tokens[0] == (S("(0,8)/o"),)
    assert done.state.phase == state.ROLL  # then the resource roll


def test_a_circle_one_corner_token_must_move_to_another_corner_or_leave_play() -> None:
    s = fighting({0: ("(0,0)/o",)}, ("(0,0)/o",), ())
    out = applied(shown(s, state.FIGHT_ROLL, "(0,0)/o", 1, 2), 0, ACCEPT)
    assert out.state.choices == (state.RETREAT_CHOICE,)  # (0,8) and (8,0): both 8 away
    assert S("(0,0)/o") not in out.state.retreat[1:]
    others = ("(0,8)/o", "(8,8)/o", "(8,0)/o")
    s = fighting({0: ("(0,0)/o",), 1: others}, ("(0,0)/o",), ())
    out = applied(shown(s, state.FIGHT_ROLL, "(0,0)/o", 1, 2), 0, ACCEPT)
    assert out.state.tokens[0] == () and event(out, "retreat")["removed"] is True


def test_a_token_finding_every_lower_corner_taken_leaves_play() -> None:
    corners = tuple(board.space_name(s) for s in board.CIRCLE_CORNERS[1])
    s = fighting({0: ("(0,3)/i",), 1: corners}, ("(0,3)/i",), ())
    out = applied(shown(s, state.FIGHT_ROLL, "(0,3)/i", 1, 2), 0, ACCEPT)
    assert out.state.tokens[0] == ()


def test_a_token_that_retreats_onto_a_demon_does_not_fight_it_this_turn() -> None:
    s = fighting(
        {0: ("(1,3)/o", "(0,5)/o")}, ("(1,3)/o", "(0,0)/i", "(0,5)/o"), ("(0,5)/o",),
        placed={"(1,3)": "II-Y-1"},
    )  # fmt: skip
    out = applied(shown(s, state.FIGHT_ROLL, "(1,3)/o", 1, 2), 0, ACCEPT)
    assert out.state.tokens[0] == (S("(0,0)/i"), S("(0,5)/o"))
    assert out.state.pending == (S("(0,5)/o"),)


def test_a_reroll_costs_one_of_each_and_only_the_accepted_roll_counts() -> None:
    s = fighting({0: ("(0,3)/o",)}, ("(0,3)/o",), (), resources={0: res(1, 1, 1, 1)})
    s = shown(s, state.FIGHT_ROLL, "(0,3)/o", 1, 1)
    assert set(legal(s, 0)) == {ACCEPT, Action("reroll", 0), Action("reroll", 1)}
    rejected(s, 0, Action("reroll", 2), "bad_die")
    rejected(s, 0, Action("accept", 3), "malformed_action")
    out = applied(s, 0, Action("reroll", 1))
    kind, where, first, _second, rerolls = out.state.roll
    assert (kind, where, first, rerolls) == (state.FIGHT_ROLL, S("(0,3)/o"), 1, 1)
    assert out.state.resources[0] == res() and out.state.dice == s.dice + 1
    assert out.state.demons == s.demons  # nothing applied yet
    rejected(out.state, 0, Action("reroll", 0), "cannot_afford")
    assert legal(out.state, 0) == [ACCEPT]


def test_a_fight_roll_collects_nothing_and_places_nothing() -> None:
    s = fighting({0: ("(0,3)/o",), 1: ("(0,5)/o",)}, ("(0,3)/o",), ())
    out = applied(shown(s, state.FIGHT_ROLL, "(0,3)/o", 3, 4), 0, ACCEPT)  # 7: a win
    assert "collect" not in [e.kind for e in out.events]
    assert out.state.demons == () and out.state.choices == ()


def test_entering_circle_nine_fights_lucifer_at_once_and_a_win_ends_the_game() -> None:
    s = arranged({0: ("(3,3)/i",)}, resources={0: res(1, 1, 0, 1)}, placed={"(4,4)": "IX-LUCIFER"})
    out = applied(s, 0, Action("next_circle", "(3,3)/i"))
    assert out.state.tokens[0] == (board.C9,)
    assert out.state.phase == state.ROLL and out.state.roll[0] == state.LUCIFER_ROLL
    win = applied(out.state._replace(roll=(state.LUCIFER_ROLL, board.C9, 5, 5, 0)), 0, ACCEPT)
    assert win.state.phase == state.OVER and win.state.winner == 0
    assert event(win, "game_won") == {"seat": 0}
    result = GAME.result(win.state)
    assert result is not None and result.winners == (0,) and result.scores[0] == 10


def test_losing_to_lucifer_retreats_to_a_free_circle_eight_corner_of_the_owners_choice() -> None:
    s = arranged({0: ("C9",), 1: ("(3,5)/i",)}, placed={"(4,4)": "IX-LUCIFER"})._replace(
        phase=state.ROLL, roll=(state.LUCIFER_ROLL, board.C9, 4, 5, 0)
    )
    out = applied(s, 0, ACCEPT)
    assert event(out, "fight")["result"] == "lose"
    assert {a.arg for a in legal(out.state, 0)} == {"(3,3)/i", "(5,5)/i", "(5,3)/i"}
    back = applied(out.state, 0, Action("retreat", "(5,5)/i"))
    assert back.state.tokens[0] == (S("(5,5)/i"),) and back.state.phase == state.MAIN


def test_a_dice_stream_is_named_by_the_die_count() -> None:
    s = fighting({0: ("(0,3)/o",)}, ("(0,3)/o",), ("(0,3)/o",))
    first = applied(s, 0, Action("fight", "(0,3)/o"))
    again = applied(s, 0, Action("fight", "(0,3)/o"))
    assert first.state.roll == again.state.roll
    assert isinstance(first, Applied) and first.state.dice == s.dice + 2


def test_decision_circles_seven_and_eight_need_nine() -> None:
    tiles = {"(3,4)": "IV-Y-1"}
    s = fighting({0: ("(3,4)/o",)}, ("(3,4)/o",), (), placed=tiles)
    assert (
        event(applied(shown(s, state.FIGHT_ROLL, "(3,4)/o", 4, 4), 0, ACCEPT), "fight")["result"]
        == "lose"
    )
    s = fighting({0: ("(3,4)/i",)}, ("(3,4)/i",), (), placed=tiles)
    assert (
        event(applied(shown(s, state.FIGHT_ROLL, "(3,4)/i", 4, 5), 0, ACCEPT), "fight")["result"]
        == "win"
    )


def test_decision_a_beaten_demon_returns_to_the_supply_and_may_come_back() -> None:
    s = fighting({0: ("(0,3)/o",)}, ("(0,3)/o",), ())
    out = applied(shown(s, state.FIGHT_ROLL, "(0,3)/o", 6, 6), 0, ACCEPT)
    assert GAME.view(out.state, SPECTATOR)["demon_supply"] == 20
    # The resource roll that follows is a 7: the same demon goes back on the board.
    seven = out.state._replace(roll=(state.RESOURCE_ROLL, -1, 3, 4, 0))
    again = applied(applied(seven, 0, ACCEPT).state, 0, Action("demon", "(0,0)/o"))
    assert again.state.demons == (S("(0,0)/o"),)


def test_a_reroll_applies_to_the_resource_roll_and_the_lucifer_roll_too() -> None:
    s = arranged({0: ("(0,3)/o",)}, resources={0: res(2, 2, 2, 2)}, placed={"(0,3)": "I-Y-1"})
    s = s._replace(phase=state.ROLL, stage=state.FIGHT, roll=(state.RESOURCE_ROLL, -1, 3, 4, 0))
    out = applied(s, 0, Action("reroll", 0))
    assert out.state.roll[0] == state.RESOURCE_ROLL and out.state.resources[0] == res(1, 1, 1, 1)
    lucifer = s._replace(roll=(state.LUCIFER_ROLL, board.C9, 4, 4, 0), stage=state.MAIN)
    assert applied(lucifer, 0, Action("reroll", 1)).state.roll[:3] == (
        state.LUCIFER_ROLL,
        board.C9,
        4,
    )
