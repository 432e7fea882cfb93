"""Settings of the scoring service, read once from ``INFERNO_*`` environment variables.

The Redis and PostgreSQL addresses, the bus key prefix and the API address are shared names
across services (``INFERNO_REDIS_URL``, ``INFERNO_REDIS_PREFIX``, ``INFERNO_DATABASE_URL``); the
consumer's own knobs are prefixed ``INFERNO_SCORING_``.
"""

from __future__ import annotations

import os
import socket

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_consumer_name() -> str:
    # Unique per process so a restarted pod does not inherit a dead one's pending list by
    # accident; XAUTOCLAIM moves that list to a live consumer instead.
    return f"{socket.gethostname()}-{os.getpid()}"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="INFERNO_", extra="ignore")

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "inferno:"
    database_url: str = "postgresql://postgres@127.0.0.1:5432/inferno"

    scoring_group: str = "scoring"
    scoring_consumer: str = Field(default_factory=_default_consumer_name)
    scoring_max_deliveries: int = Field(default=5, ge=1)
    scoring_claim_idle_ms: int = Field(default=30_000, ge=1)
    scoring_batch_size: int = Field(default=500, ge=1, le=10_000)
    scoring_block_ms: int = Field(default=500, ge=1)
    scoring_pool_size: int = Field(default=4, ge=1)
    scoring_db_timeout_s: float = Field(default=5.0, gt=0)

    scoring_api_host: str = "127.0.0.1"
    scoring_api_port: int = Field(default=8001, ge=0, le=65535)
