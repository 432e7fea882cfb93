"""Everything the game clock drives: what is due when, and running a tick up to a time.

Due items, each at a game-clock millisecond: the round start after its 5 s countdown, hold caps
(10 s), DIG expiries (15 s), offer expiries (20 s), the end of a STOP pause, the next deal (one
card per scheduled deal time) and E1 (60 s without a change after the last deal). A tick runs
them in time order, one at a time (ties in that order), so a late timer catches up exactly as
an on-time one would have. The round's end (E1, E2, E3) and its scoring are here too.
"""

from __future__ import annotations

from typing import Final

from ...core import rank_seats
from ...seeding import shuffled
from .cards import CARD_IDS, SOUL_BY_ID
from .state import (
    COUNTDOWN,
    COUNTDOWN_MS,
    DEALING,
    E1_MS,
    ENDING,
    GRAB_COOLDOWN_MS,
    NOT_HOLDING,
    OVER,
    BurnState,
    Work,
)

# Kinds of due items, in the order they run when due at the same millisecond.
ROUND_START: Final = 0
HOLD_CAP: Final = 1
DIG_END: Final = 2
OFFER_END: Final = 3
STOP_END: Final = 4
DEAL: Final = 5
E1: Final = 6

# Why a round ended (spec §9). Not "E1"…"E3": those are card ids.
QUIET_MINUTE: Final = "quiet_minute"  # E1: 60 s with no card changing hands
SPECIALS_USED_UP: Final = "specials_used_up"  # E2
ALL_FINISHED: Final = "all_finished"  # E3


def due_items(
    players: int,
    phase: str,
    round_starts_at: int,
    next_deal_at: int,
    paused_until: int,
    last_change_at: int,
    hold_until: list[int] | tuple[int, ...],
    digs: list[tuple[int, str, int]] | tuple[tuple[int, str, int], ...],
    offers_end: list[int],
) -> list[tuple[int, int, int]]:
    """Every pending item as (time, kind, index)."""
    if phase == OVER:
        return []
    if phase == COUNTDOWN:
        return [(round_starts_at, ROUND_START, 0)]
    items: list[tuple[int, int, int]] = []
    for seat in range(players):
        if hold_until[seat] != NOT_HOLDING:
            items.append((hold_until[seat], HOLD_CAP, seat))
    for i, dig in enumerate(digs):
        items.append((dig[2], DIG_END, i))
    for i, end in enumerate(offers_end):
        items.append((end, OFFER_END, i))
    if phase == DEALING:
        if paused_until:
            items.append((paused_until, STOP_END, 0))
        items.append((next_deal_at, DEAL, 0))
    else:
        items.append((last_change_at + E1_MS, E1, 0))
    return items


def next_due(state: BurnState) -> int | None:
    """The earliest game-clock millisecond at which something is due (``None`` once over)."""
    items = due_items(
        state.players,
        state.phase,
        state.round_starts_at,
        state.next_deal_at,
        state.paused_until,
        state.last_change_at,
        state.hold_until,
        state.digs,
        [o[5] for o in state.offers],
    )
    return min(items)[0] if items else None


def run_until(work: Work, ms: int) -> None:
    """Run every item due up to ``ms`` in time order, then set the clock to ``ms``."""
    while True:
        items = due_items(
            work.players,
            work.phase,
            work.round_starts_at,
            work.next_deal_at,
            work.paused_until,
            work.last_change_at,
            work.hold_until,
            work.digs,
            [o[5] for o in work.offers],
        )
        if not items:
            break
        at, kind, index = min(items)
        if at > ms:
            break
        work.now = at
        if kind == ROUND_START:
            start_round(work)
        elif kind == HOLD_CAP:
            cap_hold(work, index)
        elif kind == DIG_END:
            expire_dig(work, index)
        elif kind == OFFER_END:
            offer = work.offers.pop(index)
            work.emit("offer_expired", {"offer": offer[0], "from": offer[1], "to": offer[2]})
        elif kind == STOP_END:
            work.paused_until = 0
            work.emit("deal_resumed", {})
        elif kind == DEAL:
            deal(work)
        else:
            end_round(work, QUIET_MINUTE)
        check_end(work)
    if work.phase != OVER:
        work.now = ms


# ---------------------------------------------------------------------------- items
def start_round(work: Work) -> None:
    work.phase = DEALING
    work.next_deal_at = work.round_starts_at
    work.pointer = work.first_seat
    work.emit(
        "round_started",
        {"round": work.round_no + 1, "deck": len(work.deck), "first_seat": work.first_seat},
    )


def cap_hold(work: Work, seat: int) -> None:
    """The 10 s cap: every held card returns to the table and the cooldown starts."""
    cards = work.hands[seat]
    work.hands[seat] = []
    work.tables[seat].extend(cards)
    work.emit("released", {"seat": seat, "cards": list(cards), "auto": True})
    work.end_hold(seat)


def expire_dig(work: Work, index: int) -> None:
    """A DIG session timed out: the DIG is consumed with no effect (spec §6.4)."""
    seat, card, _ = work.digs.pop(index)
    work.discard.append(card)
    work.changed()
    work.emit("dig_expired", {"seat": seat, "card": card})


def deal(work: Work) -> None:
    """One deal tick: the top card to the first seat from the pointer that is not holding."""
    n = work.players
    skipped: list[int] = []
    for step in range(n):
        seat = (work.pointer + step) % n
        if work.is_holding(seat):
            skipped.append(seat)
            continue
        card = work.deck.pop(0)
        work.tables[seat].append(card)
        work.pointer = (seat + 1) % n
        work.emit("dealt", {"seat": seat, "card": card, "skipped": skipped, "deck": len(work.deck)})
        work.clear_flag(seat)
        break
    else:
        work.emit("deal_skipped", {"skipped": skipped, "deck": len(work.deck)})
    work.next_deal_at = work.now + work.s.deal_interval
    if not work.deck:
        work.phase = ENDING
        work.paused_until = 0
        work.last_change_at = work.now
        work.emit("deck_empty", {"ends_by_e1_at": work.now + E1_MS})


# ---------------------------------------------------------------------------- the end
def check_end(work: Work) -> None:
    """E2 and E3, checked only after the last card has been dealt (spec §9)."""
    if work.phase != ENDING:
        return
    if not work.specials_left():
        end_round(work, SPECIALS_USED_UP)
    elif all(work.finished):
        end_round(work, ALL_FINISHED)


def score(work: Work) -> list[int]:
    """Souls on the table or held: their value; souls in a Circle: twice; Specials: 0."""
    points = []
    for seat in range(work.players):
        loose = sum(SOUL_BY_ID[c].value for c in work.tables[seat] if c in SOUL_BY_ID)
        circled = sum(
            SOUL_BY_ID[c].value for circle in work.circles[seat] for c in circle if c in SOUL_BY_ID
        )
        points.append(loose + 2 * circled)
    return points


def end_round(work: Work, reason: str) -> None:
    """Cancel offers and DIGs, return held cards, score, then the next round or the end."""
    n = work.players
    work.offers = []
    for _, card, _ in work.digs:
        work.discard.append(card)
    work.digs = []
    for seat in range(n):
        work.tables[seat].extend(work.hands[seat])
        work.hands[seat] = []
        work.hold_until[seat] = NOT_HOLDING
    points = score(work)
    work.totals = [a + b for a, b in zip(work.totals, points, strict=True)]
    circles = tuple(tuple(tuple(c) for c in work.circles[seat]) for seat in range(n))
    work.history.append((work.round_no, reason, tuple(points), circles))
    work.emit(
        "round_scored",
        {
            "round": work.round_no + 1,
            "reason": reason,
            "points": points,
            "totals": list(work.totals),
            "circles": [[list(c) for c in work.circles[seat]] for seat in range(n)],
            "discard": list(work.discard),
        },
    )
    if work.round_no + 1 < work.s.rounds:
        begin_countdown(work, work.round_no + 1, work.now + COUNTDOWN_MS)
        return
    work.phase = OVER
    ranking = rank_seats(work.totals, lower_wins=False)
    work.winners = tuple(seat for seat in range(n) if ranking[seat] == 1)
    work.emit(
        "game_over",
        {"totals": list(work.totals), "ranking": list(ranking), "winners": list(work.winners)},
    )


def begin_countdown(work: Work, round_no: int, starts_at: int) -> None:
    """Fresh zones and a new shuffled deck for round ``round_no``, starting at ``starts_at``."""
    n = work.players
    work.phase = COUNTDOWN
    work.round_no = round_no
    work.round_starts_at = starts_at
    work.first_seat = round_no % n
    work.deck = shuffled(work.s.seed, f"round:{round_no}", CARD_IDS)
    work.next_deal_at = starts_at
    work.pointer = work.first_seat
    work.paused_until = 0
    work.tables = [[] for _ in range(n)]
    work.hands = [[] for _ in range(n)]
    work.hold_until = [NOT_HOLDING] * n
    work.cooldown_until = [0] * n
    work.circles = [[] for _ in range(n)]
    work.discard = []
    work.offers = []
    work.digs = []
    work.finished = [False] * n
    work.last_change_at = starts_at
    work.emit(
        "round_countdown",
        {
            "round": round_no + 1,
            "rounds": work.s.rounds,
            "starts_at": starts_at,
            "first_seat": work.first_seat,
        },
    )


__all__ = ["GRAB_COOLDOWN_MS", "begin_countdown", "check_end", "next_due", "run_until"]
