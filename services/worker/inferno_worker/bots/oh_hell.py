"""The heuristic Oh Hell bot: bid what the hand is likely to win, then play to make it exactly.

It reads only the seat's view (its hand, the trump card, bids, tricks won, the trick on the
table, how many cards each seat holds), like a client. It keeps no memory between moves, so any
worker can move for it; the price is that it cannot count the cards played earlier in a hand.

Bidding sums, card by card, a rough chance of winning a trick: a card wins when no opponent
holds a higher card of its suit (each unseen card sits in an opponent's hand with probability
``opponents' cards / unseen cards``) and, for a side suit, when no opponent is already void in
it and trumps (binomial chance of holding fewer cards of the suit than rounds played). Low
trumps count for half a trick per void side suit they can ruff. That sum credits only cards near
the top, so in big hands it falls well short of the tricks there are (an average 13-card hand
at four players scores 1.3 where its fair share is 13 / 4): the bot adds the shortfall of an
average hand, measured once per (players, cards, trump or not) on a fixed sample of random
hands, a constant that keeps decisions replayable. In the arena this calibration is worth about
ten points a game against the random bot (``docs/bots.md``). The bid is the legal bid nearest
the result, so the hook (dealer's forbidden bid) is respected through ``legal``.

Playing: while short of the bid, win cheaply when last to play, else play the highest card that
wins the trick so far, trump in when void, and lead the card most likely to hold; once the bid
is made, duck with the highest card that still loses, and lead the card least likely to win.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action
from inferno_rules.cards import BY_NAME, RANK_OF, SUIT_OF

from .base import require_legal

SUIT_SIZE = 13
#: Random hands per calibration point: enough for a shortfall within about ±0.1 trick.
CALIBRATION_HANDS = 300


def _card(name: str) -> int:
    return BY_NAME[name]


def _fewer_than(rounds: int, cards: int, share: float) -> float:
    """P(X < rounds) for X ~ Binomial(cards, share): an opponent is out of a suit by then."""
    return sum(
        math.comb(cards, x) * share**x * (1 - share) ** (cards - x)
        for x in range(min(rounds, cards + 1))
    )


def win_chance(
    card: int,
    hand: Sequence[int],
    out: set[int],
    trump: int | None,
    opponents: int,
    opponent_cards: int,
) -> float:
    """A rough chance that ``card`` wins a trick it leads or is the best of.

    ``out`` are cards seen elsewhere (the trump card, cards on the table); ``opponent_cards`` is
    how many cards the opponents hold between them.
    """
    suit, rank = SUIT_OF[card], RANK_OF[card]
    held = set(hand)
    unseen = 52 - len(hand) - len(out)
    share = min(1.0, opponent_cards / unseen) if unseen > 0 else 0.0
    higher = sum(
        1
        for r in range(rank + 1, SUIT_SIZE)
        if (c := suit * SUIT_SIZE + r) not in held and c not in out
    )
    chance = (1 - share) ** higher
    if trump is None or suit == trump or opponents == 0:
        return chance
    # This card's turn in its suit comes after my higher cards of the suit.
    rounds = 1 + sum(1 for c in hand if SUIT_OF[c] == suit and RANK_OF[c] > rank)
    per_opponent = max(1, opponent_cards // opponents)
    void = _fewer_than(rounds, per_opponent, 0.25)
    has_trump = 1 - 0.75**per_opponent
    return chance * (1 - void * has_trump) ** opponents


def expected_tricks(hand: Sequence[int], trump_card: int | None, players: int) -> float:
    """How many tricks ``hand`` should take, for bidding."""
    trump = None if trump_card is None else SUIT_OF[trump_card]
    out = set() if trump_card is None else {trump_card}
    k = len(hand)
    opponents = players - 1
    chances = [win_chance(c, hand, out, trump, opponents, k * opponents) for c in hand]
    if trump is None or k < 2:
        return sum(chances)
    voids = sum(1 for s in range(4) if s != trump and not any(SUIT_OF[c] == s for c in hand))
    low_trumps = sorted(
        (ch, i) for i, (c, ch) in enumerate(zip(hand, chances, strict=True)) if SUIT_OF[c] == trump
    )
    for ch, i in low_trumps[:voids]:
        chances[i] = max(ch, 0.5)
    return sum(chances)


@functools.cache
def shortfall(players: int, cards: int, trumped: bool) -> float:
    """How far :func:`expected_tricks` of an average hand falls below its fair share."""
    sample = random.Random(f"oh_hell calibration {players} {cards} {trumped}")
    total = 0.0
    for _ in range(CALIBRATION_HANDS):
        drawn = sample.sample(range(52), cards + 1)
        total += expected_tricks(drawn[:cards], drawn[cards] if trumped else None, players)
    return max(0.0, cards / players - total / CALIBRATION_HANDS)


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """The card winning the trick so far (index into ``cards``)."""
    best = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best], trump):
            best = i
    return best


def _beats(card: int, best: int, trump: int | None) -> bool:
    if SUIT_OF[card] == SUIT_OF[best]:
        return RANK_OF[card] > RANK_OF[best]
    return SUIT_OF[card] == trump


class OhHellHeuristic:
    """Bids from hand strength and plays to make the bid exactly (see the module doc)."""

    name = "heuristic"

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        require_legal(self.name, legal)
        if view.get("game") != "oh_hell" or "hand" not in view:
            raise ValueError(
                "the heuristic Oh Hell bot plays from an Oh Hell seat's view (with its hand); "
                f"got a view of {view.get('game')!r} with keys {sorted(view)}"
            )
        if legal[0].kind == "bid":
            return self._bid(view, legal)
        return self._play(view, legal)

    # ------------------------------------------------------------------ bidding
    def _bid(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        trump_card = view["trump_card"]
        hand = [_card(name) for name in view["hand"]]
        players = view["players"]
        expected = expected_tricks(
            hand, None if trump_card is None else _card(trump_card), players
        ) + shortfall(players, len(hand), trump_card is not None)
        # Nearest legal bid; the hook may have taken the nearest away.
        return min(legal, key=lambda a: (abs(a.arg - expected), a.arg))

    # ------------------------------------------------------------------ playing
    def _play(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        seat, players = view["seat"], view["players"]
        trump = None if view["trump_card"] is None else SUIT_OF[_card(view["trump_card"])]
        trick = [_card(p["card"]) for p in view["current_trick"]]
        playable = {_card(a.arg): a for a in legal}
        cards = list(playable)
        if self._wants_tricks(view, seat):
            pick = self._win(view, cards, trick, trump, players) if trick else None
            pick = pick if pick is not None else self._lead(view, cards, trick, trump, best=True)
        else:
            pick = self._duck(cards, trick, trump, players) if trick else None
            pick = pick if pick is not None else self._lead(view, cards, trick, trump, best=False)
        return playable[pick]

    @staticmethod
    def _wants_tricks(view: Mapping[str, Any], seat: int) -> bool:
        need = view["bids"][seat] - view["tricks_won"][seat]
        if 0 < need <= view["hand_sizes"][seat]:
            return True
        # The bid is lost: tricks only matter when a missed bid scores them.
        lost = need < 0 or need > view["hand_sizes"][seat]
        return lost and bool(view["options"].get("MISS_SCORES_TRICKS"))

    def _win(
        self,
        view: Mapping[str, Any],
        cards: list[int],
        trick: list[int],
        trump: int | None,
        players: int,
    ) -> int | None:
        best = trick[trick_winner(trick, trump)]
        winners = [c for c in cards if _beats(c, best, trump)]
        if not winners:
            return self._cheapest(cards, trump)
        last = len(trick) == players - 1
        led = SUIT_OF[trick[0]]
        following = [c for c in winners if SUIT_OF[c] == led]
        if last or not following:
            # Sure to win (last), or trumping in: spend as little as possible.
            return min(winners, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))
        # Later players may still overtake: make them pay for it.
        return max(following, key=lambda c: RANK_OF[c])

    def _duck(
        self, cards: list[int], trick: list[int], trump: int | None, players: int
    ) -> int | None:
        best = trick[trick_winner(trick, trump)]
        losers = [c for c in cards if not _beats(c, best, trump)]
        if losers:
            # Shed the most dangerous card that is safe now.
            return max(losers, key=lambda c: (RANK_OF[c], SUIT_OF[c] == trump))
        if len(trick) == players - 1:
            # Taking it anyway: take it with the biggest card and keep the small ones.
            return max(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))
        # Someone after me may still overtake the lowest winner.
        return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))

    def _lead(
        self,
        view: Mapping[str, Any],
        cards: list[int],
        trick: list[int],
        trump: int | None,
        best: bool,
    ) -> int:
        seat = view["seat"]
        hand = [_card(name) for name in view["hand"]]
        out = set(trick)
        if view["trump_card"] is not None:
            out.add(_card(view["trump_card"]))
        if view["last_trick"] is not None:
            out.update(_card(name) for name in view["last_trick"]["cards"])
        sizes = view["hand_sizes"]
        opponent_cards = sum(n for s, n in enumerate(sizes) if s != seat) - len(trick)
        opponents = len(sizes) - 1

        def chance(c: int) -> float:
            return win_chance(c, hand, out, trump, opponents, max(0, opponent_cards))

        if best:
            # Most likely to hold; among equals keep the trumps for later.
            return max(cards, key=lambda c: (chance(c), SUIT_OF[c] != trump, RANK_OF[c]))
        return min(cards, key=lambda c: (chance(c), SUIT_OF[c] == trump, RANK_OF[c]))

    @staticmethod
    def _cheapest(cards: list[int], trump: int | None) -> int:
        """The card worth least: a low side card before any trump."""
        return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))
