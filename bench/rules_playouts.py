"""Random Oh Hell playouts in our pure-Python rules core, beside OpenSpiel's C++ ``oh_hell``.

Both sides run the same loop in the same process: ask who decides, list the legal actions,
pick one at random, apply it. OpenSpiel deals through explicit chance nodes, which we count as
part of its work (our deal is part of applying the last play of a hand), so the fair unit is
the *player decision* (a bid or a card): we report microseconds per decision and decisions per
second for both, and the ratio. OpenSpiel cannot deal 13 cards to 4 players, so its game is one
12-trick hand; ours is the full 13-hand schedule for 4 players. Slices of each alternate so
that machine noise hits both alike; the median slice is reported.

Run: ``python -m bench.rules_playouts [--seconds S] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from tqdm import tqdm

from inferno_rules import get_game

from .report import DOCS, write_section


@dataclass
class Slice:
    games: int
    decisions: int
    seconds: float


def ours(seconds: float, rng: random.Random) -> Slice:
    game = get_game("oh_hell")
    legal_actions, apply, to_act, is_over = (
        game.legal_actions,
        game.apply,
        game.to_act,
        game.is_over,
    )
    choice = rng.choice
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(4, {}, f"bench-{rng.random()}")
        while not is_over(state):
            seat = to_act(state)[0]
            state = apply(state, seat, choice(legal_actions(state, seat))).state
            decisions += 1
        games += 1
    return Slice(games, decisions, time.perf_counter() - start)


def inferno_2005(seconds: float, rng: random.Random) -> Slice:
    """The second game, for its own playout rate (no OpenSpiel counterpart exists)."""
    game = get_game("inferno")
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(4, {}, f"bench-{rng.random()}")
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state
            decisions += 1
        games += 1
    return Slice(games, decisions, time.perf_counter() - start)


def openspiel(seconds: float, rng: random.Random) -> Slice:
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
    choice = rng.choice
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        games += 1
    return Slice(games, decisions, time.perf_counter() - start)


def measure(
    runners: dict[str, Callable[[float, random.Random], Slice]], seconds: float, rounds: int
) -> dict[str, list[Slice]]:
    results: dict[str, list[Slice]] = {name: [] for name in runners}
    rng = random.Random(2026)
    with tqdm(total=rounds * len(runners), desc="oh_hell playouts", unit="slice") as bar:
        for _ in range(rounds):
            for name, run in runners.items():
                results[name].append(run(seconds, rng))
                bar.update()
    return results


def plot(us_per_decision: dict[str, float], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 2.8))
    names = list(us_per_decision)
    ax.barh(names, [us_per_decision[n] for n in names], color=["#c0392b", "#7f8c8d"])
    ax.set_xlabel("µs per player decision (lower is faster)")
    ax.set_title("Random Oh Hell playouts (same machine, same run)", fontsize=10)
    ax.set_xlim(0, max(us_per_decision.values()) * 1.2)
    for i, name in enumerate(names):
        ax.text(us_per_decision[name], i, f" {us_per_decision[name]:.2f}", va="center")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=5, help="slices per side")
    args = parser.parse_args()

    results = measure(
        {"inferno": ours, "openspiel": openspiel, "inferno_2005": inferno_2005},
        args.seconds,
        args.rounds,
    )

    def rate(slices: list[Slice], what: str) -> float:
        return statistics.median(getattr(s, what) / s.seconds for s in slices)

    ours_dps, os_dps = (
        rate(results["inferno"], "decisions"),
        rate(results["openspiel"], "decisions"),
    )
    ours_gps, os_gps = rate(results["inferno"], "games"), rate(results["openspiel"], "games")
    i5_dps = rate(results["inferno_2005"], "decisions")
    i5_gps = rate(results["inferno_2005"], "games")
    ratio = ours_dps / os_dps
    us = {
        "inferno (pure Python)": 1e6 / ours_dps,
        "OpenSpiel oh_hell (C++ via pybind)": 1e6 / os_dps,
    }
    plot(us, str(DOCS / "benchmarks" / "rules_playouts.png"))
    verdict = "meets" if ratio >= 1 else "misses"
    table = "\n".join(
        [
            "## Rules core: random Oh Hell playouts vs OpenSpiel",
            "",
            "| | games/s | player decisions/s | µs per decision |",
            "|---|---:|---:|---:|",
            f"| inferno, 4 players, full game (13 hands, 416 decisions) | {ours_gps:,.1f} "
            f"| {ours_dps:,.0f} | {1e6 / ours_dps:.2f} |",
            f"| OpenSpiel `oh_hell`, 4 players, one 12-trick hand (52 decisions + chance) "
            f"| {os_gps:,.0f} | {os_dps:,.0f} | {1e6 / os_dps:.2f} |",
            f"| Inferno (2005), 4 players, full match of 4+ rounds (random play) | {i5_gps:,.1f} "
            f"| {i5_dps:,.0f} | {1e6 / i5_dps:.2f} |",
            "",
            f"**Ratio (inferno ÷ OpenSpiel decisions per second): {ratio:.2f}** — {verdict} the "
            "goal of at least 1.0.",
            f"Median of {args.rounds} alternating {args.seconds:g}-second slices per side.",
            "",
            "![µs per decision](benchmarks/rules_playouts.png)",
        ]
    )
    print(table)
    write_section("rules_playouts", table)


if __name__ == "__main__":
    main()
