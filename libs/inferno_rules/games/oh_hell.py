"""Oh Hell ("Inferno" in the Portuguese rulebook), as decided in ``shared/rules/oh-hell.md``.

Each hand, players bid the exact number of tricks they will win and score only for exact bids.
The hands run through a schedule of sizes (``ORDER``), the dealer rotates, a turned-up card
names trump except in the hand of maximum size, which is played without trump.

Deal procedure (documented so a revealed seed can be checked): hand ``i`` (0-based) of ``k``
cards draws ``m = k·n + 1`` cards with ``drawn(seed, "hand:<i>", cards 0…51, m)`` (see
:mod:`inferno_rules.seeding`); drawn card ``t`` goes to seat ``(dealer + 1 + t) mod n`` for
``t < k·n``; card ``k·n`` is the trump card unless the hand is played without trump. The first
dealer is ``Stream(seed, "dealer").below(n)``.

The state keeps cards as integers and each hand as a 52-bit mask (:mod:`inferno_rules.cards`):
following suit, removing a card and listing legal plays are then a few integer operations, which
is what lets a pure-Python rules core keep pace with OpenSpiel's C++ (``docs/benchmarks.md``).
Actions and views use card names.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..cards import (
    BIT,
    BY_NAME,
    DECK,
    NAME,
    RANK_OF,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    cards_in,
    mask_of,
    parse_card,
)
from ..core import (
    Action,
    Applied,
    Event,
    Game,
    Outcome,
    Rejected,
    Result,
    RoundScore,
    Viewer,
    rank_seats,
)
from ..options import GameInfo, Nature, OptionSpec, OptionValue
from ..seeding import Stream, drawn

#: Maximum hand size H(n) by number of players (rulebook).
MAX_HAND: Final = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
MAX_SEATS: Final = max(MAX_HAND)
ORDERS: Final = ("ASC", "DESC", "UP_DOWN", "DOWN_UP")

BIDDING: Final = "bidding"
PLAYING: Final = "playing"
OVER: Final = "over"
NO_TRUMP: Final = -1
NO_BID: Final = -1

PLAY: Final = tuple(Action("play", NAME[card]) for card in range(52))
BID: Final = tuple(Action("bid", n) for n in range(16))

INFO: Final = GameInfo(
    name="oh_hell",
    display_name="Oh Hell",
    min_players=3,
    max_players=7,
    nature=Nature(
        sequential=True,
        simultaneous=True,  # with SIMULTANEOUS_BIDS
        real_time=False,
        chance=True,
        hidden_information=True,
    ),
    options=(
        OptionSpec(
            "ORDER",
            "enum",
            "ASC",
            "Hand sizes: ASC 1…H, DESC H…1, UP_DOWN 1…H…1, DOWN_UP H…1…H.",
            choices=ORDERS,
        ),
        OptionSpec("HOOK", "bool", False, "The dealer may not bid so that bids total the tricks."),
        OptionSpec(
            "SIMULTANEOUS_BIDS", "bool", False, "Sealed bids, revealed when the last one is in."
        ),
        OptionSpec("LA_PODRIDA", "bool", False, "A player who cannot follow suit must trump."),
        OptionSpec("MISS_SCORES_TRICKS", "bool", False, "A missed bid scores 1 per trick won."),
        OptionSpec("ZERO_BID_ALT", "bool", False, "A made bid of 0 scores 5 + cards in the hand."),
    ),
    exclusive=(
        (
            "HOOK",
            "SIMULTANEOUS_BIDS",
            "with sealed bids there is no last bidder for the hook to bind",
        ),
    ),
    rules_url="shared/rules/oh-hell.md",
)


class OhHellState(NamedTuple):
    """The whole table. Seats are 0…n−1 clockwise; cards are ints (see module doc)."""

    players: int
    order: str
    hook: bool
    simultaneous: bool
    la_podrida: bool
    miss_scores_tricks: bool
    zero_bid_alt: bool
    seed: str
    schedule: tuple[int, ...]  # cards per hand, in order of play
    hand_no: int  # index into schedule
    first_dealer: int
    dealer: int
    hands: tuple[int, ...]  # each seat's cards as a bit mask
    trump: int  # the turned-up card, or NO_TRUMP
    bids: tuple[int, ...]  # NO_BID until made
    won: tuple[int, ...]  # tricks won this hand
    trick: tuple[int, ...]  # cards of the trick in progress, in order played
    leader: int  # who led the trick in progress
    to_act: tuple[int, ...]
    phase: str
    scores: tuple[int, ...]
    # One entry per scored hand: (k, dealer, trump, bids, won, points).
    history: tuple[tuple[Any, ...], ...]
    last_trick: tuple[Any, ...]  # () or (leader, cards, winner)


# Field positions, for building the next state without NamedTuple._replace (the hot path).
_F: Final = {name: i for i, name in enumerate(OhHellState._fields)}
_HANDS: Final = _F["hands"]
_BIDS: Final = _F["bids"]
_WON: Final = _F["won"]
_TRICK: Final = _F["trick"]
_LEADER: Final = _F["leader"]
_TO_ACT: Final = _F["to_act"]
_PHASE: Final = _F["phase"]
_LAST: Final = _F["last_trick"]
_HAND_NO: Final = _F["hand_no"]
_DEALER: Final = _F["dealer"]
_TRUMP: Final = _F["trump"]
_SCORES: Final = _F["scores"]
_HISTORY: Final = _F["history"]

# The hot path builds states, events and outcomes with tuple.__new__ (no NamedTuple checks,
# every caller passes a full field list) and reuses immutable pieces instead of rebuilding them:
# the one-seat ``to_act`` tuples, the "only this seat" audiences, and the event of each (seat,
# card) play and (seat, bid) bid. Events are shared, so their data is read-only (as every
# consumer treats it: docs/rules-interface.md).
_new: Final = tuple.__new__
_ONE_SEAT: Final = tuple((seat,) for seat in range(MAX_SEATS))
_ONLY: Final = tuple(frozenset({seat}) for seat in range(MAX_SEATS))
_PLAY_EVENTS: Final = tuple(
    tuple((Event("play", {"seat": seat, "card": NAME[card]}),) for card in range(52))
    for seat in range(MAX_SEATS)
)
_BID_EVENTS: Final = tuple(
    tuple((Event("bid", {"seat": seat, "bid": bid}),) for bid in range(16))
    for seat in range(MAX_SEATS)
)

# Legal plays and card names of one suit, indexed by the 13-bit mask of that suit in a hand;
# filled as met (a few thousand of the 8192 masks turn up in a long run).
_SUIT_PLAYS: Final[tuple[list[tuple[Action, ...] | None], ...]] = tuple(
    [None] * 8192 for _ in range(4)
)
_SUIT_NAMES: Final[tuple[list[tuple[str, ...] | None], ...]] = tuple(
    [None] * 8192 for _ in range(4)
)


def _suit_plays(suit: int, hand: int) -> tuple[Action, ...]:
    """The plays of the cards of ``suit`` in ``hand``, in rank order."""
    bits = hand >> (13 * suit) & 0x1FFF
    plays = _SUIT_PLAYS[suit][bits]
    if plays is None:
        plays = tuple(PLAY[13 * suit + r] for r in range(13) if bits >> r & 1)
        _SUIT_PLAYS[suit][bits] = plays
        _SUIT_NAMES[suit][bits] = tuple(NAME[13 * suit + r] for r in range(13) if bits >> r & 1)
    return plays


def _suit_names(suit: int, hand: int) -> tuple[str, ...]:
    """The names of the cards of ``suit`` in ``hand``, in rank order."""
    names = _SUIT_NAMES[suit][hand >> (13 * suit) & 0x1FFF]
    if names is None:
        _suit_plays(suit, hand)
        names = _SUIT_NAMES[suit][hand >> (13 * suit) & 0x1FFF]
        assert names is not None
    return names


def _hand_names(hand: int) -> list[str]:
    """The names of the cards in a hand mask, in deck order."""
    cached = _SUIT_NAMES
    clubs = cached[0][hand & 0x1FFF]
    diamonds = cached[1][hand >> 13 & 0x1FFF]
    hearts = cached[2][hand >> 26 & 0x1FFF]
    spades = cached[3][hand >> 39]
    if clubs is None or diamonds is None or hearts is None or spades is None:
        return [
            *_suit_names(0, hand),
            *_suit_names(1, hand),
            *_suit_names(2, hand),
            *_suit_names(3, hand),
        ]
    return [*clubs, *diamonds, *hearts, *spades]


def schedule_for(players: int, order: str) -> tuple[int, ...]:
    """The hand sizes of a game, in order."""
    h = MAX_HAND[players]
    up = tuple(range(1, h + 1))
    down = up[::-1]
    return {"ASC": up, "DESC": down, "UP_DOWN": up + down[1:], "DOWN_UP": down + up[1:]}[order]


def hand_points(bid: int, won: int, k: int, miss_scores: bool, zero_alt: bool) -> int:
    """Points for one seat's hand (rules §3.6 and §5)."""
    if won == bid:
        return 5 + k if (bid == 0 and zero_alt) else 10 + bid
    return won if miss_scores else 0


def trick_winner(cards: tuple[int, ...], leader: int, players: int, trump_suit: int) -> int:
    """The seat that won a complete trick led by ``leader``."""
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = SUIT_OF[card]
        best_suit = SUIT_OF[best_card]
        if suit == best_suit:
            if RANK_OF[card] > RANK_OF[best_card]:
                best, best_card = i, card
        elif suit == trump_suit:
            best, best_card = i, card
    return (leader + best) % players


def _trump_name(trump: int) -> str | None:
    return None if trump == NO_TRUMP else NAME[trump]


class OhHell(Game[OhHellState]):
    info = INFO
    state_type = OhHellState

    # ------------------------------------------------------------------ setup
    def _new(self, players: int, options: dict[str, OptionValue], seed: str) -> OhHellState:
        first_dealer = Stream(seed, "dealer").below(players)
        blank = OhHellState(
            players=players,
            order=str(options["ORDER"]),
            hook=bool(options["HOOK"]),
            simultaneous=bool(options["SIMULTANEOUS_BIDS"]),
            la_podrida=bool(options["LA_PODRIDA"]),
            miss_scores_tricks=bool(options["MISS_SCORES_TRICKS"]),
            zero_bid_alt=bool(options["ZERO_BID_ALT"]),
            seed=seed,
            schedule=schedule_for(players, str(options["ORDER"])),
            hand_no=0,
            first_dealer=first_dealer,
            dealer=first_dealer,
            hands=(),
            trump=NO_TRUMP,
            bids=(),
            won=(),
            trick=(),
            leader=0,
            to_act=(),
            phase=BIDDING,
            scores=(0,) * players,
            history=(),
            last_trick=(),
        )
        return self._deal(blank, 0)

    def _deal(self, state: OhHellState, hand_no: int) -> OhHellState:
        n = state.players
        k = state.schedule[hand_no]
        dealer = (state.first_dealer + hand_no) % n
        dealt = k * n
        deck = drawn(state.seed, f"hand:{hand_no}", DECK, min(dealt + 1, 52))
        # Card t goes to seat (dealer + 1 + t) mod n, so seat s holds every n-th card from
        # offset (s - dealer - 1) mod n.
        hands = tuple(mask_of(deck[(seat - dealer - 1) % n : dealt : n]) for seat in range(n))
        trump = NO_TRUMP if k == MAX_HAND[n] else deck[dealt]
        first = (dealer + 1) % n
        fields = list(state)
        fields[_HAND_NO] = hand_no
        fields[_DEALER] = dealer
        fields[_HANDS] = hands
        fields[_TRUMP] = trump
        fields[_BIDS] = (NO_BID,) * n
        fields[_WON] = (0,) * n
        fields[_TRICK] = ()
        fields[_LEADER] = first
        fields[_TO_ACT] = tuple(range(n)) if state.simultaneous else _ONE_SEAT[first]
        fields[_PHASE] = BIDDING
        fields[_LAST] = ()  # the previous hand's last trick is in its hand_scored event
        new: OhHellState = _new(OhHellState, fields)
        return new

    def opening_events(self, state: OhHellState) -> tuple[Event, ...]:
        """The events that describe a new game's first deal."""
        return self._hand_start_events(state)

    def _hand_start_events(self, state: OhHellState) -> tuple[Event, ...]:
        public = _new(
            Event,
            (
                "hand_start",
                {
                    "hand": state.hand_no + 1,
                    "hands": len(state.schedule),
                    "dealer": state.dealer,
                    "cards": state.schedule[state.hand_no],
                    "trump": _trump_name(state.trump),
                },
                None,
            ),
        )
        dealt = [
            _new(Event, ("hand_dealt", {"seat": seat, "cards": _hand_names(hand)}, _ONLY[seat]))
            for seat, hand in enumerate(state.hands)
        ]
        return (public, *dealt)

    # ------------------------------------------------------------------ legal moves
    def legal_actions(self, state: OhHellState, seat: object) -> list[Action]:
        # The framework's guard and the common cases, inlined: this runs on every move.
        if type(seat) is not int or seat not in state.to_act:
            return []
        if state.phase == PLAYING:
            hand = state.hands[seat]
            trick = state.trick
            cached = _SUIT_PLAYS
            if trick:
                led = SUIT_OF[trick[0]]
                if hand & SUIT_MASK[led]:
                    plays = cached[led][hand >> 13 * led & 0x1FFF]
                    if plays is not None:
                        return list(plays)
            elif hand:
                clubs = cached[0][hand & 0x1FFF]
                diamonds = cached[1][hand >> 13 & 0x1FFF]
                hearts = cached[2][hand >> 26 & 0x1FFF]
                spades = cached[3][hand >> 39]
                if not (clubs is None or diamonds is None or hearts is None or spades is None):
                    return [*clubs, *diamonds, *hearts, *spades]
            return self._legal_plays(state, hand)
        if state.hook and seat == state.dealer:
            return [BID[b] for b in self._legal_bids(state, seat)]
        return list(BID[: state.schedule[state.hand_no] + 1])

    def _legal_actions(self, state: OhHellState, seat: int) -> list[Action]:
        if state.phase == PLAYING:
            return self._legal_plays(state, state.hands[seat])
        return [BID[b] for b in self._legal_bids(state, seat)]

    def _legal_bids(self, state: OhHellState, seat: int) -> list[int]:
        k = state.schedule[state.hand_no]
        bids = list(range(k + 1))
        if state.hook and seat == state.dealer:
            forbidden = k - sum(b for b in state.bids if b != NO_BID)
            if 0 <= forbidden <= k:
                bids.remove(forbidden)
        return bids

    def _playable_mask(self, state: OhHellState, hand: int) -> int:
        """The cards of ``hand`` that may be played now (rules §3.4 and LA_PODRIDA)."""
        trick = state.trick
        if not trick:
            return hand
        follow = hand & SUIT_MASK[SUIT_OF[trick[0]]]
        if follow:
            return follow
        if state.la_podrida and state.trump != NO_TRUMP:
            trumps = hand & SUIT_MASK[SUIT_OF[state.trump]]
            if trumps:
                return trumps
        return hand

    def _legal_plays(self, state: OhHellState, hand: int) -> list[Action]:
        playable = self._playable_mask(state, hand)
        if playable != hand:  # one suit: led suit, or trumps under LA_PODRIDA
            return list(_suit_plays(SUIT_OF[(playable & -playable).bit_length() - 1], playable))
        return [
            *_suit_plays(0, hand),
            *_suit_plays(1, hand),
            *_suit_plays(2, hand),
            *_suit_plays(3, hand),
        ]

    def probe_actions(self, state: OhHellState) -> list[Action]:
        return [*BID, *PLAY, Action("bid", -1), Action("play", "11H"), Action("pass")]

    def default_action(self, state: OhHellState, seat: int) -> Action:
        """Timeout moves (rules §6): the lowest legal bid; the lowest-ranked legal card."""
        if state.phase == BIDDING:
            return BID[self._legal_bids(state, seat)[0]]
        playable = cards_in(self._playable_mask(state, state.hands[seat]))
        return PLAY[min(playable, key=lambda c: (RANK_OF[c], SUIT_OF[c]))]

    # ------------------------------------------------------------------ moves
    def apply(self, state: OhHellState, actor: object, action: object) -> Outcome:
        # The framework's guards, inlined for the common case; everything else goes through
        # Game.apply so the refusals stay the same for every game.
        if type(action) is Action and type(actor) is int and actor in state.to_act:
            if state.phase == PLAYING:
                if action.kind == "play":
                    return self._play(state, actor, action.arg)
            elif action.kind == "bid":
                return self._bid(state, actor, action.arg)
            return self._apply(state, actor, action)
        return super().apply(state, actor, action)

    def _apply(self, state: OhHellState, seat: int, action: Action) -> Outcome:
        if state.phase == BIDDING:
            if action.kind != "bid":
                return Rejected("bid_first", "bids come first: bid how many tricks you will win")
            return self._bid(state, seat, action.arg)
        if action.kind != "play":
            return Rejected("play_a_card", "bidding is over: play a card")
        return self._play(state, seat, action.arg)

    def _bid(self, state: OhHellState, seat: int, bid: object) -> Outcome:
        k = state.schedule[state.hand_no]
        if not isinstance(bid, int) or isinstance(bid, bool) or not 0 <= bid <= k:
            return Rejected(
                "bid_out_of_range", f"a bid is a whole number from 0 to {k}; got {bid!r}"
            )
        if state.hook and seat == state.dealer:
            total = sum(b for b in state.bids if b != NO_BID) + bid
            if total == k:
                return Rejected(
                    "hook",
                    f"the dealer may not bid {bid}: the bids would total {k}, the number of tricks",
                )
        fields = list(state)
        bids = (*state.bids[:seat], bid, *state.bids[seat + 1 :])
        fields[_BIDS] = bids
        if state.simultaneous:
            waiting = tuple(s for s in state.to_act if s != seat)
            mine = Event("bid", {"seat": seat, "bid": bid}, _ONLY[seat])
            sealed = Event("bid_sealed", {"seat": seat})
            if waiting:
                fields[_TO_ACT] = waiting
                return Applied(_new(OhHellState, fields), (sealed, mine))
            fields[_TO_ACT] = _ONE_SEAT[state.leader]
            fields[_PHASE] = PLAYING
            revealed = Event("bids_revealed", {"bids": list(bids)})
            return Applied(_new(OhHellState, fields), (sealed, mine, revealed))
        if seat == state.dealer:
            fields[_TO_ACT] = _ONE_SEAT[state.leader]
            fields[_PHASE] = PLAYING
        else:
            fields[_TO_ACT] = _ONE_SEAT[(seat + 1) % state.players]
        return _new(Applied, (_new(OhHellState, fields), _BID_EVENTS[seat][bid]))

    def _play(self, state: OhHellState, seat: int, name: object) -> Outcome:
        card = BY_NAME.get(name) if type(name) is str else None
        if card is None:
            card = parse_card(name)
            if card is None:
                return Rejected("not_a_card", f"{name!r} is not a card; cards look like 10H or AS")
        hand = state.hands[seat]
        bit = BIT[card]
        if not hand & bit:
            return Rejected("card_not_held", f"you do not hold {NAME[card]}")
        trick = state.trick
        if trick:
            led = SUIT_OF[trick[0]]
            suit = SUIT_OF[card]
            if suit != led:
                if hand & SUIT_MASK[led]:
                    return Rejected(
                        "must_follow_suit", f"you must follow suit: play {SUIT_NAMES[led]}"
                    )
                if state.la_podrida and state.trump != NO_TRUMP:
                    trump_suit = SUIT_OF[state.trump]
                    if suit != trump_suit and hand & SUIT_MASK[trump_suit]:
                        return Rejected(
                            "must_trump",
                            f"you cannot follow suit, so you must play a trump "
                            f"({SUIT_NAMES[trump_suit]})",
                        )
        fields = list(state)
        hands = state.hands
        hands = (*hands[:seat], hand ^ bit, *hands[seat + 1 :])
        fields[_HANDS] = hands
        trick = (*trick, card)
        played = _PLAY_EVENTS[seat][card]
        n = state.players
        if len(trick) < n:
            fields[_TRICK] = trick
            fields[_TO_ACT] = _ONE_SEAT[(seat + 1) % n]
            return _new(Applied, (_new(OhHellState, fields), played))
        trump_suit = SUIT_OF[state.trump] if state.trump != NO_TRUMP else -1
        winner = trick_winner(trick, state.leader, n, trump_suit)
        won = list(state.won)
        won[winner] += 1
        taken = _new(
            Event, ("trick_won", {"seat": winner, "cards": [NAME[c] for c in trick]}, None)
        )
        fields[_WON] = tuple(won)
        fields[_TRICK] = ()
        fields[_LEADER] = winner
        fields[_TO_ACT] = _ONE_SEAT[winner]
        fields[_LAST] = (state.leader, trick, winner)
        if hands[0]:
            return _new(Applied, (_new(OhHellState, fields), (*played, taken)))
        return self._end_hand(_new(OhHellState, fields), (*played, taken))

    def _end_hand(self, state: OhHellState, events: tuple[Event, ...]) -> Applied:
        k = state.schedule[state.hand_no]
        points = tuple(
            hand_points(b, w, k, state.miss_scores_tricks, state.zero_bid_alt)
            for b, w in zip(state.bids, state.won, strict=True)
        )
        scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
        record = (k, state.dealer, state.trump, state.bids, state.won, points)
        scored = _new(
            Event,
            (
                "hand_scored",
                {
                    "hand": state.hand_no + 1,
                    "bids": list(state.bids),
                    "won": list(state.won),
                    "points": list(points),
                    "scores": list(scores),
                },
                None,
            ),
        )
        fields = list(state)
        fields[_SCORES] = scores
        fields[_HISTORY] = (*state.history, record)
        state = _new(OhHellState, fields)
        if state.hand_no + 1 < len(state.schedule):
            state = self._deal(state, state.hand_no + 1)
            return _new(Applied, (state, (*events, scored, *self._hand_start_events(state))))
        fields[_PHASE] = OVER
        fields[_TO_ACT] = ()
        state = _new(OhHellState, fields)
        result = self.result(state)
        assert result is not None
        end = Event(
            "game_end",
            {
                "scores": list(scores),
                "ranking": list(result.ranking),
                "winners": list(result.winners),
            },
        )
        return Applied(state, (*events, scored, end))

    # ------------------------------------------------------------------ seeing
    def view(self, state: OhHellState, viewer: Viewer) -> dict[str, Any]:
        n = state.players
        sealed = state.simultaneous and state.phase == BIDDING
        if sealed and viewer.role != "operator":
            bids: list[int | None] = [
                b if (viewer.role == "seat" and s == viewer.seat and b != NO_BID) else None
                for s, b in enumerate(state.bids)
            ]
        else:
            bids = [None if b == NO_BID else b for b in state.bids]
        view: dict[str, Any] = {
            "game": INFO.name,
            "players": n,
            "options": {
                "ORDER": state.order,
                "HOOK": state.hook,
                "SIMULTANEOUS_BIDS": state.simultaneous,
                "LA_PODRIDA": state.la_podrida,
                "MISS_SCORES_TRICKS": state.miss_scores_tricks,
                "ZERO_BID_ALT": state.zero_bid_alt,
            },
            "phase": state.phase,
            "hand_number": state.hand_no + 1,
            "hands_total": len(state.schedule),
            "cards_this_hand": state.schedule[state.hand_no],
            "dealer": state.dealer,
            "trump_card": _trump_name(state.trump),
            "bids": bids,
            "has_bid": [b != NO_BID for b in state.bids],
            "tricks_won": list(state.won),
            "trick_leader": state.leader,
            "current_trick": [
                {"seat": (state.leader + i) % n, "card": NAME[c]} for i, c in enumerate(state.trick)
            ],
            "last_trick": None
            if not state.last_trick
            else {
                "leader": state.last_trick[0],
                "cards": [NAME[c] for c in state.last_trick[1]],
                "winner": state.last_trick[2],
            },
            "hand_sizes": [hand.bit_count() for hand in state.hands],
            "scores": list(state.scores),
            "history": [
                {
                    "cards": k,
                    "dealer": dealer,
                    # The suit only: the card itself may be in someone's hand by now.
                    "trump_suit": None if trump == NO_TRUMP else SUIT_NAMES[SUIT_OF[trump]],
                    "bids": list(hb),
                    "won": list(hw),
                    "points": list(hp),
                }
                for k, dealer, trump, hb, hw, hp in state.history
            ],
            "to_act": list(state.to_act),
        }
        if viewer.role == "seat" and viewer.seat is not None and 0 <= viewer.seat < n:
            view["seat"] = viewer.seat
            view["hand"] = [NAME[c] for c in cards_in(state.hands[viewer.seat])]
        elif viewer.role == "operator":
            view["all_hands"] = [[NAME[c] for c in cards_in(hand)] for hand in state.hands]
        return view

    def private_tokens(self, state: OhHellState) -> dict[int, frozenset[str]]:
        return {
            seat: frozenset(NAME[c] for c in cards_in(hand))
            for seat, hand in enumerate(state.hands)
        }

    def result(self, state: OhHellState) -> Result | None:
        if state.phase != OVER:
            return None
        ranking = rank_seats(state.scores, lower_wins=False)
        rounds = tuple(
            RoundScore(
                number=i + 1,
                points=tuple(points),
                detail={
                    "cards": k,
                    "dealer": dealer,
                    "trump": _trump_name(trump),
                    "bids": list(bids),
                    "won": list(won),
                },
            )
            for i, (k, dealer, trump, bids, won, points) in enumerate(state.history)
        )
        winners = tuple(s for s, r in enumerate(ranking) if r == 1)
        return Result(state.scores, ranking, winners, rounds, lower_score_wins=False)
