"""The operator console with many live tables of bots: time to first paint of the live list,
and how late its rows follow the tables (update delay), beside the same page with no table.

It starts the whole platform (``python -m inferno_cli.stack``, the console included) on the
local Redis and PostgreSQL under a fresh prefix and database, opens ``--tables`` tables of four
bots through the lobby (Oh Hell; bots move every ``--bot-delay-ms``), then drives Debian's
Chromium with Playwright:

- **first paint**: the browser's first-contentful-paint of ``/`` (the server-rendered list),
  with no table (the baseline) and with every table live, best and median of ``--loads``;
- **update delay**: for every row the page's EventSource applies during ``--seconds``, the time
  from the engine's commit of the change (the bus envelope's ``time``, the row's
  ``last_change_ms``) to the moment the row is in the DOM; p50, p99 and max. This includes the
  console's gathering of pushes (``push_every_seconds``, 250 ms) by design. Its baseline is the
  same delay with a single live table, measured first for ``--single-seconds``.

Every figure is written beside its baseline from the same run, and as a ratio to it (first
paint: 500 tables over none; update delay: 500 tables over one, and p99 over p50).

Run: ``python -m bench.console_list [--tables 500] [--seconds 30] [--single-seconds 20]
[--bot-delay-ms 2000]``; ``make bench`` runs it with these defaults (about 3 minutes).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import redis
from psycopg import sql

from .report import write_section

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = os.environ.get("INFERNO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
DATABASE_URL = os.environ.get(
    "INFERNO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)
PASSWORD = "bench-console-password"
#: Wraps EventSource so every applied row is timed: its engine time to "in the DOM now".
TIMING = """
window.__delays = [];
const seen = new Map();
const Original = window.EventSource;
window.EventSource = function (url) {
  const source = new Original(url);
  const wrap = (handler) => (e) => {
    handler(e);
    const now = Date.now();
    for (const r of JSON.parse(e.data).rows) {
      // Only changes: rows re-sent as they age (every 5 s) are not updates.
      if (r.last_change_ms && seen.get(r.id) !== r.last_change_ms) {
        if (seen.has(r.id)) window.__delays.push(now - r.last_change_ms);
        seen.set(r.id, r.last_change_ms);
      }
    }
  };
  Object.defineProperty(source, "onmessage", {
    set(h) { source.addEventListener("message", wrap(h)); },
  });
  return source;
};
"""


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Platform:
    """The stack as a child process, on a fresh prefix and database."""

    def __init__(self, bot_delay_ms: int) -> None:
        self.prefix = f"bench:{uuid.uuid4().hex[:10]}:"
        self.database = f"inferno_bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.database)))
        self.database_url = f"{DATABASE_URL.rpartition('/')[0]}/{self.database}"
        self.lobby = f"http://127.0.0.1:{free_port()}"
        env = {
            **os.environ,
            "REDIS_URL": REDIS_URL,
            "DATABASE_URL": self.database_url,
            "INFERNO_SIGNUP_LIMIT": "1000",
            "INFERNO_TABLE_CREATE_LIMIT": "100000",
            "INFERNO_WORKER_BOT_DELAY_MS": str(bot_delay_ms),
            "INFERNO_LOG_LEVEL": "WARNING",
        }
        self.data = Path(tempfile.mkdtemp(prefix="bench-console-"))
        args = [sys.executable, "-m", "inferno_cli.stack", "--data-dir", str(self.data)]
        args += ["--prefix", self.prefix, "--lobby-port", self.lobby.rsplit(":", 1)[1]]
        args += ["--engine-port", str(free_port()), "--scoring-port", str(free_port())]
        self.process = subprocess.Popen(
            args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                self.lines.append(line.rstrip())
                if line.startswith("Ctrl-C stops everything"):
                    ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(120):
            self.stop()
            raise RuntimeError("the stack did not start:\n" + "\n".join(self.lines))
        found = [re.search(r"console\s+(http://\S+)", line) for line in self.lines]
        self.console = next(m.group(1) for m in found if m)
        self.env = env

    def operator(self) -> tuple[str, str]:
        name = f"op{uuid.uuid4().hex[:8]}"
        answer = httpx.post(
            f"{self.lobby}/auth/signup", json={"username": name, "password": PASSWORD}
        )
        answer.raise_for_status()
        subprocess.run(
            [sys.executable, "-m", "inferno_lobby", "grant-operator", name],
            env={**self.env, "INFERNO_DATABASE_URL": self.database_url},
            check=True, capture_output=True,
        )  # fmt: skip
        login = httpx.post(
            f"{self.lobby}/auth/login", json={"username": name, "password": PASSWORD}
        )
        return name, login.json()["access_token"]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=self.prefix + "*", count=1000))
        for start in range(0, len(keys), 1000):
            client.delete(*keys[start : start + 1000])
        with psycopg.connect(DATABASE_URL, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(self.database)
                )
            )


def open_tables(lobby: str, token: str, count: int) -> None:
    headers = {"Authorization": f"Bearer {token}"}

    def one(_: int) -> None:
        with httpx.Client(base_url=lobby, headers=headers, timeout=30) as client:
            body = {"game": "oh_hell", "players": 4, "take_seat": False, "options": {}}
            table = client.post("/tables", json=body).json()["id"]
            for _seat in range(4):
                client.post(f"/tables/{table}/bots", json={}).raise_for_status()
            client.post(f"/tables/{table}/start").raise_for_status()

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(one, range(count)))


def first_paint(page, url: str, loads: int) -> list[float]:
    paints = []
    for _ in range(loads):
        page.goto(url)
        page.wait_for_load_state("load")
        paint = page.evaluate(
            "() => new Promise((done) => { const look = () => { const e = "
            "performance.getEntriesByName('first-contentful-paint')[0]; "
            "e ? done(e.startTime) : setTimeout(look, 20); }; look(); })"
        )
        paints.append(float(paint))
    return paints


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--single-seconds", type=float, default=20.0)
    parser.add_argument("--bot-delay-ms", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="print, do not write docs/")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    platform = Platform(args.bot_delay_ms)
    try:
        name, token = platform.operator()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(f"{platform.console}/sign-in")
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", PASSWORD)
            page.click("button[type=submit]")
            page.wait_for_selector("#tables")
            # The same page in both phases: the timing wrapper is there from the start.
            page.add_init_script(TIMING)
            empty = first_paint(page, f"{platform.console}/", args.loads)
            open_tables(platform.lobby, token, 1)
            page.goto(f"{platform.console}/")
            time.sleep(args.single_seconds)
            single = sorted(page.evaluate("window.__delays"))
            started = time.monotonic()
            open_tables(platform.lobby, token, args.tables - 1)
            opened_in = time.monotonic() - started
            full = first_paint(page, f"{platform.console}/", args.loads)
            rows = page.locator("#tables tbody tr").count()
            page.goto(f"{platform.console}/")
            time.sleep(args.seconds)
            delays = sorted(page.evaluate("window.__delays"))
            browser.close()
            load = os.getloadavg()
    finally:
        platform.stop()
    if not delays or not single:
        raise SystemExit("no row update reached the page")

    def p(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))]

    command = f"python -m bench.console_list --tables {args.tables} --seconds {args.seconds:g}"
    command += f" --single-seconds {args.single_seconds:g} --bot-delay-ms {args.bot_delay_ms}"
    e_best, e_med, f_best, f_med = (
        min(empty),
        statistics.median(empty),
        min(full),
        statistics.median(full),
    )
    s50, s99, d50, d99 = p(single, 0.5), p(single, 0.99), p(delays, 0.5), p(delays, 0.99)

    def row(what: str, base: float, loaded: float) -> str:
        return f"| {what} | {base:.0f} ms | {loaded:.0f} ms | {loaded / base:.1f}× |"

    text = f"""## Operator console: the live list with {args.tables} tables of bots

`{command}`: the whole platform on this machine, Oh Hell tables of four bots (a move every
{args.bot_delay_ms} ms per table; the {args.tables - 1} after the first opened in
{opened_in:.0f} s), Chromium (headless) on the console's list. Baselines from the same run: the
list with no table (first paint) and with a single live table (update delay). Load average at
the end: {load[0]:.1f} (1 min), {load[1]:.1f} (5 min).

| | baseline | {rows} rows | ratio |
|---|---|---|---|
{row("first contentful paint, best (no table)", e_best, f_best)}
{row(f"first contentful paint, median of {args.loads} (no table)", e_med, f_med)}
{row(f"update delay p50 (one table, {len(single)} updates)", s50, d50)}
{row("update delay p99 (one table)", s99, d99)}

Update delay = engine commit → row in the page's DOM, {len(delays)} row updates over
{args.seconds:g} s with {rows} rows; p99 is {d99 / d50:.1f}× p50 (one table: {s99 / s50:.1f}×), max
{delays[-1]:.0f} ms. The console gathers pushes for 250 ms, so about 125 ms of each median is that
wait, on purpose.
"""
    print(text)
    if not args.no_write:
        write_section("console_list", text)


if __name__ == "__main__":
    main()
