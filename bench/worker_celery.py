"""How many bot tables one Celery worker process keeps moving, and how late the clocks fire.

``python -m bench.worker_celery`` starts, against the real Redis under a fresh key prefix, one
engine, one Celery worker process (``--pool=threads``) and the dispatcher, with a human-like
bot delay (``--delay-ms``, 2 s by default; the product default is 800 ms). Then:

- *baseline*: the bare engine's move rate: a client in this process plays what a bot task
  plays (GetView + a legal action + SubmitAction) on 8 tables from 8 threads, with no worker
  (its own engine and key prefix) — the most the engine gives a bot, as the yardstick;
- *steps*: 50, 100, 200, 500… concurrent tables of four bots, plus 8 tables of four silent
  humans on a 1 s clock (never handed to a bot) so timers fire all along. After a warm-up,
  for a window, every move is read from the bus (its stream entry time = when the engine
  committed it). A table *keeps moving* when no gap between its moves (window edges
  included) is longer than the bot delay + 1 s; a step passes when every bot table does.
  It stops at the first step that fails.
- per step: moves/s (and as a share of the bare engine's rate), the longest and p99 gap,
  timer lateness p50/p99 — deadline → the timeout task starting (the worker's Prometheus
  histogram, ``/metrics``), and deadline → its forced move committed (the ``late_ms`` the
  worker logs) — and CPU per move of the worker, the dispatcher and the engine (``/proc``).

Writes ``docs/benchmarks/worker_celery.md``. ``--steps 50,100`` and ``--window`` shorten it.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import grpc
import redis
from prometheus_client.parser import text_string_to_metric_families

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2, engine_pb2_grpc
from tests.support.engine_process import ROOT, EngineProcess, free_port

from .report import write_section

KEY = "bench-worker-key-0123456789abcdef0123456789"
REDIS_URL = os.environ.get("INFERNO_REDIS_URL", "redis://127.0.0.1:6379/0")
TURN_MS = 1000
HUMAN_TABLES = 8
THREADS = 8
BARE_MANY = 200
TICK_S = os.sysconf("SC_CLK_TCK")
LATENESS = "inferno_worker_timer_lateness_seconds"
EVENT_LAG = "inferno_worker_event_lag_seconds"


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK_S


def service_meta() -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {issue_token(KEY, 'bench', Role.SERVICE)}")]


def create(stub: engine_pb2_grpc.EngineStub, table_id: str, bots: bool) -> None:
    request = engine_pb2.CreateTableRequest(table_id=table_id, game="oh_hell")
    for i in range(4):
        request.seats.add(player_id=f"{table_id}-p{i}", name=f"P{i}", bot=bots)
    stub.CreateTable(request, metadata=service_meta())


def bare_engine(seconds: float, tables: int) -> tuple[float, float]:
    """Moves/s and engine CPU ms per move of a plain client playing ``tables`` tables from 8
    threads, one move at a time per thread, going round its tables (no worker)."""
    prefix = f"bench:{uuid.uuid4().hex[:10]}:"
    engine = EngineProcess(REDIS_URL, prefix, KEY)
    channel = grpc.insecure_channel(engine.address)
    stub = engine_pb2_grpc.EngineStub(channel)
    moves = [0] * THREADS
    stop = threading.Event()

    def play(i: int) -> None:
        mine = []  # [table id, the four seats' tokens, seat to act]
        for k in range(i, tables, THREADS):
            table_id = f"bare{k}"
            create(stub, table_id, bots=True)
            tokens = [
                [("authorization", "Bearer " + issue_token(KEY, player, Role.BOT, table=table_id))]
                for player in (f"{table_id}-p{s}" for s in range(4))
            ]
            seat = stub.GetView(
                engine_pb2.GetViewRequest(table_id=table_id), metadata=service_meta()
            ).decision.seats[0]
            mine.append([table_id, tokens, seat])
        rng = random.Random(i)
        while not stop.is_set() and mine:
            for table in list(mine):
                table_id, tokens, seat = table
                meta = tokens[seat]
                view = stub.GetView(engine_pb2.GetViewRequest(table_id=table_id), metadata=meta)
                reply = stub.SubmitAction(
                    engine_pb2.SubmitActionRequest(
                        table_id=table_id,
                        expected_version=view.version,
                        action_id=uuid.uuid4().hex,
                        action=rng.choice(view.legal_actions),
                    ),
                    metadata=meta,
                )
                moves[i] += 1
                if not reply.decision.seats:
                    mine.remove(table)  # game over (not within seconds of a 416-move game)
                else:
                    table[2] = reply.decision.seats[0]

    try:
        threads = [threading.Thread(target=play, args=(i,)) for i in range(THREADS)]
        for t in threads:
            t.start()
        time.sleep(1.0 + tables / 100)  # warm-up (creating the tables)
        m0, c0, t0 = sum(moves), cpu_s(engine.process.pid), time.monotonic()
        time.sleep(seconds)
        m1, c1, t1 = sum(moves), cpu_s(engine.process.pid), time.monotonic()
        stop.set()
        for t in threads:
            t.join(10)
    finally:
        channel.close()
        engine.stop()
        _drop_keys(prefix)
    return (m1 - m0) / (t1 - t0), (c1 - c0) * 1000 / max(1, m1 - m0)


def _drop_keys(prefix: str) -> None:
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=prefix + "*", count=1000))
    for i in range(0, len(keys), 1000):
        client.delete(*keys[i : i + 1000])
    client.close()


class Stack:
    """Engine + one Celery worker process + the dispatcher, with metrics ports."""

    def __init__(
        self, delay_ms: int, concurrency: int, extra_env: dict[str, str], code: Path = ROOT
    ) -> None:
        self.code = code
        self.prefix = f"bench:{uuid.uuid4().hex[:10]}:"
        self.engine = EngineProcess(REDIS_URL, self.prefix, KEY)
        self.worker_port, self.dispatch_port = free_port(), free_port()
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                [str(code), str(code / "libs"), str(code / "services" / "worker")]
            ),
            "INFERNO_REDIS_URL": REDIS_URL,
            "INFERNO_REDIS_PREFIX": self.prefix,
            "INFERNO_TOKEN_KEY": KEY,
            "INFERNO_ENGINE_ADDRESS": self.engine.address,
            "INFERNO_WORKER_BOT": "heuristic",
            "INFERNO_WORKER_BOT_DELAY_MS": str(delay_ms),
            "INFERNO_WORKER_TURN_MS": str(TURN_MS),
            "INFERNO_WORKER_ABANDON_AFTER": "1000000",
            "INFERNO_WORKER_METRICS_PORT": str(self.worker_port),
            "INFERNO_WORKER_DISPATCH_METRICS_PORT": str(self.dispatch_port),
            "INFERNO_LOG_LEVEL": "INFO",
            **extra_env,
        }
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-{self.prefix[6:-1]}.log"
        self.log = self.log_path.open("wb")
        self.worker = self._start(
            [sys.executable, "-m", "celery", "-A", "inferno_worker.celery_app", "worker",
             "--pool=threads", "-c", str(concurrency), "--loglevel=INFO",
             "-n", f"bench{self.prefix[6:-1]}@%h",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            env,
        )  # fmt: skip
        self.dispatcher = self._start([sys.executable, "-m", "inferno_worker", "dispatch"], env)
        self.channel = grpc.insecure_channel(self.engine.address)
        self.stub = engine_pb2_grpc.EngineStub(self.channel)
        self.redis = redis.Redis.from_url(REDIS_URL)
        self.stream = f"{self.prefix}bus:tables"

    def _start(self, args: list[str], env: dict[str, str]) -> subprocess.Popen:
        return subprocess.Popen(args, env=env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 60) -> None:
        """The worker logged that it is ready and the dispatcher that it runs."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.log_path.read_text(errors="replace")
            if " ready." in text and "dispatcher and timer running" in text:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"not ready: {text}")
            time.sleep(0.2)

    def late_ms_logged(self) -> list[int]:
        """``late_ms`` of every timeout the worker logged (deadline → its move committed)."""
        text = self.log_path.read_text(errors="replace")
        return [
            int(m.group(1))
            for m in re.finditer(r"timeout move table=h\d+ .*?late_ms=(-?\d+): moved", text)
        ]

    def histograms(self) -> dict[str, dict[float, float]]:
        """The worker's and dispatcher's latency histograms: ``name:label`` → {le: count}."""
        out: dict[str, dict[float, float]] = {}
        for port in (self.worker_port, self.dispatch_port):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics") as r:
                    text = r.read().decode()
            except OSError:
                continue  # code from before the worker served metrics (--code)
            for family in text_string_to_metric_families(text):
                if family.name not in (LATENESS, EVENT_LAG):
                    continue
                for sample in family.samples:
                    if sample.name.endswith("_bucket"):
                        labels = sample.labels
                        name = ":".join(
                            [family.name, labels.get("task", ""), labels.get("stage", "")]
                        )
                        out.setdefault(name, {})[float(labels["le"])] = sample.value
        return out

    def cpu(self) -> tuple[float, float, float]:
        return (
            cpu_s(self.worker.pid),
            cpu_s(self.dispatcher.pid),
            cpu_s(self.engine.process.pid),
        )

    def close(self) -> None:
        for child in (self.dispatcher, self.worker):
            child.send_signal(signal.SIGTERM)
        for child in (self.dispatcher, self.worker):
            try:
                child.wait(20)
            except subprocess.TimeoutExpired:
                child.kill()
        self.channel.close()
        self.engine.stop()
        self.redis.close()
        self.log.close()
        _drop_keys(self.prefix)


def quantile(before: dict[float, float], after: dict[float, float], q: float) -> float | None:
    """Prometheus-style quantile (linear inside a bucket) of the observations in between."""
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    total = counts[-1] if counts else 0
    if total <= 0:
        return None
    rank = q * total
    lower, below = 0.0, 0.0
    for bound, count in zip(bounds, counts, strict=True):
        if count >= rank:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / max(count - below, 1e-9)
        lower, below = bound, count
    return lower


def exact(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Step:
    tables: int
    moves_per_s: float
    timeouts: int
    longest_gap_s: float
    p99_gap_s: float
    kept: bool
    late_started: tuple[float | None, float | None]
    late_committed: tuple[float | None, float | None]
    bot_late: tuple[float | None, float | None]  # bot delay over → bot task started
    event_lag: tuple[float | None, float | None]  # move committed → dispatcher handles it
    cpu_ms: tuple[float, float, float]  # worker, dispatcher, engine per move
    load: float


def measure(stack: Stack, bots: list[str], window_s: float, bound_s: float) -> Step:
    """Read every move of the window from the bus; the gaps between a table's moves."""
    last = stack.redis.xrevrange(stack.stream, count=1)
    cursor = last[0][0].decode() if last else "0-0"
    late0, cpu0, logged0 = stack.histograms(), stack.cpu(), len(stack.late_ms_logged())
    start_ms = int(stack.redis.time()[0] * 1000 + stack.redis.time()[1] / 1000)
    end_ms = start_ms + int(window_s * 1000)
    moved: dict[str, list[int]] = {t: [] for t in bots}
    timeouts = total = 0
    while True:
        reply = stack.redis.xread({stack.stream: cursor}, count=2000, block=200)
        for _, entries in reply or []:
            for entry_id, fields in entries:
                cursor = entry_id.decode()
                at = int(cursor.split("-")[0])
                if at > end_ms:
                    continue
                if fields.get(b"type") != b"table.action_applied":
                    continue
                total += 1
                table = fields[b"table"].decode()
                if table in moved:
                    moved[table].append(at)
                else:
                    timeouts += 1
        if int(cursor.split("-")[0]) > end_ms or time.time() * 1000 > end_ms + 2000:
            break
    late1, cpu1 = stack.histograms(), stack.cpu()
    committed = [ms / 1000 for ms in stack.late_ms_logged()[logged0:]]

    def p50_p99(name: str) -> tuple[float | None, float | None]:
        before, after = late0.get(name, {}), late1.get(name, {})
        return quantile(before, after, 0.5), quantile(before, after, 0.99)

    gaps = []
    for times in moved.values():
        edges = [start_ms, *times, end_ms]
        gaps.extend((b - a) / 1000 for a, b in itertools.pairwise(edges))
    gaps.sort()
    per_move = [(b - a) * 1000 / max(1, total) for a, b in zip(cpu0, cpu1, strict=True)]
    return Step(
        tables=len(bots),
        moves_per_s=total / window_s,
        timeouts=timeouts,
        longest_gap_s=gaps[-1],
        p99_gap_s=gaps[min(len(gaps) - 1, int(0.99 * len(gaps)))],
        kept=gaps[-1] <= bound_s,
        late_started=p50_p99(f"{LATENESS}:timeout_move:started"),
        late_committed=(exact(committed, 0.5), exact(committed, 0.99)),
        bot_late=p50_p99(f"{LATENESS}:bot_move:started"),
        event_lag=p50_p99(f"{EVENT_LAG}::"),
        cpu_ms=(per_move[0], per_move[1], per_move[2]),
        load=os.getloadavg()[0],
    )


def ms(value: float | None) -> str:
    return "–" if value is None else f"{value * 1000:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--delay-ms", type=int, default=2000, help="the bots' human-like delay")
    parser.add_argument("--steps", default="50,100,200,300,500", help="bot tables per step")
    parser.add_argument("--window", type=float, default=15.0, help="seconds measured per step")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before each window")
    parser.add_argument("-c", "--concurrency", type=int, default=32, help="worker threads")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--skip-bare", action="store_true", help="no bare-engine baseline")
    parser.add_argument(
        "--code", type=Path, default=ROOT,
        help="run the worker from this checkout (e.g. an older commit, to compare)",
    )  # fmt: skip
    parser.add_argument(
        "--env", action="append", default=[], metavar="NAME=VALUE",
        help="extra setting for the worker and the dispatcher (repeatable), e.g. to compare",
    )  # fmt: skip
    args = parser.parse_args()
    bound_s = args.delay_ms / 1000 + 1.0
    steps = [int(s) for s in args.steps.split(",")]

    if args.skip_bare:
        bare_rate = bare_cpu = many_rate = many_cpu = float("nan")
    else:
        bare_rate, bare_cpu = bare_engine(8.0, THREADS)
        print(f"bare engine: {bare_rate:.0f} moves/s, engine {bare_cpu:.2f} ms CPU per move")
        many_rate, many_cpu = bare_engine(8.0, BARE_MANY)
        print(f"bare engine, {BARE_MANY} tables: {many_rate:.0f} moves/s, {many_cpu:.2f} ms/move")
    extra = dict(item.split("=", 1) for item in args.env)
    stack = Stack(args.delay_ms, args.concurrency, extra, args.code.resolve())
    results: list[Step] = []
    try:
        stack.wait_ready()
        for i in range(HUMAN_TABLES):
            create(stack.stub, f"h{i}", bots=False)
        bots: list[str] = []
        for n in steps:
            while len(bots) < n:
                bots.append(f"b{len(bots)}")
                create(stack.stub, bots[-1], bots=True)
            time.sleep(args.warmup)
            step = measure(stack, bots, args.window, bound_s)
            results.append(step)
            print(
                f"{n} tables: {step.moves_per_s:.0f} moves/s, gap max {step.longest_gap_s:.2f} s "
                f"p99 {step.p99_gap_s:.2f} s; timeout started p50/p99 "
                f"{ms(step.late_started[0])}/{ms(step.late_started[1])} ms, committed "
                f"{ms(step.late_committed[0])}/{ms(step.late_committed[1])} ms; bot started "
                f"{ms(step.bot_late[0])}/{ms(step.bot_late[1])} ms; event lag "
                f"{ms(step.event_lag[0])}/{ms(step.event_lag[1])} ms; CPU ms/move worker "
                f"{step.cpu_ms[0]:.2f} dispatcher {step.cpu_ms[1]:.2f} engine "
                f"{step.cpu_ms[2]:.2f}; load {step.load:.1f}",
                flush=True,
            )
            if not step.kept:
                break
    finally:
        stack.close()
        stack.log_path.unlink(missing_ok=True)
    kept = [s for s in results if s.kept]
    best = kept[-1].tables if kept else 0
    lines = [
        "## Worker: bot tables and turn clocks (`python -m bench.worker_celery`)",
        "",
        f"One engine, one Celery worker process (`--pool=threads -c {args.concurrency}`) and "
        f"the dispatcher on this machine, real Redis. Bots (heuristic) wait "
        f"{args.delay_ms} ms before each move (human-like; the product default is 800 ms). "
        f"Beside the bot tables, {HUMAN_TABLES} tables of four silent humans on a "
        f"{TURN_MS} ms clock keep the timers firing. A table **keeps moving** when no gap "
        f"between two of its moves (read from the bus; window edges count) is longer than the "
        f"bot delay + 1 s = {bound_s:.1f} s; a step passes when every bot table keeps moving. "
        f"Steps of {args.window:.0f} s after {args.warmup:.0f} s of warm-up; it stops at the "
        "first step that fails.",
        "",
        f"Baseline: the bare engine, a client playing what a bot plays (GetView + "
        f"SubmitAction) on {THREADS} tables from {THREADS} threads with no worker: "
        f"**{bare_rate:.0f} moves/s**, engine CPU {bare_cpu:.2f} ms per move; going round "
        f"{BARE_MANY} tables instead: {many_rate:.0f} moves/s, {many_cpu:.2f} ms per move.",
        "",
        "| bot tables | moves/s | ÷ bare engine | longest gap | p99 gap | kept moving | "
        "timer late p50 / p99: task started | … forced move committed | "
        "bot task started after its delay, p50 / p99 | bus event → dispatcher, p50 / p99 | "
        "CPU ms per move: worker / dispatcher / engine | load |",
        "|---:|---:|---:|---:|---:|---|---|---|---|---|---|---:|",
    ]
    for s in results:
        lines.append(
            f"| {s.tables} | {s.moves_per_s:.0f} | {s.moves_per_s / bare_rate:.2f} | "
            f"{s.longest_gap_s:.2f} s | {s.p99_gap_s:.2f} s | {'yes' if s.kept else '**no**'} | "
            f"{ms(s.late_started[0])} / {ms(s.late_started[1])} ms | "
            f"{ms(s.late_committed[0])} / {ms(s.late_committed[1])} ms | "
            f"{ms(s.bot_late[0])} / {ms(s.bot_late[1])} ms | "
            f"{ms(s.event_lag[0])} / {ms(s.event_lag[1])} ms | "
            f"{s.cpu_ms[0]:.2f} / {s.cpu_ms[1]:.2f} / {s.cpu_ms[2]:.2f} | {s.load:.1f} |"
        )
    lines += [
        "",
        f"**Most bot tables kept moving: {best}** (goal: 500 with timer lateness p99 under "
        "250 ms). *Task started*: deadline → the timeout task starting, from the worker's "
        "histogram `inferno_worker_timer_lateness_seconds` (quantiles interpolated inside "
        "buckets as Prometheus does); *forced move committed*: deadline → the engine's answer "
        "to the forced move, exact, from the `late_ms` the worker logs. CPU per move counts "
        "every move of the window (bots' and timeouts') and the processes' idle work, so it "
        "falls as the rate rises; it depends less on the machine's load than moves/s does "
        "(still ±25 % between runs here).",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write:
        write_section("worker_celery", text)


if __name__ == "__main__":
    main()
