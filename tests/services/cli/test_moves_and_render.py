"""Moves typed in the players' words, and the table drawn from one seat's view."""

from __future__ import annotations

import pytest

from inferno_cli.moves import describe, parse
from inferno_cli.render import render
from inferno_proto import burn_in_hell_pb2, engine_pb2, oh_hell_pb2


def bid(n: int) -> engine_pb2.Action:
    return engine_pb2.Action(oh_hell=oh_hell_pb2.OhHellAction(bid={"count": n}))


def play(card: str) -> engine_pb2.Action:
    return engine_pb2.Action(oh_hell=oh_hell_pb2.OhHellAction(play={"card": card}))


LEGAL_BIDS = [bid(0), bid(1), bid(2)]
LEGAL_CARDS = [play("10H"), play("QS")]


def test_moves_read_as_players_say_them() -> None:
    assert [describe(a) for a in LEGAL_BIDS + LEGAL_CARDS] == [
        "bid 0",
        "bid 1",
        "bid 2",
        "play 10H",
        "play QS",
    ]
    assert parse("bid 2", LEGAL_BIDS) == bid(2)
    assert parse("  BID 1 ", LEGAL_BIDS) == bid(1)
    assert parse("0", LEGAL_BIDS) == bid(0)
    assert parse("10h", LEGAL_CARDS) == play("10H")
    assert parse("play qs", LEGAL_CARDS) == play("QS")


@pytest.mark.parametrize(
    ("text", "legal", "message"),
    [
        ("bid 3", LEGAL_BIDS, "'bid 3' is not a legal move now; legal: bid 0, bid 1, bid 2"),
        ("play 2C", LEGAL_CARDS, "legal: play 10H, play QS"),
        ("bid 1", LEGAL_CARDS, "not a legal move now"),
        ("fold now", LEGAL_BIDS, "not a legal move now"),
        ("", LEGAL_BIDS, "type a move"),
        ("bid 1", [], "it is not your turn"),
    ],
)
def test_a_move_that_is_not_legal_is_refused_with_the_choices(
    text: str, legal: list[engine_pb2.Action], message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse(text, legal)


def _view(**extra: object) -> engine_pb2.GetViewResponse:
    view = engine_pb2.GetViewResponse(
        table_id="t1",
        version=7,
        game="oh_hell",
        status=engine_pb2.TABLE_STATUS_LIVE,
        seats=[
            engine_pb2.Seat(seat=0, player_id="a", name="dante", bot=False),
            engine_pb2.Seat(seat=1, player_id="b", name="virgil", bot=True),
        ],
        your_seat=0,
        decision=engine_pb2.Decision(seats=[0]),
        legal_actions=LEGAL_CARDS,
        **extra,
    )
    g = view.oh_hell
    g.phase, g.hand_number, g.hands_total, g.cards_this_hand = "playing", 2, 9, 2
    g.dealer, g.trump_card = 1, "5D"
    g.hand.extend(["10H", "QS"])
    for seat, score in ((0, 11), (1, 4)):
        g.seats.add(seat=seat, has_bid=True, bid=1, tricks_won=0, hand_size=2, score=score)
    g.current_trick.add(seat=1, card="9H")
    return view


def test_the_table_shows_your_hand_the_trick_and_your_legal_moves() -> None:
    text = render(_view())
    assert "table t1 · oh_hell · live · version 7" in text
    assert "hand 2 of 9 · 2 cards · dealer virgil (bot) · trump 5D · playing" in text
    assert "dante ← you" in text and "score   11" in text
    assert "on the table: virgil (bot): 9H" in text
    assert "your hand: 10H QS" in text
    assert text.endswith("your move; legal: play 10H, play QS")


def test_other_seats_cards_are_never_drawn_even_if_a_view_carried_them() -> None:
    view = _view()
    # An operator's full view carries every hand; a player's drawing must not show them.
    view.oh_hell.all_hands.add(cards=["10H", "QS"])
    view.oh_hell.all_hands.add(cards=["AS", "KC"])
    text = render(view)
    assert "AS" not in text and "KC" not in text


def test_waiting_for_others_and_the_revealed_seed() -> None:
    view = _view()
    del view.legal_actions[:]
    view.decision.seats[:] = [1]
    view.status = engine_pb2.TABLE_STATUS_FINISHED
    view.seed = "abc123"
    text = render(view)
    assert "waiting for: virgil (bot)" in text and "your move" not in text
    assert "· finished ·" in text and "seed (revealed): abc123" in text


def _burn(**fields: object) -> engine_pb2.Action:
    action = engine_pb2.Action()
    action.burn_in_hell.MergeFrom(burn_in_hell_pb2.BurnInHellAction(**fields))
    return action


def test_burn_in_hell_and_inferno_moves_read_as_players_say_them() -> None:
    B = burn_in_hell_pb2.BurnInHellAction
    legal = [
        _burn(grab=B.Grab(cards=["P1"])),
        _burn(form_circle=B.FormCircle(cards=["W1", "W2", "W3"])),
        _burn(offer=B.Offer(to_seat=2, give=["P1"], want=[])),
        _burn(accept=B.Accept(offer_id=4)),
        _burn(play_special=B.PlaySpecial(card="LAKE-1", victim=2, target="W4")),
        _burn(play_special=B.PlaySpecial(card="STOP-2")),
        _burn(finished=B.Finished(on=True)),
    ]
    assert [describe(a) for a in legal] == [
        "grab P1",
        "circle W1 W2 W3",
        "offer 2 give P1 want -",
        "accept 4",
        "special LAKE-1 on 2 W4",
        "special STOP-2",
        "finished on",
    ]
    assert parse("special lake-1 on 2 w4", legal) == legal[4]
    take = engine_pb2.Action()
    take.inferno.take.SetInParent()
    assert describe(take) == "take"
    with pytest.raises(ValueError, match="legal: grab P1, circle W1 W2 W3"):
        parse("grab G9", legal)


def test_a_burn_in_hell_table_shows_tables_offers_and_only_your_circles() -> None:
    view = engine_pb2.GetViewResponse(
        table_id="b1",
        version=12,
        game="burn_in_hell",
        status=engine_pb2.TABLE_STATUS_LIVE,
        seats=[engine_pb2.Seat(seat=i, player_id=p, name=p) for i, p in enumerate("abcd")],
        your_seat=0,
    )
    g = view.burn_in_hell
    g.phase, g.round, g.rounds, g.deck_count, g.now = "dealing", 1, 4, 90, 12_500
    for seat in range(4):
        g.seats.add(seat=seat, table=[f"P{seat + 1}"], circles=[3] if seat == 1 else [])
    g.seats[0].held.append("G1")
    g.totals.extend([0, 0, 0, 0])
    g.offers.add(id=4, from_seat=2, to_seat=0, give=["P3"], want=["P1"])
    g.my_circles.add(cards=["W1", "W2", "W3"])
    g.all_circles.add()  # an operator's view would carry everyone's; never drawn for a seat
    g.all_circles[0].circles.add(cards=["S1", "S2", "S3"])
    text = render(view)
    assert "round 1 of 4 · dealing · deck 90" in text and "game time 12.5 s" in text
    assert "table P1 · holding G1" in text and "circles [3]" in text
    assert "offer 4: seat 2 → seat 0, gives P3 for P1" in text
    assert "your circles: W1 W2 W3" in text
    assert "S1" not in text


def test_every_registered_game_has_a_board_and_a_codec() -> None:
    """Adding a game is a list of files: a game registered without its client board (or its
    codec) fails here, not in front of a player."""
    from inferno_cli.boards import BOARDS
    from inferno_proto.codecs import CODECS
    from inferno_rules import all_games

    assert set(all_games()) == set(BOARDS) == set(CODECS)
