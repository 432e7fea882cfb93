"""The worker reads the engine's answers back into the rules core's shapes, for every game.

Over whole random games, at every decision: the seat's view as the engine sends it (rules
``view`` → the engine's translation → protobuf) becomes, in the worker, exactly the dict the
rules core gave; every legal action survives the trip to protobuf and back; and an action of
a game the worker does not know is refused with a message, not guessed.
"""

from __future__ import annotations

import random

import pytest

from inferno_engine.games import translation
from inferno_proto import engine_pb2 as pb
from inferno_rules import Action, Viewer, get_game
from inferno_worker.engine_views import (
    UnsupportedGame,
    action_from_proto,
    action_to_proto,
    view_dict,
)

CASES = [
    ("oh_hell", 3, {}),
    ("oh_hell", 4, {"SIMULTANEOUS_BIDS": True, "ORDER": "DOWN_UP"}),
    ("oh_hell", 5, {"LA_PODRIDA": True, "HOOK": True, "ZERO_BID_ALT": True}),
    ("inferno", 3, {}),
    ("inferno", 4, {}),
    ("inferno", 7, {}),
]


def engine_reply(game_name: str, state, seat: int) -> pb.GetViewResponse:
    """What the engine's GetView sends to ``seat`` (the game part and the decision)."""
    game = get_game(game_name)
    reply = pb.GetViewResponse(game=game_name, your_seat=seat)
    reply.decision.seats.extend(game.decision(state).seats)
    translation(game_name).fill_view(reply, game.view(state, Viewer.of_seat(seat)))
    return reply


@pytest.mark.parametrize(("game_name", "players", "options"), CASES)
def test_views_and_actions_survive_the_engine_round_trip_over_whole_games(
    game_name: str, players: int, options: dict
) -> None:
    game = get_game(game_name)
    rng = random.Random(f"{game_name}-{players}")
    state = game.new_game(players, options, f"seed-{players}")
    decisions = 0
    while not game.is_over(state):
        seats = list(game.decision(state).seats)
        for seat in seats:
            expected = game.view(state, Viewer.of_seat(seat))
            assert view_dict(engine_reply(game_name, state, seat)) == expected
        seat = rng.choice(seats)
        legal = game.legal_actions(state, seat)
        for action in legal:
            assert action_from_proto(action_to_proto(game_name, action)) == action
        applied = game.apply(state, seat, rng.choice(legal))
        state = applied.state
        decisions += 1
    assert decisions > players * 3
    final = engine_reply(game_name, state, 0)
    assert view_dict(final) == game.view(state, Viewer.of_seat(0))


def test_a_view_of_a_game_without_a_translation_still_names_the_seat() -> None:
    reply = pb.GetViewResponse(game="burn_in_hell", your_seat=2)
    reply.seats.add()
    reply.seats.add()
    reply.seats.add()
    assert view_dict(reply) == {"game": "burn_in_hell", "players": 3, "seat": 2}


def test_actions_the_worker_cannot_translate_are_refused_with_a_reason() -> None:
    with pytest.raises(UnsupportedGame, match="no game"):
        action_from_proto(pb.Action())
    with pytest.raises(UnsupportedGame, match="oh_hell"):
        action_from_proto(pb.Action(oh_hell={}))
    with pytest.raises(UnsupportedGame, match="take action of oh_hell"):
        action_to_proto("oh_hell", Action("take"))
    with pytest.raises(UnsupportedGame, match="burn_in_hell"):
        action_to_proto("burn_in_hell", Action("play", "R5"))
