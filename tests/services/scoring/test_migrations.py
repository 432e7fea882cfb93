"""Migrations: applied once, idempotent, everything (yoyo's bookkeeping too) in schema
``scoring`` so the lobby's migrations in the same database never collide with ours."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg

from inferno_scoring.db import migrate

ROOT = Path(__file__).resolve().parents[3]
MIGRATIONS = len(list((ROOT / "services/scoring/inferno_scoring/migrations").glob("*.sql")))


def tables(url: str) -> set[tuple[str, str]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT table_schema, table_name FROM information_schema.tables "
            "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')"
        ).fetchall()
    return set(rows)


def test_migrate_applies_once_in_schema_scoring(database_url: str) -> None:
    assert migrate(database_url) == MIGRATIONS
    assert migrate(database_url) == 0
    found = tables(database_url)
    assert {s for s, _ in found} == {"scoring"}
    for table in ("events", "matches", "participants", "rounds", "ratings"):
        assert ("scoring", table) in found


def test_make_migrate_target_runs_the_migrations(database_url: str) -> None:
    env = {
        **os.environ,
        "INFERNO_DATABASE_URL": database_url,
        "PYTHONPATH": f"{ROOT / 'libs'}:{ROOT / 'services/scoring'}",
    }
    # STAMP= skips `install` (the venv under test is already installed).
    done = subprocess.run(
        ["make", "-s", "migrate", f"PY={sys.executable}", "STAMP="],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"{MIGRATIONS} migration(s) applied" in done.stderr
    assert ("scoring", "matches") in tables(database_url)


def test_migrate_against_an_unreachable_database_says_so() -> None:
    env = {
        **os.environ,
        "INFERNO_DATABASE_URL": "postgresql://postgres@127.0.0.1:1/nowhere",
        "PYTHONPATH": f"{ROOT / 'libs'}:{ROOT / 'services/scoring'}",
    }
    done = subprocess.run(
        [sys.executable, "-m", "inferno_scoring.db"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "cannot migrate: PostgreSQL at 127.0.0.1:1 is unreachable" in done.stderr
