"""Turn-clock arithmetic shared by the engine (what it shows) and the worker (what it enforces).

Pure functions over integers (milliseconds), standard library only, no I/O. A table's
:class:`ClockPolicy` gives every decision ``turn_ms``; once that is spent the seat draws on its
**bank** (``bank_ms`` for the whole game at the start), and each of the seat's own moves adds
``increment_ms`` back to it. ``grace_ms`` is how long a disconnected seat keeps its seat before
a bot moves for it at once. A seat's decision runs out at ``start + turn + bank``
(:func:`decision_deadline`); when it moves, :func:`bank_after` says what is left of its bank.

:class:`SeatClocks` is every seat's side of it at one moment (when its decision began, its bank,
its timeouts in a row), moved on by :meth:`SeatClocks.moved` after each move and
:meth:`SeatClocks.restarted` after a resume: the engine keeps it with the table to show it,
the worker follows the same steps to enforce it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The longest any one setting may be: a day.
MAX_SECONDS = 86_400


@dataclass(frozen=True, slots=True)
class ClockPolicy:
    """A table's clock, in milliseconds; all zero = no clock at all."""

    turn_ms: int = 0
    bank_ms: int = 0
    increment_ms: int = 0
    grace_ms: int = 0

    @classmethod
    def from_seconds(
        cls, turn: int = 0, bank: int = 0, increment: int = 0, grace: int = 0
    ) -> ClockPolicy:
        return cls(turn * 1000, bank * 1000, increment * 1000, grace * 1000)

    @property
    def timed(self) -> bool:
        """Whether decisions run out at all."""
        return self.turn_ms > 0


def problem(turn: int, bank: int, increment: int, grace: int) -> str | None:
    """Why these settings (in seconds) make no clock, as a sentence; ``None`` if they do."""
    for name, value in (
        ("turn_seconds", turn),
        ("bank_seconds", bank),
        ("increment_seconds", increment),
        ("grace_seconds", grace),
    ):
        if not 0 <= value <= MAX_SECONDS:
            return f"{name} must be from 0 to {MAX_SECONDS} (a day); got {value}"
    if not turn and (bank or increment):
        return (
            "a time bank or increment needs a time per decision: set turn_seconds, "
            "or leave bank_seconds and increment_seconds at 0"
        )
    return None


def turn_deadline(policy: ClockPolicy, start_ms: int) -> int:
    """When the time per decision of a decision begun at ``start_ms`` runs out (0 = never)."""
    return start_ms + policy.turn_ms if policy.timed else 0


def decision_deadline(policy: ClockPolicy, start_ms: int, bank_ms: int) -> int:
    """When a seat with ``bank_ms`` left must have moved (0 = never): turn time, then bank."""
    return start_ms + policy.turn_ms + max(0, bank_ms) if policy.timed else 0


def bank_after(
    policy: ClockPolicy, bank_ms: int, start_ms: int, moved_ms: int, own_move: bool
) -> int:
    """The seat's bank after it moved at ``moved_ms`` in a decision begun at ``start_ms``.

    Time beyond the turn time comes out of the bank (never below 0); the seat's own move then
    earns the increment. A move made for the seat (a timeout, a bot for a disconnected seat)
    earns nothing.
    """
    if not policy.timed:
        return bank_ms
    over = max(0, moved_ms - start_ms - policy.turn_ms)
    left = max(0, bank_ms - over)
    return left + policy.increment_ms if own_move else left


def grace_deadline(policy: ClockPolicy, disconnected_ms: int) -> int:
    """When a seat disconnected at ``disconnected_ms`` is moved for at once (0 = never)."""
    return disconnected_ms + policy.grace_ms if policy.grace_ms else 0


def away(policy: ClockPolicy, disconnected_ms: int | None, now_ms: int) -> bool:
    """Whether a seat (``disconnected_ms`` None = connected) is past its grace at ``now_ms``."""
    if disconnected_ms is None or not policy.grace_ms:
        return False
    return now_ms >= grace_deadline(policy, disconnected_ms)


@dataclass(frozen=True, slots=True)
class SeatDeadline:
    """One seat's clock as shown: its bank, and (while the table waits for it) when its
    decision began, when its time per decision runs out and when it is moved for."""

    seat: int
    bank_ms: int
    deciding: bool
    since_ms: int = 0
    turn_deadline_ms: int = 0
    deadline_ms: int = 0
    timeouts_in_row: int = 0


@dataclass(frozen=True, slots=True)
class SeatClocks:
    """Every seat's clock at one moment. ``started``: when each seat the table waits for began
    its decision; ``banks``: the bank left of seats whose bank changed from the policy's
    starting bank; ``timeouts``: moves made for a seat in a row (a forced move counts one, an
    own move clears them)."""

    started: dict[int, int]
    banks: dict[int, int]
    timeouts: dict[int, int]

    @classmethod
    def begin(cls, waiting: list[int] | tuple[int, ...], at_ms: int) -> SeatClocks:
        """The clocks of a table whose first decision begins at ``at_ms``."""
        return cls({seat: at_ms for seat in waiting}, {}, {})

    def bank(self, policy: ClockPolicy, seat: int) -> int:
        return self.banks.get(seat, policy.bank_ms)

    def moved(
        self,
        policy: ClockPolicy,
        mover: int,
        forced: bool,
        waiting: list[int] | tuple[int, ...],
        at_ms: int,
    ) -> SeatClocks:
        """After ``mover`` moved at ``at_ms`` (``forced``: made for it at its timeout), the
        table waits for ``waiting``. The mover pays its time beyond the turn time from its
        bank (see :func:`bank_after`). A seat still deciding after *another* seat moved keeps
        its start (sealed bids: others' moves never give it more time); after its own move a
        decision is new."""
        banks = dict(self.banks)
        start = self.started.get(mover)
        if policy.timed and start is not None:
            banks[mover] = bank_after(policy, self.bank(policy, mover), start, at_ms, not forced)
        timeouts = dict(self.timeouts)
        timeouts[mover] = timeouts.get(mover, 0) + 1 if forced else 0
        return SeatClocks(self.decisions(waiting, at_ms, mover), banks, timeouts)

    def decisions(
        self, waiting: list[int] | tuple[int, ...], at_ms: int, mover: int | None = None
    ) -> dict[int, int]:
        """When each seat of ``waiting`` began the decision it is in at ``at_ms``, after
        ``mover`` moved (None: nobody, the table only changed): a seat still deciding keeps its
        start unless it is the mover; a seat newly waited for begins at ``at_ms``."""
        return {
            seat: self.started[seat] if seat != mover and seat in self.started else at_ms
            for seat in waiting
        }

    def restarted(self, waiting: list[int] | tuple[int, ...], at_ms: int) -> SeatClocks:
        """After a pause: every seat the table waits for starts its decision afresh."""
        return SeatClocks({seat: at_ms for seat in waiting}, dict(self.banks), dict(self.timeouts))

    def shown(self, policy: ClockPolicy, seats: int, running: set[int]) -> list[SeatDeadline]:
        """Each of ``seats`` seats' clock; deadlines only for those in ``running`` (the seats
        the table waits for whose clock runs: not a bot's, not while paused)."""
        out = []
        for seat in range(seats):
            bank = self.bank(policy, seat)
            since = self.started.get(seat)
            if since is None or seat not in running or not policy.timed:
                out.append(
                    SeatDeadline(
                        seat, bank, since is not None, timeouts_in_row=self.timeouts.get(seat, 0)
                    )
                )
                continue
            out.append(
                SeatDeadline(
                    seat,
                    bank,
                    True,
                    since,
                    turn_deadline(policy, since),
                    decision_deadline(policy, since, bank),
                    self.timeouts.get(seat, 0),
                )
            )
        return out

    def to_json(self) -> dict[str, dict[str, int]]:
        return {
            "started": {str(k): v for k, v in self.started.items()},
            "banks": {str(k): v for k, v in self.banks.items()},
            "timeouts": {str(k): v for k, v in self.timeouts.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, dict[str, int]]) -> SeatClocks:
        def ints(name: str) -> dict[int, int]:
            return {int(k): int(v) for k, v in data.get(name, {}).items()}

        return cls(ints("started"), ints("banks"), ints("timeouts"))


__all__ = [
    "MAX_SECONDS",
    "ClockPolicy",
    "SeatClocks",
    "SeatDeadline",
    "away",
    "bank_after",
    "decision_deadline",
    "grace_deadline",
    "problem",
    "turn_deadline",
]
