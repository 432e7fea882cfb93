"""The heuristic Burn in Hell bot: registered, refuses what it cannot play from, only ever
chooses legal actions (or passes) over whole simulated games at 4 to 8 seats while seeing no
more than its own seat, decides from the view alone, and plays each of its rules of thumb in
hand-made positions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from inferno_rules import SPECTATOR, Action, Viewer, get_game
from inferno_worker.bots import (
    Bot,
    BurnInHellHeuristic,
    NoLegalAction,
    PassingBot,
    RandomBot,
    bot_names,
    choose_or_pass,
    get_bot,
)
from inferno_worker.local_table import play_table

BURN = get_game("burn_in_hell")
#: What any viewer sees, and what a seat adds: its own seat, its Circles, its DIG pile.
PUBLIC_KEYS = set(BURN.view(BURN.new_game(4, {}, "keys"), SPECTATOR))
SEAT_KEYS = {"seat", "my_circles", "dig_pile"}
REVEALED_AT_THE_END = {"all_circles", "discard"}


class Checked:
    """Wraps a bot: it sees only its own seat's view, and answers with a legal action or a pass."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat, self.name = bot, seat, bot.name
        self.chances = self.passes = 0
        self.kinds: set[str] = set()

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        raise AssertionError("a real-time table gives chances (choose_or_pass), not turns")

    def choose_or_pass(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        assert legal, "a seat was given a chance with nothing legal"
        assert view["seat"] == self.seat
        allowed = PUBLIC_KEYS | SEAT_KEYS
        if view["phase"] == "over":
            allowed |= REVEALED_AT_THE_END
        assert set(view) <= allowed, f"seat {self.seat} saw {set(view) - allowed}"
        assert len(view["my_circles"]) == len(view["seats"][self.seat]["circles"])
        if "dig_pile" in view:
            assert any(d["seat"] == self.seat for d in view["digs"])
        action = choose_or_pass(self.bot, view, legal, rng)
        assert action is None or action in legal, f"{self.name} chose {action!r}"
        self.chances += 1
        if action is None:
            self.passes += 1
        else:
            self.kinds.add(action.kind)
        return action


# ---------------------------------------------------------------------- registry and refusals
def test_the_burn_in_hell_heuristic_is_registered_beside_random() -> None:
    assert bot_names("burn_in_hell") == ["heuristic", "random"]
    bot = get_bot("burn_in_hell", "heuristic")
    assert isinstance(bot, BurnInHellHeuristic)
    assert isinstance(bot, Bot) and isinstance(bot, PassingBot)
    # The random bot has no pass: through choose_or_pass it always acts.
    assert not isinstance(get_bot("burn_in_hell", "random"), PassingBot)


def test_the_heuristic_refuses_what_it_cannot_play_from() -> None:
    state = BURN.new_game(4, {}, "refusals")
    legal = [Action("finished", True)]
    bot = BurnInHellHeuristic()
    with pytest.raises(ValueError, match="from a Burn in Hell seat's view"):
        bot.choose_or_pass(BURN.view(state, SPECTATOR), legal, random.Random(0))
    with pytest.raises(ValueError, match="got a view of 'oh_hell'"):
        bot.choose_or_pass({"game": "oh_hell", "seat": 0}, legal, random.Random(0))
    with pytest.raises(NoLegalAction, match="not this seat's decision"):
        bot.choose_or_pass(BURN.view(state, Viewer.of_seat(0)), [], random.Random(0))


# ---------------------------------------------------------------------- legality
@pytest.mark.parametrize("players", range(4, 9))
def test_bots_only_choose_legal_actions_and_see_only_their_seat(players: int) -> None:
    """Whole simulated games (one round), the heuristic alone and against random play."""
    for game_no, mixed in enumerate((False, True)):
        names = ["random" if mixed and s % 2 else "heuristic" for s in range(players)]
        seats = [Checked(get_bot("burn_in_hell", name), s) for s, name in enumerate(names)]
        rng = random.Random(f"legal:{players}:{game_no}")
        result, chances = play_table(
            BURN, players, {"MATCH": "OPEN"}, f"legal-{players}-{game_no}", seats, rng
        )
        assert len(result.scores) == players
        assert sum(s.chances for s in seats) == chances
        heuristic = [s for s in seats if s.name == "heuristic"]
        # The heuristic acts and passes; over a game it forms Circles and says Finished!.
        assert sum(s.passes for s in heuristic) > 0
        assert sum(s.chances - s.passes for s in heuristic) > 0
        done = set().union(*(s.kinds for s in heuristic))
        assert {"form_circle", "play_special"} <= done, done
        random_seats = [s for s in seats if s.name == "random"]
        assert all(s.passes == 0 for s in random_seats)


def test_the_heuristic_decides_from_the_view_alone() -> None:
    """Shuffling what no seat may see (the deck, the discard pile below its top) leaves the
    seat's view, and so the bot's choice, unchanged."""
    bot, compared = BurnInHellHeuristic(), 0
    for n in range(30):
        rng = random.Random(n)
        state = _mid_game(rng, f"blind-{n}")
        seat = rng.randrange(state.players)
        if seat not in BURN.decision(state).seats or len(state.deck) < 2:
            continue
        if any(d[0] == seat for d in state.digs):
            continue
        deck = list(state.deck)
        rng.shuffle(deck)
        below = list(state.discard[:-1])
        rng.shuffle(below)
        twin = state._replace(deck=tuple(deck), discard=(*below, *state.discard[-1:]))
        view = BURN.view(state, Viewer.of_seat(seat))
        assert BURN.view(twin, Viewer.of_seat(seat)) == view
        legal = BURN.legal_actions(state, seat)
        assert bot.choose_or_pass(view, legal, random.Random(1)) == bot.choose_or_pass(
            BURN.view(twin, Viewer.of_seat(seat)), legal, random.Random(2)
        )
        compared += 1
    assert compared >= 10


def _mid_game(rng: random.Random, seed: str) -> Any:
    """A state some way into a round, reached by random bots on the simulated clock."""
    from inferno_rules import CLOCK

    state = BURN.new_game(5, {}, seed)
    state = BURN.apply(state, CLOCK, Action("tick", 5000 + rng.randrange(60_000))).state
    bot = RandomBot()
    for _ in range(rng.randrange(10, 120)):
        seats = BURN.decision(state).seats
        if not seats:
            break
        seat = rng.choice(seats)
        legal = BURN.legal_actions(state, seat)
        state = BURN.apply(state, seat, bot.choose({}, legal, rng)).state
        if BURN.is_over(state):
            break
        state = BURN.apply(state, CLOCK, Action("tick", state.now + rng.randrange(1500))).state
    return state


# ---------------------------------------------------------------------- hand-made positions
def view(
    tables: Sequence[Sequence[str]],
    held: Sequence[Sequence[str]] = (),
    phase: str = "dealing",
    offers: Sequence[dict[str, Any]] = (),
    seat: int = 0,
    now: int = 10_000,
    hold_until: int | None = None,
    discard_count: int = 0,
    finished: bool = False,
) -> dict[str, Any]:
    """Just the view keys the bot reads, for seat ``seat``."""
    held = list(held) or [[] for _ in tables]
    return {
        "game": "burn_in_hell",
        "seat": seat,
        "phase": phase,
        "now": now,
        "seats": [
            {
                "seat": s,
                "table": list(tables[s]),
                "held": list(held[s]),
                "hold_until": hold_until if s == seat else None,
                "finished": finished if s == seat else False,
            }
            for s in range(len(tables))
        ],
        "offers": list(offers),
        "digs": [],
        "totals": [0] * len(tables),
        "discard_count": discard_count,
    }


def special(card: str, victim: int | None = None, target: str | None = None) -> Action:
    return Action("play_special", {"card": card, "victim": victim, "target": target})


def pick(v: dict[str, Any], *legal: Action) -> Action | None:
    return BurnInHellHeuristic().choose_or_pass(v, list(legal), random.Random(0))


FINISHED = Action("finished", True)


def test_it_forms_the_circle_worth_most() -> None:
    four_ones = Action("form_circle", ["P6", "P7", "P8", "P9"])
    scourges = Action("form_circle", ["W1", "W2", "W3"])
    v = view([["P6", "P7", "P8", "P9", "W1", "W2", "W3"], []])
    assert pick(v, FINISHED, four_ones, scourges) == scourges


def test_solitary_confinement_waits_for_a_valuable_soul_while_cards_are_dealt() -> None:
    low = Action("form_circle", ["P6", "SOLITARY-1"])
    assert pick(view([["P6", "SOLITARY-1"], []]), FINISHED, low) is None
    assert pick(view([["P6", "SOLITARY-1"], []], phase="ending"), FINISHED, low) == low
    high = Action("form_circle", ["P1", "SOLITARY-1"])
    assert pick(view([["P1", "SOLITARY-1"], []]), FINISHED, high) == high


def test_it_accepts_offers_that_gain_and_rejects_those_that_lose() -> None:
    good = {"id": 3, "from": 1, "to": 0, "give": ["P1"], "want": ["P6"]}
    bad = {"id": 4, "from": 1, "to": 0, "give": ["P7"], "want": ["P2"]}
    v = view([["P6", "P2"], ["P1", "P7"]], offers=[good, bad])
    answers = [Action("accept", 3), Action("reject", 3), Action("accept", 4), Action("reject", 4)]
    assert pick(v, FINISHED, *answers) == Action("accept", 3)
    assert pick(v, FINISHED, *answers[2:]) == Action("reject", 4)
    # A soul that completes a combination is worth more than its points.
    combo = {"id": 5, "from": 1, "to": 0, "give": ["W3"], "want": ["P4"]}
    v = view([["W1", "W2", "P4"], ["W3"]], offers=[combo])
    assert pick(v, FINISHED, Action("accept", 5), Action("reject", 5)) == Action("accept", 5)


def test_it_steals_and_burns_the_most_valuable_souls() -> None:
    tables = [["STEAL-PRIDE", "LAKE-1"], ["P3", "P1"], ["P2", "U1"]]
    steals = [special("STEAL-PRIDE", 1, "P3"), special("STEAL-PRIDE", 1, "P1")]
    lakes = [special("LAKE-1", 1, "P3"), special("LAKE-1", 2, "U1"), special("LAKE-1", 1, "P1")]
    v = view(tables)
    # Stealing the 5 gains 5 and costs the rival 5: better than burning a 5.
    assert pick(v, FINISHED, *lakes, *steals) == special("STEAL-PRIDE", 1, "P1")
    assert pick(v, FINISHED, *lakes) in (special("LAKE-1", 2, "U1"), special("LAKE-1", 1, "P1"))
    # While cards are dealt, small souls are not worth a Special; once the deck is empty they are.
    small = [special("LAKE-1", 1, "P6")]
    assert pick(view([["LAKE-1"], ["P6"]]), FINISHED, *small) is None
    assert pick(view([["LAKE-1"], ["P6"]], phase="ending"), FINISHED, *small) == small[0]


def test_it_digs_when_the_pile_may_hold_something_and_picks_the_best_card() -> None:
    dig = special("DIG-1")
    assert pick(view([["DIG-1"], []], discard_count=1), FINISHED, dig) is None
    assert pick(view([["DIG-1"], []], discard_count=3), FINISHED, dig) == dig
    picks = [Action("dig_pick", c) for c in ("P6", "STOP-1", "P2", "W3")]
    v = view([["W1", "W2"], []])
    assert pick(v, FINISHED, *picks) == Action("dig_pick", "W3")  # completes the Scourges


def test_it_shields_a_valuable_soul_from_a_rival_special_and_lets_go_in_time() -> None:
    grabs = [Action("grab", ["P1"]), Action("grab", ["P6"])]
    threatened = view([["P1", "P6"], ["STEAL-PRIDE"]])
    assert pick(threatened, FINISHED, *grabs) == Action("grab", ["P1"])
    # No rival Special that can reach it: no grab.
    assert pick(view([["P1", "P6"], ["STEAL-GREED"]]), FINISHED, *grabs) is None
    # Held: kept while threatened, released near the 10 s cap or once the threat is gone.
    release = Action("release", ["P1"])
    holding = view([["P6"], ["STEAL-PRIDE"]], held=[["P1"], []], hold_until=15_000)
    assert pick(holding, FINISHED, release) is None
    near_cap = view([["P6"], ["STEAL-PRIDE"]], held=[["P1"], []], hold_until=11_000)
    assert pick(near_cap, FINISHED, release) == release
    safe = view([["P6"], []], held=[["P1"], []], hold_until=15_000)
    assert pick(safe, FINISHED, release) == release


def test_it_offers_trades_that_gain_and_none_that_do_not() -> None:
    good = Action("offer", {"to": 1, "give": ["P6"], "want": ["P1"]})
    even = Action("offer", {"to": 2, "give": ["P6"], "want": ["G6"]})
    v = view([["P6"], ["P1"], ["G6"]])
    assert pick(v, FINISHED, even, good) == good
    assert pick(v, FINISHED, even) is None
    pending = {"id": 1, "from": 0, "to": 1, "give": ["P6"], "want": ["P1"]}
    assert pick(view([["P6"], ["P1"], ["G6"]], offers=[pending]), FINISHED, good) is None


def test_once_the_deck_is_empty_it_drops_useless_specials_then_says_finished() -> None:
    drop = Action("discard_special", "STOP-1")
    ending = view([["STOP-1", "P6"], []], phase="ending")
    assert pick(ending, FINISHED, drop) == drop
    assert pick(view([["P6"], []], phase="ending"), FINISHED) == FINISHED
    # While cards are dealt it keeps quiet; with its flag on it has nothing more to say.
    assert pick(view([["P6"], []]), FINISHED) is None
    on = view([["P6"], []], phase="ending", finished=True)
    assert pick(on, Action("finished", False)) is None


def test_choose_always_acts_with_the_most_harmless_action_when_it_would_pass() -> None:
    bot, rng = BurnInHellHeuristic(), random.Random(0)
    v = view([["P6"], ["P1"]])
    assert bot.choose(v, [Action("grab", ["P6"]), FINISHED], rng) == FINISHED
    offer = {"id": 2, "from": 1, "to": 0, "give": ["P1"], "want": ["P6"]}
    v = view([["P6"], ["P1"]], offers=[offer])
    # Offered a 5 for a 1 it accepts: an action of its own, not a fallback.
    assert bot.choose(v, [Action("reject", 2), Action("accept", 2)], rng) == Action("accept", 2)
    assert choose_or_pass(RandomBot(), v, [Action("reject", 2)], rng) == Action("reject", 2)
