"""Dante's Inferno in the terminal: the board grid from a seat's GetView (tiles with their
resource and numbers, tokens by seat and space, demons, offers), and ``help`` at the prompt."""

from __future__ import annotations

import random

from inferno_cli.__main__ import prompt_help
from inferno_cli.boards.dantes_inferno import grid
from inferno_cli.render import render
from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import action_to_proto, codec
from inferno_rules import Viewer, get_game
from inferno_rules.games.dantes_inferno.board import TILES

GAME = get_game("dantes_inferno")


def seat_reply(state, seat: int) -> pb.GetViewResponse:
    reply = pb.GetViewResponse(game="dantes_inferno", table_id="t", your_seat=seat)
    reply.status = pb.TABLE_STATUS_LIVE
    reply.decision.seats.extend(GAME.decision(state).seats)
    reply.decision.waiting_on.extend(GAME.waiting_on(state))
    for s in range(GAME.players(state)):
        reply.seats.add(seat=s, player_id=f"p{s}", name=f"P{s}")
    codec("dantes_inferno").fill_view(reply, GAME.view(state, Viewer.of_seat(seat)))
    reply.legal_actions.extend(
        action_to_proto("dantes_inferno", a) for a in GAME.legal_actions(state, seat)
    )
    return reply


def a_game_in_progress(moves: int):
    state = GAME.new_game(3, {"ROUND_CAP": 20}, "board")
    rng = random.Random(5)
    for _ in range(moves):
        assert not GAME.is_over(state)
        seat = rng.choice(GAME.waiting_on(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    return state


def test_the_grid_shows_every_tile_token_and_demon_where_it_stands() -> None:
    state = a_game_in_progress(80)
    view = GAME.view(state, Viewer.of_seat(0))
    lines = grid(seat_reply(state, 0).dantes_inferno)
    assert len(lines) == 1 + 2 * 9  # the column numbers, then two lines a row
    text = "\n".join(lines)
    marks = [f"{seat}{space[-1]}" for seat, spaces in enumerate(view["tokens"]) for space in spaces]
    assert sum(text.count(m) for m in set(marks)) >= len(marks) > 0
    assert text.count("D") == len(view["demons"])
    assert text.count("◇") == 16  # the corner tiles
    coloured = [TILES[t["tile"]] for t in view["tiles"] if t["face_up"] and TILES[t["tile"]][1]]
    assert coloured and all(f"{c} {outer}·{inner}" in text for _, c, outer, inner in coloured)


def test_the_table_shows_resources_offers_and_no_stack_order() -> None:
    state = a_game_in_progress(120)
    reply = seat_reply(state, 1)
    shown = render(reply)
    assert "stacks II:" in shown and "seat 2: P2" in shown
    hidden = GAME.private_tokens(state)[-1]
    assert not any(tile in shown for tile in hidden)
    for offer in GAME.view(state, Viewer.of_seat(1))["offers"]:
        assert f"offer {offer['id']}: seat {offer['from']} → seat {offer['to']}" in shown
    # Hundreds of legal moves: the first forty are listed, and how many more there are.
    if len(reply.legal_actions) > 40:
        assert f"… {len(reply.legal_actions) - 40} more" in shown


def test_help_at_the_prompt_lists_the_legal_moves_and_where_the_rules_are() -> None:
    state = a_game_in_progress(0)
    (seat,) = GAME.waiting_on(state)
    said = prompt_help(seat_reply(state, seat))
    assert "legal now: place (" in said and "inferno rules dantes_inferno" in said
