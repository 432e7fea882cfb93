"""The Num Inferno table as immutable data (:class:`NumState`) and a mutable working copy
(:class:`Work`) that one play or pass edits before it is frozen into the next state.

The trick state of the spec (§4) is held as plain values: ``req_count`` 0 stands for ``null``
(leading), ``ref_value`` -1 for ``null`` (free value). ``status`` is ``OPEN`` or ``CUT`` only:
a trick that becomes ``CLOSED`` ends at once, so no state ever holds it.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ...core import Event

PLAYING: Final = "playing"
OVER: Final = "over"

UP: Final = "UP"
DOWN: Final = "DOWN"
OPEN: Final = "OPEN"
CUT: Final = "CUT"
CLOSED: Final = "CLOSED"

NO_COUNT: Final = 0  # req_count null: the next play leads
FREE: Final = -1  # ref_value null: any value
NOBODY: Final = -1

#: The spec's decision timer (§10): the engine's clock for this game.
DECISION_SECONDS: Final = 45

#: One play of a trick: (seat, cards in the order played; the last is the top card).
Play = tuple[int, tuple[str, ...]]
#: A scored round: (round number 0-based, points per seat, finishing order, blocked seats).
RoundRecord = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class NumState(NamedTuple):
    """The whole table; plain data only."""

    players: int
    seed: str
    rounds: int
    round_no: int  # 0-based
    phase: str  # playing | over
    starter: int  # who led the round's first trick
    hands: tuple[tuple[str, ...], ...]  # each in deck order
    to_act: tuple[int, ...]  # the one seat to play or pass (empty once over)
    direction: str  # UP | DOWN, for the whole round
    req_count: int  # 1-6, or NO_COUNT when leading
    ref_value: int  # the value to beat, or FREE
    status: str  # OPEN | CUT
    plays: tuple[Play, ...]  # the current trick, in order
    passed: tuple[int, ...]  # seats that passed this trick, sorted
    last_player: int  # NOBODY when leading
    last_trick: tuple[Play, ...]  # the last finished trick of this round, for reference
    last_winner: int  # its winner, or NOBODY
    finished: tuple[int, ...]  # this round's finishers, in order (1st, 2nd…)
    blocked: tuple[int, ...]  # seats holding cards but no classic card, sorted
    totals: tuple[int, ...]
    wins: tuple[int, ...]  # rounds won per seat (the tie-break, §9)
    history: tuple[RoundRecord, ...]


class Work:
    """A mutable copy of a state, edited by one move, with the events it causes."""

    def __init__(self, s: NumState) -> None:
        self.s = s
        self.players = s.players
        self.round_no = s.round_no
        self.phase = s.phase
        self.starter = s.starter
        self.hands = [list(h) for h in s.hands]
        self.to_act = s.to_act
        self.direction = s.direction
        self.req_count = s.req_count
        self.ref_value = s.ref_value
        self.status = s.status
        self.plays = list(s.plays)
        self.passed = list(s.passed)
        self.last_player = s.last_player
        self.last_trick = s.last_trick
        self.last_winner = s.last_winner
        self.finished = list(s.finished)
        self.blocked = list(s.blocked)
        self.totals = list(s.totals)
        self.wins = list(s.wins)
        self.history = list(s.history)
        self.events: list[Event] = []

    def freeze(self) -> NumState:
        return self.s._replace(
            round_no=self.round_no,
            phase=self.phase,
            starter=self.starter,
            hands=tuple(tuple(h) for h in self.hands),
            to_act=self.to_act,
            direction=self.direction,
            req_count=self.req_count,
            ref_value=self.ref_value,
            status=self.status,
            plays=tuple(self.plays),
            passed=tuple(sorted(self.passed)),
            last_player=self.last_player,
            last_trick=self.last_trick,
            last_winner=self.last_winner,
            finished=tuple(self.finished),
            blocked=tuple(sorted(self.blocked)),
            totals=tuple(self.totals),
            wins=tuple(self.wins),
            history=tuple(self.history),
        )

    def emit(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        self.events.append(Event(kind, data, to))

    def new_trick(self) -> None:
        """An empty trick, waiting for a lead (the direction stays: it lasts the round)."""
        self.req_count = NO_COUNT
        self.ref_value = FREE
        self.status = OPEN
        self.plays = []
        self.passed = []
        self.last_player = NOBODY
