"""Everything one lobby process holds: settings, the pool, Redis, the engine port, the
matchmaker and the feed. Built by ``main.create_app`` and opened in the app's lifespan."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import structlog
from psycopg_pool import AsyncConnectionPool
from redis.asyncio import Redis

from .db import apply_migrations, open_pool
from .engine import EngineGateway, NoEngine
from .feed import FeedHub
from .matchmaking import Matchmaker, RatingSource
from .metrics import LobbyMetrics
from .ratelimit import RateLimiter
from .security import Passwords, Tokens
from .settings import Settings
from .table_events import TableEvents
from .tables import Tables

log = structlog.get_logger("inferno_lobby")


@dataclass
class Lobby:
    settings: Settings
    engine: EngineGateway = field(default_factory=NoEngine)
    ratings: RatingSource | None = None
    metrics: LobbyMetrics = field(default_factory=LobbyMetrics)

    def __post_init__(self) -> None:
        s = self.settings
        self.passwords = Passwords(s)
        self.tokens = Tokens(s)
        self.pool: AsyncConnectionPool = open_pool(s.database_url, s.db_schema, s.db_pool_size)
        self.redis: Redis = Redis.from_url(s.redis_url, decode_responses=True)
        self.limiter = RateLimiter(self.redis, s.redis_prefix, s.rate_window_seconds)
        self.tables = Tables(
            self.pool,
            self.redis,
            s.redis_prefix,
            self.engine,
            s.feed_max_length,
            s.list_cache_seconds,
        )
        self.matchmaker = Matchmaker(
            self.redis, s.redis_prefix, self.tables, s.quickplay_bot_wait_seconds, self.ratings
        )
        self.feed = FeedHub(
            self.redis,
            s.redis_prefix,
            on_change=self.tables.cache.invalidate,
            delay_of=self.tables.feed_delay,
        )
        self.table_events = TableEvents(self.redis, s.redis_prefix, self.tables)
        self._tasks: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        s = self.settings
        # yoyo is synchronous; run it off the loop so start-up never blocks other tasks.
        await asyncio.to_thread(apply_migrations, s.database_url, s.db_schema)
        await self.pool.open(wait=True)
        await self.redis.ping()
        await self.feed.start()
        await self.table_events.ensure_group()
        self._tasks.append(asyncio.create_task(self.table_events.run(), name="table-events"))
        self._tasks.append(
            asyncio.create_task(self.matchmaker.run(s.quickplay_sweep_seconds), name="quick-play")
        )

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        # Bounded: a task stuck in a driver must not keep the process from stopping.
        _, stuck = await asyncio.wait(self._tasks, timeout=5) if self._tasks else ((), ())
        for task in stuck:
            log.warning("task_did_not_stop", task=task.get_name(), stack=repr(task.get_stack()))
        await self.feed.stop()
        await self.pool.close(timeout=5)
        await self.redis.aclose()
