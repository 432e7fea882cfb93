"""Burn in Hell's end of a round (E1, E2, E3, spec §9), scoring (§10), SERIES and OPEN matches,
the result, views and their redaction, and the state's bytes."""

from __future__ import annotations

import pytest

from inferno_rules import CLOCK, OPERATOR, SPECTATOR, Action, Viewer, visible_events
from inferno_rules.games.burn_in_hell.state import COUNTDOWN, OVER

from .burn_helpers import GAME, applied, arranged, event, kinds, new, rejected, tick


def test_e1_a_quiet_minute_after_the_last_deal_ends_the_round() -> None:
    state = arranged(4, tables={0: ("P1", "STOP-1"), 1: ("G9",)}, ending=True)
    t0 = state.now
    assert GAME.decision(state).tick_at == t0 + 60_000
    state = tick(state, t0 + 30_000).state
    state = applied(state, 0, Action("grab", ["P1"])).state  # GRAB is no change
    state = applied(state, 0, Action("release", ["P1"])).state
    assert state.last_change_at == t0
    state = applied(state, 1, Action("offer", {"to": 0, "give": ["G9"], "want": []})).state
    state = applied(state, 0, Action("accept", 1)).state  # a trade is a change
    assert state.last_change_at == t0 + 30_000
    assert "round_scored" not in kinds(tick(state, t0 + 60_000))
    out = tick(state, t0 + 90_000)
    scored = event(out, "round_scored")
    assert scored["reason"] == "quiet_minute" and scored["points"] == [6, 0, 0, 0]


def test_the_last_deal_starts_the_end_phase() -> None:
    state = arranged(4, deck=("P1",), tables={1: ("STOP-1",)})
    out = tick(state, state.next_deal_at)
    assert kinds(out)[-1] == "deck_empty"
    assert event(out, "deck_empty")["ends_by_e1_at"] == state.next_deal_at + 60_000
    assert out.state.phase == "ending"


def test_e2_if_every_special_is_used_when_the_last_card_is_dealt_the_round_ends_then() -> None:
    state = arranged(4, deck=("P1",), tables={1: ("G9",)})
    out = tick(state, state.next_deal_at)
    assert event(out, "round_scored")["reason"] == "specials_used_up"


def test_e2_waits_for_an_open_dig_session() -> None:
    state = arranged(4, tables={0: ("DIG-1",)}, discard=("P5",), ending=True)
    state = applied(state, 0, Action("play_special", {"card": "DIG-1"})).state
    assert state.phase == "ending"
    out = applied(state, 0, Action("dig_pick", "P5"))
    assert event(out, "round_scored")["reason"] == "specials_used_up"
    assert event(out, "round_scored")["points"][0] == 2


def test_e3_every_finished_flag_on_at_once_but_only_after_the_last_deal() -> None:
    dealing = arranged(4, tables={0: ("STOP-1",)})
    for seat in range(4):
        dealing = applied(dealing, seat, Action("finished", True)).state
    assert dealing.phase == "dealing"
    state = arranged(4, tables={0: ("STOP-1",)}, ending=True)
    for seat in range(3):
        state = applied(state, seat, Action("finished", True)).state
    out = applied(state, 3, Action("finished", True))
    assert event(out, "round_scored")["reason"] == "all_finished"


def test_scoring_doubles_souls_in_circles_and_ignores_specials() -> None:
    state = arranged(
        4,
        tables={0: ("W1", "W2", "W3", "STOP-1"), 1: ("P1", "SOLITARY-1")},
        hands={1: ("G1",)},
        ending=True,
    )
    state = applied(state, 0, Action("form_circle", ["W1", "W2", "W3"])).state
    out = applied(state, 1, Action("form_circle", ["P1", "SOLITARY-1"]))
    out = applied(out.state, 0, Action("discard_special", "STOP-1"))
    scored = event(out, "round_scored")
    assert scored["reason"] == "specials_used_up"
    # Seat 0: 2·(5+4+3) = 24. Seat 1: 2·5 (Circle) + 5 held (returned at the end) = 15.
    assert scored["points"] == [24, 15, 0, 0]
    assert scored["circles"][0] == [["W1", "W2", "W3"]]


def test_a_series_plays_as_many_rounds_as_players_and_sums_them() -> None:
    state = new(4, seed="series")
    assert state.rounds == 4
    rounds = 0
    while state.phase != OVER:
        decision = GAME.decision(state)
        state = tick(state, decision.tick_at).state
        if state.phase == COUNTDOWN and state.round_no > rounds:
            rounds = state.round_no
            assert state.round_starts_at == state.now + 5000
            assert state.first_seat == rounds % 4
            assert state.tables == ((),) * 4 and len(state.deck) == 108
    result = GAME.result(state)
    assert result is not None and len(result.rounds) == 4
    assert result.scores == tuple(sum(r.points[s] for r in result.rounds) for s in range(4))
    assert GAME.decision(state).seats == () and GAME.decision(state).tick_at is None
    rejected(state, CLOCK, Action("tick", state.now + 1), "game_over")
    rejected(state, 0, Action("finished", True), "game_over")


def test_open_is_a_single_round() -> None:
    state = new(5, seed="open", MATCH="OPEN")
    state = tick(state, 10**9).state  # nobody moves: deal everything, then E1
    assert state.phase == OVER
    result = GAME.result(state)
    assert result is not None and len(result.rounds) == 1
    assert result.rounds[0].detail == {"reason": "quiet_minute"}


def test_ties_are_shared() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1",), 2: ("P9",)}, ending=True, MATCH="OPEN")
    state = tick(state, state.now + 60_000).state
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (5, 5, 1, 0) and result.ranking == (1, 1, 3, 4)
    assert result.winners == (0, 1)
    with pytest.raises(ValueError, match="no turn clock"):
        GAME.default_action(state, 0)


def test_views_show_public_facts_and_redact_circles_and_the_discard() -> None:
    state = arranged(
        4,
        tables={0: ("W1", "W2", "W3", "P1"), 1: ("DIG-1",)},
        hands={0: ("P2",)},
        discard=("S1", "S2"),
    )
    state = applied(state, 0, Action("form_circle", ["W1", "W2", "W3"])).state
    state = applied(state, 1, Action("play_special", {"card": "DIG-1"})).state
    spectator = GAME.view(state, SPECTATOR)
    assert spectator["seats"][0]["table"] == ["P1"] and spectator["seats"][0]["held"] == ["P2"]
    assert spectator["seats"][0]["circles"] == [3] and spectator["seats"][0]["holding"]
    assert spectator["discard_top"] == "S2" and spectator["discard_count"] == 2
    assert spectator["digs"] == [{"seat": 1, "until": state.now + 15_000}]
    assert spectator["deck_count"] == len(state.deck)
    text = str(spectator)
    assert "W1" not in text and "S1" not in text and "my_circles" not in spectator
    mine = GAME.view(state, Viewer.of_seat(0))
    assert mine["my_circles"] == [["W1", "W2", "W3"]] and "dig_pile" not in mine
    digger = GAME.view(state, Viewer.of_seat(1))
    assert digger["dig_pile"] == ["S1", "S2"] and "W1" not in str(digger)
    operator = GAME.view(state, OPERATOR)
    assert operator["all_circles"][0] == [["W1", "W2", "W3"]] and operator["deck"]
    tokens = GAME.private_tokens(state)
    assert tokens[0] == frozenset({"W1", "W2", "W3"}) and tokens[1] == frozenset({"S1"})
    assert tokens[CLOCK] == frozenset(state.deck)


def test_private_events_reach_only_their_owner() -> None:
    state = arranged(4, tables={0: ("W1", "W2", "W3")})
    out = applied(state, 0, Action("form_circle", ["W1", "W2", "W3"]))
    assert "W1" not in str([e.data for e in visible_events(out.events, Viewer.of_seat(1))])
    assert "W1" not in str([e.data for e in visible_events(out.events, SPECTATOR)])
    assert "W1" in str([e.data for e in visible_events(out.events, Viewer.of_seat(0))])


def test_at_game_over_every_circle_and_the_discard_are_shown() -> None:
    state = arranged(
        4, tables={0: ("W1", "W2", "W3"), 1: ("STOP-1",)}, discard=("S1", "S2"), ending=True
    )
    state = applied(state, 0, Action("form_circle", ["W1", "W2", "W3"])).state
    state = state._replace(round_no=3)  # the last round of the series
    state = tick(state, state.now + 60_000).state
    assert state.phase == OVER
    view = GAME.view(state, SPECTATOR)
    assert view["all_circles"][0] == [["W1", "W2", "W3"]] and view["discard"] == ["S1", "S2"]
    assert view["seats"][1]["table"] == ["STOP-1"]
    assert GAME.private_tokens(state) == {}


def test_states_round_trip_through_bytes() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1", "DIG-1")}, discard=("S1",))
    state = applied(state, 0, Action("offer", {"to": 1, "give": ["P1"], "want": ["G1"]})).state
    state = applied(state, 1, Action("play_special", {"card": "DIG-1"})).state
    state = applied(state, 0, Action("grab", ["P1"])).state
    data = GAME.encode(state)
    assert GAME.decode(data) == state and GAME.encode(GAME.decode(data)) == data
