"""The heuristic Inferno bot: registered, refuses what it cannot play from, only ever plays legal
actions at 3 to 7 seats, decides from its own seat's view alone, plays each of its rules in
hand-made positions, and over 500 arena games takes fewer penalty points than the random bot
with p < 0.01."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from inferno_rules import SPECTATOR, Action, Viewer, get_game
from inferno_rules.games.inferno import BY_NAME
from inferno_worker.arena_report import ahead, console_table
from inferno_worker.arena_run import make_spec, run_arena
from inferno_worker.bots import (
    Bot,
    InfernoHeuristic,
    NoLegalAction,
    OhHellHeuristic,
    bot_names,
    get_bot,
)
from inferno_worker.bots.inferno import unseen_matches
from inferno_worker.local_table import play_table

INFERNO = get_game("inferno")
TAKE = Action("take")


class Checked:
    """Wraps a bot: it sees only its own seat, and answers with one of the legal actions."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat, self.name, self.moves = bot, seat, bot.name, 0

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view.get("seat") == self.seat and "all_hands" not in view
        action = self.bot.choose(view, legal, rng)
        assert action in legal, f"{self.name} chose {action!r}, not among {legal!r}"
        self.moves += 1
        return action


def cards(*names: str) -> tuple[int, ...]:
    return tuple(sorted(BY_NAME[n] for n in names))


def position(seat: int, hand: Sequence[str], pile: Sequence[str] = (), players: int = 4) -> Any:
    """A real mid-round state where ``seat`` holds ``hand`` and faces ``pile``."""
    state = INFERNO.new_game(players, {}, "hand-made")
    used = set(cards(*hand)) | set(cards(*pile))
    spare = [c for c in range(100) if c not in used]
    hands = []
    for s in range(players):
        if s == seat:
            hands.append(cards(*hand))
        else:
            hands.append(tuple(sorted(spare[:5])))
            del spare[:5]
    return state._replace(
        hands=tuple(hands),
        pile=tuple(BY_NAME[n] for n in pile),
        draw=tuple(spare[:20]),
        to_act=(seat,),
    )


def choose(state: Any, seat: int) -> Action:
    legal = INFERNO.legal_actions(state, seat)
    view = INFERNO.view(state, Viewer.of_seat(seat))
    return InfernoHeuristic().choose(view, legal, random.Random(0))


# ---------------------------------------------------------------------- registry and refusals
def test_the_inferno_heuristic_is_registered_beside_random() -> None:
    assert bot_names("inferno") == ["heuristic", "random"]
    assert isinstance(get_bot("inferno", "heuristic"), InfernoHeuristic)
    assert isinstance(get_bot("inferno", "heuristic"), Bot)
    # Oh Hell keeps its own heuristic.
    assert isinstance(get_bot("oh_hell", "heuristic"), OhHellHeuristic)


def test_the_heuristic_with_nothing_legal_says_it_is_not_its_turn() -> None:
    state = INFERNO.new_game(4, {}, "no-turn")
    idle = next(s for s in range(4) if s not in INFERNO.to_act(state))
    view = INFERNO.view(state, Viewer.of_seat(idle))
    with pytest.raises(NoLegalAction, match="not this seat's decision"):
        InfernoHeuristic().choose(view, INFERNO.legal_actions(state, idle), random.Random(0))


def test_the_heuristic_refuses_a_view_that_is_not_an_inferno_seat() -> None:
    state = INFERNO.new_game(4, {}, "spectated")
    seat = INFERNO.to_act(state)[0]
    legal = INFERNO.legal_actions(state, seat)
    bot = InfernoHeuristic()
    with pytest.raises(ValueError, match="from an Inferno seat's view"):
        bot.choose(INFERNO.view(state, SPECTATOR), legal, random.Random(0))
    with pytest.raises(ValueError, match="got a view of 'oh_hell'"):
        bot.choose({"game": "oh_hell", "hand": []}, legal, random.Random(0))


# ---------------------------------------------------------------------- legality
@pytest.mark.parametrize("players", range(3, 8))
def test_the_heuristic_only_plays_legal_actions_at_every_table_size(players: int) -> None:
    """Seeded matches, the heuristic alone and against random play (which reaches other
    positions: long piles, early OUTs, a draw pile emptied by a completion draw)."""
    for match in range(6):
        mixed = match % 2 == 1
        names = ["random" if mixed and s % 2 else "heuristic" for s in range(players)]
        seats = [Checked(get_bot("inferno", name), s) for s, name in enumerate(names)]
        rng = random.Random(f"legal:{players}:{match}")
        result, decisions = play_table(INFERNO, players, {}, f"legal-{match}", seats, rng)
        assert len(result.scores) == players and result.lower_score_wins
        heuristic_moves = sum(s.moves for s in seats if s.name == "heuristic")
        assert sum(s.moves for s in seats) == decisions and heuristic_moves > 0


def test_the_heuristic_decides_from_the_view_alone() -> None:
    """Swapping two opponents' equally long hands (which it cannot see) never changes its move."""
    checked = 0
    for n in range(60):
        state = INFERNO.new_game(5, {}, f"blind-{n}")
        rng = random.Random(n)
        # Random moves first, to reach varied positions.
        for _ in range(rng.randrange(0, 30)):
            seat = INFERNO.to_act(state)[0]
            legal = INFERNO.legal_actions(state, seat)
            state = INFERNO.apply(state, seat, legal[rng.randrange(len(legal))]).state
        seat = INFERNO.to_act(state)[0]
        others = [s for s in range(5) if s != seat]
        pairs = [
            (a, b)
            for a in others
            for b in others
            if a < b and len(state.hands[a]) == len(state.hands[b])
        ]
        if not pairs:
            continue
        a, b = pairs[0]
        hands = list(state.hands)
        hands[a], hands[b] = hands[b], hands[a]
        swapped = state._replace(hands=tuple(hands))
        seen = Viewer.of_seat(seat)
        assert INFERNO.view(swapped, seen) == INFERNO.view(state, seen)
        assert choose(state, seat) == choose(swapped, seat)
        checked += 1
    assert checked >= 30


# ---------------------------------------------------------------------- hand-made positions
def test_leading_picks_the_card_the_others_can_least_match() -> None:
    # Three blues and three 4s: BLUE-4 leaves the fewest unseen blues-or-4s.
    hand = ["BLUE-4-c1", "BLUE-1-c1", "BLUE-2-c1", "RED-4-c1", "GREEN-4-c1", "YELLOW-2-c1"]
    state = position(0, hand)
    assert choose(state, 0) == Action("play", "BLUE-4-c1")
    blue4 = BY_NAME["BLUE-4-c1"]
    rest = [BY_NAME[n] for n in hand if n != "BLUE-4-c1"]
    # 20 blues + 20 fours − the 4 blue 4s = 36 matching cards; I see 5 besides the lead.
    assert unseen_matches(blue4, rest, [blue4]) == 36 - 5


def test_leading_among_equally_safe_cards_sheds_the_expensive_red() -> None:
    state = position(0, ["RED-5-c1", "GREEN-5-c1", "RED-1-c1", "GREEN-1-c1"])
    assert choose(state, 0) == Action("play", "RED-5-c1")


def test_following_adds_rather_than_takes() -> None:
    # The pile is cheap (one blue card), yet adding passes it on.
    state = position(1, ["BLUE-3-c1", "YELLOW-2-c1"], pile=["BLUE-5-c1"])
    assert choose(state, 1) == Action("play", "BLUE-3-c1")


def test_following_with_no_match_takes() -> None:
    state = position(1, ["GREEN-3-c1", "YELLOW-2-c1"], pile=["BLUE-5-c1", "RED-5-c1"])
    assert choose(state, 1) == TAKE


def test_following_sheds_the_card_most_like_the_rest_of_the_hand() -> None:
    # Both match the blue-5 lead; the hand holds many yellows, so YELLOW-5 goes and the lone
    # blue (the only answer to a future blue lead) stays.
    hand = ["BLUE-2-c1", "YELLOW-5-c1", "YELLOW-1-c1", "YELLOW-3-c1", "GREEN-4-c1"]
    state = position(1, hand, pile=["BLUE-5-c1"])
    assert choose(state, 1) == Action("play", "YELLOW-5-c1")


def test_following_among_equally_alike_cards_adds_the_cheaper() -> None:
    # RED-5 and GREEN-5 are as alike to the rest; the pile may come back, so the green goes.
    state = position(1, ["RED-5-c1", "GREEN-5-c1"], pile=["BLUE-5-c1"])
    assert choose(state, 1) == Action("play", "GREEN-5-c1")


def test_the_last_matching_card_is_played_to_go_out() -> None:
    state = position(2, ["RED-2-c1"], pile=["RED-4-c1", "BLUE-4-c1"])
    out = INFERNO.apply(state, 2, choose(state, 2))
    assert choose(state, 2) == Action("play", "RED-2-c1")
    assert out.state.out[2]


# ---------------------------------------------------------------------- the arena's bar
def test_the_heuristic_takes_fewer_points_than_random_over_500_games() -> None:
    """The issue's bar: over at least 500 Inferno games (4 players, H R H R rotated over every
    seat), the heuristic's mean penalty is lower and the paired test gives p < 0.01."""
    spec = make_spec("inferno", 4, ["heuristic", "random"], 500, seed="ci")
    report = run_arena(spec, jobs=2, progress=False)
    assert spec.games >= 500 and report.lower_score_wins
    heuristic, random_ = report.means["heuristic"], report.means["random"]
    assert heuristic.n == random_.n == 125
    ((a, b, test),) = report.comparisons
    assert (a, b) == ("heuristic", "random")
    assert heuristic.mean < random_.mean and test.difference.high < 0
    assert test.p < 0.01
    # With the lowest score winning, "ahead" counts the deals where the heuristic took less.
    lower = sum(
        1
        for h, r in zip(report.per_deal["heuristic"], report.per_deal["random"], strict=True)
        if h < r
    )
    assert ahead(report, "heuristic", "random") == lower > 62
    assert "lower is better" in console_table(report)
