"""The heuristic Dante's Inferno bot: hand-made positions for each rule of thumb (trades, fights,
re-rolls, going in, demons, ending the turn), and whole games where it makes only legal moves
and beats the random bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from inferno_rules import Action, Viewer, get_game
from inferno_rules.games.dantes_inferno.state import FIGHT, ROLL, DanteState
from inferno_worker.arena_run import make_spec, run_arena
from inferno_worker.bots import bot_names, get_bot
from inferno_worker.local_table import play_table
from tests.libs.rules.test_dantes_inferno_helpers import GAME, S, applied, arranged, legal, res

END = Action("end_turn", None)
ACCEPT_ROLL = Action("accept", None)


def bot() -> Any:
    return get_bot("dantes_inferno", "heuristic")


def choose(s: DanteState, seat: int, player: Any = None) -> Action:
    """The bot's move at ``seat``, checked to be one of the listed legal moves."""
    options = legal(s, seat)
    action = (player or bot()).choose(GAME.view(s, Viewer.of_seat(seat)), options, random.Random(1))
    assert action in options, action
    return action


def offered(
    s: DanteState, sender: int, to: int, give: dict[str, int], get: dict[str, int]
) -> DanteState:
    return applied(s, sender, Action("offer", {"to": to, "give": give, "get": get})).state


def test_the_heuristic_is_registered_beside_random() -> None:
    assert {"heuristic", "random"} <= set(bot_names("dantes_inferno"))
    assert get_game("dantes_inferno").info.name == "dantes_inferno"


# ---------------------------------------------------------------------- trades
def test_it_accepts_an_offer_that_gets_it_what_it_lacks_for_its_surplus() -> None:
    s = arranged({0: ("(0,3)/o",), 1: ("(0,5)/o",)}, active=1, resources={0: res(b=3), 1: res(y=2)})
    s = offered(s, 1, 0, {"Y": 1}, {"B": 1})
    (ident,) = [o[0] for o in s.offers]
    # Seat 0 is not active: the table waits for its answer, and it accepts (not a pass).
    assert 0 in GAME.waiting_on(s)
    assert choose(s, 0) == Action("accept", ident)


def test_it_rejects_an_offer_that_takes_what_it_needs_for_what_it_has() -> None:
    s = arranged(
        {0: ("(0,3)/o",), 1: ("(0,5)/o",)}, active=1, resources={0: res(y=1, b=3), 1: res(b=2)}
    )
    s = offered(s, 1, 0, {"B": 1}, {"Y": 1})
    (ident,) = [o[0] for o in s.offers]
    assert choose(s, 0) == Action("reject", ident)


def test_the_active_player_answers_an_offer_made_to_it_too() -> None:
    s = arranged(
        {0: ("(0,3)/o",), 1: ("(0,5)/o",)}, active=0, resources={0: res(r=1, g=1, b=2), 1: res(y=2)}
    )
    s = offered(s, 1, 0, {"Y": 1}, {"B": 1})
    (ident,) = [o[0] for o in s.offers]
    assert choose(s, 0) == Action("accept", ident)
    bad = offered(
        arranged(
            {0: ("(0,3)/o",), 1: ("(0,5)/o",)}, active=0, resources={0: res(y=1), 1: res(b=2)}
        ),
        1,
        0,
        {"B": 1},
        {"Y": 1},
    )
    assert choose(bad, 0) == Action("reject", bad.offers[0][0])


def test_it_offers_its_surplus_for_what_it_lacks_once_per_partner_then_ends_its_turn() -> None:
    # Seat 0 holds 3 B and no Y; seat 1 holds Y: the listed offer (1 B for 1 Y) helps both.
    s = arranged(
        {0: ("(0,0)/o",), 1: ("(0,5)/o",)},
        players=2,
        active=0,
        resources={0: res(b=3, r=1, g=1), 1: res(y=3)},
        free_step=True,
        free_demon=True,
    )
    player = bot()
    first = choose(s, 0, player)
    assert first.kind == "offer" and first.arg["to"] == 1
    assert first.arg["give"] == {"B": 1} and first.arg["get"] == {"Y": 1}
    # Seat 1 says no: the same bot does not ask again this turn; it ends the turn.
    s = applied(s, 0, first).state
    s = applied(s, 1, Action("reject", s.offers[0][0])).state
    assert choose(s, 0, player) == END


def test_a_partner_who_always_says_no_cannot_hold_the_turn() -> None:
    """Even a bot made fresh for every move (as in the worker) ends the turn."""
    s = arranged(
        {0: ("(0,0)/o",), 1: ("(0,5)/o",), 2: ("(0,6)/o",)},
        active=0,
        resources={0: res(b=3, r=1, g=1), 1: res(y=3), 2: res(y=3)},
        free_step=True,
        free_demon=True,
    )
    offers = 0
    for move in range(60):
        action = bot().choose(GAME.view(s, Viewer.of_seat(0)), legal(s, 0), random.Random(move))
        if action == END:
            break
        assert action.kind == "offer"
        offers += 1
        s = applied(s, 0, action).state
        s = applied(s, action.arg["to"], Action("reject", s.offers[-1][0])).state
    else:
        pytest.fail("the bot kept offering")
    assert offers < 60


# ---------------------------------------------------------------------- fights and rolls
def test_it_goes_in_a_circle_when_it_can_pay() -> None:
    s = arranged({0: ("(0,0)/o", "(0,3)/o")}, resources={0: res(y=1, r=1, g=1)})
    assert choose(s, 0) == Action("next_circle", "(0,0)/o")
    poor = arranged({0: ("(0,0)/o", "(0,3)/o")}, resources={0: res(y=1, r=1)})
    assert choose(poor, 0).kind != "next_circle"


def test_it_goes_in_onto_a_demon_only_at_good_odds() -> None:
    # (The free demon move is used, so the demon stays where it is.)
    # Circle 2's demon needs 6 on two dice (26 in 36): worth it.
    easy = arranged(
        {0: ("(0,0)/o",)}, resources={0: res(y=1, r=1, g=1)}, demons=("(0,0)/i",), free_demon=True
    )
    assert choose(easy, 0) == Action("next_circle", "(0,0)/o")
    # Circle 7's needs 9 (10 in 36): it waits, unless this is the last turn (no fight follows).
    hard = arranged(
        {0: ("(2,2)/i",)},
        resources={0: res(y=1, r=1, g=1)},
        demons=("(3,3)/o",),
        cap=10,
        free_demon=True,
    )
    assert choose(hard, 0) != Action("next_circle", "(2,2)/i")
    assert choose(hard._replace(round_no=10), 0) == Action("next_circle", "(2,2)/i")


def test_the_free_demon_move_first_clears_the_square_it_goes_in_to() -> None:
    s = arranged({0: ("(2,2)/i",)}, resources={0: res(y=1, r=1, g=1)}, demons=("(3,3)/o",))
    first = choose(s, 0)
    assert first.kind == "move_demon" and first.arg[0] == "(3,3)/o"
    s = applied(s, 0, first).state
    assert choose(s, 0) == Action("next_circle", "(2,2)/i")


def test_a_beaten_fight_roll_is_rerolled_when_one_die_can_still_win() -> None:
    s = arranged(
        {0: ("(0,0)/o",)},
        resources={0: res(1, 1, 1, 1)},
        demons=("(0,0)/o",),
        phase=ROLL,
        stage=FIGHT,
        roll=("fight", S("(0,0)/o"), 2, 3, 0),
    )
    # 3 kept, one die needs 3 or more for the target 6: 4 in 6. The low die goes again.
    assert choose(s, 0) == Action("reroll", 0)
    won = s._replace(roll=("fight", S("(0,0)/o"), 4, 3, 0))
    assert choose(won, 0) == ACCEPT_ROLL


def test_it_declines_a_reroll_that_cannot_pay() -> None:
    # Circle 7 needs 9: with a 1 kept, no die can reach it; re-rolling would only cost Y+R+B+G.
    s = arranged(
        {0: ("(3,3)/o",)},
        resources={0: res(2, 2, 2, 2)},
        demons=("(3,3)/o",),
        phase=ROLL,
        stage=FIGHT,
        roll=("fight", S("(3,3)/o"), 1, 1, 0),
    )
    assert Action("reroll", 0) in legal(s, 0)
    assert choose(s, 0) == ACCEPT_ROLL
    # With a 3 kept only a 6 wins (1 in 6): not worth four resources.
    long_shot = s._replace(roll=("fight", S("(3,3)/o"), 3, 1, 0))
    assert choose(long_shot, 0) == ACCEPT_ROLL
    # A plain resource roll is not worth four resources either.
    plain = s._replace(roll=("resource", -1, 3, 3, 0))
    assert choose(plain, 0) == ACCEPT_ROLL


# ---------------------------------------------------------------------- moving, demons
def test_the_runner_steps_toward_the_nearest_corner_with_its_free_step() -> None:
    s = arranged({0: ("(0,2)/o", "(0,4)/o")})
    # (0,2) is two steps from the corner (0,0), (0,4) four from either: the free step goes
    # from (0,2) toward (0,0).
    assert choose(s, 0) == Action("move", ["(0,2)/o", "(0,1)/o"])


def test_a_collecting_token_steps_to_a_tile_whose_resource_it_lacks() -> None:
    # The runner waits on its corner; the token on a red tile (6 or 12, and R is plentiful)
    # steps onto the yellow one beside it (same odds, and Y is what it lacks).
    tiles = {"(0,3)": "I-R-2", "(0,4)": "I-R-1", "(0,5)": "I-Y-1"}
    s = arranged({0: ("(0,0)/o", "(0,4)/o")}, resources={0: res(r=3)}, placed=tiles)
    assert choose(s, 0) == Action("move", ["(0,4)/o", "(0,5)/o"])
    # With the free step used, a paid step is not worth it: the turn ends.
    assert choose(s._replace(free_step=True), 0) == END


def test_it_ends_its_turn_when_nothing_pays() -> None:
    s = arranged({0: ("(0,0)/o",)}, free_step=True, free_demon=True)
    assert choose(s, 0) == END


def test_a_waiting_seat_passes_when_no_offer_waits_for_it() -> None:
    s = arranged({0: ("(0,3)/o",), 1: ("(0,5)/o",)}, active=1, resources={0: res(b=3)})
    assert choose(s, 0) == Action("pass", None)


def test_the_free_demon_move_goes_onto_an_opponent_not_onto_itself() -> None:
    s = arranged(
        {0: ("(0,3)/o",), 1: ("(0,5)/o",)},
        demons=("(0,4)/o",),
        free_step=True,
    )
    assert choose(s, 0) == Action("move_demon", ["(0,4)/o", "(0,5)/o"])


def test_a_seven_puts_the_demon_on_an_opponents_token() -> None:
    s = arranged(
        {0: ("(0,0)/o",), 1: ("(8,8)/o",)},
        phase="choose",
        stage="main",
        choices=("demon",),
    )
    assert choose(s, 0) == Action("demon", "(8,8)/o")


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_whole_short_games_with_only_legal_moves(players: int) -> None:
    """Heuristic and random seats take turns; the seat asked is any seat the table waits for,
    as the worker asks them; every move the heuristic makes is listed."""
    game = get_game("dantes_inferno")
    rng = random.Random(players)
    seats = [
        get_bot("dantes_inferno", "heuristic" if s % 2 == 0 else "random") for s in range(players)
    ]
    state = game.new_game(players, game.info.short_options(), f"bot-{players}")
    moves = 0
    while not game.is_over(state):
        seat = rng.choice(game.waiting_on(state))
        options = game.legal_actions(state, seat)
        action = seats[seat].choose(game.view(state, Viewer.of_seat(seat)), options, rng)
        assert action in options
        state = applied(state, seat, action).state
        moves += 1
        assert moves < 20_000
    assert game.result(state) is not None


def test_heuristic_bots_make_trades_with_each_other_and_accept_them() -> None:
    """Four heuristic seats, asked in a random order among the seats the table waits for (as
    the worker asks them): offers are made, and some are accepted."""
    game = get_game("dantes_inferno")
    made = accepted = 0
    for match in range(3):
        rng = random.Random(match)
        seats = [bot() for _ in range(4)]
        state = game.new_game(4, {"ROUND_CAP": 6}, f"trades-{match}")
        while not game.is_over(state):
            seat = rng.choice(game.waiting_on(state))
            view = game.view(state, Viewer.of_seat(seat))
            out = applied(state, seat, seats[seat].choose(view, legal(state, seat), rng))
            made += sum(1 for e in out.events if e.kind == "offer")
            accepted += sum(1 for e in out.events if e.kind == "accept")
            state = out.state
    assert made and accepted, (made, accepted)


def test_it_beats_the_random_bot_in_short_matches() -> None:
    spec = make_spec(
        "dantes_inferno", 4, ["heuristic", "random"], 32, seed="ci", options={"ROUND_CAP": 6}
    )
    report = run_arena(spec, jobs=1, progress=False)
    assert report.means["heuristic"].mean > report.means["random"].mean
    ((_, _, test),) = report.comparisons
    assert test.p < 0.01


def test_a_local_table_of_heuristic_bots_ends() -> None:
    game = get_game("dantes_inferno")
    result, decisions = play_table(
        game, 3, game.info.short_options(), "ends", [bot(), bot(), bot()], random.Random(0)
    )
    assert decisions > 0 and len(result.scores) == 3
