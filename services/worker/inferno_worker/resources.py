"""The process's shared clients (Redis, engine), made on first use from the settings.

Celery imports the task module before it forks or starts threads; making clients lazily keeps
each process with its own connections. Both clients are thread-safe.
"""

from __future__ import annotations

from functools import lru_cache

import redis

from .due_ticks import DueTicks
from .engine_client import EngineClient
from .settings import get_settings
from .table_records import TableRecords


@lru_cache(maxsize=1)
def redis_client() -> redis.Redis:
    return redis.Redis.from_url(get_settings().redis_url)


@lru_cache(maxsize=1)
def records() -> TableRecords:
    return TableRecords(redis_client(), get_settings().redis_prefix)


@lru_cache(maxsize=1)
def engine() -> EngineClient:
    s = get_settings()
    return EngineClient(s.engine_address, s.token_key, s.worker_rpc_timeout_s)


@lru_cache(maxsize=1)
def ticks() -> DueTicks:
    return DueTicks(redis_client(), get_settings().redis_prefix)
