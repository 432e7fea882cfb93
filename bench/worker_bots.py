"""How fast the bots decide, beside the bare rules core's ``apply`` in the same run.

A corpus of real Oh Hell positions is recorded first (4 players, full 13-hand games, heuristic
and random bots seated alternately): for each decision the state, the seat, the seat's view,
its legal actions and the action taken. Then, in alternating slices so machine noise hits all
alike, the same corpus is replayed through each of: the rules core's ``apply`` (the baseline),
``view`` for the seat (what a bot must be given), the random bot's ``choose`` and the heuristic
bot's ``choose``. The figures are calls per second and the ratio to ``apply``; a bot decision
in a live game costs roughly view + choose + apply.

Run: ``python -m bench.worker_bots [--seconds S] [--rounds R] [--games G]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from inferno_rules import Action, Viewer, get_game
from inferno_worker.bots import get_bot

from .report import write_section

GAME = get_game("oh_hell")
Record = tuple[Any, int, dict[str, Any], list[Action], Action]


def corpus(games: int) -> list[Record]:
    """Positions from real games, each with the view, legal actions and the move made."""
    records: list[Record] = []
    rng = random.Random(2026)
    for g in range(games):
        bots = [get_bot("oh_hell", ("heuristic", "random")[(s + g) % 2]) for s in range(4)]
        state = GAME.new_game(4, {}, f"bench-bots-{g}")
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, Viewer.of_seat(seat))
            legal = GAME.legal_actions(state, seat)
            action = bots[seat].choose(view, legal, rng)
            records.append((state, seat, view, legal, action))
            state = GAME.apply(state, seat, action).state
    return records


def runners(records: list[Record]) -> dict[str, Callable[[float], float]]:
    """Each runner replays the corpus for about ``seconds`` and returns calls per second."""
    heuristic, random_bot = get_bot("oh_hell", "heuristic"), get_bot("oh_hell", "random")
    rng = random.Random(1)
    apply, view = GAME.apply, GAME.view
    seats = {seat: Viewer.of_seat(seat) for seat in range(4)}

    def timed(step: Callable[[Record], object]) -> Callable[[float], float]:
        def run(seconds: float) -> float:
            calls = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                for record in records:
                    step(record)
                calls += len(records)
            return calls / (time.perf_counter() - start)

        return run

    return {
        "rules core apply (baseline)": timed(lambda r: apply(r[0], r[1], r[4])),
        "seat view": timed(lambda r: view(r[0], seats[r[1]])),
        "random bot choose": timed(lambda r: random_bot.choose(r[2], r[3], rng)),
        "heuristic bot choose": timed(lambda r: heuristic.choose(r[2], r[3], rng)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=5, help="slices per runner")
    parser.add_argument("--games", type=int, default=20, help="games in the corpus")
    args = parser.parse_args()

    records = corpus(args.games)
    bench = runners(records)
    rates: dict[str, list[float]] = {name: [] for name in bench}
    with tqdm(total=args.rounds * len(bench), desc="bot decisions", unit="slice") as bar:
        for _ in range(args.rounds):
            for name, run in bench.items():
                rates[name].append(run(args.seconds))
                bar.update()
    median = {name: statistics.median(r) for name, r in rates.items()}
    base = median["rules core apply (baseline)"]
    bids = sum(1 for r in records if r[4].kind == "bid")
    rows = [
        f"| {name} | {rate:,.0f} | {1e6 / rate:.1f} | {base / rate:.1f}× |"
        for name, rate in median.items()
    ]
    live = 1e6 / median["seat view"] + 1e6 / median["heuristic bot choose"] + 1e6 / base
    table = "\n".join(
        [
            "## Worker: bot decisions vs the rules core's apply",
            "",
            f"The same {len(records):,} Oh Hell positions ({bids:,} bids, "
            f"{len(records) - bids:,} plays; 4 players, {args.games} full games) replayed "
            "through each call.",
            "",
            "| call | calls/s | µs per call | cost ÷ apply |",
            "|---|---:|---:|---:|",
            *rows,
            "",
            f"A heuristic bot's move in a live game (view + choose + apply) costs about "
            f"{live:.0f} µs here, {live * base / 1e6:.1f}× a bare apply: "
            f"{1e6 / live:,.0f} bot moves/s per core, far beyond what the engine's gRPC path "
            "(≈ 2,500 calls/s) can carry, so the bots are never the bottleneck.",
            f"Median of {args.rounds} alternating {args.seconds:g}-second slices per call.",
        ]
    )
    print(table)
    write_section("worker_bots", table)


if __name__ == "__main__":
    main()
