"""The real service process under failure: killed with SIGKILL in the middle of a batch and
restarted, nothing is lost or doubled; with PostgreSQL unreachable for a while, events wait in
the stream, the service says it is not ready instead of crashing, and catches up once the
database is back; SIGTERM stops it cleanly."""

from __future__ import annotations

import random
import signal
from urllib.parse import urlsplit, urlunsplit

import httpx
import redis

from inferno_bus import Publisher, group_backlog, stream_key

from .conftest import (
    ServiceProcesses,
    counts,
    expected_ratings,
    random_matches,
    stored_ratings,
    wait_for,
)
from .tcp_proxy import TcpProxy


def backlog(client: redis.Redis, prefix: str):
    try:
        return group_backlog(client, stream_key(prefix, "tables"), "scoring")
    except LookupError:
        return None


def test_sigkill_mid_batch_then_restart_loses_and_doubles_nothing(
    services: ServiceProcesses,
    publisher: Publisher,
    client: redis.Redis,
    redis_prefix: str,
    migrated_db: str,
) -> None:
    rng = random.Random(7)
    events = random_matches(2000, rng)
    # Delivered with duplicates, and out of order within a window of 50 (the way tables on
    # several engine replicas interleave); the fully shuffled case is in test_ingest.
    delivered = sorted(
        events + rng.sample(events, 200), key=lambda e: int(e.table[1:]) + rng.uniform(0, 50)
    )
    publisher.publish_many(delivered)

    killed_mid_batch = 0
    for attempt in range(5):  # until a kill lands with a batch in hand (read, not acked)
        proc, _ = services.start(migrated_db, f"doomed{attempt}", claim_idle_ms="1000")

        def working(proc=proc) -> bool:
            b = backlog(client, redis_prefix)
            return b is not None and b.pending > 0 and counts(migrated_db)["matches"] > 100

        wait_for(working, every=0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        if backlog(client, redis_prefix).pending > 0:
            killed_mid_batch += 1
            break
    assert killed_mid_batch, "no kill landed in the middle of a batch"
    assert counts(migrated_db)["matches"] < 2000

    survivor, _ = services.start(migrated_db, "survivor", claim_idle_ms="1000")

    def caught_up() -> bool:
        b = backlog(client, redis_prefix)
        return b.pending == 0 and b.lag == 0

    wait_for(caught_up, timeout=120)
    assert counts(migrated_db)["matches"] == 2000
    assert counts(migrated_db)["events"] == 2000
    assert stored_ratings(migrated_db) == expected_ratings(events)
    assert client.xlen(stream_key(redis_prefix, "dead_letter")) == 0

    survivor.send_signal(signal.SIGTERM)
    assert survivor.wait(timeout=20) == 0


def test_postgresql_unreachable_events_wait_and_are_written_once_it_is_back(
    services: ServiceProcesses,
    publisher: Publisher,
    client: redis.Redis,
    redis_prefix: str,
    migrated_db: str,
) -> None:
    proxy = TcpProxy(urlsplit(migrated_db).port or 5432)
    proxy.start()
    try:
        parts = urlsplit(migrated_db)
        via_proxy = urlunsplit(parts._replace(netloc=f"postgres@127.0.0.1:{proxy.port}"))
        proc, port = services.start(via_proxy, "flaky", db_timeout_s="1")
        api = f"http://127.0.0.1:{port}"
        events = random_matches(400, random.Random(11))

        def ready() -> bool:
            try:
                return httpx.get(f"{api}/readyz", timeout=2).status_code == 200
            except httpx.TransportError:
                return False

        wait_for(ready)
        publisher.publish_many(events[:100])
        wait_for(lambda: counts(migrated_db)["matches"] == 100)

        proxy.stop()
        publisher.publish_many(events[100:])

        def not_ready() -> dict | None:
            r = httpx.get(f"{api}/readyz", timeout=5)
            return r.json() if r.status_code == 503 else None

        checks = wait_for(not_ready)["checks"]
        assert checks["postgresql"].startswith("unreachable")
        assert checks["redis"] == "ok"
        for _ in range(5):  # a while down: the process stays up and keeps saying so
            assert proc.poll() is None
            assert httpx.get(f"{api}/healthz", timeout=2).status_code == 200
            assert httpx.get(f"{api}/readyz", timeout=5).status_code == 503
        b = backlog(client, redis_prefix)
        assert b.pending + b.lag == 300  # waiting in the stream, none dropped
        assert counts(migrated_db)["matches"] == 100

        proxy.start()
        wait_for(lambda: counts(migrated_db)["matches"] == 400, timeout=60)
        wait_for(ready)
        b = backlog(client, redis_prefix)
        assert (b.pending, b.lag) == (0, 0)
        assert client.xlen(stream_key(redis_prefix, "dead_letter")) == 0
        assert counts(migrated_db)["events"] == 400
        assert stored_ratings(migrated_db) == expected_ratings(events)

        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
    finally:
        proxy.close()


def test_a_bad_setting_stops_the_service_at_start_with_a_clear_message(
    services: ServiceProcesses, migrated_db: str
) -> None:
    proc, _ = services.start(migrated_db, "x", api_port="eighty", max_deliveries="0")
    assert proc.wait(timeout=30) == 2
    err = services.log_text(proc)
    assert "scoring: bad setting INFERNO_SCORING_MAX_DELIVERIES: Input should be greater" in err
    assert "scoring: bad setting INFERNO_SCORING_API_PORT: Input should be a valid integer" in err
