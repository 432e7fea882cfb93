"""The clock a player can see (issue 14.2): the table's policy, whose clock runs and how much
is left, each seat's bank, warnings before a timeout and before a hand-over to a bot; and the
creator chooses the clock in ``inferno create`` (defaults in ``--help``)."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from inferno_cli.__main__ import _timeout_at, main
from inferno_cli.clocks import clock_lines, warnings
from inferno_cli.render import render
from inferno_proto import engine_pb2
from tests.integration.stack_process import StackProcess, run_cli

NOW = 1_800_000_000_000


def _view(your_seat: int | None = 0) -> engine_pb2.GetViewResponse:
    view = engine_pb2.GetViewResponse(
        table_id="t1",
        version=3,
        game="oh_hell",
        status=engine_pb2.TABLE_STATUS_LIVE,
        seats=[engine_pb2.Seat(seat=0, name="dante"), engine_pb2.Seat(seat=1, name="virgil")],
        decision=engine_pb2.Decision(seats=[0], waiting_on=[0]),
    )
    if your_seat is not None:
        view.your_seat = your_seat
    c = view.clocks
    c.server_time_ms, c.turn_seconds, c.bank_seconds, c.increment_seconds = NOW, 30, 120, 5
    c.deadline_ms, c.decision_since_ms, c.hand_over_after = NOW + 12_000, NOW - 18_000, 3
    c.seats.add(
        seat=0, bank_ms=120_000, deciding=True, since_ms=NOW - 18_000,
        turn_deadline_ms=NOW + 12_000, deadline_ms=NOW + 132_000,
    )  # fmt: skip
    c.seats.add(seat=1, bank_ms=95_000)
    return view


def test_whose_clock_runs_how_much_is_left_and_every_bank() -> None:
    text = render(_view())
    assert "clock: 30 s per decision, bank 2:00, +5 s per move, 3 timeouts in a row" in text
    assert "⏱ you: 12 s to decide, then bank 2:00" in text
    assert "banks: you 2:00, virgil 1:35" in text
    assert "⚠" not in text  # 2:12 before the timeout: no warning yet


def test_a_seat_on_its_bank_is_warned_before_the_timeout_and_the_hand_over() -> None:
    view = _view()
    view.clocks.server_time_ms = NOW + 122_000  # 110 s into the bank: 10 s left
    lines = clock_lines(view)
    assert "⏱ you: on the bank: 10 s left" in lines
    assert "banks: you 10 s, virgil 1:35" in lines
    assert "⚠ 10 s left to move: then the game's default move is made for you (a timeout)" in lines
    view.clocks.seats[0].timeouts_in_row = 2  # one more and the seat goes to a bot
    lines = warnings(view)
    assert lines[0] == "⚠ 10 s left to move: then a bot takes your seat for the rest of the game"
    assert "you timed out 2 time(s) in a row: 1 more and a bot takes your seat" in lines[1]


def test_spectators_and_other_seats_get_no_warning_and_no_clock_means_no_lines() -> None:
    view = _view(your_seat=None)
    view.clocks.server_time_ms = NOW + 122_000
    assert warnings(view) == [] and "⚠" not in render(view)
    assert "⏱ dante: on the bank: 10 s left" in render(view)
    other = _view(your_seat=1)
    other.clocks.server_time_ms = NOW + 122_000
    assert warnings(other) == []
    bare = _view()
    bare.ClearField("clocks")
    assert clock_lines(bare) == []


def test_an_engine_without_seat_clocks_still_shows_the_policy_and_the_deadline() -> None:
    view = _view()
    del view.clocks.seats[:]
    lines = clock_lines(view)
    assert lines[0].startswith("clock: 30 s per decision")
    assert "⏱ time per decision left: 12 s, then the bank" in lines


def test_the_prompt_knows_when_to_warn() -> None:
    view = _view()
    assert _timeout_at(view) is not None  # 132 s ahead: the prompt warns 15 s before
    view.clocks.server_time_ms = NOW + 122_000
    assert _timeout_at(view) is None  # 10 s: the drawing warned already
    assert _timeout_at(_view(your_seat=None)) is None


def test_create_help_shows_the_clock_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["create", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--turn-seconds TURN_SECONDS time per decision, 1–3600 (default: 30)" in out
    assert "(default: 120)" in out and "--increment-seconds" in out
    assert "--spectator-delay" in out


def test_the_creator_chooses_the_clock_and_the_table_shows_it(
    stack: StackProcess, tmp_path: Path
) -> None:
    session = tmp_path / "s.json"
    done = run_cli(stack, session, "signup", f"p{uuid.uuid4().hex[:10]}", "--password", "pw-123456")
    assert done.returncode == 0, done.stderr
    done = run_cli(stack, session, "--json", "create", "--players", "3", "--turn-seconds", "45",
                   "--bank-seconds", "90", "--increment-seconds", "2")  # fmt: skip
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout)
    assert table["clock"] == {"decision_seconds": 45, "time_bank_seconds": 90,
                              "increment_seconds": 2}  # fmt: skip
    for step in (("bots", table["id"], "--count", "2"), ("start", table["id"])):
        assert run_cli(stack, session, *step).returncode == 0
    shown = run_cli(stack, session, "view", table["id"])
    assert shown.returncode == 0, shown.stderr
    assert "clock: 45 s per decision, bank 1:30, +2 s per move" in shown.stdout, shown.stdout
    bad = run_cli(stack, session, "create", "--turn-seconds", "0")
    assert bad.returncode == 1 and "decision_seconds" in bad.stderr


def test_a_real_time_table_shows_no_turn_clock() -> None:
    view = _view()
    view.game = "burn_in_hell"
    del view.clocks.seats[:]
    view.clocks.game_time_ms = 12_000
    assert clock_lines(view) == []


def test_clock_lines_do_not_carry_the_seat_mark() -> None:
    """The seat line's "← you" marks what only your moves change; the clock changes alone."""
    assert not [line for line in clock_lines(_view()) if "← you" in line]
