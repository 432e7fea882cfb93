"""The heuristic Num Inferno bot: hand-made positions for its rules of thumb, and the arena's
bar (it beats the random bot over 400 games with a paired test)."""

from __future__ import annotations

import random
from typing import Any

from inferno_rules import Action
from inferno_worker.arena_run import make_spec, run_arena
from inferno_worker.bots import bot_names, get_bot

BOT = get_bot("num_inferno", "heuristic")
PASS = Action("pass", None)


def play(*cards: str) -> Action:
    return Action("play", list(cards))


def view(hand: list[str], **trick: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "num_inferno",
        "seat": 0,
        "hand": hand,
        "hand_sizes": [len(hand), 20, 20, 20],
        "direction": "UP",
        "req_count": None,
        "ref_value": None,
        "status": "OPEN",
    }
    return base | trick


def choose(v: dict[str, Any], legal: list[Action]) -> Action:
    return BOT.choose(v, legal, random.Random(0))


def test_the_heuristic_is_registered_beside_random() -> None:
    assert set(bot_names("num_inferno")) >= {"heuristic", "random"}


def test_leading_sheds_the_largest_weak_group_and_keeps_the_jokers() -> None:
    hand = ["2R", "2V", "2B", "9R", "15R", "JOKER1"]
    legal = [play("2R"), play("2R", "2V", "2B"), play("2R", "2V", "2B", "JOKER1"), play("15R")]
    assert choose(view(hand), legal) == play("2R", "2V", "2B")
    assert choose(view(hand, direction="DOWN"), [play("2R"), play("15R")]) == play("15R")


def test_a_play_that_would_leave_the_hand_blocked_is_avoided() -> None:
    # Leading 3R would leave only Infinis: a blocked hand, ranked last. Shed an Infini first.
    assert choose(view(["3R", "INF1", "INF2"]), [play("3R"), play("INF1")]) == play("INF1")
    # Following: the only play would block the hand, so pass.
    v = view(["15R", "INF1"], req_count=1, ref_value=14)
    assert choose(v, [PASS, play("15R")]) == PASS


def test_the_numx_answers_a_cut_trick() -> None:
    hand = ["4R", "5R", "9B", "NUMX"]
    v = view(hand, req_count=1, status="CUT")
    assert choose(v, [PASS, play("NUMX")]) == play("NUMX")


def test_a_play_that_closes_the_trick_wins_the_lead_when_following() -> None:
    hand = ["5R", "5RB", "5SH", "9R", "9V", "12B"]
    v = view(hand, req_count=2, ref_value=4)
    assert choose(v, [PASS, play("9R", "9V"), play("5RB", "5SH")]) == play("5RB", "5SH")


def test_going_out_comes_first() -> None:
    v = view(["13R", "13V"], req_count=1, ref_value=3)
    assert choose(v, [PASS, play("13R"), play("13V")]) in (play("13R"), play("13V"))
    assert choose(view(["13R", "13V"]), [play("13R"), play("13R", "13V")]) == play("13R", "13V")


def test_the_heuristic_beats_random_over_400_games() -> None:
    """The issue's bar: over at least 400 games (4 players, H R H R rotated over every seat),
    the heuristic's mean placement points are higher and the paired test gives p < 0.01."""
    spec = make_spec("num_inferno", 4, ["heuristic", "random"], 400, seed="ci")
    report = run_arena(spec, jobs=2, progress=False)
    assert spec.games >= 400 and not report.lower_score_wins
    heuristic, random_ = report.means["heuristic"], report.means["random"]
    ((a, b, test),) = report.comparisons
    assert (a, b) == ("heuristic", "random")
    assert heuristic.mean > random_.mean and test.difference.low > 0
    assert test.p < 0.01
