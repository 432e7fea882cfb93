"""The Dante's Inferno table as immutable data (:class:`DanteState`) and the mutable working
copy (:class:`Work`) one action edits before it is frozen into the next state.

Spaces and cells are the integers of :mod:`.board`; resources are 4-tuples in the order
``Y, R, B, G``. The phase is derived from the rest by :meth:`Work.settle`: a forced choice first,
then a roll waiting to be accepted, then the turn's stage (fights, or the MAIN step).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ...core import Event
from ...seeding import Stream

PLACING: Final = "placing"  # setup: tokens placed in snake order (§3)
FIGHT: Final = "fight"  # step 1: the active player picks the next pending fight
ROLL: Final = "roll"  # a roll shown, not yet applied: reroll or accept (§4)
CHOOSE: Final = "choose"  # a forced choice (demon square, bonus, good/bad token, retreat)
MAIN: Final = "main"  # steps 3–6: paid actions, free moves, trades
OVER: Final = "over"

# Kinds of roll (``roll[0]``) and of forced choice (``choices``).
FIGHT_ROLL: Final = "fight"
RESOURCE_ROLL: Final = "resource"
LUCIFER_ROLL: Final = "lucifer"
DEMON_CHOICE: Final = "demon"
BONUS_CHOICE: Final = "bonus"
TOKEN_CHOICE: Final = "token"
RETREAT_CHOICE: Final = "retreat"

NOBODY: Final = -1
DEMONS: Final = 20
#: The spec's clocks (§4), for the lobby's default: a roll prompt, the MAIN step.
ROLL_SECONDS: Final = 30
MAIN_SECONDS: Final = 150

Amounts = tuple[int, int, int, int]
#: An open offer: (id, from, to, give, get, note).
Offer = tuple[int, int, int, Amounts, Amounts, str]
#: A roll waiting to be accepted: (kind, space fought on or -1, die 1, die 2, rerolls so far).
Roll = tuple[str, int, int, int, int]


class DanteState(NamedTuple):
    """The whole table; plain data only."""

    players: int
    seed: str
    cap: int  # rounds in the match, 0 = no cap
    limit: int  # tokens in play per player: 6, or 5 with 5–6 players
    phase: str
    stage: str  # FIGHT or MAIN: the active player's step once rolls and choices are done
    active: int  # the seat whose turn (or setup placement) it is
    first: int  # who took the first turn: a round ends when the turn comes back to him
    round_no: int  # 1-based, 0 during setup
    place_order: tuple[int, ...]  # setup placements still to make, in order
    board: tuple[str, ...]  # 81 tile ids by cell, "" for an empty position
    down: tuple[int, ...]  # face-down cells, sorted
    stacks: tuple[tuple[str, ...], ...]  # per STACKS, top first; hidden order
    tokens: tuple[tuple[int, ...], ...]  # per seat, the spaces of its tokens in play, sorted
    demons: tuple[int, ...]  # spaces holding a demon (at most one each), sorted
    good: int  # cell of the good token, or -1 while in the box
    bad: int
    resources: tuple[Amounts, ...]
    pending: tuple[int, ...]  # fights still to fight this turn (demon spaces), sorted
    roll: Roll | tuple[()]
    choices: tuple[str, ...]  # forced choices queued, first is current
    retreat: tuple[int, ...]  # for a retreat choice: (token space, candidate spaces...)
    free_step: bool  # the turn's free token step is used
    free_demon: bool  # the turn's free demon move is used
    pushed: tuple[int, ...]  # spaces of opponent tokens pushed this turn
    offers: tuple[Offer, ...]
    next_offer: int
    dice: int  # dice rolled so far: names the next die's stream
    moves: int  # actions applied so far: names a timeout's random stream
    winner: int  # the seat that beat Lucifer, or NOBODY


class Work:
    """A mutable copy of a state, edited by one action, with the events it causes."""

    def __init__(self, s: DanteState) -> None:
        self.s = s
        self.players = s.players
        self.phase = s.phase
        self.stage = s.stage
        self.active = s.active
        self.first = s.first
        self.round_no = s.round_no
        self.place_order = list(s.place_order)
        self.board = list(s.board)
        self.down = set(s.down)
        self.stacks = [list(stack) for stack in s.stacks]
        self.tokens = [list(t) for t in s.tokens]
        self.demons = set(s.demons)
        self.good = s.good
        self.bad = s.bad
        self.resources = [list(r) for r in s.resources]
        self.pending = list(s.pending)
        self.roll: Roll | tuple[()] = s.roll
        self.choices = list(s.choices)
        self.retreat = s.retreat
        self.free_step = s.free_step
        self.free_demon = s.free_demon
        self.pushed = list(s.pushed)
        self.offers = list(s.offers)
        self.next_offer = s.next_offer
        self.dice = s.dice
        self.winner = s.winner
        self.events: list[Event] = []

    def freeze(self) -> DanteState:
        self.settle()
        return self.s._replace(
            phase=self.phase,
            stage=self.stage,
            active=self.active,
            first=self.first,
            round_no=self.round_no,
            place_order=tuple(self.place_order),
            board=tuple(self.board),
            down=tuple(sorted(self.down)),
            stacks=tuple(tuple(stack) for stack in self.stacks),
            tokens=tuple(tuple(sorted(t)) for t in self.tokens),
            demons=tuple(sorted(self.demons)),
            good=self.good,
            bad=self.bad,
            resources=tuple((r[0], r[1], r[2], r[3]) for r in self.resources),
            pending=tuple(sorted(self.pending)),
            roll=self.roll,
            choices=tuple(self.choices),
            retreat=self.retreat,
            free_step=self.free_step,
            free_demon=self.free_demon,
            pushed=tuple(sorted(self.pushed)),
            offers=tuple(self.offers),
            next_offer=self.next_offer,
            dice=self.dice,
            moves=self.s.moves + 1,
            winner=self.winner,
        )

    def settle(self) -> None:
        """Derive the phase: over, setup, a forced choice, a pending roll, else the stage."""
        if self.phase in (OVER, PLACING):
            return
        if self.choices:
            self.phase = CHOOSE
        elif self.roll:
            self.phase = ROLL
        else:
            self.phase = self.stage

    def emit(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        self.events.append(Event(kind, data, to))

    def die(self) -> int:
        """The next die of the table: ``Stream(seed, "die:<k>").die()`` for the k-th die."""
        value = Stream(self.s.seed, f"die:{self.dice}").die()
        self.dice += 1
        return value

    # ------------------------------------------------------------ occupancy
    def owner(self, space: int) -> int:
        """The seat with a token on ``space``, or :data:`NOBODY`."""
        for seat, spaces in enumerate(self.tokens):
            if space in spaces:
                return seat
        return NOBODY

    def can_pay(self, seat: int, cost: Amounts | list[int]) -> bool:
        return all(have >= need for have, need in zip(self.resources[seat], cost, strict=True))

    def pay(self, seat: int, cost: Amounts | list[int]) -> None:
        for i, need in enumerate(cost):
            self.resources[seat][i] -= need

    def gain(self, seat: int, amounts: Amounts | list[int]) -> None:
        for i, got in enumerate(amounts):
            self.resources[seat][i] += got


def owner_of(state: DanteState, space: int) -> int:
    for seat, spaces in enumerate(state.tokens):
        if space in spaces:
            return seat
    return NOBODY
