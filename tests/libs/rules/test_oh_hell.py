"""Oh Hell rules, one test per rule and option of shared/rules/oh-hell.md."""

from __future__ import annotations

import pytest

from inferno_rules import OPERATOR, SPECTATOR, Action, Applied, OptionError, Rejected, Viewer
from inferno_rules.cards import BY_NAME, NAME, cards_in, mask_of
from inferno_rules.games.oh_hell import (
    MAX_HAND,
    NO_TRUMP,
    OhHell,
    OhHellState,
    hand_points,
    schedule_for,
    trick_winner,
)

GAME = OhHell()


def new(players: int = 4, seed: str = "test-seed", **options: object) -> OhHellState:
    return GAME.new_game(players, options, seed)


def applied(state: OhHellState, seat: int, action: Action) -> Applied:
    out = GAME.apply(state, seat, action)
    assert isinstance(out, Applied), out
    return out


def rejected(state: OhHellState, seat: int, action: Action) -> Rejected:
    before = GAME.encode(state)
    out = GAME.apply(state, seat, action)
    assert isinstance(out, Rejected), out
    assert GAME.encode(state) == before
    return out


def cards(*names: str) -> int:
    return mask_of(BY_NAME[n] for n in names)


def bid_all(state: OhHellState, bid: int = 0) -> OhHellState:
    while state.phase == "bidding":
        seat = state.to_act[0]
        legal = [a.arg for a in GAME.legal_actions(state, seat)]
        state = applied(state, seat, Action("bid", bid if bid in legal else legal[0])).state
    return state


# --------------------------------------------------------------------------- scoring
@pytest.mark.parametrize(
    ("bid", "won", "k", "miss", "zero", "points"),
    [
        (4, 4, 7, False, False, 14),  # rulebook: bid 4, won 4 -> 14
        (0, 0, 7, False, False, 10),  # rulebook: bid 0, won 0 -> 10
        (3, 4, 7, True, False, 4),  # MISS_SCORES_TRICKS: George bid 3, won 4 -> 4
        (0, 0, 7, False, True, 12),  # ZERO_BID_ALT: Helen bid 0, won 0 in a 7-card hand -> 12
        (3, 4, 7, False, False, 0),  # a miss scores nothing in the base game
        (0, 0, 7, True, True, 12),  # both options: made 0 -> 5 + k
        (2, 2, 7, True, True, 12),  # both options: made b > 0 -> 10 + b
        (2, 1, 7, True, True, 1),  # both options: missed -> tricks won
        (0, 1, 5, False, True, 0),  # ZERO_BID_ALT does not reward a missed zero
    ],
)
def test_hand_points_follow_the_scoring_table(
    bid: int, won: int, k: int, miss: bool, zero: bool, points: int
) -> None:
    assert hand_points(bid, won, k, miss, zero) == points


# --------------------------------------------------------------------------- schedule
def test_hand_sizes_per_player_count() -> None:
    assert {n: max(schedule_for(n, "ASC")) for n in MAX_HAND} == {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}


@pytest.mark.parametrize(
    ("order", "sizes"),
    [
        ("ASC", [1, 2, 3, 4, 5, 6, 7]),
        ("DESC", [7, 6, 5, 4, 3, 2, 1]),
        ("UP_DOWN", [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]),
        ("DOWN_UP", [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]),
    ],
)
def test_order_option_sets_the_schedule(order: str, sizes: list[int]) -> None:
    assert list(schedule_for(7, order)) == sizes
    assert len(schedule_for(4, order)) == (13 if order in ("ASC", "DESC") else 25)


def test_deal_gives_k_cards_each_and_a_trump_card_not_in_any_hand() -> None:
    state = new(5, ORDER="DESC")
    state = play_out_hand(state)  # hand 1 of DESC is the no-trump hand; look at hand 2
    k = state.schedule[state.hand_no]
    assert k == 9
    assert all(len(cards_in(h)) == k for h in state.hands)
    held = [c for h in state.hands for c in cards_in(h)]
    assert len(set(held)) == len(held)
    assert state.trump != NO_TRUMP and state.trump not in held


@pytest.mark.parametrize(
    ("order", "no_trump_hands"),
    [("ASC", [13]), ("DESC", [1]), ("UP_DOWN", [13]), ("DOWN_UP", [1, 25])],
)
def test_no_trump_exactly_in_the_hands_of_maximum_size(
    order: str, no_trump_hands: list[int]
) -> None:
    state = new(4, ORDER=order)
    seen = []
    while state.phase != "over":
        if state.trump == NO_TRUMP:
            seen.append(state.hand_no + 1)
            # With 4 players the no-trump hand uses all 52 cards.
            assert sum(len(cards_in(h)) for h in state.hands) == 52
        state = play_out_hand(state)
    assert seen == no_trump_hands


def test_dealer_rotates_left_and_the_first_dealer_comes_from_the_seed() -> None:
    dealers = set()
    for seed in range(30):
        state = new(4, seed=f"s{seed}")
        first = state.dealer
        dealers.add(first)
        state = play_out_hand(state)
        assert state.dealer == (first + 1) % 4
    assert dealers == {0, 1, 2, 3}


def test_same_seed_same_deals_other_seed_other_deals() -> None:
    assert new(seed="a").hands == new(seed="a").hands
    assert new(seed="a", ORDER="DESC").hands != new(seed="b", ORDER="DESC").hands


# --------------------------------------------------------------------------- bidding
def test_left_of_dealer_bids_first_and_the_dealer_last() -> None:
    state = new(4, ORDER="DESC")
    order = []
    while state.phase == "bidding":
        seat = state.to_act[0]
        order.append(seat)
        state = applied(state, seat, Action("bid", 1)).state
    d = new(4, ORDER="DESC").dealer
    assert order == [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]
    assert state.phase == "playing" and state.to_act == ((d + 1) % 4,)


def test_bid_out_of_range_and_malformed_bids_are_rejected() -> None:
    state = new(4, ORDER="DESC")
    seat = state.to_act[0]
    assert rejected(state, seat, Action("bid", 14)).code == "bid_out_of_range"
    assert rejected(state, seat, Action("bid", -1)).code == "bid_out_of_range"
    assert rejected(state, seat, Action("bid", "3")).code == "bid_out_of_range"
    assert rejected(state, seat, Action("bid", True)).code == "bid_out_of_range"
    assert rejected(state, seat, Action("play", "AS")).code == "bid_first"
    assert [a.arg for a in GAME.legal_actions(state, seat)] == list(range(14))


def test_bidding_out_of_turn_is_rejected() -> None:
    state = new(4, ORDER="DESC")
    other = (state.to_act[0] + 1) % 4
    assert rejected(state, other, Action("bid", 1)).code == "not_your_turn"
    assert rejected(state, 9, Action("bid", 1)).code == "no_such_seat"
    assert GAME.legal_actions(state, other) == []


def test_hook_binds_only_the_dealer() -> None:
    state = new(4, ORDER="DESC", HOOK=True)  # 13 cards
    for _ in range(3):
        seat = state.to_act[0]
        assert len(GAME.legal_actions(state, seat)) == 14
        state = applied(state, seat, Action("bid", 3)).state
    dealer = state.to_act[0]
    assert dealer == state.dealer
    out = rejected(state, dealer, Action("bid", 4))
    assert out.code == "hook" and "13" in out.message
    assert 4 not in [a.arg for a in GAME.legal_actions(state, dealer)]
    assert GAME.default_action(state, dealer) == Action("bid", 0)
    applied(state, dealer, Action("bid", 5))


def test_hook_when_the_others_already_overbid_leaves_every_bid_open() -> None:
    state = new(3, ORDER="ASC", HOOK=True)  # 1 card
    for _ in range(2):
        state = applied(state, state.to_act[0], Action("bid", 1)).state
    assert [a.arg for a in GAME.legal_actions(state, state.dealer)] == [0, 1]


def test_hook_default_bid_is_the_lowest_legal_one() -> None:
    state = new(3, ORDER="ASC", HOOK=True)  # 1 card: others bid 0, dealer may not bid 1... or 0
    for _ in range(2):
        state = applied(state, state.to_act[0], Action("bid", 0)).state
    assert GAME.default_action(state, state.dealer) == Action("bid", 0)
    state = new(3, ORDER="ASC", HOOK=True)
    state = applied(state, state.to_act[0], Action("bid", 1)).state
    state = applied(state, state.to_act[0], Action("bid", 0)).state
    assert [a.arg for a in GAME.legal_actions(state, state.dealer)] == [1]
    assert GAME.default_action(state, state.dealer) == Action("bid", 1)


def test_hook_with_simultaneous_bids_is_refused() -> None:
    with pytest.raises(OptionError) as err:
        new(4, HOOK=True, SIMULTANEOUS_BIDS=True)
    assert err.value.option == "SIMULTANEOUS_BIDS"
    assert "cannot be combined" in err.value.message


def test_simultaneous_bids_are_sealed_until_the_last_one() -> None:
    state = new(4, ORDER="DESC", SIMULTANEOUS_BIDS=True)
    assert set(state.to_act) == {0, 1, 2, 3}
    assert GAME.decision(state).simultaneous
    out = applied(state, 2, Action("bid", 5))
    state = out.state
    assert [e.kind for e in out.events] == ["bid_sealed", "bid"]
    assert out.events[1].to == frozenset({2})
    assert rejected(state, 2, Action("bid", 4)).code == "not_your_turn"
    assert GAME.view(state, Viewer.of_seat(2))["bids"] == [None, None, 5, None]
    assert GAME.view(state, Viewer.of_seat(0))["bids"] == [None, None, None, None]
    assert GAME.view(state, SPECTATOR)["bids"] == [None, None, None, None]
    assert GAME.view(state, SPECTATOR)["has_bid"] == [False, False, True, False]
    for seat in (3, 0):
        state = applied(state, seat, Action("bid", 1)).state
    out = applied(state, 1, Action("bid", 0))
    assert out.events[-1].kind == "bids_revealed"
    assert out.events[-1].data == {"bids": [1, 0, 5, 1]}
    assert out.state.phase == "playing"
    assert out.state.to_act == ((out.state.dealer + 1) % 4,)
    assert GAME.view(out.state, SPECTATOR)["bids"] == [1, 0, 5, 1]


# --------------------------------------------------------------------------- play
def with_hands(
    state: OhHellState, hands: dict[int, tuple[str, ...]], trump: str | None
) -> OhHellState:
    full = list(state.hands)
    for seat, names in hands.items():
        full[seat] = cards(*names)
    return state._replace(hands=tuple(full), trump=NO_TRUMP if trump is None else BY_NAME[trump])


def test_must_follow_suit_when_able() -> None:
    state = bid_all(new(4, ORDER="DESC"))
    lead = state.to_act[0]
    nxt = (lead + 1) % 4
    state = with_hands(state, {lead: ("5H", "2C"), nxt: ("KH", "AS")}, trump="2D")
    state = applied(state, lead, Action("play", "5H")).state
    out = rejected(state, nxt, Action("play", "AS"))
    assert out.code == "must_follow_suit" and "hearts" in out.message
    assert GAME.legal_actions(state, nxt) == [Action("play", "KH")]


def test_a_player_who_cannot_follow_may_play_anything_in_the_base_game() -> None:
    state = bid_all(new(4, ORDER="DESC"))
    lead = state.to_act[0]
    nxt = (lead + 1) % 4
    state = with_hands(state, {lead: ("5H", "2C"), nxt: ("2D", "AS")}, trump="3D")
    state = applied(state, lead, Action("play", "5H")).state
    assert {a.arg for a in GAME.legal_actions(state, nxt)} == {"2D", "AS"}
    applied(state, nxt, Action("play", "AS"))


def test_la_podrida_forces_a_trump_when_void_but_not_an_overtrump() -> None:
    state = bid_all(new(4, ORDER="DESC", LA_PODRIDA=True))
    a = state.to_act[0]
    b, c = (a + 1) % 4, (a + 2) % 4
    state = with_hands(state, {a: ("5H", "2C"), b: ("KD", "AS"), c: ("3D", "QS")}, trump="2D")
    state = applied(state, a, Action("play", "5H")).state
    out = rejected(state, b, Action("play", "AS"))
    assert out.code == "must_trump" and "diamonds" in out.message
    state = applied(state, b, Action("play", "KD")).state
    # c holds only a lower trump: it must still play it (no overtrump needed).
    assert GAME.legal_actions(state, c) == [Action("play", "3D")]


def test_la_podrida_has_no_effect_without_trump() -> None:
    state = bid_all(new(4, ORDER="ASC", LA_PODRIDA=True))
    state = with_hands(state, {0: ("5H",), 1: ("KD",), 2: ("AS",), 3: ("2C",)}, trump=None)
    lead = state.to_act[0]
    state = applied(state, lead, Action("play", NAME[cards_in(state.hands[lead])[0]])).state
    nxt = (lead + 1) % 4
    assert len(GAME.legal_actions(state, nxt)) == 1  # one card: anything goes


def test_cards_not_held_and_non_cards_are_rejected() -> None:
    state = bid_all(new(4, ORDER="DESC"))
    seat = state.to_act[0]
    missing = next(NAME[c] for c in range(52) if c not in cards_in(state.hands[seat]))
    assert rejected(state, seat, Action("play", missing)).code == "card_not_held"
    assert rejected(state, seat, Action("play", "1Z")).code == "not_a_card"
    assert rejected(state, seat, Action("play", 7)).code == "not_a_card"
    assert rejected(state, seat, Action("bid", 1)).code == "play_a_card"
    assert rejected(state, seat, ("play",)).code == "malformed_action"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        (("5H", "KH", "2H", "AH"), None, 3),  # highest of the led suit
        (("5H", "KH", "AS", "2C"), None, 1),  # off-suit never wins without trump
        (("5H", "KH", "2D", "3D"), "QD", 3),  # highest trump wins
        (("5H", "KH", "2D", "AH"), "QD", 2),  # any trump beats the led suit
        (("5D", "KH", "2D", "AH"), "QD", 0),  # trump led: highest trump
    ],
)
def test_trick_winner(played: tuple[str, ...], trump: str | None, winner: int) -> None:
    trump_suit = -1 if trump is None else BY_NAME[trump] // 13
    assert trick_winner(tuple(BY_NAME[c] for c in played), 0, 4, trump_suit) == winner
    # The same trick led by seat 2 is won by the seat two further on.
    assert trick_winner(tuple(BY_NAME[c] for c in played), 2, 4, trump_suit) == (winner + 2) % 4


def test_trick_winner_leads_the_next_trick_and_last_trick_is_shown() -> None:
    state = bid_all(new(4, ORDER="DESC"))
    lead = state.to_act[0]
    for i in range(4):
        seat = (lead + i) % 4
        state = applied(state, seat, GAME.legal_actions(state, seat)[0]).state
    view = GAME.view(state, SPECTATOR)
    assert view["last_trick"]["leader"] == lead
    winner = view["last_trick"]["winner"]
    assert state.to_act == (winner,) and view["tricks_won"][winner] == 1


def test_timeout_play_is_the_lowest_ranked_legal_card() -> None:
    state = bid_all(new(4, ORDER="DESC"))
    seat = state.to_act[0]
    state = with_hands(state, {seat: ("5H", "3S", "KC")}, trump="2D")
    assert GAME.default_action(state, seat) == Action("play", "3S")


# --------------------------------------------------------------------------- the whole game
def play_out_hand(state: OhHellState) -> OhHellState:
    hand = state.hand_no
    while state.phase != "over" and state.hand_no == hand:
        seat = state.to_act[0]
        state = applied(state, seat, GAME.default_action(state, seat)).state
    return state


def test_a_full_game_scores_every_hand_and_names_the_winner() -> None:
    state = new(3, ORDER="DESC", MISS_SCORES_TRICKS=True)
    events = []
    while state.phase != "over":
        seat = state.to_act[0]
        out = applied(state, seat, GAME.default_action(state, seat))
        events.extend(out.events)
        state = out.state
    result = GAME.result(state)
    assert result is not None
    assert len(result.rounds) == 15
    assert tuple(map(sum, zip(*(r.points for r in result.rounds), strict=True))) == result.scores
    for r in result.rounds:
        assert sum(r.detail["won"]) == r.detail["cards"]
    best = max(result.scores)
    assert result.winners == tuple(s for s in range(3) if result.scores[s] == best)
    assert all(result.ranking[w] == 1 for w in result.winners)
    assert [e.kind for e in events].count("hand_scored") == 15
    assert events[-1].kind == "game_end"
    assert rejected(state, 0, Action("bid", 0)).code == "game_over"


def test_a_tie_for_first_is_a_shared_win() -> None:
    state = new(3, ORDER="DESC")
    state = state._replace(phase="over", to_act=(), scores=(50, 50, 20))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 1) and result.ranking == (1, 1, 3)


def test_result_is_none_before_the_end() -> None:
    assert GAME.result(new()) is None


# --------------------------------------------------------------------------- views
def test_a_seat_sees_its_own_hand_only_and_operators_see_all() -> None:
    state = new(4, ORDER="DESC")
    mine = GAME.view(state, Viewer.of_seat(1))
    assert mine["hand"] == [NAME[c] for c in cards_in(state.hands[1])]
    assert "all_hands" not in mine
    public = GAME.view(state, SPECTATOR)
    assert "hand" not in public and "all_hands" not in public
    assert public["hand_sizes"] == [13, 13, 13, 13]
    assert len(GAME.view(state, OPERATOR)["all_hands"]) == 4


def test_bad_player_counts_and_options_are_refused_with_the_allowed_values() -> None:
    with pytest.raises(OptionError) as err:
        new(8)
    assert err.value.option == "players" and err.value.allowed == "3 to 7"
    with pytest.raises(OptionError) as err:
        new(4, ORDER="SIDEWAYS")
    assert err.value.option == "ORDER" and "UP_DOWN" in err.value.allowed
    with pytest.raises(OptionError) as err:
        new(4, HOOK="yes")
    assert err.value.option == "HOOK"
    with pytest.raises(OptionError) as err:
        new(4, TRUMPS=True)
    assert err.value.option == "TRUMPS" and "ORDER" in err.value.message
