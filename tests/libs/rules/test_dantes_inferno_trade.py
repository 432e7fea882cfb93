"""Trading and bargaining (spec §9): offers from and to the active player, accept (an atomic
swap checked at that moment), reject, withdraw, gifts, pacts written only into the log, the
party rule, and open offers expiring with the turn."""

from __future__ import annotations

from inferno_rules import Decision

from .test_dantes_inferno_helpers import (
    GAME,
    Action,
    applied,
    arranged,
    event,
    legal,
    rejected,
    res,
    state,
)


def table() -> state.DanteState:
    return arranged(resources={0: res(y=3, g=1), 1: res(b=2), 2: res(r=1)})


def offer(to: int, give: dict[str, int], get: dict[str, int], note: str = "") -> Action:
    return Action("offer", {"to": to, "give": give, "get": get, "note": note})


def test_the_active_player_offers_and_the_recipient_accepts_an_atomic_swap() -> None:
    s = table()
    out = applied(s, 0, offer(1, {"Y": 2}, {"B": 1}, "deal?"))
    assert event(out, "offer") == {
        "id": 1, "from": 0, "to": 1, "give": {"Y": 2}, "get": {"B": 1}, "note": "deal?"
    }  # fmt: skip
    assert out.state.resources == s.resources  # nothing moves before acceptance
    assert Action("accept", 1) in legal(out.state, 1)
    done = applied(out.state, 1, Action("accept", 1))
    assert done.state.resources[0] == res(y=1, b=1, g=1)
    assert done.state.resources[1] == res(y=2, b=1)
    assert done.state.offers == () and event(done, "accept")["id"] == 1


def test_another_player_offers_to_the_active_player_while_he_plays() -> None:
    s = table()
    assert GAME.decision(s) == Decision((0, 1, 2), True, None)
    out = applied(s, 2, offer(0, {"R": 1}, {"Y": 1}))
    done = applied(out.state, 0, Action("accept", 1))
    assert done.state.resources[0] == res(y=2, r=1, g=1) and done.state.resources[2] == res(y=1)


def test_every_transfer_involves_the_active_player() -> None:
    s = table()
    rejected(s, 1, offer(2, {"B": 1}, {}), "not_a_party")
    rejected(s, 1, Action("gift", {"to": 2, "give": {"B": 1}}), "not_a_party")
    rejected(s, 1, Action("pact", {"to": 2, "text": "later"}), "not_a_party")
    rejected(s, 0, offer(0, {"Y": 1}, {}), "self_trade")
    rejected(s, 0, offer(7, {"Y": 1}, {}), "no_such_player")


def test_offer_refusals() -> None:
    s = table()
    rejected(s, 0, Action("offer", "B for Y"), "malformed_action")
    rejected(s, 0, offer(1, {}, {}), "empty_offer")
    rejected(s, 0, offer(1, {"X": 1}, {}), "bad_amounts")
    rejected(s, 0, offer(1, {"Y": -1}, {}), "bad_amounts")
    rejected(s, 0, offer(1, {"R": 1}, {}), "cannot_afford")
    rejected(s, 0, offer(1, {"Y": 1}, {}, "x" * 141), "text_too_long")
    once = applied(s, 0, offer(1, {"Y": 1}, {"B": 1})).state
    rejected(once, 0, offer(1, {"Y": 1}, {"B": 2}), "offer_open")
    # One-sided offers: a gift offer and a request.
    assert applied(once, 0, offer(2, {"Y": 1}, {})).state.offers[-1][4] == res()
    assert applied(once, 2, offer(0, {}, {"G": 1})).state.offers[-1][3] == res()


def test_acceptance_is_checked_when_it_happens_and_refused_if_either_side_cannot_pay() -> None:
    s = applied(table(), 0, offer(1, {"Y": 3}, {"B": 2})).state
    rejected(s, 2, Action("accept", 1), "not_recipient")
    rejected(s, 1, Action("accept", 9), "no_such_offer")
    spent = s._replace(resources=(res(y=2), res(b=2), res()))
    rejected(spent, 1, Action("accept", 1), "sender_cannot_pay")
    poor = s._replace(resources=(res(y=3), res(b=1), res()))
    rejected(poor, 1, Action("accept", 1), "cannot_afford")
    assert Action("accept", 1) not in legal(poor, 1)


def test_reject_and_withdraw_close_an_offer() -> None:
    s = applied(table(), 0, offer(1, {"Y": 1}, {"B": 1})).state
    rejected(s, 0, Action("reject", 1), "not_recipient")
    rejected(s, 1, Action("withdraw", 1), "not_sender")
    assert applied(s, 1, Action("reject", 1)).state.offers == ()
    assert applied(s, 0, Action("withdraw", 1)).state.offers == ()
    rejected(s, 1, Action("reject", "1"), "no_such_offer")


def test_a_gift_is_an_immediate_one_way_transfer() -> None:
    s = table()
    out = applied(s, 1, Action("gift", {"to": 0, "give": {"B": 2}}))
    assert out.state.resources[0] == res(y=3, b=2, g=1) and out.state.resources[1] == res()
    assert event(out, "gift") == {"from": 1, "to": 0, "give": {"B": 2}}
    rejected(s, 1, Action("gift", {"to": 0, "give": {"B": 3}}), "cannot_afford")
    rejected(s, 1, Action("gift", {"to": 0, "give": {}}), "empty_offer")
    rejected(s, 1, Action("gift", {"to": 0, "give": "B"}), "bad_amounts")
    rejected(s, 1, Action("gift", ["B"]), "malformed_action")


def test_a_pact_is_logged_and_never_enforced() -> None:
    s = table()
    out = applied(s, 1, Action("pact", {"to": 0, "text": "pay me 1 and no demon for you"}))
    assert event(out, "pact")["binding"] is False
    assert out.state == s._replace(moves=s.moves + 1)  # nothing but the log changes
    rejected(s, 1, Action("pact", {"to": 0, "text": "  "}), "empty_pact")
    rejected(s, 1, Action("pact", {"to": 0, "text": 3}), "malformed_action")
    rejected(s, 1, Action("pact", "hello"), "malformed_action")


def test_open_offers_expire_at_the_end_of_the_turn() -> None:
    s = applied(table(), 0, offer(1, {"Y": 1}, {"B": 1})).state
    s = applied(s, 2, offer(0, {"R": 1}, {})).state
    out = applied(s, 0, Action("end_turn", None))
    assert out.state.offers == () and event(out, "offers_expired")["ids"] == [1, 2]


def test_trades_happen_only_in_the_main_step() -> None:
    s = table()._replace(phase=state.ROLL, roll=(state.RESOURCE_ROLL, -1, 3, 4, 0))
    rejected(s, 0, offer(1, {"Y": 1}, {}), "wrong_phase")
    rejected(s, 1, offer(0, {"B": 1}, {}), "not_your_turn")


def test_every_listed_trade_is_accepted() -> None:
    s = applied(table(), 0, offer(1, {"Y": 1}, {"B": 1})).state
    for seat in range(3):
        for action in legal(s, seat):
            applied(s, seat, action)
