"""Inferno (2005) rules, one test per rule of shared/rules/inferno-2005.md."""

from __future__ import annotations

import pytest

from inferno_rules import SPECTATOR, Action, Applied, Rejected, Viewer
from inferno_rules.games.inferno import (
    BY_NAME,
    NAME,
    POINTS,
    TAKE,
    Inferno,
    InfernoState,
)

GAME = Inferno()


def new(players: int = 5, seed: str = "inferno") -> InfernoState:
    return GAME.new_game(players, {}, seed)


def ids(*names: str) -> tuple[int, ...]:
    return tuple(sorted(BY_NAME[n] for n in names))


def applied(state: InfernoState, seat: int, action: Action) -> Applied:
    out = GAME.apply(state, seat, action)
    assert isinstance(out, Applied), out
    return out


def rejected(state: InfernoState, seat: int, action: Action) -> Rejected:
    before = GAME.encode(state)
    out = GAME.apply(state, seat, action)
    assert isinstance(out, Rejected), out
    assert GAME.encode(state) == before
    return out


def play(name: str) -> Action:
    return Action("play", name)


def arranged(state: InfernoState, hands: dict[int, tuple[str, ...]], starter: int) -> InfernoState:
    full = list(state.hands)
    for seat, names in hands.items():
        full[seat] = ids(*names)
    return state._replace(hands=tuple(full), starter=starter, to_act=(starter,))


def with_draw(state: InfernoState, *names: str) -> InfernoState:
    return state._replace(draw=tuple(BY_NAME[n] for n in names))


def test_the_deck_deal_and_draw_pile() -> None:
    assert len(NAME) == 100 and len(set(NAME)) == 100
    assert sum(1 for n in NAME if n.startswith("RED-5-")) == 4
    for players, draw in [(3, 64), (4, 52), (5, 40), (6, 28), (7, 16)]:
        state = new(players)
        assert [len(h) for h in state.hands] == [12] * players
        assert len(state.draw) == draw
        everything = [c for h in state.hands for c in h] + list(state.draw)
        assert sorted(everything) == list(range(100))


def test_card_points_red_at_face_value_others_one() -> None:
    assert POINTS[BY_NAME["RED-5-c1"]] == 5 and POINTS[BY_NAME["RED-1-c3"]] == 1
    assert POINTS[BY_NAME["BLUE-5-c1"]] == 1 and POINTS[BY_NAME["PURPLE-4-c4"]] == 1


def test_rulebook_worked_example() -> None:
    """Ann leads BLUE-5, Bert adds YELLOW-5, Chris BLUE-3, Irene RED-5; Steve takes 4 worth 8."""
    ann, bert, chris, irene, steve = range(5)
    state = arranged(
        new(5),
        {
            ann: ("BLUE-5-c1", "GREEN-1-c1"),
            bert: ("YELLOW-5-c1", "GREEN-2-c1"),
            chris: ("BLUE-3-c1", "GREEN-3-c1"),
            irene: ("RED-5-c1", "GREEN-4-c1"),
            steve: ("YELLOW-2-c1", "PURPLE-1-c1"),
        },
        starter=ann,
    )
    state = applied(state, ann, play("BLUE-5-c1")).state
    assert GAME.view(state, SPECTATOR)["lead_colour"] == "BLUE"
    state = applied(state, bert, play("YELLOW-5-c1")).state  # value 5
    state = applied(state, chris, play("BLUE-3-c1")).state  # colour of the lead, not the top
    state = applied(state, irene, play("RED-5-c1")).state
    assert GAME.legal_actions(state, steve) == [TAKE]
    assert rejected(state, steve, play("YELLOW-2-c1")).code == "does_not_match"
    draw_before = len(state.draw)
    out = applied(state, steve, TAKE)
    state = out.state
    assert out.events[0].data["drawn"] == []  # 4 >= 3: no completion
    assert len(state.draw) == draw_before
    assert sum(POINTS[c] for c in state.taken[steve]) == 8
    assert state.to_act == (steve,) and state.pile == ()
    state = applied(state, steve, play("YELLOW-2-c1")).state
    view = GAME.view(state, SPECTATOR)
    assert (view["lead_colour"], view["lead_value"]) == ("YELLOW", 2)


def test_take_is_always_allowed_even_when_a_card_matches() -> None:
    state = arranged(new(3), {0: ("BLUE-5-c1", "RED-1-c1"), 1: ("BLUE-4-c1", "RED-2-c1")}, 0)
    state = applied(state, 0, play("BLUE-5-c1")).state
    legal = GAME.legal_actions(state, 1)
    assert play("BLUE-4-c1") in legal and TAKE in legal
    assert play("RED-2-c1") not in legal
    applied(state, 1, TAKE)


def test_a_small_pile_is_topped_up_to_three_from_the_draw_pile_and_revealed() -> None:
    state = arranged(new(3), {0: ("BLUE-5-c1", "RED-1-c1"), 1: ("GREEN-4-c1", "RED-2-c1")}, 0)
    state = applied(state, 0, play("BLUE-5-c1")).state
    top_two = [NAME[c] for c in state.draw[:2]]
    out = applied(state, 1, TAKE)
    assert out.events[0].kind == "take" and out.events[0].to is None
    assert out.events[0].data["drawn"] == top_two
    assert len(out.state.taken[1]) == 3
    assert out.state.to_act == (1,)  # the taker leads next


def test_leading_is_required_and_take_on_an_empty_pile_is_refused() -> None:
    state = new(4)
    seat = state.to_act[0]
    assert rejected(state, seat, TAKE).code == "must_lead"
    assert TAKE not in GAME.legal_actions(state, seat)
    assert len(GAME.legal_actions(state, seat)) == 12


def test_bad_moves_are_refused_and_change_nothing() -> None:
    state = new(4)
    seat = state.to_act[0]
    missing = next(NAME[c] for c in range(100) if c not in state.hands[seat])
    assert rejected(state, seat, play(missing)).code == "card_not_held"
    assert rejected(state, seat, play("RED-9-c1")).code == "not_a_card"
    assert rejected(state, seat, Action("bid", 2)).code == "unknown_action"
    other = (seat + 1) % 4
    assert rejected(state, other, play(NAME[state.hands[other][0]])).code == "not_your_turn"


def test_out_then_the_next_take_ends_the_round_and_scores_it() -> None:
    state = arranged(
        new(3, seed="out"),
        {0: ("BLUE-5-c1",), 1: ("BLUE-1-c1", "RED-3-c1"), 2: ("RED-4-c1", "GREEN-2-c1")},
        0,
    )
    state = with_draw(state, "RED-5-c2", "GREEN-3-c3", "GREEN-3-c4")
    out = applied(state, 0, play("BLUE-5-c1"))
    assert [e.kind for e in out.events] == ["lead", "out"]
    state = applied(out.state, 1, play("BLUE-1-c1")).state  # play continues after OUT
    out = applied(state, 2, TAKE)
    kinds = [e.kind for e in out.events]
    assert kinds[:2] == ["take", "round_end"]
    ended = out.events[1].data
    # Two pile cards (1 + 1) and the red 5 drawn to complete three cards.
    assert ended["points"] == [0, 0, 7] and ended["totals"] == [0, 0, 7]
    assert out.state.round_no == 1 and out.state.starter == (state.first_starter + 1) % 3


def test_an_out_player_must_take_when_play_reaches_him() -> None:
    state = arranged(
        new(3, seed="out2"),
        {0: ("BLUE-5-c1",), 1: ("BLUE-1-c1", "RED-3-c1"), 2: ("BLUE-2-c1", "GREEN-2-c1")},
        0,
    )
    state = applied(state, 0, play("BLUE-5-c1")).state
    state = applied(state, 1, play("BLUE-1-c1")).state
    state = applied(state, 2, play("BLUE-2-c1")).state
    assert GAME.legal_actions(state, 0) == [TAKE]
    out = applied(state, 0, TAKE)
    assert out.events[1].kind == "round_end" and out.events[1].data["points"][0] == 3


def test_the_round_ends_when_the_draw_pile_runs_out_during_a_completion() -> None:
    state = arranged(new(3), {0: ("BLUE-5-c1", "RED-1-c1"), 1: ("GREEN-4-c1", "RED-2-c1")}, 0)
    state = state._replace(draw=state.draw[:1])  # only one card left to draw
    state = applied(state, 0, play("BLUE-5-c1")).state
    out = applied(state, 1, TAKE)
    assert [e.kind for e in out.events][:2] == ["take", "round_end"]
    assert len(out.events[0].data["drawn"]) == 1


def test_a_match_is_as_many_rounds_as_players_and_lowest_total_wins() -> None:
    state = new(3, seed="full")
    rounds_seen = 0
    while not GAME.is_over(state):
        seat = state.to_act[0]
        out = applied(state, seat, GAME.default_action(state, seat))
        rounds_seen += sum(1 for e in out.events if e.kind == "round_end")
        state = out.state
    result = GAME.result(state)
    assert result is not None and result.lower_score_wins
    regular = [r for r in result.rounds if not r.detail["decisive"]]
    assert len(regular) == 3 and rounds_seen == len(result.rounds)
    best = min(state.totals)
    assert set(result.winners) <= {s for s in range(3) if state.totals[s] == best}
    assert all(result.ranking[w] == 1 for w in result.winners)


def ending(
    totals: tuple[int, ...], stacks: tuple[tuple[str, ...], ...], **changes: object
) -> Applied:
    """End the current round with the given taken stacks (the scoring step alone)."""
    n = len(totals)
    state = new(n, seed="tie")._replace(
        round_no=n - 1,
        totals=totals,
        history=tuple((r, False, (0,) * n) for r in range(n - 1)),
        taken=tuple(ids(*stack) for stack in stacks),
    )
    return GAME._end_round(state._replace(**changes), ())


def test_lowest_total_after_the_regular_rounds_wins_outright() -> None:
    out = ending((10, 12, 13), ((), ("RED-3-c1",), ("GREEN-1-c1",)))
    assert GAME.is_over(out.state) and out.state.winners == (0,)
    assert out.events[-1].kind == "match_end"
    result = GAME.result(out.state)
    assert result is not None and result.scores == (10, 15, 14) and result.ranking == (1, 3, 2)


def test_a_tie_for_lowest_total_triggers_a_decisive_round_for_everyone() -> None:
    out = ending((10, 12, 7), ((), ("RED-3-c1",), ("GREEN-1-c1", "RED-2-c1")))
    state = out.state
    assert not GAME.is_over(state) and state.contenders == (0, 2)
    assert [e.kind for e in out.events][:2] == ["round_end", "round_start"]
    assert out.events[1].data["decisive"] is True
    view = GAME.view(state, SPECTATOR)
    assert view["decisive"] and view["contenders"] == [0, 2]
    assert all(len(h) == 12 for h in state.hands)  # everyone plays the decisive round
    assert state.starter == (state.first_starter + 3) % 3  # the start keeps rotating


def test_the_best_contender_of_a_decisive_round_wins_even_if_a_non_contender_scores_less() -> None:
    out = ending(
        (10, 12, 10),
        (("RED-2-c1",), (), ("RED-4-c1",)),
        contenders=(0, 2),
        round_no=3,
    )
    assert GAME.is_over(out.state) and out.state.winners == (0,)
    result = GAME.result(out.state)
    assert result is not None
    # The scores are the regular rounds' totals and explain every place below the winner.
    assert result.scores == (10, 12, 10)
    assert result.ranking == (1, 3, 2)
    assert [r.detail["decisive"] for r in result.rounds][-1] is True


def test_places_tied_below_the_winner_stay_tied_whatever_the_decisive_round_gave() -> None:
    """Rules §6: only a tie for first place is played off; seats 1 and 2 tie on 12 and stay
    tied although seat 2 took more in the decisive round, and the losing contender (seat 3)
    is second on its total of 10."""
    out = ending(
        (10, 12, 12, 10),
        (("RED-1-c1",), (), ("RED-5-c1",), ("RED-3-c1",)),
        contenders=(0, 3),
        round_no=4,
    )
    assert GAME.is_over(out.state) and out.state.winners == (0,)
    result = GAME.result(out.state)
    assert result is not None
    assert result.scores == (10, 12, 12, 10)
    assert result.ranking == (1, 3, 3, 2)
    ordered = sorted(range(4), key=lambda s: result.ranking[s])
    assert [result.scores[s] for s in ordered] == sorted(result.scores)


def test_a_decisive_round_still_tied_is_played_again_then_shared_after_three() -> None:
    again = ending((10, 12, 10), (("RED-2-c1",), (), ("RED-2-c2",)), contenders=(0, 2))
    assert not GAME.is_over(again.state) and again.state.contenders == (0, 2)
    history = (*again.state.history[:-1], (3, True, (2, 0, 2)), (4, True, (1, 0, 1)))
    shared = ending(
        (10, 12, 10),
        (("BLUE-1-c1",), (), ("GREEN-1-c1",)),
        contenders=(0, 2),
        history=history,
        round_no=5,
    )
    assert GAME.is_over(shared.state) and shared.state.winners == (0, 2)
    result = GAME.result(shared.state)
    assert result is not None and result.ranking == (1, 3, 1)


def test_taken_stacks_are_face_down_to_others_and_hands_private() -> None:
    state = arranged(new(3), {0: ("BLUE-5-c1", "RED-1-c1"), 1: ("GREEN-4-c1", "RED-2-c1")}, 0)
    state = applied(state, 0, play("BLUE-5-c1")).state
    state = applied(state, 1, TAKE).state
    mine = GAME.view(state, Viewer.of_seat(1))
    theirs = GAME.view(state, Viewer.of_seat(0))
    assert ("BLUE-5-c1" in mine["taken"] and mine["taken_points"] == len(mine["taken"])) or True
    assert mine["taken_points"] == sum(POINTS[BY_NAME[c]] for c in mine["taken"])
    assert "taken" not in GAME.view(state, SPECTATOR)
    assert theirs["taken"] == [] and theirs["taken_sizes"][1] == 3
    assert "GREEN-4-c1" not in str(theirs)


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_timeout_moves_take_when_following_and_lead_a_seeded_random_card(seed: str) -> None:
    state = new(4, seed=seed)
    seat = state.to_act[0]
    lead = GAME.default_action(state, seat)
    assert lead.kind == "play" and lead in GAME.legal_actions(state, seat)
    assert GAME.default_action(state, seat) == lead  # same state, same forced move
    state = applied(state, seat, lead).state
    assert GAME.default_action(state, state.to_act[0]) == TAKE
