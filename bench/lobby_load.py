"""Lobby load benchmark: requests per second and p99 of listing tables and of join/leave,
beside a bare FastAPI endpoint measured in the same run (the goal: listing tables at ≥ 40 % of
the bare endpoint's rate).

It starts the lobby and the bare app under identical uvicorn settings (one worker, no access
log) on a fresh PostgreSQL database and Redis prefix, seeds tables and guests, then drives each
scenario with headless locust (same users, same duration), the scenarios taking turns for a few
rounds so that a change in the machine's load hits baseline and lobby alike, and writes
``docs/benchmarks/lobby_load.md``. Bounded: about 70 s in all.

    python -m bench.lobby_load [--seconds 4] [--rounds 3] [--users 32]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg
import redis
from psycopg import sql
from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
ADMIN_URL = os.environ.get(
    "INFERNO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("INFERNO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
SCENARIOS = [
    ("bare endpoint", "BareUser", "bare"),
    ("list tables", "ListTablesUser", "lobby"),
    ("list tables, no page cache", "ListTablesUser", "lobby_uncached"),
    ("join + leave", "JoinLeaveUser", "lobby"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(target: str, port: int, env: dict[str, str], factory: bool) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "uvicorn", target, "--port", str(port)]
    args += ["--no-access-log", "--log-level", "warning", "--workers", "1"]
    if factory:
        args.append("--factory")
    # Its log lines (the lobby's one JSON line per request, as in production) go to a file,
    # as a container runtime would collect them, not to this terminal.
    log = open(f"{tempfile.gettempdir()}/bench-{target.split(':')[-1]}-{port}.log", "ab")  # noqa: SIM115
    return subprocess.Popen(args, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def _wait(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


def _seed(base: str, tables: int, players: int) -> dict[str, list[str]]:
    with httpx.Client(base_url=base, timeout=10) as client:
        owner = client.post("/auth/guest", json={"display_name": "Owner"}).json()
        auth = {"Authorization": f"Bearer {owner['access_token']}"}
        ids = []
        for n in range(tables):
            answer = client.post(
                "/tables",
                json={"game": "oh_hell", "players": 7, "take_seat": n % 2 == 0},
                headers=auth,
            )
            answer.raise_for_status()
            ids.append(answer.json()["id"])
        tokens = [
            client.post("/auth/guest", json={"display_name": f"P{n}"}).json()["access_token"]
            for n in range(players)
        ]
    return {"tables": ids, "tokens": tokens}


def _locust(user: str, host: str, seconds: int, users: int, env: dict[str, str], out: Path) -> dict:
    prefix = out / user
    subprocess.run(
        [
            sys.executable,
            "-m",
            "locust",
            "-f",
            str(ROOT / "bench" / "lobby_locustfile.py"),
            "--headless",
            "--only-summary",
            "--reset-stats",
            "--loglevel",
            "WARNING",
            "-u",
            str(users),
            "-r",
            str(users),
            "-t",
            f"{seconds}s",
            "--host",
            host,
            "--csv",
            str(prefix),
            user,
        ],
        env=env,
        cwd=ROOT,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip  (locust exits 1 when any request failed; the failures are in the table)
    with open(f"{prefix}_stats.csv") as f:
        rows = {row["Name"]: row for row in csv.DictReader(f)}
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=4, help="per scenario and round")
    parser.add_argument(
        "--rounds", type=int, default=3, help="the scenarios run in turn this many times"
    )
    parser.add_argument("--users", type=int, default=32)
    args = parser.parse_args(argv)

    db = f"inferno_bench_{uuid.uuid4().hex[:10]}"
    prefix = f"bench:{uuid.uuid4().hex[:10]}:"
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db)))
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(str(ROOT / p) for p in ("libs", "services/lobby", ".")),
        "INFERNO_ENV": "local",
        "INFERNO_DATABASE_URL": ADMIN_URL.rpartition("/")[0] + "/" + db,
        "INFERNO_REDIS_URL": REDIS_URL,
        "INFERNO_REDIS_PREFIX": prefix,
        "INFERNO_SIGNUP_LIMIT": "1000000",
        "INFERNO_TABLE_CREATE_LIMIT": "1000000",
    }
    ports = {"lobby": _free_port(), "lobby_uncached": _free_port(), "bare": _free_port()}
    uncached_env = {**env, "INFERNO_LIST_CACHE_SECONDS": "0"}
    servers = [
        _serve("inferno_lobby.main:create_served_app", ports["lobby"], env, factory=True),
        _serve("inferno_lobby.main:create_served_app", ports["lobby_uncached"], uncached_env, True),
        _serve("bench.lobby_bare:app", ports["bare"], env, factory=False),
    ]
    # Per scenario, one row set per round. Scenarios alternate round by round, so a change in
    # the machine's load (shared machines) shifts the baseline and the lobby alike.
    results: dict[str, list[dict[str, dict[str, str]]]] = {label: [] for label, _, _ in SCENARIOS}
    try:
        _wait(f"http://127.0.0.1:{ports['lobby']}/health/ready")
        _wait(f"http://127.0.0.1:{ports['lobby_uncached']}/health/ready")
        _wait(f"http://127.0.0.1:{ports['bare']}/bare")
        with tempfile.TemporaryDirectory() as tmp:
            setup = Path(tmp) / "setup.json"
            setup.write_text(json.dumps(_seed(f"http://127.0.0.1:{ports['lobby']}", 200, 64)))
            run_env = {**env, "LOBBY_BENCH_TOKENS": str(setup)}
            runs = [s for _ in range(args.rounds) for s in SCENARIOS]
            for label, user, server in tqdm(runs, desc="lobby load", unit="run"):
                host = f"http://127.0.0.1:{ports[server]}"
                rows = _locust(user, host, args.seconds, args.users, run_env, Path(tmp))
                results[label].append(rows)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=15)
        r = redis.Redis.from_url(REDIS_URL)
        keys = list(r.scan_iter(match=prefix + "*", count=1000))
        if keys:
            r.delete(*keys)
        r.close()
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(db))
            )

    def row(label: str, name: str) -> tuple[float, float, int, int]:
        """Median rate and p99 over the rounds; requests and failures summed."""
        rounds = [r[name] for r in results[label]]
        return (
            statistics.median(float(r["Requests/s"]) for r in rounds),
            statistics.median(float(r["99%"]) for r in rounds),
            sum(int(r["Request Count"]) for r in rounds),
            sum(int(r["Failure Count"]) for r in rounds),
        )

    bare_rps = row("bare endpoint", "bare endpoint")[0]
    lines = [
        "## Lobby load (locust, headless)",
        "",
        f"{args.users} locust users (FastHttpUser, no wait); the scenarios run in turn, "
        f"{args.rounds} rounds of {args.seconds} s each after ramp-up (median rate and p99 of the "
        "rounds); lobby and baseline each on one uvicorn worker without access log, on the "
        "same machine as PostgreSQL, Redis and locust. Listing returns 20 of 200 open tables; "
        "join/leave picks one of them at random (a full table answers 409, counted as answered). "
        "The list is served from the per-process page cache (emptied by every lobby change, "
        "at most 2 s old); the line with the cache off shows the cost of the query itself.",
        "",
        "| scenario | requests/s | p99 (ms) | requests | failures | rate vs bare endpoint |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    figures = [
        ("bare endpoint (baseline)", "bare endpoint", "bare endpoint"),
        ("list tables", "list tables", "list tables"),
        ("list tables, page cache off", "list tables, no page cache", "list tables"),
        ("join + leave: join", "join + leave", "join"),
        ("join + leave: leave", "join + leave", "leave"),
        ("join + leave: both", "join + leave", "Aggregated"),
    ]
    for title, label, name in figures:
        if any(name not in r for r in results[label]):
            continue
        rps, p99, count, failures = row(label, name)
        lines.append(
            f"| {title} | {rps:,.0f} | {p99:,.0f} | {count:,} | {failures:,} | "
            f"{rps / bare_rps:.0%} |"
        )
    list_ratio = row("list tables", "list tables")[0] / bare_rps
    verdict = "met" if list_ratio >= 0.40 else "NOT met"
    lines += ["", f"Goal ≥ 40 % of the bare endpoint's rate for list tables: {verdict} "
              f"({list_ratio:.0%})."]  # fmt: skip
    text = "\n".join(lines) + "\n"
    print("\n" + text)
    out = ROOT / "docs" / "benchmarks" / "lobby_load.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(f"written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
