"""Burn in Hell's clock: countdown, deal ticks (catching up, skips), STOP, holds, expiries, rate
limit, and the refusals of bad ticks (the time contract in docs/games/burn-in-hell.md)."""

from __future__ import annotations

import pytest

from inferno_rules import CLOCK, Action, Decision
from inferno_rules.games.burn_in_hell.state import COUNTDOWN, DEALING

from .burn_helpers import GAME, START, applied, arranged, event, kinds, new, rejected, tick


def test_a_new_table_counts_down_five_seconds_then_deals_the_first_card_at_once() -> None:
    state = new(4)
    assert state.phase == COUNTDOWN and state.now == 0
    assert GAME.decision(state) == Decision((), False, START)
    assert GAME.to_act(state) == ()
    assert kinds_of(GAME.opening_events(state)) == ["round_countdown"]
    rejected(state, 0, Action("finished", True), "not_your_turn")
    early = tick(state, START - 1)
    assert early.events == () and early.state.phase == COUNTDOWN and early.state.now == START - 1
    out = tick(state, START)
    assert kinds(out) == ["round_started", "dealt"]
    assert event(out, "dealt") == {
        "seat": 0,
        "card": state.deck[0],
        "skipped": [],
        "deck": 107,
        "at": START,
    }
    assert out.state.phase == DEALING and out.state.tables[0] == (state.deck[0],)
    decision = GAME.decision(out.state)
    assert decision.seats == (0, 1, 2, 3) and decision.simultaneous
    assert decision.tick_at == START + 2000


def kinds_of(events: tuple[object, ...]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


def test_a_late_tick_catches_up_one_card_per_scheduled_deal_time() -> None:
    state = new(4, DEAL_INTERVAL_MS=1000)
    out = tick(state, START + 3500)
    dealt = [e.data for e in out.events if e.kind == "dealt"]
    assert [d["seat"] for d in dealt] == [0, 1, 2, 3]
    assert [d["at"] for d in dealt] == [START, START + 1000, START + 2000, START + 3000]
    assert out.state.now == START + 3500
    assert GAME.decision(out.state).tick_at == START + 4000
    # The same as ticking on time.
    step = state
    for ms in (START, START + 1000, START + 2000, START + 3000, START + 3500):
        step = tick(step, ms).state
    assert GAME.encode(step) == GAME.encode(out.state)


def test_bad_ticks_are_refused_and_any_tick_at_or_after_now_is_accepted() -> None:
    state = tick(new(4), START + 100).state
    rejected(state, CLOCK, Action("tick", START), "clock_backwards")
    for bad in (None, "5000", 5.5, True):
        rejected(state, CLOCK, Action("tick", bad), "malformed_action")
    rejected(state, CLOCK, Action("deal", START + 200), "malformed_action")
    rejected(state, CLOCK, "tick", "malformed_action")
    same = tick(state, START + 100)
    assert same.events == () and GAME.encode(same.state) == GAME.encode(state)
    assert tick(state, START + 101).state.now == START + 101


def test_a_holding_seat_is_skipped_and_not_compensated() -> None:
    state = arranged(4, tables={1: ("P1",)})
    state = applied(state, 1, Action("grab", ["P1"])).state
    state = state._replace(pointer=1)
    out = tick(state, state.next_deal_at)
    dealt = event(out, "dealt")
    assert dealt["seat"] == 2 and dealt["skipped"] == [1]
    assert out.state.pointer == 3


def test_no_card_is_dealt_when_every_seat_is_holding() -> None:
    cards = ("P1", "P2", "P3", "P4")
    state = arranged(4, hands={s: (cards[s],) for s in range(4)})
    out = tick(state, state.next_deal_at)
    assert event(out, "deal_skipped")["skipped"] == [0, 1, 2, 3]
    assert out.state.deck == state.deck


def test_a_dig_session_counts_as_holding_for_the_deal() -> None:
    state = arranged(4, tables={0: ("DIG-1",)}, discard=("P5",))
    state = applied(state, 0, Action("play_special", {"card": "DIG-1"})).state
    out = tick(state, state.next_deal_at)
    assert event(out, "dealt")["seat"] == 1


def test_the_hold_cap_returns_held_cards_after_ten_seconds_then_a_cooldown() -> None:
    state = arranged(4, tables={0: ("P1", "P2")})
    t0 = state.now
    state = applied(state, 0, Action("grab", ["P1"])).state
    assert state.hold_until[0] == t0 + 10_000
    state = tick(state, t0 + 4000).state
    state = applied(state, 0, Action("grab", ["P2"])).state  # the cap still counts from t0
    assert state.hold_until[0] == t0 + 10_000
    out = tick(state, t0 + 10_000)
    assert event(out, "released") == {
        "seat": 0,
        "cards": ["P1", "P2"],
        "auto": True,
        "at": t0 + 10_000,
    }
    assert event(out, "hold_ended")["cooldown_until"] == t0 + 20_000
    state = out.state
    assert state.hands[0] == () and set(state.tables[0]) >= {"P1", "P2"}
    rejected(state, 0, Action("grab", ["P1"]), "grab_cooldown")
    assert all(a.kind != "grab" for a in GAME.legal_actions(state, 0))
    state = tick(state, t0 + 20_000).state
    applied(state, 0, Action("grab", ["P1"]))


def test_releasing_the_last_held_card_ends_the_hold_and_starts_the_cooldown() -> None:
    state = arranged(4, tables={0: ("P1",)})
    state = applied(state, 0, Action("grab", ["P1"])).state
    out = applied(state, 0, Action("release", ["P1"]))
    assert kinds(out) == ["released", "hold_ended"]
    assert out.state.cooldown_until[0] == state.now + 10_000


def test_stop_pauses_the_deal_sixty_seconds_and_overlapping_stops_do_not_add_up() -> None:
    state = arranged(4, tables={0: ("STOP-1",), 1: ("STOP-2",)})
    t0 = state.now
    out = applied(state, 0, Action("play_special", {"card": "STOP-1"}))
    assert event(out, "deal_paused")["until"] == t0 + 60_000
    state = out.state
    assert GAME.decision(state).tick_at == t0 + 60_000
    paused = tick(state, t0 + 30_000)
    assert "dealt" not in kinds(paused) and paused.state.deck == state.deck
    state = paused.state
    state = applied(state, 1, Action("play_special", {"card": "STOP-2"})).state
    assert state.paused_until == t0 + 90_000  # max(pause_end, now + 60 s), not 120 s
    out = tick(state, t0 + 90_000)
    assert kinds(out)[:2] == ["deal_resumed", "dealt"]


def test_stop_after_the_deck_is_empty_has_no_effect_but_can_be_played() -> None:
    state = arranged(4, tables={0: ("STOP-1", "STOP-2"), 1: ("P1",)}, ending=True)
    out = applied(state, 0, Action("play_special", {"card": "STOP-1"}))
    assert event(out, "deal_paused")["until"] is None and out.state.paused_until == 0
    applied(out.state, 0, Action("discard_special", "STOP-2"))


def test_offers_expire_after_twenty_seconds() -> None:
    state = arranged(4, tables={0: ("P1",), 1: ("G1",)})
    offer = {"to": 1, "give": ["P1"], "want": ["G1"]}
    state = applied(state, 0, Action("offer", offer)).state
    assert GAME.decision(state).tick_at == state.now + 1000  # the deal comes first
    out = tick(state, state.now + 20_000)
    assert "offer_expired" in kinds(out) and out.state.offers == ()
    rejected(out.state, 1, Action("accept", 1), "no_such_offer")


def test_a_dig_session_times_out_after_fifteen_seconds_and_the_dig_is_consumed() -> None:
    state = arranged(4, tables={0: ("DIG-1",), 1: ("STOP-1",)}, discard=("P5",), ending=True)
    t0 = state.now
    state = applied(state, 0, Action("play_special", {"card": "DIG-1"})).state
    out = tick(state, t0 + 15_000)
    assert event(out, "dig_expired") == {"seat": 0, "card": "DIG-1", "at": t0 + 15_000}
    assert out.state.digs == () and out.state.discard == ("P5", "DIG-1")


def test_at_most_five_accepted_commands_per_seat_in_any_second() -> None:
    state = arranged(4)
    t0 = state.now
    state = state._replace(next_deal_at=t0 + 5000)  # no deal (which clears a flag) meanwhile
    for i in range(5):
        state = applied(state, 0, Action("finished", i % 2 == 0)).state
        if i == 2:
            state = tick(state, t0 + 500).state
    assert 0 not in GAME.to_act(state) and GAME.legal_actions(state, 0) == []
    assert GAME.decision(state).seats == (1, 2, 3)
    rejected(state, 0, Action("finished", False), "rate")
    applied(state, 1, Action("finished", True))  # other seats are not limited
    state = tick(state, t0 + 999).state
    rejected(state, 0, Action("finished", False), "rate")
    state = tick(state, t0 + 1000).state  # the first three fall out of the window
    assert 0 in GAME.to_act(state)
    state = applied(state, 0, Action("finished", False)).state
    state = applied(state, 0, Action("finished", True)).state
    state = applied(state, 0, Action("finished", False)).state
    rejected(state, 0, Action("finished", True), "rate")


def test_refused_commands_do_not_count_against_the_rate_limit() -> None:
    state = arranged(4)
    for _ in range(10):
        rejected(state, 0, Action("grab", ["P1"]), "not_on_your_table")
    assert state.recent[0] == ()


@pytest.mark.parametrize("interval", [999, 5001, "2000", True])
def test_the_deal_interval_option_is_checked(interval: object) -> None:
    from inferno_rules.options import OptionError

    with pytest.raises(OptionError) as err:
        new(4, DEAL_INTERVAL_MS=interval)
    assert err.value.option == "DEAL_INTERVAL_MS"


def test_deal_interval_is_used() -> None:
    state = new(4, DEAL_INTERVAL_MS=5000)
    out = tick(state, START + 5000)
    assert [e.data["at"] for e in out.events if e.kind == "dealt"] == [START, START + 5000]
