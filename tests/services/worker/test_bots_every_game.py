"""Every bot of every registered game plays whole games from what the engine would send it.

Each seat of a table is played by one of the game's bots, which sees only that seat's GetView
answer read back through the game's codec (never the rules' state) and the legal actions the
engine lists, also read back from their messages: every choice must be one of those, and the
game must end. Real-time games let a bot pass (``choose_or_pass``) while the clock ticks. A
game that registers gets this test, with every bot it registers, by being registered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import action_from_proto, action_to_proto, codec, view_dict
from inferno_rules import CLOCK, Action, Applied, Game, Viewer, all_games
from inferno_worker.bots import bot_names, choose_or_pass, get_bot

GAMES = all_games()
CASES = [
    (name, bot, players)
    for name, game in sorted(GAMES.items())
    for bot in bot_names(name)
    for players in sorted({game.info.min_players, game.info.max_players})
]
MAX_STEPS = 20_000


def seat_reply(name: str, game: Game[Any], state: Any, seat: int) -> pb.GetViewResponse:
    """The seat's GetView answer as the engine builds it: view, decision and legal actions."""
    reply = pb.GetViewResponse(game=name, your_seat=seat)
    reply.decision.seats.extend(game.decision(state).seats)
    codec(name).fill_view(reply, game.view(state, Viewer.of_seat(seat)))
    for action in game.legal_actions(state, seat):
        reply.legal_actions.append(action_to_proto(name, action))
    return reply


@pytest.mark.parametrize(("name", "bot_name", "players"), CASES)
def test_every_bot_chooses_only_legal_actions_from_its_view(
    name: str, bot_name: str, players: int
) -> None:
    game = GAMES[name]
    rng = random.Random(f"{name}-{bot_name}-{players}")
    bots = [get_bot(name, bot_name) for _ in range(players)]
    state = game.new_game(players, game.info.short_options(), f"bots-{players}")
    real_time = game.info.nature.real_time
    chosen = 0
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            break
        decision = game.decision(state)
        # A real-time game's clock moves on between the bots' looks, as the timer would.
        ticks = decision.tick_at is not None and (not decision.seats or rng.random() < 0.5)
        waiting = game.waiting_on(state)
        seat: int | None = rng.choice(waiting) if waiting and not ticks else None
        action: Action | None = None
        if seat is not None:
            reply = seat_reply(name, game, state, seat)
            legal = [action_from_proto(a) for a in reply.legal_actions]
            view = view_dict(reply)
            if real_time:
                action = choose_or_pass(bots[seat], view, legal, rng)
            else:
                action = bots[seat].choose(view, legal, rng)
            if action is not None:
                assert action in legal, f"{bot_name} chose {action}, not a legal action"
                chosen += 1
        if action is None:
            assert decision.tick_at is not None, f"{bot_name} passed at a turn-based table"
            out = game.apply(state, CLOCK, Action("tick", decision.tick_at))
        else:
            assert seat is not None
            out = game.apply(state, seat, action)
        assert isinstance(out, Applied)
        state = out.state
    assert game.is_over(state), "the game did not end"
    assert chosen > players
