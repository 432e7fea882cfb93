"""The seat commands of Burn in Hell (rules spec §4, §6): each checks its preconditions against
the state at the moment it is processed and either edits the :class:`~.state.Work` copy or
returns a :class:`~inferno_rules.core.Rejected` (checked before anything is edited, so a refusal
changes nothing).

``apply`` accepts every valid command, not only those ``legal_actions`` lists.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import Action, Rejected
from .cards import (
    DIG,
    LAKE,
    SOLITARY,
    SOUL_BY_ID,
    SPECIAL_BY_ID,
    STEAL,
    STEAL_SPECIAL,
    STOP,
    is_card,
    steal_matches,
)
from .circles import circle_type, why_not
from .state import (
    DEALING,
    DIG_MS,
    HOLD_CAP_MS,
    MAX_PENDING_OFFERS,
    OFFER_MS,
    STOP_MS,
    Work,
)
from .timers import check_end

KINDS: Final = (
    "grab",
    "release",
    "form_circle",
    "offer",
    "accept",
    "reject",
    "withdraw",
    "play_special",
    "dig_pick",
    "discard_special",
    "finished",
)
_MAX_CARDS: Final = 108


def _malformed(message: str) -> Rejected:
    return Rejected("malformed_action", message)


def card_list(arg: object, what: str, allow_empty: bool = False) -> list[str] | Rejected:
    """A list of distinct card ids, or the reason it is not one."""
    if not isinstance(arg, (list, tuple)) or len(arg) > _MAX_CARDS:
        return _malformed(f'{what} must be a list of card ids such as ["P1", "D07"]')
    if not arg and not allow_empty:
        return _malformed(f"{what} must name at least one card")
    cards: list[str] = []
    for card in arg:
        if not is_card(card):
            return Rejected("not_a_card", f"{card!r} is not a card; cards look like P1 or STOP-2")
        assert isinstance(card, str)
        if card in cards:
            return Rejected("duplicate_card", f"{card} is named twice")
        cards.append(card)
    return cards


def _one_card(arg: object) -> str | Rejected:
    if not is_card(arg):
        return Rejected("not_a_card", f"{arg!r} is not a card; cards look like P1 or STOP-2")
    assert isinstance(arg, str)
    return arg


def _seat_arg(work: Work, value: object) -> int | None:
    if type(value) is int and 0 <= value < work.players:
        return value
    return None


def run(work: Work, seat: int, action: Action) -> Rejected | None:
    """Apply one seat command to ``work``; ``None`` when it was accepted."""
    kind = action.kind
    arg = action.arg
    if kind == "grab":
        out = grab(work, seat, arg)
    elif kind == "release":
        out = release(work, seat, arg)
    elif kind == "form_circle":
        out = form_circle(work, seat, arg)
    elif kind == "offer":
        out = offer(work, seat, arg)
    elif kind in ("accept", "reject", "withdraw"):
        out = answer(work, seat, kind, arg)
    elif kind == "play_special":
        out = play_special(work, seat, arg)
    elif kind == "dig_pick":
        out = dig_pick(work, seat, arg)
    elif kind == "discard_special":
        out = discard_special(work, seat, arg)
    elif kind == "finished":
        out = finished(work, seat, arg)
    else:
        return Rejected(
            "unknown_action", f"{kind!r} is not a command; the commands are: " + ", ".join(KINDS)
        )
    if out is None:
        check_end(work)
    return out


# ---------------------------------------------------------------------------- holding
def grab(work: Work, seat: int, arg: object) -> Rejected | None:
    cards = card_list(arg, "grab")
    if isinstance(cards, Rejected):
        return cards
    for card in cards:
        if card not in work.tables[seat]:
            where = "you already hold it" if card in work.hands[seat] else "it is not yours"
            return Rejected("not_on_your_table", f"{card} is not on your table: {where}")
    if work.now < work.cooldown_until[seat]:
        return Rejected(
            "grab_cooldown",
            f"you cannot grab again until {work.cooldown_until[seat]} ms (10 s after a hold ends)",
        )
    if not work.hands[seat]:
        work.hold_until[seat] = work.now + HOLD_CAP_MS
    for card in cards:
        work.tables[seat].remove(card)
        work.hands[seat].append(card)
    work.emit("grabbed", {"seat": seat, "cards": cards, "hold_until": work.hold_until[seat]})
    work.clear_flag(seat)
    return None


def release(work: Work, seat: int, arg: object) -> Rejected | None:
    cards = card_list(arg, "release")
    if isinstance(cards, Rejected):
        return cards
    for card in cards:
        if card not in work.hands[seat]:
            return Rejected("not_in_your_hand", f"you do not hold {card}")
    for card in cards:
        work.hands[seat].remove(card)
        work.tables[seat].append(card)
    work.emit("released", {"seat": seat, "cards": cards, "auto": False})
    if not work.hands[seat]:
        work.end_hold(seat)
    work.clear_flag(seat)
    return None


def form_circle(work: Work, seat: int, arg: object) -> Rejected | None:
    cards = card_list(arg, "a Circle")
    if isinstance(cards, Rejected):
        return cards
    for card in cards:
        if not work.owns(seat, card):
            return Rejected("not_yours", f"{card} is not on your table or in your hand")
    kind = circle_type(cards)
    if kind is None:
        return Rejected("invalid_circle", why_not(cards))
    work.circles[seat].append(tuple(cards))
    count = len(work.circles[seat])
    work.emit("circle_formed", {"seat": seat, "size": len(cards), "circles": count})
    work.emit(
        "circle_contents",
        {"seat": seat, "index": count - 1, "cards": cards, "type": kind},
        frozenset({seat}),
    )
    for card in cards:
        work.take(seat, card)
    work.void_offers(cards)
    work.clear_flag(seat)
    return None


# ---------------------------------------------------------------------------- trading
def offer(work: Work, seat: int, arg: object) -> Rejected | None:
    if not isinstance(arg, dict) or not set(arg) <= {"to", "give", "want"} or "to" not in arg:
        return _malformed('an offer is {"to": seat, "give": [cards], "want": [cards]}')
    to = _seat_arg(work, arg["to"])
    if to is None or to == seat:
        return Rejected("bad_recipient", f"an offer goes to another seat; {arg['to']!r} is not one")
    give = card_list(arg.get("give", []), "give", allow_empty=True)
    if isinstance(give, Rejected):
        return give
    want = card_list(arg.get("want", []), "want", allow_empty=True)
    if isinstance(want, Rejected):
        return want
    if not give and not want:
        return Rejected("empty_offer", "an offer must give or want at least one card")
    if set(give) & set(want):
        return Rejected("duplicate_card", "a card cannot be both given and wanted")
    for card in give:
        if not work.owns(seat, card):
            return Rejected("not_yours", f"{card} is not on your table or in your hand")
    for card in want:
        if not work.owns(to, card):
            return Rejected("not_theirs", f"{card} is not on seat {to}'s table or in their hand")
    if sum(1 for o in work.offers if o[1] == seat) >= MAX_PENDING_OFFERS:
        return Rejected(
            "too_many_offers", f"you already have {MAX_PENDING_OFFERS} offers waiting for answers"
        )
    number = work.next_offer
    work.next_offer += 1
    expires = work.now + OFFER_MS
    work.offers.append((number, seat, to, tuple(give), tuple(want), expires))
    work.emit(
        "offer_made",
        {
            "offer": number,
            "from": seat,
            "to": to,
            "give": give,
            "want": want,
            "expires_at": expires,
        },
    )
    return None


def answer(work: Work, seat: int, kind: str, arg: object) -> Rejected | None:
    """accept / reject (the recipient) or withdraw (the sender) a pending offer."""
    if type(arg) is not int:
        return _malformed(f"{kind} takes an offer number")
    index = next((i for i, o in enumerate(work.offers) if o[0] == arg), -1)
    if index < 0:
        return Rejected("no_such_offer", f"there is no pending offer {arg}")
    number, giver, taker, give, want, _ = work.offers[index]
    if seat != (giver if kind == "withdraw" else taker):
        whose = "the seat that made it" if kind == "withdraw" else "the seat it was made to"
        return Rejected("not_your_offer", f"only {whose} can {kind} offer {number}")
    if kind != "accept":
        work.offers.pop(index)
        data = {"offer": number, "from": giver, "to": taker}
        work.emit("offer_rejected" if kind == "reject" else "offer_withdrawn", data)
        return None
    if not all(work.owns(giver, c) for c in give) or not all(work.owns(taker, c) for c in want):
        return Rejected("offer_void", f"a card of offer {number} has moved; it is void")
    work.offers.pop(index)
    work.emit(
        "offer_accepted",
        {"offer": number, "from": giver, "to": taker, "give": list(give), "want": list(want)},
    )
    for card in give:
        work.take(giver, card)
        work.tables[taker].append(card)
    for card in want:
        work.take(taker, card)
        work.tables[giver].append(card)
    work.void_offers([*give, *want])
    work.clear_flag(taker)
    work.clear_flag(giver)
    work.changed()
    return None


# ---------------------------------------------------------------------------- Specials
def _target_on_table(work: Work, victim: int, target: str) -> Rejected | None:
    if target in work.tables[victim]:
        return None
    if target in work.hands[victim]:
        return Rejected("target_held", f"seat {victim} holds {target}: held cards cannot be taken")
    return Rejected("target_not_on_table", f"{target} is not on seat {victim}'s table")


def play_special(work: Work, seat: int, arg: object) -> Rejected | None:
    if (
        not isinstance(arg, dict)
        or "card" not in arg
        or not set(arg) <= {"card", "victim", "target"}
    ):
        return _malformed(
            'play_special takes {"card": id, "victim": seat or null, "target": id or null}'
        )
    card = _one_card(arg["card"])
    if isinstance(card, Rejected):
        return card
    special = SPECIAL_BY_ID.get(card)
    if special is None:
        return Rejected("not_a_special", f"{card} is a soul, not a Special")
    if not work.owns(seat, card):
        return Rejected("not_yours", f"{card} is not on your table or in your hand")
    victim_arg: Any = arg.get("victim")
    target_arg: Any = arg.get("target")
    kind = special.kind
    if kind == SOLITARY:
        return Rejected(
            "not_playable", "Solitary Confinement is used by forming a Circle with one soul"
        )
    if kind in (STOP, DIG):
        if victim_arg is not None:
            return Rejected("bad_victim", f"{special.name} has no victim")
        if target_arg is not None:
            return Rejected("bad_target", f"{special.name} has no target")
        if kind == DIG and work.dig_of(seat) is not None:
            return Rejected("dig_already_open", "you are already digging")
        work.emit("special_played", {"seat": seat, "card": card, "victim": None, "target": None})
        work.take(seat, card)
        if kind == STOP:
            _stop(work, seat, card)
        else:
            until = work.now + DIG_MS
            work.digs.append((seat, card, until))
            work.emit("dig_opened", {"seat": seat, "until": until})
            work.emit("dig_pile", {"seat": seat, "cards": list(work.discard)}, frozenset({seat}))
        work.void_offers([card])
        work.clear_flag(seat)
        work.changed()
        return None
    victim = _seat_arg(work, victim_arg)
    if victim is None or victim == seat:
        return Rejected(
            "bad_victim", f"{special.name} needs a rival seat as victim; got {victim_arg!r}"
        )
    if not is_card(target_arg):
        return Rejected(
            "bad_target", f"{special.name} needs a target card on seat {victim}'s table"
        )
    target: str = target_arg
    refused = _target_on_table(work, victim, target)
    if refused is not None:
        return refused
    soul = SOUL_BY_ID.get(target)
    if kind == STEAL_SPECIAL:
        if soul is not None:
            return Rejected(
                "target_does_not_match", f"{target} is a soul; Steal a Special takes a Special"
            )
    elif soul is None:
        return Rejected(
            "target_does_not_match", f"{target} is a Special; {special.name} takes a soul"
        )
    elif kind == STEAL and not steal_matches(special, soul):
        return Rejected(
            "target_does_not_match",
            f"{soul.name} ({target}) is not {special.wants.title()}: {special.name} cannot take it",
        )
    work.emit("special_played", {"seat": seat, "card": card, "victim": victim, "target": target})
    work.take(seat, card)
    work.take(victim, target)
    if kind == LAKE:
        work.discard.append(target)
        work.emit("lake_of_fire", {"seat": seat, "victim": victim, "card": target})
    else:
        work.tables[seat].append(target)
        event = "soul_stolen" if kind == STEAL else "special_stolen"
        work.emit(event, {"thief": seat, "victim": victim, "card": target})
    work.discard.append(card)
    work.void_offers([card, target])
    work.clear_flag(seat)
    work.clear_flag(victim)
    work.changed()
    return None


def _stop(work: Work, seat: int, card: str) -> None:
    """STOP: the deal pauses 60 s from now; overlapping STOPs do not add up."""
    work.discard.append(card)
    if work.phase != DEALING:
        work.emit("deal_paused", {"seat": seat, "until": None})
        return
    work.paused_until = max(work.paused_until, work.now + STOP_MS)
    work.next_deal_at = max(work.next_deal_at, work.paused_until)
    work.emit("deal_paused", {"seat": seat, "until": work.paused_until})


def dig_pick(work: Work, seat: int, arg: object) -> Rejected | None:
    card = _one_card(arg)
    if isinstance(card, Rejected):
        return card
    dig = work.dig_of(seat)
    if dig is None:
        return Rejected("no_dig", "you have no open DIG UP THE BONES session")
    if card not in work.discard:
        return Rejected("not_in_discard", f"{card} is not in the discard pile")
    work.discard.remove(card)
    work.tables[seat].append(card)
    work.digs.remove(dig)
    work.discard.append(dig[1])
    work.emit("dig_picked", {"seat": seat, "card": card})
    work.clear_flag(seat)
    work.changed()
    return None


def discard_special(work: Work, seat: int, arg: object) -> Rejected | None:
    card = _one_card(arg)
    if isinstance(card, Rejected):
        return card
    if card not in SPECIAL_BY_ID:
        return Rejected("not_a_special", f"{card} is a soul; only Specials can be discarded")
    if not work.owns(seat, card):
        return Rejected("not_yours", f"{card} is not on your table or in your hand")
    work.take(seat, card)
    work.discard.append(card)
    work.emit("special_discarded", {"seat": seat, "card": card})
    work.void_offers([card])
    work.clear_flag(seat)
    work.changed()
    return None


def finished(work: Work, seat: int, arg: object) -> Rejected | None:
    if type(arg) is not bool:
        return _malformed("finished takes true (set the flag) or false (clear it)")
    if work.finished[seat] == arg:
        return Rejected("no_change", f"your Finished! flag is already {'on' if arg else 'off'}")
    work.finished[seat] = arg
    work.emit("finished_flag", {"seat": seat, "on": arg})
    return None
