"""The Burn in Hell table as immutable data (:class:`BurnState`) and a mutable working copy
(:class:`Work`) that one command or one clock tick edits before it is frozen into the next state.

``Work`` also holds the card-moving primitives every command shares: where a card is, taking a
card from its owner (ending a hold when the hand empties), voiding offers that list a moved card,
clearing "Finished!" flags, and noting a change for the E1 timer. Nothing here decides whether a
command is allowed; :mod:`.commands` and :mod:`.timers` do.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ...core import Event
from .cards import SPECIAL_BY_ID

COUNTDOWN: Final = "countdown"
DEALING: Final = "dealing"
ENDING: Final = "ending"
OVER: Final = "over"

COUNTDOWN_MS: Final = 5_000
HOLD_CAP_MS: Final = 10_000
GRAB_COOLDOWN_MS: Final = 10_000
OFFER_MS: Final = 20_000
DIG_MS: Final = 15_000
STOP_MS: Final = 60_000
E1_MS: Final = 60_000
RATE_WINDOW_MS: Final = 1_000
RATE_LIMIT: Final = 5
MAX_PENDING_OFFERS: Final = 10
NOT_HOLDING: Final = -1

#: An offer: (id, from seat, to seat, give ids, want ids, expires at).
Offer = tuple[int, int, int, tuple[str, ...], tuple[str, ...], int]
#: A DIG session: (seat, the DIG card being played, open until).
Dig = tuple[int, str, int]


class BurnState(NamedTuple):
    """The whole table; plain data only (see the package docs for each field's meaning)."""

    players: int
    seed: str
    deal_interval: int
    match: str
    rounds: int
    round_no: int  # 0-based
    phase: str
    now: int  # game clock, ms since the table was created
    round_starts_at: int
    first_seat: int
    deck: tuple[str, ...]  # top first
    next_deal_at: int
    pointer: int  # the seat the next card is offered to first
    paused_until: int  # end of the STOP pause; 0 when none is running
    tables: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]  # held cards
    hold_until: tuple[int, ...]  # when the hand hold's 10 s cap falls; NOT_HOLDING if none
    cooldown_until: tuple[int, ...]  # no GRAB before this
    circles: tuple[tuple[tuple[str, ...], ...], ...]
    discard: tuple[str, ...]  # bottom first; the last is the top card
    offers: tuple[Offer, ...]
    next_offer: int
    digs: tuple[Dig, ...]
    finished: tuple[bool, ...]
    last_change_at: int  # E1: the last time a card changed hands (or the last deal)
    recent: tuple[tuple[int, ...], ...]  # each seat's accepted commands in the rate window
    totals: tuple[int, ...]
    history: tuple[tuple[Any, ...], ...]  # (round_no, reason, points, circles) per round
    winners: tuple[int, ...]


def is_special(card: str) -> bool:
    return card in SPECIAL_BY_ID


def accepted_recently(state: BurnState, seat: int) -> int:
    """How many commands of ``seat`` were accepted in the last 1,000 ms."""
    now = state.now
    return sum(1 for t in state.recent[seat] if now - t < RATE_WINDOW_MS)


def holding(state: BurnState, seat: int) -> bool:
    """Holding (spec §5.2): cards in the hand, or an open DIG session."""
    return bool(state.hands[seat]) or any(d[0] == seat for d in state.digs)


class Work:
    """A mutable copy of a state, edited by one command or tick, with the events it causes."""

    def __init__(self, s: BurnState) -> None:
        self.s = s
        self.players = s.players
        self.phase = s.phase
        self.now = s.now
        self.round_no = s.round_no
        self.round_starts_at = s.round_starts_at
        self.first_seat = s.first_seat
        self.next_deal_at = s.next_deal_at
        self.pointer = s.pointer
        self.paused_until = s.paused_until
        self.hold_until = list(s.hold_until)
        self.cooldown_until = list(s.cooldown_until)
        self.next_offer = s.next_offer
        self.finished = list(s.finished)
        self.last_change_at = s.last_change_at
        self.recent = list(s.recent)
        self.totals = list(s.totals)
        self.history = list(s.history)
        self.winners = s.winners
        self.events: list[Event] = []
        # The card zones are copied only when a command first looks at them (most commands
        # are refused after reading one seat's table; a tick may touch nothing).
        self._deck: list[str] | None = None
        self._tables: list[list[str]] | None = None
        self._hands: list[list[str]] | None = None
        self._circles: list[list[tuple[str, ...]]] | None = None
        self._discard: list[str] | None = None
        self._offers: list[Offer] | None = None
        self._digs: list[Dig] | None = None

    @property
    def deck(self) -> list[str]:
        if self._deck is None:
            self._deck = list(self.s.deck)
        return self._deck

    @deck.setter
    def deck(self, value: list[str]) -> None:
        self._deck = value

    @property
    def tables(self) -> list[list[str]]:
        if self._tables is None:
            self._tables = [list(t) for t in self.s.tables]
        return self._tables

    @tables.setter
    def tables(self, value: list[list[str]]) -> None:
        self._tables = value

    @property
    def hands(self) -> list[list[str]]:
        if self._hands is None:
            self._hands = [list(h) for h in self.s.hands]
        return self._hands

    @hands.setter
    def hands(self, value: list[list[str]]) -> None:
        self._hands = value

    @property
    def circles(self) -> list[list[tuple[str, ...]]]:
        if self._circles is None:
            self._circles = [list(c) for c in self.s.circles]
        return self._circles

    @circles.setter
    def circles(self, value: list[list[tuple[str, ...]]]) -> None:
        self._circles = value

    @property
    def discard(self) -> list[str]:
        if self._discard is None:
            self._discard = list(self.s.discard)
        return self._discard

    @discard.setter
    def discard(self, value: list[str]) -> None:
        self._discard = value

    @property
    def offers(self) -> list[Offer]:
        if self._offers is None:
            self._offers = list(self.s.offers)
        return self._offers

    @offers.setter
    def offers(self, value: list[Offer]) -> None:
        self._offers = value

    @property
    def digs(self) -> list[Dig]:
        if self._digs is None:
            self._digs = list(self.s.digs)
        return self._digs

    @digs.setter
    def digs(self, value: list[Dig]) -> None:
        self._digs = value

    def freeze(self) -> BurnState:
        s = self.s
        return s._replace(
            phase=self.phase,
            now=self.now,
            round_no=self.round_no,
            round_starts_at=self.round_starts_at,
            first_seat=self.first_seat,
            next_deal_at=self.next_deal_at,
            pointer=self.pointer,
            paused_until=self.paused_until,
            hold_until=tuple(self.hold_until),
            cooldown_until=tuple(self.cooldown_until),
            next_offer=self.next_offer,
            finished=tuple(self.finished),
            last_change_at=self.last_change_at,
            recent=tuple(self.recent),
            totals=tuple(self.totals),
            history=tuple(self.history),
            winners=self.winners,
            deck=s.deck if self._deck is None else tuple(self._deck),
            tables=s.tables if self._tables is None else tuple(tuple(t) for t in self._tables),
            hands=s.hands if self._hands is None else tuple(tuple(h) for h in self._hands),
            circles=s.circles if self._circles is None else tuple(tuple(c) for c in self._circles),
            discard=s.discard if self._discard is None else tuple(self._discard),
            offers=s.offers if self._offers is None else tuple(self._offers),
            digs=s.digs if self._digs is None else tuple(self._digs),
        )

    # ------------------------------------------------------------------ events
    def emit(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        data["at"] = self.now
        self.events.append(Event(kind, data, to))

    # ------------------------------------------------------------------ where cards are
    def owns(self, seat: int, card: str) -> bool:
        """On ``seat``'s table or in its hand."""
        return card in self.tables[seat] or card in self.hands[seat]

    def dig_of(self, seat: int) -> Dig | None:
        for dig in self.digs:
            if dig[0] == seat:
                return dig
        return None

    def is_holding(self, seat: int) -> bool:
        return bool(self.hands[seat]) or self.dig_of(seat) is not None

    # ------------------------------------------------------------------ moving cards
    def take(self, seat: int, card: str) -> None:
        """Remove ``card`` from ``seat``'s table or hand (an emptied hand ends the hold)."""
        if card in self.tables[seat]:
            self.tables[seat].remove(card)
            return
        self.hands[seat].remove(card)
        if not self.hands[seat]:
            self.end_hold(seat)

    def end_hold(self, seat: int) -> None:
        """The hand is empty now: the hold ends and the 10 s grab cooldown starts."""
        self.hold_until[seat] = NOT_HOLDING
        self.cooldown_until[seat] = self.now + GRAB_COOLDOWN_MS
        self.emit("hold_ended", {"seat": seat, "cooldown_until": self.now + GRAB_COOLDOWN_MS})

    def void_offers(self, moved: list[str]) -> None:
        """Every pending offer that lists a moved card becomes invalid (spec §6.1)."""
        keep: list[Any] = []
        for offer in self.offers:
            listed = [c for c in (*offer[3], *offer[4]) if c in moved]
            if listed:
                self.emit(
                    "offer_voided",
                    {"offer": offer[0], "from": offer[1], "to": offer[2], "card": listed[0]},
                )
            else:
                keep.append(offer)
        self.offers = keep

    def clear_flag(self, seat: int) -> None:
        if self.finished[seat]:
            self.finished[seat] = False
            self.emit("finished_flag", {"seat": seat, "on": False})

    def changed(self) -> None:
        """A card changed hands (E1's definition): restart the 60 s end timer."""
        self.last_change_at = self.now

    def specials_left(self) -> bool:
        """E2 is not met: a Special is on a table or in a hand, or a DIG session is open."""
        if self.digs:
            return True
        for zone in (*self.tables, *self.hands):
            for card in zone:
                if card in SPECIAL_BY_ID:
                    return True
        return False
