"""``python -m tools.chaos``: the command line, and :func:`run`, which the test calls too.

Starts the stack, creates the tables, starts the players, the watcher and the monkey, shows a
progress bar until every table has ended and the monkey is done, then runs the checks and
makes the figures. Exit status 0 when every check passed, 1 otherwise, 2 when the stack could
not start.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from . import checks
from .driver import Engine, Player, Watcher, create_table, plan_tables
from .monkey import Monkey
from .report import Figures, render, write_page
from .stack import KINDS, ChaosStack, StackError


@dataclass
class Options:
    tables_per_count: int = 2
    seats: str = "all"  # all | min | max
    games: list[str] | None = None
    duration: float = 180.0  # seconds of chaos
    kill_every: float = 5.0
    kills: int = 0  # 0 = as many as fit in ``duration``
    targets: tuple[str, ...] = KINDS
    pause: tuple[float, float] = (0.5, 2.0)
    seed: int = 1
    finish_timeout: float = 600.0  # after the chaos, for the tables to end
    report: Path | None = None
    progress: bool = True
    keep: bool = False
    verbose: bool = False
    command: str = "python -m tools.chaos"


def say(text: str) -> None:
    tqdm.write(f"[chaos] {text}", file=sys.stderr)


def run(opts: Options) -> Figures:
    began = time.monotonic()
    load_before = os.getloadavg()
    stack = ChaosStack(keep=opts.keep)
    say(f"starting Redis (port {stack.redis_port}), database {stack.database}, services")
    try:
        stack.start()
    except BaseException:
        stack.stop(keep_files=True)
        say(f"logs kept for a look: {stack.logs}")
        raise
    say(f"stack up in {time.monotonic() - began:.1f} s; logs in {stack.logs}")
    engine = Engine(f"127.0.0.1:{stack.ports.engine}", stack.key)
    players: list[Player] = []
    watcher: Watcher | None = None
    monkey: Monkey | None = None
    figures: Figures | None = None
    try:
        run_id = f"chaos{opts.seed}-{uuid.uuid4().hex[:6]}"
        plans = plan_tables(run_id, opts.tables_per_count, opts.seats, opts.games)
        hard_end = time.monotonic() + opts.duration + opts.finish_timeout + 120
        for plan in plans:
            create_table(engine, plan, time.monotonic() + 60)
        say(
            f"{len(plans)} tables created; {opts.duration:.0f} s of chaos, a kill every "
            f"~{opts.kill_every:g} s" + (f", at most {opts.kills}" if opts.kills else "")
        )
        players = [
            Player(engine, p, opts.seed, hard_end) for p in plans if p.human_seat is not None
        ]
        watcher = Watcher(engine, plans)
        chaos_began = time.monotonic()
        bar = tqdm(
            total=len(plans), desc="tables finished", unit="table", disable=not opts.progress
        )
        monkey = Monkey(
            stack,
            opts.seed,
            opts.kill_every,
            chaos_began + opts.duration,
            opts.kills,
            opts.pause,
            on_kill=lambda k: bar.set_postfix_str(
                f"kills {len(monkey.record.kills)} (last {k.name})"
            ),  # type: ignore[union-attr]
            targets=opts.targets,
        )

        def ended(table_id: str) -> None:
            bar.update(1)
            if opts.verbose:
                say(f"{table_id} ended after {time.monotonic() - chaos_began:.1f} s")

        watcher.on_end = ended
        for thread in (*players, watcher, monkey):
            thread.start()
        while time.monotonic() < hard_end:
            if not monkey.is_alive():
                monkey.tend()
                if watcher.all_ended():
                    break
            time.sleep(0.5)
        bar.close()
        chaos_s = (
            monkey.record.kills[-1].at + monkey.record.kills[-1].down_s - chaos_began
            if monkey.record.kills
            else 0.0
        )
        for thread in (monkey, watcher, *players):
            thread.stop.set()
        for thread in (monkey, watcher, *players):
            thread.join(30)
        state = "every table ended" if watcher.all_ended() else "time is up"
        say(f"{state}, the monkey is done after {time.monotonic() - chaos_began:.1f} s; checking")
        until = time.monotonic() + 120
        finished_check = checks.tables_finished(engine, plans, until)
        finished = {p.table_id for p in plans} - {
            problem.split(":", 1)[0] for problem in finished_check.problems
        }
        records = [p.record for p in players]
        seeds: dict[str, str] = {}
        results = [
            finished_check,
            checks.moves_in_log(engine, plans, records, until),
            checks.no_refusals(records),
            checks.verify_tables(stack.redis_url, stack.prefix, plans, seeds),
            checks.one_result_each(stack.database_url, plans, finished, wait=120, seeds=seeds),
            checks.ratings_replay(stack.database_url),
        ]
        say(f"checked in {time.monotonic() - until + 120:.1f} s")
        ended = [p.ended_at for p in watcher.progress.values() if p.ended_at is not None]
        last_up = monkey.record.last_kill_up
        finish_after = max(ended) - last_up if ended and last_up is not None else None
        stall_table, stall = max(
            ((t, p.longest_stall) for t, p in watcher.progress.items()), key=lambda x: x[1]
        )
        if monkey.record.errors:
            results.append(
                checks.CheckResult("every killed process came back", monkey.record.errors)
            )
        figures = Figures(
            seed=opts.seed,
            command=opts.command,
            tables=len(plans),
            tables_by_game=dict(Counter(p.game for p in plans)),
            moves_accepted=sum(len(r.accepted) for r in records),
            moves_checked=results[1].checked,
            retried_moves=sum(1 for r in records for a in r.accepted if a.attempts > 1),
            replayed_answers=sum(1 for r in records for a in r.accepted if a.replayed),
            refused_moves=sum(len(r.refused) for r in records),
            kills=monkey.record.per_service(),
            died_alone={k: stack.procs[k].died_alone for k in KINDS},
            longest_down_s=max((k.down_s for k in monkey.record.kills), default=0.0),
            chaos_s=chaos_s,
            finish_after_last_kill_s=finish_after,
            longest_stall_s=stall,
            longest_stall_table=stall_table,
            wall_s=time.monotonic() - began,
            checks=results,
            load_before=load_before,
            load_after=os.getloadavg(),
        )
        return figures
    finally:
        for thread in (monkey, watcher, *players):
            if thread is not None:
                thread.stop.set()
        engine.close()
        # The logs stay when something went wrong: a failed check, a process that died alone.
        keep_logs = figures is None or not figures.passed or any(figures.died_alone.values())
        if opts.keep:
            say(f"kept: {stack.dir}, database {stack.database}")
        elif keep_logs:
            say(f"logs kept for a look: {stack.logs}")
        stack.stop(keep_files=keep_logs)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tools.chaos",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Chaos run: plays bot games at every game and seat count of the rules registry "
            "while SIGKILLing random services (engine, Celery worker, dispatcher, scoring, "
            "lobby, and the run's own Redis, append-only with fsync always), restarting each "
            "after a short pause. The run plays one seat of each turn-based table itself, "
            "retrying through outages with the same action id. At the end it checks: every "
            "table finished; every move the engine accepted is in the seat's event stream; "
            "verify passes for every table; PostgreSQL (a fresh database, dropped after) "
            "holds exactly one result per finished table; ratings equal a replay of the "
            "stored results. Everything listens on 127.0.0.1 only. See docs/reliability.md."
        ),
        epilog="Exit status: 0 every check passed, 1 a check failed, 2 the stack did not start.",
    )
    p.add_argument(
        "--tables",
        type=int,
        default=2,
        metavar="N",
        help="tables per game and seat count (default 2)",
    )
    p.add_argument(
        "--seats",
        choices=("all", "min", "max"),
        default="all",
        help="seat counts per game: all of its range, or only its min or max",
    )
    p.add_argument(
        "--game",
        action="append",
        dest="games",
        metavar="NAME",
        help="only this game (repeatable; default every registered game)",
    )
    p.add_argument(
        "--duration",
        type=float,
        default=180.0,
        metavar="S",
        help="seconds of chaos: kills stop after this (default 180)",
    )
    p.add_argument(
        "--kill-every",
        type=float,
        default=5.0,
        metavar="S",
        help="mean seconds between two kills (default 5; each wait is 0.5–1.5×)",
    )
    p.add_argument(
        "--kills",
        type=int,
        default=0,
        metavar="N",
        help="stop after N kills even before --duration (default 0: no limit); "
        "the first kills go through every kind of process once",
    )
    p.add_argument(
        "--target",
        action="append",
        choices=KINDS,
        dest="targets",
        help="kill only this kind of process (repeatable; default every kind)",
    )
    p.add_argument(
        "--pause",
        type=float,
        nargs=2,
        default=(0.5, 2.0),
        metavar=("MIN", "MAX"),
        help="seconds a killed process stays down (default 0.5 2)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=1,
        help="random seed of the kills and moves, to repeat a run (default 1)",
    )
    p.add_argument(
        "--finish-timeout",
        type=float,
        default=600.0,
        metavar="S",
        help="seconds the tables get to end after the chaos (default 600)",
    )
    p.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help="write the figures into this page (make chaos: docs/reliability.md)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("-v", "--verbose", action="store_true", help="say when each table ends")
    p.add_argument(
        "--keep", action="store_true", help="keep the temp dir (logs, Redis data) and the database"
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    opts = Options(
        tables_per_count=args.tables,
        seats=args.seats,
        games=args.games,
        duration=args.duration,
        kill_every=args.kill_every,
        kills=args.kills,
        targets=tuple(args.targets or KINDS),
        pause=tuple(args.pause),
        seed=args.seed,
        finish_timeout=args.finish_timeout,
        report=args.report,
        progress=not args.no_progress,
        keep=args.keep,
        verbose=args.verbose,
        command="python -m tools.chaos " + shlex.join(argv if argv is not None else sys.argv[1:]),
    )
    try:
        figures = run(opts)
    except StackError as err:
        print(f"[chaos] the stack did not start: {err}", file=sys.stderr)
        return 2
    print(render(figures))
    if opts.report is not None:
        write_page(opts.report, figures)
        print(f"[chaos] figures written to {opts.report}", file=sys.stderr)
    return 0 if figures.passed else 1
