"""Bots: the registry, the refusals, every bot only ever choosing legal actions in every game,
and the heuristic Oh Hell bot's bidding and play in hand-made positions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inferno_rules import SPECTATOR, Action, Game, Viewer, all_games, get_game
from inferno_rules.cards import BY_NAME
from inferno_rules.games.oh_hell import NO_BID
from inferno_worker.bots import (
    ANY_GAME,
    Bot,
    NoLegalAction,
    OhHellHeuristic,
    RandomBot,
    UnknownBot,
    bot_names,
    choose_or_pass,
    get_bot,
    register_bot,
)
from inferno_worker.bots.oh_hell import expected_tricks
from inferno_worker.local_table import play_table

GAMES = all_games()
OH_HELL = get_game("oh_hell")


class Checked:
    """Wraps a bot: checks what it is shown and that its answer is one of the legal actions."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat, self.name, self.moves = bot, seat, bot.name, 0

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert legal, "a bot was asked to move with nothing legal"
        # Only its own seat's view: never the operator's, never another seat's.
        assert view.get("seat") == self.seat and "all_hands" not in view
        action = self.bot.choose(view, legal, rng)
        assert action in legal, f"{self.name} chose {action!r}, not among {legal!r}"
        self.moves += 1
        return action

    def choose_or_pass(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """A real-time chance: the same checks; ``None`` (a pass) is allowed."""
        assert legal, "a bot was asked to move with nothing legal"
        assert view.get("seat") == self.seat and "all_hands" not in view
        action = choose_or_pass(self.bot, view, legal, rng)
        assert action is None or action in legal, f"{self.name} chose {action!r}"
        self.moves += 1
        return action


def options_for(game: Game[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Any allowed option combination the game declares."""

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for spec in game.info.options:
            if spec.kind == "bool":
                options[spec.name] = draw(st.booleans())
            elif spec.kind == "enum":
                options[spec.name] = draw(st.sampled_from(spec.choices))
            else:
                lo = spec.minimum if spec.minimum is not None else 0
                hi = spec.maximum if spec.maximum is not None else lo + 10
                options[spec.name] = draw(st.integers(lo, hi))
        for first, second, _ in game.info.exclusive:
            if options.get(first) and options.get(second):
                options[second] = False
        # A game that random players never finish (no turn limit) is played as a short match.
        for name, value in game.info.short_match:
            assert isinstance(value, int) and not isinstance(value, bool)
            options[name] = draw(st.integers(1, value))
        return options

    return build()


CASES = [(game, bot) for game in GAMES for bot in bot_names(game)]


@pytest.mark.parametrize(("game_name", "bot_name"), CASES)
def test_every_bot_only_plays_legal_actions(game_name: str, bot_name: str) -> None:
    game = GAMES[game_name]
    # A real-time game is a few thousand chances to act: fewer, longer examples.
    examples = 6 if game.info.nature.real_time else 40

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        players=st.integers(game.info.min_players, game.info.max_players),
        options=options_for(game),
        seed=st.text(min_size=1, max_size=10),
        moves=st.integers(0, 2**32),
        mixed=st.booleans(),
    )
    def run(players: int, options: dict[str, Any], seed: str, moves: int, mixed: bool) -> None:
        # Alone at the table, or against random play (which reaches other positions).
        names = [bot_name if not mixed or s % 2 == 0 else "random" for s in range(players)]
        seats = [Checked(get_bot(game_name, name), s) for s, name in enumerate(names)]
        result, decisions = play_table(game, players, options, seed, seats, random.Random(moves))
        assert len(result.scores) == players
        assert sum(s.moves for s in seats) == decisions > 0

    run()


def test_the_registry_lists_the_bots_of_each_game() -> None:
    assert bot_names("oh_hell") == ["heuristic", "random"]
    for game in GAMES:
        assert "random" in bot_names(game)
        assert isinstance(get_bot(game, "random"), RandomBot)
    assert isinstance(get_bot("oh_hell", "heuristic"), OhHellHeuristic)
    assert isinstance(get_bot("oh_hell", "heuristic"), Bot)


def test_unknown_bots_and_games_are_refused_by_name() -> None:
    with pytest.raises(UnknownBot, match=r"no bot called 'genius' plays oh_hell.*heuristic"):
        get_bot("oh_hell", "genius")
    with pytest.raises(UnknownBot, match=r"no game is called 'chess'; the games are: .*oh_hell"):
        get_bot("chess", "random")
    with pytest.raises(UnknownBot, match="no game is called"):
        bot_names("chess")


def test_registering_a_second_bot_under_a_taken_name_is_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_bot(ANY_GAME, "random", lambda: RandomBot())
    assert isinstance(get_bot("oh_hell", "random"), RandomBot)


@pytest.mark.parametrize("bot", [RandomBot(), OhHellHeuristic()])
def test_a_bot_with_nothing_legal_says_it_is_not_its_turn(bot: Bot) -> None:
    state = OH_HELL.new_game(4, {}, "no-turn")
    idle = next(s for s in range(4) if s not in OH_HELL.to_act(state))
    view = OH_HELL.view(state, Viewer.of_seat(idle))
    with pytest.raises(NoLegalAction, match="not this seat's decision"):
        bot.choose(view, OH_HELL.legal_actions(state, idle), random.Random(0))


def test_the_heuristic_refuses_a_view_that_is_not_an_oh_hell_seat() -> None:
    state = OH_HELL.new_game(4, {}, "spectated")
    seat = OH_HELL.to_act(state)[0]
    legal = OH_HELL.legal_actions(state, seat)
    bot = OhHellHeuristic()
    with pytest.raises(ValueError, match="from an Oh Hell seat's view"):
        bot.choose(OH_HELL.view(state, SPECTATOR), legal, random.Random(0))
    with pytest.raises(ValueError, match="got a view of 'chess'"):
        bot.choose({"game": "chess", "hand": []}, legal, random.Random(0))


# ---------------------------------------------------------------------- the heuristic's bids


def test_the_heuristic_dealer_never_bids_the_hook_and_moves_to_the_nearest_bid() -> None:
    """Over many hooked deals: the dealer's bid is legal; where the hook takes away the bid
    it wanted, it bids one more or one less instead."""
    bot, rng = OhHellHeuristic(), random.Random(0)
    bound = 0
    for i in range(300):
        # Small hands (1 to 4 cards), where bids often add up to the tricks.
        state = OH_HELL.new_game(4, {"HOOK": True, "ORDER": "ASC"}, f"hook-{i}")
        for _ in range(i % 4):
            state = _finish_hand(state, bot, rng)
        while OH_HELL.to_act(state)[0] != state.dealer:
            seat = OH_HELL.to_act(state)[0]
            view = OH_HELL.view(state, Viewer.of_seat(seat))
            state = OH_HELL.apply(
                state, seat, bot.choose(view, OH_HELL.legal_actions(state, seat), rng)
            ).state
        dealer = state.dealer
        k = state.schedule[state.hand_no]
        forbidden = k - sum(b for b in state.bids if b != NO_BID)
        view = OH_HELL.view(state, Viewer.of_seat(dealer))
        legal = OH_HELL.legal_actions(state, dealer)
        chosen = bot.choose(view, legal, rng)
        wanted = bot.choose(view, [Action("bid", b) for b in range(k + 1)], rng)
        assert chosen in legal and chosen.arg != forbidden
        if wanted.arg == forbidden:
            bound += 1
            assert abs(chosen.arg - wanted.arg) == 1
        else:
            assert chosen == wanted
    assert bound >= 10, "the hook should bind the heuristic dealer in some of 300 deals"


def _finish_hand(state: Any, bot: Bot, rng: random.Random) -> Any:
    hand_no = state.hand_no
    while state.hand_no == hand_no:
        seat = OH_HELL.to_act(state)[0]
        view = OH_HELL.view(state, Viewer.of_seat(seat))
        state = OH_HELL.apply(
            state, seat, bot.choose(view, OH_HELL.legal_actions(state, seat), rng)
        ).state
    return state


def _cards(*names: str) -> list[int]:
    return [BY_NAME[n] for n in names]


def test_bids_follow_hand_strength() -> None:
    # The four top trumps are four tricks; four low side cards are none.
    assert round(expected_tricks(_cards("AS", "KS", "QS", "JS"), _cards("2S")[0], 4)) == 4
    assert round(expected_tricks(_cards("2C", "3D", "4H", "2H"), _cards("AS")[0], 4)) == 0
    # In the no-trump hand, the four aces are four tricks.
    aces = _cards("AC", "AD", "AH", "AS", "2C", "3C", "4C", "2D", "3D", "4D", "2H", "3H", "4H")
    assert round(expected_tricks(aces, None, 4)) == 4
    # A void side suit lets a low trump ruff: worth more than the same trump without the void.
    void = expected_tricks(_cards("3S", "5C", "6C", "7D"), _cards("2D")[0], 4)
    kept = expected_tricks(_cards("3S", "5C", "6H", "7D"), _cards("2D")[0], 4)
    assert void > kept


# ---------------------------------------------------------------------- the heuristic's play


def play_view(
    hand: list[str],
    trick: list[str],
    trump: str | None,
    bid: int,
    won: int,
    seat: int = 3,
    **options: bool,
) -> dict[str, Any]:
    """A seat's view in the playing phase, shaped exactly like ``OhHell.view``'s."""
    players = 4
    leader = (seat - len(trick)) % players
    sizes = [len(hand)] * players
    for i in range(len(trick)):
        sizes[(leader + i) % players] -= 1
    bids = [1] * players
    bids[seat] = bid
    won_list = [0] * players
    won_list[seat] = won
    return {
        "game": "oh_hell",
        "players": players,
        "options": {"MISS_SCORES_TRICKS": False, **options},
        "phase": "playing",
        "cards_this_hand": 5,
        "dealer": 0,
        "trump_card": trump,
        "bids": bids,
        "has_bid": [True] * players,
        "tricks_won": won_list,
        "trick_leader": leader,
        "current_trick": [{"seat": (leader + i) % players, "card": c} for i, c in enumerate(trick)],
        "last_trick": None,
        "hand_sizes": sizes,
        "to_act": [seat],
        "seat": seat,
        "hand": hand,
    }


def legal_for(hand: list[str], trick: list[str]) -> list[Action]:
    """Follow suit if you can, else anything (no LA_PODRIDA)."""
    if trick:
        led = trick[0][-1]
        follow = [c for c in hand if c[-1] == led]
        if follow:
            return [Action("play", c) for c in follow]
    return [Action("play", c) for c in hand]


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "bid", "won", "expected", "why"),
    [
        (["AH", "QH", "2H"], ["10H", "JH", "3H"], "2S", 1, 0, "QH", "last: win with the cheapest"),
        (["AH", "QH", "2H"], ["KH"], "2S", 1, 0, "AH", "short of the bid: play the winner"),
        (["AH", "QH", "2H"], ["KH"], "2S", 1, 1, "QH", "bid made: highest card that loses"),
        (["AH", "2H"], ["KH", "3H", "4H"], "2S", 0, 0, "2H", "bid 0: duck under the king"),
        (["5S", "9S", "5C"], ["AH"], "2S", 1, 0, "5S", "void: trump in with the lowest trump"),
        (["KS", "QC", "3D"], ["AH"], "2S", 0, 0, "QC", "void, bid made: shed a high loser"),
        (["7H", "2H"], ["AH"], "2S", 1, 0, "2H", "cannot win: follow low"),
        (["AH", "KH"], ["QH", "2H", "3H"], "2S", 0, 0, "AH", "forced to win: win with the top"),
    ],
)
def test_the_heuristic_plays_to_make_its_bid_exactly(
    hand: list[str],
    trick: list[str],
    trump: str | None,
    bid: int,
    won: int,
    expected: str,
    why: str,
) -> None:
    view = play_view(hand, trick, trump, bid, won)
    action = OhHellHeuristic().choose(view, legal_for(hand, trick), random.Random(0))
    assert action == Action("play", expected), why


def test_leading_short_of_the_bid_plays_a_likely_winner_and_ducks_once_made() -> None:
    hand = ["AS", "3C", "4D", "KH"]
    bot = OhHellHeuristic()
    legal = legal_for(hand, [])
    wanting = bot.choose(play_view(hand, [], "2S", 2, 0), legal, random.Random(0))
    assert wanting == Action("play", "AS")
    made = bot.choose(play_view(hand, [], "2S", 2, 2), legal, random.Random(0))
    assert made == Action("play", "3C")


def test_a_missed_bid_chases_tricks_only_when_missed_bids_score_them() -> None:
    hand, trick = ["AH", "2H"], ["KH"]
    bot = OhHellHeuristic()
    over = play_view(hand, trick, "2S", 0, 1)
    assert bot.choose(over, legal_for(hand, trick), random.Random(0)) == Action("play", "2H")
    over_scoring = play_view(hand, trick, "2S", 0, 1, MISS_SCORES_TRICKS=True)
    chosen = bot.choose(over_scoring, legal_for(hand, trick), random.Random(0))
    assert chosen == Action("play", "AH")


def test_the_heuristic_decides_from_the_view_alone() -> None:
    """Two tables whose seat-0 views are equal get the same move from the bot, whatever the
    other hands hold: the bot has nothing else to go on."""
    bot = OhHellHeuristic()
    state = OH_HELL.new_game(4, {"ORDER": "DESC"}, "view-alone")
    seat = OH_HELL.to_act(state)[0]
    view = OH_HELL.view(state, Viewer.of_seat(seat))
    others = [s for s in range(4) if s != seat]
    swapped = list(state.hands)
    swapped[others[0]], swapped[others[1]] = swapped[others[1]], swapped[others[0]]
    twin = state._replace(hands=tuple(swapped))
    assert OH_HELL.view(twin, Viewer.of_seat(seat)) == view
    legal = OH_HELL.legal_actions(state, seat)
    assert bot.choose(view, legal, random.Random(1)) == bot.choose(
        OH_HELL.view(twin, Viewer.of_seat(seat)), legal, random.Random(2)
    )


@pytest.mark.parametrize(
    ("players", "cards", "trumped"), [(4, 13, False), (4, 6, True), (3, 9, True)]
)
def test_an_average_hand_bids_about_its_fair_share(players: int, cards: int, trumped: bool) -> None:
    """Over random hands the heuristic's bids average near cards ÷ players: it neither
    underbids big hands wholesale nor overbids them."""
    bot, sample = OhHellHeuristic(), random.Random(f"{players}-{cards}")
    bids = []
    for _ in range(200):
        drawn = sample.sample(sorted(BY_NAME), cards + 1)
        view = {
            "game": "oh_hell",
            "players": players,
            "hand": drawn[:cards],
            "trump_card": drawn[cards] if trumped else None,
        }
        legal = [Action("bid", b) for b in range(cards + 1)]
        bids.append(bot.choose(view, legal, sample).arg)
    assert sum(bids) / len(bids) == pytest.approx(cards / players, abs=0.6)
    assert len(set(bids)) >= 3, "bids should vary with the hand"


def test_the_bots_need_only_the_rules_core() -> None:
    """The worker loads bots on every move; the arena's plotting and statistics stay out."""
    import subprocess
    import sys

    code = (
        "import sys, inferno_worker.bots, inferno_worker.local_table; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'scipy', 'matplotlib', 'numpy', 'tqdm'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=_env()
    )
    assert out.stdout.strip() == "[]"


def _env() -> dict[str, str]:
    import os
    from pathlib import Path

    import inferno_rules
    import inferno_worker

    paths = [str(Path(m.__file__).parent.parent) for m in (inferno_rules, inferno_worker)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
