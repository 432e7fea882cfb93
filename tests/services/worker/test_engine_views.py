"""The worker reads the engine's answers back into the rules core's shapes, for every game
(through the games' codecs, ``inferno_proto.codecs``, which the engine writes them with).

Over whole random games, at every decision: the seat's view as the engine sends it (rules
``view`` → the engine's translation → protobuf) becomes, in the worker, exactly the dict the
rules core gave; every legal action survives the trip to protobuf and back; and an action of
a game the worker does not know is refused with a message, not guessed. Burn in Hell, a
real-time game, is played on a simulated clock (ticks between the commands), half its seats
by the heuristic bot so that Circles, offers and DIG sessions (the view's private parts) occur.
"""

from __future__ import annotations

import random

import pytest

from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import (
    CodecError,
    action_from_proto,
    action_to_proto,
    codec,
    view_dict,
)
from inferno_rules import CLOCK, SPECTATOR, Action, Viewer, get_game
from inferno_worker.bots import get_bot

CASES = [
    ("oh_hell", 3, {}),
    ("oh_hell", 4, {"SIMULTANEOUS_BIDS": True, "ORDER": "DOWN_UP"}),
    ("oh_hell", 5, {"LA_PODRIDA": True, "HOOK": True, "ZERO_BID_ALT": True}),
    ("inferno", 3, {}),
    ("inferno", 4, {}),
    ("inferno", 7, {}),
]


def engine_reply(game_name: str, state, seat: int | None) -> pb.GetViewResponse:
    """What the engine's GetView sends to ``seat`` (the game part and the decision); ``None``
    for a spectator."""
    game = get_game(game_name)
    reply = pb.GetViewResponse(game=game_name)
    if seat is not None:
        reply.your_seat = seat
    reply.decision.seats.extend(game.decision(state).seats)
    viewer = SPECTATOR if seat is None else Viewer.of_seat(seat)
    codec(game_name).fill_view(reply, game.view(state, viewer))
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


@pytest.mark.parametrize(("players", "options"), [(4, {"MATCH": "OPEN"}), (6, {}), (8, {})])
def test_burn_in_hell_views_and_actions_survive_the_round_trip_over_whole_games(
    players: int, options: dict
) -> None:
    game = get_game("burn_in_hell")
    rng = random.Random(f"burn-{players}")
    bots = [get_bot("burn_in_hell", "heuristic" if s % 2 else "random") for s in range(players)]
    state = game.new_game(players, options, f"burn-seed-{players}")
    seen: set[str] = set()
    checks = 0
    while not game.is_over(state):
        decision = game.decision(state)
        if not decision.seats:
            state = game.apply(state, CLOCK, Action("tick", decision.tick_at)).state
            continue
        seat = rng.choice(decision.seats)
        legal = game.legal_actions(state, seat)
        for action in legal:
            assert action_from_proto(action_to_proto("burn_in_hell", action)) == action
        if rng.random() < 0.2 or state_has_a_dig(game, state):
            for viewer in (*range(players), None):
                rules_view = game.view(
                    state, SPECTATOR if viewer is None else Viewer.of_seat(viewer)
                )
                assert view_dict(engine_reply("burn_in_hell", state, viewer)) == rules_view
                seen.update(key for key in ("dig_pile", "paused_until") if rules_view.get(key))
                seen.update("circles" for s in rules_view["seats"] if s["circles"])
                seen.update("offers" for _ in rules_view["offers"])
                seen.update("held" for s in rules_view["seats"] if s["held"])
            checks += 1
        view = game.view(state, Viewer.of_seat(seat))
        action = bots[seat].choose(view, legal, rng)
        state = game.apply(state, seat, action).state
        if not game.is_over(state):
            later = state.now + rng.randint(0, 800)
            state = game.apply(state, CLOCK, Action("tick", later)).state
    assert checks > 100
    # The private and occasional parts of the view were met on the way.
    assert seen >= {"circles", "offers", "held", "dig_pile"}
    for viewer in (*range(players), None):
        final = view_dict(engine_reply("burn_in_hell", state, viewer))
        assert final == game.view(state, SPECTATOR if viewer is None else Viewer.of_seat(viewer))
        assert "all_circles" in final and "discard" in final


def test_a_view_of_a_game_without_a_translation_still_names_the_seat() -> None:
    reply = pb.GetViewResponse(game="chess", your_seat=2)
    reply.seats.add()
    reply.seats.add()
    reply.seats.add()
    assert view_dict(reply) == {"game": "chess", "players": 3, "seat": 2}


def test_actions_the_worker_cannot_translate_are_refused_with_a_reason() -> None:
    with pytest.raises(CodecError, match="no game") as refused:
        action_from_proto(pb.Action())
    assert refused.value.reason == "wrong_game_action"
    with pytest.raises(CodecError, match="bid or play") as refused:
        action_from_proto(pb.Action(oh_hell={}))
    assert refused.value.reason == "empty_action"
    with pytest.raises(CodecError, match="take action of oh_hell") as refused:
        action_to_proto("oh_hell", Action("take"))
    assert refused.value.reason == "no_such_action"
    with pytest.raises(CodecError, match="play action of burn_in_hell"):
        action_to_proto("burn_in_hell", Action("play", "R5"))
    with pytest.raises(CodecError, match="chess") as refused:
        action_to_proto("chess", Action("play", "R5"))
    assert refused.value.reason == "game_not_in_api"
    with pytest.raises(CodecError):
        action_from_proto(pb.Action(burn_in_hell={}))


def state_has_a_dig(game, state) -> bool:
    """A DIG session is open (short-lived: its view is checked whenever there is one)."""
    return bool(game.view(state, SPECTATOR)["digs"])
