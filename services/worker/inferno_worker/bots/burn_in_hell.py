"""The heuristic Burn in Hell bot: bank Circles, hit the richest rival, take only good trades.

It reads only the seat's view (every table and hand is public; its own Circles and, while it
digs, the discard pile are its own) and chooses among the seat's legal actions, keeping no memory
between chances, so any worker can act for it. Burn in Hell is played in real time, so at each
chance it may also pass (``choose_or_pass`` returns ``None``). The rules of thumb, first that
applies (``docs/bots.md`` has the reasons and the arena's figures):

1. Digging: pick the card of the discard pile worth most to it.
2. Form the Circle that adds the most points (a Circle doubles its souls); a Solitary
   Confinement Circle only for a soul worth at least :data:`SOLITARY_MIN`, or once the deck is
   empty.
3. Accept an offer that gains value; reject one that loses value.
4. Steal the most valuable soul it may (from the best-placed rival on a tie); burn the most
   valuable rival soul in the Lake of Fire; steal a useful Special. While cards are still dealt
   it waits for a soul worth at least :data:`TARGET_MIN`.
5. Dig once the discard pile may hold something (at least :data:`DIG_MIN` cards, or any once
   the deck is empty).
6. Shield: when a rival holds a Special that can take or burn one of its table souls worth at
   least :data:`SHIELD_MIN` (any value once the deck is empty, when no deal is lost by
   holding), grab the most valuable such soul. Release everything held when no threat is left
   or the 10 s hold cap is near.
7. Offer a one-for-one trade that gains it at least :data:`TRADE_GAIN` (rivals' newest cards).
8. Once the deck is empty and nothing above applies: discard the Specials that can do nothing
   (a STOP, a Special with no target), then say "Finished!".
9. Otherwise pass.

A card's worth to the bot is its soul value, plus :data:`COMBO_BONUS` when it shares a printed
combination with a soul the bot already has; a Special is worth what it can still do.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action
from inferno_rules.games.burn_in_hell.cards import (
    COMBINATION_OF,
    DIG,
    LAKE,
    SOLITARY,
    SOUL_BY_ID,
    SPECIAL_BY_ID,
    STEAL,
    STEAL_SPECIAL,
    STOP,
    steal_matches,
)

from .base import require_legal

#: Phases in which cards can be played.
PLAYING = ("dealing", "ending")
#: Solitary Confinement waits for a soul at least this valuable while cards are dealt.
SOLITARY_MIN = 4
#: While cards are dealt, steals and Lakes wait for a target worth at least this.
TARGET_MIN = 3
#: Shield (grab) table souls worth at least this while cards are dealt.
SHIELD_MIN = 4
#: Release held cards this long (ms) before the hold cap would return them.
RELEASE_MARGIN_MS = 1500
#: Dig while dealing once the discard pile has at least this many cards.
DIG_MIN = 3
#: Offer a trade that gains at least this much.
TRADE_GAIN = 2
#: Extra worth of a soul that shares a printed combination with one the bot has.
COMBO_BONUS = 2
#: What a Special is worth to its holder (a STOP does nothing for its holder's score).
SPECIAL_WORTH = {STEAL: 2, LAKE: 2, STEAL_SPECIAL: 1, DIG: 1, SOLITARY: 3, STOP: 0}


def soul_value(card: str) -> int:
    """A soul's points (0 for a Special)."""
    soul = SOUL_BY_ID.get(card)
    return 0 if soul is None else soul.value


def worth(card: str, mine: Sequence[str]) -> int:
    """What ``card`` is worth to a seat that has the cards ``mine`` (table and hand)."""
    special = SPECIAL_BY_ID.get(card)
    if special is not None:
        return SPECIAL_WORTH[special.kind]
    combo = COMBINATION_OF.get(card)
    partner = combo is not None and any(
        COMBINATION_OF.get(other) == combo for other in mine if other != card
    )
    return soul_value(card) + (COMBO_BONUS if partner else 0)


def threatens(special: str, soul: str) -> bool:
    """Whether a rival's Special ``special`` could take or burn ``soul`` from a table."""
    kind = SPECIAL_BY_ID[special]
    if kind.kind == LAKE:
        return True
    return kind.kind == STEAL and steal_matches(kind, SOUL_BY_ID[soul])


class BurnInHellHeuristic:
    """Banks Circles, steals and burns the richest souls, trades only at a gain (module doc)."""

    name = "heuristic"
    # The thresholds, as attributes so that an arena A/B run can try a variant (a subclass).
    solitary_min = SOLITARY_MIN
    target_min = TARGET_MIN
    shield_min = SHIELD_MIN
    dig_min = DIG_MIN
    trade_gain = TRADE_GAIN
    #: The rules of thumb, in order (names of ``_Chance`` methods).
    rules: tuple[str, ...] = (
        "dig_pick",
        "form_circle",
        "answer_offer",
        "hit_a_rival",
        "dig",
        "shield",
        "offer",
        "wind_down",
    )

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """An action even when the bot would rather pass: the most harmless legal one."""
        action = self.choose_or_pass(view, legal, rng)
        return action if action is not None else _harmless(legal)

    def choose_or_pass(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        require_legal(self.name, legal)
        if view.get("game") != "burn_in_hell" or "seat" not in view:
            raise ValueError(
                "the heuristic Burn in Hell bot plays from a Burn in Hell seat's view; "
                f"got a view of {view.get('game')!r} with keys {sorted(view)}"
            )
        if view["phase"] not in PLAYING:
            return None
        return _Chance(self, view, legal).best()


def _harmless(legal: Sequence[Action]) -> Action:
    """For ``choose`` when the bot would pass: turning down or taking back an offer, else
    saying "Finished!" (cleared by the next card that moves), else the first legal action."""
    for kind, arg in (("reject", None), ("withdraw", None), ("finished", True)):
        for action in legal:
            if action.kind == kind and (arg is None or action.arg == arg):
                return action
    return legal[0]


class _Chance:
    """One chance to act: the view read once, the rules of thumb in order."""

    def __init__(
        self, bot: BurnInHellHeuristic, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> None:
        self.bot, self.view, self.legal = bot, view, legal
        self.seat: int = view["seat"]
        self.me: Mapping[str, Any] = view["seats"][self.seat]
        self.mine: list[str] = [*self.me["table"], *self.me["held"]]
        self.dealing = view["phase"] == "dealing"
        self.by_kind: dict[str, list[Action]] = {}
        for action in legal:
            self.by_kind.setdefault(action.kind, []).append(action)

    def best(self) -> Action | None:
        for rule in self.bot.rules:
            action: Action | None = getattr(self, rule)()
            if action is not None:
                return action
        return None

    def of(self, kind: str) -> list[Action]:
        return self.by_kind.get(kind, [])

    # ------------------------------------------------------------------ the rules of thumb
    def dig_pick(self) -> Action | None:
        picks = self.of("dig_pick")
        if not picks:
            return None
        return max(picks, key=lambda a: (worth(a.arg, self.mine), a.arg))

    def form_circle(self) -> Action | None:
        best: tuple[int, Action] | None = None
        for action in self.of("form_circle"):
            gain = sum(soul_value(card) for card in action.arg)
            solitary = any(card in SPECIAL_BY_ID for card in action.arg)
            if solitary and self.dealing and gain < self.bot.solitary_min:
                continue
            if best is None or gain > best[0]:
                best = (gain, action)
        return None if best is None else best[1]

    def answer_offer(self) -> Action | None:
        offers = {offer["id"]: offer for offer in self.view["offers"]}
        for action in self.of("accept"):
            offer = offers.get(action.arg)
            if offer is not None and self.trade_gain(offer["give"], offer["want"]) > 0:
                return action
        for action in self.of("reject"):
            offer = offers.get(action.arg)
            if offer is not None and self.trade_gain(offer["give"], offer["want"]) < 0:
                return action
        return None

    def trade_gain(self, receive: Sequence[str], give: Sequence[str]) -> int:
        kept = [c for c in self.mine if c not in give]
        return sum(worth(c, kept) for c in receive) - sum(worth(c, self.mine) for c in give)

    def hit_a_rival(self) -> Action | None:
        totals = self.view["totals"]
        best: tuple[tuple[int, int, int], Action] | None = None
        for action in self.of("play_special"):
            card, victim, target = action.arg["card"], action.arg["victim"], action.arg["target"]
            kind = SPECIAL_BY_ID[card].kind
            if target is None:
                continue  # STOP and DIG: not aimed at a rival
            if kind == STEAL_SPECIAL:
                gain = worth(target, self.mine)
                if gain <= 0:
                    continue
            else:
                value = soul_value(target)
                if self.dealing and value < self.bot.target_min:
                    continue
                # A steal moves the soul to me: the rival loses it and I gain it.
                gain = value + (worth(target, self.mine) if kind == STEAL else 0)
            key = (gain, self.visible_score(victim), totals[victim])
            if best is None or key > best[0]:
                best = (key, action)
        return None if best is None else best[1]

    def visible_score(self, seat: int) -> int:
        info = self.view["seats"][seat]
        return sum(soul_value(c) for c in (*info["table"], *info["held"]))

    def dig(self) -> Action | None:
        enough = self.bot.dig_min if self.dealing else 1
        if self.view["discard_count"] < enough:
            return None
        for action in self.of("play_special"):
            if SPECIAL_BY_ID[action.arg["card"]].kind == DIG:
                return action
        return None

    def threats(self) -> list[str]:
        """The rivals' Specials that can take or burn a table soul."""
        found: list[str] = []
        for info in self.view["seats"]:
            if info["seat"] == self.seat:
                continue
            for card in (*info["table"], *info["held"]):
                if card in SPECIAL_BY_ID and SPECIAL_BY_ID[card].kind in (STEAL, LAKE):
                    found.append(card)
        return found

    def shield(self) -> Action | None:
        threats = self.threats()
        held = self.me["held"]
        if held:
            hold_until = self.me["hold_until"]
            near_cap = hold_until is not None and hold_until - self.view["now"] <= RELEASE_MARGIN_MS
            still_threatened = any(
                card in SOUL_BY_ID and any(threatens(t, card) for t in threats) for card in held
            )
            if near_cap or not still_threatened:
                everything = [a for a in self.of("release") if len(a.arg) == len(held)]
                if everything:
                    return everything[0]
        least = self.bot.shield_min if self.dealing else 1
        at_risk = [
            action
            for action in self.of("grab")
            if action.arg[0] in SOUL_BY_ID
            and soul_value(action.arg[0]) >= least
            and any(threatens(t, action.arg[0]) for t in threats)
        ]
        if not at_risk:
            return None
        return max(at_risk, key=lambda a: (worth(a.arg[0], self.mine), a.arg[0]))

    def offer(self) -> Action | None:
        pending = {o["to"] for o in self.view["offers"] if o["from"] == self.seat}
        best: tuple[int, Action] | None = None
        for action in self.of("offer"):
            if action.arg["to"] in pending:
                continue
            gain = self.trade_gain(action.arg["want"], action.arg["give"])
            if gain >= self.bot.trade_gain and (best is None or gain > best[0]):
                best = (gain, action)
        return None if best is None else best[1]

    def wind_down(self) -> Action | None:
        if self.dealing:
            return None
        playable = {a.arg["card"] for a in self.of("play_special")}
        in_circles = {c for a in self.of("form_circle") for c in a.arg}
        for action in self.of("discard_special"):
            card = action.arg
            stop = SPECIAL_BY_ID[card].kind == STOP
            if stop or (card not in playable and card not in in_circles):
                return action
        for action in self.of("finished"):
            if action.arg is True:
                return action
        return None
