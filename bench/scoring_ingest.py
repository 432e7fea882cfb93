"""Scoring ingest: finished matches per second through the bus into PostgreSQL, and the lag
from an event's publication to its rows being visible, beside plain psycopg inserts.

Runs on fresh databases and a fresh Redis key prefix, all on the same machine:

1. *baselines*: the same rows (match, seats, rounds) written plainly with psycopg: ``COPY``
   (``cursor.copy`` + ``write_row``, 1,000 matches per transaction: the fastest plain way),
   and ``executemany`` with 100 per transaction (the baseline of earlier runs). No bus, no
   idempotency, no ratings;
2. *backlog*: N events already in the stream, 1, 2… scoring consumer processes of one group
   (``--batch`` per XREADGROUP, one transaction per batch, ratings included) drain them;
3. *at a rate*: a separate publisher process publishes at a fixed rate (the 2,000/s goal with
   1, 2… consumers, then half the 1-consumer backlog rate); lag = commit time − publish time.

Runs 1 and 2 are interleaved and repeated (best of each kept); each also reports CPU per match
of the writing processes and of the database's PostgreSQL backends, which depends less on the
load of the shared machine than the rates do. ``python -m bench.scoring_ingest [--matches N]
[--rounds R] [--seconds S] [--repeat K] [--batch B] [--consumers C]``; writes
``docs/benchmarks/scoring_ingest.md`` (``--out NAME``: another section name, for trials).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import psycopg
import redis
from prometheus_client import REGISTRY
from psycopg import sql
from psycopg.types.json import Jsonb
from tqdm import tqdm

from inferno_bus import Consumer, Envelope, EventType, Message, Publisher
from inferno_logs import configure
from inferno_rules import commitment, new_seed, rank_seats
from inferno_scoring.db import UNAVAILABLE, make_pool, migrate
from inferno_scoring.handler import ScoringHandler
from inferno_scoring.service import settle_garbage_collector
from inferno_scoring.settings import Settings

from .report import write_section

ADMIN_URL = os.environ.get(
    "INFERNO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("INFERNO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
#: How long a rate run waits for the consumer after the last publication.
DRAIN_S = 15.0
PLAYERS = [f"player{i:03d}" for i in range(500)] + [f"bot{i:02d}" for i in range(20)]


def finished_event(n: int, rounds: int, at_ms: int | None = None) -> Envelope:
    rng = random.Random(n)
    players = rng.sample(PLAYERS, 4)
    per_round = [[rng.randint(0, 13) for _ in range(4)] for _ in range(rounds)]
    scores = [sum(r[i] for r in per_round) for i in range(4)]
    ranking = list(rank_seats(scores, False))
    seed = new_seed()
    table = f"bench{n:07d}"
    return Envelope.new(
        EventType.TABLE_FINISHED,
        table=table,
        version=200,
        id=uuid.uuid5(uuid.NAMESPACE_URL, f"{table}:200:table.finished").hex,
        at_ms=at_ms,
        payload={
            "game": "oh_hell",
            "seats": [
                {"seat": i, "player_id": p, "name": p, "bot": p.startswith("bot"),
                 "abandoned": False}
                for i, p in enumerate(players)
            ],
            "scores": scores,
            "ranking": ranking,
            "winners": [i for i, r in enumerate(ranking) if r == 1],
            "lower_score_wins": False,
            "rounds": [
                {"number": k + 1, "points": pts, "detail": {"bids": pts, "tricks": pts}}
                for k, pts in enumerate(per_round)
            ],
            "seed": seed,
            "seed_commitment": commitment(seed),
            "finished_at": 1_800_000_000_000 + n,
        },
    )  # fmt: skip


@contextmanager
def fresh_database() -> Iterator[str]:
    name = f"inferno_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        url = f"{ADMIN_URL.rpartition('/')[0]}/{name}"
        migrate(url)
        yield url
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@contextmanager
def fresh_prefix() -> Iterator[str]:
    prefix = f"bench:{uuid.uuid4().hex[:10]}:"
    yield prefix
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=prefix + "*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


def _proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class DatabaseCpu:
    """CPU the PostgreSQL backends serving one database used between ``start`` and ``stop``
    (the servers are shared: only this database's backends count)."""

    def __init__(self, url: str) -> None:
        self.dbname = url.rpartition("/")[2]
        self.before: dict[int, float] = {}
        self.seconds = 0.0

    def _backends(self) -> list[int]:
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            rows = admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.dbname,)
            ).fetchall()
        return [pid for (pid,) in rows]

    def start(self) -> None:
        self.before = {pid: _proc_cpu(pid) for pid in self._backends()}

    def stop(self) -> None:
        self.seconds = sum(
            _proc_cpu(pid) - self.before.get(pid, 0.0)
            for pid in set(self._backends()) | set(self.before)
            if os.path.exists(f"/proc/{pid}")
        )


class Run(NamedTuple):
    """One measured run: matches/s, CPU per match of the client and of PostgreSQL, and how
    many matches were rated again (a batch committed before an earlier-read one)."""

    rate: float
    client_us: float
    database_us: float
    rerated: int = 0


def _seat_rows(batch: Sequence[Envelope]) -> list[tuple]:
    return [
        (e.table, s["seat"], s["player_id"], s["name"], s["bot"], False,
         e.payload["scores"][s["seat"]], e.payload["ranking"][s["seat"]],
         e.payload["ranking"][s["seat"]], s["seat"] in e.payload["winners"])
        for e in batch
        for s in e.payload["seats"]
    ]  # fmt: skip


def _round_rows(batch: Sequence[Envelope]) -> list[tuple]:
    return [
        (e.table, r["number"], r["points"], r["points"], Jsonb(r["detail"]))
        for e in batch
        for r in e.payload["rounds"]
    ]


def _match_rows(batch: Sequence[Envelope]) -> list[tuple]:
    return [
        (e.table, e.payload["game"], e.payload["finished_at"], False, e.payload["seed"],
         e.payload["seed_commitment"], e.id, e.time)
        for e in batch
    ]  # fmt: skip


_MATCH_COLUMNS = (
    "table_id, game, finished_at_ms, lower_score_wins, seed, seed_commitment, event_id,"
    " published_at_ms"
)
_SEAT_COLUMNS = (
    "table_id, seat, player_id, name, bot, abandoned, score, reported_rank, rank, winner"
)
_ROUND_COLUMNS = "table_id, round, points, scores, detail"


def _executemany(conn: psycopg.Connection, batch: Sequence[Envelope]) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            f"INSERT INTO scoring.matches ({_MATCH_COLUMNS}) VALUES ({', '.join(['%s'] * 8)})",
            _match_rows(batch),
        )
        cur.executemany(
            f"INSERT INTO scoring.participants ({_SEAT_COLUMNS}) VALUES ({', '.join(['%s'] * 10)})",
            _seat_rows(batch),
        )
        cur.executemany(
            f"INSERT INTO scoring.rounds ({_ROUND_COLUMNS}) VALUES (%s, %s, %s, %s, %s)",
            _round_rows(batch),
        )


def _copy(conn: psycopg.Connection, batch: Sequence[Envelope]) -> None:
    with conn.cursor() as cur:
        for table, columns, rows in (
            ("matches", _MATCH_COLUMNS, _match_rows(batch)),
            ("participants", _SEAT_COLUMNS, _seat_rows(batch)),
            ("rounds", _ROUND_COLUMNS, _round_rows(batch)),
        ):
            with cur.copy(f"COPY scoring.{table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)


#: The plain ways to write the rows: (label, function, matches per commit).
BASELINES = {
    "copy": ("plain psycopg `COPY` (`write_row`), {per} matches per commit", _copy, 1000),
    "executemany": ("plain psycopg `executemany`, {per} matches per commit", _executemany, 100),
}


def plain_inserts(url: str, events: Sequence[Envelope], how: str, bar: tqdm) -> Run:
    """The same rows written plainly: no bus, no idempotency, no ratings."""
    _, write, per = BASELINES[how]
    cpu = DatabaseCpu(url)
    with psycopg.connect(url) as conn:
        cpu.start()
        started, client = time.perf_counter(), time.process_time()
        for i in range(0, len(events), per):
            batch = events[i : i + per]
            with conn.transaction():
                write(conn, batch)
            bar.update(len(batch))
        elapsed, client = time.perf_counter() - started, time.process_time() - client
        cpu.stop()
    n = len(events)
    return Run(n / elapsed, client / n * 1e6, cpu.seconds / n * 1e6)


class Timed:
    """Wraps the scoring handler to count stored matches and their lag after each commit."""

    def __init__(self, handler: ScoringHandler, stored: Any) -> None:
        self.handler = handler
        self.stored = stored  # a multiprocessing.Value shared with the bench
        self.lags_ms: list[float] = []

    def __call__(self, messages: Sequence[Message]) -> dict[str, str]:
        refused = self.handler(messages)
        now_ms = time.time() * 1000
        self.lags_ms.extend(now_ms - m.envelope.time for m in messages)
        with self.stored.get_lock():
            self.stored.value += len(messages)
        return refused


def _consume(url: str, prefix: str, name: str, batch: int, shared: dict[str, Any]) -> None:
    """One scoring consumer process: ready, waits for go, consumes until stop, reports."""
    # Log as the service does (JSON lines, one per stored match), to a file as a container
    # runtime would collect them, not to the terminal.
    log_path = Path(tempfile.gettempdir()) / f"bench-scoring-{name}-{os.getpid()}.log"
    configure("scoring", stream=log_path.open("a", encoding="utf-8"))
    pool = make_pool(url, size=2)
    pool.wait()
    client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    handler = ScoringHandler(pool)
    timed = Timed(handler, shared["stored"])
    consumer = Consumer(
        client, prefix, "scoring", name, timed, batch_size=batch, block_ms=20,
        transient=UNAVAILABLE,
    )  # fmt: skip
    handler.wait_turn = consumer.wait_for_older  # as the service wires it
    consumer.ensure_group()
    settle_garbage_collector()  # as the service does at start
    shared["ready"].release()
    shared["go"].wait()
    cpu = time.process_time()
    thread = threading.Thread(target=consumer.run, daemon=True)
    thread.start()
    shared["stop"].wait()
    consumer.stop()
    thread.join(timeout=60)
    rerated = REGISTRY.get_sample_value("inferno_scoring_rerated_matches_total") or 0.0
    shared["results"].put((timed.lags_ms, time.process_time() - cpu, int(rerated)))
    client.close()
    pool.close()


class Consumers:
    """``count`` scoring consumer processes of one group, started and ready before ``go``."""

    def __init__(self, url: str, prefix: str, count: int, batch: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.shared = {
            "stored": ctx.Value("q", 0),
            "ready": ctx.Semaphore(0),
            "go": ctx.Event(),
            "stop": ctx.Event(),
            "results": ctx.Queue(),
        }
        self.processes = [
            ctx.Process(target=_consume, args=(url, prefix, f"bench{i}", batch, self.shared))
            for i in range(count)
        ]
        self.lags_ms: list[float] = []
        self.cpu_s = 0.0
        self.rerated = 0

    @property
    def stored(self) -> int:
        return int(self.shared["stored"].value)

    def __enter__(self) -> Consumers:
        for p in self.processes:
            p.start()
        for _ in self.processes:
            if not self.shared["ready"].acquire(timeout=120):
                raise SystemExit("a consumer process did not start within 120 s")
        return self

    def go(self) -> None:
        self.shared["go"].set()

    def wait_stored(self, count: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.stored < count and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.stored >= count

    def __exit__(self, *exc: object) -> None:
        self.shared["go"].set()
        self.shared["stop"].set()
        for _ in self.processes:
            lags, cpu, rerated = self.shared["results"].get(timeout=120)
            self.lags_ms += lags
            self.cpu_s += cpu
            self.rerated += rerated
        for p in self.processes:
            p.join(timeout=30)


def backlog_rate(
    url: str, events: Sequence[Envelope], consumers: int, batch: int, bar: tqdm
) -> Run:
    """Matches/s of ``consumers`` processes draining a backlog of ``events``."""
    with fresh_prefix() as prefix:
        client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
        Publisher(client, prefix).publish_many(events)
        client.close()
        cpu = DatabaseCpu(url)
        with Consumers(url, prefix, consumers, batch) as running:
            cpu.start()
            started = time.perf_counter()
            running.go()
            if not running.wait_stored(len(events), timeout=300):
                raise SystemExit(f"only {running.stored} of {len(events)} matches stored")
            elapsed = time.perf_counter() - started
            cpu.stop()
        bar.update(len(events))
    n = len(events)
    return Run(n / elapsed, running.cpu_s / n * 1e6, cpu.seconds / n * 1e6, running.rerated)


def _publish_at_rate(prefix: str, rate: float, seconds: float, rounds: int, first: int) -> None:
    client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    publisher = Publisher(client, prefix)
    chunk = max(1, int(rate / 100))  # a pipeline every 10 ms
    total = int(rate * seconds)
    templates = [finished_event(first + n, rounds) for n in range(total)]
    started = time.perf_counter()
    for sent in range(0, total, chunk):
        delay = started + sent / rate - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        now = int(time.time() * 1000)
        publisher.publish_many(
            e.model_copy(update={"time": now}) for e in templates[sent : sent + chunk]
        )
    client.close()


def lag_at_rate(
    url: str,
    rate: float,
    seconds: float,
    rounds: int,
    first: int,
    consumers: int,
    batch: int,
    bar: tqdm,
) -> dict[str, float | str]:
    """Lag percentiles while publishing at ``rate``. The run waits at most ``DRAIN_S`` after
    the last publication (the bench must stay bounded when the consumers cannot keep up); an
    event not stored by then counts with the lag it had reached, a lower bound, and the
    figures are marked "≥"."""  # fmt: skip
    total = int(rate * seconds)
    with fresh_prefix() as prefix, Consumers(url, prefix, consumers, batch) as running:
        running.go()
        publisher = multiprocessing.get_context("spawn").Process(
            target=_publish_at_rate, args=(prefix, rate, seconds, rounds, first)
        )
        publisher.start()
        publisher.join(timeout=seconds + 120)
        published_by = time.time() * 1000
        running.wait_stored(total, timeout=DRAIN_S)
        missing = total - running.stored
        waited = time.time() * 1000 - published_by
    bar.update(total)
    lags = sorted(running.lags_ms + [waited] * max(0, missing))
    return {
        "rate": rate,
        "consumers": consumers,
        "p50": statistics.median(lags),
        "p99": lags[int(len(lags) * 0.99) - 1],
        "max": lags[-1],
        "bound": "≥ " if missing > 0 else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3000, help="matches in the backlog run")
    parser.add_argument("--rounds", type=int, default=10, help="rounds per match")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each rate run")
    parser.add_argument("--goal", type=float, default=2000.0, help="publication rate (per s)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of baseline and backlog")
    parser.add_argument(
        "--batch", type=int, default=Settings.model_fields["scoring_batch_size"].default,
        help="messages per read and per transaction (the service's default)",
    )  # fmt: skip
    parser.add_argument("--consumers", type=int, default=2, help="most consumer processes")
    parser.add_argument("--out", default="scoring_ingest", help="section name in docs/benchmarks")
    args = parser.parse_args()
    if args.matches < 100 or min(args.rounds, args.repeat, args.batch, args.consumers) < 1:
        parser.error("--matches must be at least 100; --rounds, --repeat, --batch, --consumers ≥ 1")
    if min(args.seconds, args.goal) <= 0:
        parser.error("--seconds and --goal must be positive")

    events = [finished_event(n, args.rounds) for n in range(args.matches)]
    settle_garbage_collector()  # the baselines get the consumers' collector settings too
    counts = range(1, args.consumers + 1)
    per_round = (len(BASELINES) + len(counts)) * args.matches
    total = args.repeat * per_round + int(args.goal * args.seconds) * (len(counts) + 1)
    baselines: dict[str, list[Run]] = {how: [] for how in BASELINES}
    ingests: dict[int, list[Run]] = {n: [] for n in counts}
    loads: list[float] = []
    with tqdm(total=total, unit="match", desc="scoring ingest") as bar:
        # Interleaved and repeated, best of each kept: the machines are shared, and a burst of
        # someone else's load should not land on one side of the ratio only.
        for _ in range(args.repeat):
            for how in BASELINES:
                with fresh_database() as url:
                    baselines[how].append(plain_inserts(url, events, how, bar))
            for n in counts:
                with fresh_database() as url:
                    ingests[n].append(backlog_rate(url, events, n, args.batch, bar))
            loads.append(os.getloadavg()[0])
        best = {how: max(runs) for how, runs in baselines.items()}
        ingest = {n: max(runs) for n, runs in ingests.items()}
        at_goal = []
        for n in counts:
            with fresh_database() as url:
                at_goal.append(
                    lag_at_rate(
                        url, args.goal, args.seconds, args.rounds, n * 10**6, n, args.batch, bar
                    )
                )
            loads.append(os.getloadavg()[0])
        half = min(args.goal, ingest[1].rate / 2)
        with fresh_database() as url:
            at_half = lag_at_rate(
                url, half, args.seconds, args.rounds, 9 * 10**6, 1, args.batch, bar
            )
        loads.append(os.getloadavg()[0])

    rows = 1 + 4 + args.rounds
    reference = best["copy"].rate

    def run_row(label: str, run: Run) -> str:
        return (
            f"| {label} | {run.rate:,.0f} | {run.rate / reference:.2f} | {run.client_us:,.0f}"
            f" | {run.database_us:,.0f} | {run.rerated:,} |"
        )

    def lag_row(run: dict, what: str) -> str:
        b = run["bound"]
        return (
            f"| {run['rate']:,.0f}/s ({what}) | {run['consumers']} | {b}{run['p50']:,.0f} ms"
            f" | {b}{run['p99']:,.0f} ms | {b}{run['max']:,.0f} ms |"
        )

    def processes(n: int) -> str:
        return "1 process" if n == 1 else f"{n} processes"

    baseline_rows = "\n".join(
        run_row(
            ("baseline: " if how == "copy" else "old baseline: ")
            + BASELINES[how][0].format(per=BASELINES[how][2]),
            best[how],
        )
        for how in BASELINES
    )
    consumer_rows = "\n".join(
        run_row(f"scoring consumer, {processes(n)}, draining {args.matches:,}", ingest[n])
        for n in counts
    )
    goal_rows = "\n".join(lag_row(run, "goal") for run in at_goal)
    text = f"""## Scoring ingest (`bench/scoring_ingest.py`)

Finished 4-seat matches of {args.rounds} rounds ({rows} rows each: match, seats, rounds), in
finish order, through Redis streams into PostgreSQL by the scoring consumer (up to
{args.batch:,} per read, one transaction per batch, idempotency by event id, OpenSkill ratings in
the same transaction), beside the same rows written plainly with psycopg: `COPY`, the fastest
plain way, and `executemany` (the baseline of earlier runs). Consumers run as separate
processes of one group. Every writing process (baselines included) runs with the service's
garbage-collector settings (`settle_garbage_collector`). CPU per match: the writing
process(es), and the PostgreSQL backends of the run's database (the server is shared; only
those count).

Best of {args.repeat} interleaved runs each:

| run | matches/s | vs baseline | client CPU µs/match | PostgreSQL CPU µs/match | re-rated |
|---|---|---|---|---|---|
{baseline_rows}
{consumer_rows}

End-to-end lag, event published → its rows committed (visible), while a separate process
publishes at a fixed rate for {args.seconds:g} s:

| publication rate | consumers | lag p50 | lag p99 | lag max |
|---|---|---|---|---|
{goal_rows}
{lag_row(at_half, "half the 1-process backlog rate")}

"≥": the consumers could not keep up; events not stored {DRAIN_S:g} s after the last
publication count with the lag they had reached then (a lower bound). Goal: ≥ 2,000
matches/s and lag p99 < 1 s at that rate.

Load average (1 min) during the runs: {", ".join(f"{x:.1f}" for x in loads)} on
{os.cpu_count()} cores.
"""
    print(text)
    write_section(args.out, text)


if __name__ == "__main__":
    main()
