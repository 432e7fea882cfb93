"""The bot arena: its inputs are checked, seats rotate fairly, results do not depend on the
number of processes, the command writes its plot and summary, and over 500 games the
heuristic Oh Hell bot beats the random bot with p < 0.01."""

from __future__ import annotations

import collections
import math

import pytest

from inferno_worker.arena import main
from inferno_worker.arena_report import ahead, console_table
from inferno_worker.arena_run import DealRecord, make_spec, run_arena, summarise


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, r"no game is called 'chess'"),
        ({"bots": ["heuristic", "genius"]}, r"no bot called 'genius' plays oh_hell"),
        ({"players": 8}, r"Oh Hell seats 3 to 7 players; got 8"),
        ({"players": 3, "bots": ["random"] * 4}, r"4 bots do not fit at 3 seats"),
        ({"bots": []}, r"name at least one bot"),
        ({"games": 0}, r"play at least one game; got 0"),
        ({"seed": ""}, r"the seed must not be empty"),
        (
            {"options": {"ORDER": "SIDEWAYS"}},
            r"option ORDER must be one of ASC, DESC, UP_DOWN, DOWN_UP; got 'SIDEWAYS'$",
        ),
        ({"options": {"TRUMPS": True}}, r"Oh Hell has no option 'TRUMPS'; its options are: HOOK"),
        (
            {"options": {"HOOK": True, "SIMULTANEOUS_BIDS": True}},
            r"cannot be combined.*\(allowed: SIMULTANEOUS_BIDS=false while HOOK is on\)",
        ),
    ],
)
def test_bad_arena_input_is_refused_with_a_reason(kwargs: dict, message: str) -> None:
    args = {"game": "oh_hell", "players": 4, "bots": ["heuristic", "random"], "games": 8}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        make_spec(**args)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "no game is called 'chess'"),
        (["--bots", "genius"], "no bot called 'genius'"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--games", "4"], "play at least 8 games"),
        (["--option", "HOOK"], "options look like NAME=VALUE"),
        (["--option", "HOOK=maybe"], "option HOOK must be true or false; got 'maybe'"),
        (["--players", "four"], "invalid int value"),
    ],
)
def test_the_command_refuses_bad_arguments_plainly(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--quiet", "--no-files"])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_every_bot_holds_every_seat_equally_often() -> None:
    spec = make_spec("oh_hell", 3, ["heuristic", "random"], 30)
    assert spec.lineup == ("heuristic", "random", "heuristic")
    assert spec.deals == 10 and spec.games == 30
    for seat in range(3):
        held = collections.Counter(spec.seating(turn)[seat] for turn in range(3))
        assert held == {"heuristic": 2, "random": 1}
    # Games round up to whole deals of one game per seating.
    assert make_spec("oh_hell", 4, ["heuristic", "random"], 10).games == 12


def test_the_summary_pairs_the_bots_deal_by_deal() -> None:
    spec = make_spec("oh_hell", 4, ["heuristic", "random"], 12)
    # Differences 2, 4, -9 (the example of test_stats, one sign flipped).
    scores = [(12.0, 10.0), (34.0, 30.0), (41.0, 50.0)]
    report = summarise(spec, [DealRecord({"heuristic": h, "random": r}) for h, r in scores], 2.0)
    assert report.means["heuristic"].mean == 29 and report.means["random"].mean == 30
    ((a, b, test),) = report.comparisons
    assert (a, b) == ("heuristic", "random")
    # mean −1, deviations 3, 5, −8: variance 98 / 2 = 49, standard error 7 / sqrt(3)
    assert test.t == pytest.approx(-1 / (7 / math.sqrt(3)))
    assert ahead(report, "heuristic", "random") == 2
    assert ahead(report, "random", "heuristic") == 1
    assert "heuristic ahead on 2 of 3 deals" in console_table(report)


def test_results_depend_on_the_seed_not_on_the_processes() -> None:
    spec = make_spec("oh_hell", 3, ["heuristic", "random"], 12, "jobs", {"ORDER": "DESC"})
    one = run_arena(spec, jobs=1, progress=False)
    two = run_arena(spec, jobs=2, progress=False)
    assert one.per_deal == two.per_deal and one.made == two.made
    other = run_arena(
        make_spec("oh_hell", 3, ["heuristic", "random"], 12, "jobs-2", {"ORDER": "DESC"}),
        jobs=1,
        progress=False,
    )
    assert other.per_deal != one.per_deal


def test_the_command_prints_the_figures_and_writes_the_plot_and_summary(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "--players",
            "3",
            "--games",
            "12",
            "--option",
            "ORDER=DESC",
            "--option",
            "HOOK=true",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            str(tmp_path),
            "--name",
            "small",
            "--seed",
            "s",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "heuristic - random:" in out and "paired t(3)" in out and "ahead on" in out
    png = (tmp_path / "small.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    summary = (tmp_path / "small.md").read_text()
    assert "| heuristic |" in summary and "| random |" in summary
    assert "HOOK=True" in summary and "ORDER=DESC" in summary
    assert "--name small" in summary  # the command that reproduces it
    assert "![oh_hell arena](small.png)" in summary


def test_list_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list-bots"]) == 0
    assert capsys.readouterr().out.split() == ["heuristic", "random"]


def test_the_heuristic_beats_random_over_500_games() -> None:
    """The issue's bar: over at least 500 games (4 players, the full ASC schedule of 13
    hands), the heuristic's mean score is higher and the paired test gives p < 0.01."""
    spec = make_spec("oh_hell", 4, ["heuristic", "random"], 500, seed="ci")
    report = run_arena(spec, jobs=2, progress=False)
    assert spec.games >= 500
    heuristic, random_ = report.means["heuristic"], report.means["random"]
    assert heuristic.n == random_.n == 125
    ((a, b, test),) = report.comparisons
    assert (a, b) == ("heuristic", "random")
    assert heuristic.mean > random_.mean and test.difference.low > 0
    assert test.p < 0.01


def test_burn_in_hell_plays_on_a_simulated_clock_and_reports(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real-time game in the arena: bots get chances on a simulated game clock, so a few
    one-round games take seconds; the heuristic beats random even over these few deals (the
    full run is in docs/arena/burn_in_hell.md)."""
    spec = make_spec("burn_in_hell", 4, ["heuristic", "random"], 12, "ci", {"MATCH": "OPEN"})
    report = run_arena(spec, jobs=1, progress=False)
    assert report.spec.options == (("DEAL_INTERVAL_MS", 2000), ("MATCH", "OPEN"))
    assert report.made == {}  # no bids in this game
    heuristic, random_ = report.means["heuristic"], report.means["random"]
    assert heuristic.n == random_.n == 3
    ((_, _, test),) = report.comparisons
    assert heuristic.mean > random_.mean and test.p < 0.01
    # Thousands of chances to act per game (passes included), in well under a second each.
    assert report.decisions > 12 * 1000 and report.seconds < 12 * 2.5
    code = main(
        [
            "--game",
            "burn_in_hell",
            "--games",
            "8",
            "--option",
            "MATCH=OPEN",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            str(tmp_path),
            "--seed",
            "s",
        ]
    )
    assert code == 0
    assert "heuristic - random:" in capsys.readouterr().out
    summary = (tmp_path / "burn_in_hell.md").read_text()
    assert "MATCH=OPEN" in summary and "![burn_in_hell arena](burn_in_hell.png)" in summary
    assert (tmp_path / "burn_in_hell.png").read_bytes().startswith(b"\x89PNG")
