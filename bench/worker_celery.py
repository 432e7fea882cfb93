"""How many bot tables one Celery worker keeps moving, and how late the turn clocks fire.

``python -m bench.worker_celery`` starts, against the real Redis under a fresh key prefix, one
engine, one Celery worker (``--pool=threads -c 8``) and the dispatcher, then:

- *bot tables*: 1 table of four bots (the baseline), then 16 at once, each for a fixed window;
  prints moves/s of 16 tables as a multiple of one table's, and the longest any table went
  without a move (a table left behind would show here);
- *clocks*: 16 tables of four silent humans with a 200 ms turn clock (never handed to a bot);
  every timeout task logs how late it ran against its deadline; prints p50/p99 lateness beside
  the timer's poll interval (the lateness the design accepts).

Writes ``docs/benchmarks/worker_celery.md``. Runs in about a minute.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import grpc
import redis
from tqdm import tqdm

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2, engine_pb2_grpc
from tests.support.engine_process import ROOT, EngineProcess

KEY = "bench-worker-key-0123456789abcdef0123456789"
REDIS_URL = os.environ.get("INFERNO_REDIS_URL", "redis://127.0.0.1:6379/0")
WINDOW_S = 12
POLL_MS = 50
TURN_MS = 200


class Procs:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.engine = EngineProcess(REDIS_URL, prefix, KEY)
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                [str(ROOT), str(ROOT / "libs"), str(ROOT / "services" / "worker")]
            ),
            "INFERNO_REDIS_URL": REDIS_URL,
            "INFERNO_REDIS_PREFIX": prefix,
            "INFERNO_TOKEN_KEY": KEY,
            "INFERNO_ENGINE_ADDRESS": self.engine.address,
            "INFERNO_WORKER_BOT_DELAY_MS": "0",
            "INFERNO_WORKER_TIMER_POLL_MS": str(POLL_MS),
            "INFERNO_WORKER_TURN_MS": str(TURN_MS),
            "INFERNO_WORKER_ABANDON_AFTER": "1000000",
        }
        self.worker_log = (
            Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-worker-{prefix[6:-1]}.log"
        )
        self.children: list[subprocess.Popen] = []
        out = self.worker_log.open("wb")
        self._start(
            [sys.executable, "-m", "celery", "-A", "inferno_worker.celery_app", "worker",
             "--pool=threads", "-c", "8", "--loglevel=INFO", "-n", f"bench{prefix[6:-1]}@%h",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            out,
        )  # fmt: skip
        self._start([sys.executable, "-m", "inferno_worker", "dispatch"], subprocess.DEVNULL)
        self.channel = grpc.insecure_channel(self.engine.address)
        self.stub = engine_pb2_grpc.EngineStub(self.channel)
        self.meta = [("authorization", f"Bearer {issue_token(KEY, 'bench', Role.SERVICE)}")]

    def _start(self, args: list[str], out: object) -> None:
        self.children.append(
            subprocess.Popen(args, env=self.env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        )

    def create(self, table_id: str, bots: bool) -> None:
        request = engine_pb2.CreateTableRequest(table_id=table_id, game="oh_hell")
        for i in range(4):
            request.seats.add(player_id=f"p{i}", name=f"P{i}", bot=bots)
        self.stub.CreateTable(request, metadata=self.meta)

    def version(self, table_id: str) -> int:
        return self.stub.GetView(
            engine_pb2.GetViewRequest(table_id=table_id), metadata=self.meta
        ).version

    def close(self) -> None:
        for child in self.children:
            child.send_signal(signal.SIGTERM)
        for child in self.children:
            try:
                child.wait(15)
            except subprocess.TimeoutExpired:
                child.kill()
        self.channel.close()
        self.engine.stop()
        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=self.prefix + "*", count=1000))
        if keys:
            client.delete(*keys)
        client.close()


def watch(procs: Procs, tables: list[str], label: str) -> tuple[float, float]:
    """Moves/s over the window, and the longest time (s) any table went without a move."""
    start = {t: procs.version(t) for t in tables}
    last = dict(start)
    last_move = {t: time.monotonic() for t in tables}
    longest = 0.0
    began = time.monotonic()
    for _ in tqdm(range(WINDOW_S * 4), desc=label, leave=False):
        time.sleep(0.25)
        now = time.monotonic()
        for t in tables:
            v = procs.version(t)
            if v != last[t]:
                last[t], last_move[t] = v, now
            longest = max(longest, now - last_move[t])
    elapsed = time.monotonic() - began
    return sum(last[t] - start[t] for t in tables) / elapsed, longest


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def main() -> None:
    prefix = f"bench:{uuid.uuid4().hex[:10]}:"
    procs = Procs(prefix)
    try:
        procs.create("one", bots=True)
        # Measure from the first move on: the worker's start-up is not its speed.
        started = time.monotonic()
        while procs.version("one") < 3 and time.monotonic() - started < 30:
            time.sleep(0.05)
        one_rate, one_gap = watch(procs, ["one"], "1 bot table")
        many = [f"b{i}" for i in range(16)]
        for t in many:
            procs.create(t, bots=True)
        many_rate, many_gap = watch(procs, many, "16 bot tables")
        humans = [f"h{i}" for i in range(16)]
        for t in humans:
            procs.create(t, bots=False)
        watch(procs, humans, "16 silent-human tables")
        log = procs.worker_log.read_text(errors="replace")
        late = [
            int(m.group(2))
            for m in re.finditer(r"timeout move table=(h\d+) .*?late_ms=(-?\d+)", log)
        ]
    finally:
        procs.close()
        procs.worker_log.unlink(missing_ok=True)
    lines = [
        "## Worker: bot tables and turn clocks (`python -m bench.worker_celery`)",
        "",
        "One Celery worker (threads, 8) + the dispatcher + one engine, real Redis, bot delay 0.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| moves/s, 1 bot table (baseline) | {one_rate:.1f} |",
        f"| moves/s, 16 bot tables | {many_rate:.1f} ({many_rate / one_rate:.1f}× the baseline) |",
        f"| longest pause of any table, 1 / 16 tables | {one_gap:.2f} s / {many_gap:.2f} s |",
        f"| timeouts fired (16 tables × 4 silent humans, {TURN_MS} ms clock) | {len(late)} |",
        f"| timer lateness p50 / p99 | {percentile(late, 0.5):.0f} ms / "
        f"{percentile(late, 0.99):.0f} ms ({percentile(late, 0.99) / POLL_MS:.1f}× the "
        f"{POLL_MS} ms poll interval) |",
        "",
        f"Load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    out = ROOT / "docs" / "benchmarks" / "worker_celery.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)


if __name__ == "__main__":
    main()
