"""Dante's Inferno's codec beyond the generic round trips (``test_codecs.py``): the moves that
``legal_actions`` does not list (long walks with a chosen payment, any offer, a pact) travel
both ways and read back from the players' words; a pact's event reaches its message; malformed
messages are refused with a reason."""

from __future__ import annotations

import pytest

from inferno_proto import dantes_inferno_pb2 as di
from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import CodecError, action_from_proto, action_to_proto, codec, parse_move
from inferno_proto.codecs.dantes_inferno import read_words
from inferno_rules import Action, Event

CODEC = codec("dantes_inferno")
UNLISTED = [
    Action("move", ["(0,1)/o", "(0,2)/o", "(0,3)/o", "(0,4)/o", "(0,5)/o", "(0,6)/o"]),
    Action("move", {"path": ["(0,1)/o", "(0,2)/o", "(0,3)/o"], "pay": {"Y": 1}}),
    Action("offer", {"to": 2, "give": {"Y": 2, "B": 1}, "get": {"G": 3}, "note": "deal?"}),
    Action("offer", {"to": 0, "give": {}, "get": {"R": 1}}),
    Action("gift", {"to": 1, "give": {"R": 2}}),
    Action("pact", {"to": 1, "text": "I leave your demons alone"}),
    Action("move_demon", ["(2,2)/o", "(2,3)/o"]),
    Action("next_circle", "C9"),
]


@pytest.mark.parametrize("action", UNLISTED)
def test_unlisted_moves_travel_both_ways_and_read_back_from_their_words(action: Action) -> None:
    message = action_to_proto("dantes_inferno", action)
    assert action_from_proto(pb.Action.FromString(message.SerializeToString())) == action
    text = CODEC.move_text(message)
    assert read_words(text) == action, text
    if action.kind not in ("offer", "pact"):  # free text keeps its case; the rest any case
        assert read_words(text.upper()) == action, text
    # The client reads it even though no legal list names it: the engine judges it.
    listed = [action_to_proto("dantes_inferno", Action("end_turn", None))]
    assert parse_move(text, listed) == message


def test_the_players_words_for_each_move() -> None:
    words = {
        "end turn": Action("end_turn", None),
        "accept": Action("accept", None),
        "accept 4": Action("accept", 4),
        "reject 4": Action("reject", 4),
        "tile ii (1,2)": Action("place_tile", ["II", "(1,2)"]),
        "token bad (0,4)": Action("token", ["bad", "(0,4)"]),
        "bonus g": Action("bonus", "G"),
        "enter (0,5)/O": Action("new_token", "(0,5)/o"),
        "pass": Action("pass", None),
    }
    for text, action in words.items():
        assert read_words(text) == action, text
    for nonsense in ("", "fly (0,1)/o", "move demon (0,1)/o", "offer 2 give 1Y", "gift to"):
        assert read_words(nonsense) is None, nonsense
    with pytest.raises(ValueError):
        read_words("offer to 2 give 1X get 1Y")


def test_a_pact_reaches_its_event_message() -> None:
    out = pb.Event(id="7-0", version=7)
    data = {"from": 1, "to": 0, "text": "no demons on me", "binding": False}
    assert CODEC.fill_event(out, Event("pact", data))
    pact = out.dantes_inferno.pact
    assert (pact.from_seat, pact.to_seat, pact.text, pact.binding) == (1, 0, data["text"], False)


def test_malformed_moves_are_refused_with_a_reason() -> None:
    empty = pb.Action(dantes_inferno=di.DantesInfernoAction())
    no_path = pb.Action(dantes_inferno=di.DantesInfernoAction(move=di.DantesInfernoAction.Move()))
    no_space = pb.Action(
        dantes_inferno=di.DantesInfernoAction(place=di.DantesInfernoAction.Place())
    )
    for message, reason in (
        (empty, "empty_action"),
        (no_path, "no_path"),
        (no_space, "malformed_action"),
    ):
        with pytest.raises(CodecError) as refused:
            action_from_proto(message)
        assert refused.value.reason == reason
    with pytest.raises(CodecError) as refused:
        action_to_proto("dantes_inferno", Action("gift", {"to": 1, "give": {"X": 1}}))
    assert refused.value.reason == "bad_amounts"
