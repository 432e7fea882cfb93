"""Burn in Hell's seat commands (spec §4–§7): each success, and each refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from inferno_rules import Action

from .burn_helpers import GAME, applied, arranged, event, kinds, rejected


def special(card: str, victim: int | None = None, target: str | None = None) -> Action:
    return Action("play_special", {"card": card, "victim": victim, "target": target})


# ---------------------------------------------------------------------------- grab / release
def test_grab_holds_table_cards_and_refuses_others() -> None:
    state = arranged(4, tables={0: ("P1", "P2"), 1: ("G1",)})
    out = applied(state, 0, Action("grab", ["P1", "P2"]))
    assert event(out, "grabbed")["cards"] == ["P1", "P2"]
    assert out.state.hands[0] == ("P1", "P2") and out.state.tables[0] == ()
    rejected(state, 0, Action("grab", ["G1"]), "not_on_your_table")
    rejected(out.state, 0, Action("grab", ["P1"]), "not_on_your_table")
    rejected(state, 0, Action("grab", ["P1", "P1"]), "duplicate_card")
    rejected(state, 0, Action("grab", ["XX"]), "not_a_card")
    rejected(state, 0, Action("grab", []), "malformed_action")
    rejected(state, 0, Action("grab", "P1"), "malformed_action")


def test_release_returns_held_cards() -> None:
    state = arranged(4, hands={0: ("P1", "P2")})
    out = applied(state, 0, Action("release", ["P1"]))
    assert out.state.hands[0] == ("P2",) and out.state.tables[0] == ("P1",)
    assert "hold_ended" not in kinds(out)
    rejected(state, 0, Action("release", ["P3"]), "not_in_your_hand")


# ---------------------------------------------------------------------------- Circles
def test_form_circle_from_table_and_hand_is_face_down_and_final() -> None:
    state = arranged(4, tables={0: ("W1", "W2")}, hands={0: ("W3",)})
    out = applied(state, 0, Action("form_circle", ["W1", "W2", "W3"]))
    public = event(out, "circle_formed")
    assert public == {"seat": 0, "size": 3, "circles": 1, "at": state.now}
    private = next(e for e in out.events if e.kind == "circle_contents")
    assert private.to == frozenset({0}) and private.data["cards"] == ["W1", "W2", "W3"]
    assert private.data["type"] == "combination"
    assert out.state.circles[0] == (("W1", "W2", "W3"),)
    assert out.state.tables[0] == () and out.state.hands[0] == ()
    assert "hold_ended" in kinds(out)  # the hand emptied
    rejected(state, 0, Action("form_circle", ["W1", "W2"]), "invalid_circle")
    rejected(state, 1, Action("form_circle", ["W1", "W2", "W3"]), "not_yours")


def test_solitary_confinement_forms_a_circle_and_counts_as_used() -> None:
    state = arranged(4, tables={0: ("P1", "SOLITARY-1"), 1: ("G9",)}, ending=True)
    rejected(state, 0, special("SOLITARY-1"), "not_playable")
    out = applied(state, 0, Action("form_circle", ["P1", "SOLITARY-1"]))
    # No Special is left anywhere: E2 ends the round at once.
    assert event(out, "round_scored")["reason"] == "specials_used_up"
    assert event(out, "round_scored")["points"] == [10, 1, 0, 0]


# ---------------------------------------------------------------------------- offers
def offer(to: int, give: list[str], want: list[str]) -> Action:
    return Action("offer", {"to": to, "give": give, "want": want})


def test_an_accepted_offer_swaps_atomically_onto_the_tables() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1",)}, hands={1: ("G2",)})
    out = applied(state, 0, offer(1, ["P1"], ["G1", "G2"]))
    assert event(out, "offer_made")["expires_at"] == state.now + 20_000
    state = out.state
    rejected(state, 0, Action("accept", 1), "not_your_offer")
    rejected(state, 2, Action("reject", 1), "not_your_offer")
    rejected(state, 1, Action("withdraw", 1), "not_your_offer")
    rejected(state, 1, Action("accept", 2), "no_such_offer")
    rejected(state, 1, Action("accept", True), "malformed_action")
    out = applied(state, 1, Action("accept", 1))
    assert out.state.tables[0] == ("G1", "G2") and out.state.tables[1] == ("P1",)
    assert out.state.hands[1] == () and out.state.offers == ()
    assert kinds(out)[0] == "offer_accepted" and "hold_ended" in kinds(out)


def test_reject_and_withdraw_end_an_offer() -> None:
    state = applied(arranged(4, tables={0: ("P1",)}), 0, offer(2, ["P1"], [])).state
    assert "offer_rejected" in kinds(applied(state, 2, Action("reject", 1)))
    assert "offer_withdrawn" in kinds(applied(state, 0, Action("withdraw", 1)))


@pytest.mark.parametrize(
    ("arg", "code"),
    [
        ({"to": 0, "give": ["P1"], "want": []}, "bad_recipient"),
        ({"to": 7, "give": ["P1"], "want": []}, "bad_recipient"),
        ({"to": True, "give": ["P1"], "want": []}, "bad_recipient"),
        ({"to": 1, "give": [], "want": []}, "empty_offer"),
        ({"to": 1, "give": ["G1"], "want": []}, "not_yours"),
        ({"to": 1, "give": [], "want": ["P1"]}, "not_theirs"),
        ({"to": 1, "give": ["P1"], "want": ["P1"]}, "duplicate_card"),
        ({"to": 1, "give": "P1", "want": []}, "malformed_action"),
        ({"to": 1, "give": [], "want": [], "extra": 1}, "malformed_action"),
        ({"give": ["P1"]}, "malformed_action"),
        (["P1"], "malformed_action"),
    ],
)
def test_bad_offers_are_refused(arg: Any, code: str) -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1",)})
    rejected(state, 0, Action("offer", arg), code)


def test_at_most_ten_pending_offers_per_sender() -> None:
    state = arranged(4, tables={0: ("P1",)})
    for _ in range(10):
        state = applied(state, 0, offer(1, ["P1"], [])).state
        state = state._replace(recent=((), (), (), ()))
    rejected(state, 0, offer(1, ["P1"], []), "too_many_offers")
    assert not [a for a in GAME.legal_actions(state, 0) if a.kind == "offer"]


def test_an_offer_is_voided_when_one_of_its_cards_moves() -> None:
    state = arranged(4, tables={0: ("P1", "LAKE-1"), 1: ("G1",), 2: ("G2",)})
    state = applied(state, 1, offer(2, ["G1"], ["G2"])).state
    state = applied(state, 1, offer(0, [], ["P1"])).state
    out = applied(state, 0, special("LAKE-1", 1, "G1"))
    assert event(out, "offer_voided") == {
        "offer": 1,
        "from": 1,
        "to": 2,
        "card": "G1",
        "at": state.now,
    }
    assert [o[0] for o in out.state.offers] == [2]
    rejected(out.state, 2, Action("accept", 1), "no_such_offer")


def test_accepting_voids_other_offers_listing_the_moved_cards() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1",), 2: ("L1",)})
    state = applied(state, 0, offer(1, ["P1"], ["G1"])).state
    state = applied(state, 2, offer(0, ["L1"], ["P1"])).state
    out = applied(state, 1, Action("accept", 1))
    assert "offer_voided" in kinds(out) and out.state.offers == ()


def test_an_accept_whose_cards_moved_is_refused() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1",)})
    state = applied(state, 0, offer(1, ["P1"], ["G1"])).state
    moved = state._replace(tables=((), ("G1",), ("P1",), ()))  # moved without voiding
    rejected(moved, 1, Action("accept", 1), "offer_void")


# ---------------------------------------------------------------------------- Specials
def test_steal_a_soul_by_sin_and_by_description() -> None:
    state = arranged(
        4,
        tables={0: ("STEAL-WRATH", "STEAL-CLERIC"), 1: ("D13", "P1", "G1")},
        hands={1: ("W1",)},
    )
    out = applied(state, 0, special("STEAL-WRATH", 1, "D13"))  # Nero: Wrath and Pride
    assert event(out, "soul_stolen") == {"thief": 0, "victim": 1, "card": "D13", "at": state.now}
    assert out.state.tables[0] == ("STEAL-CLERIC", "D13")
    assert out.state.discard == ("STEAL-WRATH",)
    applied(state, 0, special("STEAL-CLERIC", 1, "G1"))  # Pope Alexander VI is a Cleric
    rejected(state, 0, special("STEAL-WRATH", 1, "P1"), "target_does_not_match")
    rejected(state, 0, special("STEAL-WRATH", 1, "W1"), "target_held")
    rejected(state, 0, special("STEAL-WRATH", 2, "D13"), "target_not_on_table")
    rejected(state, 0, special("STEAL-WRATH", 0, "D13"), "bad_victim")
    rejected(state, 0, special("STEAL-WRATH", None, "D13"), "bad_victim")
    rejected(state, 0, special("STEAL-WRATH", 1, None), "bad_target")
    rejected(state, 1, special("STEAL-WRATH", 0, "STEAL-CLERIC"), "not_yours")
    rejected(state, 0, special("P1"), "not_a_special")


def test_a_failed_special_stays_with_its_owner_and_a_second_special_on_a_moved_card_fails() -> None:
    state = arranged(4, tables={0: ("LAKE-1",), 2: ("STEAL-PRIDE",), 1: ("P1",)})
    state = applied(state, 0, special("LAKE-1", 1, "P1")).state
    assert state.discard == ("P1", "LAKE-1")
    rejected(state, 2, special("STEAL-PRIDE", 1, "P1"), "target_not_on_table")
    assert state.tables[2] == ("STEAL-PRIDE",)


def test_circles_cannot_be_targeted() -> None:
    state = arranged(4, tables={0: ("LAKE-1",), 1: ("W1", "W2", "W3")})
    state = applied(state, 1, Action("form_circle", ["W1", "W2", "W3"])).state
    rejected(state, 0, special("LAKE-1", 1, "W1"), "target_not_on_table")


def test_steal_a_special_takes_only_specials() -> None:
    state = arranged(4, tables={0: ("STEAL-SPECIAL-1",), 1: ("STOP-1", "P1")})
    out = applied(state, 0, special("STEAL-SPECIAL-1", 1, "STOP-1"))
    assert event(out, "special_stolen")["card"] == "STOP-1"
    assert out.state.tables[0] == ("STOP-1",)
    rejected(state, 0, special("STEAL-SPECIAL-1", 1, "P1"), "target_does_not_match")


def test_lake_of_fire_burns_a_rivals_soul_only() -> None:
    state = arranged(4, tables={0: ("LAKE-1", "P2"), 1: ("STOP-1", "P1")})
    out = applied(state, 0, special("LAKE-1", 1, "P1"))
    assert event(out, "lake_of_fire") == {"seat": 0, "victim": 1, "card": "P1", "at": state.now}
    rejected(state, 0, special("LAKE-1", 1, "STOP-1"), "target_does_not_match")
    rejected(state, 0, special("LAKE-1", 0, "P2"), "bad_victim")


def test_stop_and_dig_take_no_victim() -> None:
    state = arranged(4, tables={0: ("STOP-1", "DIG-1"), 1: ("P1",)})
    rejected(state, 0, special("STOP-1", 1), "bad_victim")
    rejected(state, 0, special("DIG-1", None, "P1"), "bad_target")
    rejected(state, 0, Action("play_special", {"card": "STOP-1", "x": 1}), "malformed_action")


def test_dig_shows_the_live_discard_pile_to_the_digger_only_and_takes_one_card() -> None:
    state = arranged(4, tables={0: ("DIG-1", "DIG-2"), 1: ("STOP-1",)}, discard=("P5", "P6"))
    out = applied(state, 0, special("DIG-1"))
    pile = next(e for e in out.events if e.kind == "dig_pile")
    assert pile.to == frozenset({0}) and pile.data["cards"] == ["P5", "P6"]
    assert event(out, "dig_opened")["until"] == state.now + 15_000
    state = out.state
    rejected(state, 0, special("DIG-2"), "dig_already_open")
    rejected(state, 1, Action("dig_pick", "P5"), "no_dig")
    rejected(state, 0, Action("dig_pick", "P1"), "not_in_discard")
    state = applied(state, 1, Action("discard_special", "STOP-1")).state
    view = GAME.view(state, _seat(0))
    assert view["dig_pile"] == ["P5", "P6", "STOP-1"]  # live
    assert "dig_pile" not in GAME.view(state, _seat(1))
    out = applied(state, 0, Action("dig_pick", "STOP-1"))
    assert out.state.tables[0] == ("DIG-2", "STOP-1")
    assert out.state.discard == ("P5", "P6", "DIG-1") and out.state.digs == ()


def test_discard_special_only_specials_of_ones_own() -> None:
    state = arranged(4, tables={0: ("STOP-1", "P1"), 1: ("STOP-2",)})
    out = applied(state, 0, Action("discard_special", "STOP-1"))
    assert out.state.discard == ("STOP-1",) and event(out, "special_discarded")["card"] == "STOP-1"
    rejected(state, 0, Action("discard_special", "P1"), "not_a_special")
    rejected(state, 0, Action("discard_special", "STOP-2"), "not_yours")


# ---------------------------------------------------------------------------- finished
def test_finished_flag_sets_clears_and_is_cleared_by_moves() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("LAKE-1",)})
    rejected(state, 0, Action("finished", False), "no_change")
    rejected(state, 0, Action("finished", 1), "malformed_action")
    state = applied(state, 0, Action("finished", True)).state
    assert state.finished[0]
    out = applied(state, 1, special("LAKE-1", 0, "P1"))  # a card of seat 0 moved
    assert not out.state.finished[0]
    assert {"seat": 0, "on": False, "at": state.now} in [
        e.data for e in out.events if e.kind == "finished_flag"
    ]


def test_unknown_commands_are_refused() -> None:
    state = arranged(4)
    rejected(state, 0, Action("bid", 1), "unknown_action")
    rejected(state, 0, Action("tick", 9999), "unknown_action")
    rejected(state, 9, Action("finished", True), "no_such_seat")


def _seat(seat: int) -> Any:
    from inferno_rules import Viewer

    return Viewer.of_seat(seat)


# ---------------------------------------------------------------------------- legal actions
def test_legal_actions_are_bounded_and_all_accepted() -> None:
    rivals = {s: ("P1", "G1", "L1", "E1", "U1")[s - 1 :: 3] for s in (1, 2, 3)}
    state = arranged(
        4,
        tables={0: ("LAKE-1", "DIG-1", "STOP-1", "SOLITARY-1", "W1", "W2", "W3"), **rivals},
        discard=("S1", "S2"),
    )
    legal = GAME.legal_actions(state, 0)
    lakes = [a for a in legal if a.kind == "play_special" and a.arg["card"] == "LAKE-1"]
    assert 1 <= len(lakes) <= 4
    assert Action("form_circle", ["W1", "W2", "W3"]) in legal
    assert Action("form_circle", ["SOLITARY-1", "W1"]) in legal
    assert not any(a.kind == "play_special" and a.arg["card"] == "SOLITARY-1" for a in legal)
    for action in legal:
        applied(state, 0, action)
    digging = applied(state, 0, special("DIG-1")).state
    picks = [a.arg for a in GAME.legal_actions(digging, 0) if a.kind == "dig_pick"]
    assert picks == ["S1", "S2"]
    for action in GAME.probe_actions(state):
        if repr(action) not in {repr(a) for a in GAME.legal_actions(state, 1)}:
            rejected(state, 1, action)
