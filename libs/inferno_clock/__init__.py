"""Turn-clock arithmetic shared by the engine (what it shows) and the worker (what it enforces).

Pure functions over integers (milliseconds), standard library only, no I/O. A table's
:class:`ClockPolicy` gives every decision ``turn_ms``; once that is spent the seat draws on its
**bank** (``bank_ms`` for the whole game at the start), and each of the seat's own moves adds
``increment_ms`` back to it. ``grace_ms`` is how long a disconnected seat keeps its seat before
a bot moves for it at once. A seat's decision runs out at ``start + turn + bank``
(:func:`decision_deadline`); when it moves, :func:`bank_after` says what is left of its bank.
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


__all__ = [
    "MAX_SECONDS",
    "ClockPolicy",
    "away",
    "bank_after",
    "decision_deadline",
    "grace_deadline",
    "problem",
    "turn_deadline",
]
