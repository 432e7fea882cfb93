"""The scoring service's moving parts, wired from settings: pool, Redis, consumer, readiness.

The consumer thread first applies the migrations, retrying with back-off while PostgreSQL is
unreachable, then runs the bus consumer. Nothing here exits on an outage: the service reports
itself not ready (``/readyz``) and carries on when the database or Redis comes back, instead of
crashing in a restart loop.
"""

from __future__ import annotations

import gc
import logging
import threading

import psycopg
import redis

from inferno_bus import Consumer

from .db import UNAVAILABLE, make_pool, migrate
from .handler import ScoringHandler
from .settings import Settings

log = logging.getLogger(__name__)

#: Allocations between two young-generation collections (CPython's default is 700).
GC_YOUNG_THRESHOLD = 10_000


def settle_garbage_collector() -> None:
    """Keep the cyclic garbage collector off the objects that live as long as the process.

    Every event parsed creates a few hundred containers (JSON, models); with CPython's
    defaults the collector runs every 700 allocations and, now and then, walks every object
    the process holds (modules, pydantic schemas, psycopg, ~200,000 objects), which tripled
    the cost of decoding a payload in the consumer. Called once the service is built:
    ``gc.freeze`` moves what exists then out of the collector's sight, and young collections
    run less often (the batch's objects are freed by reference counting anyway).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 10, 10)


class ScoringService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pool = make_pool(
            settings.database_url,
            size=settings.scoring_pool_size,
            timeout=settings.scoring_db_timeout_s,
        )
        self.redis = redis.Redis.from_url(
            settings.redis_url, decode_responses=True, socket_timeout=10, socket_connect_timeout=5
        )
        handler = ScoringHandler(self.pool)
        self.consumer = Consumer(
            self.redis,
            settings.redis_prefix,
            settings.scoring_group,
            settings.scoring_consumer,
            handler,
            batch_size=settings.scoring_batch_size,
            block_ms=settings.scoring_block_ms,
            claim_idle_ms=settings.scoring_claim_idle_ms,
            max_deliveries=settings.scoring_max_deliveries,
            transient=UNAVAILABLE,
        )
        handler.wait_turn = self.consumer.wait_for_older
        self.migrated = threading.Event()

    def run_consumer(self) -> None:
        """Migrate (waiting for PostgreSQL if need be), then consume until stopped."""
        backoff = 0.2
        while not self.consumer.stopping and not self.migrated.is_set():
            try:
                applied = migrate(self.settings.database_url)
                log.info("scoring: %d migration(s) applied", applied)
                self.migrated.set()
            except psycopg.OperationalError as err:
                log.warning("scoring: cannot migrate yet, PostgreSQL unreachable: %s", err)
                if self.consumer.wait(backoff):
                    return
                backoff = min(backoff * 2, 5.0)
        self.consumer.run()

    def stop(self) -> None:
        self.consumer.stop()

    def close(self) -> None:
        self.pool.close()
        self.redis.close()

    def readiness(self) -> dict[str, str]:
        """Each dependency with "ok" or what is wrong; ready when all are "ok"."""
        checks: dict[str, str] = {}
        try:
            with self.pool.connection(timeout=1.0) as conn:
                conn.execute("SELECT 1")
            checks["postgresql"] = "ok"
        except (*UNAVAILABLE, psycopg.Error) as err:
            checks["postgresql"] = f"unreachable: {type(err).__name__}"
        try:
            self.redis.ping()
            checks["redis"] = "ok"
        except (redis.ConnectionError, redis.TimeoutError) as err:
            checks["redis"] = f"unreachable: {type(err).__name__}"
        checks["migrations"] = "ok" if self.migrated.is_set() else "not applied yet"
        checks["consumer"] = (
            "ok" if self.consumer.ready else (self.consumer.last_error or "not started")
        )
        return checks
