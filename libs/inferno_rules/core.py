"""The one interface every game implements, and the plain data it speaks.

A game is a stateless object (one instance per game, held by the registry) whose methods are
pure functions of an immutable state. The contract, with an example, is in
``docs/rules-interface.md``. In short:

- ``new_game(players, options, seed)`` → state.
- ``decision(state)`` → who must act: one seat, several seats at once, or nobody while the game
  waits for a clock tick (real-time games); ``to_act(state)`` is the cheap form.
- ``legal_actions(state, seat)`` → the actions that seat may take now.
- ``apply(state, actor, action)`` → :class:`Applied` (new state + events) or :class:`Rejected`
  (code + message). The old state is never modified, so a rejection changes nothing.
- ``view(state, viewer)`` → what that viewer may see, as JSON-ready data. This and
  :func:`visible_events` are the only ways out of the rules for state and events.
- ``result(state)`` → scores, ranking and per-round breakdown once the game is over.
- ``encode(state)`` / ``decode(data)`` → bytes and back, exactly.

The framework (this module) does the guards every game shares: game over, unknown seat, not
this seat's turn. A game's ``_apply`` only handles an actor who is allowed to act.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, NamedTuple, TypeVar

from .options import GameInfo, OptionValue, validate_options, validate_players

#: The actor that sends clock ticks in real-time games (the timer service), never a seat.
CLOCK: Final = -1


class Action(NamedTuple):
    """A move: a kind (``"bid"``, ``"play"``, ``"take"``…) and one plain-data argument."""

    kind: str
    arg: Any = None


class Event(NamedTuple):
    """Something that happened, for the table's log and the players' screens.

    ``to`` is ``None`` for a public event, else the seats allowed to see it (a dealt hand goes
    only to its owner). Operators see every event.
    """

    kind: str
    data: dict[str, Any]
    to: frozenset[int] | None = None


class Applied(NamedTuple):
    """An accepted action: the new state and the events it caused, in order."""

    state: Any
    events: tuple[Event, ...]


class Rejected(NamedTuple):
    """A refused action. ``code`` is stable for programs, ``message`` is for the player."""

    code: str
    message: str


Outcome = Applied | Rejected


class Viewer(NamedTuple):
    """Who is looking: a seat, a spectator (public state only) or an operator (everything)."""

    role: str  # "seat" | "spectator" | "operator"
    seat: int | None = None

    @staticmethod
    def of_seat(seat: int) -> Viewer:
        return Viewer("seat", seat)


SPECTATOR = Viewer("spectator")
OPERATOR = Viewer("operator")


class Decision(NamedTuple):
    """Whose decision it is.

    - ``seats``: the seats that may act now (empty when the game is over or waits for a tick).
    - ``simultaneous``: true when several seats decide at once and none waits for another.
    - ``tick_at``: for real-time games, the game-clock millisecond at which the timer service
      must send the next tick (``None`` when no tick is due).
    """

    seats: tuple[int, ...]
    simultaneous: bool = False
    tick_at: int | None = None


class RoundScore(NamedTuple):
    """One scored round (a hand of Oh Hell, a round of Inferno…)."""

    number: int
    points: tuple[int, ...]
    detail: dict[str, Any]


class Result(NamedTuple):
    """The end of a game: totals per seat, rank per seat (1 = best, ties share), winners."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    lower_score_wins: bool


def rank_seats(scores: Sequence[int], lower_wins: bool) -> tuple[int, ...]:
    """Competition ranking ("1224"): equal scores share a rank."""
    sign = 1 if lower_wins else -1
    return tuple(1 + sum(1 for other in scores if sign * other < sign * mine) for mine in scores)


S = TypeVar("S", bound=tuple[Any, ...])


class Game(Generic[S]):
    """Base class of every game. Subclasses set ``info`` and ``state_type`` and implement
    the underscored methods; the public methods add the shared guards."""

    info: ClassVar[GameInfo]
    state_type: ClassVar[Callable[..., Any]]

    # ----------------------------------------------------------------- setting up
    # The public methods take ``object`` where a caller may pass anything (a seat or a move
    # from the network): they refuse it with a clear error, and the compiled build (mypyc
    # checks declared types at the call) does the same instead of raising TypeError.
    def new_game(self, players: object, options: Mapping[str, object] | None, seed: object) -> S:
        """A fresh game. Raises :class:`~inferno_rules.options.OptionError` on bad input."""
        count = validate_players(self.info, players)
        if not isinstance(seed, str) or not seed:
            raise ValueError("a game needs a non-empty seed string")
        return self._new(count, validate_options(self.info, options), seed)

    def _new(self, players: int, options: dict[str, OptionValue], seed: str) -> S:
        raise NotImplementedError

    def opening_events(self, state: S) -> tuple[Event, ...]:
        """The events that describe a new game's starting position (the first deal…)."""
        return ()

    # ----------------------------------------------------------------- whose turn
    # Defaults for the common state layout (fields ``players``, ``to_act`` and ``phase`` with
    # ``"over"`` at the end); a game whose state looks different overrides them.
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that may act now (cheap; used on every move)."""
        seats: tuple[int, ...] = state.to_act  # type: ignore[attr-defined]
        return seats

    def decision(self, state: S) -> Decision:
        seats = self.to_act(state)
        return Decision(seats, simultaneous=len(seats) > 1, tick_at=None)

    def waiting_on(self, state: S) -> tuple[int, ...]:
        """The seats the table waits for: their turn clocks run and the worker asks their bots
        to move. Every seat that may act, unless a game lets some seats act without having to
        (Dante's Inferno's MAIN step: anyone may trade, but only the active player and a seat
        with an offer to answer are waited for)."""
        return self.to_act(state)

    def is_over(self, state: S) -> bool:
        return bool(state.phase == "over")  # type: ignore[attr-defined]

    # ----------------------------------------------------------------- moving
    def legal_actions(self, state: S, seat: object) -> list[Action]:
        """Every action ``seat`` may take now; empty when it is not that seat's decision."""
        if type(seat) is not int or seat not in self.to_act(state):
            return []
        return self._legal_actions(state, seat)

    def _legal_actions(self, state: S, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: S, actor: object, action: object) -> Outcome:
        """Apply ``action`` by ``actor`` (a seat, or :data:`CLOCK` for a tick)."""
        if type(actor) is not int or actor not in self.to_act(state):
            return self._refuse_actor(state, actor)
        if type(action) is not Action:
            if not (isinstance(action, tuple) and len(action) == 2 and type(action[0]) is str):
                return Rejected("malformed_action", "an action is a kind (text) and an argument")
            action = Action(*action)
        return self._apply(state, actor, action)

    def _refuse_actor(self, state: S, actor: object) -> Rejected:
        if self.is_over(state):
            return Rejected("game_over", "the game is over; no more moves can be made")
        players = self.players(state)
        if actor == CLOCK:
            return Rejected("no_tick_due", "this game is not waiting for a clock tick")
        if type(actor) is not int or not 0 <= actor < players:
            return Rejected("no_such_seat", f"there is no seat {actor!r} at this table")
        waiting = self.to_act(state)
        if not waiting:
            return Rejected("not_your_turn", "nobody can move until the clock ticks")
        who = ", ".join(f"seat {s}" for s in waiting)
        return Rejected("not_your_turn", f"it is not your turn; waiting for {who}")

    def _apply(self, state: S, actor: int, action: Action) -> Outcome:
        raise NotImplementedError

    def probe_actions(self, state: S) -> list[Action]:
        """A game's whole vocabulary of actions at this point, legal or not.

        Tests apply each of these to check that everything illegal is refused and changes
        nothing; a game lists every shape of move it knows (all bids, all cards…).
        """
        seen: list[Action] = []
        for seat in range(self.players(state)):
            seen.extend(a for a in self.legal_actions(state, seat) if a not in seen)
        return seen

    def default_action(self, state: S, seat: int) -> Action:
        """The move the server makes for ``seat`` when its clock runs out (per the rules spec)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- seeing
    def players(self, state: S) -> int:
        return int(state.players)  # type: ignore[attr-defined]

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see: the single redaction point for state."""
        raise NotImplementedError

    def private_tokens(self, state: S) -> dict[int, frozenset[str]]:
        """Per seat, the tokens (card ids…) only that seat may see right now.

        Used by tests to prove that no view or event shown to one seat holds another's secrets.
        """
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        """Totals, ranking and rounds once the game is over; ``None`` before."""
        raise NotImplementedError

    # ----------------------------------------------------------------- storing
    def encode(self, state: S) -> bytes:
        """Canonical bytes of a state: the same state always gives the same bytes."""
        return json.dumps(
            [self.info.name, 1, state], separators=(",", ":"), ensure_ascii=True
        ).encode()

    def decode(self, data: bytes) -> S:
        """The state that :meth:`encode` turned into ``data``."""
        name, fmt, fields = json.loads(data)
        if name != self.info.name or fmt != 1:
            raise ValueError(f"not a {self.info.name} state (format {fmt!r} of {name!r})")
        state: S = self.state_type(*(_tuplify(value) for value in fields))
        return state


def visible_events(events: Sequence[Event], viewer: Viewer) -> list[Event]:
    """The events ``viewer`` may see: the single redaction point for the log."""
    if viewer.role == "operator":
        return list(events)
    seat = viewer.seat if viewer.role == "seat" else None
    return [e for e in events if e.to is None or (seat is not None and seat in e.to)]


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
