"""Trading and bargaining during the MAIN step (rules spec §9): offers from and to the active
player, accepting (an atomic swap), rejecting, withdrawing, gifts, and non-binding pacts that
are only written into the log.

Every transfer has the active player as one party. An offer names what its sender gives and
what he gets; either side may be empty (a gift offer, a request), not both. A sender must hold
what he gives when he offers (**DECISION**: an offer nobody could honour is refused at once),
and both sides must still hold their part when the recipient accepts. A sender has at most one
open offer to each recipient (**DECISION**: a new offer replaces nothing, so the old one is
withdrawn first); open offers expire at the end of the turn.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import Rejected
from .actions import read_amounts
from .board import RESOURCES
from .state import Amounts, Offer, Work

MAX_TEXT: Final = 140


def shown(amounts: Amounts) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, amounts, strict=True) if n}


def offer_data(offer: Offer) -> dict[str, Any]:
    ident, frm, to, give, get, note = offer
    return {
        "id": ident,
        "from": frm,
        "to": to,
        "give": shown(give),
        "get": shown(get),
        "note": note,
    }


def _counterpart(work: Work, seat: int, raw: object) -> int | Rejected:
    if type(raw) is not int or not 0 <= raw < work.players:
        return Rejected("no_such_player", f"there is no seat {raw!r} at this table")
    if raw == seat:
        return Rejected("self_trade", "you cannot trade with yourself")
    if work.active not in (seat, raw):
        return Rejected(
            "not_a_party", f"every trade this turn involves the active player, seat {work.active}"
        )
    return raw


def _text(raw: object, field: str) -> str | Rejected:
    if not isinstance(raw, str):
        return Rejected("malformed_action", f"{field} is text")
    if len(raw) > MAX_TEXT:
        return Rejected("text_too_long", f"{field} is at most {MAX_TEXT} characters")
    return raw


def do_offer(work: Work, seat: int, arg: object) -> Rejected | None:
    if not isinstance(arg, dict):
        return Rejected(
            "malformed_action", 'an offer is {"to": seat, "give": {"Y": 1}, "get": {"B": 1}}'
        )
    to = _counterpart(work, seat, arg.get("to"))
    if isinstance(to, Rejected):
        return to
    give, get = read_amounts(arg.get("give", {})), read_amounts(arg.get("get", {}))
    if give is None or get is None:
        return Rejected("bad_amounts", 'give and get are objects such as {"Y": 1, "B": 2}')
    if not any(give) and not any(get):
        return Rejected("empty_offer", "an offer gives or asks for something")
    note = _text(arg.get("note", ""), "note")
    if isinstance(note, Rejected):
        return note
    if not work.can_pay(seat, give):
        return Rejected("cannot_afford", "you do not hold what you offer to give")
    if any(offer[1] == seat and offer[2] == to for offer in work.offers):
        return Rejected("offer_open", f"you already have an open offer to seat {to}")
    offer: Offer = (work.next_offer, seat, to, give, get, note)
    work.next_offer += 1
    work.offers.append(offer)
    work.emit("offer", offer_data(offer))
    return None


def _find(work: Work, raw: object) -> Offer | None:
    for offer in work.offers:
        if type(raw) is int and offer[0] == raw:
            return offer
    return None


def _no_offer(raw: object) -> Rejected:
    return Rejected("no_such_offer", f"there is no open offer {raw!r}")


def do_accept(work: Work, seat: int, arg: object) -> Rejected | None:
    offer = _find(work, arg)
    if offer is None:
        return _no_offer(arg)
    ident, frm, to, give, get, _ = offer
    if seat != to:
        return Rejected("not_recipient", f"offer {ident} is made to seat {to}")
    if not work.can_pay(frm, give):
        return Rejected("sender_cannot_pay", f"seat {frm} no longer holds what he offered")
    if not work.can_pay(seat, get):
        return Rejected("cannot_afford", "you do not hold what the offer asks for")
    work.pay(frm, give)
    work.gain(to, give)
    work.pay(to, get)
    work.gain(frm, get)
    work.offers.remove(offer)
    work.emit("accept", offer_data(offer))
    return None


def do_reject(work: Work, seat: int, arg: object) -> Rejected | None:
    offer = _find(work, arg)
    if offer is None:
        return _no_offer(arg)
    if seat != offer[2]:
        return Rejected("not_recipient", f"offer {offer[0]} is made to seat {offer[2]}")
    work.offers.remove(offer)
    work.emit("reject", {"id": offer[0], "by": seat})
    return None


def do_withdraw(work: Work, seat: int, arg: object) -> Rejected | None:
    offer = _find(work, arg)
    if offer is None:
        return _no_offer(arg)
    if seat != offer[1]:
        return Rejected("not_sender", f"offer {offer[0]} was made by seat {offer[1]}")
    work.offers.remove(offer)
    work.emit("withdraw", {"id": offer[0], "by": seat})
    return None


def do_gift(work: Work, seat: int, arg: object) -> Rejected | None:
    if not isinstance(arg, dict):
        return Rejected("malformed_action", 'a gift is {"to": seat, "give": {"Y": 1}}')
    to = _counterpart(work, seat, arg.get("to"))
    if isinstance(to, Rejected):
        return to
    give = read_amounts(arg.get("give"))
    if give is None:
        return Rejected("bad_amounts", 'give is an object such as {"Y": 1, "B": 2}')
    if not any(give):
        return Rejected("empty_offer", "a gift gives something")
    if not work.can_pay(seat, give):
        return Rejected("cannot_afford", "you do not hold what you want to give")
    work.pay(seat, give)
    work.gain(to, give)
    work.emit("gift", {"from": seat, "to": to, "give": shown(give)})
    return None


def do_pact(work: Work, seat: int, arg: object) -> Rejected | None:
    """A promise, shown in the log as a pact card; the server never enforces it (§9)."""
    if not isinstance(arg, dict):
        return Rejected("malformed_action", 'a pact is {"to": seat, "text": "..."}')
    to = _counterpart(work, seat, arg.get("to"))
    if isinstance(to, Rejected):
        return to
    text = _text(arg.get("text"), "text")
    if isinstance(text, Rejected):
        return text
    if not text.strip():
        return Rejected("empty_pact", "a pact says something")
    work.emit("pact", {"from": seat, "to": to, "text": text, "binding": False})
    return None
