"""Random Oh Hell playouts in our rules core, pure Python and compiled, beside OpenSpiel's C++.

Every side runs the same loop: ask who decides, list the legal actions, pick one at random,
apply it. OpenSpiel deals through explicit chance nodes, which we count as part of its work
(our deal is part of applying the last play of a hand), so the fair unit is the *player
decision* (a bid or a card): we report the process CPU time per decision (it does not count
time lost to other programs on a shared machine), decisions per second, and the ratio to
OpenSpiel. OpenSpiel cannot deal 13 cards to 4 players, so its game is one 12-trick hand; ours
is the full 13-hand schedule for 4 players. Dante's Inferno never ends without a cap, so every
game is played with its short match's options (``GameInfo.short_options()``: a round cap of 3;
none for the card games), and the seat asked is one the table waits for (``waiting_on``: in its
MAIN step, the active player or a seat with an offer to answer).

The rules core is chosen at import (``INFERNO_RULES_IMPL``, see ``inferno_rules.native``), so
each slice runs in a fresh process: the pure-Python source, the mypyc build when there is one
(``make install`` builds it), and OpenSpiel, in turn, so machine noise hits all alike; the
median slice is reported. Inferno (2005), Num Inferno and Dante's Inferno have no OpenSpiel
counterpart; their own rates are shown.

Run: ``python -m bench.rules_playouts [--seconds S] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass

from tqdm import tqdm

from .report import DOCS, write_section


@dataclass
class Slice:
    games: int
    decisions: int
    seconds: float  # wall clock
    cpu: float  # process CPU time

    @property
    def us_per_decision(self) -> float:
        return 1e6 * self.cpu / self.decisions


def ours(name: str, seconds: float, rng: random.Random) -> Slice:
    from inferno_rules import get_game

    game = get_game(name)
    legal_actions, apply, waiting_on, is_over = (
        game.legal_actions,
        game.apply,
        game.waiting_on,
        game.is_over,
    )
    options = game.info.short_options()
    choice = rng.choice
    games = decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = game.new_game(4, options, f"bench-{rng.random()}")
        while not is_over(state):
            seat = waiting_on(state)[0]
            state = apply(state, seat, choice(legal_actions(state, seat))).state
            decisions += 1
        games += 1
    return Slice(games, decisions, time.perf_counter() - start, time.process_time() - cpu)


def openspiel(seconds: float, rng: random.Random) -> Slice:
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
    choice = rng.choice
    games = decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        games += 1
    return Slice(games, decisions, time.perf_counter() - start, time.process_time() - cpu)


#: side → (what runs, INFERNO_RULES_IMPL for its process)
SIDES = {
    "oh_hell pure": ("oh_hell", "pure"),
    "oh_hell compiled": ("oh_hell", "compiled"),
    "openspiel": ("openspiel", "pure"),
    "inferno_2005 pure": ("inferno", "pure"),
    "inferno_2005 compiled": ("inferno", "compiled"),
    "num_inferno pure": ("num_inferno", "pure"),
    "num_inferno compiled": ("num_inferno", "compiled"),
    "dantes_inferno pure": ("dantes_inferno", "pure"),
    "dantes_inferno compiled": ("dantes_inferno", "compiled"),
}


def run_slice(side: str, seconds: float, seed: int) -> Slice:
    """One slice of ``side`` in a fresh process with its implementation of the rules core."""
    what, impl = SIDES[side]
    env = {**os.environ, "INFERNO_RULES_IMPL": impl}
    command = [sys.executable, "-m", "bench.rules_playouts", "--slice", what]
    out = subprocess.run(
        [*command, "--seconds", str(seconds), "--seed", str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return Slice(**json.loads(out.stdout))


def compiled_available() -> bool:
    from inferno_rules import native

    return native.unusable_because(native.build_dir()) is None


def measure(sides: list[str], seconds: float, rounds: int) -> dict[str, list[Slice]]:
    results: dict[str, list[Slice]] = {side: [] for side in sides}
    with tqdm(total=rounds * len(sides), desc="rules playouts", unit="slice") as bar:
        for r in range(rounds):
            for side in sides:
                results[side].append(run_slice(side, seconds, seed=2026 + r))
                bar.update()
    return results


def plot(us_per_decision: dict[str, float], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 0.6 + 0.55 * len(us_per_decision)))
    names = list(us_per_decision)
    colours = ["#7f8c8d" if "OpenSpiel" in n else "#c0392b" for n in names]
    ax.barh(names, [us_per_decision[n] for n in names], color=colours)
    ax.invert_yaxis()
    ax.set_xlabel("µs of CPU per player decision (lower is faster)")
    ax.set_title("Random Oh Hell playouts (same machine, same run)", fontsize=10)
    ax.set_xlim(0, max(us_per_decision.values()) * 1.25)
    for i, name in enumerate(names):
        ax.text(us_per_decision[name], i, f" {us_per_decision[name]:.2f}", va="center")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def report(results: dict[str, list[Slice]], seconds: float, rounds: int) -> str:
    def dps(side: str) -> float:  # decisions per CPU second
        return statistics.median(s.decisions / s.cpu for s in results[side])

    def gps(side: str) -> float:
        return statistics.median(s.games / s.cpu for s in results[side])

    os_dps = dps("openspiel")
    rows = [
        ("oh_hell pure", "inferno `oh_hell`, pure Python, 4 players, full game (416 decisions)"),
        ("oh_hell compiled", "inferno `oh_hell`, compiled (mypyc), same"),
        ("openspiel", "OpenSpiel `oh_hell` (C++ via pybind), one 12-trick hand (52 + chance)"),
        ("inferno_2005 pure", "Inferno (2005), pure Python, 4 players, full match"),
        ("inferno_2005 compiled", "Inferno (2005), compiled (mypyc), same"),
        ("num_inferno pure", "Num Inferno, pure Python, 4 players, full match (3 rounds)"),
        ("num_inferno compiled", "Num Inferno, compiled (mypyc), same"),
        ("dantes_inferno pure", "Dante's Inferno, pure Python, 4 players, 3 rounds (capped)"),
        ("dantes_inferno compiled", "Dante's Inferno, compiled (mypyc), same"),
    ]
    lines = [
        "## Rules core: random Oh Hell playouts vs OpenSpiel",
        "",
        "| | games/s | player decisions/s | µs CPU per decision | ÷ OpenSpiel |",
        "|---|---:|---:|---:|---:|",
    ]
    for side, label in rows:
        if side not in results:
            continue
        own_rate = side.startswith(("inferno_2005", "num_inferno", "dantes_inferno"))
        ratio = "" if own_rate else f"{dps(side) / os_dps:.2f}"
        lines.append(
            f"| {label} | {gps(side):,.1f} | {dps(side):,.0f} | {1e6 / dps(side):.2f} | {ratio} |"
        )
    lines.append("")
    for side in ("oh_hell pure", "oh_hell compiled"):
        if side in results:
            ratio = dps(side) / os_dps
            verdict = "meets" if ratio >= 1 else "misses"
            lines.append(
                f"- **{side}: {ratio:.2f}× OpenSpiel's decisions per CPU second** — {verdict} "
                "the goal of at least 1.0."
            )
    if "oh_hell compiled" not in results:
        lines.append("(No compiled build here: `make install` makes one where a C compiler is.)")
    lines += [
        "",
        f"Median of {rounds} alternating {seconds:g}-second slices per side, each in its own "
        f"process; load average at the end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.",
        'What the remaining time is, and how it was cut: `docs/rules-interface.md`, "Speed".',
        "",
        "![µs per decision](benchmarks/rules_playouts.png)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=5, help="slices per side")
    parser.add_argument(
        "--slice",
        choices=["oh_hell", "inferno", "num_inferno", "dantes_inferno", "openspiel"],
        help=argparse.SUPPRESS,
    )
    parser.add_argument("--seed", type=int, default=2026, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.slice:  # a child process: one slice, as JSON
        rng = random.Random(args.seed)
        if args.slice == "openspiel":
            done = openspiel(args.seconds, rng)
        else:
            done = ours(args.slice, args.seconds, rng)
        print(json.dumps(asdict(done)))
        return

    sides = [s for s in SIDES if "compiled" not in s or compiled_available()]
    results = measure(sides, args.seconds, args.rounds)
    us = {
        label: 1e6 * statistics.median(s.cpu / s.decisions for s in results[side])
        for side, label in (
            ("oh_hell pure", "oh_hell, pure Python"),
            ("oh_hell compiled", "oh_hell, compiled (mypyc)"),
            ("openspiel", "OpenSpiel oh_hell (C++)"),
        )
        if side in results
    }
    plot(us, str(DOCS / "benchmarks" / "rules_playouts.png"))
    table = report(results, args.seconds, args.rounds)
    print(table)
    write_section("rules_playouts", table)


if __name__ == "__main__":
    main()
