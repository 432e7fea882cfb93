"""Fixtures of the scoring tests: a migrated database, a pool, event builders, a consumer."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path

import psycopg
import pytest
import redis
from openskill.models import PlackettLuce
from psycopg_pool import ConnectionPool

from inferno_bus import Consumer, Envelope, EventType, Publisher
from inferno_rules import commitment, new_seed, rank_seats
from inferno_scoring.db import UNAVAILABLE, make_pool, migrate
from inferno_scoring.handler import ScoringHandler


def event_id(table: str, version: int, type: EventType) -> str:
    """The deterministic id of the bus contract (docs/events.md)."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"{table}:{version}:{type.value}").hex


def finished(
    table: str,
    finished_at: int,
    players: Sequence[str],
    ranking: Sequence[int] | None = None,
    *,
    abandoned: Sequence[int] = (),
    game: str = "oh_hell",
    rounds: int = 2,
    version: int = 100,
) -> Envelope:
    """A ``table.finished`` event with consistent scores, rounds and a real seed; the ranking
    follows the scores unless given."""
    n = len(players)
    rng = random.Random(table)
    per_round = [[rng.randint(0, 12) for _ in range(n)] for _ in range(rounds)]
    scores = [sum(r[i] for r in per_round) for i in range(n)]
    ranking = list(ranking) if ranking is not None else list(rank_seats(scores, False))
    seed = new_seed()
    payload = {
        "game": game,
        "seats": [
            {
                "seat": i,
                "player_id": p,
                "name": p.title(),
                "bot": p.startswith("bot"),
                "abandoned": i in abandoned,
            }
            for i, p in enumerate(players)
        ],
        "scores": scores,
        "ranking": list(ranking),
        "winners": [i for i, r in enumerate(ranking) if r == 1],
        "lower_score_wins": False,
        "rounds": [
            {"number": k + 1, "points": pts, "detail": {"tricks": pts}}
            for k, pts in enumerate(per_round)
        ],
        "seed": seed,
        "seed_commitment": commitment(seed),
        "finished_at": finished_at,
    }
    return Envelope.new(
        EventType.TABLE_FINISHED,
        table=table,
        version=version,
        payload=payload,
        id=event_id(table, version, EventType.TABLE_FINISHED),
    )


PLAYERS = [f"p{i:02d}" for i in range(25)] + [f"bot{i}" for i in range(5)]


def expected_ratings(events: list[Envelope]) -> dict[str, tuple[float, float, int]]:
    """openskill applied directly: each result once, in order of finish (ties by table id),
    seats that abandoned sharing last place."""
    model = PlackettLuce()
    ratings: dict = {}
    played: dict[str, int] = {}
    for e in sorted(events, key=lambda e: (e.payload["finished_at"], e.table)):
        seats = e.payload["seats"]
        ranking = e.payload["ranking"]
        last = max((ranking[s["seat"]] for s in seats if not s["abandoned"]), default=0) + 1
        ranks = [last if s["abandoned"] else ranking[s["seat"]] for s in seats]
        teams = [[ratings.get(s["player_id"], model.rating())] for s in seats]
        for seat, team in zip(seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[seat["player_id"]] = team[0]
            played[seat["player_id"]] = played.get(seat["player_id"], 0) + 1
    return {p: (r.mu, r.sigma, played[p]) for p, r in ratings.items()}


def stored_ratings(url: str, game: str = "oh_hell") -> dict[str, tuple[float, float, int]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT player_id, mu, sigma, matches FROM scoring.ratings WHERE game = %s", (game,)
        ).fetchall()
    return {p: (mu, sigma, n) for p, mu, sigma, n in rows}


def counts(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        return {
            t: conn.execute(f"SELECT count(*) FROM scoring.{t}").fetchone()[0]
            for t in ("events", "matches", "participants", "rounds", "ratings")
        }


def random_matches(count: int, rng: random.Random) -> list[Envelope]:
    events = []
    at = 1_800_000_000_000
    for i in range(count):
        if i % 10:  # every tenth match finishes at the same ms as the one before: a tie
            at += rng.randint(1, 5000)
        players = rng.sample(PLAYERS, rng.randint(3, 5))
        abandoned = [s for s in range(len(players)) if rng.random() < 0.05]
        events.append(finished(f"t{i:04d}", at, players, abandoned=abandoned, rounds=3))
    return events


@pytest.fixture
def migrated_db(database_url: str) -> str:
    migrate(database_url)
    return database_url


@pytest.fixture
def pool(migrated_db: str) -> Iterator[ConnectionPool]:
    p = make_pool(migrated_db, size=2, timeout=5)
    p.wait()
    yield p
    p.close()


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    c = redis.Redis.from_url(redis_url, decode_responses=True)
    yield c
    c.close()


@pytest.fixture
def publisher(client: redis.Redis, redis_prefix: str) -> Publisher:
    return Publisher(client, redis_prefix)


@pytest.fixture
def consumer(client: redis.Redis, redis_prefix: str, pool: ConnectionPool) -> Consumer:
    c = Consumer(
        client,
        redis_prefix,
        "scoring",
        "test",
        ScoringHandler(pool),
        block_ms=10,
        transient=UNAVAILABLE,
    )
    c.ensure_group()
    return c


def drain(consumer: Consumer) -> None:
    """Poll until the stream has nothing new for the group."""
    while consumer.poll(block_ms=10):
        pass


ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServiceProcesses:
    """Starts ``python -m inferno_scoring`` processes and makes sure none outlives the test."""

    def __init__(self, redis_url: str, redis_prefix: str) -> None:
        self.redis_url = redis_url
        self.redis_prefix = redis_prefix
        self.running: list[subprocess.Popen] = []
        self.logs: dict[int, Path] = {}

    def start(self, database_url: str, name: str, **settings: str) -> tuple[subprocess.Popen, int]:
        port = free_port()
        env = {
            **os.environ,
            "PYTHONPATH": f"{ROOT / 'libs'}:{ROOT / 'services/scoring'}",
            "INFERNO_REDIS_URL": self.redis_url,
            "INFERNO_REDIS_PREFIX": self.redis_prefix,
            "INFERNO_DATABASE_URL": database_url,
            "INFERNO_SCORING_CONSUMER": name,
            "INFERNO_SCORING_API_PORT": str(port),
            "INFERNO_SCORING_BLOCK_MS": "50",
            **{f"INFERNO_SCORING_{k.upper()}": v for k, v in settings.items()},
        }
        # Its JSON log lines go to a file: a pipe nobody reads would fill and stall it.
        log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"scoring-{name}-{port}.log"
        with log_path.open("ab") as log:
            proc = subprocess.Popen(
                [sys.executable, "-m", "inferno_scoring"],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.logs[proc.pid] = log_path
        self.running.append(proc)
        return proc, port

    def log_text(self, proc: subprocess.Popen) -> str:
        """What ``proc`` logged so far."""
        return self.logs[proc.pid].read_text(errors="replace")

    def stop_all(self) -> None:
        for proc in self.running:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def services(redis_url: str, redis_prefix: str) -> Iterator[ServiceProcesses]:
    procs = ServiceProcesses(redis_url, redis_prefix)
    yield procs
    procs.stop_all()


def wait_for(check, timeout: float = 60.0, every: float = 0.05):
    """Poll ``check`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"gave up after {timeout}s waiting for {check.__name__}")
