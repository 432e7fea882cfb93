"""The bot arena command: play many games between chosen bots and say which is stronger.

``python -m inferno_worker.arena --game oh_hell --players 4 --bots heuristic random --games 500``

It checks its arguments (a bad one ends with status 2 and a sentence saying what is wrong),
plays the games in duplicate format over ``--jobs`` processes with a progress bar
(:mod:`inferno_worker.arena_run`), prints each bot's mean score with a 95 % confidence interval
and a paired t-test for every pair of bots (:mod:`inferno_worker.stats`), and writes a plot and
a Markdown summary (:mod:`inferno_worker.arena_report`). See ``docs/bots.md``.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from .arena_report import console_table, write_markdown, write_plot
from .arena_run import make_spec, run_arena
from .bots import UnknownBot, bot_names

#: Relative to where the command runs: the project root, as for every make target.
DEFAULT_OUT = Path("docs") / "arena"


def _option(text: str) -> tuple[str, object]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options look like NAME=VALUE (HOOK=true); got {text!r}")
    value: object = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return name.strip(), value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m inferno_worker.arena",
        description="Play games between bots and compare their mean scores.",
    )
    p.add_argument("--game", default="oh_hell", help="the game (default: oh_hell)")
    p.add_argument("--players", type=int, default=4, help="seats at the table (default: 4)")
    p.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic", "random"],
        help="bots filling the seats in turn (default: heuristic random)",
    )
    p.add_argument(
        "--games",
        type=int,
        default=500,
        help="games to play, rounded up to whole deals of one game per seating (default: 500)",
    )
    p.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, e.g. --option ORDER=DESC --option HOOK=true (repeatable)",
    )
    p.add_argument("--seed", default="arena", help="the arena's seed; same seed, same games")
    p.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    p.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="folder for the plot and the summary (default: docs/arena)",
    )
    p.add_argument("--name", help="file name for the plot and summary (default: the game)")
    p.add_argument("--no-files", action="store_true", help="print only; write no plot or summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--list-bots", action="store_true", help="list the bots for --game and exit")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    prog = parser()
    args = prog.parse_args(argv)
    if args.list_bots:
        try:
            print("\n".join(bot_names(args.game)))
        except UnknownBot as err:
            prog.error(str(err))
        return 0
    if args.jobs < 1:
        prog.error(f"--jobs must be at least 1; got {args.jobs}")
    try:
        spec = make_spec(
            args.game, args.players, args.bots, args.games, args.seed, dict(args.option)
        )
        if spec.deals < 2:
            raise ValueError(f"play at least {2 * spec.players} games (two deals) for statistics")
    except ValueError as err:
        prog.error(str(err))
    report = run_arena(spec, jobs=args.jobs, progress=not args.quiet)
    print(console_table(report))
    if not args.no_files:
        name = args.name or spec.game
        args.out.mkdir(parents=True, exist_ok=True)
        plot = write_plot(report, args.out / f"{name}.png")
        summary = write_markdown(report, args.out / f"{name}.md", plot.name, argv_text(argv))
        print(f"wrote {plot} and {summary}")
    return 0


def argv_text(argv: Sequence[str] | None) -> str:
    words = list(sys.argv[1:] if argv is None else argv)
    return shlex.join(["python", "-m", "inferno_worker.arena", *words])


if __name__ == "__main__":
    sys.exit(main())
