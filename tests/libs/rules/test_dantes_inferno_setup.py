"""Setup and the turn skeleton (spec §3, §4): the board laid out, the stacks, snake-order token
placement, the first player, whose decision it is, the turn's steps in order, and replay from
seed."""

from __future__ import annotations

import random

from inferno_rules import OPERATOR, SPECTATOR, Decision, Viewer

from .test_dantes_inferno_helpers import (
    GAME,
    Action,
    C,
    S,
    applied,
    arranged,
    board,
    legal,
    new,
    rejected,
    state,
)


def placed(s: state.DanteState) -> state.DanteState:
    """Every setup placement made at random."""
    rng = random.Random(7)
    while s.phase == state.PLACING:
        s = applied(s, s.active, rng.choice(legal(s, s.active))).state
    return s


def test_ring_one_and_every_corner_are_laid_face_up_and_the_rest_stacked() -> None:
    s = new(3)
    laid = [cell for cell, tile in enumerate(s.board) if tile]
    assert len(laid) == 28 + 16
    assert set(board.PLAIN_CELLS[0]) <= set(laid)
    assert set(board.CORNER_CELLS) <= set(laid)
    assert not any(s.board[c] for ring in board.PLAIN_CELLS[1:] for c in ring)
    assert not s.board[board.CENTRE] and s.down == ()
    assert sorted(s.board[c] for c in board.PLAIN_CELLS[0]) == sorted(board.RING_TILES[0])
    assert [len(stack) for stack in s.stacks] == [20, 12, 4, 1]
    assert s.resources == ((0, 0, 0, 0),) * 3  # DECISION §1: everyone starts with nothing
    assert s.demons == () and s.good == s.bad == -1
    assert sorted(s.stacks[0]) == sorted(board.RING_TILES[1])


def test_the_layout_comes_from_the_seed() -> None:
    assert new(3, seed="a") == new(3, seed="a")
    assert new(3, seed="a").board != new(3, seed="b").board


def test_placement_runs_in_snake_order_from_a_random_first_placer() -> None:
    s = new(3)
    p = s.place_order[0]
    order = [p, (p + 1) % 3, (p + 2) % 3]
    assert list(s.place_order) == order + order[::-1] + order
    assert s.active == p and GAME.decision(s) == Decision((p,), False, None)
    assert GAME.opening_events(s)[0].data["order"] == list(s.place_order)


def test_a_setup_token_goes_on_a_free_outer_non_corner_space_of_ring_one() -> None:
    s = new(3)
    p = s.active
    assert len(legal(s, p)) == 28
    rejected(s, p, Action("place", "(0,0)/o"), "not_entry_space")  # a corner
    rejected(s, p, Action("place", "(0,3)/i"), "not_entry_space")  # circle 2
    rejected(s, p, Action("place", "(9,9)/o"), "no_such_space")
    out = applied(s, p, Action("place", "(0,3)/o"))
    assert out.state.tokens[p] == (S("(0,3)/o"),)
    assert out.state.active == out.state.place_order[0]
    rejected(out.state, out.state.active, Action("place", "(0,3)/o"), "not_entry_space")


def test_after_the_last_placement_a_random_player_takes_the_first_turn() -> None:
    s = placed(new(3))
    assert all(len(t) == 3 for t in s.tokens)
    assert s.round_no == 1 and s.first == s.active
    # No demon yet, so no fight: the resource roll is shown at once.
    assert s.phase == state.ROLL and s.roll[0] == state.RESOURCE_ROLL


def test_five_and_six_players_keep_five_tokens_in_play() -> None:
    assert new(4).limit == 6 and new(5).limit == 5 and new(6).limit == 5


def test_the_turn_runs_fight_then_roll_then_main() -> None:
    s = arranged({0: ("(0,3)/o",), 1: ("(0,5)/o",)}, demons=("(0,3)/o",))
    s = s._replace(phase=state.MAIN)
    out = applied(s, 0, Action("end_turn", None))
    after = out.state
    assert after.active == 1 and after.phase == state.ROLL  # seat 1 has no fight
    # Seat 0's turn again: its token shares a space with a demon, so step 1 comes first.
    s2 = arranged({0: ("(0,3)/o",)}, active=2, demons=("(0,3)/o",))
    out = applied(s2, 2, Action("end_turn", None))
    assert out.state.phase == state.FIGHT and out.state.pending == (S("(0,3)/o"),)
    rejected(out.state, 0, Action("end_turn", None), "wrong_phase")
    assert GAME.legal_actions(out.state, 0) == [Action("fight", "(0,3)/o")]


def test_main_is_a_decision_of_every_seat_at_once() -> None:
    s = arranged({0: ("(0,3)/o",)})
    assert GAME.decision(s) == Decision((0, 1, 2), True, None)
    assert GAME.view(s, SPECTATOR)["to_act"] == [0, 1, 2]
    rejected(s, 1, Action("end_turn", None), "not_active")
    rejected(s, 1, Action("move", ["(0,3)/o", "(0,4)/o"]), "not_active")
    # Outside MAIN only the active player acts.
    roll = s._replace(phase=state.ROLL, roll=(state.RESOURCE_ROLL, -1, 3, 4, 0))
    assert GAME.decision(roll) == Decision((0,), False, None)
    assert rejected(roll, 1, Action("accept", None), "not_your_turn")


def test_unknown_and_wrong_phase_actions_are_refused() -> None:
    s = arranged({0: ("(0,3)/o",)})
    rejected(s, 0, Action("warp", None), "unknown_action")
    rejected(s, 0, Action("place", "(0,4)/o"), "wrong_phase")
    rejected(s, 0, Action("end_turn", 3), "malformed_action")
    rejected(s, 0, Action("pass", None), "not_active")
    # Another seat has nothing to say: nothing changes, but the log shows the move.
    passed = applied(s, 1, Action("pass", None))
    assert [(e.kind, e.data) for e in passed.events] == [("passed", {"seat": 1})]
    assert passed.state._replace(moves=s.moves) == s
    rejected(s, 1, Action("pass", 3), "malformed_action")


def test_a_player_with_no_token_still_takes_turns() -> None:
    s = arranged({1: ("(0,3)/o",)}, active=2)
    out = applied(s, 2, Action("end_turn", None))
    assert out.state.active == 0 and out.state.phase == state.ROLL


def test_views_show_stack_sizes_but_never_their_order() -> None:
    s = new(3)
    for viewer in (SPECTATOR, Viewer.of_seat(0)):
        seen = GAME.view(s, viewer)
        assert seen["stack_sizes"] == {"II": 20, "III": 12, "IV": 4, "IX": 1}
        assert "stacks" not in seen
    assert GAME.private_tokens(s)[-1] == frozenset(t for st in s.stacks for t in st)
    assert GAME.view(s, OPERATOR)["stacks"]["II"] == list(s.stacks[0])


def test_a_game_replays_from_seed_and_log() -> None:
    s = new(4, seed="replay", ROUND_CAP=2)
    rng = random.Random(3)
    log = []
    while not GAME.is_over(s):
        seat = rng.choice(GAME.decision(s).seats)
        action = rng.choice(legal(s, seat))
        log.append((seat, action))
        s = applied(s, seat, action).state
    again = new(4, seed="replay", ROUND_CAP=2)
    for seat, action in log:
        again = applied(again, seat, action).state
    assert GAME.encode(again) == GAME.encode(s)
    assert GAME.decode(GAME.encode(s)) == s


def test_cells_parse() -> None:
    assert C("(4,4)") == board.CENTRE


def test_the_frameworks_guards_refuse_unknown_seats_other_turns_and_moves_after_the_end() -> None:
    s = arranged({0: ("(0,3)/o",)})
    rejected(s, 9, Action("end_turn", None), "no_such_seat")
    rejected(s, "0", Action("end_turn", None), "no_such_seat")  # type: ignore[arg-type]
    assert GAME.legal_actions(s, True) == [] and GAME.legal_actions(s, 9) == []
    rejected(s, 0, ("end_turn",), "malformed_action")  # type: ignore[arg-type]
    over = s._replace(phase=state.OVER)
    rejected(over, 0, Action("end_turn", None), "game_over")
    assert GAME.decision(over) == Decision((), False, None)
