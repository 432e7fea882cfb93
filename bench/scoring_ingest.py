"""Scoring ingest: finished matches per second through the bus into PostgreSQL, and the lag
from an event's publication to its rows being visible, beside plain psycopg inserts.

Three runs on fresh databases and a fresh Redis key prefix, all on the same machine:

1. *baseline*: the same rows (match, seats, rounds) written with plain psycopg
   ``executemany``, 100 matches per transaction: no bus, no idempotency, no ratings;
2. *backlog*: N events already in the stream, the scoring consumer (100 per XREADGROUP, one
   transaction per batch, ratings included) drains them; matches/s;
3. *at a rate*: a separate publisher process publishes at a fixed rate (the 2,000/s goal, then
   half the measured backlog rate) while the consumer runs; lag = commit time − publish time.

Runs 1 and 2 are interleaved and repeated (best of each kept). ``python -m
bench.scoring_ingest [--matches N] [--rounds R] [--seconds S] [--repeat K]``; writes
``docs/benchmarks/scoring_ingest.md``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import statistics
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import psycopg
import redis
from psycopg import sql
from tqdm import tqdm

from inferno_bus import Consumer, Envelope, EventType, Message, Publisher
from inferno_rules import commitment, new_seed, rank_seats
from inferno_scoring.db import UNAVAILABLE, make_pool, migrate
from inferno_scoring.handler import ScoringHandler

ADMIN_URL = os.environ.get(
    "INFERNO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("INFERNO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
SECTION = Path(__file__).resolve().parent.parent / "docs" / "benchmarks" / "scoring_ingest.md"
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


def plain_inserts(url: str, events: Sequence[Envelope], bar: tqdm) -> float:
    """Matches/s writing the same rows with plain executemany, 100 matches per commit."""
    started = time.perf_counter()
    with psycopg.connect(url) as conn:
        for i in range(0, len(events), 100):
            batch = events[i : i + 100]
            with conn.transaction(), conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO scoring.matches (table_id, game, finished_at_ms,"
                    " lower_score_wins, seed, seed_commitment, event_id, published_at_ms)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    [
                        (e.table, e.payload["game"], e.payload["finished_at"], False,
                         e.payload["seed"], e.payload["seed_commitment"], e.id, e.time)
                        for e in batch
                    ],
                )  # fmt: skip
                cur.executemany(
                    "INSERT INTO scoring.participants (table_id, seat, player_id, name, bot,"
                    " abandoned, score, reported_rank, rank, winner)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    [
                        (e.table, s["seat"], s["player_id"], s["name"], s["bot"], False,
                         e.payload["scores"][s["seat"]], e.payload["ranking"][s["seat"]],
                         e.payload["ranking"][s["seat"]], s["seat"] in e.payload["winners"])
                        for e in batch
                        for s in e.payload["seats"]
                    ],
                )  # fmt: skip
                cur.executemany(
                    "INSERT INTO scoring.rounds (table_id, round, points, scores, detail)"
                    " VALUES (%s, %s, %s, %s, %s)",
                    [
                        (e.table, r["number"], r["points"], r["points"], json.dumps(r["detail"]))
                        for e in batch
                        for r in e.payload["rounds"]
                    ],
                )
            bar.update(len(batch))
    return len(events) / (time.perf_counter() - started)


class Timed:
    """Wraps the scoring handler to count stored matches and their lag after each commit."""

    def __init__(self, handler: ScoringHandler) -> None:
        self.handler = handler
        self.stored = 0
        self.lags_ms: list[float] = []
        self.bar: tqdm | None = None

    def __call__(self, messages: Sequence[Message]) -> dict[str, str]:
        refused = self.handler(messages)
        now_ms = time.time() * 1000
        self.lags_ms.extend(now_ms - m.envelope.time for m in messages)
        self.stored += len(messages)
        if self.bar is not None:
            self.bar.update(len(messages))
        return refused


@contextmanager
def running_consumer(url: str, prefix: str) -> Iterator[Timed]:
    pool = make_pool(url, size=2)
    pool.wait()
    client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
    timed = Timed(ScoringHandler(pool))
    consumer = Consumer(
        client, prefix, "scoring", "bench", timed, block_ms=20, transient=UNAVAILABLE
    )
    consumer.ensure_group()
    thread = threading.Thread(target=consumer.run, daemon=True)
    thread.start()
    try:
        yield timed
    finally:
        consumer.stop()
        thread.join(timeout=30)
        client.close()
        pool.close()


def wait_stored(timed: Timed, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while timed.stored < count and time.monotonic() < deadline:
        time.sleep(0.005)
    if timed.stored < count:
        raise SystemExit(f"only {timed.stored} of {count} matches stored in {timeout}s")


def backlog_rate(url: str, events: Sequence[Envelope], bar: tqdm) -> float:
    with fresh_prefix() as prefix:
        client = redis.Redis.from_url(REDIS_URL, decode_responses=True)
        Publisher(client, prefix).publish_many(events)
        client.close()
        started = time.perf_counter()
        with running_consumer(url, prefix) as timed:
            timed.bar = bar
            wait_stored(timed, len(events), timeout=120)
            elapsed = time.perf_counter() - started
    return len(events) / elapsed


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
    url: str, rate: float, seconds: float, rounds: int, first: int, bar: tqdm
) -> dict[str, float | str]:
    """Lag percentiles while publishing at ``rate``. The run waits at most ``DRAIN_S`` after
    the last publication (the bench must stay bounded when the consumer cannot keep up); an
    event not stored by then counts with the lag it had reached, a lower bound, and the
    figures are marked "≥"."""
    total = int(rate * seconds)
    with fresh_prefix() as prefix, running_consumer(url, prefix) as timed:
        timed.bar = bar
        publisher = multiprocessing.get_context("spawn").Process(
            target=_publish_at_rate, args=(prefix, rate, seconds, rounds, first)
        )
        publisher.start()
        publisher.join(timeout=seconds + 120)
        published_by = time.time() * 1000
        deadline = time.monotonic() + DRAIN_S
        while timed.stored < total and time.monotonic() < deadline:
            time.sleep(0.005)
        missing = total - timed.stored
        lags = sorted(timed.lags_ms + [time.time() * 1000 - published_by] * max(0, missing))
    return {
        "rate": rate,
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
    args = parser.parse_args()
    if args.matches < 100 or min(args.rounds, args.repeat) < 1 or min(args.seconds, args.goal) <= 0:
        parser.error(
            "--matches must be at least 100; --rounds, --repeat, --seconds, --goal positive"
        )

    events = [finished_event(n, args.rounds) for n in range(args.matches)]
    total = 2 * args.repeat * args.matches + int(args.goal * args.seconds) * 2
    baselines: list[float] = []
    ingests: list[float] = []
    with tqdm(total=total, unit="match", desc="scoring ingest") as bar:
        # Interleaved and repeated, best of each kept: the machines are shared, and a burst of
        # someone else's load should not land on one side of the ratio only.
        for _ in range(args.repeat):
            with fresh_database() as url:
                baselines.append(plain_inserts(url, events, bar))
            with fresh_database() as url:
                ingests.append(backlog_rate(url, events, bar))
        baseline, ingest = max(baselines), max(ingests)
        with fresh_database() as url:
            at_goal = lag_at_rate(url, args.goal, args.seconds, args.rounds, 10**6, bar)
        half = min(args.goal, ingest / 2)
        bar.total = bar.n + int(half * args.seconds)
        with fresh_database() as url:
            at_half = lag_at_rate(url, half, args.seconds, args.rounds, 2 * 10**6, bar)

    rows = 1 + 4 + args.rounds
    ratio = ingest / baseline

    def lag_row(run: dict, what: str) -> str:
        b = run["bound"]
        return (
            f"| {run['rate']:,.0f}/s ({what}) | {b}{run['p50']:,.0f} ms | {b}{run['p99']:,.0f} ms"
            f" | {b}{run['max']:,.0f} ms |"
        )

    text = f"""## Scoring ingest (`bench/scoring_ingest.py`)

Finished 4-seat matches of {args.rounds} rounds ({rows} rows each: match, seats, rounds), in
finish order, through Redis streams into PostgreSQL by the scoring consumer (100 per read, one
transaction per batch, idempotency by event id, OpenSkill ratings in the same transaction),
beside plain psycopg `executemany` of the same rows, 100 matches per commit.

Best of {args.repeat} interleaved runs each:

| run | matches/s | vs baseline |
|---|---|---|
| baseline: plain psycopg inserts of the same rows | {baseline:,.0f} | 1.00 |
| scoring consumer draining a backlog of {args.matches:,} | {ingest:,.0f} | {ratio:.2f} |

End-to-end lag, event published → its rows committed (visible), while a separate process
publishes at a fixed rate for {args.seconds:g} s:

| publication rate | lag p50 | lag p99 | lag max |
|---|---|---|---|
{lag_row(at_goal, "goal")}
{lag_row(at_half, "half the backlog rate")}

"≥": the consumer could not keep up; events not stored {DRAIN_S:g} s after the last publication
count with the lag they had reached then (a lower bound). Goal: ≥ 2,000 matches/s and lag
p99 < 1 s at that rate.
"""
    print(text)
    SECTION.parent.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    SECTION.write_text(
        f"{text.rstrip()}\n\n_Measured {stamp} on {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}._\n"
    )


if __name__ == "__main__":
    main()
