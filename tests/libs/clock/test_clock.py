"""The shared clock arithmetic: deadlines, bank use, increment, grace, and bad settings."""

from __future__ import annotations

import pytest

from inferno_clock import (
    ClockPolicy,
    away,
    bank_after,
    decision_deadline,
    grace_deadline,
    problem,
    turn_deadline,
)

POLICY = ClockPolicy.from_seconds(turn=10, bank=30, increment=2, grace=15)


def test_seconds_become_milliseconds() -> None:
    assert ClockPolicy(10_000, 30_000, 2_000, 15_000) == POLICY
    assert POLICY.timed and not ClockPolicy().timed


def test_deadlines_are_turn_time_then_bank() -> None:
    assert turn_deadline(POLICY, 1_000) == 11_000
    assert decision_deadline(POLICY, 1_000, 30_000) == 41_000
    assert decision_deadline(POLICY, 1_000, 0) == turn_deadline(POLICY, 1_000)
    # No clock: nothing ever runs out, whatever the bank.
    assert turn_deadline(ClockPolicy(), 1_000) == 0
    assert decision_deadline(ClockPolicy(), 1_000, 5_000) == 0


def test_a_quick_move_keeps_the_bank_and_earns_the_increment() -> None:
    assert bank_after(POLICY, 30_000, 0, 9_999, own_move=True) == 32_000
    assert bank_after(POLICY, 30_000, 0, 10_000, own_move=True) == 32_000


def test_a_slow_move_pays_from_the_bank() -> None:
    assert bank_after(POLICY, 30_000, 0, 14_000, own_move=True) == 26_000 + 2_000
    # Over the whole bank: it is empty, never negative; the increment still comes after.
    assert bank_after(POLICY, 30_000, 0, 99_000, own_move=True) == 2_000


def test_a_move_made_for_the_seat_earns_nothing() -> None:
    # A timeout comes when turn time and bank are both spent.
    timeout_at = decision_deadline(POLICY, 0, 30_000)
    assert bank_after(POLICY, 30_000, 0, timeout_at, own_move=False) == 0
    # A bot moving at once for a disconnected seat spends (almost) nothing of the bank.
    assert bank_after(POLICY, 30_000, 0, 5, own_move=False) == 30_000


def test_without_a_clock_the_bank_never_changes() -> None:
    assert bank_after(ClockPolicy(), 7, 0, 10**9, own_move=True) == 7


def test_grace() -> None:
    assert grace_deadline(POLICY, 100) == 15_100
    assert not away(POLICY, None, 10**9), "a connected seat is never away"
    assert not away(POLICY, 100, 15_099)
    assert away(POLICY, 100, 15_100)
    # Grace 0: a disconnect changes nothing; only the clock acts.
    assert grace_deadline(ClockPolicy(turn_ms=1), 100) == 0
    assert not away(ClockPolicy(turn_ms=1), 100, 10**9)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ((0, 30, 0, 0), "needs a time per decision"),
        ((0, 0, 5, 0), "needs a time per decision"),
        ((86_401, 0, 0, 0), "turn_seconds must be from 0 to 86400"),
        ((10, -1, 0, 0), "bank_seconds must be from 0"),
        ((10, 0, 0, 90_000), "grace_seconds must be from 0"),
    ],
)
def test_nonsense_settings_are_named(settings: tuple[int, int, int, int], words: str) -> None:
    message = problem(*settings)
    assert message is not None and words in message


@pytest.mark.parametrize("settings", [(0, 0, 0, 0), (30, 120, 5, 60), (0, 0, 0, 60), (5, 0, 0, 0)])
def test_sensible_settings_pass(settings: tuple[int, int, int, int]) -> None:
    assert problem(*settings) is None
