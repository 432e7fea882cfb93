"""The MAIN step's board actions (spec §7, §8): each paid action, its price and preconditions,
the free token step and the free demon move, and each rejection reason."""

from __future__ import annotations

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

RICH = res(9, 9, 9, 9)


# ---------------------------------------------------------------------- PLACE_TILE
def test_place_tile_reveals_the_stack_top_on_the_named_position_for_y_and_g() -> None:
    s = arranged(resources={0: res(y=1, g=1)})
    top = s.stacks[0][0]
    out = applied(s, 0, Action("place_tile", ["II", "(1,2)"]))  # next to corner (1,1)
    assert out.state.board[C("(1,2)")] == top and out.state.stacks[0] == s.stacks[0][1:]
    assert out.state.resources[0] == res() and C("(1,2)") not in out.state.down
    assert event(out, "tile_placed")["tile"] == top


def test_place_tile_refusals() -> None:
    s = arranged(resources={0: res(y=1, g=1)})
    rejected(s, 0, Action("place_tile", ["V", "(1,2)"]), "no_such_stack")
    rejected(s, 0, Action("place_tile", ["II", "(1,9)"]), "no_such_cell")
    rejected(s, 0, Action("place_tile", "II"), "malformed_action")
    rejected(s, 0, Action("place_tile", ["II", "(1,4)"]), "not_placeable")  # no placed neighbour
    rejected(s, 0, Action("place_tile", ["III", "(1,2)"]), "not_placeable")  # wrong ring
    rejected(s, 0, Action("place_tile", ["II", "(0,3)"]), "position_taken")
    rejected(arranged(), 0, Action("place_tile", ["II", "(1,2)"]), "cannot_afford")
    empty = s._replace(stacks=((), *s.stacks[1:]))
    rejected(empty, 0, Action("place_tile", ["II", "(1,2)"]), "stack_empty")


def test_a_face_down_tile_counts_as_a_neighbour_and_the_centre_is_always_placeable() -> None:
    s = arranged(resources={0: RICH}, placed={"(1,2)": "II-Y-1"}, down=("(1,2)",))
    assert applied(s, 0, Action("place_tile", ["II", "(1,3)"])).state.board[C("(1,3)")]
    out = applied(s, 0, Action("place_tile", ["IX", "(4,4)"]))
    assert out.state.board[board.CENTRE] == "IX-LUCIFER"
    rejected(out.state, 0, Action("place_tile", ["IX", "(4,4)"]), "stack_empty")


# ---------------------------------------------------------------------- FLIP_TILE
def test_flip_tile_turns_an_empty_non_corner_tile_for_b_r_g() -> None:
    s = arranged(resources={0: res(r=2, b=2, g=2)})
    out = applied(s, 0, Action("flip_tile", "(0,3)"))
    assert out.state.down == (C("(0,3)"),) and out.state.resources[0] == res(r=1, b=1, g=1)
    assert event(out, "tile_flipped")["face"] == "down"
    back = applied(out.state, 0, Action("flip_tile", "(0,3)"))
    assert back.state.down == () and event(back, "tile_flipped")["face"] == "up"


def test_flip_tile_refusals() -> None:
    s = arranged(
        {1: ("(0,3)/i",)}, resources={0: RICH}, demons=("(0,5)/o",), placed={"(4,4)": "IX-LUCIFER"}
    )
    rejected(s, 0, Action("flip_tile", "(0,3)"), "tile_occupied")  # a token
    rejected(s, 0, Action("flip_tile", "(0,5)"), "tile_occupied")  # a demon
    rejected(s, 0, Action("flip_tile", "(0,0)"), "not_flippable")  # a corner
    rejected(s, 0, Action("flip_tile", "(4,4)"), "not_flippable")  # the centre
    rejected(s, 0, Action("flip_tile", "(1,2)"), "not_flippable")  # not placed
    rejected(s, 0, Action("flip_tile", "nowhere"), "no_such_cell")
    rejected(arranged(), 0, Action("flip_tile", "(0,3)"), "cannot_afford")


def test_a_face_down_tile_cannot_be_entered_or_crossed() -> None:
    s = arranged({0: ("(0,2)/o",)}, resources={0: RICH}, down=("(0,3)",))
    rejected(s, 0, Action("move", ["(0,2)/o", "(0,3)/o"]), "space_unusable")
    rejected(s, 0, Action("move", ["(0,2)/o", "(0,3)/o", "(0,4)/o"]), "space_unusable")


# ---------------------------------------------------------------------- NEW_TOKEN
def test_new_token_enters_circle_one_for_y_b_r() -> None:
    s = arranged({0: ("(0,3)/o",)}, resources={0: res(1, 1, 1, 0)}, demons=("(0,4)/o",))
    out = applied(s, 0, Action("new_token", "(0,4)/o"))  # a demon does not block it
    assert out.state.tokens[0] == (S("(0,3)/o"), S("(0,4)/o"))
    assert out.state.resources[0] == res()


def test_new_token_refusals() -> None:
    s = arranged({1: ("(0,5)/o",)}, resources={0: RICH}, down=("(0,6)",))
    rejected(s, 0, Action("new_token", "(0,5)/o"), "not_entry_space")  # taken
    rejected(s, 0, Action("new_token", "(0,6)/o"), "not_entry_space")  # face down
    rejected(s, 0, Action("new_token", "(0,0)/o"), "not_entry_space")  # corner
    rejected(s, 0, Action("new_token", "(0,3)/i"), "not_entry_space")  # circle 2
    rejected(s, 0, Action("new_token", "(0,9)/o"), "no_such_space")
    rejected(arranged(), 0, Action("new_token", "(0,3)/o"), "cannot_afford")
    six = ("(0,1)/o", "(0,2)/o", "(0,3)/o", "(0,4)/o", "(0,5)/o", "(0,6)/o")
    full = arranged({0: six}, resources={0: RICH})
    rejected(full, 0, Action("new_token", "(0,7)/o"), "token_limit")
    five = arranged({0: six[:5]}, players=5, resources={0: RICH})
    rejected(five, 0, Action("new_token", "(0,7)/o"), "token_limit")


# ---------------------------------------------------------------------- MOVE
def test_the_turns_first_step_is_free_and_every_later_step_costs_one() -> None:
    s = arranged({0: ("(0,2)/o", "(0,6)/o")}, resources={0: res(y=1, b=2)})
    out = applied(s, 0, Action("move", ["(0,2)/o", "(0,3)/o", "(0,4)/o"]))
    assert out.state.tokens[0] == (S("(0,4)/o"), S("(0,6)/o"))
    assert out.state.resources[0] == res(y=1, b=1)  # paid from the kind held most
    assert event(out, "token_moved")["free_steps"] == 1 and out.state.free_step
    later = applied(out.state, 0, Action("move", {"path": ["(0,6)/o", "(0,7)/o"], "pay": {"Y": 1}}))
    assert later.state.resources[0] == res(b=1)
    rejected(later.state, 0, Action("move", ["(0,7)/o", "(0,8)/o", "(1,8)/o"]), "cannot_afford")


def test_a_path_may_cross_tokens_and_demons_and_end_on_a_demon_only() -> None:
    s = arranged(
        {0: ("(0,2)/o",), 1: ("(0,3)/o",)}, resources={0: RICH}, demons=("(0,4)/o", "(0,5)/o")
    )
    out = applied(s, 0, Action("move", ["(0,2)/o", "(0,3)/o", "(0,4)/o", "(0,5)/o"]))
    assert out.state.tokens[0] == (S("(0,5)/o"),)
    rejected(s, 0, Action("move", ["(0,2)/o", "(0,3)/o"]), "occupied")


def test_move_refusals() -> None:
    s = arranged({0: ("(0,2)/o", "C9"), 1: ("(0,4)/o",)}, resources={0: RICH})
    rejected(s, 0, Action("move", ["(0,4)/o", "(0,5)/o"]), "not_your_token")
    rejected(s, 0, Action("move", ["(0,2)/o", "(0,2)/i"]), "not_a_path")  # changes circle
    rejected(s, 0, Action("move", ["(0,2)/o", "(0,3)/o", "(0,2)/o"]), "not_a_path")  # back
    rejected(s, 0, Action("move", ["(0,2)/o", "(0,5)/o"]), "not_a_path")  # a jump
    rejected(s, 0, Action("move", ["C9", "(3,3)/i"]), "not_a_path")
    rejected(s, 0, Action("move", ["(0,2)/o"]), "malformed_action")
    rejected(s, 0, Action("move", ["(0,2)/o", "x"]), "no_such_space")
    rejected(s, 0, Action("move", {"path": ["(0,2)/o", "(0,3)/o"], "pay": 3}), "malformed_action")
    two = Action("move", {"path": ["(0,2)/o", "(0,1)/o", "(0,0)/o"], "pay": {"Y": 2}})
    rejected(s, 0, two, "wrong_payment")
    rejected(s, 0, Action("move", ["(0,2)/o", "(1,2)/o"]), "not_a_path")
    # Ring II's (1,2) is not placed: a circle-3 path cannot use it.
    s3 = arranged({0: ("(1,1)/o",)}, resources={0: RICH})
    rejected(s3, 0, Action("move", ["(1,1)/o", "(1,2)/o"]), "space_unusable")
    whole = [board.space_name(2 * c) for c in board.RING_CELLS[0][2:]] + ["(0,0)/o", "(0,1)/o"]
    far = arranged({0: ("(0,2)/o",)}, resources={0: RICH})
    rejected(far, 0, Action("move", ["(0,2)/o", *whole]), "not_a_path")  # past L-1 steps


# ---------------------------------------------------------------------- PUSH
def test_push_moves_an_opponent_token_one_space_for_b_once_per_turn() -> None:
    s = arranged({0: ("(0,1)/o",), 1: ("(0,3)/o",)}, resources={0: res(b=2)}, demons=("(0,4)/o",))
    out = applied(s, 0, Action("push", ["(0,3)/o", "(0,4)/o"]))  # onto a demon: allowed
    assert out.state.tokens[1] == (S("(0,4)/o"),) and out.state.resources[0] == res(b=1)
    rejected(out.state, 0, Action("push", ["(0,4)/o", "(0,5)/o"]), "already_pushed")


def test_push_refusals() -> None:
    s = arranged(
        {0: ("(0,1)/o",), 1: ("(0,3)/o", "(0,4)/o")}, resources={0: res(b=1)}, down=("(0,2)",)
    )
    rejected(s, 0, Action("push", ["(0,1)/o", "(0,0)/o"]), "not_opponent_token")
    rejected(s, 0, Action("push", ["(0,5)/o", "(0,6)/o"]), "not_opponent_token")
    rejected(s, 0, Action("push", ["(0,3)/o", "(0,4)/o"]), "occupied")
    rejected(s, 0, Action("push", ["(0,3)/o", "(0,2)/o"]), "space_unusable")
    rejected(s, 0, Action("push", ["(0,4)/o", "(0,6)/o"]), "not_adjacent")
    rejected(s, 0, Action("push", ["(0,4)/o", "(0,4)/i"]), "not_adjacent")
    rejected(s, 0, Action("push", ["(0,4)/o"]), "malformed_action")
    rejected(s, 0, Action("push", ["(0,4)/o", "?"]), "no_such_space")
    rejected(
        s._replace(resources=(res(), res(), res())),
        0,
        Action("push", ["(0,4)/o", "(0,5)/o"]),
        "cannot_afford",
    )


# ---------------------------------------------------------------------- NEXT_CIRCLE
def test_next_circle_goes_in_at_a_corner_for_y_r_g_and_repeats_if_paid() -> None:
    s = arranged({0: ("(0,0)/o",)}, resources={0: res(2, 2, 0, 2)})
    out = applied(s, 0, Action("next_circle", "(0,0)/o"))
    assert out.state.tokens[0] == (S("(0,0)/i"),) and event(out, "next_circle")["circle"] == 2
    again = applied(out.state, 0, Action("next_circle", "(0,0)/i"))
    assert again.state.tokens[0] == (S("(1,1)/o"),) and again.state.resources[0] == res()


def test_next_circle_refusals() -> None:
    s = arranged(
        {0: ("(0,3)/o", "(0,0)/o", "(3,3)/i", "(1,1)/i"), 1: ("(0,0)/i",)}, resources={0: RICH}
    )
    rejected(s, 0, Action("next_circle", "(0,3)/o"), "not_a_corner")
    rejected(s, 0, Action("next_circle", "(0,0)/o"), "occupied")
    rejected(s, 0, Action("next_circle", "(3,3)/i"), "space_unusable")  # no centre tile yet
    rejected(s, 0, Action("next_circle", "(0,0)/i"), "not_your_token")
    rejected(s, 0, Action("next_circle", "(4,4)/o"), "no_such_space")
    poor = s._replace(resources=(res(1, 1, 1, 0), res(), res()))
    rejected(poor, 0, Action("next_circle", "(1,1)/i"), "cannot_afford")


# ---------------------------------------------------------------------- free demon move
def test_the_free_demon_move_goes_one_space_or_along_a_corner_link_once_per_turn() -> None:
    s = arranged({1: ("(1,1)/o",)}, demons=("(0,0)/i", "(0,5)/o"))
    dests = {tuple(a.arg) for a in legal(s, 0) if a.kind == "move_demon"}
    assert ("(0,0)/i", "(0,0)/o") in dests and ("(0,0)/i", "(1,1)/o") in dests
    assert ("(0,0)/i", "(0,1)/i") in dests and ("(0,5)/o", "(0,4)/o") in dests
    out = applied(s, 0, Action("move_demon", ["(0,0)/i", "(1,1)/o"]))  # onto a token: fine
    assert out.state.demons == (S("(0,5)/o"), S("(1,1)/o"))
    rejected(out.state, 0, Action("move_demon", ["(0,5)/o", "(0,4)/o"]), "demon_move_used")


def test_free_demon_move_refusals() -> None:
    s = arranged(demons=("(0,0)/i", "(0,1)/i", "(3,3)/i"), placed={"(4,4)": "IX-LUCIFER"})
    rejected(s, 0, Action("move_demon", ["(0,0)/i", "(0,1)/i"]), "demon_there")
    rejected(s, 0, Action("move_demon", ["(0,3)/o", "(0,4)/o"]), "no_demon")
    rejected(s, 0, Action("move_demon", ["(3,3)/i", "C9"]), "lucifer_circle")
    rejected(s, 0, Action("move_demon", ["(0,0)/i", "(0,2)/i"]), "not_adjacent")
    rejected(s, 0, Action("move_demon", ["(3,3)/i", "(3,4)/i"]), "not_adjacent")  # unplaced
    rejected(s, 0, Action("move_demon", "(0,0)/i"), "malformed_action")
    rejected(s, 0, Action("move_demon", ["(0,0)/i", "?"]), "no_such_space")


def test_every_listed_main_action_is_accepted() -> None:
    s = arranged(
        {0: ("(0,0)/o", "(0,3)/o"), 1: ("(0,5)/o",)}, resources={0: RICH}, demons=("(0,1)/o",)
    )
    for action in legal(s, 0):
        applied(s, 0, action)
    assert s.phase == state.MAIN
