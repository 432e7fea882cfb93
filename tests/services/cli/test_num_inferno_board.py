"""Num Inferno at the terminal: the board drawn from a seat's view, and plays typed in the
players' words, a group's cards in any order (the last one put down is the top card)."""

from __future__ import annotations

import pytest

from inferno_cli.moves import describe, parse
from inferno_cli.render import render
from inferno_proto import engine_pb2
from inferno_proto.codecs import action_to_proto, codec
from inferno_rules import Action, Viewer, get_game

GAME = get_game("num_inferno")


def seat_view(seat: int | None = None) -> tuple[engine_pb2.GetViewResponse, object]:
    state = GAME.new_game(4, {}, "board")
    seat = GAME.decision(state).seats[0] if seat is None else seat
    view = engine_pb2.GetViewResponse(
        table_id="t1", version=3, game="num_inferno", status=engine_pb2.TABLE_STATUS_LIVE
    )
    view.seats.extend(engine_pb2.Seat(seat=s, name=f"p{s}", bot=s != seat) for s in range(4))
    view.your_seat = seat
    view.decision.seats.extend(GAME.decision(state).seats)
    codec("num_inferno").fill_view(view, GAME.view(state, Viewer.of_seat(seat)))
    view.legal_actions.extend(
        action_to_proto("num_inferno", a) for a in GAME.legal_actions(state, seat)
    )
    return view, state


def test_the_board_shows_the_round_the_trick_and_only_your_hand() -> None:
    view, state = seat_view()
    seat = view.your_seat
    text = render(view)
    assert "round 1 of 3 · direction ↑ UP · playing" in text
    assert "the trick asks: a new trick" in text
    assert f"your hand: {' '.join(state.hands[seat])}" in text
    for other, hand in enumerate(state.hands):
        if other != seat:
            assert not set(text.split()) & set(hand), f"seat {other}'s cards are drawn"


def test_an_operators_full_view_draws_no_hand_for_a_player() -> None:
    view, state = seat_view()
    for hand in state.hands:
        view.num_inferno.hands.add(cards=hand)
    board = render(view)
    others = set().union(*(set(h) for s, h in enumerate(state.hands) if s != view.your_seat))
    assert not set(board.split()) & others


def test_plays_read_in_the_players_words_a_group_in_any_order() -> None:
    view, _ = seat_view()
    legal = list(view.legal_actions)
    group = next(a for a in legal if len(a.num_inferno.play.cards) >= 3)
    cards = list(group.num_inferno.play.cards)
    assert describe(group) == "play " + " ".join(cards)
    assert parse(describe(group).lower(), legal) == group
    reordered = cards[1:] + cards[:1]
    typed = parse(" ".join(reordered).lower(), legal)
    assert list(typed.num_inferno.play.cards) == reordered  # the order typed: its top card
    assert parse("PLAY " + " ".join(reversed(cards)), legal).num_inferno.play.cards[-1] == cards[0]
    single = next(a for a in legal if len(a.num_inferno.play.cards) == 1)
    assert parse(single.num_inferno.play.cards[0].lower(), legal) == single


def test_pass_and_refusals() -> None:
    passing = action_to_proto("num_inferno", Action("pass", None))
    play = action_to_proto("num_inferno", Action("play", ["8R"]))
    assert describe(passing) == "pass"
    assert parse("Pass", [passing, play]) == passing
    with pytest.raises(ValueError, match="legal: pass, play 8R"):
        parse("play 9R", [passing, play])
    with pytest.raises(ValueError, match="not a legal move"):
        parse("play 8R 8R", [passing, play])
