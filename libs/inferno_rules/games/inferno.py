"""Inferno (2005), as decided in ``shared/rules/inferno-2005.md``.

A take-the-pile game: the first card of a pile (the lead) sets a colour and a value; each player
in turn adds one card that matches the lead's colour or value, or takes the whole pile as penalty
points (topped up to three cards from the draw pile). Red cards cost their value, others cost 1.
A match is as many rounds as players; the lowest total wins, with decisive rounds on a tie.

Deal procedure (documented so a revealed seed can be checked): round ``r`` (0-based, decisive
rounds included) shuffles the 100 cards with ``shuffled(seed, "round:<r>", cards 0…99)`` (see
:mod:`inferno_rules.seeding`); card ``t < 12·n`` goes to seat ``(starter + t) mod n``, and the rest
is the draw pile, top card first. The first round's starter is ``Stream(seed, "starter").below(n)``
and each later round starts one seat further left. A card is ``colour·20 + (value−1)·4 + copy``
with colours RED, BLUE, YELLOW, GREEN, PURPLE; its name is ``BLUE-5-c2``.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

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
)
from ..options import GameInfo, Nature, OptionValue
from ..seeding import Stream, shuffled

COLOURS: Final = ("RED", "BLUE", "YELLOW", "GREEN", "PURPLE")
CARDS: Final = tuple(range(100))
COLOUR_OF: Final = tuple(card // 20 for card in CARDS)
VALUE_OF: Final = tuple(card % 20 // 4 + 1 for card in CARDS)
NAME: Final = tuple(f"{COLOURS[COLOUR_OF[c]]}-{VALUE_OF[c]}-c{c % 4 + 1}" for c in CARDS)
BY_NAME: Final = {name: card for card, name in enumerate(NAME)}
#: Penalty points of a taken card: red cards their value, every other colour 1.
POINTS: Final = tuple(VALUE_OF[c] if COLOUR_OF[c] == 0 else 1 for c in CARDS)

HAND_SIZE: Final = 12
PILE_MINIMUM: Final = 3  # a take is topped up to this many cards from the draw pile
MAX_DECISIVE_ROUNDS: Final = 3
PLAYING: Final = "playing"
OVER: Final = "over"

PLAY: Final = tuple(Action("play", NAME[c]) for c in CARDS)
TAKE: Final = Action("take")

INFO: Final = GameInfo(
    name="inferno",
    display_name="Inferno",
    min_players=3,
    max_players=7,
    nature=Nature(
        sequential=True,
        simultaneous=False,
        real_time=False,
        chance=True,
        hidden_information=True,
    ),
    options=(),
    lower_score_wins=True,
    rules_url="shared/rules/inferno-2005.md",
)


class InfernoState(NamedTuple):
    """The whole table. Seats are 0…n−1 clockwise; cards are ints (see module doc)."""

    players: int
    seed: str
    first_starter: int
    round_no: int  # 0-based, decisive rounds included
    starter: int
    turn: int  # actions so far this round (names the timeout's random draw)
    hands: tuple[tuple[int, ...], ...]  # each sorted
    draw: tuple[int, ...]  # the draw pile, top card first
    pile: tuple[int, ...]  # pile[0] is the lead card
    taken: tuple[tuple[int, ...], ...]  # each seat's face-down penalty stack this round
    out: tuple[bool, ...]
    to_act: tuple[int, ...]
    phase: str
    totals: tuple[int, ...]  # penalty points of the regular rounds
    decisive_totals: tuple[int, ...]  # penalty points of the decisive rounds
    contenders: tuple[int, ...]  # seats that can still win a decisive round; () before
    history: tuple[tuple[Any, ...], ...]  # (round_no, decisive, points) per scored round
    winners: tuple[int, ...]


def card_name(card: int) -> str:
    return NAME[card]


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


class Inferno(Game[InfernoState]):
    info = INFO
    state_type = InfernoState

    # ------------------------------------------------------------------ setup
    def _new(self, players: int, options: dict[str, OptionValue], seed: str) -> InfernoState:
        first = Stream(seed, "starter").below(players)
        blank = InfernoState(
            players=players,
            seed=seed,
            first_starter=first,
            round_no=0,
            starter=first,
            turn=0,
            hands=(),
            draw=(),
            pile=(),
            taken=(),
            out=(),
            to_act=(),
            phase=PLAYING,
            totals=(0,) * players,
            decisive_totals=(0,) * players,
            contenders=(),
            history=(),
            winners=(),
        )
        return self._deal(blank, 0)

    def _deal(self, state: InfernoState, round_no: int) -> InfernoState:
        n = state.players
        starter = (state.first_starter + round_no) % n
        deck = shuffled(state.seed, f"round:{round_no}", CARDS)
        dealt = HAND_SIZE * n
        hands = tuple(tuple(sorted(deck[(seat - starter) % n : dealt : n])) for seat in range(n))
        return state._replace(
            round_no=round_no,
            starter=starter,
            turn=0,
            hands=hands,
            draw=tuple(deck[dealt:]),
            pile=(),
            taken=((),) * n,
            out=(False,) * n,
            to_act=(starter,),
        )

    def opening_events(self, state: InfernoState) -> tuple[Event, ...]:
        return self._round_start_events(state)

    def _round_start_events(self, state: InfernoState) -> tuple[Event, ...]:
        start = Event(
            "round_start",
            {
                "round": state.round_no + 1,
                "decisive": bool(state.contenders),
                "contenders": list(state.contenders),
                "starter": state.starter,
                "draw_pile": len(state.draw),
            },
        )
        dealt = tuple(
            Event("hand_dealt", {"seat": s, "cards": [NAME[c] for c in hand]}, frozenset({s}))
            for s, hand in enumerate(state.hands)
        )
        return (start, *dealt)

    # ------------------------------------------------------------------ legal moves
    def _legal_actions(self, state: InfernoState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        if not state.pile:
            return [PLAY[c] for c in hand]
        lead = state.pile[0]
        colour, value = COLOUR_OF[lead], VALUE_OF[lead]
        adds = [PLAY[c] for c in hand if COLOUR_OF[c] == colour or VALUE_OF[c] == value]
        return [*adds, TAKE]

    def probe_actions(self, state: InfernoState) -> list[Action]:
        return [*PLAY, TAKE, Action("play", "RED-6-c1"), Action("play", None), Action("bid", 1)]

    def default_action(self, state: InfernoState, seat: int) -> Action:
        """Timeouts (rules §7): TAKE when following; a random card of the hand when leading.

        The random card is drawn from the seed (``"timeout:<round>:<turn>"``), so the forced
        move is as replayable and verifiable as the deal.
        """
        if state.pile:
            return TAKE
        hand = state.hands[seat]
        pick = Stream(state.seed, f"timeout:{state.round_no}:{state.turn}").below(len(hand))
        return PLAY[hand[pick]]

    # ------------------------------------------------------------------ moves
    def _apply(self, state: InfernoState, seat: int, action: Action) -> Outcome:
        if action.kind == "take":
            if not state.pile:
                return Rejected("must_lead", "the pile is empty: lead a card to start it")
            return self._take(state, seat)
        if action.kind != "play":
            return Rejected("unknown_action", "play a card, or take the pile")
        card = BY_NAME.get(action.arg) if isinstance(action.arg, str) else None
        if card is None:
            return Rejected(
                "not_a_card", f"{action.arg!r} is not a card; cards look like BLUE-5-c2"
            )
        hand = state.hands[seat]
        if card not in hand:
            return Rejected("card_not_held", f"you do not hold {NAME[card]}")
        if state.pile:
            lead = state.pile[0]
            if COLOUR_OF[card] != COLOUR_OF[lead] and VALUE_OF[card] != VALUE_OF[lead]:
                return Rejected(
                    "does_not_match",
                    f"{NAME[card]} matches neither the lead's colour "
                    f"({COLOURS[COLOUR_OF[lead]]}) nor its value ({VALUE_OF[lead]}); "
                    "add a matching card or take the pile",
                )
        return self._add(state, seat, card)

    def _add(self, state: InfernoState, seat: int, card: int) -> Applied:
        # Card ids are unique (each of the 4 copies has its own), so this removes one card.
        hand = tuple(c for c in state.hands[seat] if c != card)
        kind = "add" if state.pile else "lead"
        events = [Event(kind, {"seat": seat, "card": NAME[card]})]
        out = state.out
        if not hand:
            out = _replace_at(out, seat, True)
            events.append(Event("out", {"seat": seat}))
        new = state._replace(
            hands=_replace_at(state.hands, seat, hand),
            pile=(*state.pile, card),
            out=out,
            turn=state.turn + 1,
            to_act=((seat + 1) % state.players,),
        )
        return Applied(new, tuple(events))

    def _take(self, state: InfernoState, seat: int) -> Applied:
        need = max(0, PILE_MINIMUM - len(state.pile))
        drawn = state.draw[:need]
        draw = state.draw[need:]
        stack = (*state.taken[seat], *state.pile, *drawn)
        take = Event(
            "take",
            {
                "seat": seat,
                "cards": [NAME[c] for c in state.pile],
                "drawn": [NAME[c] for c in drawn],
                "stack_size": len(stack),
            },
        )
        new = state._replace(
            taken=_replace_at(state.taken, seat, stack),
            draw=draw,
            pile=(),
            turn=state.turn + 1,
            to_act=(seat,),
        )
        if (need and not draw) or any(state.out):
            return self._end_round(new, (take,))
        return Applied(new, (take,))

    def _end_round(self, state: InfernoState, events: tuple[Event, ...]) -> Applied:
        n = state.players
        points = tuple(sum(POINTS[c] for c in stack) for stack in state.taken)
        decisive = bool(state.contenders)
        if decisive:
            totals = state.totals
            decisive_totals = tuple(
                a + b for a, b in zip(state.decisive_totals, points, strict=True)
            )
        else:
            totals = tuple(a + b for a, b in zip(state.totals, points, strict=True))
            decisive_totals = state.decisive_totals
        history = (*state.history, (state.round_no, decisive, points))
        ended = Event(
            "round_end",
            {
                "round": state.round_no + 1,
                "decisive": decisive,
                "points": list(points),
                "stacks": [[NAME[c] for c in stack] for stack in state.taken],
                "totals": list(totals),
            },
        )
        state = state._replace(
            totals=totals, decisive_totals=decisive_totals, history=history, to_act=()
        )
        regular_rounds = n
        contenders: tuple[int, ...] = ()
        winners: tuple[int, ...] = ()
        if not decisive and state.round_no + 1 < regular_rounds:
            pass  # more regular rounds to play
        elif not decisive:
            best = min(totals)
            tied = tuple(s for s in range(n) if totals[s] == best)
            if len(tied) == 1:
                winners = tied
            else:
                contenders = tied
        else:
            best = min(points[s] for s in state.contenders)
            tied = tuple(s for s in state.contenders if points[s] == best)
            played = sum(1 for _, was_decisive, _ in history if was_decisive)
            if len(tied) == 1 or played >= MAX_DECISIVE_ROUNDS:
                winners = tied
            else:
                contenders = tied
        if winners:
            state = state._replace(
                phase=OVER,
                winners=winners,
                contenders=(),
                hands=((),) * n,
                draw=(),
                taken=((),) * n,
            )
            result = self.result(state)
            assert result is not None
            end = Event(
                "match_end",
                {
                    "totals": list(result.scores),
                    "ranking": list(result.ranking),
                    "winners": list(winners),
                },
            )
            return Applied(state, (*events, ended, end))
        state = self._deal(state._replace(contenders=contenders), state.round_no + 1)
        return Applied(state, (*events, ended, *self._round_start_events(state)))

    # ------------------------------------------------------------------ seeing
    def view(self, state: InfernoState, viewer: Viewer) -> dict[str, Any]:
        n = state.players
        lead = state.pile[0] if state.pile else None
        view: dict[str, Any] = {
            "game": INFO.name,
            "players": n,
            "phase": state.phase,
            "round": state.round_no + 1,
            "regular_rounds": n,
            "decisive": bool(state.contenders),
            "contenders": list(state.contenders),
            "starter": state.starter,
            "pile": [NAME[c] for c in state.pile],
            "lead_colour": None if lead is None else COLOURS[COLOUR_OF[lead]],
            "lead_value": None if lead is None else VALUE_OF[lead],
            "hand_sizes": [len(h) for h in state.hands],
            "draw_pile": len(state.draw),
            "taken_sizes": [len(t) for t in state.taken],
            "out": list(state.out),
            "totals": list(state.totals),
            "decisive_totals": list(state.decisive_totals),
            "history": [
                {"round": r + 1, "decisive": d, "points": list(p)} for r, d, p in state.history
            ],
            "to_act": list(state.to_act),
            "winners": list(state.winners),
        }
        if viewer.role == "seat" and viewer.seat is not None and 0 <= viewer.seat < n:
            seat = viewer.seat
            view["seat"] = seat
            view["hand"] = [NAME[c] for c in state.hands[seat]]
            view["taken"] = [NAME[c] for c in state.taken[seat]]
            view["taken_points"] = sum(POINTS[c] for c in state.taken[seat])
        elif viewer.role == "operator":
            view["all_hands"] = [[NAME[c] for c in h] for h in state.hands]
            view["all_taken"] = [[NAME[c] for c in t] for t in state.taken]
            view["draw_order"] = [NAME[c] for c in state.draw]
        return view

    def private_tokens(self, state: InfernoState) -> dict[int, frozenset[str]]:
        return {
            seat: frozenset(NAME[c] for c in (*state.hands[seat], *state.taken[seat]))
            for seat in range(state.players)
        }

    def result(self, state: InfernoState) -> Result | None:
        if state.phase != OVER:
            return None
        n = state.players
        # Rules §6: decisive rounds are played only to break a tie for first place, and "other
        # tied places stay tied". So the match score is the regular rounds' total; the winners
        # come first, and every other place goes by that total alone, equal totals sharing a
        # rank (a contender who lost the decisive round included). The decisive rounds stay in
        # ``rounds`` (detail "decisive"), which is what explains the winner among equal totals.
        scores = state.totals
        keys = [(s not in state.winners, state.totals[s]) for s in range(n)]
        ranking = tuple(1 + sum(1 for other in keys if other < keys[s]) for s in range(n))
        rounds = tuple(
            RoundScore(number=r + 1, points=tuple(p), detail={"decisive": d})
            for r, d, p in state.history
        )
        return Result(scores, ranking, state.winners, rounds, lower_score_wins=True)
